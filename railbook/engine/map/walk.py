"""Walking the track graph.

Two walks, as in every 18xx engine: a *path walk* follows track from piece to
piece across hex edges (never through a stop), and a *node walk* goes from a
stop along path walks to the next stops, passing through a city only if the
corporation is not blocked there. An edge is used at most once per walk;
``converging`` walks (where two pieces of track share an edge) backtrack so
every branch is seen.

These are the engine's innermost loops (every connectivity question and every
route goes through them), so they are written for speed: attribute lookups are
hoisted, and the common case — plain track on both sides — is tested first.
"""

from __future__ import annotations

from typing import Any, Callable

from railbook.engine.map.tile import Path, Stop, _tracks_match
from railbook.hexgrid import INVERTED

PathVisitor = Callable[[Path, dict[Path, bool], dict[Any, int], bool], None]


def walk_path(path: Path, visitor: PathVisitor, skip: int | None = None, jskip: Any = None,
              visited: dict[Path, bool] | None = None, counter: dict[Any, int] | None = None,
              converging: bool = True, skip_paths: dict[Path, bool] | None = None) -> None:
    if visited is None:
        visited = {}
    if counter is None:
        counter = {}
    if path in visited or (skip_paths is not None and path in skip_paths):
        return
    junction = path.junction
    if junction is not None and counter.get(junction, 0) > 1:
        return
    tile = path.tile
    hex_ = tile.hex
    assert hex_ is not None  # walks go over laid tiles only
    base = hex_.edge_base
    edges = path.edges
    for e in edges:
        if counter.get(base + e, 0) > 0:
            return
    if junction is not None and path.terminal:
        return
    visited[path] = True
    if junction is not None:
        counter[junction] = counter.get(junction, 0) + 1
    visitor(path, visited, counter, converging)
    if junction is not None and junction is not jskip:
        for jp in junction.paths:
            walk_path(jp, visitor, jskip=junction, visited=visited, counter=counter, converging=converging,
                      skip_paths=skip_paths)
    track = path.track
    neighbors = hex_.neighbors
    for edge in edges:
        if edge == skip:
            continue
        neighbor = neighbors.get(edge)
        if neighbor is None:
            continue
        key = base + edge
        counter[key] = counter.get(key, 0) + 1
        np_edge = INVERTED[edge]
        conv = converging or tile.converging_exit(edge)
        for np in neighbor.tile.paths_at(np_edge):
            np_track = np.track
            if np_track != track and not _tracks_match_walk(track, np_track):
                continue
            walk_path(np, visitor, np_edge, None, visited, counter, conv, skip_paths)
        counter[key] -= 1
    if converging:
        visited.pop(path, None)
    if junction is not None:
        counter[junction] -= 1


def _tracks_match_walk(a: str, b: str) -> bool:
    if a == "dual" or b == "dual":
        return True
    return _tracks_match(a, b)


def tracks_connect(a: str, b: str) -> bool:
    """Whether a walk goes on from track of kind ``a`` to track of kind ``b`` across a hex side."""
    return a == b or _tracks_match_walk(a, b)


NodeVisitor = Callable[[Path, dict[Path, bool], dict[Stop, bool]], Any]
ABORT = object()


class _NodeWalk:
    """One node walk's shared state (replaces a closure per visited stop)."""

    __slots__ = ("visitor", "visited", "corporation", "skip_paths")

    def __init__(self, visitor: NodeVisitor, visited: dict[Stop, bool], corporation: Any,
                 skip_paths: dict[Path, bool] | None):
        self.visitor = visitor
        self.visited = visited
        self.corporation = corporation
        self.skip_paths = skip_paths

    def walk(self, node: Stop, visited_paths: dict[Path, bool], counter: dict[Any, int],
             converging_path: bool) -> None:
        visited = self.visited
        if node in visited:
            return
        visited[node] = True
        visitor = self.visitor
        corporation = self.corporation

        def on_path(path: Path, vp: dict[Path, bool], ct: dict[Any, int], converging: bool) -> None:
            ret = visitor(path, vp, visited)
            if ret is ABORT or path.terminal:
                return
            for next_node in path.nodes:
                if next_node is node:
                    continue
                if corporation is not None and next_node.blocks(corporation):
                    continue
                self.walk(next_node, vp, ct, converging_path or converging)

        for node_path in node.paths:
            if node_path.ignore:
                continue
            walk_path(node_path, on_path, None, None, visited_paths, counter, converging_path, self.skip_paths)
        if converging_path:
            visited.pop(node, None)


def walk_node(node: Stop, visitor: NodeVisitor, visited: dict[Stop, bool] | None = None, corporation: Any = None,
              visited_paths: dict[Path, bool] | None = None, counter: dict[Any, int] | None = None,
              converging_path: bool = True, skip_paths: dict[Path, bool] | None = None) -> None:
    state = _NodeWalk(visitor, {} if visited is None else visited, corporation, skip_paths)
    state.walk(node, {} if visited_paths is None else visited_paths, {} if counter is None else counter,
               converging_path)


def path_record(path: Path) -> tuple[Any, ...]:
    """What the network walk reads of a path where it lies, made once and kept on the path while
    its hex's stamp holds (no tile laid or turned on the hex or around it, the same neighbours):
    the stamp; the keys of its hex edges (``edge_base + edge``: a walk holds an edge by its key);
    its stops beyond (none past a terminal path); what recording it marks, ``(hex, edge)`` on both
    sides of each edge, in order, by the side's key (``edge_base + edge`` of that hex: one dict the
    walk's marks are updated from at once); and each step on from it, in the walk's order: for each edge
    leading to a neighbour, for each of the neighbour's paths there on track that connects, the
    edge, its key, whether the tile has other paths at that exit (a converging exit), the
    neighbour's facing edge and the neighbour's path."""
    tile = path.tile
    hex_ = tile.hex
    assert hex_ is not None  # walks go over laid tiles only
    base = hex_.edge_base
    exits = tile.by_exit()
    neighbors = hex_.neighbors
    track = path.track
    marks: dict[int, tuple[Any, int]] = {}
    steps: list[tuple[int, int, bool, int, Path]] = []
    for edge in path.edges:
        marks[base + edge] = (hex_, edge)
        neighbor = neighbors.get(edge)
        if neighbor is None:
            continue
        np_edge = INVERTED[edge]
        marks[neighbor.edge_base + np_edge] = (neighbor, np_edge)
        converging_exit = len(exits[edge]) > 1
        for np in neighbor.tile.paths_at(np_edge):
            if np.track == track or _tracks_match_walk(track, np.track):
                steps.append((edge, base + edge, converging_exit, np_edge, np))
    record = (hex_.stamp, tuple([base + e for e in path.edges]), () if path.terminal else tuple(path.nodes),
              marks, tuple(steps))
    path.links = record
    return record


class Found(Exception):
    """Raised out of a network walk by its ``wanted`` stop: what it was asked for is reached."""


def walk_network(start: Stop, others: list[Stop], corporation: Any, paths: dict[Path, bool],
                 nodes: dict[Stop, bool], local_nodes: dict[Stop, bool], marked: dict[int, tuple[Any, int]],
                 wanted: Callable[[Stop], bool] | None = None, wanted_hex: Any = None,
                 wanted_paths: "set[Path] | frozenset[Path] | None" = None,
                 wanted_marks: "set[int] | None" = None) -> None:
    """The corporation's network walk from one station (``others``: its other stations, which this
    walk does not pass through: each walks itself), recording what a route graph keeps of each path
    the first time any walk of the network reaches it: the path, its stops (``local_nodes``: those
    first reached from this station) and the hex sides it touches, on both sides of each edge
    (``marked``: ``(hex, edge)`` by the side's key, in the order first marked).

    The same walk as :func:`walk_node` with :func:`walk_path` (non-converging from the station,
    converging beyond a converging exit), step for step — the same paths in the same order — over
    what :func:`path_record` made once per path, with sets for the paths, stops and hex edges in use
    (a walk never holds one edge twice: a path on a used edge is not entered), and a path already
    in the walk not stepped into (it stays in until the step would have returned). Recursive: under
    CPython 3.11 a Python call costs fewer instructions than pushing and popping an explicit stack's
    entry (an explicit-stack version of this walk took 40% more instructions over the end-of-game
    walks of a recorded game whose networks converge much: see docs/speed.md).

    ``wanted``: the walk stops (raises :class:`Found`) at the first stop it records that ``wanted``
    accepts, at the first path it records on ``wanted_hex`` or among ``wanted_paths``, or at the first
    that marks a side whose key is in ``wanted_marks``: a walk asked only whether it reaches such a
    stop, hex, path or side need not go on."""
    visited_nodes: set[Stop] = set(others)
    visited: set[Path] = set()
    used: set[int] = set()
    junctions: dict[Any, int] = {}
    blocks: dict[Stop, bool] = {}   # whether a stop blocks the corporation (the board does not change during a walk)

    def walk_node_(node: Stop, converging_path: bool) -> None:
        visited_nodes.add(node)
        for node_path in node.paths:
            if not node_path.ignore and node_path not in visited:
                walk_path_(node_path, None, None, converging_path, node, converging_path)
        if converging_path:
            visited_nodes.discard(node)

    def walk_path_(path: Path, skip: int | None, jskip: Any, converging: bool, origin: Stop,
                   converging_path: bool) -> None:
        # the caller saw that the path is not in the walk
        junction = path.junction
        if junction is not None and junctions.get(junction, 0) > 1:
            return
        record = path.links
        if record is None or record[0] != path.tile.hex.stamp:   # type: ignore[union-attr]
            record = path_record(path)
        _, keys, onward, marks, steps = record
        for key in keys:
            if key in used:
                return
        if junction is not None:
            if path.terminal:
                return
            junctions[junction] = junctions.get(junction, 0) + 1
        visited.add(path)
        if path not in paths:
            paths[path] = True
            if wanted_hex is not None and path.tile.hex is wanted_hex:
                raise Found
            if wanted_paths is not None and path in wanted_paths:
                raise Found
            for p_node in path.nodes:
                nodes[p_node] = True
                local_nodes[p_node] = True
                if wanted is not None and wanted(p_node):
                    raise Found
            marked.update(marks)
            if wanted_marks is not None and not wanted_marks.isdisjoint(marks):
                raise Found
        for next_node in onward:
            if next_node is origin or next_node in visited_nodes:
                continue
            blocked = blocks.get(next_node)
            if blocked is None:
                blocked = blocks[next_node] = next_node.blocks(corporation)
            if not blocked:
                walk_node_(next_node, converging_path or converging)
        if junction is not None and junction is not jskip:
            for jp in junction.paths:
                if jp not in visited:
                    walk_path_(jp, None, junction, converging, origin, converging_path)
        # an edge is held while the paths beyond it are walked (taken again for each: nothing
        # happens between two of them)
        for edge, key, converging_exit, np_edge, np in steps:
            if edge == skip or np in visited:
                continue
            used.add(key)
            walk_path_(np, np_edge, None, converging or converging_exit, origin, converging_path)
            used.discard(key)
        if converging:
            visited.discard(path)
        if junction is not None:
            junctions[junction] -= 1

    if start not in visited_nodes:
        walk_node_(start, False)


def walk_from_path(path: Path, entry_edge: int, visitor: NodeVisitor, corporation: Any = None,
                   skip_paths: dict[Path, bool] | None = None) -> None:
    """A node walk that starts along ``path``, entered across its side ``entry_edge`` (not from a stop):
    what a corporation reaches from track it comes onto there."""
    state = _NodeWalk(visitor, {}, corporation, skip_paths)

    def on_path(p: Path, vp: dict[Path, bool], ct: dict[Any, int], converging: bool) -> None:
        ret = visitor(p, vp, state.visited)
        if ret is ABORT or p.terminal:
            return
        for node in p.nodes:
            if corporation is not None and node.blocks(corporation):
                continue
            state.walk(node, vp, ct, converging)

    walk_path(path, on_path, entry_edge, None, {}, {}, False, skip_paths)
