"""The pictures' geometry agrees with railbook.hexgrid: neighbouring hexes touch,
edges point where the grid says, and every picture is well-formed SVG."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from docs_support import doc, loaded

from railbook import hexgrid
from railbook.docs import svg_map
from railbook.paths import title_ids


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_neighbours_touch_and_edges_point_at_them(layout: str) -> None:
    axes = hexgrid.default_axes(layout)
    x0, y0 = (4, 4)
    for edge, (dx, dy) in hexgrid.DIRECTIONS[layout].items():
        a = _coord(x0, y0, axes)
        b = _coord(x0 + dx, y0 + dy, axes)
        ax, ay = svg_map.centre(a, layout, axes)
        bx, by = svg_map.centre(b, layout, axes)
        assert math.isclose(math.hypot(bx - ax, by - ay), 2 * svg_map.A, rel_tol=1e-9), (layout, edge)
        mx, my = svg_map.towards(ax, ay, svg_map.edge_angle(edge, layout), svg_map.A)
        assert math.isclose(mx, (ax + bx) / 2, abs_tol=1e-6) and math.isclose(my, (ay + by) / 2, abs_tol=1e-6)


def _coord(x: int, y: int, axes: dict[str, str]) -> str:
    letter_index, number = (x, y + 1) if axes["x"] == "letter" else (y, x + 1)
    return f"{hexgrid.LETTERS[letter_index]}{number}"


@pytest.mark.parametrize("tid", title_ids())
def test_pictures_are_well_formed_svg(tid: str) -> None:
    d = doc(tid, "pl")
    for kind, svg in d["figures"].items():
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and float(root.get("width")) > 0 and float(root.get("height")) > 0, kind
    hexes = ET.fromstring(d["figures"]["map"]).findall(".//{http://www.w3.org/2000/svg}g[@class='hex']")
    assert len(hexes) == len(loaded(tid).model["map"]["hexes"])
