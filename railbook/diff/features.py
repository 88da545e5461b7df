"""A title's rules features for the matrix: its summary facts, by stable key.

The matrix and the diff read the same facts, so a matrix row and a diff line
about the same rule always agree.
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts import Fact, title_facts
from railbook.diff.keys import is_detail


def feature_facts(model: dict[str, Any], hooks: Any = None) -> dict[str, Fact]:
    """The summary facts of one title, in reading order.

    A thing that is summary-level (a train, a market zone, an optional rule) is
    one feature whose value holds its attributes; per-hex and per-company
    details are left to the diff.
    """
    return {k: f for k, f in title_facts(model, hooks).facts.items() if not is_detail(f.pattern) and f.parent is None}


def features(model: dict[str, Any], hooks: Any = None) -> dict[str, Any]:
    """Summary facts of one title, ``key -> value`` (JSON-native), in reading order."""
    return {k: f.value for k, f in feature_facts(model, hooks).items()}
