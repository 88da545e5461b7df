"""The diff as JSON for tools: the shape ``diff.schema.json`` documents.

Stable: ``schema`` names the version (``railbook.diff/1``); keys, kinds and
value shapes only ever grow. Values are the facts' own JSON values (numbers,
strings, lists, objects), never formatted text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from railbook.diff.result import Diff

SCHEMA_FILE = Path(__file__).resolve().parent / "diff.schema.json"


def diff_json(diff: Diff) -> str:
    return json.dumps(diff.to_json(), ensure_ascii=False, indent=2) + "\n"


def json_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema
