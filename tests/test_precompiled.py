"""Dataclasses whose methods are compiled ahead of time (railbook/precompiled.py): the generated
module is current, every class that uses it is listed and documented, and the classes are the
dataclasses they always were."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import re
import subprocess
import sys
from pathlib import Path

from railbook import precompiled
from railbook.title.model import PathDef, TileLay

ROOT = Path(__file__).resolve().parent.parent


def test_the_precompiled_methods_are_those_the_classes_compile_now() -> None:
    # in a fresh interpreter: finding the texts defines the classes again
    code = ("import sys; from railbook import precompiled as p; "
            "sys.stdout.write(p.render(p.method_texts()))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    current = (ROOT / "railbook" / "_precompiled_methods.py").read_text(encoding="utf-8")
    assert done.stdout == current, "run: python -c 'from railbook.precompiled import main; main()'"


def test_every_method_comes_from_the_precompiled_module() -> None:
    if precompiled.PYTHON != "3.11":
        return  # another Python's dataclasses write other texts: they are compiled as usual
    from railbook import _precompiled_methods

    assert precompiled._FACTORIES is _precompiled_methods.FACTORIES


def test_every_module_using_it_is_listed() -> None:
    using = set()
    for path in (ROOT / "railbook").rglob("*.py"):
        if path.name == "precompiled.py":
            continue   # its docstring shows the import
        text = path.read_text(encoding="utf-8")
        if re.search(r"^\s*from railbook(\.title\.model)?\.precompiled import dataclass", text, re.M):
            using.add(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
    assert using == set(precompiled.MODULES)


def test_its_classes_have_docstrings_of_their_own() -> None:
    # dataclasses writes a missing one from the class's signature: an inspect.signature at every start
    undocumented = []
    for name in precompiled.MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value):
                doc = value.__dict__.get("__doc__") or ""
                if doc.startswith(value.__name__ + "("):
                    undocumented.append(f"{name}.{value.__name__}")
    assert not undocumented


def test_the_model_classes_are_frozen_dataclasses_with_slots() -> None:
    lay = TileLay()
    assert dataclasses.is_dataclass(lay) and not hasattr(lay, "__dict__")
    assert dataclasses.replace(lay, cost=20).cost == 20 and dataclasses.replace(lay, cost=20) != lay
    try:
        lay.cost = 5  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a model object changed")
    assert [f.name for f in dataclasses.fields(PathDef)][:2] == ["a", "b"]
    assert repr(lay).startswith("TileLay(") and hash(lay) == hash(TileLay())
    assert copy.copy(lay) is lay and copy.deepcopy(lay) is lay   # the model is shared, never copied


def test_the_engine_classes_are_the_dataclasses_they_were() -> None:
    from railbook.engine.actions import Action
    from railbook.problems import Problem

    a, b = Problem("t.yaml", 2, 1, "x", "m"), Problem("t.yaml", 1, 9, "x", "m")
    assert sorted([a, b]) == [b, a] and a == Problem("t.yaml", 2, 1, "x", "m") and hash(a) == hash(Problem(*
        dataclasses.astuple(a)))
    assert copy.copy(a) is not a   # outside the model, copies are copies
    action = Action(type="pass", entity="p1", raw={"type": "pass"})
    assert action.type == "pass" and dataclasses.replace(action, entity="p2").entity == "p2"
    assert "entity='p1'" in repr(action)
