"""``railbook report``: one HTML page from a study's results, its plots drawn as SVG in the page.

The page loads nothing (no script, no font, no stylesheet from elsewhere) and is the same
bytes for the same results file.
"""

from __future__ import annotations

import re
import statistics
from html import escape
from pathlib import Path
from typing import Any

from railbook.docs.svg import n, svg, text
from railbook.errors import GameError, StudyError
from railbook.simulate import results
from railbook.simulate.report import figures as F

CSS = """
body{font-family:DejaVu Sans,Arial,Helvetica,sans-serif;margin:24px auto;max-width:1280px;color:#222;padding:0 16px}
h1{font-size:22px;margin-bottom:4px}h2{font-size:17px;margin:28px 0 4px;border-bottom:1px solid #ddd}
p.caption{margin:2px 0 8px;color:#444;font-size:13px}.panels{display:flex;flex-wrap:wrap;gap:8px}
table{border-collapse:collapse;font-size:12.5px;margin:6px 0 12px}td,th{border:1px solid #ddd;padding:3px 7px;
text-align:right}th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
.meta{color:#555;font-size:13px}code{background:#f4f4f4;padding:0 3px}
"""


def _cell(value: Any) -> str:
    return f"<td>{escape(str(value))}</td>"


def _table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(_cell(v) for v in r) + "</tr>" for r in rows]
    return "\n".join(out) + "</table>"


def _mean(values: list[float]) -> str:
    return f"{statistics.fmean(values):.1f}" if values else "-"


def _pct(k: float, t: int) -> str:
    return f"{k * 100 / t:.0f}%" if t else "-"


def summary_table(gs: list[F.Group]) -> str:
    rows = []
    for g in gs:
        played = g.played
        finished = sum(1 for r in g.rows if r.get("finished"))
        errors = sum(1 for r in g.rows if r.get("error") or r.get("refused"))
        rows.append([g.label, len(g.rows), _pct(finished, len(g.rows)),
                     _mean([r["actions"] for r in played]), _mean([r["operating_rounds"] for r in played]),
                     _mean([r["sets"] for r in played]),
                     _pct(sum(1 for r in played if r.get("bankruptcies")), len(played)),
                     _mean([max(s["score"] for s in r["seats"]) for r in played]), errors,
                     f"{g.first_row}-{g.first_row + len(g.rows) - 1}"])
    return _table(["variant", "games", "ended by a rule", "actions", "ORs", "sets", "bankruptcy",
                   "winning score", "errors", "rows"], rows)


def corporations_table(g: F.Group) -> str:
    played = g.played
    rows = []
    for sym in F._corporations(played):
        stats = [c for r in played for c in r["corporations"] if c["sym"] == sym]
        floated = [c for c in stats if c["floated_or"] is not None]
        dividends = sum(c["dividends"] for c in stats)
        rows.append([sym, _pct(len(floated), len(stats)),
                     _mean([c["floated_or"] for c in floated]),
                     _mean([c["par"] for c in stats if c["par"] is not None]),
                     _mean([c["max_price"] for c in stats if c["max_price"] is not None]),
                     _mean([c["final_price"] for c in stats if c["final_price"] is not None]),
                     _mean([c["trains_bought"] for c in floated]),
                     _pct(sum(c["withheld"] for c in stats), dividends),
                     _pct(sum(1 for c in stats if c["closed_or"] is not None), len(stats))])
    return _table(["corporation", "floated", "floated in OR", "par", "highest price", "final price",
                   "trains bought", "withheld", "closed"], rows)


def notable(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    numbered = list(enumerate(rows, 1))
    played = [(i, r) for i, r in numbered if r.get("seats")]
    items = []
    if played:
        longest = max(played, key=lambda ir: (ir[1]["actions"], -ir[0]))
        shortest = min(played, key=lambda ir: (ir[1]["actions"], ir[0]))
        items.append(f"the longest game: row {longest[0]} ({longest[1]['actions']} actions)")
        items.append(f"the shortest: row {shortest[0]} ({shortest[1]['actions']} actions)")
    faulty = [(i, r) for i, r in numbered if r.get("error") or r.get("refused")]
    if faulty:
        i, r = faulty[0]
        items.append(f"{len(faulty)} games stopped on an error or had listed actions refused, the first row {i}: "
                     f"{r.get('error') or str(r.get('refused')) + ' refused'}")
    return ("<p class=\"meta\">Replay any game with <code>railbook replay RESULTS --row N</code>: "
            + escape("; ".join(items)) + ".</p>")


def _colours(title: str) -> dict[str, str]:
    from railbook.engine.title import Title

    try:
        model = Title.load(title).model
    except GameError:
        return {}
    return {c.sym: c.color for c in model.corporations}


def _figure(fig: F.Figure) -> str:
    return (f'<section id="{fig.id}"><h2>{escape(fig.title)}</h2><p class="caption">{escape(fig.caption)}</p>'
            f'<div class="panels">\n' + "\n".join(fig.panels) + "\n</div></section>")


def picture(fig: F.Figure, gap: float = 10) -> str:
    """A figure as one SVG picture (its title above, its panels side by side, on white): for a
    README, a forum post or a slide."""
    sizes = [(float(m.group(1)), float(m.group(2))) for m in
             (re.search(r'width="([\d.]+)" height="([\d.]+)"', p) for p in fig.panels) if m]
    width = sum(w for w, _ in sizes) + gap * (len(sizes) + 1)
    height = max((h for _, h in sizes), default=0.0) + 34
    body = [f'<rect width="{n(width)}" height="{n(height)}" fill="#fff"/>',
            text(gap, 14, fig.title, 13, anchor="start", weight="bold")]
    x = gap
    for panel, (w, _) in zip(fig.panels, sizes):
        body.append(panel.replace("<svg ", f'<svg x="{n(x)}" y="28" ', 1))
        x += w + gap
    return svg(width, height, body, fig.title, "figure")


def figures(rows: list[dict[str, Any]], title: str) -> list[F.Figure]:
    gs = F.groups(rows)
    colours = _colours(title)
    parts = [F.win_rate_by_seat(gs), F.win_rate_by_bot(gs), F.across_sweep(gs), F.game_length(gs), F.end_reasons(gs),
             F.price_paths(gs, colours), *F.winners_holdings(gs, colours), F.timings(gs, "phases", "phase"),
             F.timings(gs, "rusts", "train")]
    return [f for f in parts if f is not None]


def _title_of(rows: list[dict[str, Any]], source: str) -> str:
    if not rows:
        raise StudyError(f"{source}: no results rows to report on")
    titles = sorted({r["title"] for r in rows})
    if len(titles) > 1:
        raise StudyError(f"{source} holds games of several titles ({', '.join(titles)}): report on one at a time")
    return str(titles[0])


def render(rows: list[dict[str, Any]], source: str) -> str:
    title = _title_of(rows, source)
    gs = F.groups(rows)
    first = rows[0]
    fixed = []
    if len({r["players"] for r in rows}) == 1:
        fixed.append(f"{first['players']} players")
    bots = sorted({",".join(r["bots"]) for r in rows})
    fixed.append("bots " + ("; ".join(bots) if len(bots) <= 3 else f"{len(bots)} seatings"))
    if first["options"]:
        fixed.append("optional rules " + ", ".join(first["options"]))
    constant = [c for c in first["changes"] if all(c in r["changes"] for r in rows)]
    if constant:
        fixed.append("data changes " + ", ".join(constant))
    seeds = sorted({r["seed"] for r in rows})
    fixed.append(f"seeds {seeds[0]}-{seeds[-1]}" if len(seeds) > 1 else f"seed {seeds[0]}")
    body = [f"<h1>{escape(title)}: a balance study of {len(rows)} games</h1>",
            f'<p class="meta">{escape("; ".join(fixed))}. Made by <code>railbook simulate</code>; '
            f"every game is seeded and replays exactly.</p>",
            summary_table(gs), notable(rows)]
    body += [_figure(f) for f in figures(rows, title)]
    body.append("<section id=\"corporations\"><h2>Corporations</h2><p class=\"caption\">Per variant: how often "
                "each corporation floated and when (the operating round; 0 is the first stock round), its prices, "
                "trains bought, the share of its dividends withheld, and how often it closed.</p>")
    for g in gs:
        body.append(f"<h3>{escape(g.label)}</h3>" + corporations_table(g))
    body.append("</section>")
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{escape(title)} balance study</title><style>{CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_report(source: Path, out: Path, pictures: Path | None = None) -> Path:
    """The report page of a results file; with ``pictures``, each figure also as DIR/ID.svg."""
    if not source.exists():
        raise StudyError(f"{source}: no such results file")
    rows = results.read_rows(source, logs=False)
    page = render(rows, str(source))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
    if pictures is not None:
        pictures.mkdir(parents=True, exist_ok=True)
        for fig in figures(rows, _title_of(rows, str(source))):
            (pictures / f"{fig.id}.svg").write_text(picture(fig) + "\n", encoding="utf-8")
    return out
