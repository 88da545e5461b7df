"""Optional rules change a title's data: paths into the normalized model.

Light on imports: the engine applies these when it creates a game.
"""

from __future__ import annotations

import copy
import re
from typing import Any

_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]+)\])?")

# where each top-level word of a change path lives in the model
CHANGE_ROOTS = {
    "trains": ("trains",), "phases": ("phases",), "privates": ("privates",),
    "corporations": ("corporations",), "minors": ("minors",), "market": ("market",), "map": ("map",),
    "tiles": ("tile_counts",),
}


def resolve_change_path(model: dict[str, Any], path: str) -> tuple[Any, Any] | None:
    """Find the container and key a change path names, or None.

    ``stock_round.multiple_buys_only_from_pool`` lives in the title section;
    ``trains[6].count`` selects the train named 6; ``tiles[57]`` is a tile count.
    """
    parts = path.split(".")
    first = _PATH_PART.fullmatch(parts[0])
    if not first:
        return None
    root_name = first.group(1)
    node: Any = model[CHANGE_ROOTS[root_name][0]] if root_name in CHANGE_ROOTS else model["title"]
    container: Any = None
    key: Any = None
    items = [(root_name, first.group(2))] if root_name not in CHANGE_ROOTS else [(None, first.group(2))]
    for p in parts[1:]:
        m = _PATH_PART.fullmatch(p)
        if not m:
            return None
        items.append((m.group(1), m.group(2)))
    for name, selector in items:
        if name is not None:
            if not isinstance(node, dict) or name not in node:
                return None
            container, key = node, name
            node = node[name]
        if selector is not None:
            if isinstance(node, list):
                idx = next((k for k, it in enumerate(node) if isinstance(it, dict) and
                            str(it.get("name", it.get("sym", it.get("id")))) == selector), None)
                if idx is None:
                    return None
                container, key = node, idx
                node = node[idx]
            elif isinstance(node, dict):
                if selector not in node:
                    return None
                container, key = node, selector
                node = node[selector]
            else:
                return None
    if container is None:
        return None
    return container, key


def apply_changes(model: dict[str, Any], changes: list[dict[str, Any]]) -> None:
    """Apply an optional rule's changes in place (paths were checked at compile time)."""
    for change in changes:
        found = resolve_change_path(model, change["set"])
        if found is None:
            raise KeyError(change["set"])
        container, key = found
        container[key] = copy.deepcopy(change["to"])
