"""No page shows an internal name: every generated page, in every language, is scanned for
snake_case identifiers, file names and catalogue keys left untranslated. What a reader sees
is words (the catalogue's, or the title's own), names and figures."""

from __future__ import annotations

import re

import pytest
from docs_support import doc, visible_text

from railbook.docs.render import render_html, render_md
from railbook.languages import LANGUAGES
from railbook.paths import title_ids

IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")                  # form_etat, update_tokens
FILE_NAME = re.compile(r"\b[\w-]+\.(?:yaml|hooks|py|json|lark|j2)\b")       # rules.hooks, title.yaml
CATALOGUE_KEY = re.compile(r"\[[a-z_]+(?:\.[a-z_]+)+\]|\{[a-z_]+\}")        # [sum.title], an unfilled {placeholder}
SHIPPED = ("1830", "1894", "1893", "1826")


def leaks(text: str) -> list[str]:
    return sorted({m.group() for p in (IDENTIFIER, FILE_NAME, CATALOGUE_KEY) for m in p.finditer(text)})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", title_ids())
def test_no_page_shows_an_internal_name(tid: str, lang: str) -> None:
    d = doc(tid, lang)
    html = visible_text(render_html(d, [], None))
    md = render_md(d, {k: f"{k}.svg" for k in d["figures"]})
    assert leaks(html) == [] and leaks(re.sub(r"\]\([^)]*\)", "]", md)) == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", [t for t in SHIPPED if t in title_ids()])
def test_the_shipped_titles_are_fully_translated(tid: str, lang: str) -> None:
    d = doc(tid, lang)
    assert d["missing"] == [] and d["borrowed"] == "", (d["missing"], d["borrowed"])


def test_the_scan_finds_what_it_looks_for() -> None:
    assert leaks("Sonderregel: form_etat (rules.hooks), [sum.title] {who}") == [
        "[sum.title]", "form_etat", "rules.hooks", "{who}"]
    assert leaks("Mechelen–Bruxelles, 20 + 30 = 50 F; 5+1-Zug; E16") == []
