"""Players and cash, the bank, capitalization and floating, certificate and
holding limits: the money side of a title's rules."""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet
from railbook.diff.facts.defaults import state_defaults


def _majors(model: dict[str, Any]) -> list[dict[str, Any]]:
    return list(model.get("corporations") or [])


def players(model: dict[str, Any], out: FactSet) -> None:
    """How many play, and with how much money each starts."""
    t = model["title"]
    p = t.get("players") or {}
    out.add("players.count", {"min": p.get("min"), "max": p.get("max")})
    out.add("players.starting_cash", t.get("starting_cash") or {})


def bank(model: dict[str, Any], out: FactSet) -> None:
    """A bank that can break ends the game; an unlimited one never does."""
    t = model["title"]
    b = t.get("bank") or {}
    out.add("bank.size", "unlimited" if b.get("unlimited") else b.get("cash"))
    if "pool_limit" in t:
        out.add("bank.pool_limit", t["pool_limit"])


def capitalization(model: dict[str, Any], out: FactSet) -> None:
    """Who pays the corporation for its shares, and when it floats."""
    t = model["title"]
    default = t.get("capitalization", "full")
    out.add("capitalization.kind", default)
    majors = _majors(model)
    overrides = sorted(c["sym"] for c in majors if c.get("capitalization", default) != default)
    if overrides:
        out.add("capitalization.overrides", overrides)
    floats = sorted({c["float_percent"] for c in majors if c.get("float_percent") is not None})
    if floats:
        out.add("capitalization.float_percent", floats)
    for option in CAPITALIZATION_OPTIONS:
        if option in t:
            out.add(f"capitalization.{option}", t[option])
    state_defaults(out, "capitalization")


# title options about how corporations are paid, stated only by titles that use them
CAPITALIZATION_OPTIONS = ("escrow_until_float", "full_capitalization_from_phase", "ipo_price", "certificates_at_start",
                          "float_timing")


def limits(model: dict[str, Any], out: FactSet) -> None:
    """How many certificates a player may hold, and how much of one corporation."""
    t = model["title"]
    out.add("limits.certificate_limit", t.get("certificate_limit") or {})
    if "certificate_limit_counts_privates" in t:
        out.add("limits.certificate_limit_counts_privates", bool(t["certificate_limit_counts_privates"]))
    if "holding_limit" in t:
        out.add("limits.holding_limit", t["holding_limit"])
    default = t.get("holding_limit")
    overrides = {c["sym"]: c["holding_limit"] for c in _majors(model)
                 if c.get("holding_limit") is not None and c.get("holding_limit") != default}
    if overrides:
        out.add("limits.holding_limit_overrides", overrides)
