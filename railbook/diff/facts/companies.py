"""Privates, corporations and minors: how many, what they cost and carry, their
share structures, homes and tokens.

Companies are compared by symbol (the one recorded games use), and also as
summaries — counts, ranges, the distinct share structures — that compare
titles whose companies share no symbol at all.
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet

# what a company carries that is not a rule: how it is named and drawn
_COSMETIC = {"sym", "name", "color", "text_color", "text"}


def _or_none(value: Any) -> Any:
    return None if value in ({}, [], None) else value


def _rest(thing: dict[str, Any], known: set[str]) -> dict[str, Any]:
    """Attributes a newer model added: compared as they are."""
    return {k: _or_none(v) for k, v in thing.items() if k not in known and k not in _COSMETIC}


def privates(model: dict[str, Any], out: FactSet) -> None:
    ps = model.get("privates") or []
    out.add("privates.count", len(ps))
    if ps:
        values = [p.get("value", 0) for p in ps]
        revenues = [p.get("revenue", 0) for p in ps]
        out.add("privates.value_range", [min(values), max(values)])
        out.add("privates.revenue_range", [min(revenues), max(revenues)])
    out.add("privates.ability_types", sorted({a.get("type") for p in ps for a in p.get("abilities") or []}))
    kinds: dict[str, int] = {}
    for p in ps:
        if p.get("kind"):
            kinds[p["kind"]] = kinds.get(p["kind"], 0) + 1
    if kinds:
        out.add("privates.kinds", kinds)
    known = {"value", "revenue", "min_price", "max_price", "min_players", "kind", "abilities"}
    for p in ps:
        out.entity("privates.*", (p["sym"],), {
            "value": p.get("value"), "revenue": p.get("revenue"),
            "min_price": p.get("min_price"), "max_price": p.get("max_price"),
            "min_players": p.get("min_players"), "kind": p.get("kind"),
            "abilities": _or_none(p.get("abilities")),
            **_rest(p, known),
        })


def share_structure(shares: list[int]) -> str:
    """Certificates as players count them, largest first: ``20+8×10``, ``2×20+6×10``.

    The order certificates are listed in only numbers them; the structure is
    which sizes there are and how many of each (the president's is the first,
    and no other certificate is larger).
    """
    if not shares:
        return ""
    shares = [shares[0]] + sorted(shares[1:], reverse=True)
    parts: list[str] = []
    run = [shares[0], 0]
    for s in shares:
        if s == run[0]:
            run[1] += 1
        else:
            parts.append(f"{run[1]}×{run[0]}" if run[1] > 1 else str(run[0]))
            run = [s, 1]
    parts.append(f"{run[1]}×{run[0]}" if run[1] > 1 else str(run[0]))
    return "+".join(parts)


def _home_kind(c: dict[str, Any]) -> str:
    if c.get("home_choice"):
        return "choice"
    homes = c.get("home") or []
    return "no_home" if not homes else ("fixed" if len(homes) == 1 else "several")


def corporations(model: dict[str, Any], out: FactSet) -> None:
    corps = model.get("corporations") or []
    out.add("corporations.count", len(corps))
    types: dict[str, int] = {}
    for c in corps:
        types[c.get("type", "major")] = types.get(c.get("type", "major"), 0) + 1
    out.add("corporations.types", types)
    out.add("corporations.share_structures", sorted({share_structure(c.get("shares") or []) for c in corps}))
    out.add("corporations.token_counts", sorted({len(c.get("tokens") or []) for c in corps}))
    out.add("corporations.token_prices", sorted({x for c in corps for x in c.get("tokens") or []}))
    homes: dict[str, int] = {}
    for c in corps:
        homes[_home_kind(c)] = homes.get(_home_kind(c), 0) + 1
    out.add("corporations.homes", homes)
    chosen = sorted(c["sym"] for c in corps if c.get("home_choice"))
    if chosen:
        out.add("corporations.home_choice", chosen)
    late = {c["sym"]: c["available"] for c in corps if c.get("available") not in (None, "start")}
    if late:
        out.add("corporations.late", late)
    converts = sorted(c["sym"] for c in corps if c.get("converts_to"))
    if converts:
        out.add("corporations.conversions", converts)
    known = {"home", "home_city", "home_choice", "tokens", "float_percent", "shares", "type", "capitalization",
             "holding_limit", "available", "region", "converts_to"}
    # rules only some corporations have (a merger, a destination...): who has each
    extras: dict[str, list[str]] = {}
    for c in corps:
        for attr, v in _rest(c, known).items():
            if v not in (None, False):
                extras.setdefault(attr, []).append(c["sym"])
    for attr in sorted(extras):
        out.add("corporations.features.*", sorted(extras[attr]), attr)
    for c in corps:
        out.entity("corporations.*", (c["sym"],), {
            "home": _or_none(c.get("home")), "home_city": c.get("home_city"),
            "home_choice": _or_none(c.get("home_choice")), "tokens": c.get("tokens"),
            "float_percent": c.get("float_percent"),
            "shares": share_structure(c.get("shares") or []),
            "type": c.get("type"), "capitalization": c.get("capitalization"),
            "holding_limit": c.get("holding_limit"), "available": c.get("available"),
            "region": c.get("region"), "converts_to": _or_none(c.get("converts_to")),
            **_rest(c, known),
        })
    minors(model, out)


def minors(model: dict[str, Any], out: FactSet) -> None:
    ms = model.get("minors") or []
    if ms:
        out.add("corporations.minors", len(ms))
        merges: dict[str, list[str]] = {}
        for m in ms:
            if m.get("merges_into"):
                merges.setdefault(m["merges_into"], []).append(m["sym"])
        if merges:
            out.add("corporations.minor_merges", {k: sorted(v) for k, v in merges.items()})
    known = {"home", "home_city", "tokens", "value", "merges_into", "type"}
    for m in ms:
        out.entity("corporations.minor.*", (m["sym"],), {
            "home": _or_none(m.get("home")), "home_city": m.get("home_city"), "tokens": m.get("tokens"),
            "value": m.get("value"), "merges_into": m.get("merges_into"), "type": m.get("type"),
            **_rest(m, known),
        })
    if model.get("loans"):
        out.add("corporations.loans", model["loans"])
