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
