"""The best set of routes, one per train (or none), no two sharing track: a branch and bound.

Each train has its routes best first (only those that could be in a better set than the
one already known). A route's track is a bitset; so is, per train, the set of its routes
still *allowed* (those sharing no track with the routes chosen so far): one bit per route,
so the best allowed route is the lowest bit, and the routes a choice rules out are the OR
of the routes using each of its track keys, found once and remembered.

A branch is cut when the total so far plus, for every train still to choose, the best route
it is still allowed cannot beat the best set found: each of those could be the best only
alone, so the bound never under-estimates. Trains of one kind choose in increasing order
(a set is met once, not once per order of its identical trains).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def bits_of(track: int) -> list[int]:
    out = []
    while track:
        low = track & -track
        out.append(low.bit_length() - 1)
        track ^= low
    return out


class RouteList:
    """One kind of train's routes, best first, indexed by the track keys they use."""

    def __init__(self, routes: list[tuple[int, int, Any]]):
        self.values = [v for v, _, _ in routes]
        self.items = [c for _, _, c in routes]
        self.bits = [bits_of(t) for _, t, _ in routes]
        self.all = (1 << len(routes)) - 1
        by_key: dict[int, int] = {}
        for idx, keys in enumerate(self.bits):
            bit = 1 << idx
            for b in keys:
                by_key[b] = by_key.get(b, 0) | bit
        self.by_key = by_key
        self._conflicts: dict[tuple[int, int], int] = {}

    def conflicts(self, other: "RouteList", idx: int) -> int:
        """The routes of this list sharing track with route ``idx`` of ``other``."""
        key = (id(other), idx)
        found = self._conflicts.get(key)
        if found is None:
            found = 0
            by_key = self.by_key
            for b in other.bits[idx]:
                found |= by_key.get(b, 0)
            self._conflicts[key] = found
        return found

    def best_value(self, allowed: int) -> int:
        if not allowed:
            return 0
        return self.values[(allowed & -allowed).bit_length() - 1]


@dataclass
class SetSearch:
    lists: list[RouteList]     # per train, in the order they choose
    same_next: list[bool]      # the next train is of the same kind
    best_total: int            # the total to beat
    nodes: int = 0

    def run(self) -> list[int | None] | None:
        """The best set's route index per train (None: runs nothing), or None if none beats
        ``best_total``."""
        self.best: list[int | None] | None = None
        k = len(self.lists)
        self.pick: list[int | None] = [None] * k
        self.go(0, [lst.all for lst in self.lists], 0)
        return self.best

    def go(self, i: int, allowed: list[int], total: int) -> None:
        self.nodes += 1
        lists = self.lists
        k = len(lists)
        if i == k:
            if total > self.best_total:
                self.best_total = total
                self.best = list(self.pick)
            return
        mine = lists[i]
        m = allowed[i]
        later = range(i + 1, k)
        rest = sum(lists[j].best_value(allowed[j]) for j in later)
        while m:
            low = m & -m
            m ^= low
            idx = low.bit_length() - 1
            v = mine.values[idx]
            if total + v + rest <= self.best_total:
                break   # every route left for this train earns less
            nxt = list(allowed)
            bound = total + v
            for j in later:
                a = allowed[j] & ~lists[j].conflicts(mine, idx)
                if j == i + 1 and self.same_next[i]:
                    a &= ~((low << 1) - 1)   # the next train of this kind takes a later route
                nxt[j] = a
                bound += lists[j].best_value(a)
            if bound <= self.best_total:
                continue
            self.pick[i] = idx
            self.go(i + 1, nxt, total + v)
            self.pick[i] = None
        # this train runs nothing (and so does the next of its kind)
        nxt = list(allowed)
        if i + 1 < k and self.same_next[i]:
            nxt[i + 1] = 0
        if total + sum(lists[j].best_value(nxt[j]) for j in later) > self.best_total:
            self.go(i + 1, nxt, total)
