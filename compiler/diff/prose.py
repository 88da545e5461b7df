"""Prose comparisons: numbered points, one per area that differs, like the
"comparison with the reference title" sections of the rules summaries.

Every sentence states one difference found in the data — the words come from
the language's catalogue, the numbers and names from the titles — so prose can
say nothing the diff does not.
"""

from __future__ import annotations

from .catalogue import LANGUAGES, Catalogue
from .describe import sentence
from .result import Diff

__all__ = ["LANGUAGES", "prose_points", "prose_text"]


def prose_points(diff: Diff, lang: str) -> list[str]:
    """The comparison as numbered points in ``lang`` (en, de, pl, it, fr).

    Each point is "N. Area title" on its first line, then one sentence per
    summary difference; differences in single hexes, tiles or companies are
    counted, not listed. No difference gives an empty list.
    """
    cat = Catalogue(lang)
    points: list[str] = []
    for area, changes in diff.areas.items():
        if not changes:
            continue
        summary = [c for c in changes if not c.detail]
        details = len(changes) - len(summary)
        body = [sentence(c, diff, cat) for c in summary]
        if details:
            body.append(cat.template("details_left_out", n=details))
        points.append(f"{len(points) + 1}. {cat.area(area)}\n" + " ".join(body))
    return points


def prose_text(diff: Diff, lang: str) -> str:
    """The whole comparison as text: a heading, then the points."""
    cat = Catalogue(lang)
    points = prose_points(diff, lang)
    if not points:
        return cat.template("prose_same", a=diff.a.name, b=diff.b.name) + "\n"
    return cat.template("prose_heading", a=diff.a.name, b=diff.b.name) + "\n\n" + "\n\n".join(points) + "\n"
