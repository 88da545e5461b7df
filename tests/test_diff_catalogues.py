"""Words live in catalogues, one per language; names and numbers come from the
data; and the diff package never names a title."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from diff_support import title, valid_titles

from railbook.diff.catalogue import LANGUAGES, Catalogue, _load
from railbook.diff.describe import params_are_values
from railbook.diff.facts import title_facts
from railbook.diff.keys import FORMATS
from railbook.paths import ROOT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_has_the_keys_of_the_english_one(lang: str) -> None:
    en, other = _load("en"), _load(lang)
    for section in en:
        assert set(other[section]) == set(en[section]), f"{lang}.{section}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_templates_take_the_same_placeholders_in_every_language(lang: str) -> None:
    en, other = _load("en"), _load(lang)
    for section in ("templates", "labels"):
        for key, text in en[section].items():
            assert set(re.findall(r"\{(\w*)\}", other[section][key])) == set(re.findall(r"\{(\w*)\}", text)), key


def test_every_pattern_with_a_format_has_a_label() -> None:
    labels = _load("en")["labels"]
    assert [p for p in FORMATS if p not in labels] == []


@pytest.mark.parametrize("tid", valid_titles())
def test_every_fact_of_every_title_has_a_label(tid: str) -> None:
    labels = _load("en")["labels"]
    missing = {f.pattern for f in title_facts(*title(tid)).facts.values() if f.pattern not in labels}
    assert missing == set()


def test_a_label_fills_in_the_names_from_the_data() -> None:
    assert Catalogue("en").label("trains.*.price", ("5+1",)) == "Price of the 5+1-train"
    assert Catalogue("de").label("trains.*.price", ("D",)) == "Preis von Zug D"
    assert Catalogue("fr").label("rounds.operating_round.steps.*", ("redeem_shares",), True) == \
        "Étape du tour d'opérations « rachat ou réémission d'actions »"
    assert params_are_values("special.hooks.*")


def test_an_unknown_option_still_gets_a_readable_label() -> None:
    assert Catalogue("en").label("rounds.operating_round.share_redemption.new_limit", ()) == \
        "Share redemption: new limit"


def test_the_diff_package_names_no_title() -> None:
    pattern = re.compile(r"1830|1894|1893|1826|cologne|belge", re.IGNORECASE)
    hits = [f"{p.relative_to(ROOT)}:{n}" for p in Path(ROOT, "railbook", "diff").rglob("*")
            if p.is_file() and p.suffix in (".py", ".yaml", ".json")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert hits == []
