"""The paths optional rules use to change a title's data.

A path is dotted field names, each with an optional ``[selector]`` that picks a
list item by its name, symbol or id, or a mapping entry by its key:
``stock_round.multiple_buys_only_from_pool`` (a rule of the title section),
``trains[6].count`` (the train named 6), ``tiles[57]`` (a tile count),
``map.hexes[D7]`` (a printed hex). The compiler resolves paths in the
normalized document to check them (:func:`resolve_change_path`); the typed
model applies them (:func:`railbook.title.typed.replace_at`). Both read a path
with :func:`parse_path`.
"""

from __future__ import annotations

import re
from typing import Any

_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]+)\])?")

#: where each top-level word of a change path lives in the model (anything else is the title section)
ROOTS = {"trains": "trains", "phases": "phases", "privates": "privates", "corporations": "corporations",
         "minors": "minors", "market": "market", "map": "map", "tiles": "tile_counts"}


def parse_path(path: str) -> list[tuple[str, str | None]] | None:
    """A change path as (field, selector) steps from the model's root, or None if it is malformed."""
    steps: list[tuple[str, str | None]] = []
    for i, part in enumerate(path.split(".")):
        m = _PATH_PART.fullmatch(part)
        if not m:
            return None
        name, selector = m.group(1), m.group(2)
        if i == 0:
            if name in ROOTS:
                steps.append((ROOTS[name], selector))
                continue
            steps.append(("title", None))
        steps.append((name, selector))
    return steps


def _matches(item: Any, selector: str) -> bool:
    return isinstance(item, dict) and any(str(item.get(k)) == selector for k in ("name", "sym", "id"))


def resolve_change_path(model: dict[str, Any], path: str) -> tuple[Any, Any] | None:
    """The container and key a change path names in the normalized document, or None."""
    steps = parse_path(path)
    if steps is None:
        return None
    node: Any = model
    container: Any = None
    key: Any = None
    for name, selector in steps:
        if not isinstance(node, dict) or name not in node:
            return None
        container, key = node, name
        node = node[name]
        if selector is None:
            continue
        if isinstance(node, list):
            idx = next((k for k, it in enumerate(node) if _matches(it, selector)), None)
            if idx is None:
                return None
            container, key = node, idx
            node = node[idx]
        elif isinstance(node, dict) and selector in node:
            container, key = node, selector
            node = node[selector]
        else:
            return None
    return (container, key) if container is not None else None
