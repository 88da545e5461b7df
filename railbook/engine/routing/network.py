"""A corporation's route network: the stops its trains can reach and the runs of track between them.

A route is a chain of *connections*, each a run of track between two stops with
no stop in between (:mod:`railbook.engine.rules.routes`). The network is those
runs, found with the engine's own path walk (:func:`railbook.engine.map.walk.walk_path`),
between the stops a route of the corporation can reach: starting from its
stations, a route goes on through a stop only if the stop lets it pass (a city
full of other corporations' stations and an offboard end it).

Everything a search tests millions of times is an integer: each stop and each
run has a number; the track a run uses is a bitset of the keys
:func:`railbook.engine.rules.routes.check_overlap` compares (hex edges, and
paths that join two stops inside a tile); the hexes it crosses are a bitset too
(H-trains count them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from railbook.engine.map.tile import Path, Stop, hex_of
from railbook.engine.map.walk import walk_path

if TYPE_CHECKING:
    from railbook.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Run:
    """A run of track from stop ``u`` to stop ``v`` (indices into :attr:`Network.stops`)."""

    index: int
    u: int
    v: int
    paths: tuple[Path, ...]     # in order from u to v
    track: int                  # bitset of overlap keys: two trains' runs may not share one
    hexes: int                  # bitset of the hexes its paths lie in
    terminal_u: bool            # the path at u ends track there (u can only be a route's end)
    terminal_v: bool
    passable: bool              # no terminal path inside the run

    def other(self, stop: int) -> int:
        return self.v if stop == self.u else self.u

    def terminal_at(self, stop: int) -> bool:
        return self.terminal_u if stop == self.u else self.terminal_v


@dataclass
class Network:
    """The stops and runs of track a corporation's routes can use, numbered for the search."""

    corporation: Any
    stops: list[Stop] = field(default_factory=list)
    index: dict[Stop, int] = field(default_factory=dict)
    runs: list[Run] = field(default_factory=list)
    adjacent: list[list[tuple[int, int]]] = field(default_factory=list)   # stop -> [(run, other stop)]
    tokens: list[int] = field(default_factory=list)     # stops holding one of its stations, in map order
    passable: list[bool] = field(default_factory=list)  # a route may go on through the stop
    may_end: list[bool] = field(default_factory=list)   # a route may begin or end at the stop
    group_bits: list[int] = field(default_factory=list)  # stop -> its groups (a route uses each once)
    hex_bits: dict[Any, int] = field(default_factory=dict)  # hex -> its bit in Run.hexes


class _Keys:
    """Numbers for overlap keys and hexes, handed out as they are met."""

    def __init__(self) -> None:
        self.track: dict[Any, int] = {}
        self.hexes: dict[Any, int] = {}

    def track_bit(self, key: Any) -> int:
        n = self.track.get(key)
        if n is None:
            n = self.track[key] = len(self.track)
        return 1 << n

    def hex_bit(self, hex_: Any) -> int:
        n = self.hexes.get(hex_)
        if n is None:
            n = self.hexes[hex_] = len(self.hexes)
        return 1 << n


def _path_keys(path: Path, keys: _Keys) -> int:
    """The overlap keys of a path, as :func:`check_overlap` names them: its hex edges, and the path
    itself when it joins two stops."""
    hid = hex_of(path).id
    bits = 0
    for e in path.edges:
        bits |= keys.track_bit(("edge", hid, e))
    if len(path.nodes) > 1:
        bits |= keys.track_bit(("path", hid, id(path)))
    return bits


def _runs_from(start: Stop) -> list[tuple[Stop, list[Path]]]:
    """Every run of track from a stop to the next stops, as the route rules' walk finds them."""
    found: list[tuple[Stop, list[Path]]] = []
    for start_path in start.paths:
        def visit(current: Path, visited: dict[Path, bool], counter: Any, converging: bool) -> None:
            for end in current.nodes:
                if end is not start:
                    found.append((end, list(visited)))
        walk_path(start_path, visit, visited={}, counter={})
    return found


def build_network(game: "GameState", corporation: Any) -> Network:
    """The corporation's network: from its stations outwards, every stop a route can reach."""
    net = Network(corporation)
    keys = _Keys()
    halts_end = game.rules.operating_round.routes_end_at_halts
    order = game.hex_order
    token_cities = sorted({t.city for t in corporation.tokens
                           if t.used and t.city is not None and t.city.tile.hex is not None},
                          key=lambda c: (order.get(c.tile.hex, 0), c.index))

    def add_stop(stop: Stop) -> int:
        i = net.index.get(stop)
        if i is None:
            i = net.index[stop] = len(net.stops)
            net.stops.append(stop)
            net.adjacent.append([])
            net.passable.append(not stop.blocks(corporation))
            net.may_end.append(halts_end or stop.kind != "halt")
        return i

    for city in token_cities:
        net.tokens.append(add_stop(city))
    seen_runs: set[tuple[int, ...]] = set()
    queue = list(net.tokens)
    expanded: set[int] = set()
    while queue:
        i = queue.pop(0)
        if i in expanded:
            continue
        expanded.add(i)
        start = net.stops[i]
        for end, paths in _runs_from(start):
            j = add_stop(end)
            ident = tuple(id(p) for p in paths)
            if ident in seen_runs or ident[::-1] in seen_runs:
                continue
            seen_runs.add(ident)
            track = 0
            hexes = 0
            for p in paths:
                track |= _path_keys(p, keys)
                hexes |= keys.hex_bit(hex_of(p))
            inner = paths[1:-1]
            run = Run(index=len(net.runs), u=i, v=j, paths=tuple(paths), track=track, hexes=hexes,
                      terminal_u=bool(paths[0].terminal), terminal_v=bool(paths[-1].terminal),
                      passable=not any(p.terminal for p in inner))  # a terminal path inside: never usable
            net.runs.append(run)
            net.adjacent[i].append((run.index, j))
            if j != i:
                net.adjacent[j].append((run.index, i))
            if net.passable[j] and j not in expanded:
                queue.append(j)
    net.hex_bits = dict(keys.hexes)
    names: dict[str, int] = {}
    for stop in net.stops:
        bits = 0
        for g in stop.groups:
            bits |= 1 << names.setdefault(g, len(names))
        net.group_bits.append(bits)
    return net
