"""Routes an older 18xx.games export records as hexes alone (no connections): every reading of them
the track allows and the rules accept (:mod:`railbook.engine.rules.routes` builds and checks each)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.map.tile import Path, Stop, hex_of
from railbook.engine.rules.routes import Chain, Route, chain_id
from railbook.errors import RouteError
from railbook.hexgrid import invert

if TYPE_CHECKING:
    from railbook.engine.entities.train import Train
    from railbook.engine.state import GameState


def routes_from_hexes(game: "GameState", train: "Train", corporation: Any, hex_ids: list[str],
                      other_paths: set[Path]) -> list[tuple[Route, int]]:
    """Every route the recorded hexes can mean, with its revenue, each built and checked like a
    recorded route. First the hexes read in order, cut into connections at stops (each piece track
    between two stops with none in between); if no cut works (some exports list each connection's
    hexes in its own direction, or each hex once), every route over exactly these hexes.
    An empty list: no legal route runs there."""
    probe = Route(game, train, corporation, [])
    n = len(hex_ids)
    cuts: list[list[list[str]]] = []

    def cut(start: int, conns: list[list[str]]) -> None:
        for end in range(start + 1, n):
            piece = hex_ids[start:end + 1]
            if not probe._matching_chains(piece):
                continue
            if end == n - 1:
                cuts.append(conns + [piece])
            else:
                cut(end, conns + [piece])

    if n >= 2:
        cut(0, [])
    found = _build_all(game, train, corporation, cuts, other_paths)
    if not found and n >= 2:
        found = _build_all(game, train, corporation, _covering_routes(game, set(hex_ids)), other_paths)
    return found


def _build_all(game: "GameState", train: "Train", corporation: Any, options: list[list[list[str]]],
               other_paths: set[Path]) -> list[tuple[Route, int]]:
    found: list[tuple[Route, int]] = []
    for conns in options:
        try:
            route = Route(game, train, corporation, conns, other_paths=other_paths)
            found.append((route, route.revenue()))
        except RouteError:
            pass
    return found


def _covering_routes(game: "GameState", hexes: set[str], limit: int = 64) -> list[list[list[str]]]:
    """Chains of connections (as hex lists) that use track in exactly these hexes, each hex at least once."""
    stops = [s for hid in sorted(hexes) if (h := game.hex_by_id(hid)) is not None for s in h.tile.nodes]
    out: list[list[list[str]]] = []

    def extend(at: Stop, seen: list[Stop], used: set[Path], covered: set[str], conns: list[list[str]]) -> None:
        if len(out) >= limit:
            return
        if covered == hexes and conns:
            out.append(list(conns))
        for chain in _chains_within(at, hexes):
            end = chain["nodes"][1]
            if end in seen or set(chain["paths"]) & used:
                continue
            extend(end, seen + [end], used | set(chain["paths"]), covered | set(chain["id"]), conns + [chain["id"]])

    for s in stops:
        extend(s, [s], set(), {hex_of(s).id}, [])
    return out


def _chains_within(start: Stop, hexes: set[str]) -> list[Chain]:
    """The runs of track from ``start`` to another stop that stay inside these hexes."""
    chains: list[Chain] = []
    visited: dict[Path, bool] = {}
    counter: dict[Any, int] = {}

    def step(path: Path, skip: int | None) -> None:
        if path in visited:
            return
        hex_ = hex_of(path)
        for e in path.edges:
            if counter.get((hex_.id, e), 0) > 0:
                return
        visited[path] = True
        ends = [n for n in path.nodes if n is not start]
        if ends and path.junction is None:
            paths = list(visited)
            for end in ends:
                chains.append({"nodes": [start, end], "paths": paths, "id": chain_id(paths)})
        else:
            for edge in path.edges:
                if edge == skip:
                    continue
                neighbor = hex_.neighbors.get(edge)
                if neighbor is None or neighbor.id not in hexes:
                    continue
                key = (hex_.id, edge)
                counter[key] = counter.get(key, 0) + 1
                np_edge = invert(edge)
                for np in neighbor.tile.paths_at(np_edge):
                    if path.track != np.track and "dual" not in (path.track, np.track):
                        continue
                    step(np, np_edge)
                counter[key] -= 1
        visited.pop(path, None)

    for p in start.paths:
        if hex_of(p).id in hexes:
            step(p, None)
    return chains
