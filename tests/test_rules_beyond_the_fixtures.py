"""Rules that random games on the 18xx.games engine reached and the recorded games did not.

Each game that found one is kept in tests/fixtures/reference_games/ (replayed there with the
reference engine's trace); the tests here state the rule itself, on the title that has it.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from railbook.engine.game import Game
from railbook.engine.mechanics.escrow import hexes_connected
from railbook.engine.title import Title

KEPT = Path(__file__).parent / "fixtures" / "reference_games"
THREE = [(1, "P1"), (2, "P2"), (3, "P3")]


def kept_game(name: str, actions: int) -> Game:
    """The kept reference game ``name`` after its first ``actions`` actions."""
    data = json.loads(gzip.decompress((KEPT / f"{name}.json.gz").read_bytes()))
    game = Game(Title.load(data["title"]), [(p["id"], p["name"]) for p in data["players"]],
                seed=data["settings"]["seed"])
    for action in data["actions"][:actions]:
        game.process(action)
    return game


def lay(game: Game, hex_id: str, tile_name: str, exits: set[int]) -> None:
    """Lay a tile of the supply by hand, turned so that its track leaves by ``exits``."""
    tile = next(t for t in game.tiles if t.name == tile_name and t.hex is None)
    for rotation in range(6):
        tile.rotate(rotation)
        if set(tile.exits) == exits:
            game.hex_by_id(hex_id).lay(tile)
            return
    raise AssertionError(f"no rotation of {tile_name} leaves by {sorted(exits)}")


def bankrupt(entity: str) -> dict[str, Any]:
    return {"type": "bankrupt", "entity": entity, "entity_type": "corporation"}


# ---------------------------------------------------------------- 1856: bankruptcy at will

def test_a_president_may_declare_bankruptcy_at_will_where_the_title_allows_it() -> None:
    """1856 (``bankruptcy: {voluntary: true}``): GW, with $400 in its treasury and its destination
    just reached, is no train short; its president P2 declares bankruptcy all the same. His cash
    goes to the bank and the bankruptcy ends the game at once."""
    game = kept_game("1856_bankruptcy_declared_at_will", 17)
    gw = game.corporation_by_id("GW")
    assert gw.cash == 400 and gw.owner.name == "P2"
    assert game.is_legal(bankrupt("GW"))
    game.process(bankrupt("GW"))
    p2 = next(p for p in game.players if p.name == "P2")
    assert p2.bankrupt and p2.cash == 0 and game.finished


def test_bankruptcy_at_will_waits_for_the_operating_round_to_begin() -> None:
    """Before the operating round's first action nobody may declare it (as in 18xx.games, where
    the bankruptcy step only opens once the round is under way)."""
    game = kept_game("1856_bankruptcy_declared_at_will", 16)   # OR 1.1 has not yet seen an action
    assert game.round.operating() and not game.is_legal(bankrupt("GW"))


# ---------------------------------------------------------------- 1856: the destination walk

def test_track_to_a_destination_passes_an_offboard_entered_by_a_path_that_is_not_terminal() -> None:
    """Sarnia (B13) joins B15 to C14 by two paths, only the one towards C14 terminal. Track from
    Chatham's side (D17 - C16 - B15) enters Sarnia by the open path and leaves it towards
    Maudaumin (C14): D17 reaches C14 through Sarnia. From C14 the walk enters Sarnia by its
    terminal path and ends there: C14 does not reach D17 that way."""
    game = Game(Title.load("1856"), THREE, seed=1)
    lay(game, "D17", "57", {2, 5})   # D17's city, out towards C16
    lay(game, "C16", "9", {2, 5})    # D17 - B15
    lay(game, "B15", "8", {3, 5})    # C16 - Sarnia (not towards C14)
    lay(game, "C14", "57", {2, 5})   # C14's city, out towards Sarnia
    assert hexes_connected(game, "D17", "C14")
    assert not hexes_connected(game, "C14", "D17")


# ---------------------------------------------------------------- 18AL: passive abilities hold no step up

def test_a_passive_private_ability_holds_no_step_up_for_a_pass() -> None:
    """18AL: ABC buys the last private it may (TR) in its closing private-buying step. It owns SNAR,
    whose Warrior Coal Field token it may place at any time (a passive ability, no ``when``): that is
    no reason to wait for ABC to pass. Its turn ends and TAG's begins."""
    game = kept_game("18AL_passive_private_ability_holds_no_step", 211)
    assert game.is_legal({"type": "assign", "entity": "SNAR", "entity_type": "company", "target": "G6",
                          "target_type": "hex"})   # usable in any step of ABC's turn
    game = kept_game("18AL_passive_private_ability_holds_no_step", 212)
    abc = game.corporation_by_id("ABC")
    assert {c.id for c in abc.companies} >= {"SNAR", "TR"}
    assert game.current_entity is game.corporation_by_id("TAG")


# ---------------------------------------------------------------- 18Chesapeake: a set without rounds

def test_an_auction_everyone_passes_plays_a_set_without_rounds_and_the_depot_exports() -> None:
    """18Chesapeake, two players: P1 buys D&R, the cheapest private; then both pass. The privates pay
    out as in an operating round and the set of operating rounds ends without one: the depot exports
    its next 2-train, as at the end of every set."""
    game = kept_game("18Chesapeake_auction_passed_by_exports_a_train", 1)
    p1 = next(p for p in game.players if p.name == "P1")
    cash, offered = p1.cash, [t.id for t in game.depot.upcoming[:1]]
    assert offered == ["2-0"]
    for action in ({"type": "pass", "entity": 21, "entity_type": "player"},
                   {"type": "pass", "entity": 11, "entity_type": "player"}):
        game.process(action)
    assert p1.cash == cash + 5                                   # D&R's revenue
    assert [t.id for t in game.depot.upcoming[:1]] == ["2-1"]    # 2-0 exported


# ---------------------------------------------------------------- 1846: a minor's cash pays for a station

def test_a_corporation_may_place_a_station_with_the_cash_of_a_minor_it_could_take_over() -> None:
    """1846: GT has laid its track and bought the Steamboat Company; $71 is left and its next station
    costs $80. MS and BIG4, each a player's minor with $20, are for sale to it for $1: with their cash
    it could pay, so it may still place a station (and the step waits for it)."""
    game = kept_game("1846_station_paid_with_a_minors_cash", 35)
    gt = game.corporation_by_id("GT")
    assert gt.cash == 71
    assert "place_token" in game.round.actions_for(gt)


def test_a_player_in_debt_who_declares_bankruptcy_leaves_his_debt_to_the_bank() -> None:
    """1856: P4 owes the bank after his corporation's interest; he declares bankruptcy (the bankruptcy
    step comes before emergency fundraising, as in 18xx.games): his cash is set to nothing, the bank
    bearing the debt, and the game ends."""
    game = kept_game("1856_bankruptcy_declared_in_debt", 339)
    p4 = next(p for p in game.players if p.name == "P4")
    owed, bank = -p4.cash, game.bank.cash
    assert owed > 0
    game.process({"type": "bankrupt", "entity": p4.id, "entity_type": "player"})
    assert p4.cash == 0 and game.bank.cash == bank - owed and game.finished
