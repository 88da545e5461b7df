"""Hooks that act: the effects a rule hook may cause and the hook points that fire them, played on
the tiny test title (tests/titles/tiny) with a rules.hooks written for each rule."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.errors import GameError, HookError

TINY = Path(__file__).parent / "titles" / "tiny"


def player(i: int) -> dict[str, Any]:
    return {"entity": i, "entity_type": "player"}


#: Ann buys the private; Bob pars RED at $80 and with Ann buys it to 60%: it floats on the last buy
AUCTION = [{"type": "bid", **player(1), "company": "AA", "price": 20}]
FLOATING = [{"type": "par", **player(2), "corporation": "RED", "share_price": "80,0,2"},
            {"type": "buy_shares", **player(1), "shares": ["RED_1"], "percent": 10},
            {"type": "buy_shares", **player(2), "shares": ["RED_2"], "percent": 10},
            {"type": "buy_shares", **player(1), "shares": ["RED_3"], "percent": 10}]
FLOAT = {"type": "buy_shares", **player(2), "shares": ["RED_4"], "percent": 10}


def game_with(tmp_path: Path, hooks: str, actions: list[dict[str, Any]] = AUCTION + FLOATING,
              city_next_door: bool = False, two_cities_next_door: bool = False) -> Game:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    plan = folder / "map.yaml"
    if city_next_door:   # a city joined to RED's home by track: where RED may place its second station
        plan.write_text(plan.read_text(encoding="utf-8").replace(
            "B2 A3 C1: {}", "B2 C1: {}\n  A3: {stops: [{city: 20}], paths: [1-c0]}"))
    if two_cities_next_door:   # a printed hex of two cities without track, BLU's home in its second city
        plan.write_text(plan.read_text(encoding="utf-8").replace(
            "B2 A3 C1: {}", "B2 C1: {}\n  A3: {stops: [{city: 0}, {city: 0}], label: T}"))
        charters = folder / "corporations.yaml"
        charters.write_text(charters.read_text(encoding="utf-8").replace("home: C3,", "home: A3, home_city: 1,"))
        tiles = folder / "tiles.yaml"
        tiles.write_text(tiles.read_text(encoding="utf-8") + '  "TT": 1\ntiles:\n  TT: {color: yellow, stops: '
                         '[{city: 20}, {city: 20}], paths: [1-c0, 0-c1], label: T}\n')
    (folder / "rules.hooks").write_text(hooks, encoding="utf-8")
    title = folder / "title.yaml"   # a bank that a floating corporation does not break at once
    title.write_text(title.read_text(encoding="utf-8").replace("bank: {cash: 2000}", "bank: {cash: 12000}"))
    game = Game(Title.from_folder(str(folder)), [(1, "Ann"), (2, "Bob")], seed=1)
    for a in actions:
        game.process(a)
    return game


def said(game: Game, prefix: str) -> list[str]:
    return [line for line in game.log_lines if line.startswith(prefix)]


def test_a_fee_on_floating_leaves_the_treasury_and_the_price_rises(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    pay(corporation, "bank", 100)\n'
                               '    move_price(corporation, "right", 1)\n}\n')
    game.process(FLOAT)
    red = game.corporation_by_id("RED")
    assert red.cash == 800 - 100
    assert red.share_price.price == 90


def test_a_payer_without_the_cash_refuses_the_action_and_the_game_stays_as_it_was(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    move_price(corporation, "right", 1)\n'
                               '    pay(corporation, "bank", 5000)\n}\n')
    cash, log = game.player_by_id(2).cash, list(game.log_lines)
    with pytest.raises(HookError, match=r"tiny/rules.hooks:3: .* made RED pay \$5000, but it has \$800"):
        game.process(FLOAT)
    red = game.corporation_by_id("RED")
    assert not red.floated() and red.share_price.price == 80
    assert game.player_by_id(2).cash == cash and game.log_lines == log


def test_pay_up_to_pays_all_the_cash_a_payer_has_and_no_more(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    let paid = pay_up_to(corporation, "bank", 5000)\n'
                               '    log("paid " + str(paid))\n}\n')
    game.process(FLOAT)
    assert game.corporation_by_id("RED").cash == 0
    assert said(game, "paid ") == ["paid 800"]


def test_money_moves_between_players_and_corporations_but_is_never_made(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    for p in players() {\n'
                               '        pay(p, corporation, 10)\n    }\n}\n')
    total = sum(p.cash for p in game.players) + game.bank.cash + sum(c.cash for c in game.corporations)
    game.process(FLOAT)
    assert game.corporation_by_id("RED").cash == 800 + 20
    assert sum(p.cash for p in game.players) + game.bank.cash + sum(c.cash for c in game.corporations) == total


def test_rounds_start_and_end_in_order_with_their_kind(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on round_start() {\n    log("start " + round_kind())\n}\n'
                               'on round_end() {\n    log("end " + round_kind())\n}\n')
    game.process(FLOAT)
    assert [line for line in game.log_lines if line.split(" ")[0] in ("start", "end")] == [
        "start auction", "end auction", "start stock", "end stock", "start operating"]


def test_an_operating_turn_starts_after_the_home_station_and_ends_before_the_next(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on operating_turn_start(corporation) {\n    log("turn of " + corporation.sym)\n}\n'
                               'on operating_turn_end(corporation) {\n    log("turn over " + corporation.sym)\n}\n'
                               'on after_lay_tile(corporation, hex, tile) {\n    end_turn()\n}\n')
    game.process(FLOAT)
    lines = game.log_lines
    assert lines.index("RED places a token on A1") < lines.index("turn of RED")
    assert said(game, "turn over") == []
    game.process(dict(next(a for a in game.legal_actions() if a.type == "lay_tile").action))
    assert said(game, "turn over") == ["turn over RED"]   # the tile laid, end_turn ended it


def test_a_turn_ended_as_it_starts_passes_to_the_next_round(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on operating_turn_start(corporation) {\n    end_turn()\n}\n')
    game.process(FLOAT)
    assert game.round.kind == "stock"   # RED, the only corporation, lost its turn


def test_ending_the_track_step_moves_on_to_the_next_step(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on operating_turn_start(corporation) {\n    end_step()\n}\n')
    game.process(FLOAT)
    assert game.round.kind == "operating" and "lay_tile" not in game.legal_action_types()


def test_a_withdrawn_action_is_neither_listed_nor_taken_in_the_round(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on operating_turn_start(corporation) {\n    withdraw_action("lay_tile")\n}\n')
    game.process(FLOAT)
    assert game.legal_action_types() == ["end_game", "bankrupt", "pass"]
    assert not [a for a in game.legal_actions() if a.type == "lay_tile"]
    with pytest.raises(GameError, match="may not lay tile again in this round"):
        game.process({"type": "lay_tile", "entity": "RED", "entity_type": "corporation", "hex": "A3",
                      "tile": "7-0", "rotation": 0})


def test_an_action_offered_again_is_listed_again(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on operating_turn_start(corporation) {\n    withdraw_action("lay_tile")\n'
                               '    offer_action("lay_tile")\n}\n')
    game.process(FLOAT)
    assert "lay_tile" in game.legal_action_types()


def test_the_priority_deal_hook_may_give_priority_to_another_player(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on priority_deal() {\n    give_priority(players()[1])\n}\n', AUCTION)
    assert [p.name for p in game.players] == ["Ann", "Bob"]   # the auction gave Bob priority; the hook Ann
    assert game.log_lines[-3:-1] == ["Bob has priority deal", "Ann has priority deal"]


def test_seating_every_player_once_is_the_only_reordering(tmp_path: Path) -> None:
    with pytest.raises(HookError, match="every player must be seated once"):
        game_with(tmp_path, 'on priority_deal() {\n    reorder_players([players()[0]])\n}\n', AUCTION)


def test_a_station_lifted_by_a_hook_goes_back_to_its_corporation(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on operating_turn_start(corporation) {\n    lift_station(corporation, "A1")\n}\n')
    game.process(FLOAT)
    red = game.corporation_by_id("RED")
    assert not any(t.used for t in red.tokens)
    assert "RED's station is lifted from A1" in game.log_lines


def test_a_hook_places_a_station_for_another_corporation(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    place_station("BLU", "C3", 0)\n}\n')
    game.process(FLOAT)
    blue = game.corporation_by_id("BLU")
    assert [t.hex.id for t in blue.tokens if t.used] == ["C3"]


def test_a_station_cannot_be_placed_on_a_city_that_is_not_there(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    place_station("BLU", "C3", 1)\n}\n')
    with pytest.raises(HookError, match="named city 1 of C3, which has 1"):
        game.process(FLOAT)


def test_moving_a_station_a_corporation_does_not_have_is_an_error_naming_the_line(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on after_float(corporation) {\n    log("floated")\n    move_station("BLU", "C3", 0)\n}\n')
    with pytest.raises(HookError, match=r"rules.hooks:3: the hook 'on after_float' moved a station of BLU in C3, where it has none"):
        game.process(FLOAT)


def test_a_hex_first_gets_track_once(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on first_track(hex, tile) {\n    log("first track on " + hex)\n}\n',
                     AUCTION + FLOATING + [FLOAT])
    lay = next(a for a in game.legal_actions() if a.type == "lay_tile")
    game.process(dict(lay.action))
    assert len(said(game, "first track on ")) == 1




PASS_TRACK = {"type": "pass", "entity": "RED", "entity_type": "corporation"}
STATION_NEXT_DOOR = {"type": "place_token", "entity": "RED", "entity_type": "corporation", "city": "A3-0-0"}


def test_a_station_placement_a_hook_refuses_is_not_made_nor_paid(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on before_place_token(corporation, hex) {\n    fail "no station in " + hex\n}\n',
                     AUCTION + FLOATING + [FLOAT, PASS_TRACK], city_next_door=True)
    with pytest.raises(GameError, match="no station in A3"):
        game.process(STATION_NEXT_DOOR)
    red = game.corporation_by_id("RED")
    assert red.cash == 800 and [t.hex.id for t in red.tokens if t.used] == ["A1"]


def test_before_a_station_is_placed_the_hook_sees_the_corporation_still_out_of_the_hex(tmp_path: Path) -> None:
    game = game_with(tmp_path, 'on before_place_token(corporation, hex) {\n'
                               '    log("before: " + str(corporation.has_token_in(hex)))\n}\n'
                               'on after_place_token(corporation, hex) {\n'
                               '    log("after: " + str(corporation.has_token_in(hex)))\n}\n',
                     AUCTION + FLOATING + [FLOAT, PASS_TRACK], city_next_door=True)
    game.process(STATION_NEXT_DOOR)
    assert said(game, "before: ") + said(game, "after: ") == ["before: False", "after: True"]


BLU_HOME_FIRST = 'on setup() {\n    place_station("BLU", "A3", 1)\n}\n'
FIRST_TRACK_ON_A3 = {"type": "lay_tile", "entity": "RED", "entity_type": "corporation", "hex": "A3", "tile": "TT-0",
                     "rotation": 0}


def test_a_home_station_naming_its_city_is_lifted_like_any_other_when_its_hex_first_gets_track(
        tmp_path: Path) -> None:
    game = game_with(tmp_path, BLU_HOME_FIRST, AUCTION + FLOATING + [FLOAT], two_cities_next_door=True)
    game.process(FIRST_TRACK_ON_A3)
    assert not any(t.used for t in game.corporation_by_id("BLU").tokens)
    assert "RED must choose a city for BLU's token" in game.log_lines
    assert [a.action["city"] for a in game.legal_actions() if a.type == "place_token"] == ["TT-0-0", "TT-0-1"]


def test_a_titles_first_track_hook_may_keep_a_home_station_in_the_city_its_home_names(tmp_path: Path) -> None:
    game = game_with(tmp_path, BLU_HOME_FIRST + 'on first_track(hex, tile) {\n'
                                               '    if corporation("BLU").lifted_from(hex) {\n'
                                               '        move_station("BLU", hex, 1)\n    }\n}\n',
                     AUCTION + FLOATING + [FLOAT], two_cities_next_door=True)
    game.process(FIRST_TRACK_ON_A3)
    token = next(t for t in game.corporation_by_id("BLU").tokens if t.used)
    assert token.city is game.hex_by_id("A3").tile.cities[1]
    assert not game.round.pending_tokens and "RED must choose a city for BLU's token" not in game.log_lines
