"""The title model's dataclass methods compiled ahead of time (railbook/title/model/precompiled.py):
the generated module is current, and the classes are the dataclasses they always were."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from railbook.title.model import PathDef, TileLay
from railbook.title.model import precompiled

ROOT = Path(__file__).resolve().parent.parent


def test_the_precompiled_methods_are_those_the_model_compiles_now() -> None:
    # in a fresh interpreter: finding the texts defines the model's classes again
    code = ("import sys; from railbook.title.model import precompiled as p; "
            "sys.stdout.write(p.render(p.method_texts()))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    current = (ROOT / "railbook" / "title" / "model" / "_methods.py").read_text(encoding="utf-8")
    assert done.stdout == current, "run: python -c 'from railbook.title.model.precompiled import main; main()'"


def test_every_method_of_the_model_comes_from_the_precompiled_module() -> None:
    if precompiled.PYTHON != "3.11":
        return  # another Python's dataclasses write other texts: they are compiled as usual
    from railbook.title.model import _methods

    assert precompiled._FACTORIES is _methods.FACTORIES


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
