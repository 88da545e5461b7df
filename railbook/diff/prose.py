"""Prose comparisons: the numbered points of a rules summary's "comparison with the
reference title" (``story``: at most ten, grouped by theme, most important first),
and the exhaustive form with one point per area that differs (``area_points``).

Every sentence states a difference found in the data — the words come from the
language's catalogue, the numbers and names from the titles — so prose can say
nothing the diff does not.
"""

from __future__ import annotations

from railbook.diff.catalogue import Catalogue
from railbook.diff.describe import is_flag, sentence
from railbook.diff.result import Change, Diff
from railbook.diff.story import story_points
from railbook.diff.values import Context, join
from railbook.languages import LANGUAGES

__all__ = ["LANGUAGES", "area_points", "prose_points", "prose_text"]


def prose_points(diff: Diff, lang: str) -> list[str]:
    """The comparison as a reader wants it, in ``lang`` (en, de, pl, it, fr): at most ten
    numbered points, "N. Title" on the first line, most important first (``story``)."""
    return story_points(diff, lang)


def area_points(diff: Diff, lang: str) -> list[str]:
    """Every difference as numbered points in ``lang``, one point per area.

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
        body = sentences(summary, diff, cat)
        if details:
            body.append(cat.template("details_left_out", n=details))
        points.append(f"{len(points) + 1}. {cat.area(area)}\n" + " ".join(body))
    return points


def sentences(changes: list[Change], diff: Diff, cat: Catalogue) -> list[str]:
    """One sentence per change; presence changes of one kind (OR steps, say) that
    the catalogue can name as a group share one sentence: "OR steps only in B: ..."."""
    out: list[str] = []
    grouped: dict[tuple[str, str], list[Change]] = {}
    for c in changes:
        if is_flag(c) and cat.has("labels", c.pattern + "#group"):
            grouped.setdefault((c.pattern, c.kind), []).append(c)
    done: set[tuple[str, str]] = set()
    for c in changes:
        group = (c.pattern, c.kind)
        if group not in grouped or len(grouped[group]) < 2:
            out.append(sentence(c, diff, cat))
        elif group not in done:
            done.add(group)
            items = join([cat.value(x.params[0]) for x in grouped[group]], Context(cat, diff.a.currency))
            out.append(cat.template(f"{c.kind}_group", label=cat.label(c.pattern + "#group", ()), items=items,
                                    a=diff.a.name, b=diff.b.name))
    return out


def prose_text(diff: Diff, lang: str) -> str:
    """The whole comparison as text: a heading, then the points."""
    cat = Catalogue(lang)
    points = prose_points(diff, lang)
    if not points:
        return cat.template("prose_same", a=diff.a.name, b=diff.b.name) + "\n"
    return cat.template("prose_heading", a=diff.a.name, b=diff.b.name) + "\n\n" + "\n\n".join(points) + "\n"
