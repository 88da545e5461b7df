"""Illegal actions are refused with the rule they break, and leave the game
exactly as it was.

The games are built from tests/scenarios/1830_opening.json, a four-player 1830
opening written for these tests (auction, a stock round floating NYC and PRR,
two operating rounds), stopped at the moment each rule is tested.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from railbook.engine.game import Game
from railbook.engine.rules.shares import cert_limit, num_certs
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import ActionFormatError, GameError, IllegalAction

SCENARIO = json.loads((Path(__file__).parent / "scenarios" / "1830_opening.json").read_text())
PLAYERS = [(p["id"], p["name"]) for p in SCENARIO["players"]]
ACTIONS = SCENARIO["actions"]

# checkpoints: how many of the scenario's actions have been played
AUCTION_START = 0
SR1_START = 7            # B&O parred; Cat to act
SR1_AFTER_NYC_PAR = 8    # Cat has parred NYC; Dan to act
SR1_ANN_TO_ACT = 9       # Ann to act (holds 10% of PRR)
OR1_NYC = 22             # NYC's first turn: lay track
OR1_NYC_TRAINS = 23      # NYC has laid its tile and is in the train step
OR1_PRR = 26             # PRR's first turn
SR2 = 30                 # stock round 2 (no sales in the first stock round are over now)
OR2_NYC = 34             # NYC's second turn
OR2_NYC_ROUTES = 35      # NYC has laid F20 and is to run its trains
OR2_PRR_TOKEN = 39       # PRR has laid H16 and may place a token
OR2_PRR_ROUTES = 40      # PRR is to run its trains
SR3 = 43


def game_at(n: int, players: list[tuple[Any, str]] = PLAYERS) -> Game:
    game = Game(Title.load("1830"), players, seed=1)
    for action in ACTIONS[:n]:
        game.process(action)
    return game


def corp(name: str) -> dict[str, str]:
    return {"entity": name, "entity_type": "corporation"}


def player(pid: int) -> dict[str, Any]:
    return {"entity": pid, "entity_type": "player"}


def refuse(game: Game, action: dict[str, Any], rule: str, error: type[GameError] = IllegalAction) -> GameError:
    """Assert the action is refused under ``rule`` and changes nothing."""
    before = json.dumps(digest(game, 0), sort_keys=True)
    history = len(game.history)
    log = len(game.log_lines)
    with pytest.raises(error) as info:
        game.process(action)
    assert info.value.rule == rule, f"{info.value.rule!r}: {info.value.message}"
    assert info.value.message
    assert json.dumps(digest(game, 0), sort_keys=True) == before
    assert len(game.history) == history
    assert len(game.log_lines) == log
    # and it is still the same game that plays on: what it is made of points back at it
    assert game.round.game is game and all(step.game is game for step in game.round.steps)
    assert game.graph.teleports.args[0] is game and all(m.game is game for m in game.mechanics)
    return info.value


# ---------------------------------------------------------------- the scenario itself

def test_the_scenario_is_a_legal_game() -> None:
    game = game_at(len(ACTIONS))
    assert game.round.stock()
    assert {c.id for c in game.corporations if c.floated()} == {"NYC", "PRR"}


# ---------------------------------------------------------------- auction

def test_a_bid_must_beat_the_minimum() -> None:
    game = game_at(AUCTION_START)
    refuse(game, {"type": "bid", **player(1), "company": "MH", "price": 110}, "auction minimum bid")


def test_a_bid_cannot_exceed_the_players_cash() -> None:
    game = game_at(AUCTION_START)
    refuse(game, {"type": "bid", **player(1), "company": "BO", "price": 700}, "auction money")


def test_players_act_in_turn_order_in_the_auction() -> None:
    game = game_at(AUCTION_START)
    refuse(game, {"type": "bid", **player(3), "company": "SV", "price": 20}, "turn order")


def test_a_sold_private_is_not_for_sale_again() -> None:
    game = game_at(1)
    refuse(game, {"type": "bid", **player(2), "company": "SV", "price": 40}, "auction")


# ---------------------------------------------------------------- stock round

def test_a_par_price_must_be_a_par_cell() -> None:
    game = game_at(SR1_START)
    refuse(game, {"type": "par", **player(3), "corporation": "NYC", "share_price": "112,0,7"}, "par price")


def test_a_corporation_is_parred_only_once() -> None:
    game = game_at(SR1_AFTER_NYC_PAR)
    refuse(game, {"type": "par", **player(4), "corporation": "NYC", "share_price": "67,5,6"}, "par")


def test_one_certificate_per_turn() -> None:
    game = game_at(SR1_ANN_TO_ACT)
    game.process({"type": "buy_shares", **player(1), "shares": ["PRR_2"], "percent": 10})
    game.undo()
    game.process({"type": "buy_shares", **player(1), "shares": ["PRR_2"], "percent": 10})
    # Ann bought; a second purchase in the same turn is refused (her turn has ended)
    refuse(game, {"type": "buy_shares", **player(1), "shares": ["PRR_5"], "percent": 10}, "turn order")


def test_no_sales_in_the_first_stock_round() -> None:
    game = game_at(SR1_ANN_TO_ACT)
    refuse(game, {"type": "sell_shares", **player(1), "shares": ["PRR_1"], "percent": 10}, "sell shares")


def test_holding_limit_of_sixty_percent() -> None:
    game = game_at(SR2)
    game.process({"type": "pass", **player(2)})
    # Cat holds 40% of NYC; she may buy one more (50%), but never past 60%
    cat = game.player_by_id(3)
    nyc = game.corporation_by_id("NYC")
    bundle_ok = nyc.holding_ok(cat, 20)
    assert bundle_ok and not nyc.holding_ok(cat, 30)
    game.process({"type": "buy_shares", **player(3), "shares": ["NYC_5"], "percent": 10})
    for pid in (3, 4, 1, 2):
        game.process({"type": "pass", **player(pid)})
    game.process({"type": "buy_shares", **player(3), "shares": ["NYC_6"], "percent": 10})
    for pid in (3, 4, 1, 2):
        game.process({"type": "pass", **player(pid)})
    refuse(game, {"type": "buy_shares", **player(3), "shares": ["NYC_7"], "percent": 10}, "holding limit")


TINY = str(Path(__file__).parent / "titles" / "tiny")


def test_certificate_limit() -> None:
    # the tiny test title has a certificate limit of 3
    game = Game(Title.from_folder(TINY), [(1, "Ann"), (2, "Bob")], seed=1)
    for a in [{"type": "bid", **player(1), "company": "AA", "price": 20},
              {"type": "par", **player(2), "corporation": "RED", "share_price": "80,0,2"},
              {"type": "par", **player(1), "corporation": "BLU", "share_price": "80,0,2"},
              {"type": "buy_shares", **player(2), "shares": ["RED_1"], "percent": 10},
              {"type": "buy_shares", **player(1), "shares": ["BLU_1"], "percent": 10},
              {"type": "pass", **player(2)},      # Ann, at the limit, has nothing to do: the round ends
              {"type": "pass", **player(2)}]:     # stock round 2: Bob passes, Ann may sell but not buy
        game.process(a)
    assert num_certs(game, game.player_by_id(1)) == cert_limit(game) == 3
    refuse(game, {"type": "buy_shares", **player(1), "shares": ["BLU_2"], "percent": 10}, "certificate limit")


def test_a_par_the_player_cannot_afford() -> None:
    game = game_at(SR2)
    # Bob has $180; parring the ERIE at $100 costs $200 for the president's certificate
    refuse(game, {"type": "par", **player(2), "corporation": "ERIE", "share_price": "100,0,6"}, "money")


def test_a_president_cannot_dump_the_presidency_when_no_one_can_take_it() -> None:
    game = game_at(SR2)
    refuse(game, {"type": "sell_shares", **player(2), "shares": ["B&O_0", "B&O_1", "B&O_2"], "percent": 40},
           "sell shares")


def test_no_buying_back_a_corporation_sold_this_round() -> None:
    game = game_at(SR2)
    game.process({"type": "pass", **player(2)})
    game.process({"type": "pass", **player(3)})
    game.process({"type": "sell_shares", **player(4), "shares": ["NYC_3"], "percent": 10})
    game.process({"type": "pass", **player(4)})
    game.process({"type": "pass", **player(1)})
    game.process({"type": "pass", **player(2)})
    game.process({"type": "pass", **player(3)})
    refuse(game, {"type": "buy_shares", **player(4), "shares": ["NYC_3"], "percent": 10}, "buy after sale")


def test_players_act_in_turn_order_in_a_stock_round() -> None:
    game = game_at(SR2)
    refuse(game, {"type": "buy_shares", **player(4), "shares": ["NYC_5"], "percent": 10}, "turn order")


def test_an_unknown_share_is_a_malformed_action() -> None:
    game = game_at(SR2)
    refuse(game, {"type": "buy_shares", **player(2), "shares": ["NYC_42"], "percent": 10}, "action format",
           ActionFormatError)


def test_an_unknown_action_type_is_a_malformed_action() -> None:
    game = game_at(SR2)
    refuse(game, {"type": "teleport_everything", **player(2)}, "action format", ActionFormatError)


# ---------------------------------------------------------------- track

def test_a_tile_must_connect_to_the_corporations_track() -> None:
    game = game_at(OR1_NYC)
    refuse(game, {"type": "lay_tile", **corp("NYC"), "tile": "57-0", "hex": "H10", "rotation": 1}, "tile placement")


def test_green_tiles_wait_for_the_green_phase() -> None:
    game = game_at(OR1_NYC)
    refuse(game, {"type": "lay_tile", **corp("NYC"), "tile": "14-0", "hex": "E19", "rotation": 0}, "phase tiles")


def test_an_upgrade_must_follow_the_tile_rules() -> None:
    game = game_at(OR2_NYC)
    refuse(game, {"type": "lay_tile", **corp("NYC"), "tile": "57-2", "hex": "F20", "rotation": 0}, "tile upgrade")


def test_a_tile_on_the_map_cannot_be_laid_again() -> None:
    game = game_at(OR2_NYC)
    refuse(game, {"type": "lay_tile", **corp("NYC"), "tile": "57-0", "hex": "D18", "rotation": 4}, "tile supply")


def test_one_tile_lay_per_turn() -> None:
    game = game_at(OR1_NYC_TRAINS)
    refuse(game, {"type": "lay_tile", **corp("NYC"), "tile": "9-0", "hex": "D18", "rotation": 2}, "tile lays")


def test_a_private_blocks_its_hex_while_a_player_owns_it() -> None:
    game = game_at(OR2_NYC)
    # the Mohawk & Hudson blocks D18 while Dan owns it
    refuse(game, {"type": "lay_tile", **corp("NYC"), "tile": "9-1", "hex": "D18", "rotation": 2}, "blocked hex")


# ---------------------------------------------------------------- tokens

def test_a_token_needs_a_reachable_city() -> None:
    game = game_at(OR2_PRR_TOKEN)
    refuse(game, {"type": "place_token", **corp("PRR"), "city": "B10-2-0"}, "connectivity")


def test_a_token_needs_a_free_slot() -> None:
    game = game_at(OR2_PRR_TOKEN)
    game.process({"type": "pass", **corp("PRR")})
    game.undo()
    # H16 has one slot; after PRR takes it nobody else can
    game.process({"type": "place_token", **corp("PRR"), "city": "57-1-0", "slot": 0})
    city = game.city_by_id("57-1-0")
    assert not city.tokenable(game.corporation_by_id("NYC"), free=True)
    assert city.tokenable_error(game.corporation_by_id("NYC"), free=True) == "no_slots"


def test_one_token_per_turn() -> None:
    game = game_at(OR2_PRR_ROUTES)
    refuse(game, {"type": "place_token", **corp("PRR"), "city": "57-1-0", "slot": 0}, "one token per turn")


# ---------------------------------------------------------------- routes

def test_two_trains_cannot_share_track() -> None:
    game = game_at(OR2_NYC_ROUTES)
    refuse(game, {"type": "run_routes", **corp("NYC"), "routes": [
        {"train": "2-0", "connections": [["E19", "F20"]]},
        {"train": "2-1", "connections": [["E19", "F20"]]}]}, "routes")


def test_a_train_cannot_run_further_than_its_distance() -> None:
    game = game_at(OR2_NYC_ROUTES)
    refuse(game, {"type": "run_routes", **corp("NYC"), "routes": [
        {"train": "2-0", "connections": [["E19", "F20"], ["F20", "F18"]]}]}, "routes")


def test_a_route_must_include_a_station() -> None:
    game = game_at(OR2_PRR_ROUTES)
    refuse(game, {"type": "run_routes", **corp("PRR"), "routes": [
        {"train": "2-2", "connections": [["F20", "E19"]]}]}, "routes")


def test_a_corporation_runs_only_its_own_trains() -> None:
    game = game_at(OR2_NYC_ROUTES)
    refuse(game, {"type": "run_routes", **corp("NYC"), "routes": [
        {"train": "2-2", "connections": [["E19", "F20"]]}]}, "routes")


def test_a_train_runs_once() -> None:
    game = game_at(OR2_NYC_ROUTES)
    refuse(game, {"type": "run_routes", **corp("NYC"), "routes": [
        {"train": "2-0", "connections": [["E19", "F20"]]}, {"train": "2-0", "connections": [["E19", "F20"]]}]},
        "routes")


def test_a_dividend_kind_must_exist() -> None:
    game = game_at(OR2_NYC_ROUTES + 1)
    refuse(game, {"type": "dividend", **corp("NYC"), "kind": "half"}, "dividend")


# ---------------------------------------------------------------- trains

def test_a_train_costs_its_price() -> None:
    game = game_at(OR1_NYC_TRAINS)
    refuse(game, {"type": "buy_train", **corp("NYC"), "train": "2-0", "price": 50, "variant": "2"}, "train price")


def test_only_the_next_train_is_for_sale() -> None:
    game = game_at(OR1_NYC_TRAINS)
    refuse(game, {"type": "buy_train", **corp("NYC"), "train": "3-0", "price": 180, "variant": "3"}, "buy train")


def test_no_train_beyond_the_train_limit() -> None:
    game = game_at(OR1_NYC_TRAINS)
    for i in range(4):
        game.process({"type": "buy_train", **corp("NYC"), "train": f"2-{i}", "price": 80, "variant": "2"})
    # at the limit of 4 the train step is over: the next purchase is not NYC's to make
    with pytest.raises(IllegalAction) as info:
        game.process({"type": "buy_train", **corp("NYC"), "train": "2-4", "price": 80, "variant": "2"})
    assert info.value.rule in ("turn order", "train limit")


def test_a_corporation_cannot_go_bankrupt_while_it_can_pay() -> None:
    game = game_at(OR1_NYC_TRAINS)
    refuse(game, {"type": "bankrupt", **corp("NYC")}, "bankruptcy")


def test_discarding_needs_a_corporation_over_its_limit() -> None:
    game = game_at(OR1_NYC_TRAINS)
    refuse(game, {"type": "discard_train", **corp("NYC"), "train": "2-0"}, "discard train")


# ---------------------------------------------------------------- atomicity and undo

def test_undo_restores_the_previous_state() -> None:
    game = game_at(SR3)
    before = json.dumps(digest(game, 0), sort_keys=True)
    game.process({"type": "buy_shares", **player(2), "shares": ["B&O_3"], "percent": 10})
    assert json.dumps(digest(game, 0), sort_keys=True) != before
    game.undo()
    assert json.dumps(digest(game, 0), sort_keys=True) == before


def test_legal_actions_name_who_acts_and_how() -> None:
    game = game_at(OR1_NYC)
    assert game.current_entity.id == "NYC"
    assert "lay_tile" in game.legal_action_types()
    game = game_at(SR2)
    assert game.current_entity.name == "Bob"
    assert set(game.legal_action_types()) >= {"buy_shares", "pass"}
