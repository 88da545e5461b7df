"""What one train may visit and what each stop is worth to it, as the search asks it.

The four distance kinds of :meth:`railbook.engine.rules.routes.Route.check_distance`:

* ``stops``: the visit costs of its stops add up to at most n;
* ``unlimited``: any number;
* ``hexes``: the hexes its track lies in, less one (borders crossed centre to centre), at most n;
* ``rows`` (a 5+1, an 8+x, an express train): visits by kind of stop, each row taking the kinds
  it lists up to its ``visit`` limit, filled as the engine fills them (the kinds fewest rows
  accept first); a row scores at most ``pay`` stops at its multiplier.

Each test is written on small integers (a stop-count, a hex bitset, a tuple of counts per
kind) so the search can carry it from stop to stop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.map.tile import Stop
    from railbook.engine.state import GameState

UNBOUNDED = 1 << 30


class Reach:
    """One train's distance rules and stop values over a network's stops."""

    def __init__(self, game: "GameState", train: Any, stops: list["Stop"]):
        self.train = train
        d = train.distance
        self.kind: str = d.kind
        self.n: int = d.n
        phase_tiles = list(game.phase.revenue_colors)
        if d.kind == "rows":
            self.kinds: tuple[str, ...] = tuple(sorted({k for r in d.rows for k in r.stops} | {s.kind for s in stops}))
            scoring = {k for r in d.rows if r.pay > 0 for k in r.stops}
            # the engine fills rows kind by kind, the kinds fewest rows accept first
            accepts = {k: [i for i, r in enumerate(d.rows) if k in r.stops] for k in self.kinds}
            self.fill_order = sorted(range(len(self.kinds)), key=lambda i: len(accepts[self.kinds[i]]))
            self.accepts = [accepts[k] for k in self.kinds]
            self.visit_limits = [r.visit for r in d.rows]
            self.kind_of = [self.kinds.index(s.kind) for s in stops]
            self.max_visits = sum(self.visit_limits)
            self.pays = sum(r.pay for r in d.rows)
        else:
            scoring = {s.kind for s in stops}
            self.kinds = ()
            self.kind_of = [0] * len(stops)
            self.max_visits = d.n if d.kind == "stops" else UNBOUNDED
            self.pays = UNBOUNDED
        # what each stop adds to the route's revenue when it scores (its phase value for this train,
        # multiplied); a kind no paying row takes is worth nothing to this train
        self.values = [s.revenue_in(phase_tiles, train) if s.kind in scoring else 0 for s in stops]
        self.cost = [s.visit_cost for s in stops]

    # -- the visit counter the search carries: an int for stops, a tuple of counts per kind for rows
    def start(self, stop: int) -> Any:
        if self.kind == "rows":
            counts = [0] * len(self.kinds)
            counts[self.kind_of[stop]] += self.cost[stop]
            return tuple(counts)
        return self.cost[stop]

    def visit(self, counter: Any, stop: int) -> Any:
        """The counter after visiting one more stop, or None if the train cannot."""
        kind = self.kind
        if kind == "stops":
            c = counter + self.cost[stop]
            return c if c <= self.n else None
        if kind == "rows":
            counts = list(counter)
            counts[self.kind_of[stop]] += self.cost[stop]
            return tuple(counts) if self.rows_fit(counts) else None
        return counter

    def rows_fit(self, counts: list[int]) -> bool:
        """The visits fit the rows, filled as :meth:`Route.check_distance` fills them."""
        left = list(self.visit_limits)
        for k in self.fill_order:
            num = counts[k]
            if num <= 0:
                continue
            for r in self.accepts[k]:
                if left[r] <= 0:
                    continue
                take = min(num, left[r])
                left[r] -= take
                num -= take
                if num <= 0:
                    break
            if num > 0:
                return False
        return True

    def hexes_fit(self, hexes: int) -> bool:
        return self.kind != "hexes" or hexes.bit_count() - 1 <= self.n

    def visits_left(self, counter: Any) -> int:
        """At most how many more stops the train may visit (an upper bound)."""
        if self.kind == "stops":
            return self.n - counter
        if self.kind == "rows":
            return self.max_visits - sum(counter)
        return UNBOUNDED
