"""Rules 18GA brought, one level below the recorded games that prove them: a private that gives its
buying corporation a reserved train (the token step that waits for a private's station is proven by
the reference game 18GA_token_step_waits_for_waycross).
"""

from __future__ import annotations

from railbook.engine.game import Game
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
