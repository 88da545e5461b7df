"""A title compared with itself has no differences, and A→B mirrors B→A."""

from __future__ import annotations

import itertools

import pytest
from diff_support import diff, fixture, title, valid_titles

TITLES = valid_titles()


@pytest.mark.parametrize("tid", TITLES)
def test_a_title_does_not_differ_from_itself(tid: str) -> None:
    d = diff(title(tid), title(tid))
    assert not d.differs
    assert list(d.changes()) == []


def test_a_fixture_does_not_differ_from_itself() -> None:
    assert not diff(fixture("tiny_a"), fixture("tiny_a")).differs


PAIRS = list(itertools.combinations(TITLES, 2))


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_the_diff_the_other_way_round_is_the_mirror_image(a: str, b: str) -> None:
    forward, backward = diff(title(a), title(b)), diff(title(b), title(a))
    assert backward == forward.mirrored()
    for c, m in zip(forward.changes(), backward.changes()):
        assert m.kind == {"added": "removed", "removed": "added"}.get(c.kind, c.kind)
        assert (m.before, m.after) == (c.after, c.before)


def test_fixture_diffs_mirror_too() -> None:
    assert diff(fixture("tiny_b"), fixture("tiny_a")) == diff(fixture("tiny_a"), fixture("tiny_b")).mirrored()


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_change_is_a_real_difference(a: str, b: str) -> None:
    """Nothing false: a change's values are the two titles' own, and they differ."""
    from railbook.diff.facts import title_facts

    fa, fb = title_facts(*title(a)).facts, title_facts(*title(b)).facts
    for c in diff(title(a), title(b)).changes():
        if c.kind == "changed":
            assert c.before == fa[c.key].value and c.after == fb[c.key].value and c.before != c.after
        elif c.kind == "added":
            assert c.key not in fa and c.after == fb[c.key].value
        else:
            assert c.key not in fb and c.before == fa[c.key].value
