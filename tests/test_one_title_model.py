"""One reading of a title: what the docs say of the rounds' rules is what the engine's typed model holds,
and neither the docs nor the diff supplies a default of its own for an option the model defines (an option
a title leaves out is the engine's default everywhere: ``max_shares_first_or`` is 1, not ``max_shares``)."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path

import pytest
from docs_support import loaded

from railbook.compiler.compile import check_title
from railbook.paths import title_dir, title_ids
from railbook.title import model as M
from railbook.title import typed

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("tid", title_ids())
def test_the_docs_state_the_rounds_rules_the_engine_plays(tid: str) -> None:
    _, model, _ = check_title(title_dir(tid))
    assert model is not None
    rules = typed.build(model).title
    facts = loaded(tid).facts
    for section in ("auction", "stock_round", "operating_round", "bankruptcy"):
        assert facts[section] == typed.as_data(getattr(rules, section)), section
    assert facts["share_redemption"] == typed.as_data(rules.operating_round.share_redemption)


def _rules_classes(cls: type = M.TitleRules, found: set[type] | None = None) -> set[type]:
    """The classes of title.yaml's rules (TitleRules and every class its fields hold)."""
    found = set() if found is None else found
    found.add(cls)
    for hint in typing.get_type_hints(cls).values():
        for inner in _dataclasses_in(hint):
            if inner not in found:
                _rules_classes(inner, found)
    return found


def _dataclasses_in(tp: object) -> list[type]:
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return [tp]
    return [c for a in typing.get_args(tp) for c in _dataclasses_in(a)]


def _model_defaults() -> dict[str, object]:
    """Each option of title.yaml's rules whose name no other model class has, with its default."""
    seen: dict[str, list[object]] = {}
    rules = _rules_classes()
    for name in dir(M):
        cls = getattr(M, name)
        if isinstance(cls, type) and dataclasses.is_dataclass(cls):
            for f in dataclasses.fields(cls):
                default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
                seen.setdefault(f.name, []).append((cls in rules, default))
    return {k: v[0][1] for k, v in seen.items() if len(v) == 1 and v[0][0] and v[0][1] is not dataclasses.MISSING}


#: code that reads other data than a title's (a worked example's steps and actions)
NOT_TITLE_DATA = ("railbook/docs/examples.py",)


def test_neither_docs_nor_diff_default_an_option_otherwise_than_the_model() -> None:
    defaults = _model_defaults()
    found = []
    for part in ("railbook/docs", "railbook/diff"):
        for f in sorted((ROOT / part).rglob("*.py")):
            if str(f.relative_to(ROOT)) in NOT_TITLE_DATA:
                continue
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                        and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)
                        and node.args[0].value in defaults):
                    continue
                try:
                    value = ast.literal_eval(node.args[1])
                except ValueError:  # a computed default must be the model's, read from it
                    text = ast.unparse(node.args[1])
                    if not ("model" in text or text.startswith(("M.", "_REDEMPTION", "_RULES", "_OR"))):
                        found.append(f"{f.relative_to(ROOT)}:{node.lineno}: {node.args[0].value} defaults to {text}")
                    continue
                model = defaults[node.args[0].value]
                if value != model and not (isinstance(model, tuple) and list(model) == value):
                    found.append(f"{f.relative_to(ROOT)}:{node.lineno}: {node.args[0].value} {value!r} (model: {model!r})")
    assert found == []
