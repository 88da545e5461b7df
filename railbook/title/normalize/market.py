"""The stock market: cells and zones, par cells, and the move table (title/market_moves.py)."""

from __future__ import annotations

import copy
import re
from typing import Any

from railbook.title.market_moves import market_moves
from railbook.title.normalize.checker import Checker

_CELL = re.compile(r"^([0-9]+)([a-zA-Z]*)$")


def normalize_market(doc: dict[str, Any], chk: Checker) -> dict[str, Any]:
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
            "par_prices": copy.deepcopy(doc.get("par_prices", {})), "moves": market_moves(grid, doc.get("movement", "two_dimensional"))}
