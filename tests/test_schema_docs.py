"""The schemas a title author's editor reads: every key described, the descriptions generated from the
typed model, and no key accepted that nothing reads.

A key the schema accepts is either a field of the typed model that the engine, the docs or the diff read,
or a YAML shape the normalizer turns into the model; anything else would be accepted and silently
ignored, and must be an error (left out of the schema) instead.
"""

from __future__ import annotations

import ast
import json
from functools import lru_cache
from pathlib import Path

import pytest

from railbook.paths import SCHEMA_DIR
from railbook.title import schema_docs

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = sorted(p.name for p in SCHEMA_DIR.glob("*.schema.json"))

#: the code that reads a title's typed model (or, for docs and diff, its data); the loader reads the keys
#: that make a title of its parent's files (extends, changes) and name it (aliases)
READERS = ("railbook/engine", "railbook/docs", "railbook/diff", "railbook/title/market_moves.py",
           "railbook/title/typed.py", "railbook/compiler", "railbook/importers", "railbook/title/sources.py",
           "railbook/title/loader.py")


def _schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _names_read(where: tuple[str, ...]) -> frozenset[str]:
    """Attribute names and string constants in the code under ``where``."""
    names: set[str] = set()
    for part in where:
        path = ROOT / part
        for f in ([path] if path.is_file() else sorted(path.rglob("*.py"))):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute):
                    names.add(node.attr)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    names.add(node.value)
    return frozenset(names)


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_schema_property_has_a_description(name: str) -> None:
    schema = _schema(name)
    undescribed = [(file, prop) for file, prop, _ in schema_docs.schema_properties(name, schema)
                   if not _described(schema, prop)]
    assert undescribed == []


def _described(schema: dict, prop: str) -> bool:
    """Every occurrence of the property in the schema carries a description."""
    found = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict) and prop in props:
                found.append(isinstance(props[prop], dict) and "description" in props[prop])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    return all(found)


@pytest.mark.parametrize("name", SCHEMAS)
def test_the_committed_schema_is_the_generated_one(name: str) -> None:
    """schema/NAME is made from schema/src/NAME and the model (never edited by hand)."""
    committed = (SCHEMA_DIR / name).read_text(encoding="utf-8")
    assert schema_docs.made(name) == committed, "run: .venv/bin/python -m railbook.title.schema_docs"
    assert json.loads(committed)["$comment"] == schema_docs.BANNER


def test_every_schema_has_a_source() -> None:
    assert sorted(p.name for p in schema_docs.SOURCE_DIR.glob("*.schema.json")) == SCHEMAS


def test_a_model_field_without_words_in_the_source_takes_the_model_s() -> None:
    """The players' minimum has no words in the source: the model's comment on ``Players.min`` is its
    description."""
    source = json.loads((schema_docs.SOURCE_DIR / "title.schema.json").read_text(encoding="utf-8"))
    assert "description" not in source["properties"]["players"]["properties"]["min"]
    made = schema_docs.generate("title.schema.json", source)
    assert made["properties"]["players"]["properties"]["min"]["description"] == \
        schema_docs.field_docs(schema_docs.M.Players)["min"] == "The fewest players."


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_key_the_schema_accepts_is_read_or_reshaped(name: str) -> None:
    """A model field is read by the engine, the docs or the diff; a key that is no model field is one the
    normalizer turns into the model. Nothing is accepted and ignored."""
    read = _names_read(READERS)
    reshaped = _names_read(("railbook/title/normalize",)) | read
    ignored = sorted({(prop, owner.__name__ if owner else "YAML shape")
                      for _, prop, owner in schema_docs.schema_properties(name, _schema(name))
                      if (prop if owner is None else schema_docs._RENAMED.get(prop, prop))
                      not in (read if owner is not None else reshaped)})
    assert ignored == []
