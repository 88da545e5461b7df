"""Dataclasses made without compiling their methods at every start.

``dataclasses.dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and frozen ``__setattr__``/``__delattr__`` as source text and compiles it when the class is
defined: some 400 small compiles for the classes a replay defines (the title model's and the
engine's), most of what defining them costs, and the bytecode cache cannot keep them.
:func:`dataclass` here is ``dataclasses.dataclass`` itself, except that the text of each method
it would compile is looked up first among the ones compiled ahead of time into
:mod:`railbook._precompiled_methods` (a generated module the bytecode cache keeps); a text not
found there (a class changed and the module was not made again, another Python) is compiled as
usual. The classes are the same either way: only where their methods' code comes from differs.

A module imports it in place of ``dataclasses.dataclass`` (``from railbook.precompiled import
dataclass``; its signature is marked ``dataclass_transform``, so the type checker treats the classes
as the dataclasses they are) and is listed in :data:`MODULES`.

    python -c "from railbook.precompiled import main; main()"   makes _precompiled_methods.py again

(``tests/test_precompiled.py`` checks it is current and that every module using it is listed.)

A class without a docstring of its own is given one by ``dataclasses`` from its signature, which
costs an ``inspect.signature`` at every start: the classes here have docstrings.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar, dataclass_transform, overload

T = TypeVar("T")

#: the Python whose dataclasses the texts are those of (another one's texts would not be found anyway)
PYTHON = f"{sys.version_info[0]}.{sys.version_info[1]}"

#: the modules whose classes use :func:`dataclass`, in the order the generator defines them again
MODULES = (
    "railbook.problems",
    "railbook.title.model.board",
    "railbook.title.model.companies",
    "railbook.title.model.market",
    "railbook.title.model.rules",
    "railbook.title.model.trains",
    "railbook.title.model",
    "railbook.engine.title",
    "railbook.engine.action_shapes",
    "railbook.engine.actions",
    "railbook.engine.legal",
    "railbook.engine.steps.track",
    "railbook.engine.mechanics.formation",
    "railbook.engine.mechanics.mergers",
    "railbook.engine.hooks.api",
    "railbook.importers.eighteen_xx",
    "railbook.importers.replay",
    "railbook.importers.rails",
    "railbook.importers.rails_actions",
    "railbook.importers.report_replay",
)

#: the generated module (beside this one)
GENERATED = "railbook._precompiled_methods"

_ORIGINAL = getattr(dataclasses, "_create_fn", None)


def _text(name: str, args: list[str], body: list[str], locals: dict[str, Any], return_type: Any) -> str:
    """The source ``dataclasses._create_fn`` (Python 3.11) compiles for a method (it adds the return
    annotation to ``locals``, as it does)."""
    return_annotation = ""
    if return_type is not dataclasses.MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    text = f" def {name}({','.join(args)}){return_annotation}:\n" + "\n".join(f"  {b}" for b in body)
    return f"def __create_fn__({', '.join(locals.keys())}):\n{text}\n return {name}"


def _compiled() -> dict[str, Callable[..., Any]]:
    try:
        methods = importlib.import_module(GENERATED)
    except ImportError:  # pragma: no cover - the module is generated and shipped
        return {}
    factories: dict[str, Callable[..., Any]] = methods.FACTORIES
    return factories if getattr(methods, "PYTHON", None) == PYTHON else {}


_FACTORIES: dict[str, Callable[..., Any]] | None = None
#: the texts asked for while a generator records them (None: not recording)
_RECORDED: list[str] | None = None


def _create_fn(name: str, args: list[str], body: list[str], *, globals: Any = None, locals: Any = None,
               return_type: Any = dataclasses.MISSING) -> Any:
    global _FACTORIES
    if locals is None:
        locals = {}
    text = _text(name, args, body, locals, return_type)
    if _RECORDED is not None:
        _RECORDED.append(text)
    if _FACTORIES is None:
        _FACTORIES = _compiled()
    factory = _FACTORIES.get(text)
    if factory is None:
        ns: dict[str, Any] = {}
        exec(text, globals, ns)
        factory = ns["__create_fn__"]
    return factory(**locals)


@overload
@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: type[T], /) -> type[T]: ...
@overload
@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: None = None, /, *, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, match_args: bool = True, kw_only: bool = False,
              slots: bool = False, weakref_slot: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: type[T] | None = None, /, **options: Any) -> type[T] | Callable[[type[T]], type[T]]:
    """``dataclasses.dataclass`` (``@dataclass`` or ``@dataclass(**options)``), its methods' code
    compiled ahead of time where it can be."""
    if cls is not None:
        return dataclass(**options)(cls)
    make = dataclasses.dataclass(**options)

    def wrap(cls: type[T]) -> type[T]:
        if _ORIGINAL is None or PYTHON != "3.11":   # another Python writes its methods another way
            return make(cls)
        setattr(dataclasses, "_create_fn", _create_fn)
        try:
            return make(cls)
        finally:
            setattr(dataclasses, "_create_fn", _ORIGINAL)

    return wrap


def method_texts() -> list[str]:
    """Every method text the classes of :data:`MODULES` compile, in the order they are defined
    (their modules imported afresh)."""
    global _RECORDED
    for name in MODULES:
        sys.modules.pop(name, None)
    _RECORDED = []
    try:
        for name in MODULES:
            importlib.import_module(name)   # its classes, defined afresh
        return list(dict.fromkeys(_RECORDED))
    finally:
        _RECORDED = None


def render(texts: list[str]) -> str:
    out = ['"""Automatically generated by railbook.precompiled.main(): do not modify.',
           "",
           "The methods ``dataclasses`` writes for the classes of railbook.precompiled.MODULES, compiled",
           'ahead of time (see railbook/precompiled.py)."""',
           "# fmt: off",
           "# flake8: noqa",
           "# mypy: ignore-errors",
           "",
           f"PYTHON = {PYTHON!r}",
           ""]
    for i, text in enumerate(texts):
        out.append(text.replace("def __create_fn__(", f"def _f{i}(", 1))
        out.append("")
    out.append("FACTORIES = {")
    for i, text in enumerate(texts):
        out.append(f"    {text!r}: _f{i},")
    out.append("}")
    return "\n".join(out) + "\n"


def main() -> None:
    target = Path(__file__).with_name(GENERATED.rsplit(".", 1)[1] + ".py")
    target.write_text(render(method_texts()), encoding="utf-8")
    print(f"wrote {target}")
