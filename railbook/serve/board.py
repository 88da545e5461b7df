"""The pictures of a game in progress: the map with its laid tiles, tokens and routes, a tile
previewed on a hex, and the stock market with the corporations' markers.

The map is drawn by the rules summaries' renderer (:mod:`railbook.docs.svg_map`) from the
board as it stands: each hex's tile (printed or laid) in its rotation, and in each city the
corporations whose tokens stand there (a home still reserved is drawn faded). Routes are
lines through the hexes they pass, in the colour of the corporation that ran them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from railbook.docs import svg_map
from railbook.docs.svg import INK, colour, esc, n, svg, text

if TYPE_CHECKING:
    from railbook.engine.game import Game

_TILES: dict[int, dict[str, Any]] = {}


def _tile_dict(definition: Any) -> dict[str, Any]:
    """A compiled tile as the renderer reads it (made once per tile kind: definitions never change)."""
    key = id(definition)
    if key not in _TILES:
        _TILES[key] = dataclasses.asdict(definition)
    return _TILES[key]


def ink_on(background: str, preferred: str | None = None) -> str:
    """Text that reads on ``background``: the title's own text colour where it stands out enough,
    else black or white, whichever stands out more (a tan card gets black, never tan)."""
    def luminance(c: str) -> float | None:
        c = c.strip().lstrip("#")
        if len(c) == 3:
            c = "".join(ch * 2 for ch in c)
        if len(c) != 6:
            return None
        try:
            rgb = [int(c[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        except ValueError:
            return None
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a: float, b: float) -> float:
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)

    bg = luminance(colour(background, "#888888"))
    if bg is None:
        return preferred or "#fff"
    if preferred:
        own = luminance(colour(preferred, "#ffffff"))
        if own is not None and contrast(bg, own) >= 3.0:
            return colour(preferred, "#ffffff")
    return "#000" if contrast(bg, 0.0) >= contrast(bg, 1.0) else "#fff"


def marker(corporation: Any, reserved: bool = False) -> dict[str, Any]:
    d = corporation.definition
    return {"sym": corporation.id, "color": d.color, "text_color": ink_on(colour(d.color, "#888"), d.text_color),
            "reserved": reserved}


def _stations(tile: Any) -> list[list[dict[str, Any] | None]]:
    out = []
    for city in tile.cities:
        slots: list[dict[str, Any] | None] = []
        for k, token in enumerate(city.tokens):
            if token is not None:
                slots.append(marker(token.corporation))
                continue
            held = city.reservations[k] if k < len(city.reservations) else None
            corp = held if held is not None and hasattr(held, "definition") and hasattr(held, "tokens") else None
            slots.append(marker(corp, reserved=True) if corp is not None else None)
        slots.extend(marker(t.corporation) for t in city.extra_tokens)
        out.append(slots)
    return out


def hex_view(hex_: Any, tile: Any = None, rotation: int | None = None) -> dict[str, Any]:
    """A hex as the renderer reads it: its tile (or ``tile`` in ``rotation``, to preview a lay)."""
    laid = tile if tile is not None else hex_.tile
    body = dict(_tile_dict(laid.definition))
    body["borders"] = [dataclasses.asdict(b) for b in laid.borders] if tile is None else \
        [dataclasses.asdict(b) for b in hex_.tile.borders]
    view = {"color": laid.color, "tile": body, "rotation": laid.rotation if rotation is None else rotation,
            "name": hex_.location_name}
    view["stations"] = _stations(hex_.tile) if tile is None else [[None] * c.slots for c in laid.cities]
    return view


def _layout(game: "Game") -> tuple[str, dict[str, str]]:
    m = game.title.model.map
    return m.layout, dict(m.axes)


def map_svg(game: "Game", label: str, routes: list[dict[str, Any]] | None = None) -> str:
    """The board now, with these routes drawn on it (each ``{"corporation", "hexes": [[...], ...]}``)."""
    layout, axes = _layout(game)
    hexes = {h.id: hex_view(h) for h in game.hexes}
    model = {"map": {"layout": layout, "axes": axes, "hexes": hexes}, "corporations": [], "minors": []}
    picture = svg_map.render(model, label)
    overlay = routes_svg(game, routes or [], "routes")
    layers = overlay + '\n<g class="preview" id="preview"></g>\n<g class="routes" id="route-preview"></g>\n'
    return picture.replace("\n</svg>", "\n" + layers + "</svg>")


def origin(game: "Game") -> tuple[float, float]:
    layout, axes = _layout(game)
    ox, oy, _, _ = svg_map.frame({h.id: None for h in game.hexes}, layout, axes)
    return ox, oy


def routes_svg(game: "Game", routes: list[dict[str, Any]], cls: str) -> str:
    """Routes as lines through the centres of the hexes each of their runs of track passes."""
    layout, axes = _layout(game)
    ox, oy = origin(game)
    out = [f'<g class="{cls}">']
    for k, route in enumerate(routes):
        corp = game.corporation_by_id(route.get("corporation"))
        stroke = colour(corp.definition.color, "#c0392b") if corp is not None else "#c0392b"
        shift = (k % 3 - 1) * 3.0   # several trains' routes side by side
        for run in route.get("connections") or []:
            points = []
            for hex_id in run:
                if game.hex_by_id(hex_id) is None:
                    continue
                x, y = svg_map.centre(hex_id, layout, axes)
                points.append(f"{n(x - ox + shift)},{n(y - oy + shift)}")
            if len(points) >= 2:
                out.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="{stroke}" '
                           f'stroke-width="7" stroke-opacity="0.75" stroke-linecap="round" stroke-linejoin="round"'
                           f' data-train="{esc(route.get("train", ""))}"/>')
        stops = route.get("hexes") or []
        for hex_id in stops:
            if game.hex_by_id(hex_id) is None:
                continue
            x, y = svg_map.centre(hex_id, layout, axes)
            out.append(f'<circle cx="{n(x - ox + shift)}" cy="{n(y - oy + shift)}" r="5" fill="{stroke}" '
                       f'stroke="#fff" stroke-width="1.5"/>')
    out.append("</g>")
    return "\n".join(out)


def last_routes(game: "Game") -> list[dict[str, Any]]:
    """The routes each corporation ran last (what the board shows between operating turns)."""
    latest: dict[str, dict[str, Any]] = {}
    for action in game.history:
        if action.get("type") == "run_routes":
            latest[str(action.get("entity"))] = action
    out = []
    for entity, action in latest.items():
        for r in action.get("routes") or []:
            out.append({"corporation": entity, "train": r.get("train"), "connections": r.get("connections") or [],
                        "hexes": r.get("hexes") or []})
    return out


def preview(game: "Game", hex_id: str, tile_id: str, rotation: int) -> tuple[str, str]:
    """A tile laid on a hex in a rotation: as a group to put on the map, and as a small picture."""
    hex_ = game.hex_by_id(hex_id)
    tile = game.tile_by_id(tile_id)
    if hex_ is None or tile is None:
        return "", ""
    layout, axes = _layout(game)
    view = hex_view(hex_, tile, rotation)
    on_map = svg_map.hex_group(hex_id, view, layout, axes, origin(game))
    return on_map, svg_map.hex_picture(view, layout, f"tile {tile.name} rotation {rotation}")


_PICTURES: dict[tuple[int, str], str] = {}


def tile_picture(game: "Game", tile: Any) -> str:
    """A tile of the supply as a small picture, unrotated (made once per tile kind and layout)."""
    layout, _ = _layout(game)
    key = (id(tile.definition), layout)
    if key not in _PICTURES:
        body = dict(_tile_dict(tile.definition))
        body["borders"] = []
        view = {"color": tile.color, "tile": body, "rotation": 0, "name": "",
                "stations": [[None] * c.slots for c in tile.cities]}
        _PICTURES[key] = svg_map.hex_picture(view, layout, f"tile {tile.name}")
    return _PICTURES[key]


# ---------------------------------------------------------------- the stock market

CW, CH = 46.0, 40.0


def market_svg(game: "Game", label: str) -> str:
    """Every cell of the market, coloured by its zone, par cells framed, and the corporations'
    markers where they stand (the first to arrive on top, as the market orders them)."""
    legend = game.title.model.market.legend
    grid = game.stock_market.grid
    rows = len(grid)
    cols = max((len(r) for r in grid), default=1)
    wrap = 20 if rows == 1 and cols > 20 else 0     # a one-row market in several lines
    body: list[str] = []

    def place(r: int, c: int) -> tuple[float, float]:
        if wrap:
            return (c % wrap) * CW, (c // wrap) * CH * 2
        return c * CW, r * CH

    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            x, y = place(r, c)
            zone = next((legend[z].zone for z in cell.zones if z in legend and legend[z].zone), None)
            body.append(f'<rect x="{n(x + 0.5)}" y="{n(y + 0.5)}" width="{n(CW - 1)}" height="{n(CH - 1)}" '
                        f'fill="{colour(zone, "#fbfaf5")}" stroke="{INK if cell.can_par else "#9c978a"}" '
                        f'stroke-width="{2.5 if cell.can_par else 0.8}" data-price="{cell.price}"/>')
            body.append(text(x + CW / 2, y + 8, cell.price, size=10, weight="bold" if cell.can_par else "normal"))
            everyone = list(cell.corporations)
            # tokens a player can read: the symbol on its colour, two at most in a cell (the first to
            # arrive on top); more read as "+N", every one named in the cell's tooltip and the legend
            stacked = everyone if len(everyone) <= 2 else everyone[:1]
            if len(everyone) > 2:
                names = ", ".join(c.id for c in everyone)
                body.append(f'<g class="marker more"><title>{esc(names)} at {cell.price}</title>'
                            f'<rect x="{n(x + 3)}" y="{n(y + 27)}" width="{n(CW - 6)}" height="11" rx="3" fill="#2d2a24"/>')
                body.append(text(x + CW / 2, y + 33, f"+{len(everyone) - 1}", size=8.5, weight="bold", fill="#fff")
                            + "</g>")
            for k, corp in enumerate(stacked):
                mx = x + 3
                tall = 11.0
                my = y + 14 + k * 13
                d = corp.definition
                fill = colour(d.color, "#888")
                body.append(f'<g class="marker" data-corporation="{esc(corp.id)}"><title>{esc(corp.id)} at '
                            f'{cell.price}</title><rect x="{n(mx)}" y="{n(my)}" width="{n(CW - 6)}" height="{n(tall)}" '
                            f'rx="3" fill="{fill}" stroke="#222" stroke-width="0.6"/>')
                body.append(text(mx + (CW - 6) / 2, my + tall / 2 + 0.5, corp.id[:5], size=min(9.5, tall - 2.5),
                                 weight="bold", fill=ink_on(fill, d.text_color)) + "</g>")
    width = (wrap or cols) * CW + 1
    height = ((cols + wrap - 1) // wrap * 2 * CH if wrap else rows * CH) + CH
    return svg(width, height, body, label, "market")
