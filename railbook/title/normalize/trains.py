"""Trains (distances, rusting, trade-ins) and phases, with their references checked."""

from __future__ import annotations

from typing import Any

from railbook.title.normalize.checker import Checker


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
        if row.get("lends_unused"):
            rows[-1]["lends_unused"] = True
    return {"kind": "rows", "rows": rows}


def normalize_trains(doc: dict[str, Any], chk: Checker) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
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
            "count": None if t["count"] == "unlimited" else (
                {int(n): c for n, c in t["count"].items()} if isinstance(t["count"], dict) else t["count"]),
            "rusts_on": t.get("rusts_on"),
            "obsolete_on": t.get("obsolete_on"),
            "available_from_phase": t.get("available_from_phase"),
            "trade_in": dict(t.get("trade_in", {})),
            "events": [e["name"] if isinstance(e, dict) else e for e in t.get("events", [])],
            "multiplier": t.get("multiplier"),
            "requires_token": t.get("requires_token", True),
            "color": t.get("color"),
            "variants": [dict(v, distance=_distance(v["distance"])) for v in t.get("variants", [])],
        })
        for opt in ("per_corporation_limit", "route_may_overlap", "exported_at_or_set_end", "reserved",
                    "rusts_after_set", "salvage"):  # present only where a title uses them
            if opt in t:
                trains[-1][opt] = t[opt]
        later = {e["name"]: e["on_copy"] for e in t.get("events", []) if isinstance(e, dict)}
        if later:
            trains[-1]["copy_events"] = later
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
        for opt in ("revenue_column", "starts_at_or"):
            if opt in p:
                phases[-1][opt] = p[opt]
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
        if i > 0 and not p["on"] and "starts_at_or" not in doc["phases"][i]:
            chk.add("trains.yaml", ("phases", i), "missing required key 'on' (the train that starts this phase)")
    return trains, phases
