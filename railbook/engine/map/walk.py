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

from railbook.engine.map.hex import NEIGHBORS_EPOCH
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


def path_links(path: Path) -> tuple[Any, int, tuple[int, ...], tuple[tuple[int, int, Any, int, bool], ...]]:
    """What a walk reads of a path where it lies, made once (kept on the path while it lies on the
    same hex and the hexes' neighbours stay): its hex; the keys of its hex edges (``edge_base +
    edge``: a walk holds an edge by its key); and for each edge leading to a neighbour, in the
    path's order: the edge, its key, the neighbour, the neighbour's facing edge, and whether the
    tile has other paths at that exit (a converging exit)."""
    tile = path.tile
    hex_ = tile.hex
    assert hex_ is not None  # walks go over laid tiles only
    base = hex_.edge_base
    exits = tile.by_exit()
    neighbors = hex_.neighbors
    out = tuple((edge, base + edge, neighbors[edge], INVERTED[edge], len(exits[edge]) > 1)
                for edge in path.edges if edge in neighbors)
    path.links = links = (hex_, NEIGHBORS_EPOCH[0], tuple(base + e for e in path.edges), out)
    return links


class Found(Exception):
    """Raised out of a network walk by its ``wanted`` stop: what it was asked for is reached."""


def walk_network(start: Stop, others: list[Stop], corporation: Any, paths: dict[Path, bool],
                 nodes: dict[Stop, bool], local_nodes: dict[Stop, bool], hexes: dict[Any, dict[int, bool]],
                 wanted: Callable[[Stop], bool] | None = None) -> None:
    """The corporation's network walk from one station (``others``: its other stations, which this
    walk does not pass through: each walks itself), recording what a route graph keeps of each path
    the first time any walk of the network reaches it: the path, its stops (``local_nodes``: those
    first reached from this station) and the hex edges it touches, on both sides.

    The same walk as :func:`walk_node` with :func:`walk_path` (non-converging from the station,
    converging beyond a converging exit), step for step — the same paths in the same order —
    without a visitor call and a closure per stop. Hex edges in use are a set (a walk never holds
    one edge twice: a path on a used edge is not entered).

    ``wanted``: the walk stops (raises :class:`Found`) at the first stop it records that ``wanted``
    accepts: a walk asked only whether it reaches such a stop need not go on."""
    visited_nodes: dict[Stop, bool] = {s: True for s in others}
    visited: dict[Path, bool] = {}
    used: set[int] = set()
    junctions: dict[Any, int] = {}
    blocks: dict[Stop, bool] = {}   # whether a stop blocks the corporation (the board does not change during a walk)
    inverted = INVERTED
    epoch = NEIGHBORS_EPOCH

    def walk_node_(node: Stop, converging_path: bool) -> None:
        if node in visited_nodes:
            return
        visited_nodes[node] = True
        for node_path in node.paths:
            if not node_path.ignore:
                walk_path_(node_path, None, None, converging_path, node, converging_path)
        if converging_path:
            visited_nodes.pop(node, None)

    def walk_path_(path: Path, skip: int | None, jskip: Any, converging: bool, origin: Stop,
                   converging_path: bool) -> None:
        if path in visited:
            return
        junction = path.junction
        if junction is not None and junctions.get(junction, 0) > 1:
            return
        hex_ = path.tile.hex
        links = path.links
        if links is None or links[0] is not hex_ or links[1] != epoch[0]:
            links = path_links(path)
        for key in links[2]:
            if key in used:
                return
        if junction is not None:
            if path.terminal:
                return
            junctions[junction] = junctions.get(junction, 0) + 1
        visited[path] = True
        if path not in paths:
            paths[path] = True
            for p_node in path.nodes:
                nodes[p_node] = True
                local_nodes[p_node] = True
                if wanted is not None and wanted(p_node):
                    raise Found
            neighbors = hex_.neighbors   # type: ignore[union-attr]
            for edge in path.edges:
                reached = hexes.get(hex_)
                if reached is None:
                    reached = hexes[hex_] = {}
                reached[edge] = True
                neighbor = neighbors.get(edge)
                if neighbor is not None:
                    reached = hexes.get(neighbor)
                    if reached is None:
                        reached = hexes[neighbor] = {}
                    reached[inverted[edge]] = True
        if not path.terminal:
            for next_node in path.nodes:
                if next_node is origin or next_node in visited_nodes:
                    continue
                blocked = blocks.get(next_node)
                if blocked is None:
                    blocked = blocks[next_node] = next_node.blocks(corporation)
                if not blocked:
                    walk_node_(next_node, converging_path or converging)
        if junction is not None and junction is not jskip:
            for jp in junction.paths:
                walk_path_(jp, None, junction, converging, origin, converging_path)
        track = path.track
        for edge, key, neighbor, np_edge, converging_exit in links[3]:
            if edge == skip:
                continue
            used.add(key)
            conv = converging or converging_exit
            facing = neighbor.tile._paths_by_exit
            if facing is None:
                facing = neighbor.tile.by_exit()
            for np in facing.get(np_edge, ()):
                np_track = np.track
                if np_track != track and not _tracks_match_walk(track, np_track):
                    continue
                walk_path_(np, np_edge, None, conv, origin, converging_path)
            used.discard(key)
        if converging:
            visited.pop(path, None)
        if junction is not None:
            junctions[junction] -= 1

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
