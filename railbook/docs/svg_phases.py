"""The phases as an inline SVG timeline: what starts each phase, which tiles,
the train limit and operating rounds, and which trains rust there.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import words as w
from railbook.docs.i18n import Lang
from railbook.docs.svg import INK, colour, esc, n, svg, text

W0, GAP, LINE = 132.0, 10.0, 13.0
TEXT = 9.5            # px: the cards print at about 9 pt on A4
PER_ROW = 3           # cards in a row: more would shrink a printed A4 strip to an illegible 4-5 pt


def _fits(label: str, size: float, width: float) -> list[str]:
    """``label`` broken into lines no wider than ``width`` (glyphs average ~0.56 em)."""
    per_line = max(6, int(width / (0.56 * size)))
    lines: list[str] = []
    for word in label.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def card_lines(facts: dict[str, Any], L: Lang, p: dict[str, Any], W: float = W0) -> list[tuple[str, str]]:
    """The text lines of one phase card below its tiles: (text, colour)."""
    out: list[tuple[str, str]] = []
    limit = p["train_limit"]
    if isinstance(limit, dict):   # a limit per kind of company: one line each, so nothing is cut off
        out.append((L.t("svg.limit", limit=""), INK))
        out += [(f"  {L.num(v)} · {w.company_kind(L, k, facts)}", INK) for k, v in limit.items()]
    else:
        out.append((L.t("svg.limit", limit=w.limit(L, limit, facts)), INK))
    out.append((L.t("svg.ors", n=p["operating_rounds"]), INK))
    if p["rusts"]:
        out.append((L.t("svg.rust_list", trains=", ".join(p["rusts"])), "#8b2500"))
    wrapped: list[tuple[str, str]] = []
    for line, fill in out:
        indent = "  " if line.startswith("  ") else ""
        wrapped += [((indent if i else "") + part, fill) for i, part in enumerate(_fits(line.strip(), TEXT, W - 16 - 6 * len(indent)))]
    return wrapped


def render(facts: dict[str, Any], L: Lang, label: str) -> str:
    body: list[str] = []
    phases = facts["phases"]
    # a card is as wide as its longest unbreakable line needs (a per-kind limit names long kinds)
    longest = max((len(t.strip()) for p in phases for t, _ in card_lines(facts, L, p, 10_000)), default=10)
    W = min(210.0, max(W0, longest * 0.56 * TEXT + 36))
    lines = [card_lines(facts, L, p, W) for p in phases]
    height = 66 + LINE * max((len(x) for x in lines), default=0) + 6
    for i, p in enumerate(phases):
        x = (i % PER_ROW) * (W + GAP)
        y = (i // PER_ROW) * (height + GAP)
        body.append(f'<g class="phase" data-phase="{esc(p["name"])}"' + (f' transform="translate(0 {n(y)})"' if y else "") + ">")
        body.append(f'<rect x="{n(x + 0.5)}" y="0.5" width="{n(W - 1)}" height="{n(height - 1)}" rx="6" fill="#fff" '
                    f'stroke="{INK}"/>')
        body.append(f'<rect x="{n(x + 0.5)}" y="0.5" width="{n(W - 1)}" height="24" rx="6" fill="{colour(p["colour"])}"/>')
        body.append(text(x + W / 2, 13, w.phase_short(L, facts, p["name"]), size=13, weight="bold"))
        trigger = "→ " + " / ".join(p["on"]) if p["on"] else \
            L.t("phase.starts_at_or", number=L.num(p["starts_at_or"])) if p.get("starts_at_or") else L.t("phase.start")
        body.append(text(x + W / 2, 36, trigger, size=10))
        for k, c in enumerate(p["tiles"]):
            cx = x + 12 + k * 16
            body.append(f'<polygon points="{n(cx)},{n(45)} {n(cx + 6)},{n(48.5)} {n(cx + 6)},{n(55.5)} {n(cx)},{n(59)} '
                        f'{n(cx - 6)},{n(55.5)} {n(cx - 6)},{n(48.5)}" fill="{colour(c)}" stroke="{INK}" stroke-width="0.7"/>')
        for k, (line, fill) in enumerate(lines[i]):
            body.append(text(x + 8, 72 + k * LINE, line, size=TEXT, anchor="start", fill=fill,
                             extra=' xml:space="preserve"'))
        if i < len(phases) - 1 and (i + 1) % PER_ROW:   # the arrow to the next card in the row
            body.append(f'<path d="M{n(x + W + 1)},{n(height / 2)} h{n(GAP - 3)}" stroke="{INK}" stroke-width="1.5"/>')
        body.append("</g>")
    cols = min(max(len(phases), 1), PER_ROW)
    rows = max(1, -(-len(phases) // PER_ROW))
    return svg(cols * (W + GAP) - GAP + 1, rows * (height + GAP) - GAP + 1, body, label, "phases")
