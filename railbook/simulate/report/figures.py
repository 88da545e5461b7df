"""The report's figures, computed from a study's rows: shares with Wilson intervals, means with
normal intervals (95%), medians with quartiles.

Rows are grouped by their variant (what a sweep varies: :func:`groups`), in the results file's order; every
figure is drawn once per variant, side by side on one scale, so the eye compares like with like.
A win shared by k players counts 1/k to each.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any

from railbook.simulate.report.charts import SERIES, Bars, Lines, bars, lines, nice_top

Z = 1.96   # a 95% interval


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score interval of a share (well behaved near 0 and 1 and for few games)."""
    if trials <= 0:
        return 0.0, 0.0
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = Z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        v = values[0] if values else 0.0
        return v, v, v
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q2, q1, q3


@dataclass
class Figure:
    """One figure: a panel per variant (or a single panel across the sweep) and what it shows."""

    id: str
    title: str
    caption: str
    panels: list[str] = field(default_factory=list)


@dataclass
class Group:
    label: str
    rows: list[dict[str, Any]]
    first_row: int            # the number of its first row in the results file (1 is the first)

    @property
    def played(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r.get("seats")]

    @property
    def players(self) -> int:
        return int(self.rows[0]["players"])


def _parts(row: dict[str, Any]) -> dict[str, str]:
    """What a game's variant is made of, part by part: its player count, each data change, its
    optional rules, the bots taking part (whatever their seats) and its action cap."""
    parts = {"players": f"{row['players']} players"}
    for change in row["changes"]:
        parts["set " + change.partition("=")[0]] = change
    parts["options"] = ("optional rules " + ", ".join(row["options"])) if row["options"] else "no optional rules"
    parts["bots"] = "bots " + ",".join(sorted(row["bots"]))
    parts["cap"] = f"at most {row['max_actions']} actions"
    return parts


def groups(rows: list[dict[str, Any]]) -> list[Group]:
    """The rows by variant, found in the rows themselves: games that differ only by their seed (and
    seating) are one variant, labelled by what sets it apart from the others."""
    keyed: dict[str, tuple[dict[str, str], list[int]]] = {}
    for i, r in enumerate(rows):
        parts = _parts(r)
        keyed.setdefault(repr(sorted(parts.items())), (parts, []))[1].append(i)
    names: list[str] = []
    for parts, _ in keyed.values():
        names += [k for k in parts if k not in names]
    def varies(k: str) -> bool:   # the bots taking part differ with the player count: they vary if not only by it
        return any(len({parts.get(k) for parts, _ in keyed.values() if k != "bots" or parts["players"] == p}) > 1
                   for p in {parts["players"] for parts, _ in keyed.values()})

    varying = [k for k in names if varies(k)]
    out = []
    for parts, numbers in keyed.values():
        label = ", ".join(parts.get(k) or f"{k[4:]} as the title has it" for k in varying) or "all games"
        out.append(Group(label, [rows[i] for i in numbers], numbers[0] + 1))
    return out


def _credit(row: dict[str, Any], seat: int) -> float:
    winners = row.get("winners") or []
    return 1 / len(winners) if seat in winners else 0.0


def _share_bars(title: str, categories: list[str], counts: list[tuple[float, int]], ref: float | None = None,
                ref_label: str = "", colours: list[str] | None = None) -> Bars:
    values = [k / t if t else 0.0 for k, t in counts]
    intervals = [wilson(k, t) for k, t in counts]
    return Bars(title, categories, values, [lo for lo, _ in intervals], [hi for _, hi in intervals], ref=ref,
                ref_label=ref_label, percent=True, colours=colours or [],
                notes=[f"{v * 100:.0f}%" for v in values])


def _same_scale(charts: list[Bars]) -> list[str]:
    top = max((c.top() for c in charts), default=1.0)
    for c in charts:
        c.ymax = nice_top(top, c.percent)
    return [bars(c) for c in charts]


# ---------------------------------------------------------------- the figures

def win_rate_by_seat(gs: list[Group]) -> Figure:
    charts = []
    for g in gs:
        played = g.played
        counts = [(sum(_credit(r, s) for r in played), len(played)) for s in range(1, g.players + 1)]
        charts.append(_share_bars(g.label, [f"seat {s}" for s in range(1, g.players + 1)], counts,
                                  ref=1 / g.players, ref_label=f"1 in {g.players}"))
    return Figure("seats", "Win rate by seat",
                  "How often each seat wins (seat 1 moves first in the first round), with 95% intervals; the "
                  "dashed line is a fair share.", _same_scale(charts))


def win_rate_by_bot(gs: list[Group]) -> Figure | None:
    bots = sorted({b for g in gs for r in g.rows for b in r["bots"]})
    if len(bots) < 2:
        return None
    charts = []
    for g in gs:
        counts = []
        for bot in bots:
            seats = [(r, i + 1) for r in g.played for i, b in enumerate(r["bots"]) if b == bot]
            counts.append((sum(_credit(r, s) for r, s in seats), len(seats)))
        charts.append(_share_bars(g.label, bots, counts, ref=1 / g.players, ref_label=f"1 in {g.players}"))
    return Figure("bots", "Win rate by bot", "How often a seat played by each bot wins, with 95% intervals.",
                  _same_scale(charts))


def game_length(gs: list[Group]) -> Figure:
    values = [r["operating_rounds"] for g in gs for r in g.played]
    low, high = (min(values), max(values)) if values else (0, 0)
    charts = []
    for g in gs:
        ors = [r["operating_rounds"] for r in g.played]
        total = len(ors) or 1
        categories = list(range(low, high + 1))
        mean, lo, hi = mean_interval([float(v) for v in ors])
        charts.append(Bars(g.label, [str(c) for c in categories], [ors.count(c) / total for c in categories],
                           percent=True, notes=["" for _ in categories],
                           subtitle=f"mean {mean:.1f} ORs (95%: {lo:.1f}-{hi:.1f})"))
    return Figure("length", "Game length",
                  "How many operating rounds the games lasted (share of games for each count).", _same_scale(charts))


def _reason(row: dict[str, Any]) -> str:
    if row.get("error"):
        return "error"
    if not row.get("finished"):
        return "action cap"
    return str(row.get("end_reason") or "ended").replace("_", " ")


def end_reasons(gs: list[Group]) -> Figure:
    reasons = sorted({_reason(r) for g in gs for r in g.rows})
    charts = [_share_bars(g.label, reasons, [(sum(1 for r in g.rows if _reason(r) == x), len(g.rows))
                                             for x in reasons]) for g in gs]
    return Figure("ends", "How the games ended",
                  "The rule that ended each game (action cap: stopped unfinished; error: an engine or bot fault), "
                  "with 95% intervals.", _same_scale(charts))


def across_sweep(gs: list[Group]) -> Figure:
    """The headline figures, one bar per variant: bankruptcy rate, game length, the winner's lead."""
    labels, swept = short_labels([g.label for g in gs])
    bankrupt = _share_bars("games with a bankruptcy", labels,
                           [(sum(1 for r in g.played if r.get("bankruptcies")), len(g.played)) for g in gs])
    length = [mean_interval([float(r["operating_rounds"]) for r in g.played]) for g in gs]
    length_chart = Bars("operating rounds (mean)", labels, [m for m, _, _ in length], [lo for _, lo, _ in length],
                        [hi for _, _, hi in length], points=False)
    lead = [mean_interval([_lead(r) for r in g.played]) for g in gs]
    lead_chart = Bars("winner's lead over 2nd (mean)", labels, [m for m, _, _ in lead], [lo for _, lo, _ in lead],
                      [hi for _, _, hi in lead])
    for chart in (bankrupt, length_chart, lead_chart):
        chart.subtitle = swept
    panels = [bars(bankrupt)] + [bars(c) for c in (length_chart, lead_chart)]
    caption = ("Per variant: the share of games in which a player went bankrupt, the mean length in operating "
               "rounds and the winner's mean lead, with 95% intervals." if len(gs) > 1 else
               "The share of games in which a player went bankrupt, the mean length and the winner's mean lead, "
               "with 95% intervals.")
    return Figure("sweep", "Across the study" if len(gs) == 1 else "Across the sweep", caption, panels)


def short_labels(labels: list[str]) -> tuple[list[str], str]:
    """Variant labels as bars are labelled: where every label sets the same one thing
    (``trains[4].price=250``), only the values, and what they set."""
    paths = {label.partition("=")[0] for label in labels}
    if len(labels) > 1 and len(paths) == 1 and all("=" in label and ", " not in label for label in labels):
        return [label.partition("=")[2] for label in labels], paths.pop()
    return labels, ""


def _lead(row: dict[str, Any]) -> float:
    scores = sorted((s["score"] for s in row["seats"]), reverse=True)
    return float(scores[0] - scores[1]) if len(scores) > 1 else 0.0


def price_paths(gs: list[Group], colours: dict[str, str]) -> Figure:
    charts = []
    for g in gs:
        played = g.played
        series: list[tuple[str, str, list[tuple[int, float]]]] = []
        for corp in _corporations(played):
            paths = [c["prices"] for r in played for c in r["corporations"] if c["sym"] == corp]
            points = []
            for i in range(max((len(p) for p in paths), default=0)):
                at = [float(p[i]) for p in paths if i < len(p) and p[i] is not None]
                if len(at) >= max(3, len(played) // 5):
                    points.append((i + 1, statistics.median(at)))
            series.append((corp, colours.get(corp, SERIES[len(series) % len(SERIES)]), points))
        charts.append(Lines(g.label, series, 0, 0, xlabel="operating round"))
    xmax = max((p[0] for c in charts for _, _, pts in c.series for p in pts), default=1)
    ymax = nice_top(max((p[1] for c in charts for _, _, pts in c.series for p in pts), default=1.0))
    for c in charts:
        c.xmax, c.ymax = xmax, ymax
    return Figure("prices", "Share price paths",
                  "Each corporation's median share price after each operating round, over the games in which it "
                  "had a price then (drawn while at least a fifth of the games, and three, had one).",
                  [lines(c) for c in charts])


def _corporations(rows: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for r in rows:
        for c in r["corporations"]:
            if c["sym"] not in out:
                out.append(c["sym"])
    return out


def winners_holdings(gs: list[Group], colours: dict[str, str]) -> list[Figure]:
    privates, presidents = [], []
    for g in gs:
        played = g.played
        syms = [p["sym"] for p in (played[0]["privates"] if played else [])]
        counts = []
        for sym in syms:
            bought = [(r, p["buyer_seat"]) for r in played for p in r["privates"]
                      if p["sym"] == sym and p["buyer_seat"] is not None]
            counts.append((sum(_credit(r, s) for r, s in bought), len(bought)))
        privates.append(_share_bars(g.label, syms, counts, ref=1 / g.players, ref_label=f"1 in {g.players}"))
        corps = _corporations(played)
        counts = []
        for sym in corps:
            led = [(r, c["president_seat"]) for r in played for c in r["corporations"]
                   if c["sym"] == sym and c["president_seat"] is not None]
            counts.append((sum(_credit(r, s) for r, s in led), len(led)))
        presidents.append(_share_bars(g.label, corps, counts, ref=1 / g.players, ref_label=f"1 in {g.players}",
                                      colours=[colours.get(c, SERIES[0]) for c in corps]))
    out = [Figure("presidents", "Who wins: the corporations they preside",
                  "How often the president of each corporation at the game's end wins it, with 95% intervals; "
                  "above the dashed line, leading that corporation goes with winning.", _same_scale(presidents))]
    if any(b.categories for b in privates):
        out.insert(0, Figure("privates", "Who wins: the privates they bought",
                             "How often the first player to own each private wins the game, with 95% intervals.",
                             _same_scale(privates)))
    return out


def timings(gs: list[Group], key: str, name: str) -> Figure | None:
    charts = []
    for g in gs:
        played = g.played
        names: list[str] = []
        for r in played:
            for e in r[key]:
                if e[name] not in names:
                    names.append(e[name])
        if key == "phases" and names:
            names = names[1:]      # the first phase is where every game starts
        values, lows, highs, notes = [], [], [], []
        for x in names:
            at = [float(e["or"]) for r in played for e in r[key] if e[name] == x]
            median, q1, q3 = quartiles(at)
            values.append(median)
            lows.append(q1)
            highs.append(q3)
            notes.append(f"{len(at) * 100 // max(1, len(played))}%")
        charts.append(Bars(g.label, [str(x) for x in names], values, lows, highs, points=True, notes=notes,
                           ylabel="operating round"))
    if not any(c.categories for c in charts):
        return None
    if key == "phases":
        return Figure("phases", "When the phases begin",
                      "The operating round in which each phase began (median, with the middle half of the games as "
                      "the interval); the label says in how many games it was reached.", _same_scale(charts))
    return Figure("rusts", "When trains rust",
                  "The operating round in which each train type rusted (median and middle half); the label says "
                  "in how many games it did.", _same_scale(charts))
