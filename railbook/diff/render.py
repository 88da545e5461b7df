"""Diff reports for people: terminal text (coloured only on a terminal) and
Markdown. Both list every summary change by area; details (single hexes,
tiles, companies) are counted unless ``--all`` asks for them."""

from __future__ import annotations

from railbook.diff.catalogue import Catalogue
from railbook.diff.describe import describe, is_flag
from railbook.diff.result import Change, Diff

MARK = {"added": "+", "removed": "-", "changed": "~"}
COLOUR = {"added": "\033[32m", "removed": "\033[31m", "changed": "\033[33m"}
BOLD, RESET = "\033[1m", "\033[0m"


def _shown(diff: Diff, all_details: bool) -> tuple[dict[str, list[Change]], int]:
    shown = {area: [c for c in cs if all_details or not c.detail] for area, cs in diff.areas.items()}
    hidden = sum(len(cs) for cs in diff.areas.values()) - sum(len(cs) for cs in shown.values())
    return shown, hidden


def _summary(diff: Diff, cat: Catalogue, shown: dict[str, list[Change]], hidden: int) -> str:
    if not diff.differs:
        return cat.template("report_same")
    text = cat.template("report_summary", n=sum(len(cs) for cs in shown.values()),
                        areas=sum(1 for cs in diff.areas.values() if cs))
    if hidden:
        text += "; " + cat.template("report_details", n=hidden)
    return text


def text_report(diff: Diff, lang: str = "en", all_details: bool = False, colour: bool = False) -> str:
    """Plain lines: a heading, then per area ``~ label: before → after``."""
    cat = Catalogue(lang)
    shown, hidden = _shown(diff, all_details)
    bold = (lambda s: f"{BOLD}{s}{RESET}") if colour else (lambda s: s)
    lines = [bold(cat.template("report_heading", a=diff.a.name, b=diff.b.name)) + ": "
             + _summary(diff, cat, shown, hidden)]
    for area, changes in shown.items():
        if not changes:
            continue
        lines.append("")
        lines.append(bold(cat.area(area)))
        for c in changes:
            d = describe(c, diff, cat)
            mark = MARK[c.kind]
            if colour:
                mark = f"{COLOUR[c.kind]}{mark}{RESET}"
            if c.kind == "changed":
                lines.append(f"  {mark} {d.label}: {d.before} → {d.after}")
            elif is_flag(c):
                lines.append(f"  {mark} {d.label}")
            else:
                lines.append(f"  {mark} {d.label}: {d.after or d.before}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_report(diff: Diff, lang: str = "en", all_details: bool = False) -> str:
    """A heading, a one-line summary, then a table per area: rule, first title, second title."""
    cat = Catalogue(lang)
    shown, hidden = _shown(diff, all_details)
    out = [f"# {cat.template('report_heading', a=diff.a.name, b=diff.b.name)}", "",
           _summary(diff, cat, shown, hidden) + "."]
    for area, changes in shown.items():
        if not changes:
            continue
        out += ["", f"## {cat.area(area)}", "",
                f"| | {_cell(cat.template('matrix_feature'))} | {_cell(diff.a.name)} | {_cell(diff.b.name)} |",
                "| --- | --- | --- | --- |"]
        for c in changes:
            d = describe(c, diff, cat)
            out.append(f"| {MARK[c.kind]} | {_cell(d.label)} | {_cell(d.before or '—')} | {_cell(d.after or '—')} |")
    return "\n".join(out) + "\n"
