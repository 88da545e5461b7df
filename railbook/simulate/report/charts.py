"""Small SVG charts for a study's report: bars with confidence intervals, histograms, lines.

Each chart is one self-contained ``<svg>`` (the docs' picture helpers: coordinates at one
decimal, text escaped), so the report's bytes depend only on its figures. Panels that are
shown side by side are given the same scale by the caller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from railbook.docs.svg import INK, esc, n, svg, text

BAR = "#4f7cac"
REF = "#c0504d"
GRID = "#e3e3e3"
#: colours of series without colours of their own
SERIES = ["#4f7cac", "#c0504d", "#9bbb59", "#8064a2", "#4bacc6", "#f79646", "#2c4d75", "#772c2a", "#5f7530",
          "#4d3b62", "#276a7c", "#b65708"]


@dataclass
class Bars:
    """Bars (one per category) with optional intervals, a reference line and value labels."""

    title: str
    categories: list[str]
    values: list[float]
    lows: list[float] | None = None
    highs: list[float] | None = None
    ref: float | None = None           # a reference line (a fair share: one in P)
    ref_label: str = ""
    ymax: float | None = None
    percent: bool = False              # values are shares: the axis reads 0-100%
    colours: list[str] = field(default_factory=list)
    points: bool = False               # a dot and its interval instead of a bar (medians and quartiles)
    ylabel: str = ""
    notes: list[str] = field(default_factory=list)   # a label over each bar (counts)
    subtitle: str = ""

    def top(self) -> float:
        values = list(self.values) + list(self.highs or []) + ([self.ref] if self.ref is not None else [])
        return max([v for v in values if v is not None] + [0.0])


def nice_top(value: float, percent: bool = False) -> float:
    """A round axis top at or above the value."""
    if percent:
        return min(1.0, max(0.1, math.ceil(value * 10 + 1e-9) / 10))
    if value <= 0:
        return 1.0
    magnitude = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * magnitude >= value - 1e-9:
            return float(step * magnitude)
    return float(10 * magnitude)


def _label(value: float, percent: bool) -> str:
    if percent:
        return f"{value * 100:.0f}%"
    if abs(value - round(value)) < 1e-9:
        return f"{value:.0f}"
    return f"{value:.1f}"


def _ticks(top: float, percent: bool) -> list[float]:
    """Round gridlines up to the top: at most six of them, 1, 2 or 5 times a power of ten apart."""
    if top <= 0:
        return [0.0]
    magnitude = 10 ** math.floor(math.log10(top))
    step = next(s * magnitude / 10 for s in (1, 2, 2.5, 5, 10, 20, 25, 50, 100) if top / (s * magnitude / 10) <= 5)
    if percent:
        step = max(step, 0.05)
    return [step * i for i in range(int(top / step + 1e-9) + 1)]


def bars(chart: Bars, width: float = 300, height: float = 210) -> str:
    left, right, top_pad, bottom = 42.0, 10.0, 30.0 + 11 * bool(chart.subtitle), 46.0
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    top = chart.ymax if chart.ymax is not None else nice_top(chart.top(), chart.percent)
    top = top or 1.0

    def y(v: float) -> float:
        return top_pad + plot_h * (1 - min(max(v, 0.0), top) / top)

    body = [text(width / 2, 12, chart.title, 11, weight="bold")]
    if chart.subtitle:
        body.append(text(width / 2, 25, chart.subtitle, 9, fill="#444"))
    for tick in _ticks(top, chart.percent):
        body.append(f'<line x1="{n(left)}" y1="{n(y(tick))}" x2="{n(width - right)}" y2="{n(y(tick))}" '
                    f'stroke="{GRID}"/>')
        body.append(text(left - 4, y(tick), _label(tick, chart.percent), 8, anchor="end", fill="#555"))
    if chart.ylabel:
        body.append(f'<text x="10" y="{n(top_pad + plot_h / 2)}" font-size="8" fill="#555" text-anchor="middle" '
                    f'transform="rotate(-90 10 {n(top_pad + plot_h / 2)})">{esc(chart.ylabel)}</text>')
    count = max(1, len(chart.categories))
    slot = plot_w / count
    bar_w = min(34.0, slot * 0.7)
    for i, (category, value) in enumerate(zip(chart.categories, chart.values)):
        cx = left + slot * (i + 0.5)
        colour = chart.colours[i] if i < len(chart.colours) else BAR
        if value is not None and not chart.points:
            body.append(f'<rect class="bar" x="{n(cx - bar_w / 2)}" y="{n(y(value))}" width="{n(bar_w)}" '
                        f'height="{n(y(0) - y(value))}" fill="{colour}"><title>{esc(category)}: '
                        f'{esc(_label(value, chart.percent))}</title></rect>')
        if chart.lows is not None and chart.highs is not None and value is not None:
            lo, hi = chart.lows[i], chart.highs[i]
            body.append(f'<path class="interval" d="M{n(cx)} {n(y(lo))}V{n(y(hi))}M{n(cx - 4)} {n(y(lo))}'
                        f'H{n(cx + 4)}M{n(cx - 4)} {n(y(hi))}H{n(cx + 4)}" stroke="{INK}" fill="none" '
                        f'stroke-width="1.2"/>')
        if chart.points and value is not None:
            body.append(f'<circle class="point" cx="{n(cx)}" cy="{n(y(value))}" r="3.5" fill="{colour}">'
                        f'<title>{esc(category)}: {esc(_label(value, chart.percent))}</title></circle>')
        if value is not None:
            label_y = y(chart.highs[i] if chart.highs is not None else value) - 6
            note = chart.notes[i] if i < len(chart.notes) else _label(value, chart.percent)
            body.append(text(cx, label_y, note, 8, fill="#333"))
        lean = _rotate(category, cx, height - bottom + 10, slot)
        body.append(text(cx, height - bottom + 10, category, 8.5, anchor="end" if lean else "middle", extra=lean))
    if chart.ref is not None:
        body.append(f'<line class="ref" x1="{n(left)}" y1="{n(y(chart.ref))}" x2="{n(width - right)}" '
                    f'y2="{n(y(chart.ref))}" stroke="{REF}" stroke-dasharray="4 3"/>')
        if chart.ref_label:
            body.append(text(width - right, y(chart.ref) - 6, chart.ref_label, 8, anchor="end", fill=REF))
    body.append(f'<line x1="{n(left)}" y1="{n(y(0))}" x2="{n(width - right)}" y2="{n(y(0))}" stroke="{INK}"/>')
    return svg(width, height, body, chart.title, "chart bars")


def _rotate(label: str, x: float, y: float, slot: float) -> str:
    """Long category labels lean, so neighbours do not overlap."""
    if len(label) * 5 <= slot:
        return ""
    return f' transform="rotate(-30 {n(x)} {n(y)})"'


@dataclass
class Lines:
    """Lines over a whole-number x axis (operating rounds), one per series."""

    title: str
    series: list[tuple[str, str, list[tuple[int, float]]]]     # label, colour, points
    xmax: int
    ymax: float
    xlabel: str = ""
    ylabel: str = ""


def lines(chart: Lines, width: float = 300, height: float = 230) -> str:
    left, right, top_pad, bottom = 42.0, 10.0, 30.0, 62.0
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    top = chart.ymax or 1.0
    xmax = max(1, chart.xmax)

    def x(v: float) -> float:
        return left + plot_w * (v - 1) / max(1, xmax - 1)

    def y(v: float) -> float:
        return top_pad + plot_h * (1 - min(max(v, 0.0), top) / top)

    body = [text(width / 2, 12, chart.title, 11, weight="bold")]
    for tick in _ticks(top, False):
        body.append(f'<line x1="{n(left)}" y1="{n(y(tick))}" x2="{n(width - right)}" y2="{n(y(tick))}" '
                    f'stroke="{GRID}"/>')
        body.append(text(left - 4, y(tick), _label(tick, False), 8, anchor="end", fill="#555"))
    step = max(1, math.ceil(xmax / 10))
    for v in range(1, xmax + 1, step):
        body.append(text(x(v), top_pad + plot_h + 9, str(v), 8, fill="#555"))
    if chart.xlabel:
        body.append(text(left + plot_w / 2, top_pad + plot_h + 21, chart.xlabel, 8, fill="#555"))
    for label, colour, points in chart.series:
        if not points:
            continue
        d = "M" + "L".join(f"{n(x(px))} {n(y(py))}" for px, py in points)
        body.append(f'<path class="line" d="{d}" stroke="{colour}" stroke-width="1.8" fill="none">'
                    f'<title>{esc(label)}</title></path>')
    # the legend, in rows under the plot
    lx, ly = left, height - 24.0
    for label, colour, points in chart.series:
        if not points:
            continue
        if lx + 14 + len(label) * 5.5 > width - right:
            lx, ly = left, ly + 11
        body.append(f'<rect x="{n(lx)}" y="{n(ly - 3)}" width="10" height="6" fill="{colour}"/>')
        body.append(text(lx + 13, ly, label, 8, anchor="start"))
        lx += 20 + len(label) * 5.5
    body.append(f'<line x1="{n(left)}" y1="{n(y(0))}" x2="{n(width - right)}" y2="{n(y(0))}" stroke="{INK}"/>')
    return svg(width, height, body, chart.title, "chart lines")
