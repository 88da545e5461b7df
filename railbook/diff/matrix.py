"""The feature matrix: a row per rules feature, a column per title, so readers
compare many titles at once. HTML (one self-contained page) or Markdown."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from railbook.diff.catalogue import Catalogue
from railbook.diff.compare import title_ref
from railbook.diff.describe import label_of
from railbook.diff.facts import AREAS, Fact
from railbook.diff.features import feature_facts
from railbook.diff.result import TitleRef
from railbook.diff.values import Context, format_value

ABSENT = "—"


@dataclass(frozen=True)
class Row:
    area: str
    key: str
    label: str
    cells: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return len(set(self.cells)) > 1


@dataclass(frozen=True)
class Matrix:
    titles: tuple[TitleRef, ...]
    rows: tuple[Row, ...]


def build_matrix(titles: list[tuple[dict[str, Any], Any]], lang: str = "en", only_differing: bool = False) -> Matrix:
    """Rows in area order, then in the order titles state them; a missing feature is "—"."""
    cat = Catalogue(lang)
    refs = [title_ref(model) for model, _ in titles]
    facts = [feature_facts(model, hooks) for model, hooks in titles]
    order: dict[str, Fact] = {}
    for fs in facts:
        for k, f in fs.items():
            order.setdefault(k, f)
    area_rank = {a: i for i, a in enumerate(AREAS)}
    first_seen = {k: i for i, k in enumerate(order)}
    keys = sorted(order, key=lambda k: (area_rank.get(order[k].area, len(AREAS)), first_seen[k]))
    rows = []
    for k in keys:
        f = order[k]
        label = label_of(f.pattern, f.params, cat, tuple(refs))
        cells = tuple(format_value(fs[k].pattern, fs[k].value, Context(cat, ref.currency)) if k in fs else ABSENT
                      for fs, ref in zip(facts, refs))
        row = Row(f.area, k, label, cells)
        if not only_differing or row.differs:
            rows.append(row)
    return Matrix(tuple(refs), tuple(rows))


def matrix_markdown(m: Matrix, lang: str = "en") -> str:
    cat = Catalogue(lang)

    def esc(s: str) -> str:
        return s.replace("|", "\\|")

    out = [f"# {cat.template('matrix_title')}", "", cat.template("matrix_note").replace("—", "“—”"), "",
           "| " + " | ".join([esc(cat.template("matrix_feature"))] + [esc(t.name) for t in m.titles]) + " |",
           "| " + " | ".join(["---"] * (len(m.titles) + 1)) + " |"]
    area = None
    for r in m.rows:
        if r.area != area:
            area = r.area
            out.append("| " + " | ".join([f"***{esc(cat.area(area))}***"] + [""] * len(m.titles)) + " |")
        label = f"**{esc(r.label)}**" if r.differs else esc(r.label)
        out.append("| " + " | ".join([label] + [esc(c) for c in r.cells]) + " |")
    return "\n".join(out) + "\n"


_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 4px 8px; vertical-align: top; text-align: left; }
thead th { position: sticky; top: 0; background: #f3f3f3; }
tr.area th { background: #e4ecf7; font-size: 15px; }
tr.differs td.feature { font-weight: 600; }
td.absent { color: #999; text-align: center; }
"""


def matrix_html(m: Matrix, lang: str = "en") -> str:
    """One self-contained page; rows where titles differ are marked (class ``differs``)."""
    cat = Catalogue(lang)
    e = html.escape
    head = "".join(f"<th>{e(t.name)}</th>" for t in m.titles)
    body: list[str] = []
    area = None
    for r in m.rows:
        if r.area != area:
            area = r.area
            body.append(f'<tr class="area"><th colspan="{len(m.titles) + 1}">{e(cat.area(area))}</th></tr>')
        cells = "".join(f'<td class="absent">{e(c)}</td>' if c == ABSENT else f"<td>{e(c)}</td>" for c in r.cells)
        cls = ' class="differs"' if r.differs else ""
        body.append(f'<tr{cls} id="{e(r.key)}"><td class="feature">{e(r.label)}</td>{cells}</tr>')
    title = e(cat.template("matrix_title"))
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f"<style>{_CSS}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
            f"<p>{e(cat.template('matrix_note'))}</p>\n<table>\n"
            f"<thead><tr><th>{e(cat.template('matrix_feature'))}</th>{head}</tr></thead>\n<tbody>\n"
            + "\n".join(body) + "\n</tbody>\n</table>\n</body>\n</html>\n")
