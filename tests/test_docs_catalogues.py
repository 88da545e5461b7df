"""Words live in catalogues and templates; figures never do.

Every language has every message English has, with the same placeholders, and
no catalogue or template holds a digit that could be a game figure — those come
from the titles' data. A title's own texts (its per-language maps) are in every
language too, and so are its rule hooks' doc comments, so no generated page falls back
to English.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from railbook.docs.i18n import (
    CATALOGUE_DIR,
    LANGUAGES,
    Lang,
    load_catalogue,
    plural_category,
)
from railbook.docs.render import TEMPLATES
from railbook.paths import TITLES_DIR, title_ids

# placeholders the code offers beyond the English message's (a language picks the form it needs)
OFFERED = {"phase.label_colour": {"noun"}, "phase.offboard_values": {"nouns"}, "phase.label": {"colour_f"}}
# words that contain digits but are not figures
NOT_FIGURES = re.compile(r"18xx", re.I)


def _placeholders(msg: object) -> set[str]:
    texts = msg.values() if isinstance(msg, dict) else [msg]
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(str(t)) if f}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_complete_with_same_placeholders(lang: str) -> None:
    en, cat = load_catalogue("en"), load_catalogue(lang)
    missing = [k for k in en if k not in cat]
    assert not missing, f"{lang}: missing {missing}"
    for key, msg in en.items():
        other = cat[key]
        assert _placeholders(other) <= _placeholders(msg) | {"n"} | OFFERED.get(key, set()), (lang, key, other)
        if isinstance(msg, dict) and lang == "pl":
            assert {"one", "few", "many"} <= set(other), (key, other)


@pytest.mark.parametrize("path", sorted(CATALOGUE_DIR.glob("*.yaml")), ids=lambda p: p.name)
def test_no_figures_in_catalogues(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{where}.{k}")
        else:
            text = NOT_FIGURES.sub("", re.sub(r"\{[a-z_]+\}", "", str(node)))
            assert not re.search(r"\d", text), f"{path.name}{where}: a figure belongs in the data: {node!r}"

    walk(data, "")


def _template_text(source: str) -> str:
    """What a template says in words: its text and expressions, without tags' attributes or comments."""
    source = re.sub(r"\{#.*?#\}", " ", source, flags=re.S)
    source = re.sub(r"<style>.*?</style>", " ", source, flags=re.S)
    source = re.sub(r"<(?:[^>{]|\{\{.*?\}\})*>", " ", source)          # HTML tags (h2, colours, sizes)
    return source


@pytest.mark.parametrize("path", sorted(p for p in TEMPLATES.iterdir() if p.suffix == ".j2"), ids=lambda p: p.name)
def test_no_figures_in_templates(path: Path) -> None:
    text = _template_text(path.read_text(encoding="utf-8"))
    # markdown headings (###) and list markers are markup, not figures; any number ≥ 2 would be a figure
    for m in re.finditer(r"\d+", text):
        assert m.group() in ("0", "1"), f"{path.name}: literal {m.group()!r} near {text[max(0, m.start() - 40):m.end() + 40]!r}"


def test_plural_rules() -> None:
    assert [plural_category("pl", n) for n in (1, 2, 5, 12, 22, 25)] == ["one", "few", "many", "many", "few", "many"]
    assert plural_category("fr", 0) == "one" and plural_category("de", 0) == "other"


def test_number_and_money_formats() -> None:
    euro_suffix = {"symbol": "F", "placement": "suffix"}
    assert Lang("de", euro_suffix).money(1000) == "1.000\u00a0F"
    assert Lang("fr", euro_suffix).money(1000) == "1\u202f000\u00a0F"
    assert Lang("pl", euro_suffix).money(1000) == "1\u00a0000\u00a0F"
    assert Lang("it", euro_suffix).num(7200) == "7.200"
    assert Lang("en", {"symbol": "$", "placement": "prefix"}).money(12000) == "$12,000"
    assert Lang("de").pct(60) == "60\u00a0%" and Lang("en").pct(60) == "60%"


def test_missing_translation_falls_back_visibly() -> None:
    L = Lang("de")
    assert L.text({"en": "Only English"}) == "[en] Only English"
    assert L.text({"de": "Deutsch", "en": "English"}) == "Deutsch"
    assert L.borrowed == ["Only English"]
    assert L.t("no.such.key").startswith("[")          # an unknown message shows its key, never nothing


def _text_maps(node: object, where: str) -> list[tuple[str, dict[str, object]]]:
    """Every per-language text map in a title file: a mapping keyed only by languages, English among them."""
    if isinstance(node, dict):
        if node and "en" in node and set(node) <= set(LANGUAGES):
            return [(where, node)]
        return [m for k, v in node.items() for m in _text_maps(v, f"{where}.{k}")]
    if isinstance(node, list):
        return [m for i, v in enumerate(node) for m in _text_maps(v, f"{where}[{i}]")]
    return []


# The titles railbook shipped with are written in every language; a title added since may lack some
# texts, which its pages show in another language, marked (test_missing_translation_falls_back_visibly).
SHIPPED = [tid for tid in ("1830", "1894", "1893", "1826") if tid in title_ids()]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", SHIPPED)
def test_every_title_text_is_written_in_every_language(tid: str, lang: str) -> None:
    missing = []
    for path in sorted((TITLES_DIR / tid).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        missing += [f"{path.name}{where}" for where, texts in _text_maps(data, "") if not texts.get(lang)]
    assert not missing, f"{tid}: no {lang} text (the page would show [en]) at {missing}"


@pytest.mark.parametrize("tid", SHIPPED)
def test_every_rule_hooks_doc_comment_is_written_in_every_language(tid: str) -> None:
    """The comparison quotes hook doc comments: each carries '# de: ...' lines for the others."""
    from railbook.compiler.cache import load_compiled

    module = load_compiled(tid)
    missing = [f"{key} ({lang})" for key, doc in module.HOOK_DOCS.items() if doc
               for lang in LANGUAGES if lang != "en" and not module.HOOK_DOC_TEXTS.get(key, {}).get(lang)]
    assert not missing, f"{tid}/rules.hooks: doc comments without a translation: {missing}"
