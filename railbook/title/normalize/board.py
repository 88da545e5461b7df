"""The map and the tile manifest: printed hexes fit the layout, names and regions name hexes,
the manifest's tiles exist, and every tile above yellow can be reached by an upgrade."""

from __future__ import annotations

from typing import Any

from railbook import hexgrid
from railbook.title.normalize.checker import Checker
from railbook.title.normalize.tiles import normalize_tile_body

TILE_COLOURS = ("white", "yellow", "green", "brown", "gray")


def normalize_map(doc: dict[str, Any], common: dict[str, Any], chk: Checker) -> dict[str, Any]:
    layout = doc.get("layout", "pointy")
    axes = dict(doc.get("axes") or hexgrid.default_axes(layout))
    hexes: dict[str, dict[str, Any]] = {}
    where: dict[str, tuple[Any, ...]] = {}
    common_tiles = (common or {}).get("tiles", {})
    for key, body in (doc.get("hexes") or {}).items():
        if not isinstance(body, dict):
            continue  # the schema has reported it
        color = body.get("color", "white")
        for idx, coord in enumerate(str(key).split()):
            if hexgrid.parse_coord(coord) is None:
                continue  # the schema has reported it
            if coord in hexes:
                chk.add("map.yaml", ("hexes", key), f"hex {coord} is defined twice", key=True)
                continue
            pointer = ("hexes", key)
            if "tile" in body:
                base = common_tiles.get(body["tile"])
                if base is None:
                    chk.add("map.yaml", pointer + ("tile",), f"unknown tile {body['tile']!r}")
                    base = {}
                merged = {**base, **{k: v for k, v in body.items() if k not in ("tile", "color", "rotation", "printed_index")}}
                tile = normalize_tile_body(merged, coord, color if "color" in body else base.get("color", color),
                                           chk, "map.yaml", pointer)
                tile["printed_tile"] = body["tile"]
            else:
                tile = normalize_tile_body({k: v for k, v in body.items() if k != "printed_index"}, coord, color, chk,
                                           "map.yaml", pointer)
            tile["preprinted_index"] = int(body.get("printed_index", idx))
            hexes[coord] = {"color": color, "tile": tile, "rotation": int(body.get("rotation", 0))}
            if "reserved_for" in body:
                hexes[coord]["reserved_for"] = body["reserved_for"]
            where[coord] = pointer
    names = {}
    for coord, name in (doc.get("names") or {}).items():
        if coord not in hexes:
            chk.add("map.yaml", ("names", coord), f"names a hex that is not on the map: {coord}", key=True)
        names[coord] = name
    for coord, h in hexes.items():
        h["name"] = names.get(coord)
    # every hex of a map shares the parity of x + y under its layout
    parity: dict[int, list[str]] = {}
    for coord in hexes:
        x, y = hexgrid.xy(coord, axes)
        parity.setdefault((x + y) % 2, []).append(coord)
    if len(parity) == 2:
        minority = min(parity.values(), key=len)
        for coord in minority:
            chk.add("map.yaml", where[coord],
                    f"hex {coord} does not fit the {layout} layout (its neighbours' coordinates differ in parity)")
    regions = {}
    for name, coords in (doc.get("regions") or {}).items():
        for i, c in enumerate(coords):
            if c not in hexes:
                chk.add("map.yaml", ("regions", name, i), f"unknown hex {c}")
        regions[name] = list(coords)
    return {"layout": layout, "axes": axes, "hexes": hexes, "regions": regions}


def normalize_tiles(doc: dict[str, Any], common: dict[str, Any], map_: dict[str, Any],
           chk: Checker) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    common_tiles = (common or {}).get("tiles", {})
    own = doc.get("tiles", {}) or {}
    for name in own:
        if name in common_tiles and not (own[name] or {}).get("overrides_catalogue"):
            chk.add("tiles.yaml", ("tiles", name),
                    f"tile {name!r} is already in the common catalogue; give the title's tile another name",
                    key=True)
    catalogue = {**common_tiles, **own}
    counts: dict[str, Any] = {}
    tiles: dict[str, Any] = {}
    for name, n in (doc.get("counts") or {}).items():
        name = str(name)
        if name not in catalogue:
            chk.add("tiles.yaml", ("counts", name), f"unknown tile {name!r} (not in the title's tiles or the common catalogue)", key=True)
            continue
        counts[name] = None if n == "unlimited" else n
    # the tiles the title uses: its manifest, in manifest order
    for name in counts:
        body = catalogue[name]
        src_doc = "tiles.yaml" if name in own else "common"
        tiles[name] = normalize_tile_body(body, name, body["color"], chk, src_doc, ("tiles", name))
    for program, offsets in (doc.get("recorded_rotations") or {}).items():
        for name, steps in offsets.items():
            if str(name) not in tiles:
                chk.add("tiles.yaml", ("recorded_rotations", program, name), f"unknown tile {name!r}", key=True)
                continue
            tiles[str(name)].setdefault("recorded_rotations", {})[program] = int(steps)
    for name, t in tiles.items():
        for k, old in enumerate((t.get("replaces") or {}).get("tiles", [])):
            if old not in counts:
                chk.add("tiles.yaml", ("tiles", name, "replaces", "tiles", k), f"unknown tile {old!r}")
    upgrades = {}
    for name, targets in (doc.get("upgrades") or {}).items():
        for i, t in enumerate(targets):
            if t not in counts:
                chk.add("tiles.yaml", ("upgrades", name, i), f"unknown tile {t!r}")
        if name not in counts and name not in map_["hexes"]:
            chk.add("tiles.yaml", ("upgrades", name), f"unknown tile {name!r}", key=True)
        upgrades[name] = list(targets)
    # upgrade paths are consistent: every non-yellow tile in the manifest can be reached
    by_color: dict[str, list[str]] = {}
    for name, t in tiles.items():
        by_color.setdefault(t["color"], []).append(name)
    printed_colors = {h["tile"]["color"] for h in map_["hexes"].values()}
    for name, t in tiles.items():
        ci = TILE_COLOURS.index(t["color"]) if t["color"] in TILE_COLOURS else 0
        if ci <= 1:
            continue
        below = TILE_COLOURS[ci - 1]
        if below not in by_color and below not in printed_colors:
            chk.add("tiles.yaml", ("counts", name),
                    f"{t['color']} tile {name!r} can never be laid: no {below} tile or hex to upgrade", key=True)
    return tiles, counts, upgrades


def normalize_extra_upgrades(doc: dict[str, Any], counts: dict[str, Any], chk: Checker) -> list[dict[str, Any]]:
    """tiles.yaml ``extra_upgrades``: tiles that may also become others from a phase on."""
    out = []
    for i, e in enumerate(doc.get("extra_upgrades") or []):
        for key in ("from", "to"):
            for k, name in enumerate(e.get(key) or []):
                if name not in counts:
                    chk.add("tiles.yaml", ("extra_upgrades", i, key, k), f"unknown tile {name!r}")
        out.append({"tiles": list(e.get("from") or []), "to": list(e.get("to") or []),
                    "from_phase": e.get("from_phase")})
    return out
