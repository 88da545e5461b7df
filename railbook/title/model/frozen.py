"""The title model's dataclasses: frozen instances are their own copies.

The model is the title's, immutable and shared by every game of it, so a copy of a game (a fork,
a rollback's checkpoint) shares it rather than copying thousands of its objects each time.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T")


def _itself(self: T, memo: Any = None) -> T:
    return self


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(**options: Any) -> Callable[[type[T]], type[T]]:
    """``dataclasses.dataclass(**options)``; a frozen class's instances are their own copies
    (``copy.copy`` and ``copy.deepcopy`` give the instance itself)."""
    make = dataclasses.dataclass(**options)

    def wrap(cls: type[T]) -> type[T]:
        made = make(cls)
        if options.get("frozen"):
            setattr(made, "__copy__", _itself)
            setattr(made, "__deepcopy__", _itself)
        return made

    return wrap
