"""What the schema lets a title say, the engine does: every operating-round step name the
schema allows is a step the engine builds (and the engine builds no step a title cannot name)."""

from __future__ import annotations

import json

from railbook.engine.schedule import operating_step_kinds
from railbook.paths import SCHEMA_DIR


def _schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


def test_every_operating_step_the_schema_allows_is_built_by_the_engine() -> None:
    allowed = _schema("title")["properties"]["operating_round"]["properties"]["steps"]["items"]["enum"]
    assert sorted(allowed) == sorted(operating_step_kinds())
