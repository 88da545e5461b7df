"""The change language: how optional rules, and titles that extend another, change a title's data.

A path is dotted field names, each with an optional ``[selector]``. A selector picks a list item
by an explicit key, ``trains[name=5]``, ``privates[sym=BT]``, ``optional_rules[id=first_ed]``,
or a mapping entry by its key, ``tiles[57]`` (a tile count), ``map.hexes[D7]`` (a printed hex).
A bare selector on a list (``trains[5]``) is refused in a title's files: it read as "the train
named 5" though it looks like "the sixth train". Data changes given on the command line or saved
in a game log still accept it (they match the item's name, symbol or id, as they always did).

The first word of a path says where the data lives (:data:`SOURCE_ROOTS`): ``trains``,
``phases``, ``privates``, ``corporations``, ``minors``, ``corporation_defaults``, ``market``,
``map`` and ``tiles`` (the counts); any other word is a key of title.yaml
(``stock_round.multiple_buys_only_from_pool``).

Two readers use the language. A title that ``extends`` another applies its ``changes`` to the
parent's YAML documents, in order, each checked on the data the changes before it left
(:func:`apply_source_change`): a value is written as the YAML files write it. An optional rule's
changes are resolved in the normalized document to check them (:func:`resolve_change_path`) and
applied to the typed model (:func:`railbook.title.typed.replace_at`). All read a path with
:func:`parse_path`.
"""

from __future__ import annotations

import re
from typing import Any

_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]+)\])?")
_KEYED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.+)")

#: where each top-level word of a change path lives in the model (anything else is the title section)
ROOTS = {"trains": "trains", "phases": "phases", "privates": "privates", "corporations": "corporations",
         "minors": "minors", "market": "market", "map": "map", "tiles": "tile_counts"}

#: where each top-level word of a change path lives in a title's YAML files: the file and the keys
#: to follow from its top (anything else is a key of title.yaml)
SOURCE_ROOTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "trains": ("trains.yaml", ("trains",)),
    "phases": ("trains.yaml", ("phases",)),
    "privates": ("privates.yaml", ("privates",)),
    "corporations": ("corporations.yaml", ("corporations",)),
    "minors": ("corporations.yaml", ("minors",)),
    "corporation_defaults": ("corporations.yaml", ("defaults",)),
    "market": ("market.yaml", ()),
    "map": ("map.yaml", ()),
    "tiles": ("tiles.yaml", ("counts",)),
}

#: the verbs of a change: ``{set: PATH, to: VALUE}`` replaces what is there, ``{remove: PATH}``
#: takes a list item or mapping entry out, ``{add: PATH, to: VALUE}`` appends to a list or makes a
#: mapping entry that is not there yet
VERBS = ("set", "remove", "add")


class ChangeError(ValueError):
    """A change that does not fit the data it changes (the message says why)."""


def parse_path(path: str) -> list[tuple[str, str | None]] | None:
    """A change path as (field, selector) steps from the model's root, or None if it is malformed."""
    steps: list[tuple[str, str | None]] = []
    for i, part in enumerate(path.split(".")) if isinstance(path, str) else ():
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
    return steps or None


def split_selector(selector: str) -> tuple[str | None, str]:
    """``name=5`` as ("name", "5"); a bare ``5`` as (None, "5")."""
    m = _KEYED.fullmatch(selector)
    return (m.group(1), m.group(2)) if m else (None, selector)


def item_matches(item: Any, selector: str, get: Any = None) -> bool:
    """Whether a list item is the one ``[selector]`` names: by the key it gives, or (a bare selector,
    kept for data changes saved in game logs) by its name, symbol or id."""
    read = get or (lambda it, k: it.get(k) if isinstance(it, dict) else None)
    key, value = split_selector(selector)
    keys = (key,) if key is not None else ("name", "sym", "id")
    return any(read(item, k) is not None and str(read(item, k)) == value for k in keys)


def bare_list_selector(node: Any, selector: str, name: str) -> str | None:
    """The message for a bare selector on a list (``trains[5]``), or None: in a title's files a list
    item is named by an explicit key."""
    if not isinstance(node, list) or split_selector(selector)[0] is not None:
        return None
    key = next((k for k in ("name", "sym", "id") if any(isinstance(it, dict) and str(it.get(k)) == selector
                                                       for it in node)), "name")
    return f"{name} is a list: name the item by a key, {name}[{key}={selector}]"


def resolve_change_path(model: dict[str, Any], path: str) -> tuple[Any, Any] | None:
    """The container and key a change path names in the normalized document, or None."""
    found = _resolve(model, path)
    return found if not isinstance(found, str) else None


def change_path_problem(model: dict[str, Any], path: str) -> str | None:
    """Why a change path names nothing in the normalized document (None when it names something)."""
    found = _resolve(model, path)
    return found if isinstance(found, str) else None


def _resolve(model: dict[str, Any], path: str) -> tuple[Any, Any] | str:
    steps = parse_path(path)
    if steps is None:
        return f"{path!r} is not a change path (fields joined by dots, each with an optional [selector])"
    node: Any = model
    container: Any = None
    key: Any = None
    for name, selector in steps:
        if not isinstance(node, dict) or name not in node:
            return f"{path!r} does not name anything in the title's data"
        container, key = node, name
        node = node[name]
        if selector is None:
            continue
        if isinstance(node, list):
            bare = bare_list_selector(node, selector, name)
            if bare is not None:
                return f"{path!r}: {bare}"
            idx = next((k for k, it in enumerate(node) if item_matches(it, selector)), None)
            if idx is None:
                return f"{path!r}: no {name} item with {selector}"
            container, key = node, idx
            node = node[idx]
        elif isinstance(node, dict) and selector in node:
            container, key = node, selector
            node = node[selector]
        else:
            return f"{path!r}: no {name} entry {selector!r}"
    if container is None:
        return f"{path!r} does not name anything in the title's data"
    return container, key


# ---------------------------------------------------------------- changes to a title's YAML files

Pointer = tuple[Any, ...]


def source_location(path: str) -> tuple[str, list[tuple[str, str | None]]]:
    """The YAML file a change path changes and the (key, selector) steps inside it."""
    if not isinstance(path, str):
        raise ChangeError(f"a change path is text, not {path!r}")
    parts = path.split(".")
    steps: list[tuple[str, str | None]] = []
    for part in parts:
        m = _PATH_PART.fullmatch(part)
        if not m:
            raise ChangeError(f"{path!r} is not a change path (fields joined by dots, each with an optional "
                              "[selector])")
        steps.append((m.group(1), m.group(2)))
    first, selector = steps[0]
    if first in SOURCE_ROOTS:
        file, keys = SOURCE_ROOTS[first]
        lead: list[tuple[str, str | None]] = [(k, None) for k in keys]
        if lead:
            lead[-1] = (lead[-1][0], selector)
        elif selector is not None:
            raise ChangeError(f"{first} is a whole file; select inside it ({first}.FIELD[...])")
        return file, lead + steps[1:]
    return "title.yaml", steps


def apply_source_change(docs: dict[str, Any], verb: str, path: str, value: Any = None,
                        create_fields: bool = False) -> tuple[str, Pointer]:
    """Make one change to a title's YAML documents (``docs``: data by file name, changed in place).

    Returns the file and the pointer of what changed (for messages about the new value); raises
    :class:`ChangeError` when the path names nothing in the data as the changes before left it.
    ``create_fields``: a ``set`` may give a field the data leaves out (an optional rule's option the
    title does not set; the schema check of the changed file refuses a key it does not know)."""
    file, steps = source_location(path)
    if file not in docs or not isinstance(docs[file], dict):
        raise ChangeError(f"the title has no {file}")
    node: Any = docs[file]
    pointer: Pointer = ()
    for n, (name, selector) in enumerate(steps):
        last = n == len(steps) - 1
        if not isinstance(node, dict):
            raise ChangeError(f"{'.'.join(str(p) for p in pointer) or file} is not a mapping")
        if name not in node:
            if last and selector is None and verb in ("set", "add"):
                if verb == "set" and not create_fields:
                    raise ChangeError(f"the title does not set {name!r} here; to give it, use add")
                node[name] = value
                return file, pointer + (name,)
            raise ChangeError(f"it names nothing in the title's data ({name!r} is not there)")
        if selector is None:
            if last:
                return file, _change_here(node, name, verb, value, path, pointer)
            node, pointer = node[name], pointer + (name,)
            continue
        items = node[name]
        pointer = pointer + (name,)
        if isinstance(items, list):
            bare = bare_list_selector(items, selector, name)
            if bare is not None:
                raise ChangeError(bare)
            idx = next((k for k, it in enumerate(items) if item_matches(it, selector)), None)
            if idx is None:
                if last and verb == "add":
                    raise ChangeError(f"to add to a list, name the list ({name}) and give the item")
                raise ChangeError(f"no {name} item with {selector}")
            if last:
                return file, _change_here(items, idx, verb, value, path, pointer)
            node, pointer = items[idx], pointer + (idx,)
        elif isinstance(items, dict):
            if selector not in items:
                if last and verb == "add":
                    items[selector] = value
                    return file, pointer + (selector,)
                raise ChangeError(f"no {name} entry {selector!r}")
            if last:
                return file, _change_here(items, selector, verb, value, path, pointer)
            node, pointer = items[selector], pointer + (selector,)
        else:
            raise ChangeError(f"{name} is neither a list nor a mapping")
    raise ChangeError("it names a whole file; change a field inside it")


def _change_here(container: Any, key: Any, verb: str, value: Any, path: str, pointer: Pointer) -> Pointer:
    if verb == "set":
        container[key] = value
        return pointer + (key,)
    if verb == "remove":
        if isinstance(container, list):
            del container[key]
        else:
            del container[key]
        return pointer
    # add: to a list that is there
    target = container[key]
    if not isinstance(target, list):
        raise ChangeError("it is already there; to replace it, use set")
    target.append(value)
    return pointer + (key, len(target) - 1)
