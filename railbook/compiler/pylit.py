"""Write Python literals deterministically and readably.

Small values go on one line; larger ones break one item per line. Lists become
tuples so the compiled tables are immutable.
"""

from __future__ import annotations

from typing import Any

WIDTH = 110


def pylit(value: Any, indent: int = 0) -> str:
    one = _inline(value)
    if len(one) + indent <= WIDTH or not isinstance(value, (dict, list, tuple)) or not value:
        return one
    pad = " " * (indent + 4)
    if isinstance(value, dict):
        items = [f"{pad}{_inline(k)}: {pylit(v, indent + 4)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{pylit(v, indent + 4)}," for v in value]
    return "(\n" + "\n".join(items) + "\n" + " " * indent + ")"


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_inline(k)}: {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_inline(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, (bool, int, str)) or value is None:
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    raise TypeError(f"cannot write {type(value).__name__} as a literal")
