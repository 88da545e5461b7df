"""Distances along track: how many hex borders a corporation's shortest route
from one of its stations to a city crosses (station tokens priced by route
length).

A 0-1 breadth-first search over the track: moving along a tile's track costs
nothing, crossing into the next hex costs one. It starts from every city
holding one of the corporation's stations, never runs through a stop that
blocks the corporation (a city full of other stations, an offboard) and never
leaves a stop that ends track (a single-exit city is entered, not passed).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from railbook.hexgrid import invert

if TYPE_CHECKING:
    from railbook.engine.map.tile import Stop


def route_distances(corporation: Any) -> dict["Stop", int]:
    """Every stop the corporation's track reaches, with the borders crossed from its nearest station."""
    best: dict[Any, int] = {}
    stops: dict[Any, int] = {}
    queue: deque[tuple[int, Any]] = deque()
    for token in corporation.tokens:
        if token.used and token.city is not None and token.city.hex is not None:
            queue.append((0, ("stop", token.city, None)))
    while queue:
        dist, node = queue.popleft()
        if node in best and best[node] <= dist:
            continue
        best[node] = dist
        if node[0] == "stop":
            _, stop, via = node
            if stop not in stops or dist < stops[stop]:
                stops[stop] = dist
            if dist > 0 and stop.blocks(corporation):
                continue  # a route cannot run through it
            for path in stop.paths:
                if path is via:
                    continue  # no turning back on the track it came by
                for nxt in path_ends(path, exclude=stop):
                    queue.appendleft((dist, nxt))
        else:
            _, hex_, edge = node
            neighbor = hex_.neighbors.get(edge)
            if neighbor is None:
                continue
            entry = invert(edge)
            for path in neighbor.tile.paths_at(entry):
                for nxt in path_ends(path, exclude_edge=entry):
                    queue.append((dist + 1, nxt))
    return stops


def path_ends(path: Any, exclude: Any = None, exclude_edge: int | None = None) -> list[tuple[Any, ...]]:
    """Where a piece of track leads: the stops on it, and its edges (as "leaving the hex by")."""
    out: list[tuple[Any, ...]] = []
    hex_ = path.tile.hex
    for node in path.nodes:
        if node is not exclude:
            out.append(("stop", node, path))
    if path.junction is not None:
        for other in path.junction.paths:
            if other is path:
                continue
            out.extend(("edge", hex_, e) for e in other.edges)
            out.extend(("stop", n, other) for n in other.nodes if n is not exclude)
    for e in path.edges:
        if e != exclude_edge:
            out.append(("edge", hex_, e))
    return out


def track_connected(corporation: Any, homes_only: bool = True) -> set[Any]:
    """Every stop joined by track to the corporation's (home) stations, whatever the direction of
    travel and whoever's stations are in between: a connection, not a route. Offboards end track."""
    seen: set[Any] = set()
    stack: list[Any] = []
    for token in corporation.tokens:
        if token.used and token.city is not None and token.city.hex is not None:
            if homes_only and token.city.hex.id not in corporation.coordinates:
                continue
            stack.append(("stop", token.city))
    stops: set[Any] = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if node[0] == "stop":
            stop = node[1]
            stops.add(stop)
            if stop.is_offboard() and len(seen) > 1:
                continue
            paths = stop.paths
        else:
            _, hex_, edge = node
            paths = hex_.tile.paths_at(edge)
            neighbor = hex_.neighbors.get(edge)
            if neighbor is not None and neighbor.tile.paths_at(invert(edge)):
                stack.append(("side", neighbor, invert(edge)))
        for path in paths:
            stack.extend(("stop", n) for n in path.nodes)
            stack.extend(("side", path.tile.hex, e) for e in path.edges)
            if path.junction is not None:
                for other in path.junction.paths:
                    stack.extend(("stop", n) for n in other.nodes)
                    stack.extend(("side", other.tile.hex, e) for e in other.edges)
    return stops


def route_distance(corporation: Any, city: Any) -> int | None:
    """Borders crossed on the shortest track route from one of its stations to the city (None: not reached)."""
    return route_distances(corporation).get(city)
