"""Every pair of titles present can be compared in every form and language."""

from __future__ import annotations

import itertools
import json

import jsonschema
import pytest
from diff_support import title, title_diff, valid_titles

from railbook.diff.catalogue import LANGUAGES
from railbook.diff.jsonout import diff_json, json_schema
from railbook.diff.matrix import build_matrix, matrix_html
from railbook.diff.prose import area_points, prose_points
from railbook.diff.render import markdown_report, text_report

TITLES = valid_titles()
PAIRS = list(itertools.permutations(TITLES, 2))


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_json_of_every_pair_follows_the_schema(a: str, b: str) -> None:
    jsonschema.validate(json.loads(diff_json(title_diff(a, b))), json_schema())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_pair_reads_in_every_language(a: str, b: str, lang: str) -> None:
    d = title_diff(a, b)
    points = prose_points(d, lang)
    assert (0 < len(points) <= 10) == d.differs
    assert len(area_points(d, lang)) == sum(1 for cs in d.areas.values() if cs)
    for text in [*points, text_report(d, lang, all_details=True), markdown_report(d, lang, all_details=True)]:
        # values are written for readers, never as Python literals
        assert "{'" not in text and "['" not in text and "None" not in text and "True" not in text


def test_the_matrix_of_every_title() -> None:
    m = build_matrix([title(t) for t in TITLES])
    assert [t.id for t in m.titles] == TITLES
    assert len({r.key for r in m.rows}) == len(m.rows)
    assert any(r.differs for r in m.rows) == (len(TITLES) > 1)
    assert matrix_html(m).count("<tr") == len(m.rows) + 1 + len({r.area for r in m.rows})
