"""Routes by brute force, for checking the optimizer: every shape of route the track allows,
each scored by the engine's route rules, every set of them tried.

Nothing here shares the optimizer's search or bounds: the runs of track between stops are
the route rules' own (``rules.routes.node_chains``), between every two stops the
corporation's graph reaches; a route is any chain of them that never reuses a stop or a
piece of track; the engine's ``Route.check``, ``check_overlap`` and ``revenue`` decide what
is legal and what it earns.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any, Iterator

from railbook.engine.game import Game
from railbook.engine.routing.score import CandidateRoute
from railbook.engine.rules.routes import Route, check_overlap, node_chains
from railbook.errors import RouteError
from railbook.importers.route_check import game_and_actions


class TooBig(Exception):
    """The position has too many routes to try them all."""


def every_route(game: Game, corporation: Any, train: Any, most: int = 3000) -> list[Route]:
    """Every legal route of the train on the corporation's track (TooBig past ``most`` shapes)."""
    nodes = [n for n in game.graph.connected_nodes(corporation) if not n.is_junction()]
    cache: dict[tuple[int, int], list[Any]] = {}
    chains = {a: [(b, c) for b in nodes if b is not a for c in node_chains(a, b, cache)] for a in nodes}
    d = train.distance
    longest = {"stops": d.n, "rows": sum(r.visit for r in d.rows)}.get(d.kind, len(nodes))
    longest = min(longest, len(nodes))
    out: list[Route] = []
    shapes = 0

    def grow(legs: list[tuple[Any, Any, Any]], stops: list[Any], paths: set[Any]) -> None:
        nonlocal shapes
        if legs:
            shapes += 1
            if shapes > most:
                raise TooBig
            route = CandidateRoute(game, train, corporation, list(stops), list(legs))
            try:
                route.revenue()
                check_overlap([route])
            except RouteError:
                pass
            else:
                out.append(route)
        if len(stops) >= longest:
            return
        for b, chain in chains[stops[-1]]:
            if b in stops or paths & set(chain["paths"]):
                continue
            grow(legs + [(stops[-1], b, chain)], stops + [b], paths | set(chain["paths"]))

    for a in nodes:
        grow([], [a], set())
    return out


def best_by_brute_force(game: Game, corporation: Any, most: int = 3000, sets: int = 300_000) -> int:
    """The highest total any set of routes (one or none per train) earns under the engine's rules."""
    trains = corporation.runnable_trains()
    options: list[list[tuple[int, Route | None]]] = []
    size = 1
    for t in trains:
        routes = every_route(game, corporation, t, most)
        options.append([(0, None)] + [(r.revenue(), r) for r in routes])
        size *= len(options[-1])
        if size > sets:
            raise TooBig
    best = 0
    for pick in itertools.product(*options):
        total = sum(v for v, _ in pick)
        if total <= best:
            continue
        chosen = [r for _, r in pick if r is not None]
        try:
            check_overlap(chosen)
        except RouteError:
            continue
        best = total
    return best


def run_routes_positions(path: Path) -> Iterator[tuple[Game, dict[str, Any]]]:
    """The game just before each run_routes of a recorded log or Rails report (the same game, moved on)."""
    game, actions = game_and_actions(path)
    for action in actions:
        if action.get("type") == "run_routes":
            yield game, action
        game.process_action(action)
