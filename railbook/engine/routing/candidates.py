"""Every route one train may run on a network, pruned by an admissible bound.

A route must touch one of the corporation's stations. The search anchors each route at
the first of its station cities (in the network's token order): from the anchor it grows
the route's left half run by run, and for every left half its right half. Each route is
met once: a route whose anchor is an end has an empty left half; one that passes through
its anchor has two halves, the one starting with the lower-numbered run on the left. A
station city before the anchor is never entered (the route would belong to that anchor).

Every rule a route's shape must keep holds by construction, as
:meth:`railbook.engine.rules.routes.Route.check` states it: no stop twice, no group twice, no
track twice (overlap keys, a bitset), the train's distance (:mod:`reach`), and a stop in the
middle of a route must let the train pass (not a city full of other corporations' stations,
not an offboard, no terminal track at it), and no route ends at a halt where the title says so
(``routes_end_at_halts``). The title's own ``check_route`` is asked by the
scorer (:mod:`score`).

Pruning: a route is followed further only while its value so far plus the most the rest of
the route could add (:mod:`bounds`) can beat the floor. The floor rises as better routes are
found when only the best route is wanted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from railbook.engine.routing.bounds import ExtraBound
from railbook.engine.routing.network import Network
from railbook.engine.routing.reach import Reach

#: a run in a route, in the direction the route goes: (run index, from stop, to stop)
Leg = tuple[int, int, int]


@dataclass
class Floor:
    """What a route must beat to be worth anything (raised as the search finds better)."""

    value: int


@dataclass(frozen=True, slots=True)
class Candidate:
    """A route's shape: its legs in order, the stops it visits (a bitset), its track and hexes."""

    legs: tuple[Leg, ...]
    stops: int
    track: int
    hexes: int
    base: int   # the values of its stops (an upper bound of its revenue before bonuses)


#: called with each route whose optimistic value can beat the floor
Consumer = Callable[[Candidate], None]


def search_routes(net: Network, reach: Reach, bound: ExtraBound, floor: Floor, consume: Consumer,
                  bonus_cap: int, forbidden: int = 0) -> None:
    """Walk every route of the train that avoids the ``forbidden`` track; hand ``consume`` each
    one whose value plus ``bonus_cap`` can beat the floor."""
    runs = net.runs
    values = reach.values
    # the most valuable next stops first: good routes are found early and raise the floor
    adjacent = [sorted(a, key=lambda rw: -values[rw[1]]) for a in net.adjacent]
    passable = net.passable
    may_end = net.may_end
    visit = reach.visit
    hexes_fit = reach.hexes_fit
    groups = net.group_bits
    extra = bound.extra
    tokens = net.tokens
    left_legs: list[Leg] = []
    right_legs: list[Leg] = []

    def steps(end: int, visited: int, track: int, hexes: int, gmask: int, counter: object,
              through: bool) -> list[tuple[int, int, int, int, int, int, object]]:
        """The runs the route may take on from ``end`` (``through``: end is then in its middle)."""
        out: list[tuple[int, int, int, int, int, int, object]] = []
        if through and not passable[end]:
            return out
        taken = track | forbidden
        for r, w in adjacent[end]:
            bit = 1 << w
            if visited & bit:
                continue
            run = runs[r]
            if taken & run.track or not run.passable:
                continue
            if through and run.terminal_at(end):
                continue
            g = groups[w]
            if gmask & g:
                continue
            c = visit(counter, w)
            if c is None:
                continue
            h = hexes | run.hexes
            if not hexes_fit(h):
                continue
            out.append((r, w, bit, run.track, h, g, c))
        return out

    for anchor_index, anchor in enumerate(tokens):
        banned = 0
        for t in tokens[:anchor_index]:
            banned |= 1 << t
        start_counter = reach.start(anchor)
        if reach.kind == "stops" and start_counter > reach.n:
            continue

        def right(end: int, visited: int, track: int, hexes: int, gmask: int, counter: object, base: int,
                  first_left: int) -> None:
            if right_legs:
                ends = may_end[end] and may_end[left_legs[-1][2] if left_legs else anchor]
                if ends and base + bonus_cap > floor.value:
                    legs = tuple((r, b, a) for r, a, b in reversed(left_legs)) + tuple(right_legs)
                    consume(Candidate(legs, visited & ~banned, track, hexes, base))
                through = not runs[right_legs[-1][0]].terminal_at(end)
            else:
                through = not (left_legs and runs[left_legs[0][0]].terminal_at(end))
            if not through or base + extra(visited, counter, base, (end,), track | forbidden) + bonus_cap <= floor.value:
                return
            for r, w, bit, rt, h, g, c in steps(end, visited, track, hexes, gmask, counter,
                                               bool(right_legs or left_legs)):
                if not right_legs and r <= first_left:
                    continue
                right_legs.append((r, end, w))
                right(w, visited | bit, track | rt, h, gmask | g, c, base + values[w], first_left)
                right_legs.pop()

        def left(end: int, visited: int, track: int, hexes: int, gmask: int, counter: object, base: int) -> None:
            right(anchor, visited, track, hexes, gmask, counter, base, left_legs[0][0] if left_legs else -1)
            if base + extra(visited, counter, base, (end, anchor), track | forbidden) + bonus_cap <= floor.value:
                return
            if left_legs and runs[left_legs[-1][0]].terminal_at(end):
                return
            for r, w, bit, rt, h, g, c in steps(end, visited, track, hexes, gmask, counter,
                                               bool(left_legs)):
                left_legs.append((r, end, w))
                left(w, visited | bit, track | rt, h, gmask | g, c, base + values[w])
                left_legs.pop()

        # the stations before the anchor count as visited: a route through one belongs to that anchor
        left(anchor, (1 << anchor) | banned, 0, 0, groups[anchor], start_counter, values[anchor])
