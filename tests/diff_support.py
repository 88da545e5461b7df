"""Helpers shared by the diff tests: titles loaded once, and the titles present."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from railbook.compiler.compile import check_title
from railbook.diff import Diff, diff_titles
from railbook.paths import TITLES_DIR, title_ids

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "titles"


@functools.lru_cache(maxsize=None)
def load(folder: str) -> tuple[dict[str, Any], Any]:
    """A title's model and hook metadata; fails the test if the title does not check."""
    src, model, hooks = check_title(Path(folder))
    assert model is not None and not src.problems, "\n".join(str(p) for p in src.problems)
    return model, hooks


def title(tid: str) -> tuple[dict[str, Any], Any]:
    return load(str(TITLES_DIR / tid))


def fixture(name: str) -> tuple[dict[str, Any], Any]:
    return load(str(FIXTURES / name))


def diff(a: tuple[dict[str, Any], Any], b: tuple[dict[str, Any], Any]) -> Diff:
    return diff_titles(a[0], b[0], hooks_a=a[1], hooks_b=b[1])


@functools.lru_cache(maxsize=None)
def _checks(folder: str) -> bool:
    src, model, _ = check_title(Path(folder))
    return model is not None and not src.problems


def valid_titles() -> list[str]:
    """Titles under titles/ that check cleanly (one still being written is left out)."""
    return [tid for tid in title_ids() if _checks(str(TITLES_DIR / tid))]


@functools.lru_cache(maxsize=None)
def title_diff(a: str, b: str) -> Diff:
    """The diff of two titles under titles/, computed once per test session."""
    return diff(title(a), title(b))
