"""The most a route's bonuses can add: the bound the search adds to every partial route.

Bonuses come from the title's ``route_bonus`` hook (bounded by reading its code,
:mod:`hookbound`) and from mechanics (their ``route_bonus_bound``). Where no bound is known
the search prunes by nothing but the routes' shapes: it stays exact, only slower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.routing.hookbound import Interval, RouteFacts, hook_bound
from railbook.engine.routing.network import Network
from railbook.engine.routing.reach import UNBOUNDED, Reach

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def route_facts(game: "GameState", corporation: Any, net: Network, reach: Reach) -> RouteFacts:
    """What any route of this train on this network can be, for reading a hook."""
    phase_tiles = list(game.phase.revenue_colors)
    worth = [s.revenue_in(phase_tiles, reach.train) for s in net.stops] or [0]
    most = len(net.stops)
    if reach.max_visits < UNBOUNDED and all(c > 0 for c in reach.cost):
        most = min(most, reach.max_visits)
    revenue = sum(sorted(worth, reverse=True)[:most])
    return RouteFacts(max_stops=most, values=Interval(min(0, min(worth)), max(worth)),
                      revenue=Interval(min(0, revenue), max(0, revenue)),
                      hexes=frozenset(s.tile.hex.id for s in net.stops if s.tile.hex is not None),
                      kinds=frozenset(s.kind for s in net.stops), corporation=corporation, train=reach.train)


def bonus_cap(game: "GameState", corporation: Any, net: Network, reach: Reach) -> int:
    """An upper bound of the bonuses any one route of this train can earn (UNBOUNDED: unknown)."""
    total = 0
    for m in game.mechanics:
        b = m.route_bonus_bound(corporation)
        if b is None:
            return UNBOUNDED
        total += max(b, 0)
    fn = game.title.hook("route_bonus")
    if fn is not None:
        b = hook_bound(fn, game.api, route_facts(game, corporation, net, reach))
        if b is None:
            return UNBOUNDED
        total += b
    return total
