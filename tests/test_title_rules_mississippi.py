"""Rules 18MS brought, one level below the recorded games that prove them: the draft of the privates,
a phase that begins with an operating round, + trains that rust on a timetable and are salvaged, the
president's help with a train, privates bought only from the president, and rules a recording program
changed on a known day.
"""

from __future__ import annotations

from railbook.engine.game import Game
from railbook.engine.rules.privates import purchasable_companies
from railbook.engine.rules.trains import rust_on_timetable
from railbook.engine.title import Title

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
