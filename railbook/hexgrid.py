"""Hex coordinates: names like ``E19`` to grid positions and neighbours.

Maps use "doubled" coordinates: neighbouring hexes differ by (±2, 0) or
(±1, ±1) on one axis pair depending on the layout, so every hex of a map has
the same parity of x + y. Edges count clockwise from edge 0, the bottom edge
of a flat hex and the lower-left edge of a pointy one.
"""

from __future__ import annotations

import re
from typing import Mapping

LETTERS = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["A" + chr(c) for c in range(ord("A"), ord("Z") + 1)]
_COORD = re.compile(r"^([A-Za-z]+)(-?\d+)$")

# edge -> (dx, dy) in doubled coordinates
DIRECTIONS: dict[str, dict[int, tuple[int, int]]] = {
    "flat": {0: (0, 2), 1: (-1, 1), 2: (-1, -1), 3: (0, -2), 4: (1, -1), 5: (1, 1)},
    "pointy": {0: (-1, 1), 1: (-2, 0), 2: (-1, -1), 3: (1, -1), 4: (2, 0), 5: (1, 1)},
}


def default_axes(layout: str) -> dict[str, str]:
    return {"x": "letter", "y": "number"} if layout == "flat" else {"x": "number", "y": "letter"}


def parse_coord(coord: str) -> tuple[str, int] | None:
    m = _COORD.match(coord)
    if not m:
        return None
    return m.group(1), int(m.group(2))


#: positions already worked out, by hex name and axes: every new game of a title places the same hexes
_POSITIONS: dict[tuple[str, str, str], tuple[int, int]] = {}


def xy(coord: str, axes: Mapping[str, str]) -> tuple[int, int]:
    """Grid position of a hex name under the given axes."""
    key = (coord, axes["x"], axes["y"])
    known = _POSITIONS.get(key)
    if known is None:
        known = _POSITIONS[key] = _xy(coord, axes)
    return known


def _xy(coord: str, axes: Mapping[str, str]) -> tuple[int, int]:
    parsed = parse_coord(coord)
    if parsed is None:
        raise ValueError(f"not a hex coordinate: {coord!r}")
    letter, number = parsed
    li = LETTERS.index(letter) if letter in LETTERS else -1
    x = li if axes["x"] == "letter" else number - 1
    y = li if axes["y"] == "letter" else number - 1
    return x, y


def invert(edge: int) -> int:
    return (edge + 3) % 6


#: invert() as a table, for the innermost loops (INVERTED[edge] is the facing edge)
INVERTED: tuple[int, ...] = tuple(invert(e) for e in range(6))


def neighbour_edges(layout: str) -> dict[tuple[int, int], int]:
    return {d: e for e, d in DIRECTIONS[layout].items()}
