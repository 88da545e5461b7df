"""Tile bodies (of the manifest's tiles and the map's printed hexes): stops, paths as end
codes, and the paths and exits of every rotation, worked out once when the title compiles."""

from __future__ import annotations

import copy
import re
from typing import Any

from railbook.title.normalize.checker import Checker

STOP_KINDS = ("city", "town", "offboard", "junction", "halt")
REF_LETTER = {"c": "city", "t": "town", "o": "offboard", "h": "halt"}


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
    for opt in ("loc", "style", "to_city", "reserved_for", "tokenable", "refuses_tokens"):
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
        ends: list[int | None] = []
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
    for opt in ("stubs", "future_label", "hidden", "replaces", "upgrade_placed_by_reservation",
                "settles_hex_reservation"):
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
