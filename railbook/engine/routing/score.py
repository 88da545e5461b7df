"""A candidate route's revenue, as the engine's route rules compute it.

Where nothing but the stops pays (no ``route_bonus`` or ``check_route`` hook, no mechanic's
bonus) and every visited stop scores (any distance but rows), a route earns exactly the
values of its stops, which the search has already summed. Otherwise the candidate becomes
an engine :class:`~railbook.engine.rules.routes.Route` on the track the search found, and
the route rules score it themselves: every check, the stops that score (a rows train
chooses its best), the title's and the mechanics' bonuses. A route a rule refuses
scores ``None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.map.tile import Stop
from railbook.engine.routing.candidates import Candidate
from railbook.engine.routing.network import Network
from railbook.engine.routing.reach import Reach
from railbook.engine.rules.routes import Chain, Route, chain_id, check_route, route_bonus, stops_bonus
from railbook.errors import RouteError

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class CandidateRoute(Route):
    """A route on track already found (the search's runs), not rebuilt from recorded hexes.

    Asked only for its stops (what the title's hooks and the mechanics see of a route), it
    needs no track; with ``connection_data`` it is a whole route the route rules can check."""

    def __init__(self, game: "GameState", train: Any, corporation: Any, visited: list[Stop],
                 connection_data: list[tuple[Stop, Stop, Chain]] | None = None):
        super().__init__(game, train, corporation, [])   # no recorded hexes to rebuild: the track is known
        self.connection_data = connection_data or []
        self.connection_hexes = [c["id"] for _, _, c in self.connection_data]
        self._visited = visited

    def visited_stops(self) -> list[Stop]:
        return self._visited


def visited(net: Network, cand: Candidate) -> list[Stop]:
    """The route's stops in the order it visits them."""
    legs = cand.legs
    return [net.stops[legs[0][1]]] + [net.stops[b] for _, _, b in legs]


def connection_data(net: Network, cand: Candidate) -> list[tuple[Stop, Stop, Chain]]:
    """The route's connections as the route rules hold them: (from, to, chain) per run."""
    out = []
    for r, a, b in cand.legs:
        run = net.runs[r]
        paths = list(run.paths) if a == run.u else list(reversed(run.paths))
        left, right = net.stops[a], net.stops[b]
        out.append((left, right, {"nodes": [left, right], "paths": paths, "id": chain_id(paths)}))
    return out


def has_route_rules(game: "GameState", corporation: Any) -> bool:
    """The title or a mechanic adds to the corporation's routes or refuses some: the engine
    must score each route."""
    title = game.title
    if title.hook("route_bonus") is not None or title.hook("check_route") is not None:
        return True
    return any(m.route_bonus_bound(corporation) != 0 for m in game.mechanics)


class Scorer:
    """Scores one train's candidate routes.

    The search builds only routes whose shape keeps every rule of
    :meth:`Route.check` but the title's ``check_route``, so that hook is asked here, and the
    bonuses added to the stops' values. A rows train scores every stop it visits when they
    all fit its paying rows (the one combination :meth:`Route.stops` tries first); otherwise
    the engine's route rules score the whole route themselves.

    A ``stops_bonus`` pays only the longest of the routes run together, which no route alone
    knows: the scorer leaves it out, but for the train the search takes to be the longest, whose
    routes it pays ``per_stop`` for each stop (:func:`railbook.engine.routing.search.solve`)."""

    def __init__(self, game: "GameState", corporation: Any, net: Network, reach: Reach, per_stop: int = 0):
        self.per_stop = per_stop
        self.game = game
        self.corporation = corporation
        self.net = net
        self.train = reach.train
        self.rules = has_route_rules(game, corporation)
        self.plain = reach.kind != "rows" and not self.rules
        self.rows = reach.kind == "rows"
        self.check_hook = game.title.hook("check_route") is not None
        if self.rows:
            rows = sorted(self.train.distance.rows, key=lambda r: len(r.stops))
            self.row_kinds = [set(r.stops) for r in rows]
            self.row_pays = [r.pay for r in rows]

    def route(self, cand: Candidate) -> CandidateRoute:
        """The candidate as a whole engine route."""
        return CandidateRoute(self.game, self.train, self.corporation, visited(self.net, cand),
                              connection_data(self.net, cand))

    def score(self, cand: Candidate) -> int | None:
        if self.plain:
            return cand.base + self.per_stop * (len(cand.legs) + 1)
        stops = visited(self.net, cand)
        if self.rows and not self._all_score(stops):
            return self._by_the_rules(cand)
        route = CandidateRoute(self.game, self.train, self.corporation, stops)
        try:
            if self.check_hook:
                check_route(self.game, route)
            value = cand.base + (route_bonus(self.game, route, stops) - stops_bonus(route) if self.rules else 0)
        except RouteError:
            return None
        if self.rows and value <= 0:
            return self._by_the_rules(cand)
        return value + self.per_stop * len(stops)

    def _all_score(self, stops: list[Stop]) -> bool:
        """Every stop finds a paying row, rows taken in :meth:`Route.stops`' order."""
        if len(stops) > sum(self.row_pays):
            return False
        used = [0] * len(self.row_pays)
        for stop in stops:
            for i, kinds in enumerate(self.row_kinds):
                if stop.kind in kinds and used[i] < self.row_pays[i]:
                    used[i] += 1
                    break
            else:
                return False
        return True

    def _by_the_rules(self, cand: Candidate) -> int | None:
        route = self.route(cand)
        try:
            return route.revenue() - stops_bonus(route) + self.per_stop * len(route.visited_stops())
        except RouteError:
            return None
