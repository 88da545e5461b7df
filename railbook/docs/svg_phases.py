"""The phases as an inline SVG timeline: what starts each phase, which tiles,
the train limit and operating rounds, and which trains rust there.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import words as w
from railbook.docs.i18n import Lang
from railbook.docs.svg import INK, colour, esc, n, svg, text

W, H, GAP = 118.0, 112.0, 10.0


def render(facts: dict[str, Any], L: Lang, label: str) -> str:
    body: list[str] = []
    phases = facts["phases"]
    for i, p in enumerate(phases):
        x = i * (W + GAP)
        body.append(f'<g class="phase" data-phase="{esc(p["name"])}">')
        body.append(f'<rect x="{n(x + 0.5)}" y="0.5" width="{n(W - 1)}" height="{n(H - 1)}" rx="6" fill="#fff" '
                    f'stroke="{INK}"/>')
        body.append(f'<rect x="{n(x + 0.5)}" y="0.5" width="{n(W - 1)}" height="24" rx="6" fill="{colour(p["colour"])}"/>')
        body.append(text(x + W / 2, 13, w.phase_short(L, facts, p["name"]), size=13, weight="bold"))
        trigger = L.t("phase.start") if not p["on"] else "→ " + " / ".join(p["on"])
        body.append(text(x + W / 2, 36, trigger, size=10))
        for k, c in enumerate(p["tiles"]):
            cx = x + 10 + k * 16
            body.append(f'<polygon points="{n(cx)},{n(47)} {n(cx + 6)},{n(50.5)} {n(cx + 6)},{n(57.5)} {n(cx)},{n(61)} '
                        f'{n(cx - 6)},{n(57.5)} {n(cx - 6)},{n(50.5)}" fill="{colour(c)}" stroke="{INK}" stroke-width="0.7"/>')
        body.append(text(x + 8, 74, L.t("svg.limit", limit=w.limit(L, p["train_limit"], facts)), size=9, anchor="start"))
        body.append(text(x + 8, 88, L.t("svg.ors", n=p["operating_rounds"]), size=9, anchor="start"))
        if p["rusts"]:
            body.append(text(x + 8, 102, L.t("svg.rust_list", trains=", ".join(p["rusts"])), size=9, anchor="start",
                             fill="#8b2500"))
        body.append("</g>")
        if i < len(phases) - 1:
            body.append(f'<path d="M{n(x + W + 1)},{n(H / 2)} h{n(GAP - 3)}" stroke="{INK}" stroke-width="1.5"/>')
    return svg(max(len(phases), 1) * (W + GAP) - GAP + 1, H + 1, body, label, "phases")
