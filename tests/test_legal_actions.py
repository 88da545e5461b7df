"""The legal actions: every action the current entity may take, listed exactly.

Listed actions are accepted (each is tried on a copy of the game), recorded moves are
listed at their point, and what is not listed is refused.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from play_support import opening_at
from railbook.engine.game import Game
from railbook.engine.legal import ANY, LegalAction
from railbook.importers import eighteen_xx
from railbook.importers.legality import check_log
from railbook.importers.replay import new_game

REFERENCE = Path(__file__).parent / "fixtures" / "reference_games"


def reference_log(name: str) -> eighteen_xx.GameLog:
    path = REFERENCE / f"{name}.json.gz"
    return eighteen_xx.from_dict(json.loads(gzip.decompress(path.read_bytes())), source=str(path))


def of_kind(game: Game, kind: str) -> list[LegalAction]:
    return [la for la in game.legal_actions() if la.type == kind]


def accepted(game: Game, la: LegalAction) -> bool:
    return all(game.refusal(sample) is None for sample in la.samples())


# ---------------------------------------------------------------- the private auction

def test_a_bid_is_listed_as_a_range_from_the_minimum_to_the_players_cash() -> None:
    game = opening_at(0)
    bids = {la.action["company"]: la.ranges["price"] for la in of_kind(game, "bid")}
    assert bids["SV"].low == 20                        # the cheapest is bought at its price
    assert bids["CS"].low == 45                        # any other: its value plus the minimum raise
    assert {r.high for r in bids.values()} == {600}    # up to all the player's cash
    assert all(accepted(game, la) for la in of_kind(game, "bid"))


def test_a_bid_below_its_range_is_not_listed_and_refused() -> None:
    game = opening_at(0)
    too_low = {"type": "bid", "entity": 1, "entity_type": "player", "company": "CS", "price": 44}
    assert not game.is_legal(too_low)
    assert game.refusal(too_low) is not None


# ---------------------------------------------------------------- the stock round

def test_the_buyer_of_a_private_with_a_presidency_sets_that_corporations_par_first() -> None:
    game = opening_at(6)  # Bob bought BO, which brings B&O's president's certificate
    assert {la.action["corporation"] for la in of_kind(game, "par")} == {"B&O"}


def test_every_par_price_is_listed_for_every_corporation_not_yet_started() -> None:
    game = opening_at(7)
    pars = of_kind(game, "par")
    corporations = {la.action["corporation"] for la in pars}
    assert "B&O" not in corporations and len(corporations) == 7
    prices = {la.action["share_price"].split(",")[0] for la in pars if la.action["corporation"] == "PRR"}
    assert prices == {"67", "71", "76", "82", "90", "100"}


def test_one_certificate_of_each_kind_is_listed_and_any_equal_certificate_is_the_same_buy() -> None:
    game = opening_at(9)  # Ann may buy PRR (parred by Dan) from the IPO
    buys = [la for la in of_kind(game, "buy_shares") if la.action["shares"][0].startswith("PRR")]
    assert len(buys) == 1
    other_copy = {"type": "buy_shares", "entity": 1, "entity_type": "player", "shares": ["PRR_5"], "percent": 10}
    assert game.is_legal(other_copy)


def test_passing_is_always_just_passing() -> None:
    game = opening_at(9)
    assert [la.action for la in of_kind(game, "pass")] == [{"type": "pass", "entity": 1, "entity_type": "player"}]


# ---------------------------------------------------------------- the operating round

def test_tile_lays_pass_every_rule_and_symmetric_rotations_are_listed_once() -> None:
    game = opening_at(22)  # NYC's first turn, at its home in E19
    lays = of_kind(game, "lay_tile")
    assert lays and all(la.action["hex"] in {h.id for h in game.graph.connected_hexes(game.current_entity)}
                        for la in lays)
    straight = [la for la in lays if la.action["hex"] == "E19" and str(la.action["tile"]).startswith("57")]
    assert len(straight) <= 3          # a straight city lays the same track turned half round
    assert all(accepted(game, la) for la in lays[:12])
    recorded = {"type": "lay_tile", "entity": "NYC", "entity_type": "corporation", "tile": "57-0", "hex": "E19",
                "rotation": 5}   # 2 turned half round: the same lay
    assert game.is_legal(recorded) == (game.refusal(recorded) is None)


def test_a_tile_on_a_hex_the_corporation_does_not_reach_is_refused_and_not_listed() -> None:
    game = opening_at(22)
    far = {"type": "lay_tile", "entity": "NYC", "entity_type": "corporation", "tile": "57-0", "hex": "H16",
           "rotation": 1}
    assert not game.is_legal(far)
    assert game.refusal(far) is not None


def test_trains_are_bought_from_the_depot_at_their_price() -> None:
    game = opening_at(23)
    buys = of_kind(game, "buy_train")
    assert [(la.action["train"], la.action["price"]) for la in buys] == [("2-0", 80)]
    assert accepted(game, buys[0])


def test_a_token_is_listed_for_each_city_the_corporation_reaches_with_room() -> None:
    game = opening_at(39)  # PRR, its tile laid on H16, may place a station there
    tokens = of_kind(game, "place_token")
    assert [game.city_by_id(la.action["city"]).tile.hex.id for la in tokens] == ["H16"]
    assert accepted(game, tokens[0])


def test_routes_are_open_and_dividends_are_each_choice_of_the_title() -> None:
    game = opening_at(35)
    (run,) = of_kind(game, "run_routes")
    assert "routes" in run.open
    game.process(opening_at(43).history[35])
    assert {la.action["kind"] for la in of_kind(game, "dividend")} == {"payout", "withhold"}


def test_bankruptcy_is_not_offered_on_an_ordinary_turn() -> None:
    game = opening_at(23)
    assert not of_kind(game, "bankrupt")


# ---------------------------------------------------------------- recorded games

@pytest.mark.parametrize("name", ["1830_ended_by_agreement", "1830_bankruptcy_outside_the_train_step"])
def test_every_recorded_move_is_listed_at_its_point(name: str) -> None:
    result = check_log(reference_log(name))
    assert result.error is None
    assert not result.unlisted, result.unlisted[0].action
    assert result.listed == result.moves and not result.open_kinds


def test_at_sampled_positions_every_listed_action_is_accepted_and_perturbed_ones_are_refused_unless_listed() -> None:
    log = reference_log("1830_bankruptcy_outside_the_train_step")
    live = [a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")]
    rng = random.Random(3)
    game = new_game(log)
    checked = 0
    for n, d in enumerate(live):
        if n % 37 == 0 and not game.finished:
            listed = [la for la in game.legal_actions() if ANY not in la.open]
            for la in rng.sample(listed, min(4, len(listed))):
                assert accepted(game, la), la.action
                for changed in perturbed(la):
                    assert game.is_legal(changed) == (game.refusal(changed) is None), changed
                checked += 1
        game.process_action(d)
    assert checked > 15


def perturbed(la: LegalAction) -> list[dict[str, Any]]:
    """The listed action a little wrong: a price just outside its range, another rotation."""
    out = []
    for key, bounds in la.ranges.items():
        out += [{**la.action, key: bounds.low - 1}, {**la.action, key: bounds.high + 1}]
    if la.type == "lay_tile":
        out.append({**la.action, "rotation": (la.action["rotation"] + 1) % 6})
    return out
