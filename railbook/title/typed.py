"""Between a title's normalized data and its typed model: build, print, change.

``from_data`` builds the model from the normalized document (the compiler's
``normalize.build_model``), each value checked against the field's declared
type; a key the data leaves out takes the field's default. ``python_source``
prints a model as Python a compiled module holds (constructor calls with the
fields that differ from their defaults, in field order: the same model always
prints the same bytes). ``replace_at`` is how an optional rule changes the
model: a path like ``trains[6].count`` or ``map.hexes[D7]`` and a new value,
converted to the field's type.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

from railbook.title import model as M
from railbook.title.changes import item_matches, parse_path


class ModelError(ValueError):
    """Data that does not fit the typed model (a compiler fault: the schema and checks let it through)."""


# ---------------------------------------------------------------- data -> model

@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


#: YAML keys that are not Python names, by class
_RENAMED = {"from": "from_"}


def _prepare(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """Reshape the few places where the normalized document and the model differ."""
    out = {_RENAMED.get(k, k): v for k, v in data.items()}
    if cls is M.CorporationDef and isinstance(out.get("available"), dict):
        out["available_on"] = out["available"].get("event")
        out["available"] = "event"
    if cls is M.AbilityDef:
        kind = out.get("type")
        if kind == "teleport":
            out.setdefault("from_owner", True)
            if not out.get("when"):
                out["when"] = ["track"]
        elif kind == "token":
            out.setdefault("from_owner", False)
    if cls is M.MarketDef:
        out["moves"] = [[None if m is None else {k: tuple(v) for k, v in m.items()} for m in row]
                        for row in out.get("moves", [])]
    return out


def from_data(tp: Any, value: Any, where: str = "") -> Any:
    """The value as the (possibly nested) type ``tp``: dataclasses from dicts, tuples from lists."""
    origin = get_origin(tp)
    if tp is Any:
        return _freeze(value)
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        if value is None:
            if type(None) in options:
                return None
            raise ModelError(f"{where}: missing value")
        for option in options:
            if option is type(None):
                continue
            if _fits(option, value):
                return from_data(option, value, where)
        raise ModelError(f"{where}: {value!r} is none of {tp}")
    if origin is Literal:
        if value not in get_args(tp):
            raise ModelError(f"{where}: {value!r} is not one of {get_args(tp)}")
        return value
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(value, (list, tuple)):
            raise ModelError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        return tuple(from_data(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
    if origin in (collections.abc.Mapping, dict):
        key_t, val_t = get_args(tp)
        if not isinstance(value, dict):
            raise ModelError(f"{where}: expected a mapping, got {value!r}")
        return {from_data(key_t, k, where): from_data(val_t, v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if isinstance(value, tp):
            return value
        if not isinstance(value, dict):
            raise ModelError(f"{where}: expected {tp.__name__}, got {value!r}")
        data = _prepare(tp, value)
        hints = _hints(tp)
        known = {f.name for f in dataclasses.fields(tp)}
        unknown = set(data) - known
        if unknown:
            raise ModelError(f"{where}: {tp.__name__} has no field {', '.join(sorted(unknown))}")
        kwargs = {name: from_data(hints[name], v, f"{where}.{name}") for name, v in data.items()}
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise ModelError(f"{where}: {exc}") from None
    if tp is bool:
        if not isinstance(value, bool):
            raise ModelError(f"{where}: expected true or false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ModelError(f"{where}: expected a whole number, got {value!r}")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ModelError(f"{where}: expected a number, got {value!r}")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise ModelError(f"{where}: expected text, got {value!r}")
        return value
    raise ModelError(f"{where}: cannot build {tp!r}")


def _fits(tp: Any, value: Any) -> bool:
    """Whether a value of this runtime shape can be of type ``tp`` (to choose among a union's members)."""
    origin = get_origin(tp)
    if origin is Literal:
        return value in get_args(tp)
    if origin is tuple:
        return isinstance(value, (list, tuple))
    if origin in (collections.abc.Mapping, dict):
        return isinstance(value, dict)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return isinstance(value, (dict, tp))
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    return tp is Any


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def build(data: dict[str, Any]) -> M.TitleModel:
    """The typed model of a normalized title (``normalize.build_model``'s result)."""
    result: M.TitleModel = from_data(M.TitleModel, data, "title")
    return result


# ---------------------------------------------------------------- model -> plain data

#: model field names that are not the YAML's keys
_YAML_NAMES = {v: k for k, v in _RENAMED.items()}


def as_data(value: Any) -> Any:
    """The model (or a part of it) as plain data, every field filled in, named as the YAML names it:
    what the docs and the diff read, so a value left out of a title is the engine's default there too
    (never a default of their own)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {_YAML_NAMES.get(f.name, f.name): as_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [as_data(v) for v in value]
    if isinstance(value, collections.abc.Mapping):
        return {k: as_data(v) for k, v in value.items()}
    return value


# ---------------------------------------------------------------- model -> Python source

def python_source(value: Any, indent: int = 0) -> str:
    """The value as a Python expression of the model's constructors (defaults left out)."""
    pad = "    " * (indent + 1)
    end = "    " * indent
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if _is_default(f, v):
                continue
            parts.append(f"{f.name}={python_source(v, indent + 1)}")
        name = type(value).__name__
        one_line = f"{name}({', '.join(parts)})"
        if len(one_line) + len(pad) <= 110 and "\n" not in one_line:
            return one_line
        return f"{name}(\n" + "".join(f"{pad}{p},\n" for p in parts) + f"{end})"
    if isinstance(value, tuple):
        if not value:
            return "()"
        items = [python_source(v, indent + 1) for v in value]
        one_line = "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        if len(one_line) + len(pad) <= 110 and "\n" not in one_line:
            return one_line
        return "(\n" + "".join(f"{pad}{i},\n" for i in items) + f"{end})"
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{python_source(k)}: {python_source(v, indent + 1)}" for k, v in value.items()]
        one_line = "{" + ", ".join(items) + "}"
        if len(one_line) + len(pad) <= 110 and "\n" not in one_line:
            return one_line
        return "{\n" + "".join(f"{pad}{i},\n" for i in items) + f"{end}}}"
    if isinstance(value, (bool, int, str, float)) or value is None:
        return repr(value)
    raise ModelError(f"cannot print {value!r}")


def _is_default(f: dataclasses.Field[Any], value: Any) -> bool:
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False


# ---------------------------------------------------------------- optional rules change the model

def _select(items: tuple[Any, ...], selector: str) -> int | None:
    """The item a ``[selector]`` names: by the key it gives (``name=5``), or by its name, symbol or id."""
    for i, item in enumerate(items):
        if item_matches(item, selector, lambda it, k: getattr(it, k, None)):
            return i
    return None


def _replace(node: Any, tp: Any, steps: list[tuple[str, str | None]], value: Any, path: str) -> Any:
    """``node`` (of type ``tp``) with the value at ``steps`` replaced."""
    name, selector = steps[0]
    rest = steps[1:]
    cls: type = type(node)
    if isinstance(node, type) or not dataclasses.is_dataclass(node) or name not in _hints(cls):
        raise ModelError(f"{path!r} does not name anything in the title's data")
    field_t = _hints(cls)[name]
    child = getattr(node, name)
    if selector is not None:
        child_t = field_t
        args = [a for a in get_args(field_t) if a is not type(None)] if get_origin(field_t) in (Union, types.UnionType) \
            else [field_t]
        child_t = args[0]
        if get_origin(child_t) is tuple:
            elem_t = get_args(child_t)[0]
            idx = _select(child, selector)
            if idx is None:
                raise ModelError(f"{path!r}: no {name} item with {selector}" if "=" in selector else
                                 f"{path!r}: no {name} item named {selector!r}")
            if value is REMOVE and not rest:
                new_child = child[:idx] + child[idx + 1:]
                return dataclasses.replace(node, **{name: new_child})  # type: ignore[type-var]
            new_elem = from_data(elem_t, value, path) if not rest else _replace(child[idx], elem_t, rest, value, path)
            new_child = child[:idx] + (new_elem,) + child[idx + 1:]
        else:
            val_t = get_args(child_t)[1]
            if selector not in child:
                raise ModelError(f"{path!r}: no {name} entry {selector!r}")
            if value is REMOVE and not rest:
                return dataclasses.replace(node, **{name: {k: v for k, v in child.items()  # type: ignore[type-var]
                                                           if k != selector}})
            new_val = from_data(val_t, value, path) if not rest else _replace(child[selector], val_t, rest, value, path)
            new_child = {**child, selector: new_val}
    elif rest:
        new_child = _replace(child, field_t, rest, value, path)
    else:
        new_child = from_data(field_t, value, path)
    return dataclasses.replace(node, **{name: new_child})  # type: ignore[type-var]


def names_model_field(path: str) -> bool:
    """The path names a field of the typed model through fields alone (no ``[selector]``): an option the
    normalized document leaves out where a title does not set it may still be what an optional rule sets."""
    steps = parse_path(path)
    if steps is None or any(selector is not None for _, selector in steps):
        return False
    tp: Any = M.TitleModel
    for name, _ in steps:
        args = [a for a in get_args(tp) if a is not type(None)] if get_origin(tp) in (Union, types.UnionType) else [tp]
        cls = next((a for a in args if isinstance(a, type) and dataclasses.is_dataclass(a)), None)
        if cls is None or name not in _hints(cls):
            return False
        tp = _hints(cls)[name]
    return True


#: the value that takes the item a path selects out of its list or mapping (``{remove: path}``)
REMOVE = object()


def replace_at(model: M.TitleModel, path: str, value: Any) -> M.TitleModel:
    """The model with one value changed, as an optional rule's ``{set: path, to: value}`` says."""
    steps = parse_path(path)
    if steps is None:
        raise ModelError(f"{path!r} is not a path into the title's data")
    changed: M.TitleModel = _replace(model, M.TitleModel, steps, value, path)
    return changed


def remove_at(model: M.TitleModel, path: str) -> M.TitleModel:
    """The model without the item a path selects, as an optional rule's ``{remove: path}`` says: an
    item of one of the model's lists (``privates[BT]``) or an entry of a mapping, nested or not
    (``map.hexes[A5]``: a printed hex off the map)."""
    steps = parse_path(path)
    if steps is None or steps[-1][1] is None:
        raise ModelError(f"{path!r} does not name an item of one of the title's lists")
    changed: M.TitleModel = _replace(model, M.TitleModel, steps, REMOVE, path)
    return changed


def apply_change(model: M.TitleModel, change: M.Change) -> M.TitleModel:
    """The model with one optional rule's change made."""
    if change.remove:
        return remove_at(model, change.remove)
    return replace_at(model, change.set, change.to)


def with_market_moves(market: M.MarketDef) -> M.MarketDef:
    """The market with its move table worked out anew (after a change to its grid)."""
    from railbook.title.market_moves import market_moves

    table = market_moves([list(row) for row in market.grid], market.movement)
    moves = tuple(tuple(None if m is None else M.Moves(**{k: (v[0], v[1]) for k, v in m.items()}) for m in row)
                  for row in table)
    return dataclasses.replace(market, moves=moves)
