"""The train roster as inline SVG: one card per train with its colour, name,
price, how many there are and what rusts it.
"""

from __future__ import annotations

from typing import Any

from railbook.docs.i18n import Lang
from railbook.docs.svg import INK, colour, esc, n, svg, text

W, H, GAP, PER_ROW = 104.0, 78.0, 8.0, 7


def render(facts: dict[str, Any], L: Lang, label: str) -> str:
    body: list[str] = []
    trains = facts["trains"]
    for i, t in enumerate(trains):
        x = (i % PER_ROW) * (W + GAP)
        y = (i // PER_ROW) * (H + GAP)
        fill = colour(t["colour"], "#cccccc")
        body.append(f'<g class="train" data-train="{esc(t["name"])}">')
        body.append(f'<rect x="{n(x + 0.5)}" y="{n(y + 0.5)}" width="{n(W - 1)}" height="{n(H - 1)}" rx="6" '
                    f'fill="#fff" stroke="{INK}" stroke-width="1"/>')
        body.append(f'<path d="M{n(x + 0.5)},{n(y + 24)} v-17.5 a6,6 0 0 1 6,-6 h{n(W - 13)} a6,6 0 0 1 6,6 v17.5 z" '
                    f'fill="{fill}"/>')
        body.append(text(x + W / 2, y + 13, t["name"], size=15, weight="bold"))
        body.append(text(x + W / 2, y + 36, L.money(t["price"]), size=12, weight="bold"))
        many = t["count"]
        count = "∞" if many is None else "× " + (L.num(many) if not isinstance(many, dict) else "–".join(
            L.num(v) for v in sorted(set(many.values()))))
        body.append(text(x + W / 2, y + 52, count, size=10))
        if t["rusts_on"]:
            body.append(text(x + W / 2, y + 67, L.t("svg.rusts", train=t["rusts_on"]), size=8.5, fill="#8b2500"))
        elif t["available_from_phase"]:
            body.append(text(x + W / 2, y + 67, L.t("svg.from_phase", phase=t["available_from_phase"]), size=8.5))
        body.append("</g>")
    cols = min(len(trains), PER_ROW) or 1
    rows = (len(trains) + PER_ROW - 1) // PER_ROW or 1
    return svg(cols * (W + GAP) - GAP + 1, rows * (H + GAP) - GAP + 1, body, label, "trains")
