"""The best routes of all of a corporation's trains: a branch and bound that proves its answer.

1. Each kind of train alone: its best route (:func:`search_routes` with a rising floor).
   Those values bound what each train can earn in any set of routes.
2. A first set of routes, greedily: the trains, best first, each the best route the track
   left by the ones before allows. Its total is the value to beat (the incumbent).
3. A train's route can be in a better set only if it earns more than the incumbent less the
   best every other train could earn alone: each kind of train lists its routes above that.
4. Sets of routes, one per train (or none), with no track shared, searched over those lists
   best first (:mod:`sets`), cut off where the total so far plus the best route each remaining
   train is still allowed cannot beat the best set found.

A ``stops_bonus`` (so much a stop, for the run's longest route) pays a set, not a route: a set
earns its routes' values and the bonus for its longest route, which is the most it earns with the
bonus paid to any one of its routes. So the search is run once for each kind of train whose route
could be the one paid, that train's routes earning the bonus, the others not, and the best of those
sets is the answer; the bonus is then paid where the route rules pay it.

Each step prunes only by upper bounds (the stops' values, :mod:`bounds`, and what bonuses
can add, :mod:`bonus`), so the set it returns has the maximum total revenue. Trains that may
share the others' track (``route_may_overlap``) each run their own best route.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from railbook.engine.routing.bonus import bonus_cap, route_facts
from railbook.engine.routing.bounds import ExtraBound
from railbook.engine.routing.candidates import Candidate, Floor, search_routes
from railbook.engine.routing.network import Network, build_network
from railbook.engine.routing.reach import UNBOUNDED, Reach
from railbook.engine.routing.score import Scorer, visited
from railbook.engine.rules.routes import earns_stops_bonus, stops_bonus_amount
from railbook.engine.routing.sets import RouteList, SetSearch

if TYPE_CHECKING:
    from railbook.engine.state import GameState

#: a route as the search keeps it: its revenue and its shape
Scored = tuple[int, Candidate]


@dataclass
class SearchStats:
    """What the search did (for the benchmark and for curious readers)."""

    stops: int = 0
    runs: int = 0
    candidates: int = 0   # routes handed to a scorer
    scored: int = 0       # routes the engine's route rules scored
    sets: int = 0         # sets of routes tried


class TrainKind:
    """Trains that run alike (same name, distance, multiplier and overlap rule) share one search."""

    def __init__(self, game: "GameState", corporation: Any, net: Network, train: Any, stats: SearchStats,
                 per_stop: int = 0):
        self.net = net
        self.reach = Reach(game, train, net.stops)
        self.bound = ExtraBound(self.reach, net)
        self.scorer = Scorer(game, corporation, net, self.reach, per_stop)
        self.cap = bonus_cap(game, corporation, net, self.reach)
        if per_stop and self.cap < UNBOUNDED:   # the stops bonus this train's routes are paid
            self.cap += per_stop * route_facts(game, corporation, net, self.reach).max_stops
        self.apart = bool(train.definition.route_may_overlap)
        self.stats = stats
        self.alone: Scored | None = None

    def best(self, forbidden: int = 0) -> Scored | None:
        """The best route avoiding the forbidden track (None: no route earns anything)."""
        floor = Floor(0)
        found: list[Scored] = []

        def consume(cand: Candidate) -> None:
            self.stats.candidates += 1
            value = self.scorer.score(cand)
            if value is not None and value > floor.value:
                floor.value = value
                found.append((value, cand))

        search_routes(self.net, self.reach, self.bound, floor, consume, self.cap, forbidden)
        return found[-1] if found else None

    def above(self, threshold: int) -> list[Scored]:
        """Every route earning more than the threshold, best first."""
        out: list[Scored] = []

        def consume(cand: Candidate) -> None:
            self.stats.candidates += 1
            value = self.scorer.score(cand)
            if value is not None and value > threshold:
                out.append((value, cand))

        search_routes(self.net, self.reach, self.bound, Floor(threshold), consume, self.cap)
        out.sort(key=lambda s: -s[0])
        return out


@dataclass
class Solution:
    """The chosen route per train (trains without one earn nothing) and what the search did."""

    net: Network | None
    routes: list[tuple[Any, Scored]] = field(default_factory=list)
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def total(self) -> int:
        return sum(s[0] for _, s in self.routes)


def solve(game: "GameState", corporation: Any, trains: list[Any] | None = None) -> Solution:
    """The routes with the maximum total revenue for the corporation's trains that have not run."""
    trains = list(corporation.runnable_trains() if trains is None else trains)
    stats = SearchStats()
    if not trains or not any(t.used and t.city is not None for t in corporation.tokens):
        return Solution(None, stats=stats)
    net = build_network(game, corporation)
    stats.stops, stats.runs = len(net.stops), len(net.runs)
    per_stop = stops_bonus_amount(corporation)
    if not per_stop:
        return _solve(game, corporation, net, trains, stats)
    paid: dict[Any, Any] = {}   # one train of each kind: the route paid the stops bonus
    for t in trains:
        paid.setdefault(_kind_key(t), t)
    best: tuple[Solution, Any] | None = None
    for longest in paid.values():
        found = _solve(game, corporation, net, trains, stats, longest, per_stop)
        if best is None or found.total > best[0].total:
            best = (found, longest)
    assert best is not None
    return _pay_stops_bonus(*best, net, per_stop)


def _kind_key(t: Any) -> tuple[Any, ...]:
    return (t.name, t.distance, t.multiplier, t.definition.route_may_overlap, t.requires_token)


class _Run:
    """A chosen route as the route rules ask which route a stops bonus pays (its train, its stops)."""

    def __init__(self, train: Any, stops: int):
        self.train, self.stops = train, stops

    def visited_stops(self) -> range:
        return range(self.stops)


def _pay_stops_bonus(solution: Solution, longest: Any, net: Network, per_stop: int) -> Solution:
    """The set found with the ``longest`` train's routes paid the stops bonus, the bonus moved to the route
    the route rules pay (one with as many stops, if not that one: the set's total stays)."""
    runs = [_Run(t, len(visited(net, c))) for t, (_, c) in solution.routes]
    paid = earns_stops_bonus(runs)
    bonus = {r.train: per_stop * r.stops for r in runs}
    solution.routes = [(t, (v - (bonus[t] if t is longest else 0) + (bonus[t] if paid is not None and t is paid.train
                                                                      else 0), c))
                       for t, (v, c) in solution.routes]
    return solution


def _solve(game: "GameState", corporation: Any, net: Network, trains: list[Any], stats: SearchStats,
           longest: Any = None, per_stop: int = 0) -> Solution:
    """The best set, the ``longest`` train's routes paid ``per_stop`` for each stop (where given)."""
    kinds: dict[Any, TrainKind] = {}
    kind_of: dict[Any, TrainKind] = {}
    for t in trains:
        key = _kind_key(t) + ((t is longest),)
        if key not in kinds:
            kinds[key] = TrainKind(game, corporation, net, t, stats, per_stop if t is longest else 0)
        kind_of[t] = kinds[key]
    for kind in kinds.values():
        kind.alone = kind.best()

    chosen: dict[Any, Scored] = {}
    shared = [t for t in trains if not kind_of[t].apart]
    for t in trains:
        alone = kind_of[t].alone
        if kind_of[t].apart and alone is not None:
            chosen[t] = alone
    if shared:
        chosen.update(_best_set(shared, kind_of, stats))
    return Solution(net, [(t, chosen[t]) for t in trains if t in chosen], stats)


def _value(s: Scored | None) -> int:
    return s[0] if s is not None else 0


def _best_set(trains: list[Any], kind_of: dict[Any, TrainKind], stats: SearchStats) -> dict[Any, Scored]:
    """Routes for trains that may not share track: greedy first, then proved best."""
    # best trains first; trains of a kind side by side (the set search counts each set once), kinds
    # of equal worth in the order their first train comes: where sets tie, the same train runs the
    # same route in every process (never by where its kind happens to lie in memory)
    first: dict[int, int] = {}
    for i, t in enumerate(trains):
        first.setdefault(id(kind_of[t]), i)
    order = sorted(trains, key=lambda t: (-_value(kind_of[t].alone), first[id(kind_of[t])]))
    if len(order) == 1:
        only = kind_of[order[0]].alone
        return {order[0]: only} if only is not None else {}
    greedy: dict[Any, Scored] = {}
    used = 0
    for t in order:
        kind = kind_of[t]
        s = kind.alone  # the best route alone is the best beside the others when it avoids their track
        if s is not None and s[1].track & used:
            s = kind.best(used)
        if s is not None:
            greedy[t] = s
            used |= s[1].track
    incumbent = sum(s[0] for s in greedy.values())
    alone = [_value(kind_of[t].alone) for t in order]
    ceiling = sum(alone)
    if incumbent >= ceiling:
        return greedy
    # each kind's routes that could be part of a better set
    # (trains of one kind earn the same alone, so they share a threshold and a list)
    lists: dict[int, list[tuple[int, int, Candidate]]] = {}
    for i, t in enumerate(order):
        kind = kind_of[t]
        if id(kind) not in lists:
            threshold = incumbent - (ceiling - alone[i])
            lists[id(kind)] = [(v, c.track, c) for v, c in kind.above(max(threshold, 0))]
    same_next = [i + 1 < len(order) and kind_of[order[i + 1]] is kind_of[order[i]] for i in range(len(order))]
    route_lists = {key: RouteList(routes) for key, routes in lists.items()}
    per_train = [route_lists[id(kind_of[t])] for t in order]
    search = SetSearch(per_train, same_next, incumbent)
    picks = search.run()
    stats.sets += search.nodes
    if picks is None:
        return greedy
    out: dict[Any, Scored] = {}
    for t, lst, idx in zip(order, per_train, picks):
        if idx is not None:
            out[t] = (lst.values[idx], lst.items[idx])
    return out
