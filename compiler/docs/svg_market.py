"""The stock market as inline SVG: every cell with its price, coloured by its
zone as the legend says, par cells framed, and a legend of what each zone does.
"""

from __future__ import annotations

from typing import Any

from . import words as w
from .i18n import Lang
from .svg import INK, colour, n, svg, text

CW, CH = 34.0, 22.0      # cell size
WRAP = 20                # a one-row market longer than this is drawn in several lines


def _rows(grid: list[list[Any]]) -> list[list[Any]]:
    if len(grid) == 1 and len(grid[0]) > WRAP:
        row = grid[0]
        return [row[i:i + WRAP] for i in range(0, len(row), WRAP)]
    return grid


def render(model: dict[str, Any], L: Lang, label: str) -> str:
    m = model["market"]
    legend = m["legend"]
    rows = _rows(m["grid"])
    cols = max((len(r) for r in rows), default=1)
    body: list[str] = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not cell:
                continue
            zone = next((legend[z]["zone"] for z in cell["zones"] if z in legend and legend[z]["zone"]), None)
            par = any(legend.get(z, {}).get("par") for z in cell["zones"])
            x, y = c * CW, r * CH
            body.append(f'<rect x="{n(x + 0.5)}" y="{n(y + 0.5)}" width="{n(CW - 1)}" height="{n(CH - 1)}" '
                        f'fill="{colour(zone, "#fbfaf5")}" stroke="{INK if par else "#9c978a"}" '
                        f'stroke-width="{2.5 if par else 0.8}"' + (' class="par"' if par else "") + "/>")
            body.append(text(x + CW / 2, y + CH / 2, cell["price"], size=9, weight="bold" if par else "normal"))
    y = len(rows) * CH + 14
    entries = []
    if m["par_cells"]:
        entries.append(("par", None, L.t("market.par")))
    for letter, leg in legend.items():
        if leg["zone"] and (leg["effects"] or leg["text"]):
            words = [L.t(f"market.effect.{e}") if L.has(f"market.effect.{e}") else w.humanize(e) for e in leg["effects"]]
            own = L.text(leg["text"])
            entries.append(("zone", leg["zone"], "; ".join(words + ([own] if own else []))))
    for kind, zone, words in entries:
        if kind == "par":
            body.append(f'<rect x="0.5" y="{n(y - 7)}" width="18" height="14" fill="#fbfaf5" stroke="{INK}" stroke-width="2.5"/>')
        else:
            body.append(f'<rect x="0.5" y="{n(y - 7)}" width="18" height="14" fill="{colour(zone)}" stroke="#9c978a"/>')
        body.append(text(26, y, words, size=10, anchor="start"))
        y += 18
    width = max(cols * CW, 320.0)
    return svg(width + 1, y, body, label, "market")
