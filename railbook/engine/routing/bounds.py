"""Upper bounds: the most the rest of a route could still add.

A bound is *admissible* when no completion of a route can earn more than it says, so a
route whose value so far plus its bound cannot beat the best known is never followed
further and nothing better is lost. What a stop adds is its value to the train
(:mod:`reach`), and a route visits each stop once, so:

* a train with a stop limit adds at most the best ``visits left`` values among the stops
  it has not visited (stops that cost no visit may all be added) and can reach: a stop k runs
  of track away from the route's ends (through stops a route may pass) costs k visits to reach;
* any other train adds at most the values of the stops it has not visited that it can still
  reach: from the route's ends over track it has not used, through stops a route may pass.

Bonuses beyond the stops' values (the title's ``route_bonus`` hook, a mechanic's bonus)
are bounded apart, per route, by :mod:`bonus`.
"""

from __future__ import annotations

from typing import Any

from railbook.engine.routing.network import Network
from railbook.engine.routing.reach import UNBOUNDED, Reach


class ExtraBound:
    """What visiting more stops can add to a route of one train, given what it has visited."""

    def __init__(self, reach: Reach, net: Network):
        self.reach = reach
        values = reach.values
        costs = reach.cost
        self.free = [(1 << i, v) for i, v in enumerate(values) if v > 0 and costs[i] == 0]
        order = sorted((i for i, v in enumerate(values) if v > 0 and costs[i] > 0), key=lambda i: -values[i])
        self.order = [(1 << i, values[i]) for i in order]
        self.total = sum(v for v in values if v > 0)
        self.near: list[list[int]] | None = None
        if not self.free and reach.max_visits < UNBOUNDED:
            self.near = _within(net, min(reach.max_visits, len(net.stops)))
        self.net = net
        self.values = values

    def extra(self, visited: int, counter: Any, base: int, ends: tuple[int, ...], taken: int) -> int:
        """``base``: the values of the stops visited; ``ends``: the stops the route may still grow
        from; ``taken``: the track it (or the trains before it) use."""
        left = self.reach.visits_left(counter)
        if left >= UNBOUNDED:
            return self.reachable(visited, ends, taken)
        out = 0
        for bit, v in self.free:
            if not visited & bit:
                out += v
        if left <= 0:
            return out
        near = self.near
        if near is not None:
            k = min(left, len(near[0]) - 1)
            reach = 0
            for e in ends:
                reach |= near[e][k]
            visited |= ~reach
        for bit, v in self.order:
            if not visited & bit:
                out += v
                left -= 1
                if left == 0:
                    break
        return out


    def reachable(self, visited: int, ends: tuple[int, ...], taken: int) -> int:
        """The values of the unvisited stops reachable from the ends over track not taken (each
        run of track may be counted for several ways on: an over-estimate, never an under-)."""
        net = self.net
        runs = net.runs
        adjacent = net.adjacent
        passable = net.passable
        values = self.values
        seen = visited
        out = 0
        frontier = list(ends)
        while frontier:
            s = frontier.pop()
            for r, w in adjacent[s]:
                bit = 1 << w
                if seen & bit or runs[r].track & taken:
                    continue
                seen |= bit
                out += values[w]
                if passable[w]:
                    frontier.append(w)
        return out


def _within(net: Network, most: int) -> list[list[int]]:
    """For each stop, the stops at most k runs away, for k = 0..most (a bitset each): a route
    goes on only through stops it may pass, so those are the only ways on."""
    out = []
    for start in range(len(net.stops)):
        dist = {start: 0}
        frontier = [start]
        for d in range(1, most + 1):
            nxt = []
            for s in frontier:
                if s != start and not net.passable[s]:
                    continue
                for _, w in net.adjacent[s]:
                    if w not in dist:
                        dist[w] = d
                        nxt.append(w)
            frontier = nxt
        masks = [0] * (most + 1)
        for s, d in dist.items():
            for k in range(d, most + 1):
                masks[k] |= 1 << s
        out.append(masks)
    return out
