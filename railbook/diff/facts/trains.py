"""Trains (roster, prices, counts, distances, rusting, exchanges) and phases.

Trains are compared by name, the name players and logs use; phases too, and
also as sequences (train limits, OR counts, when each tile colour arrives),
which compare even when two titles name their phases differently.
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet, natural_key


def _or_none(value: Any) -> Any:
    """An empty list or mapping states nothing."""
    return None if value in ({}, [], None) else value


def trains(model: dict[str, Any], out: FactSet) -> None:
    roster = model.get("trains") or []
    out.add("trains.roster", [t["name"] for t in roster])
    for t in roster:
        out.entity("trains.*", (t["name"],), {
            "distance": t.get("distance"),
            "price": t.get("price"),
            "count": "unlimited" if t.get("count") is None else t["count"],
            "rusts_on": t.get("rusts_on"),
            "obsolete_on": t.get("obsolete_on"),
            "available_from_phase": t.get("available_from_phase"),
            "trade_in": _or_none(t.get("trade_in")),
            "multiplier": t.get("multiplier"),
            "requires_token": t.get("requires_token", True),
            "variants": _or_none(t.get("variants")),
            **{k: _or_none(v) for k, v in t.items() if k not in _TRAIN_KNOWN},
        })


# what a train carries that is not a rule (colour is how it is drawn), or is
# stated elsewhere (the events a train fires are under phases.events)
_TRAIN_KNOWN = {"name", "distance", "price", "count", "rusts_on", "obsolete_on", "available_from_phase", "trade_in",
                "events", "multiplier", "requires_token", "variants", "color"}
_PHASE_KNOWN = {"name", "on", "tiles", "train_limit", "operating_rounds", "flags", "events", "color"}


def phases(model: dict[str, Any], out: FactSet) -> None:
    seq = model.get("phases") or []
    out.add("phases.count", len(seq))
    out.add("phases.train_limits", [p.get("train_limit") for p in seq])
    first: dict[str, int] = {}
    for i, p in enumerate(seq, start=1):
        for colour in p.get("tiles") or []:
            first.setdefault(colour, i)
    out.add("phases.tile_colours", first)
    flags: dict[str, list[str]] = {}
    for p in seq:
        for f in p.get("flags") or []:
            flags.setdefault(f, []).append(p["name"])
    for f in sorted(flags):
        out.add("phases.flags.*", flags[f], f)
    fired: dict[str, list[dict[str, str]]] = {}
    for t in model.get("trains") or []:
        for e in t.get("events") or []:
            fired.setdefault(e, []).append({"train": t["name"]})
    for p in seq:
        for e in p.get("events") or []:
            fired.setdefault(e, []).append({"phase": p["name"]})
    for e in sorted(fired):
        out.add("phases.events.*", fired[e], e)
    for p in seq:
        out.entity("phases.*", (p["name"],), {
            "on": _or_none(p.get("on")),
            "tiles": sorted(p.get("tiles") or [], key=natural_key),
            "train_limit": p.get("train_limit"),
            "operating_rounds": p.get("operating_rounds"),
            "flags": _or_none(sorted(p.get("flags") or [])),
            "events": _or_none(sorted(p.get("events") or [])),
            **{k: _or_none(v) for k, v in p.items() if k not in _PHASE_KNOWN},
        })
