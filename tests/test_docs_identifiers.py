"""No page shows an internal name: every generated page, in every language, is scanned for
snake_case identifiers (``form_etat``, ``HGK_1``), camelCase ones, file names (``rules.hooks``,
``title.yaml``), data paths (``trains[6].count``, ``stock_round.multiple_buys_only_from_pool``,
``rules.stock_round``) and catalogue keys left untranslated. The pages are the rules summaries of
every title (HTML and Markdown), the site's indexes and ``railbook diff --prose``. What a reader
sees is words (the catalogue's, or the title's own), names and figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_support import doc, loaded, visible_text

from railbook.docs.render import _write_index, render_html, render_md
from railbook.languages import LANGUAGES
from railbook.paths import title_ids

IDENTIFIER = re.compile(r"\b\w*[A-Za-z0-9]_\w+\b")                            # form_etat, update_tokens, HGK_1
CAMEL = re.compile(r"\b[a-z]+[A-Z][a-z]+\w*\b")                                # shareHolding
FILE_NAME = re.compile(r"\b[\w-]+\.(?:yaml|hooks|py|json|lark|j2)\b")          # rules.hooks, title.yaml
DATA_PATH = re.compile(r"\b[a-z]+(?:\[[^\]\s]*\])?\.[a-z_]{2,}\b|\b\w+\[\d+\]")  # rules.stock_round, trains[6]
CATALOGUE_KEY = re.compile(r"\[[a-z_]+(?:\.[a-z_]+)+\]|\{[a-z_]+\}")           # [sum.title], an unfilled {placeholder}
PATTERNS = (IDENTIFIER, CAMEL, FILE_NAME, DATA_PATH, CATALOGUE_KEY)
SHIPPED = ("1830", "1894", "1893", "1826")


def leaks(text: str) -> list[str]:
    return sorted({m.group() for p in PATTERNS for m in p.finditer(text)})


def _md_text(md: str) -> str:
    """A Markdown page as read: link and picture targets dropped."""
    return re.sub(r"\]\([^)]*\)", "]", md)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", title_ids())
def test_no_page_shows_an_internal_name(tid: str, lang: str) -> None:
    d = doc(tid, lang)
    html = visible_text(render_html(d, [], None))
    md = render_md(d, {k: f"{k}.svg" for k in d["figures"]})
    assert leaks(html) == [] and leaks(_md_text(md)) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_index_page_shows_an_internal_name(lang: str, tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    _write_index(page, lang, list(LANGUAGES), [loaded(t) for t in title_ids()], [], prefix="", here="", pdf=True)
    assert leaks(visible_text(page.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", title_ids())
def test_no_prose_diff_shows_an_internal_name(tid: str, lang: str) -> None:
    comparison = doc(tid, lang)["comparison"]
    if comparison is None:
        pytest.skip(f"{tid} is the baseline")
    from railbook.diff import diff_titles
    from railbook.diff.prose import prose_points

    base = loaded(comparison["base"])
    points = prose_points(diff_titles(base.model, loaded(tid).model, hooks_a=base.hooks, hooks_b=loaded(tid).hooks),
                          lang)
    assert points and leaks("\n".join(points)) == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", [t for t in SHIPPED if t in title_ids()])
def test_the_shipped_titles_are_fully_translated(tid: str, lang: str) -> None:
    d = doc(tid, lang)
    assert d["missing"] == [] and d["borrowed"] == "", (d["missing"], d["borrowed"])


def test_the_scan_finds_what_it_looks_for() -> None:
    assert leaks("Sonderregel: form_etat (rules.hooks), [sum.title] {who}") == [
        "[sum.title]", "form_etat", "rules.hooks", "sum.title", "{who}"]
    assert leaks("HGK_1, trains[6].count = 3, stock_round.multiple_buys_only_from_pool, rules.stock_round") == [
        "HGK_1", "multiple_buys_only_from_pool", "rules.stock_round", "stock_round", "trains[6].count"]
    assert leaks("title.yaml game_end; shareHolding") == ["game_end", "shareHolding", "title.yaml"]
    assert leaks("Mechelen–Bruxelles, 20 + 30 = 50 F; 5+1-Zug; E16; 18xx.games; z.B. 10 %, np. 2") == []
