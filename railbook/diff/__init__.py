"""Rule diffs across titles: what changes from one 18xx title to another.

Titles are compared as *facts* derived from their compiled models and hook
metadata, area by area (players, bank, market, trains, ...), never as text, so
only rule differences show. Public API (stable; the rules-summary docs use it):

- ``diff_titles(model_a, model_b, *, hooks_a=None, hooks_b=None) -> Diff``
- ``Diff``: ``.areas`` (area -> list of ``Change``), ``.differs``, ``.to_json()``, ``.mirrored()``
- ``Change``: ``key``, ``kind`` (added/removed/changed), ``before``, ``after``, ``area``, ``pattern``, ``params``, ``detail``
- ``prose.prose_points(diff, lang) -> list[str]``: numbered-point prose in en, de, pl, it, fr
- ``features(model, hooks=None) -> dict``: one title's rules features, for the matrix
- ``AREAS``: the areas, in reading order
"""

from __future__ import annotations

from railbook.diff.compare import diff_titles
from railbook.diff.facts import AREAS
from railbook.diff.features import features
from railbook.diff.result import SCHEMA_ID, Change, Diff, TitleRef

__all__ = ["AREAS", "SCHEMA_ID", "Change", "Diff", "TitleRef", "diff_titles", "features"]
