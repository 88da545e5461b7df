"""Walking the track graph.

Two walks, as in every 18xx engine: a *path walk* follows track from piece to
piece across hex edges (never through a stop), and a *node walk* goes from a
stop along path walks to the next stops, passing through a city only if the
corporation is not blocked there. An edge is used at most once per walk;
``converging`` walks (where two pieces of track share an edge) backtrack so
every branch is seen.
"""

from __future__ import annotations

from typing import Any, Callable

from compiler.hexgrid import invert

from .tile import Path, Stop, _tracks_match

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
    hex_ = path.tile.hex
    hid = hex_.id
    for e in path.edges:
        if counter.get((hid, e), 0) > 0:
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
    tile = path.tile
    for edge in path.edges:
        if edge == skip:
            continue
        neighbor = hex_.neighbors.get(edge)
        if neighbor is None:
            continue
        key = (hid, edge)
        counter[key] = counter.get(key, 0) + 1
        np_edge = invert(edge)
        conv = converging or tile.converging_exit(edge)
        for np in neighbor.tile.paths_at(np_edge):
            if not _tracks_match_walk(path.track, np.track):
                continue
            walk_path(np, visitor, skip=np_edge, visited=visited, counter=counter, converging=conv,
                      skip_paths=skip_paths)
        counter[key] -= 1
    if converging:
        visited.pop(path, None)
    if junction is not None:
        counter[junction] -= 1


def _tracks_match_walk(a: str, b: str) -> bool:
    if a == "dual" or b == "dual":
        return True
    return _tracks_match(a, b)


NodeVisitor = Callable[[Path, dict[Path, bool], dict[Stop, bool]], Any]
ABORT = object()


def walk_node(node: Stop, visitor: NodeVisitor, visited: dict[Stop, bool] | None = None, corporation: Any = None,
              visited_paths: dict[Path, bool] | None = None, counter: dict[Any, int] | None = None,
              converging_path: bool = True, skip_paths: dict[Path, bool] | None = None) -> None:
    if visited is None:
        visited = {}
    if visited_paths is None:
        visited_paths = {}
    if counter is None:
        counter = {}
    if node in visited:
        return
    visited[node] = True

    def on_path(path: Path, vp: dict[Path, bool], ct: dict[Any, int], converging: bool) -> None:
        ret = visitor(path, vp, visited)
        if ret is ABORT or path.terminal:
            return
        for next_node in path.nodes:
            if next_node is node:
                continue
            if corporation is not None and next_node.blocks(corporation):
                continue
            walk_node(next_node, visitor, visited=visited, corporation=corporation, visited_paths=vp, counter=ct,
                      converging_path=converging_path or converging, skip_paths=skip_paths)

    for node_path in node.paths:
        if node_path.ignore:
            continue
        walk_path(node_path, on_path, visited=visited_paths, counter=counter, converging=converging_path,
                  skip_paths=skip_paths)
    if converging_path:
        visited.pop(node, None)
