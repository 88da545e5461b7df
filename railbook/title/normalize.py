"""Normalize a schema-checked title into the tables the engine runs, checking
what a schema cannot: references resolve, homes are cities, upgrades are
consistent, hexes fit the layout, market moves stay in the grid.

The result is plain data (dicts, lists, numbers, strings) in a fixed order, so
compiling the same sources always gives the same bytes.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from railbook import hexgrid
from railbook.problems import Problems
from railbook.title.changes import resolve_change_path
from railbook.title.loader import TitleSource  # noqa: F401
from railbook.title.market_moves import market_moves
from railbook.title.yaml_source import YamlDoc, format_pointer

TILE_COLOURS = ("white", "yellow", "green", "brown", "gray")
BUILTIN_EVENTS = ("close_privates",)
STOP_KINDS = ("city", "town", "offboard", "junction", "halt")
REF_LETTER = {"c": "city", "t": "town", "o": "offboard", "h": "halt"}

DEFAULT_OR_STEPS = ["bankrupt", "exchange", "special_track", "special_token", "buy_private", "home_token",
                    "track", "token", "route", "dividend", "discard_train", "buy_train", "buy_private_blocking"]

DEFAULTS: dict[str, Any] = {
    "certificate_limit_counts_privates": True,
    "holding_limit": 60,
    "pool_limit": 50,
    "auction": {"min_increment": 5, "bids_in_multiples": False, "price_drop_when_all_pass": 5},
    "stock_round": {
        "sell_buy_order": "sell_buy_or_buy_sell",
        "first_sales_after": "first_stock_round",
        "sale_price_drop": "row_per_share",
        "sold_out_rise": True,
        "priority": "after_last_to_act",
        "multiple_buys_only_from_pool": False,
        "must_sell_in_blocks": False,
        "holding_limit_forces_sale": True,
        "presidency_sale_to_pool": False,
        "privates_between_players": {"phase_flag": "private_sales_between_players", "not_in_first_stock_round": False,
                                     "regrants_shares": False},
    },
    "operating_round": {
        "steps": DEFAULT_OR_STEPS,
        "tile_lays": [{"lay": True, "upgrade": True, "cost": 0}],
        "track_restriction": "semi_restrictive",
        "reservations_block_others": "never",
        "home_token": "first_operation",
        "must_buy_train": "when_route_exists",
        "discarded_trains": "to_depot",
        "emergency_buy": {"from_other_corporations": "up_to_face_value", "president_may_swap": True,
                          "cheapest_depot_train_only": True, "sell_more_than_needed": False},
        "train_buys_between_corporations": True,
        "dividends": ["payout", "withhold"],
    },
    "bankruptcy": {"allowed": True, "ends_game_after": "one"},
}


def _merge(default: Any, given: Any) -> Any:
    if isinstance(default, dict) and isinstance(given, dict):
        out = copy.deepcopy(default)
        for k, v in given.items():
            out[k] = _merge(default.get(k), v) if k in default else copy.deepcopy(v)
        return out
    return copy.deepcopy(default) if given is None else copy.deepcopy(given)


@dataclass
class Checker:
    """Collects reference problems with locations from the source documents."""

    problems: Problems
    docs: dict[str, YamlDoc] = field(default_factory=dict)

    def add(self, doc_name: str, pointer: tuple[Any, ...], message: str, key: bool = False) -> None:
        doc = self.docs.get(doc_name)
        if doc is None:
            self.problems.add(doc_name, 1, 1, format_pointer(pointer), message)
            return
        line, col = doc.where(pointer, key=key)
        self.problems.add(doc.file, line, col, format_pointer(pointer), message)


# ---------------------------------------------------------------- tiles

_END = re.compile(r"^([0-5])$|^([ctoh])([0-9])$|^(j)$")
_PATH_TEXT = re.compile(r"^([0-5]|[ctoh][0-9]|j)-([0-5]|[ctoh][0-9]|j)$")


def _revenue(value: Any) -> Any:
    """Ints stay ints (the same in every phase); per-colour maps keep their order."""
    if isinstance(value, dict):
        return {k: int(v) for k, v in value.items()}
    return int(value or 0)


def normalize_stop(stop: dict[str, Any]) -> dict[str, Any]:
    kind = next(k for k in STOP_KINDS if k in stop)
    out: dict[str, Any] = {"kind": kind}
    if kind != "junction":
        out["revenue"] = _revenue(stop[kind])
    if kind == "city":
        out["slots"] = int(stop.get("slots", 1))
    out["groups"] = list(stop.get("groups", []))
    out["hide"] = bool(stop.get("hide", False))
    out["visit_cost"] = int(stop.get("visit_cost", 1))
    out["route"] = stop.get("route", "mandatory")
    for opt in ("loc", "style", "to_city", "boom", "reserved_for", "tokenable", "refuses_tokens"):
        if opt in stop:
            out[opt] = stop[opt]
    return out


def normalize_tile_body(body: dict[str, Any], name: str, color: str, chk: Checker, doc: str,
                        pointer: tuple[Any, ...]) -> dict[str, Any]:
    """Turn a tile (or printed hex) into stops, paths as end codes, and rotations.

    Path ends are encoded as numbers: an edge is 0-5, stop number k is 10 + k.
    """
    stops = [normalize_stop(s) for s in body.get("stops", [])]
    index_of: dict[str, int] = {}
    counts: dict[str, int] = {}
    for i, s in enumerate(stops):
        letter = {"city": "c", "town": "t", "offboard": "o", "halt": "h", "junction": "j"}[s["kind"]]
        n = counts.get(letter, 0)
        counts[letter] = n + 1
        index_of[letter if letter == "j" else f"{letter}{n}"] = i
    paths = []
    for pi, p in enumerate(body.get("paths", [])):
        spec = p if isinstance(p, dict) else {"path": p}
        if not isinstance(spec.get("path"), str) or not _PATH_TEXT.match(spec["path"]):
            continue  # the schema has reported it
        a_txt, b_txt = spec["path"].split("-")
        ends = []
        for end in (a_txt, b_txt):
            if end.isdigit():
                ends.append(int(end))
            elif end in index_of:
                ends.append(10 + index_of[end])
            else:
                kind = REF_LETTER.get(end[0], "junction")
                chk.add(doc, pointer + ("paths", pi),
                        f"path end {end!r} names a {kind} the tile does not have "
                        f"(it has {', '.join(index_of) or 'no stops'})")
                ends.append(None)
        if None in ends:
            continue
        if ends[0] == ends[1]:
            chk.add(doc, pointer + ("paths", pi), f"path {spec['path']!r} joins an end to itself")
            continue
        paths.append({
            "a": ends[0], "b": ends[1],
            "terminal": int(spec.get("terminal", 0)),
            "lanes": spec.get("lanes"),
            "track": spec.get("track", "broad"),
            "ignore": bool(spec.get("ignore", False)),
        })
    terrain = []
    for t in body.get("terrain", []):
        kinds = t.get("kind", [])
        terrain.append({"cost": int(t["cost"]), "kind": [kinds] if isinstance(kinds, str) else list(kinds)})
    tile: dict[str, Any] = {
        "name": name,
        "color": color,
        "stops": stops,
        "paths": paths,
        "label": body.get("label"),
        "terrain": terrain,
        "borders": [dict(b) for b in body.get("borders", [])],
        "icons": [dict(i) for i in body.get("icons", [])],
    }
    for opt in ("stubs", "frame", "stripes", "future_label", "hidden", "replaces", "upgrade_placed_by_reservation"):
        if opt in body:
            tile[opt] = copy.deepcopy(body[opt])
    tile["rotations"] = rotations(paths)
    return tile


def rotations(paths: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Paths and exits of a tile under each rotation, computed once at compile time."""
    out = []
    for r in range(6):
        rp = [[_rot(p["a"], r), _rot(p["b"], r)] for p in paths]
        exits = sorted({e for a, b in rp for e in (a, b) if e < 10})
        out.append({"paths": rp, "exits": exits})
    return out


def _rot(end: int, r: int) -> int:
    return (end + r) % 6 if end < 10 else end


# ---------------------------------------------------------------- the model


def build_model(src: TitleSource) -> dict[str, Any]:
    """Normalize and check; problems go to ``src.problems``."""
    chk = Checker(src.problems, src.docs)
    title = src.data("title.yaml", {}) or {}
    trains_doc = src.data("trains.yaml", {}) or {}
    privates_doc = src.data("privates.yaml", {"privates": []}) or {"privates": []}
    corps_doc = src.data("corporations.yaml", {}) or {}
    market_doc = src.data("market.yaml", {}) or {}
    map_doc = src.data("map.yaml", {}) or {}
    tiles_doc = src.data("tiles.yaml", {}) or {}
    common = (src.common_tiles.data if src.common_tiles and src.common_tiles.data else {}) or {}

    model: dict[str, Any] = {}
    model["title"] = _title(title, chk)
    model["trains"], model["phases"] = _trains(trains_doc, chk)
    model["map"] = _map(map_doc, common, chk)
    model["tiles"], model["tile_counts"], model["upgrades"] = _tiles(tiles_doc, common, model["map"], chk)
    model["market"] = _market(market_doc, chk)
    model["corporations"], model["minors"], model["loans"] = _corporations(corps_doc, model, chk)
    model["privates"] = _privates(privates_doc, model, chk)
    _check_title_refs(model, chk)
    _check_operating_refs(model, chk)
    return model


def _check_operating_refs(model: dict[str, Any], chk: Checker) -> None:
    """Hex reservations name corporations; phase names given in title.yaml exist."""
    syms = {c["sym"] for c in model["corporations"]} | {m["sym"] for m in model["minors"]}
    for coord, h in model["map"]["hexes"].items():
        if h.get("reserved_for") and h["reserved_for"] not in syms:
            chk.add("map.yaml", ("hexes",), f"hex {coord} is reserved for {h['reserved_for']!r}, which is not a corporation")
    phase = model["title"].get("full_capitalization_from_phase")
    if phase and phase not in [p["name"] for p in model["phases"]]:
        chk.add("title.yaml", ("full_capitalization_from_phase",), f"unknown phase {phase!r}")


def _title(t: dict[str, Any], chk: Checker) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in ("id", "name", "subtitle", "designer", "publisher", "year", "location", "rules_url"):
        if k in t:
            out[k] = t[k]
    out["blurb"] = dict(t.get("blurb", {}))
    out["texts"] = copy.deepcopy(t.get("texts", {}))
    out["players"] = dict(t.get("players", {"min": 1, "max": 1}))
    out["currency"] = dict(t.get("currency", {"symbol": "$", "placement": "prefix"}))
    for k in ("starting_cash", "certificate_limit"):
        out[k] = {int(n): v for n, v in (t.get(k) or {}).items()}
        pmin, pmax = out["players"].get("min", 1), out["players"].get("max", 1)
        if pmin > pmax:
            chk.add("title.yaml", ("players",), f"min players {pmin} is more than max players {pmax}")
        if pmax > 9:
            continue  # the schema has reported the player count
        for n in range(max(pmin, 1), pmax + 1):
            if t.get(k) and n not in out[k]:
                chk.add("title.yaml", (k,), f"no value for {n} players (the title allows {pmin}-{pmax})")
    out["bank"] = dict(t.get("bank", {"unlimited": True}))
    out["capitalization"] = t.get("capitalization", "full")
    for k in ("certificate_limit_counts_privates", "holding_limit", "pool_limit"):
        out[k] = t.get(k, DEFAULTS[k])
    for k in ("escrow_until_float", "full_capitalization_from_phase", "ipo_price"):  # only where a title uses them
        if k in t:
            out[k] = t[k]
    out["auction"] = _merge(DEFAULTS["auction"], t.get("auction", {"kind": "none"}))
    out["stock_round"] = _merge(DEFAULTS["stock_round"], t.get("stock_round", {}))
    out["operating_round"] = _merge(DEFAULTS["operating_round"], t.get("operating_round", {}))
    out["game_end"] = copy.deepcopy(t.get("game_end", []))
    out["bankruptcy"] = _merge(DEFAULTS["bankruptcy"], t.get("bankruptcy", {}))
    out["optional_rules"] = copy.deepcopy(t.get("optional_rules", []))
    seen: set[str] = set()
    for i, rule in enumerate(out["optional_rules"]):
        if rule.get("id") in seen:
            chk.add("title.yaml", ("optional_rules", i, "id"), f"optional rule {rule['id']!r} is defined twice")
        seen.add(rule.get("id"))
    return out


def _distance(d: Any) -> dict[str, Any]:
    if d == "unlimited":
        return {"kind": "unlimited"}
    if isinstance(d, int):
        return {"kind": "stops", "n": d}
    if isinstance(d, dict):
        return {"kind": "hexes", "n": int(d["hexes"])}
    rows = []
    for row in d:
        rows.append({"stops": list(row["stops"]), "pay": int(row["pay"]),
                     "visit": int(row.get("visit", row["pay"])), "multiplier": int(row.get("multiplier", 1))})
    return {"kind": "rows", "rows": rows}


def _trains(doc: dict[str, Any], chk: Checker) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    trains = []
    names: dict[str, int] = {}
    for i, t in enumerate(doc.get("trains", [])):
        if t["name"] in names:
            chk.add("trains.yaml", ("trains", i, "name"), f"train {t['name']!r} is defined twice")
        names[t["name"]] = i
        trains.append({
            "name": t["name"],
            "distance": _distance(t["distance"]),
            "price": t["price"],
            "count": None if t["count"] == "unlimited" else t["count"],
            "rusts_on": t.get("rusts_on"),
            "obsolete_on": t.get("obsolete_on"),
            "available_from_phase": t.get("available_from_phase"),
            "trade_in": dict(t.get("trade_in", {})),
            "events": list(t.get("events", [])),
            "multiplier": t.get("multiplier"),
            "requires_token": t.get("requires_token", True),
            "color": t.get("color"),
            "variants": [dict(v, distance=_distance(v["distance"])) for v in t.get("variants", [])],
        })
        for opt in ("per_corporation_limit", "route_may_overlap"):  # present only where a title uses them
            if opt in t:
                trains[-1][opt] = t[opt]
    phases = []
    pnames: dict[str, int] = {}
    for i, p in enumerate(doc.get("phases", [])):
        if p["name"] in pnames:
            chk.add("trains.yaml", ("phases", i, "name"), f"phase {p['name']!r} is defined twice")
        pnames[p["name"]] = i
        on = p.get("on")
        phases.append({
            "name": p["name"],
            "on": [] if on is None else ([on] if isinstance(on, str) else list(on)),
            "tiles": list(p["tiles"]),
            "train_limit": p["train_limit"],
            "operating_rounds": p["operating_rounds"],
            "flags": list(p.get("flags", [])),
            "events": list(p.get("events", [])),
            "color": p.get("color"),
        })
        if "revenue_column" in p:
            phases[-1]["revenue_column"] = p["revenue_column"]
    # references
    for i, t in enumerate(doc.get("trains", [])):
        for key in ("rusts_on", "obsolete_on"):
            if key in t and t[key] not in names:
                chk.add("trains.yaml", ("trains", i, key), f"unknown train {t[key]!r}")
        if "available_from_phase" in t and t["available_from_phase"] not in pnames:
            chk.add("trains.yaml", ("trains", i, "available_from_phase"), f"unknown phase {t['available_from_phase']!r}")
        for other in t.get("trade_in", {}):
            if other not in names:
                chk.add("trains.yaml", ("trains", i, "trade_in", other), f"unknown train {other!r}", key=True)
            elif t["trade_in"][other] > t["price"]:
                chk.add("trains.yaml", ("trains", i, "trade_in", other),
                        f"trade-in discount {t['trade_in'][other]} is more than the price {t['price']}")
    for i, p in enumerate(phases):
        for on in p["on"]:
            if on not in names:
                chk.add("trains.yaml", ("phases", i, "on"), f"unknown train {on!r}")
        if i == 0 and p["on"]:
            chk.add("trains.yaml", ("phases", 0, "on"), "the first phase is where the game starts; it has no 'on' train")
        if i > 0 and not p["on"]:
            chk.add("trains.yaml", ("phases", i), "missing required key 'on' (the train that starts this phase)")
    return trains, phases


def _map(doc: dict[str, Any], common: dict[str, Any], chk: Checker) -> dict[str, Any]:
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
                merged = {**base, **{k: v for k, v in body.items() if k not in ("tile", "color", "rotation")}}
                tile = normalize_tile_body(merged, coord, color if "color" in body else base.get("color", color),
                                           chk, "map.yaml", pointer)
                tile["printed_tile"] = body["tile"]
            else:
                tile = normalize_tile_body(body, coord, color, chk, "map.yaml", pointer)
            tile["preprinted_index"] = idx
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


def _tiles(doc: dict[str, Any], common: dict[str, Any], map_: dict[str, Any],
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


_CELL = re.compile(r"^([0-9]+)([a-zA-Z]*)$")


def _market(doc: dict[str, Any], chk: Checker) -> dict[str, Any]:
    legend = {k: {"par": bool(v.get("par", False)), "zone": v.get("zone"), "effects": list(v.get("effects", [])),
                  "text": dict(v.get("text", {}))}
              for k, v in (doc.get("legend") or {}).items()}
    grid: list[list[Any]] = []
    pars: list[list[int]] = []
    for r, row in enumerate(doc.get("grid") or []):
        out_row: list[Any] = []
        for c, cell in enumerate(row):
            text = str(cell)
            if text == "":
                out_row.append(None)
                continue
            m = _CELL.match(text)
            if not m:  # the schema reports the malformed cell; keep a placeholder so it is no gap
                out_row.append({"price": 0, "zones": "", "malformed": True})
                continue
            letters = m.group(2)
            for letter in letters:
                if letter not in legend:
                    chk.add("market.yaml", ("grid", r, c), f"zone letter {letter!r} is not in the legend")
            cell_out = {"price": int(m.group(1)), "zones": letters}
            if any(legend.get(l, {}).get("par") for l in letters):
                pars.append([r, c])
            out_row.append(cell_out)
        grid.append(out_row)
    if not pars and grid:
        chk.add("market.yaml", ("legend",), "no par cell: at least one zone letter must have 'par: true'")
    for r, row in enumerate(grid):
        if row and row[0] is None and all(x is None for x in row):
            chk.add("market.yaml", ("grid", r), "an empty row: market moves would leave the grid")
        # a move left/right/up/down lands on a cell or stays: rows must not have gaps inside
        seen_cell = False
        gap = False
        for c, cell in enumerate(row):
            if cell is not None:
                if gap:
                    chk.add("market.yaml", ("grid", r, c), "a gap inside a row: market moves would leave the grid")
                    break
                seen_cell = True
            elif seen_cell:
                gap = True
    return {"movement": doc.get("movement", "two_dimensional"), "legend": legend, "grid": grid, "par_cells": pars,
            "par_prices": copy.deepcopy(doc.get("par_prices", {})), "moves": market_moves(grid)}


def _home_is_city(map_: dict[str, Any], coord: str) -> bool:
    h = map_["hexes"].get(coord)
    return bool(h) and any(s["kind"] == "city" for s in h["tile"]["stops"])


def _corporations(doc: dict[str, Any], model: dict[str, Any], chk: Checker) -> tuple[list[Any], list[Any], Any]:
    defaults = doc.get("defaults", {}) or {}
    default_shares = defaults.get("shares", [20, 10, 10, 10, 10, 10, 10, 10, 10])
    corps = []
    syms: dict[str, int] = {}
    map_ = model["map"]
    for i, c in enumerate(doc.get("corporations", []) or []):
        if c["sym"] in syms:
            chk.add("corporations.yaml", ("corporations", i, "sym"), f"corporation {c['sym']!r} is defined twice")
        syms[c["sym"]] = i
        shares = list(c.get("shares", default_shares))
        if sum(shares) != 100:
            chk.add("corporations.yaml", ("corporations", i, "shares") if "shares" in c else ("defaults", "shares"),
                    f"certificates add up to {sum(shares)}%, not 100%")
        home = c.get("home")
        homes = [] if home is None else ([home] if isinstance(home, str) else list(home))
        for h in homes:
            if h not in map_["hexes"]:
                chk.add("corporations.yaml", ("corporations", i, "home"), f"home {h} is not on the map")
            elif not _home_is_city(map_, h):
                chk.add("corporations.yaml", ("corporations", i, "home"), f"home {h} has no city")
        home_city = c.get("home_city")
        if home_city is not None and homes:
            cities = [s for s in map_["hexes"].get(homes[0], {"tile": {"stops": []}})["tile"]["stops"] if s["kind"] == "city"]
            for hc in ([home_city] if isinstance(home_city, int) else home_city):
                if hc >= len(cities) and cities:
                    chk.add("corporations.yaml", ("corporations", i, "home_city"),
                            f"home city {hc} does not exist: {homes[0]} has {len(cities)} cities")
        choice = c.get("home_choice")
        if choice:
            for j, h in enumerate(choice.get("hexes", [])):
                if h not in map_["hexes"]:
                    chk.add("corporations.yaml", ("corporations", i, "home_choice", "hexes", j), f"unknown hex {h}")
            if "region" in choice and choice["region"] not in map_["regions"]:
                chk.add("corporations.yaml", ("corporations", i, "home_choice", "region"), f"unknown region {choice['region']!r}")
        if not homes and not choice and not c.get("merger") and not c.get("formation"):
            chk.add("corporations.yaml", ("corporations", i), "missing required key 'home' (or 'home_choice')")
        corps.append({
            "sym": c["sym"], "name": c["name"], "home": homes, "home_city": home_city,
            "home_choice": copy.deepcopy(choice), "tokens": list(c["tokens"]),
            "color": c.get("color", "#888888"), "text_color": c.get("text_color", "white"),
            "float_percent": c.get("float_percent", defaults.get("float_percent", 60)),
            "shares": shares, "type": c.get("type", defaults.get("type", "major")),
            "capitalization": c.get("capitalization", model["title"]["capitalization"]),
            "holding_limit": c.get("holding_limit", model["title"]["holding_limit"]),
            "available": copy.deepcopy(c.get("available", "start")),
            "region": c.get("region"),
            "converts_to": copy.deepcopy(c.get("converts_to")),
            "text": dict(c.get("text", {})),
        })
        for opt in ("home_token_timing", "merger"):  # present only where a title uses them
            if opt in c:
                corps[-1][opt] = copy.deepcopy(c[opt])
        for opt in ("destination", "trades_trains_at_face_value", "bonds", "formation"):  # likewise
            if opt in c:
                corps[-1][opt] = copy.deepcopy(c[opt])
        float_tokens = c.get("float_tokens", defaults.get("float_tokens"))
        if float_tokens:
            corps[-1]["float_tokens"] = copy.deepcopy(float_tokens)
            for j, rule in enumerate(float_tokens):
                if rule.get("from_phase") and rule["from_phase"] not in [p["name"] for p in model["phases"]]:
                    where = ("corporations", i, "float_tokens", j) if "float_tokens" in c else ("defaults", "float_tokens", j)
                    chk.add("corporations.yaml", where + ("from_phase",), f"unknown phase {rule['from_phase']!r}")
        if "token_cost" in doc:
            corps[-1]["token_cost"] = copy.deepcopy(doc["token_cost"])
        if c.get("destination") and c["destination"] not in map_["hexes"]:
            chk.add("corporations.yaml", ("corporations", i, "destination"), f"destination {c['destination']} is not on the map")
    minors = []
    for i, m in enumerate(doc.get("minors", []) or []):
        if m["sym"] in syms:
            chk.add("corporations.yaml", ("minors", i, "sym"), f"{m['sym']!r} is already a corporation or minor")
        syms[m["sym"]] = i
        home = m.get("home")
        homes = [] if home is None else ([home] if isinstance(home, str) else list(home))
        for h in homes:
            if h not in map_["hexes"]:
                chk.add("corporations.yaml", ("minors", i, "home"), f"home {h} is not on the map")
            elif not _home_is_city(map_, h):
                chk.add("corporations.yaml", ("minors", i, "home"), f"home {h} has no city")
        if m.get("merges_into") and m["merges_into"] not in [c["sym"] for c in corps]:
            chk.add("corporations.yaml", ("minors", i, "merges_into"), f"unknown corporation {m['merges_into']!r}")
        minors.append({
            "sym": m["sym"], "name": m["name"], "home": homes, "home_city": m.get("home_city"),
            "tokens": list(m["tokens"]), "color": m.get("color", "#888888"),
            "text_color": m.get("text_color", "white"), "value": m.get("value"),
            "merges_into": m.get("merges_into"), "type": m.get("type", "minor"), "text": dict(m.get("text", {})),
        })
        if "home_token_timing" in m:
            minors[-1]["home_token_timing"] = m["home_token_timing"]
    return corps, minors, copy.deepcopy(doc.get("loans"))


def _privates(doc: dict[str, Any], model: dict[str, Any], chk: Checker) -> list[dict[str, Any]]:
    out = []
    syms: set[str] = set()
    hexes = model["map"]["hexes"]
    corp_syms = {c["sym"]: c for c in model["corporations"]} | {m["sym"]: m for m in model["minors"]}
    tile_names = set(model["tiles"])
    for i, p in enumerate(doc.get("privates", []) or []):
        if p["sym"] in syms:
            chk.add("privates.yaml", ("privates", i, "sym"), f"private {p['sym']!r} is defined twice")
        syms.add(p["sym"])
        abilities = []
        for j, a in enumerate(p.get("abilities", [])):
            ptr = ("privates", i, "abilities", j)
            for k, h in enumerate(a.get("hexes", []) or []):
                if h not in hexes:
                    chk.add("privates.yaml", ptr + ("hexes", k), f"unknown hex {h}")
            if "hex" in a and a["hex"] not in hexes:
                chk.add("privates.yaml", ptr + ("hex",), f"unknown hex {a['hex']}")
            for k, t in enumerate(a.get("tiles", []) or []):
                if t not in tile_names:
                    chk.add("privates.yaml", ptr + ("tiles", k), f"tile {t!r} is not in the title's tiles")
            corps = a.get("corporations")
            if isinstance(corps, list):
                for k, c in enumerate(corps):
                    if c not in corp_syms:
                        chk.add("privates.yaml", ptr + ("corporations", k), f"unknown corporation {c!r}")
            if "corporation" in a and a["corporation"] not in corp_syms:
                chk.add("privates.yaml", ptr + ("corporation",), f"unknown corporation {a['corporation']!r}")
            for k, share in enumerate(a.get("shares", []) or []):
                sym, _, idx = share.rpartition("_")
                corp = corp_syms.get(sym)
                if corp is None:
                    chk.add("privates.yaml", ptr + ("shares", k), f"unknown corporation {sym!r} in share {share!r}")
                elif "shares" in corp and not (0 <= int(idx) < len(corp["shares"])):
                    chk.add("privates.yaml", ptr + ("shares", k),
                            f"{sym} has {len(corp['shares'])} certificates; there is no {share!r}")
            if "phase" in a and a["phase"] not in [ph["name"] for ph in model["phases"]]:
                chk.add("privates.yaml", ptr + ("phase",), f"unknown phase {a['phase']!r}")
            if "until_phase" in a and a["until_phase"] not in [ph["name"] for ph in model["phases"]]:
                chk.add("privates.yaml", ptr + ("until_phase",), f"unknown phase {a['until_phase']!r}")
            for k, t in enumerate(a.get("trains", []) or []):
                if t not in [tr["name"] for tr in model["trains"]]:
                    chk.add("privates.yaml", ptr + ("trains", k), f"unknown train {t!r}")
            abilities.append(copy.deepcopy(a))
        value = p["value"]
        out.append({
            "sym": p["sym"], "name": p["name"], "value": value, "revenue": p.get("revenue", 0),
            "min_price": p.get("min_price", (value + 1) // 2), "max_price": p.get("max_price", value * 2),
            "min_players": p.get("min_players"), "color": p.get("color"), "kind": p.get("kind"),
            "text": dict(p.get("text", {})), "abilities": abilities,
        })
        if p.get("stock_round_trade"):
            out[-1]["stock_round_trade"] = True
        if p.get("sold_in_operating_rounds"):
            out[-1]["sold_in_operating_rounds"] = True
    return out


def _check_title_refs(model: dict[str, Any], chk: Checker) -> None:
    phase_names = [p["name"] for p in model["phases"]]
    all_flags = {f for p in model["phases"] for f in p["flags"]}
    title = model["title"]
    flag = title["stock_round"]["privates_between_players"].get("phase_flag")
    title_doc = chk.docs.get("title.yaml")
    given = (title_doc.data or {}) if title_doc is not None else {}
    if flag and flag not in all_flags and "privates_between_players" in (given.get("stock_round") or {}):
        chk.add("title.yaml", ("stock_round", "privates_between_players", "phase_flag"),
                f"no phase has the flag {flag!r}")
    for i, rule in enumerate(title["optional_rules"]):
        for j, change in enumerate(rule.get("changes", [])):
            found = resolve_change_path(model, change["set"])
            if found is None:
                chk.add("title.yaml", ("optional_rules", i, "changes", j, "set"),
                        f"{change['set']!r} does not name anything in the title's data")
            elif found[0] is model["map"]["hexes"]:
                change["to"] = _replacement_hex(model, found[1], change["to"], chk,
                                                ("optional_rules", i, "changes", j, "to"))
    _check_mergers(model, chk)
    if phase_names and title["game_end"] == []:
        chk.add("title.yaml", ("game_end",), "no game end trigger")


def _replacement_hex(model: dict[str, Any], coord: str, body: Any, chk: Checker,
                     pointer: tuple[Any, ...]) -> Any:
    """A change that replaces a whole printed hex is written like a map.yaml hex; normalize it the
    same way. The new hex is a group of its own (preprinted index 0)."""
    if not isinstance(body, dict) or "tile" in body:
        chk.add("title.yaml", pointer, "a replacement hex is a map.yaml hex that spells out its stops and paths")
        return body
    color = body.get("color", "white")
    tile = normalize_tile_body(body, coord, color, chk, "title.yaml", pointer)
    tile["preprinted_index"] = 0
    return {"color": color, "tile": tile, "rotation": int(body.get("rotation", 0)),
            "name": model["map"]["hexes"][coord].get("name")}


def _check_mergers(model: dict[str, Any], chk: Checker) -> None:
    """A merger's exchanges name minors or privates and distinct certificates of the corporation."""
    minors = {m["sym"]: m for m in model["minors"]}
    privates = {p["sym"] for p in model["privates"]}
    for i, c in enumerate(model["corporations"]):
        merger = c.get("merger")
        if not merger:
            continue
        given: set[int] = set()
        for sym, idx in merger.get("exchanges", {}).items():
            ptr = ("corporations", i, "merger", "exchanges", sym)
            if sym not in minors and sym not in privates:
                chk.add("corporations.yaml", ptr, f"{sym!r} is neither a minor nor a private", key=True)
            if idx >= len(c["shares"]):
                chk.add("corporations.yaml", ptr, f"{c['sym']} has {len(c['shares'])} certificates; there is no {idx}")
            elif idx in given:
                chk.add("corporations.yaml", ptr, f"certificate {idx} is already given for another exchange")
            given.add(idx)
        for sym, m in minors.items():
            if m["merges_into"] == c["sym"] and sym not in merger.get("exchanges", {}):
                chk.add("corporations.yaml", ("corporations", i, "merger", "exchanges"),
                        f"minor {sym} merges into {c['sym']} but no certificate is given for it")

