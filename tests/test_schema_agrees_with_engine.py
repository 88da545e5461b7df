"""What the schema lets a title say, the engine does: every operating-round step name the
schema allows is a step the engine builds (and no other), every option value the schema allows
is one the typed model knows, every key of the rounds' sections a field the engine reads, and
every game-end trigger one the engine watches."""

from __future__ import annotations

import dataclasses
import json
import typing

from railbook.engine.rules.game_end import TRIGGERS
from railbook.engine.schedule import operating_step_kinds
from railbook.title import model as M
from railbook.paths import SCHEMA_DIR


def _schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


def test_every_operating_step_the_schema_allows_is_built_by_the_engine() -> None:
    allowed = _schema("title")["properties"]["operating_round"]["properties"]["steps"]["items"]["enum"]
    assert sorted(allowed) == sorted(operating_step_kinds())


# ---------------------------------------------------------------- the schema and the typed model


def _literals(tp: object) -> set[object] | None:
    """The values a field's type allows, where it is a Literal (or an optional one)."""
    if typing.get_origin(tp) is typing.Literal:
        return set(typing.get_args(tp))
    found = [_literals(a) for a in typing.get_args(tp) if a is not type(None)]
    found = [f for f in found if f is not None]
    return found[0] if len(found) == 1 else None


def _pairs(cls: type, schema: dict, path: str) -> list[tuple[str, set[object], set[object]]]:
    """(path, schema enum, model Literal) for every field the two both constrain, recursively."""
    out = []
    hints = typing.get_type_hints(cls)
    props = schema.get("properties", {})
    for f in dataclasses.fields(cls):
        node = props.get(f.name)
        if node is None:
            continue
        tp = hints[f.name]
        lits = _literals(tp)
        if lits is not None and "enum" in node:
            out.append((f"{path}.{f.name}", set(node["enum"]), lits))
        inner = [a for a in (typing.get_args(tp) or (tp,)) if dataclasses.is_dataclass(a)]
        if dataclasses.is_dataclass(tp):
            inner = [tp]
        for sub in inner:
            target = node.get("items", node)
            out.extend(_pairs(sub, target, f"{path}.{f.name}"))
    return out


def test_every_option_value_the_schema_allows_is_one_the_typed_model_knows() -> None:
    pairs = _pairs(M.TitleRules, _schema("title"), "title")
    assert len(pairs) >= 15
    differ = [(p, sorted(map(str, s)), sorted(map(str, m))) for p, s, m in pairs if s != m]
    assert differ == []


def test_every_section_the_schema_describes_has_a_field_in_the_typed_model() -> None:
    """A key title.yaml may set for the rounds is a field the engine reads (none is lost on the way)."""
    title = _schema("title")["properties"]
    for section, cls in (("auction", M.AuctionRules), ("stock_round", M.StockRoundRules),
                         ("operating_round", M.OperatingRoundRules), ("bankruptcy", M.BankruptcyRules)):
        fields = {f.name for f in dataclasses.fields(cls)}
        assert set(title[section]["properties"]) <= fields, section


def test_every_game_end_trigger_the_schema_allows_is_one_the_engine_watches() -> None:
    enum = _schema("title")["properties"]["game_end"]["items"]["properties"]["trigger"]["enum"]
    assert sorted(enum) == sorted(TRIGGERS)
