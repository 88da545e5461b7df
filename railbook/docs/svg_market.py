"""The stock market as inline SVG: every cell with its price, coloured by its
zone as the legend says, par cells framed, and a legend of what each zone does.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import words as w
from railbook.docs.i18n import Lang
from railbook.docs.svg import INK, colour, n, svg, text

CW, CH = 34.0, 22.0      # cell size
WRAP = 20                # a one-row market longer than this is drawn in several lines


def _rows(grid: list[list[Any]]) -> list[list[Any]]:
    if len(grid) == 1 and len(grid[0]) > WRAP:
        row = grid[0]
        return [row[i:i + WRAP] for i in range(0, len(row), WRAP)]
    return grid


ACCENTS = ("#c0392b", "#7d3c98", "#117a65", "#b9770e")


def _wrap(words: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in words.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _corner(x: float, y: float, fill: str) -> str:
    """The mark of a zone without a colour of its own (a price that ends the game, say)."""
    return f'<polygon points="{n(x + CW - 11)},{n(y + 1)} {n(x + CW - 1)},{n(y + 1)} {n(x + CW - 1)},{n(y + 11)}" fill="{fill}"/>'


def render(model: dict[str, Any], L: Lang, label: str) -> str:
    m = model["market"]
    legend = m["legend"]
    marked = [k for k, v in legend.items() if not v["zone"] and (v["effects"] or v["text"])]
    accent = {k: ACCENTS[i % len(ACCENTS)] for i, k in enumerate(marked)}
    rows = _rows(m["grid"])
    cols = max((len(r) for r in rows), default=1)
    width = max(cols * CW, 360.0)
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
            for z in cell["zones"]:
                if z in accent:
                    body.append(_corner(x, y, accent[z]))
            body.append(text(x + CW / 2, y + CH / 2, cell["price"], size=9, weight="bold" if par else "normal"))
    y = len(rows) * CH + 14
    entries: list[tuple[str, str | None, str]] = []
    if m["par_cells"]:
        entries.append(("par", None, L.t("market.par")))
    for letter, leg in legend.items():
        if leg["zone"] or letter in accent:
            words = [L.t(f"market.effect.{e}") if L.has(f"market.effect.{e}") else w.humanize(e) for e in leg["effects"]]
            own = L.text(leg["text"])
            if words or own:
                entries.append((letter, leg["zone"], "; ".join(words + ([own] if own else []))))
    chars = max(20, int((width - 30) / 5.6))
    for kind, zone, entry_text in entries:
        if kind == "par":
            body.append(f'<rect x="0.5" y="{n(y - 7)}" width="18" height="14" fill="#fbfaf5" stroke="{INK}" stroke-width="2.5"/>')
        elif zone:
            body.append(f'<rect x="0.5" y="{n(y - 7)}" width="18" height="14" fill="{colour(zone)}" stroke="#9c978a"/>')
        else:
            body.append(f'<rect x="0.5" y="{n(y - 7)}" width="18" height="14" fill="#fbfaf5" stroke="#9c978a"/>')
            body.append(f'<polygon points="{n(8.5)},{n(y - 7)} {n(18.5)},{n(y - 7)} {n(18.5)},{n(y + 3)}" fill="{accent[kind]}"/>')
        for k, line in enumerate(_wrap(entry_text, chars)):
            body.append(text(26, y + k * 13, line, size=10, anchor="start"))
        y += 13 * len(_wrap(entry_text, chars)) + 6
    return svg(width + 1, y, body, label, "market")
