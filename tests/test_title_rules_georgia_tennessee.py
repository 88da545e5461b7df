"""Rules 18GA and 18TN brought, one level below the recorded games that prove them: a private that gives
its buying corporation a reserved train (the token step that waits for a private's station is proven by
the reference game 18GA_token_step_waits_for_waycross); privates at face value in the first operating
rounds, and the Civil War's run hooks.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from railbook.engine.game import Game
from railbook.engine.rules.privates import price_range
from railbook.engine.rules.phases import advance_phase
from railbook.engine.rules.trains import take_reserved_train
from railbook.engine.title import Title

THREE = [(1, "Ann"), (2, "Bo"), (3, "Cy")]


def georgia() -> Game:
    return Game(Title.load("18GA"), THREE, seed=1)


def test_the_last_two_train_is_held_back_from_the_depot() -> None:
    game = georgia()
    assert [t.id for t in game.depot.reserved] == ["2-5"]
    assert "2-5" not in [t.id for t in game.depot.upcoming]


def test_the_buyer_of_the_private_takes_the_reserved_train_free_and_can_never_sell_it() -> None:
    game = georgia()
    corp = game.corporation_by_id("CoG")
    cash = corp.cash
    take_reserved_train(game, corp, game.company_by_id("OSR"))
    assert [t.id for t in corp.trains] == ["2-5"] and corp.cash == cash
    assert not corp.trains[0].buyable() and game.depot.reserved == []


def test_no_reserved_train_once_its_phase_has_begun() -> None:
    game = georgia()
    for _ in range(2):          # phases 3, then 4
        advance_phase(game)
    corp = game.corporation_by_id("CoG")
    take_reserved_train(game, corp, game.company_by_id("OSR"))
    assert corp.trains == [] and len(game.depot.reserved) == 1


def test_no_reserved_train_for_a_corporation_at_its_train_limit() -> None:
    game = georgia()
    corp = game.corporation_by_id("CoG")
    for train in game.depot.upcoming[:4]:
        train.owner = corp
        corp.trains.append(train)
    take_reserved_train(game, corp, game.company_by_id("OSR"))
    assert len(corp.trains) == 4 and len(game.depot.reserved) == 1


# ---------------------------------------------------------------- 18TN: privates at face value, the Civil War

def tennessee() -> Game:
    return Game(Title.load("18TN"), THREE, seed=1)


def test_privates_sell_to_corporations_at_face_value_in_the_first_operating_round_only() -> None:
    game = tennessee()
    owr = game.company_by_id("OWR")
    first_or = SimpleNamespace(operating=lambda: True, round_num=1)
    game.round = first_or  # type: ignore[assignment]
    assert price_range(game, owr) == (100, 100)
    game.turn = 2
    assert price_range(game, owr) == (50, 150)


def civil_war_run(game: Game, corp: Any, revenues: list[int]) -> int:
    fn = game.title.hook("run_bonus")
    views = [game.api.wrap_route(None, [], r) for r in revenues]
    return int(game.api.run(fn, corp, views) or 0)


def test_the_civil_war_takes_the_weakest_route_of_a_run_in_which_every_train_runs() -> None:
    game = tennessee()
    corp = game.corporation_by_id("SR")
    corp.trains = list(game.depot.upcoming[:2])
    assert civil_war_run(game, corp, [60, 40]) == 0
    corp.markers.add("civil_war")
    assert civil_war_run(game, corp, [60, 40]) == -40
    assert civil_war_run(game, corp, [60]) == 0            # one of two trains runs: no loss


def test_a_corporation_with_one_train_keeps_its_share_price_through_the_civil_war() -> None:
    game = tennessee()
    corp = game.corporation_by_id("SR")
    corp.trains = list(game.depot.upcoming[:1])
    corp.markers.add("civil_war")
    assert game.hook("run_moves_price", corp) is False
    game.hook("after_run", corp)
    assert "civil_war" not in corp.markers and game.hook("run_moves_price", corp) is True
