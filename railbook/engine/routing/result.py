"""The optimizer's answer: a route per train as a ``run_routes`` action records it, and the total.

A route is given the way recorded games give it: ``connections``, each the hexes one run of
track passes from one stop to the next (named as the route rules name them,
:func:`railbook.engine.rules.routes.chain_id`), the hexes of its stops, and its revenue. The
engine rebuilds a route from its connections and scores it itself, so the answer is
checked the same way (:func:`engine_revenues`): the action it makes is one the engine
accepts, for exactly that revenue.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from railbook.engine.routing.candidates import Candidate
from railbook.engine.routing.network import Network
from railbook.engine.routing.score import connection_data
from railbook.engine.routing.search import SearchStats, solve
from railbook.engine.rules.abilities import run_bonuses
from railbook.engine.rules.routes import rebuild_routes
from railbook.errors import EngineError, GameError, RouteError

if TYPE_CHECKING:
    from railbook.engine.state import GameState


@dataclass(frozen=True)
class TrainRoute:
    """One train's route."""

    train: str                                   # the train's id ("D-1")
    connections: tuple[tuple[str, ...], ...]     # per run of track, the hexes it passes
    hexes: tuple[str, ...]                       # the hexes of its stops, in order
    revenue: int

    def to_dict(self) -> dict[str, Any]:
        return {"train": self.train, "connections": [list(c) for c in self.connections],
                "hexes": list(self.hexes), "revenue": self.revenue}


@dataclass(frozen=True)
class BestRoutes:
    """The corporation's best routes: a route per train that runs (trains that earn nothing
    are left out), their total revenue, and what the search did."""

    corporation: str
    entity_type: str
    routes: tuple[TrainRoute, ...]
    total: int
    stats: SearchStats = field(default_factory=SearchStats, compare=False)

    def action(self) -> dict[str, Any]:
        """The ``run_routes`` action that runs these routes."""
        return {"type": "run_routes", "entity": self.corporation, "entity_type": self.entity_type,
                "routes": [r.to_dict() for r in self.routes], "extra_revenue": 0}


def train_route(net: Network, train: Any, revenue: int, cand: Candidate) -> TrainRoute:
    conns = connection_data(net, cand)
    hexes = [conns[0][0]] + [right for _, right, _ in conns]
    return TrainRoute(train=train.id, connections=tuple(tuple(c["id"]) for _, _, c in conns),
                      hexes=tuple(s.tile.hex.id for s in hexes if s.tile.hex is not None), revenue=revenue)


def best_routes(game: "GameState", corporation: Any, verify: bool = True) -> BestRoutes:
    """The routes of all the corporation's trains that have not run yet with the maximum total
    revenue under every route rule of the title (``corporation``: the object or its symbol).

    The answer is checked with the engine's own route rules before it is returned (``verify``);
    an answer the engine would refuse or score otherwise is an :class:`EngineError` (a fault of
    the optimizer, never a rule of the game)."""
    if isinstance(corporation, str):
        found = game.corporation_by_id(corporation)
        if found is None:
            raise GameError(f"unknown corporation {corporation!r}", "routes")
        corporation = found
    solution = solve(game, corporation)
    routes = tuple(train_route(solution.net, t, v, c) for t, (v, c) in solution.routes if solution.net is not None)
    # what the corporation's route_bonus abilities add, each to the first route visiting its hexes (as the
    # route step pays them)
    bonuses = run_bonuses(corporation, [list(r.hexes) for r in routes])
    routes = tuple(replace(r, revenue=r.revenue + b) if b else r for r, b in zip(routes, bonuses))
    result = BestRoutes(corporation=corporation.id, entity_type="minor" if corporation.minor else "corporation",
                        routes=routes, total=solution.total + sum(bonuses), stats=solution.stats)
    if not verify:
        return result
    try:
        revenues = engine_revenues(game, result.action())
    except RouteError as exc:
        raise EngineError(f"the route optimizer's routes for {corporation.id} break a route rule: {exc}") from exc
    if revenues != [r.revenue for r in routes]:
        raise EngineError(f"the route optimizer scored {corporation.id}'s routes {[r.revenue for r in routes]}, "
                          f"the route rules {revenues}")
    return result


def engine_revenues(game: "GameState", action: dict[str, Any]) -> list[int]:
    """What the engine's route rules make of a ``run_routes`` action now: each route rebuilt
    from its connections and scored, with the run's route bonuses, as the route step does
    (nothing changes in the game)."""
    entity = game.corporation_by_id(action["entity"])
    specs = []
    for r in action.get("routes") or []:
        train = game.train_by_id(r.get("train"))
        if train is None:
            raise RouteError(f"unknown train {r.get('train')!r}", "routes")
        specs.append({"train": train, "connections": r.get("connections") or []})
    routes = rebuild_routes(game, entity, specs)
    bonuses = run_bonuses(entity, [route.hexes() for route in routes])
    return [route.revenue() + bonus for route, bonus in zip(routes, bonuses)]


def auto_routes_action(game: "GameState") -> dict[str, Any] | None:
    """The ``run_routes`` action for the best routes of the entity whose turn it is to run its
    trains; None when running trains is not what it may do now. A corporation whose trains
    find no paying route gets the action with no routes (it earns nothing)."""
    entity = game.round.current_entity
    if entity is None or not entity.is_operator() or "run_routes" not in game.round.actions_for(entity):
        return None
    return best_routes(game, entity).action()
