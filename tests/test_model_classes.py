"""The title model's classes: frozen dataclasses with slots, shared by every game of a title
(a copy of a game shares its title's model: a model object is its own copy)."""

from __future__ import annotations

import copy
import dataclasses

from railbook.title.model import PathDef, TileLay


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
