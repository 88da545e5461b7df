"""The title's map as inline SVG, drawn from the printed hexes alone.

Hexes sit in the layout (pointy or flat) and axes the title declares, using
``railbook.hexgrid``'s doubled coordinates; each shows its terrain and cost,
track, cities with their slots and values, towns, offboards with a value per
phase colour, labels, names and the home stations of the corporations.

A hex may instead carry ``stations`` (per city, per slot, the corporation whose token
stands there, or None; one still ``reserved`` is drawn faded): ``railbook serve`` draws
the board of a game in progress so, with the tiles laid on it. Every city is a
``<g class="city" data-stop="K">`` (K its stop's number on the tile), so a page can
tell which city was clicked.
"""

from __future__ import annotations

import math
from typing import Any

from railbook import hexgrid
from railbook.docs.svg import INK, colour, esc, n, svg, text

R = 40.0                       # hex radius (centre to corner) in px
RIVER = "#3d8fd6"
NAME_SIZE = 12.5               # px: a place name at its largest
MIN_NAME = 9.5                 # px: never smaller, whatever the print scale
MIN_PRINTED = 9.2              # pt: a name printed on A4 is at least this (the print style sheet's page box below)
# the map's page (templates/style.css, @media print): A4 portrait, or landscape when wider than tall, in pt
PAGE_PORTRAIT = (521.6, 742.7)
PAGE_LANDSCAPE = (773.9, 496.1)


def print_scale(width: float, height: float) -> float:
    """Printed points per SVG px when the map fills its A4 page as the print style sheet lays it out."""
    w, h = PAGE_LANDSCAPE if width > height else PAGE_PORTRAIT
    return min(w / width, h / height)
A = R * math.sqrt(3) / 2       # apothem (centre to edge middle)
MARGIN = 12.0


def centre(coord: str, layout: str, axes: dict[str, str]) -> tuple[float, float]:
    x, y = hexgrid.xy(coord, axes)
    if layout == "flat":
        return x * 1.5 * R, y * A
    return x * A, y * 1.5 * R


def corners(cx: float, cy: float, layout: str) -> list[tuple[float, float]]:
    start = 0 if layout == "flat" else 30
    return [(cx + R * math.cos(math.radians(start + 60 * k)), cy + R * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def edge_angle(edge: float, layout: str) -> float:
    """Angle (degrees, y down) from the centre to the middle of an edge; edges run clockwise."""
    return (90 if layout == "flat" else 120) + 60 * edge


def towards(cx: float, cy: float, angle: float, dist: float) -> tuple[float, float]:
    return cx + dist * math.cos(math.radians(angle)), cy + dist * math.sin(math.radians(angle))


def _stop_positions(tile: dict[str, Any], rotation: int, layout: str, cx: float, cy: float) -> list[tuple[float, float]]:
    stops = tile["stops"]
    out = []
    visible = [i for i, s in enumerate(stops) if s["kind"] != "junction"]
    for i, s in enumerate(stops):
        loc = s.get("loc")
        if isinstance(loc, (int, float)) and not isinstance(loc, bool):
            out.append(towards(cx, cy, edge_angle(float(loc) + rotation, layout), A * 0.55))
            continue
        if len(visible) <= 1 or loc == "center":
            out.append((cx, cy))
            continue
        edges = [p["a"] if p["b"] == 10 + i else p["b"] for p in tile["paths"]
                 if (p["b"] == 10 + i and p["a"] < 10) or (p["a"] == 10 + i and p["b"] < 10)]
        if edges:
            vx = sum(math.cos(math.radians(edge_angle(e + rotation, layout))) for e in edges)
            vy = sum(math.sin(math.radians(edge_angle(e + rotation, layout))) for e in edges)
            if abs(vx) + abs(vy) > 1e-6:
                ang = math.degrees(math.atan2(vy, vx))
                out.append(towards(cx, cy, ang, A * 0.5))
                continue
        k = visible.index(i) if i in visible else 0
        offset = (k - (len(visible) - 1) / 2) * R * 0.62
        out.append((cx + offset, cy))
    return out


def fit(label: str, width: float, largest: float) -> float:
    """A font size that keeps ``label`` within ``width`` px (glyphs average ~0.58 em)."""
    return max(4.0, min(largest, width / (0.58 * max(1, len(label)))))


def _revenue_text(rev: Any) -> str:
    return str(rev) if isinstance(rev, int) and rev else ""


def _hex_body(coord: str, h: dict[str, Any], layout: str, cx: float, cy: float,
              homes: dict[str, list[dict[str, Any]]]) -> list[str]:
    tile, rot = h["tile"], h.get("rotation", 0)
    fill = colour(h["color"])
    pts = " ".join(f"{n(x)},{n(y)}" for x, y in corners(cx, cy, layout))
    out = [f'<g class="hex" data-hex="{esc(coord)}">',
           f'<polygon points="{pts}" fill="{fill}" stroke="#8a8474" stroke-width="1"/>']
    stops = tile["stops"]
    pos = _stop_positions(tile, rot, layout, cx, cy)
    # terrain, drawn first so track and stops stay on top
    for t in tile["terrain"]:
        tx, ty = cx - R * 0.42, cy + R * 0.42
        if "water" in t["kind"]:
            out.append(f'<path d="M{n(tx - 7)},{n(ty)} q3.5,-4 7,0 t7,0" fill="none" stroke="#2b7bc0" stroke-width="2"/>')
        else:
            out.append(f'<polygon points="{n(tx - 7)},{n(ty + 4)} {n(tx)},{n(ty - 7)} {n(tx + 7)},{n(ty + 4)}" '
                       f'fill="#8b5a2b" stroke="none"/>')
        if t["cost"]:
            out.append(text(tx + 10, ty - 1, t["cost"], size=8, anchor="start"))
    # track
    for p in tile["paths"]:
        ends = []
        for e in (p["a"], p["b"]):
            if e < 10:
                ends.append(towards(cx, cy, edge_angle(e + rot, layout), A))
            else:
                ends.append(pos[e - 10] if e - 10 < len(pos) else (cx, cy))
        (x1, y1), (x2, y2) = ends
        dash = ' stroke-dasharray="4 3"' if p.get("track") == "narrow" else ""
        if p["a"] < 10 and p["b"] < 10:
            out.append(f'<path d="M{n(x1)},{n(y1)} Q{n(cx)},{n(cy)} {n(x2)},{n(y2)}" fill="none" stroke="{INK}" '
                       f'stroke-width="5"{dash}/>')
        else:
            out.append(f'<line x1="{n(x1)}" y1="{n(y1)}" x2="{n(x2)}" y2="{n(y2)}" stroke="{INK}" stroke-width="5"{dash}/>')
    # stops
    city_no = 0
    here = homes.get(coord, [])
    stations = h.get("stations")
    cities = [s for s in stops if s["kind"] == "city"]
    crowded = len(cities) > 3          # a Paris: tokens without names here, a list of homes beside the hex
    revenues = {str(s.get("revenue")) for s in cities}
    for i, s in enumerate(stops):
        if s["kind"] == "junction" or (s.get("hide") and s["kind"] != "city"):
            continue
        x, y = pos[i]
        if s["kind"] == "city":
            slots = max(1, s.get("slots", 1))
            rr = R * (0.15 if crowded else 0.24)
            if stations is not None:     # a game in progress: the tokens placed (or reserved) in each slot
                placed = list(stations[city_no]) if city_no < len(stations) else []
                slots = max(slots, len(placed))
            else:
                placed = [c for c in here if (c.get("home_city") or 0) == city_no or
                          (isinstance(c.get("home_city"), list) and city_no in c["home_city"])][:slots]
            out.append(f'<g class="city" data-stop="{i}">')
            for k in range(slots):
                sx = x + (k - (slots - 1) / 2) * rr * 2
                out.append(f'<circle cx="{n(sx)}" cy="{n(y)}" r="{n(rr)}" fill="#fff" stroke="{INK}" stroke-width="1.5"/>')
            for k, c in enumerate(placed):
                if c is None:
                    continue
                sx = x + (k - (slots - 1) / 2) * rr * 2
                home = stations is None or c.get("reserved")
                faded = ' opacity="0.4"' if stations is not None and c.get("reserved") else ""
                out.append(f'<circle cx="{n(sx)}" cy="{n(y)}" r="{n(rr - 1.5)}" fill="{colour(c["color"], "#888")}" '
                           f'stroke="#fff" stroke-width="1" class="{"home" if home else "token"}"{faded}/>')
                if not crowded:
                    out.append(text(sx, y, c["sym"], size=fit(c["sym"], 2 * (rr - 2), 9.0), weight="bold",
                                    fill=c.get("text_color") or "#fff", extra=faded))
            out.append("</g>")
            rev = _revenue_text(s.get("revenue"))
            if crowded and len(revenues) == 1:
                rev = rev if city_no == 0 else ""
                if rev:
                    out.append(f'<circle cx="{n(cx)}" cy="{n(cy)}" r="8" fill="#fff" stroke="{INK}" stroke-width="0.8"/>')
                    out.append(text(cx, cy, rev, size=8.5))
                rev = ""
            if rev:
                rx, ry = x + rr * slots + 5, y - rr - 2
                out.append(f'<circle cx="{n(rx)}" cy="{n(ry)}" r="7" fill="#fff" stroke="{INK}" stroke-width="0.8"/>')
                out.append(text(rx, ry, rev, size=8))
            city_no += 1
        elif s["kind"] in ("town", "halt"):
            out.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(R * 0.11)}" fill="{INK}"/>')
            rev = _revenue_text(s.get("revenue"))
            if rev:
                out.append(text(x + 9, y - 8, rev, size=8))
        elif s["kind"] == "offboard":
            rev = s.get("revenue")
            values = list(rev.items()) if isinstance(rev, dict) else [("white", rev)]
            w = 17.0
            x0 = x - w * len(values) / 2
            for k, (c, v) in enumerate(values):
                out.append(f'<rect x="{n(x0 + k * w)}" y="{n(y - 7)}" width="{n(w)}" height="14" fill="{colour(c)}" '
                           f'stroke="{INK}" stroke-width="0.8"/>')
                out.append(text(x0 + k * w + w / 2, y, v, size=8))
    # borders: a coloured border is a river (blue); a crossing of it (a border with a cost) gets a bridge
    for b in tile["borders"]:
        if b.get("type") in (None, "impassable", "water", "mountain", "river", "province", "national"):
            ang = edge_angle(b["edge"] + rot, layout)
            mx, my = towards(cx, cy, ang, A)
            dx, dy = towards(0, 0, ang + 90, R / 2)
            river = bool(b.get("color")) or b.get("type") in ("river", "water")
            stroke = colour(b["color"]) if b.get("color") and b["color"] != "blue" else (
                RIVER if river else {"mountain": "#8b5a2b", "province": "#7a6a9a", "national": "#444"}.get(
                    b.get("type") or "", "#b03a2e"))
            dash = ' stroke-dasharray="6 4"' if b.get("type") in ("province", "national") else ""
            width = 6 if river else (3 if dash else 4.5)
            out.append(f'<line class="border" x1="{n(mx - dx)}" y1="{n(my - dy)}" x2="{n(mx + dx)}" y2="{n(my + dy)}" '
                       f'stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"{dash}/>')
            if b.get("type") == "water" and "cost" in b:   # a crossing: a bridge across the river
                ux, uy = towards(0, 0, ang, 5)
                for side in (-1, 1):
                    bx, by = mx + side * dx * 0.35, my + side * dy * 0.35
                    out.append(f'<line x1="{n(bx - ux)}" y1="{n(by - uy)}" x2="{n(bx + ux)}" y2="{n(by + uy)}" '
                               f'stroke="{INK}" stroke-width="2"/>')
    if tile.get("label"):
        lx, ly = (cx - R * 0.5, cy - R * 0.42) if layout == "pointy" else (cx - R * 0.55, cy - R * 0.5)
        out.append(text(lx, ly, tile["label"], size=9, weight="bold"))
    out.append("</g>")
    return out


def _split(name: str) -> list[str]:
    """A long name on two lines, broken at the space (or else the hyphen) nearest its middle."""
    if len(name) <= 9:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
        return [name[:cut], name[cut + 1:]]
    hyphens = [i for i, ch in enumerate(name) if ch == "-"]
    if hyphens:
        cut = min(hyphens, key=lambda i: abs(i - len(name) / 2))
        return [name[:cut + 1], name[cut + 1:]]
    return [name]


def _overlap(box: tuple[float, float, float, float], placed: list[tuple[float, float, float, float]]) -> float:
    return sum(max(0.0, min(box[2], b[2]) - max(box[0], b[0])) * max(0.0, min(box[3], b[3]) - max(box[1], b[1]))
               for b in placed)


def _labels(coord: str, h: dict[str, Any], cx: float, cy: float, placed: list[tuple[float, float, float, float]],
            chips: list[dict[str, Any]], smallest: float = MIN_NAME) -> list[str]:
    """Coordinates and place names, drawn above every hex so no neighbour covers them. A name is
    as large as it can be without touching a name already placed, under its hex or else above its
    city; never below ``smallest`` (px, so that it prints at least MIN_PRINTED pt)."""
    coord_y = cy - R * 0.74
    out: list[str] = []
    if h.get("name"):
        name = str(h["name"])
        largest = max(NAME_SIZE, smallest + 1.5)
        sizes = [largest - k * (largest - smallest) / 3 for k in range(4)]
        # only where no place is free at a printable size does a name shrink further (to MIN_NAME px)
        sizes += [s for s in (smallest - 1.5, MIN_NAME) if MIN_NAME <= s < smallest]
        best: tuple[float, tuple[float, float, float, float], list[str], float, float, float] | None = None
        for size in sizes:
            for where, dx in (("below", 0.0), ("below", -0.4 * A), ("below", 0.4 * A), ("above", 0.0),
                              ("lower", 0.0)):
                lines = _split(name) if len(name) * 0.56 * size > R * 1.9 else [name]
                width = max(len(line) for line in lines) * 0.56 * size
                height = len(lines) * (size + 1)
                if where == "below":
                    y0 = cy + R * (0.66 if len(lines) == 1 else 0.5)
                elif where == "above":
                    y0 = cy - R * 0.42 - height + size / 2
                else:
                    y0 = cy + R * 0.98
                box = (cx + dx - width / 2 - 2, y0 - size / 2, cx + dx + width / 2 + 2, y0 - size / 2 + height)
                cost = _overlap(box, placed)
                if best is None or cost < best[0]:
                    best = (cost, box, lines, y0, size, cx + dx)
                if cost == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        _, box, lines, y0, size, x = best
        if box[1] < coord_y + 4 and box[3] > coord_y - 4:
            coord_y = cy + R * 0.8    # the name sits at the top: the coordinate goes to the bottom
        placed.append(box)
        for k, line in enumerate(lines):
            out.append(text(x, y0 + k * (size + 1), line, size=round(size, 2), extra=' class="name" stroke="#fbfaf5" '
                            'stroke-width="2.6" paint-order="stroke"'))
    out.insert(0, text(cx, coord_y, coord, size=6.5, fill="#6b6659"))
    if chips:   # the homes of a crowded hex, as labelled tokens in a row under it
        w = 30.0
        x0 = cx - w * len(chips) / 2
        y = cy + R * 1.02
        placed.append((x0 - 3, y - 8, x0 + w * len(chips) + 3, y + 8))
        out.append(f'<rect x="{n(x0 - 3)}" y="{n(y - 8)}" width="{n(w * len(chips) + 6)}" height="16" rx="4" '
                   f'fill="#fff" stroke="{INK}" stroke-width="0.6" class="homes"/>')
        for k, c in enumerate(chips):
            out.append(f'<circle cx="{n(x0 + w * k + 6)}" cy="{n(y)}" r="5" fill="{colour(c["color"], "#888")}" '
                       f'stroke="{INK}" stroke-width="0.5"/>')
            out.append(text(x0 + w * k + 12.5, y, c["sym"], size=fit(c["sym"], w - 14, 8.5), anchor="start"))
    return out


def legend(L: Any, model: dict[str, Any], width: float, y: float) -> tuple[list[str], float]:
    """A row of keys under the map: terrain, stops, off-board values, homes, destinations, rivers, borders."""
    hexes = model["map"]["hexes"].values()
    kinds = {str(k) for h in hexes for t in h["tile"]["terrain"]
             for k in (t["kind"] if isinstance(t["kind"], list) else [t["kind"]])}
    borders = [b for h in hexes for b in h["tile"]["borders"]]
    items: list[tuple[str, str]] = []
    def ink(x: float, yy: float, kind: str) -> str:
        if kind == "mountain":
            return f'<polygon points="{n(x - 7)},{n(yy + 5)} {n(x)},{n(yy - 6)} {n(x + 7)},{n(yy + 5)}" fill="#8b5a2b"/>'
        if kind == "water":
            return f'<path d="M{n(x - 8)},{n(yy)} q4,-4 8,0 t8,0" fill="none" stroke="#2b7bc0" stroke-width="2"/>'
        if kind == "city":
            return f'<circle cx="{n(x)}" cy="{n(yy)}" r="7" fill="#fff" stroke="{INK}" stroke-width="1.5"/>'
        if kind == "town":
            return f'<circle cx="{n(x)}" cy="{n(yy)}" r="4" fill="{INK}"/>'
        if kind == "home":
            return f'<circle cx="{n(x)}" cy="{n(yy)}" r="7" fill="#c0392b" stroke="{INK}" stroke-width="1.5"/>'
        if kind == "destination":
            return f'<rect x="{n(x - 6)}" y="{n(yy - 6)}" width="12" height="12" fill="none" stroke="#c0392b" stroke-width="2"/>'
        if kind == "offboard":
            return (f'<rect x="{n(x - 12)}" y="{n(yy - 6)}" width="12" height="12" fill="#f7e14b" stroke="{INK}" stroke-width="0.6"/>'
                    f'<rect x="{n(x)}" y="{n(yy - 6)}" width="12" height="12" fill="#c98a55" stroke="{INK}" stroke-width="0.6"/>')
        stroke = {"river": RIVER, "impassable": "#b03a2e", "province": "#7a6a9a"}[kind]
        dash = ' stroke-dasharray="6 4"' if kind == "province" else ""
        return f'<line x1="{n(x - 10)}" y1="{n(yy)}" x2="{n(x + 10)}" y2="{n(yy)}" stroke="{stroke}" stroke-width="5"{dash}/>'
    for k in ("mountain", "water"):
        if k in kinds:
            items.append((k, L.t(f"legend.{k}")))
    items += [("city", L.t("legend.city")), ("town", L.t("legend.town")), ("offboard", L.t("legend.offboard")),
              ("home", L.t("legend.home"))]
    if any(c.get("destination") for c in model["corporations"]):
        items.append(("destination", L.t("legend.destination")))
    if any(b.get("color") or b.get("type") in ("river", "water") for b in borders):
        items.append(("river", L.t("legend.river")))
    if any(b.get("type") == "impassable" and not b.get("color") for b in borders):
        items.append(("impassable", L.t("legend.impassable")))
    if any(b.get("type") in ("province", "national") for b in borders):
        items.append(("province", L.t("legend.province")))
    out, x, row = [], MARGIN + 14, y
    for kind, label in items:
        need = 34 + len(label) * 0.56 * 11
        if x + need > width - MARGIN:
            x, row = MARGIN + 14, row + 22
        out.append(ink(x, row, kind))
        out.append(text(x + 18, row, label, size=11, anchor="start"))
        x += need + 12
    return out, row + 16 - y


def frame(hexes: dict[str, Any], layout: str, axes: dict[str, str]) -> tuple[float, float, float, float]:
    """Where the map's picture starts and how big it is: ``(ox, oy, width, height)``; a hex at
    ``centre(coord)`` is drawn at that point less ``(ox, oy)``."""
    centres = [centre(coord, layout, axes) for coord in hexes]
    if not centres:
        return 0.0, 0.0, 10.0, 10.0
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    return (min(xs) - R - MARGIN, min(ys) - R - MARGIN,
            max(xs) - min(xs) + 2 * (R + MARGIN), max(ys) - min(ys) + 2 * (R + MARGIN))


def hex_group(coord: str, h: dict[str, Any], layout: str, axes: dict[str, str], origin: tuple[float, float]) -> str:
    """One hex as the map draws it (a tile to preview on the map, say), placed as in :func:`frame`."""
    cx, cy = centre(coord, layout, axes)
    return "\n".join(_hex_body(coord, h, layout, cx - origin[0], cy - origin[1], {}))


def hex_picture(h: dict[str, Any], layout: str, label: str, size: float = 2 * R + 4) -> str:
    """One hex on its own, as a small picture (a tile and rotation to choose)."""
    half = R + 2
    body = _hex_body("", h, layout, half, half, {})
    return svg(size, size, body, label, "tile").replace(f'viewBox="0 0 {n(size)} {n(size)}"',
                                                        f'viewBox="0 0 {n(2 * half)} {n(2 * half)}"')


def render(model: dict[str, Any], label: str, L: Any = None) -> str:
    """The whole map; corporations' homes drawn as tokens in their cities (or, where a hex carries
    ``stations``, the tokens placed there), destinations framed, and (given the language ``L``) a
    legend under it."""
    m = model["map"]
    layout, axes = m["layout"], m["axes"]
    hexes = m["hexes"]
    homes: dict[str, list[dict[str, Any]]] = {}
    for c in list(model["corporations"]) + list(model["minors"]):
        for hx in c["home"]:
            homes.setdefault(hx, []).append(c)
    centres = {coord: centre(coord, layout, axes) for coord in hexes}
    if not centres:
        return svg(10, 10, [], label, "map")
    ox, oy, width, height = frame(hexes, layout, axes)
    order = sorted(hexes, key=lambda c: (centres[c][1], centres[c][0]))
    body: list[str] = []
    for coord in order:
        cx, cy = centres[coord]
        body.extend(_hex_body(coord, hexes[coord], layout, cx - ox, cy - oy, homes))
    dests: dict[str, list[dict[str, Any]]] = {}
    for c in model["corporations"]:
        if c.get("destination"):
            dests.setdefault(c["destination"], []).append(c)
    for coord, corps in dests.items():
        if coord not in centres:
            continue
        cx, cy = centres[coord][0] - ox, centres[coord][1] - oy
        for k, c in enumerate(corps):
            x, y = cx + R * 0.3 + k * 9, cy - R * 0.5
            body.append(f'<rect class="destination" x="{n(x)}" y="{n(y)}" width="8" height="8" fill="{colour(c["color"], "#888")}" '
                        f'stroke="#c0392b" stroke-width="1.5"><title>{esc(c["sym"])}</title></rect>')
    body.append('<g class="labels">')
    placed: list[tuple[float, float, float, float]] = []
    smallest = max(MIN_NAME, MIN_PRINTED / print_scale(width, height + (60 if L is not None else 0)))
    far = 1e5   # and inside the picture
    placed += [(-far, -far, far, 1.0), (-far, -far, 1.0, far), (width - 1.0, -far, far, far)]
    for coord in order:   # a name keeps off the stops of the hexes around it
        if hexes[coord]["tile"]["stops"]:
            cx, cy = centres[coord][0] - ox, centres[coord][1] - oy
            placed.append((cx - R * 0.34, cy - R * 0.34, cx + R * 0.34, cy + R * 0.34))
    for coord in order:
        cx, cy = centres[coord]
        cities = [s for s in hexes[coord]["tile"]["stops"] if s["kind"] == "city"]
        chips = homes.get(coord, []) if len(cities) > 3 else []
        body.extend(_labels(coord, hexes[coord], cx - ox, cy - oy, placed, chips, smallest))
    body.append("</g>")
    height = max([height] + [b[3] + 4 for b in placed if b[3] < far / 2])   # names under the bottom row
    if L is not None:
        keys, extra = legend(L, model, width, height + 8)
        body.append('<g class="legend">')
        body.extend(keys)
        body.append("</g>")
        height += extra + 12
    body.insert(0, f'<rect width="{n(width)}" height="{n(height)}" fill="#fbfaf5"/>')
    return svg(width, height, body, label, "map")
