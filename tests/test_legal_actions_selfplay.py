"""Positions where random self-play found the legal list and the rules apart, kept as the logs that
reach them (tests/fixtures/selfplay/: the first actions of a self-played game) and reference games:
at each, what is listed is accepted and what is refused is not listed."""

from __future__ import annotations

from pathlib import Path

from railbook.engine.game import Game
from railbook.engine.legal import LegalAction
from railbook.importers import eighteen_xx
from railbook.importers.replay import new_game, replay

FIXTURES = Path(__file__).parent / "fixtures"


def at(path: Path, until: int | None = None) -> Game:
    """The game of a log after its actions up to id ``until`` (all of them without)."""
    result = replay(eighteen_xx.load(path), until=until)
    assert result.error is None and result.game is not None, result.error
    return result.game


def listed_of(game: Game, kind: str, entity: object = None) -> list[LegalAction]:
    return [la for la in game.legal_actions(entity) if la.type == kind]


def test_a_players_private_lays_its_tile_as_a_lay_of_the_corporation_operating() -> None:
    # 1826's Bridge company (owner: player, when: owning_player_track, consumes_tile_lay): its lay is
    # one of the operating corporation's lays, though no corporation owns the private
    game = at(FIXTURES / "selfplay" / "1826_random_seed1_to185.json.gz", until=130)
    lays = [la for la in listed_of(game, "lay_tile") if la.action["entity_type"] == "company"]
    assert lays and {la.action["entity"] for la in lays} == {"Bridge"}
    private = game.company_by_id("Bridge")
    assert private.owner.is_player() and game.current_operator().owner is private.owner
    for la in (lays[0], lays[-1]):
        assert game.refusal(dict(la.action)) is None


def test_a_bankrupt_president_is_not_offered_bankruptcy_again() -> None:
    # 1826 plays on until all players but one are bankrupt; a bankrupt player's corporation still runs
    game = at(FIXTURES / "selfplay" / "1826_random_seed1_to185.json.gz")
    corp = game.current_entity
    assert corp.is_corporation() and corp.owner.bankrupt
    assert "bankrupt" in game.legal_action_types(corp) and not listed_of(game, "bankrupt", corp)
    refusal = game.refusal({"type": "bankrupt", "entity": corp.id, "entity_type": "corporation"})
    assert refusal is not None and refusal.rule == "bankruptcy"


def test_track_reached_only_back_through_the_hex_itself_is_not_new_track_it_can_use() -> None:
    # Paris's only route to F8 runs G9 -> F8 (5-2) -> E7 -> E9 and back to F8's side 3: tile 27 adds
    # 2-3, which shares side 2 with the way out, so under the restrictive rule it adds nothing usable
    game = at(FIXTURES / "selfplay" / "1826_random_seed10_to161.json.gz")
    lay = {"type": "lay_tile", "entity": "Paris", "entity_type": "corporation", "hex": "F8", "tile": "27-0",
           "rotation": 2}
    assert game.current_entity.id == "Paris"
    assert not game.is_legal(lay)
    refusal = game.refusal(lay)
    assert refusal is not None and refusal.rule == "track restriction"
    for la in listed_of(game, "lay_tile"):
        if la.action["hex"] == "F8":
            assert game.refusal(dict(la.action)) is None


def test_a_private_lay_that_is_not_special_keeps_the_hexs_cities() -> None:
    # 1894's LRC lays an extra yellow tile (special: false): plain track on a city hex is no lay of it
    log = eighteen_xx.load(FIXTURES / "reference_games" / "1894_paris_station_follows_its_track.json.gz")
    game = new_game(log)
    lays: list[LegalAction] = []
    for d in (a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")):
        if int(d["id"]) > 155:
            lays = [la for la in listed_of(game, "lay_tile") if la.action["entity"] == "LRC"]
            if lays:
                break
        game.process_action(d)
    assert lays, "LRC never lists a lay"
    for la in lays:
        hex_ = game.hex_by_id(la.action["hex"])
        tile = next(t for t in game.tiles if t.id == la.action["tile"])
        assert len(tile.cities) == len(hex_.tile.cities) and len(tile.towns) == len(hex_.tile.towns)
    city_hex = next(h for h in game.hexes if h.tile.color == "white" and h.tile.cities and not h.tile.label)
    plain = next(t for t in game.tiles if t.hex is None and t.name == "7")
    refusal = game.refusal({"type": "lay_tile", "entity": "LRC", "entity_type": "company", "hex": city_hex.id,
                            "tile": plain.id, "rotation": 0})
    assert refusal is not None and refusal.rule in ("tile upgrade", "tile placement")
