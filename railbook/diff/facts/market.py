"""The stock market: its shape, its zones (by what they do, not by their
letters) and how prices move."""

from __future__ import annotations

import re
from typing import Any

from railbook.diff.facts.base import FactSet

# stock-round options that are really market movement rules
MOVEMENT_OPTIONS = ("sale_price_drop", "sold_out_rise")


def market(model: dict[str, Any], out: FactSet) -> None:
    m = model.get("market") or {}
    grid = m.get("grid") or []
    cells = [c for row in grid for c in row if c]
    out.add("market.movement", m.get("movement", "two_dimensional"))
    out.add("market.shape", {"rows": len(grid), "columns": max((len(r) for r in grid), default=0),
                             "cells": len(cells)})
    if cells:
        prices = [c["price"] for c in cells]
        out.add("market.price_range", [min(prices), max(prices)])
    pars = sorted({grid[r][c]["price"] for r, c in m.get("par_cells") or []})
    out.add("market.par_prices", pars)
    if m.get("par_prices"):
        # cells are written "120z": the price is the rule, the letter only points at the cell
        out.add("market.reserved_par_prices",
                {who: sorted({int(re.sub(r"[^0-9]", "", str(c)) or 0) for c in cells})
                 for who, cells in m["par_prices"].items()})
    zones, marks = _zones(m)
    for zone, attrs in sorted(zones.items()):
        out.entity("market.zones.*", (zone,), attrs)
    for effect, count in sorted(marks.items()):
        out.add("market.cell_effects.*", count, effect)
    stock = model["title"].get("stock_round") or {}
    for opt in MOVEMENT_OPTIONS:
        if opt in stock:
            out.add(f"market.{opt}", stock[opt])


def _zones(m: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """Zones by colour (their effects and how many cells they cover), and the
    effects of uncoloured marks by how many cells carry them.

    Letters are the file's shorthand, so they never appear in a key; a letter
    that only marks par cells is covered by the par prices.
    """
    legend = m.get("legend") or {}
    counts: dict[str, int] = {}
    for row in m.get("grid") or []:
        for cell in row:
            if cell:
                for letter in cell.get("zones", ""):
                    counts[letter] = counts.get(letter, 0) + 1
    zones: dict[str, dict[str, Any]] = {}
    marks: dict[str, int] = {}
    for letter, entry in legend.items():
        effects = list(entry.get("effects") or [])
        name = entry.get("zone")
        if name is None:
            for effect in effects:
                marks[effect] = marks.get(effect, 0) + counts.get(letter, 0)
            continue
        if not effects and name not in zones:
            continue  # a colour with no effect only marks cells (par cells, say); it is not a rule
        z = zones.setdefault(name, {"effects": [], "cells": 0})
        z["effects"] = sorted(set(z["effects"]) | set(effects))
        z["cells"] += counts.get(letter, 0)
    return zones, marks
