"""The map (size, regions, cities, offboards, terrain, borders) and the tile
manifest. Hexes are compared one by one as details; the summaries compare any
two maps."""

from __future__ import annotations

from typing import Any

from railbook import hexgrid
from railbook.diff.facts.base import FactSet

# what a stop carries that is not a rule: where and how it is drawn
_STOP_COSMETIC = {"hide", "loc", "style"}


def _stop(s: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k not in _STOP_COSMETIC and v not in ([], None)}


def _end(e: int, stops: list[dict[str, Any]]) -> str:
    if e < 10:
        return str(e)
    kinds = [s["kind"] for s in stops]
    k = e - 10
    return f"{kinds[k][0]}{kinds[:k].count(kinds[k])}"


def _paths(tile: dict[str, Any]) -> list[str]:
    out = []
    for p in tile.get("paths") or []:
        a, b = sorted((_end(p["a"], tile["stops"]), _end(p["b"], tile["stops"])))
        extra = [f"{k}={p[k]}" for k in ("terminal", "lanes") if p.get(k)]
        extra += [f"track={p['track']}"] if p.get("track", "broad") != "broad" else []
        out.append("-".join((a, b)) + (f" ({', '.join(extra)})" if extra else ""))
    return sorted(out)


def _hex(h: dict[str, Any]) -> dict[str, Any]:
    tile = h["tile"]
    attrs: dict[str, Any] = {
        "color": tile.get("color", h.get("color")),
        "stops": [_stop(s) for s in tile.get("stops") or []] or None,
        "paths": _paths(tile) or None,
        "label": tile.get("label"),
        "terrain": tile.get("terrain") or None,
        "borders": tile.get("borders") or None,
        "rotation": h.get("rotation") or None,
    }
    for k in ("stubs", "future_label", "hidden", "printed_tile"):
        if tile.get(k) is not None:
            attrs[k] = tile[k]
    return attrs


def map_(model: dict[str, Any], out: FactSet) -> None:
    m = model.get("map") or {}
    hexes = m.get("hexes") or {}
    out.add("map.layout", m.get("layout", "pointy"))
    out.add("map.hexes", len(hexes))
    axes = m.get("axes") or hexgrid.default_axes(m.get("layout", "pointy"))
    xs, ys = set(), set()
    for coord in hexes:
        try:
            x, y = hexgrid.xy(coord, axes)
        except ValueError:
            continue
        xs.add(x)
        ys.add(y)
    out.add("map.size", {"rows": len(ys), "columns": len(xs)})
    stops = [s for h in hexes.values() for s in h["tile"].get("stops") or []]
    out.add("map.cities", sum(1 for s in stops if s["kind"] == "city"))
    out.add("map.towns", sum(1 for s in stops if s["kind"] == "town"))
    offboard_hexes = [h for h in hexes.values() if any(s["kind"] == "offboard" for s in h["tile"].get("stops") or [])]
    out.add("map.offboards", len(offboard_hexes))
    revenue: dict[str, list[int]] = {}
    for s in stops:
        if s["kind"] != "offboard":
            continue
        r = s.get("revenue")
        for colour, v in (r.items() if isinstance(r, dict) else [("all", r or 0)]):
            lo_hi = revenue.setdefault(colour, [v, v])
            lo_hi[0], lo_hi[1] = min(lo_hi[0], v), max(lo_hi[1], v)
    if revenue:
        out.add("map.offboard_revenue", revenue)
    if m.get("regions"):
        out.add("map.regions", {name: len(coords) for name, coords in m["regions"].items()})
    terrain: dict[str, dict[str, int]] = {}
    borders: dict[str, int] = {}
    for h in hexes.values():
        for t in h["tile"].get("terrain") or []:
            for kind in t.get("kind") or ["terrain"]:
                by_cost = terrain.setdefault(kind, {})
                by_cost[str(t["cost"])] = by_cost.get(str(t["cost"]), 0) + 1
        for b in h["tile"].get("borders") or []:
            if b.get("type"):  # an untyped border is only a line drawn between two halves of an area
                borders[b["type"]] = borders.get(b["type"], 0) + 1
    out.add("map.terrain", terrain)
    if borders:
        out.add("map.borders", borders)
    for coord in sorted(hexes, key=lambda c: (hexgrid.parse_coord(c) or (c, 0))):
        out.entity("map.hex.*", (coord,), _hex(hexes[coord]))


def tiles(model: dict[str, Any], out: FactSet) -> None:
    counts = model.get("tile_counts") or {}
    catalogue = model.get("tiles") or {}
    out.add("tiles.kinds", len(counts))
    by_colour: dict[str, Any] = {}
    for name, n in counts.items():
        colour = (catalogue.get(name) or {}).get("color", "unknown")
        if n is None or by_colour.get(colour) == "unlimited":
            by_colour[colour] = "unlimited"
        else:
            by_colour[colour] = by_colour.get(colour, 0) + n
    out.add("tiles.by_colour", by_colour)
    splits = city_splits(model)
    if splits:
        out.add("tiles.city_splits", splits)
    for name in counts:
        out.add("tiles.count.*", "unlimited" if counts[name] is None else counts[name], name)
    for name, targets in (model.get("upgrades") or {}).items():
        out.add("tiles.upgrades.*", sorted(targets), name)


UPGRADE_COLOURS = ("yellow", "green", "brown", "gray")


def _cities(tile: dict[str, Any]) -> int:
    return sum(1 for s in tile.get("stops") or [] if s["kind"] == "city")


def _fits(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """The new tile keeps every exit of the old one under some rotation."""
    exits = set((old.get("rotations") or [{"exits": []}])[0]["exits"])
    return any(exits <= set(r["exits"]) for r in new.get("rotations") or [])


def upgrade_targets(model: dict[str, Any], name: str) -> list[str]:
    """What a tile may become: the title's own upgrade list, or else the usual
    rule (the next colour, the same label, no exit lost)."""
    explicit = (model.get("upgrades") or {}).get(name)
    if explicit is not None:
        return list(explicit)
    tiles = model.get("tiles") or {}
    old = tiles.get(name) or {}
    if old.get("color") not in UPGRADE_COLOURS[:-1]:
        return []
    colour = UPGRADE_COLOURS[UPGRADE_COLOURS.index(old["color"]) + 1]
    return [n for n, t in tiles.items()
            if t.get("color") == colour and t.get("label") == old.get("label") and _fits(old, t)]


def city_splits(model: dict[str, Any]) -> dict[str, list[str]]:
    """Tiles whose city becomes several separate cities on upgrade, with those upgrades."""
    tiles = model.get("tiles") or {}
    out: dict[str, list[str]] = {}
    for name, tile in tiles.items():
        n = _cities(tile)
        if n == 0:
            continue
        more = [t for t in upgrade_targets(model, name) if _cities(tiles.get(t) or {}) > n]
        if more:
            out[name] = more
    return out
