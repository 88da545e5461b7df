"""What a corporation reaches from its stations (railbook/engine/map/graph.py), and which
corporations forget their cached reach when the board changes.

The positions are the 1830 opening's (tests/scenarios/1830_opening.json):
- NYC's station is Albany (E19, a yellow 57 from operating round 1); in operating round 2 it
  lays a tile 2 (two towns) on F20 next to it and runs Albany-F20.
- PRR's is Altoona (H12, gray: one city and a track past it, 1-4), with a straight 9 on H14
  and, in operating round 2, a 57 on Lancaster (H16, one slot), where it then places a token.
  Lancaster's other track end points at Philadelphia (H18).
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

from play_support import OPENING, closing_yellow_1830, opening_at

from railbook.engine.game import Game
from railbook.engine.map.graph import Graph

OR1_NYC = 22            # NYC's first turn, before its tile
OR2_NYC = 34            # NYC's second turn, before the F20 tile
OR2_NYC_ROUTES = 35     # NYC has laid F20
OR2_PRR = 38            # PRR's second turn, before the Lancaster tile
OR2_PRR_TOKEN = 39      # PRR has laid Lancaster and may place a token there
OR2_PRR_ROUTES = 40     # PRR has placed it


def hexes(reach: dict) -> list[str]:
    return sorted(h.id for h in reach)


def nodes(reach: dict) -> list[str]:
    return sorted(n.id for n in reach)


def corporation(game: Game, sym: str):
    return game.corporation_by_id(sym)


def fresh_graph(game: Game) -> Graph:
    """The same board walked with no cache at all."""
    return Graph(game.hex_order, game.graph.teleports)


# ---------------------------------------------------------------- what a corporation reaches

def test_a_corporation_reaches_what_its_track_connects_to_its_stations() -> None:
    game = opening_at(OR2_NYC_ROUTES)
    nyc = corporation(game, "NYC")
    assert hexes(game.graph.reachable_hexes(nyc)) == ["E19", "F20"]
    assert nodes(game.graph.connected_nodes(nyc)) == ["2-0-1", "57-0-0"]   # a town on F20, Albany's city


def test_the_hexes_its_open_track_ends_point_into_are_connected_too() -> None:
    """connected_hexes: where the corporation could lay track next, with the edges it would come in by."""
    game = opening_at(OR2_NYC_ROUTES)
    connected = game.graph.connected_hexes(corporation(game, "NYC"))
    assert hexes(connected) == ["D18", "E19", "F18", "F20"]
    assert connected[game.hex_by_id("D18")] == [5]


def test_a_corporation_without_a_station_reaches_nothing() -> None:
    game = opening_at(OR2_NYC_ROUTES)
    bo = corporation(game, "B&O")    # parred, not floated: no token on the map
    assert game.graph.connected_hexes(bo) == {} and game.graph.connected_nodes(bo) == {}
    assert game.graph.route_info(bo) == {}


def test_a_full_city_of_other_corporations_tokens_blocks_passage() -> None:
    """A B&O token in Lancaster's only slot: PRR still reaches the city, but not past it to H18."""
    game = opening_at(OR2_PRR_TOKEN)
    prr, bo = corporation(game, "PRR"), corporation(game, "B&O")
    assert "H18" in hexes(game.graph.connected_hexes(prr))
    lancaster = game.city_by_id("57-1-0")
    lancaster.exchange_token(bo.next_token())
    game.graph.invalidate_city(lancaster, bo)
    assert lancaster.blocks(prr) and not lancaster.blocks(bo)
    assert hexes(game.graph.connected_hexes(prr)) == ["H10", "H12", "H14", "H16"]
    assert "57-1-0" in nodes(game.graph.connected_nodes(prr))
    assert not game.graph.can_token(prr)


def test_a_corporations_own_token_does_not_block_it() -> None:
    game = opening_at(OR2_PRR_ROUTES)
    prr = corporation(game, "PRR")
    assert game.city_by_id("57-1-0").tokened_by(prr)
    assert "H18" in hexes(game.graph.connected_hexes(prr))


def test_track_past_a_city_is_not_blocked_by_its_tokens() -> None:
    """From Lancaster the B&O runs through Altoona on its bypass (1-4), past PRR's full city, to H10."""
    game = opening_at(OR2_PRR_TOKEN)
    bo = corporation(game, "B&O")
    game.city_by_id("57-1-0").exchange_token(bo.next_token())
    assert game.city_by_id("H12-0-0").blocks(bo)
    assert "H10" in hexes(game.graph.connected_hexes(bo))
    assert hexes(game.graph.reachable_hexes(bo)) == ["H12", "H14", "H16"]


def test_an_ability_reaches_hexes_without_track() -> None:
    """Graph.teleports: what a corporation reaches by an ability (here: Philadelphia, for the B&O),
    from every side it has a neighbour on, with its cities; the walk along track starts from stations only."""
    game = opening_at(OR2_PRR_TOKEN)
    philadelphia = game.hex_by_id("H18")
    graph = Graph(game.hex_order, lambda corp: ([philadelphia], []) if corp.id == "B&O" else ([], []))
    assert graph.connected_hexes(corporation(game, "B&O")) == {philadelphia: sorted(philadelphia.neighbors)}
    assert set(graph.connected_nodes(corporation(game, "B&O"))) == set(philadelphia.tile.cities)
    assert "H18" not in hexes(graph.connected_hexes(corporation(game, "NYC")))


# ---------------------------------------------------------------- tokens and routes

def test_a_corporation_can_token_a_reachable_city_with_a_free_slot() -> None:
    game = opening_at(OR2_PRR_TOKEN)
    assert game.graph.can_token(corporation(game, "PRR"))       # Lancaster
    assert not game.graph.can_token(corporation(game, "NYC"))   # Albany is its own; F20 has towns only
    assert game.graph.tokens == {corporation(game, "PRR"): True, corporation(game, "NYC"): False}


def test_a_placed_token_leaves_nothing_more_to_token() -> None:
    game = opening_at(OR2_PRR_ROUTES)
    assert not game.graph.can_token(corporation(game, "PRR"))


def test_route_info_knows_a_route_worth_buying_a_train_for() -> None:
    """Two stops a train must visit (Albany and a town) make a route; Albany alone does not."""
    before, after = opening_at(OR2_NYC), opening_at(OR2_NYC_ROUTES)
    assert before.graph.route_info(corporation(before, "NYC")) == {}
    assert after.graph.route_info(corporation(after, "NYC")) == {"route_available": True,
                                                                 "route_train_purchase": True}


def test_a_known_route_survives_a_cleared_graph() -> None:
    """New track and tokens only add routes: clear() keeps a route worth a train, clear_all() does not."""
    game = opening_at(OR2_NYC_ROUTES)
    nyc, prr = corporation(game, "NYC"), corporation(game, "PRR")
    game.graph.route_info(nyc), game.graph.route_info(prr)
    game.graph.clear()
    assert game.graph.routes == {nyc: {"route_available": True, "route_train_purchase": True}}
    assert game.graph.connected_hexes_ == {}
    game.graph.clear_all()
    assert game.graph.routes == {}


# ---------------------------------------------------------------- forgetting only what a change touches

def test_laying_a_tile_makes_only_the_corporations_reaching_the_hex_forget_their_graph() -> None:
    game = opening_at(OR2_NYC)
    nyc, prr = corporation(game, "NYC"), corporation(game, "PRR")
    nyc_before, prr_before = game.graph.connected_hexes(nyc), game.graph.connected_hexes(prr)
    game.process({"type": "lay_tile", "entity": "NYC", "entity_type": "corporation", "tile": "2-0", "hex": "F20",
                  "rotation": 0})
    assert game.graph.connected_hexes_[prr] is prr_before
    assert game.graph.connected_hexes_.get(nyc) is not nyc_before
    assert "F20" in hexes(game.graph.reachable_hexes(nyc))


def test_invalidate_hex_forgets_the_corporations_whose_reach_includes_it() -> None:
    game = opening_at(OR2_PRR_TOKEN)
    graph = game.graph
    nyc, prr = corporation(game, "NYC"), corporation(game, "PRR")
    graph.connected_hexes(nyc), graph.connected_hexes(prr), graph.can_token(prr)
    graph.invalidate_hex(game.hex_by_id("A9"))    # far from both
    assert set(graph.connected_hexes_) == {nyc, prr}
    graph.invalidate_hex(game.hex_by_id("H18"))   # an open end of PRR's track
    assert set(graph.connected_hexes_) == {nyc} and set(graph.connected_nodes_) == {nyc}
    assert prr not in graph.tokens and prr not in graph.reachable_hexes_


def test_placing_a_token_makes_only_the_corporations_reaching_the_city_forget_their_graph() -> None:
    game = opening_at(OR2_PRR_TOKEN)
    nyc, prr = corporation(game, "NYC"), corporation(game, "PRR")
    nyc_before, prr_before = game.graph.connected_nodes(nyc), game.graph.connected_nodes(prr)
    game.process({"type": "place_token", "entity": "PRR", "entity_type": "corporation", "city": "57-1-0",
                  "slot": 0})
    assert game.graph.connected_nodes_[nyc] is nyc_before
    assert game.graph.connected_nodes_.get(prr) is not prr_before


def test_invalidate_city_forgets_the_token_owner_even_if_it_did_not_reach_the_city() -> None:
    """B&O takes Lancaster's only slot: the city is full, so PRR, whose track reaches it, walks again too."""
    game = opening_at(OR2_PRR_TOKEN)
    graph = game.graph
    nyc, prr, bo = (corporation(game, s) for s in ("NYC", "PRR", "B&O"))
    graph.connected_nodes(nyc), graph.connected_nodes(prr), graph.connected_nodes(bo)
    lancaster = game.city_by_id("57-1-0")
    lancaster.exchange_token(bo.next_token())
    graph.invalidate_city(lancaster, bo)
    assert set(graph.connected_nodes_) == {nyc}


def test_a_city_with_a_slot_left_blocks_nobody_so_the_others_keep_their_network() -> None:
    """A station (or a reservation) in a city that still has an open slot changes no other corporation's
    walk (a city blocks only when every slot is taken): PRR keeps its network; only where it could place
    a station is asked again."""
    game = opening_at(OR2_PRR_TOKEN)
    graph = game.graph
    nyc, prr, bo = (corporation(game, s) for s in ("NYC", "PRR", "B&O"))
    prr_before = graph.connected_nodes(prr)
    graph.connected_nodes(nyc), graph.can_token(prr)
    graph.invalidate_city(game.city_by_id("57-1-0"), bo)   # Lancaster's one slot is still open
    assert set(graph.connected_nodes_) == {nyc, prr} and graph.connected_nodes_[prr] is prr_before
    assert prr not in graph.tokens


def test_the_cached_graph_always_agrees_with_a_fresh_walk() -> None:
    """After every action of the opening, every corporation's cached reach is what a walk finds anew."""
    game = opening_at(0)
    for action in OPENING["actions"]:
        for corp in game.corporations:
            game.graph.connected_hexes(corp), game.graph.route_info(corp), game.graph.can_token(corp)
        game.process(action)
        fresh = fresh_graph(game)
        for corp in game.corporations:
            assert game.graph.connected_hexes(corp) == fresh.connected_hexes(corp), (action, corp)
            assert game.graph.connected_nodes(corp) == fresh.connected_nodes(corp), (action, corp)
            assert game.graph.can_token(corp) == fresh.can_token(corp), (action, corp)
            assert game.graph.route_info(corp) == fresh.route_info(corp), (action, corp)


def test_a_corporation_closing_on_the_market_frees_the_cities_it_blocked() -> None:
    """On the 1830 opening with a closing yellow zone, a B&O station at Pittsburgh (H10, a 57 laid here
    by hand) runs past Altoona to PRR's full Lancaster; Ann's sale of 30% drops PRR into yellow."""
    game = opening_at(43, closing_yellow_1830())   # stock round 3, PRR at $67 (row 5)
    bo, pittsburgh = corporation(game, "B&O"), game.hex_by_id("H10")
    tile = next(t for t in game.tiles if t.name == "57")
    tile.rotate(1)
    pittsburgh.lay(tile)
    tile.cities[0].exchange_token(bo.next_token())
    game.graph.clear_all()
    assert "H18" not in hexes(game.graph.connected_hexes(bo))   # Lancaster blocks the way to H18
    for pid in (2, 3, 4):
        game.process({"type": "pass", "entity": pid, "entity_type": "player"})
    game.process({"type": "sell_shares", "entity": 1, "entity_type": "player",
                  "shares": ["PRR_1", "PRR_2", "PRR_4"], "percent": 30})
    assert "PRR closes" in game.log_lines and not game.city_by_id("57-1-0").tokened()
    assert "H18" in hexes(fresh_graph(game).connected_hexes(bo))
    assert game.graph.connected_hexes(bo) == fresh_graph(game).connected_hexes(bo)


# ---------------------------------------------------------------- questions a walk cut short answers

def test_asking_for_a_side_of_a_hex_stops_the_walk_there_and_keeps_what_it_marked() -> None:
    """Before a lay the track step asks only whether the corporation reaches one of the hex's sides the
    tile would use: the walk stops at the first such side it marks, and what it had marked answers the
    next question about it without walking again."""
    game = opening_at(OR2_NYC_ROUTES)
    nyc, d18 = corporation(game, "NYC"), game.hex_by_id("D18")
    graph = fresh_graph(game)
    assert graph.reaches_sides(nyc, d18, {5})
    assert nyc not in graph.connected_hexes_ and nyc in graph.partial_   # cut short, not the whole walk
    assert graph.reaches_sides(nyc, d18, {5, 0})                      # answered from what it marked
    assert not graph.reaches_sides(nyc, d18, {0, 1, 2, 3, 4})          # a no walks all the way, and is kept
    assert graph.connected_hexes_[nyc] == fresh_graph(game).connected_hexes(nyc)


def test_every_side_question_agrees_with_the_whole_walk() -> None:
    """At every position of the opening, for every corporation, hex and side: the cut-short answer is
    the whole walk's."""
    for at in (OR1_NYC, OR2_NYC, OR2_NYC_ROUTES, OR2_PRR, OR2_PRR_TOKEN, OR2_PRR_ROUTES):
        game = opening_at(at)
        for corp in game.corporations:
            whole = fresh_graph(game).connected_hexes(corp)
            for hex_ in game.hexes:
                for side in range(6):
                    assert fresh_graph(game).reaches_sides(corp, hex_, {side}) == (side in whole.get(hex_, [])), \
                        (at, corp.id, hex_.id, side)


def test_asking_for_paths_of_a_tile_stops_at_the_first_one_reached() -> None:
    """After a lay the track restriction asks only whether one of the new tile's paths that would allow
    the lay is reached."""
    game = opening_at(OR2_NYC_ROUTES)
    nyc, prr = corporation(game, "NYC"), corporation(game, "PRR")
    f20 = set(game.hex_by_id("F20").tile.paths)
    graph = fresh_graph(game)
    assert graph.reaches_any_path(nyc, f20) and nyc not in graph.connected_paths_
    assert not graph.reaches_any_path(prr, f20)
    assert graph.connected_paths_[prr] == fresh_graph(game).connected_paths(prr)


def test_the_route_answer_alone_stops_at_a_second_mandatory_stop_and_is_the_whole_walks() -> None:
    """route_info, asked before anything else: a station's walk stops once it has found two stops a
    route must count (a route worth buying a train for); the answer is what the whole walk gives."""
    for at in (OR1_NYC, OR2_NYC, OR2_NYC_ROUTES, OR2_PRR, OR2_PRR_TOKEN, OR2_PRR_ROUTES):
        game = opening_at(at)
        for corp in game.corporations:
            whole = fresh_graph(game)
            whole.connected_nodes(corp)
            assert fresh_graph(game).route_info(corp) == whole.routes.get(corp), (at, corp.id)


# ---------------------------------------------------------------- the stations nearest a question walk first

LATE_1830 = Path(__file__).parent / "fixtures" / "reference_games" / "1830_all_phases_to_bank_break.json.gz"


@functools.cache
def late_1830_at(action_id: int) -> Game:
    """A random 1830 game of the reference engine (tests/fixtures/reference_games), replayed up to an
    action: by action 1192 (phase 4) every corporation has two stations or more."""
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import replay

    log = eighteen_xx.from_dict(json.loads(gzip.decompress(LATE_1830.read_bytes())), source=LATE_1830.name)
    result = replay(log, until=action_id)
    assert result.error is None
    return result.game


def out_of_map_order(game: Game, corp, hex_) -> bool:
    """Whether a question about the hex walks the corporation's stations in another order than the map's."""
    stations = game.graph.stations(corp)
    return sorted(stations, key=lambda c: c.tile.hex.distance(hex_)) != stations


def test_a_question_about_one_place_has_the_whole_walks_answer_whichever_station_walks_first() -> None:
    """Late in a game, where corporations have several stations: asked about a side of any hex (the
    stations nearest it walk first), about any hex, any stop, and any path, the cut-short answer is
    what the whole walk, from the stations in map order, reaches."""
    asked_out_of_order = 0
    for at in (1192, 2383):
        game = late_1830_at(at)
        for corp in game.corporations:
            whole = fresh_graph(game)
            sides, hexes_reached = whole.connected_hexes(corp), whole.reachable_hexes(corp)
            reached_nodes, reached_paths = whole.connected_nodes(corp), whole.connected_paths(corp)
            for hex_ in game.hexes:
                asked_out_of_order += out_of_map_order(game, corp, hex_)
                for side in range(6):
                    assert fresh_graph(game).reaches_sides(corp, hex_, {side}) == (side in sides.get(hex_, [])), \
                        (at, corp.id, hex_.id, side)
                assert fresh_graph(game).reaches_hex(corp, hex_) == (hex_ in hexes_reached), (at, corp.id, hex_.id)
                for node in hex_.tile.nodes:
                    assert fresh_graph(game).connects(corp, node) == (node in reached_nodes), (at, corp.id, node.id)
                paths = set(hex_.tile.paths)
                assert fresh_graph(game).reaches_any_path(corp, paths) == any(p in reached_paths for p in paths), \
                    (at, corp.id, hex_.id)
    assert asked_out_of_order > 100


def test_a_no_walked_out_of_map_order_keeps_the_whole_walk_in_map_order() -> None:
    """A question that finds nothing has walked the whole network: what is kept (the sides by hex, the
    stops and paths, in the order first reached, and the route answer) is the map-order walk's; a yes
    out of map order leaves the route answer to be worked out in map order."""
    game = late_1830_at(2383)
    checked = 0
    for corp in game.corporations:
        whole = fresh_graph(game)
        whole.connected_hexes(corp)
        for hex_ in game.hexes:
            if not out_of_map_order(game, corp, hex_):
                continue
            graph = fresh_graph(game)
            if graph.reaches_hex(corp, hex_):
                assert corp not in graph.routes and corp in graph.partial_
                continue
            assert list(graph.connected_hexes_[corp].items()) == list(whole.connected_hexes_[corp].items())
            assert list(graph.connected_nodes_[corp]) == list(whole.connected_nodes_[corp])
            assert list(graph.connected_paths_[corp]) == list(whole.connected_paths_[corp])
            assert graph.routes.get(corp) == whole.routes.get(corp)
            checked += 1
    assert checked > 10
