"""Rules 18MS brought, one level below the recorded games that prove them: the draft of the privates,
a phase that begins with an operating round, + trains that rust on a timetable and are salvaged, the
president's help with a train, a president who borrows for one, privates bought only from the president,
and rules a recording program changed on a known day.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import fixtures_dir

from railbook.engine.game import Game
from railbook.engine.rules.bankruptcy import charge_debt_interest
from railbook.engine.rules.privates import purchasable_companies
from railbook.engine.rules.trains import rust_on_timetable
from railbook.engine.title import Title
from railbook.errors import InsufficientFunds
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay

THREE = [(1, "Ann"), (2, "Bo"), (3, "Cy")]


def mississippi() -> Game:
    return Game(Title.load("18MS"), THREE, seed=1)


def draft(game: Game, player_id: int, sym: str) -> None:
    company = game.company_by_id(sym)
    game.process({"type": "bid", "entity": player_id, "entity_type": "player", "company": sym,
                  "price": company.value})


def test_the_draft_runs_in_reverse_seating_order_at_face_value_and_the_rest_leave() -> None:
    game = mississippi()
    assert game.round.current_entity.name == "Cy"
    draft(game, 3, "M&O")
    draft(game, 2, "AGS")
    draft(game, 1, "BS")
    assert game.player_by_id(3).cash == 625 - 70
    assert sorted(c.id for c in game.companies) == ["AGS", "BS", "M&O"]     # M&M and MC left the game
    assert game.round.stock() and game.round.current_entity.name == "Ann"


def test_a_private_is_drafted_only_at_its_face_value() -> None:
    game = mississippi()
    try:
        game.process({"type": "bid", "entity": 3, "entity_type": "player", "company": "M&O", "price": 60})
    except Exception as exc:
        assert "face value" in str(exc)
    else:
        raise AssertionError("a bid under face value was accepted")


def test_plus_trains_rust_at_the_end_of_their_set_and_their_corporations_salvage_them() -> None:
    game = mississippi()
    corp = game.corporation_by_id("GMO")
    train = game.depot.upcoming[0]
    game.depot.detach(train)
    train.owner = corp
    corp.trains.append(train)
    cash = corp.cash
    game.turn = 3                    # the second set of operating rounds is over
    rust_on_timetable(game)
    assert corp.trains == [] and corp.cash == cash + 20
    assert not any(t.name == "2+" for t in game.depot.upcoming) and game.depot.reserved == []
    assert any(t.name == "3+" for t in game.depot.upcoming)


def test_corporations_buy_privates_only_from_their_president() -> None:
    game = mississippi()
    ann, bo = game.player_by_id(1), game.player_by_id(2)
    corp = game.corporation_by_id("GMO")
    corp.owner = ann
    for player, sym in ((ann, "AGS"), (bo, "BS")):
        company = game.company_by_id(sym)
        company.owner = player
        player.companies.append(company)
    assert [c.id for c in purchasable_companies(game, corp)] == ["AGS"]


def test_the_mississippi_central_needs_room_for_its_train_and_is_not_sold_after_the_second_set() -> None:
    game = mississippi()
    ann = game.player_by_id(1)
    corp = game.corporation_by_id("GMO")
    corp.owner = ann
    mc = game.company_by_id("MC")
    mc.owner = ann
    ann.companies.append(mc)
    assert purchasable_companies(game, corp) == [mc]
    for train in game.depot.upcoming[:3]:
        train.owner = corp
        corp.trains.append(train)
    assert purchasable_companies(game, corp) == []
    corp.trains = []
    game.turn = 3
    assert purchasable_companies(game, corp) == []


def test_a_hook_can_ask_whether_the_action_was_recorded_before_a_day() -> None:
    game = mississippi()
    assert not game.api.recorded_before("2022-01-10")          # no record time: today's rules
    game.recorded_at = 1641775319                              # 2022-01-10 00:41:59 UTC
    assert game.api.recorded_before("2022-01-10T03:04:27Z")
    assert not game.api.recorded_before("2022-01-09")


def test_a_debt_grows_by_half_at_the_start_of_each_operating_set() -> None:
    game = mississippi()
    ann = game.player_by_id(1)
    ann.cash = -75
    charge_debt_interest(game)
    assert ann.cash == -75 - 38                                # half, rounded up


def _ic_at_its_first_train(keep_shares: bool) -> tuple[Game, Any]:
    """Recorded game 14375 as IC's first train purchase begins (action 28), its treasury emptied and its
    president (Player 2) left with $10 and, unless ``keep_shares``, only the president's certificate."""
    path = fixtures_dir() / "18MS" / "14375.json"
    if not path.exists():
        pytest.skip(f"no recorded 18MS game at {path}")
    game = replay(eighteen_xx.load(path), until=27).game
    ic = game.corporation_by_id("IC")
    president = ic.owner
    if not keep_shares:
        for share in list(president.shares_by_corporation[ic])[1:]:
            game.share_pool.move_share(share, game.corporation_by_id("GMO").owner)
    game.bank.cash += ic.cash + president.cash - 10
    ic.cash, president.cash = 0, 10
    game.process_action({"type": "pass", "entity": "IC", "entity_type": "corporation"})     # its track step
    return game, president


BUY_2_PLUS = {"type": "buy_train", "price": 80, "train": "2+-0", "variant": "2+", "entity": "IC",
              "entity_type": "corporation"}


def test_a_president_with_nothing_to_sell_borrows_for_the_train_and_50_more() -> None:
    game, president = _ic_at_its_first_train(keep_shares=False)
    bank = game.bank.cash
    game.process_action(dict(BUY_2_PLUS))
    ic = game.corporation_by_id("IC")
    assert [t.name for t in ic.trains] == ["2+"] and ic.cash == 0
    assert president.cash == 10 - 80 - 50 and game.bank.cash == bank + 80 + 50
    assert game.round.current_entity.name != "IC"             # buying on a loan ends its turn


def test_a_president_who_can_still_sell_shares_may_not_borrow() -> None:
    game, president = _ic_at_its_first_train(keep_shares=True)
    with pytest.raises(InsufficientFunds):
        game.process_action(dict(BUY_2_PLUS))
    assert president.cash == 10 and game.corporation_by_id("IC").trains == []
