"""``railbook hooks``: the hook DSL's reference, printed from the API table itself.

The table in ``railbook/dsl/api.py`` is what the checker enforces, so printing it
keeps this reference true by construction: a designer reads exactly what a hook
may name.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any, Callable

from railbook.dsl import api
from railbook.dsl.limits import EFFECTS

_WIDTH = 88


def _signature(name: str, params: tuple[str, ...], returns: str, prop: bool = False) -> str:
    call = name if prop else f"{name}({', '.join(params)})"
    return call if returns == "none" else f"{call} -> {returns}"


def _item(head: str, doc: str, survey: str = "", example: str = "") -> list[str]:
    """One entry: its signature, its rule, how many 18xx.games titles need it, and an example."""
    lines = [f"  {head}"]
    lines += textwrap.wrap(doc, _WIDTH, initial_indent="      ", subsequent_indent="      ")
    if survey:
        lines += textwrap.wrap(f"Needed by 18xx.games titles: {survey} (of {api.SURVEYED_TITLES}).", _WIDTH,
                               initial_indent="      ", subsequent_indent="      ")
    if example:
        lines.append("      Example:")
        lines += [f"        {line}" for line in example.splitlines()]
    return lines


def reference(section: str | None = None) -> str:
    """The reference as text; ``section`` is 'points', 'functions', a type name, or None for all."""
    out: list[str] = []
    if section in (None, "points"):
        out.append("Hook points (on NAME(params) { ... }; 'event NAME' handles a train or phase event):")
        for name, hp in api.HOOK_POINTS.items():
            params = tuple(f"{p}: {t}" for p, t in hp.params)
            doc = hp.doc + (" 'add' sums into the result." if hp.accumulates and "'add'" not in hp.doc else "")
            out += _item(_signature(name, params, hp.returns), doc, hp.survey, hp.example)
        out.append("")
    if section in (None, "functions"):
        out.append("Functions:")
        for name, fn in api.FUNCTIONS.items():
            if fn.effect:
                continue
            params = fn.params + (("...",) if fn.variadic else ())
            out += _item(_signature(name, params, fn.returns), fn.doc)
        out.append("")
    if section in (None, "functions", "effects"):
        out.append("Effects (functions that change the game: each counts against a hook call's budget of "
                   f"{EFFECTS}; one that cannot be done is an error naming the hook and line, and the action "
                   "that set it off is refused with everything the hooks did):")
        for name, fn in api.FUNCTIONS.items():
            if fn.effect:
                out += _item(_signature(name, fn.params, fn.returns), fn.doc, fn.survey, fn.example)
        out.append("")
    for type_name, methods in api.METHODS.items():
        if section not in (None, type_name):
            continue
        out.append(f"{type_name} (properties are written without parentheses):")
        for name, fn in methods.items():
            out += _item(_signature(f".{name}", fn.params, fn.returns, prop=not fn.params), fn.doc)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def cmd_hooks(args: argparse.Namespace) -> int:
    print(reference(args.section), end="")
    return 0


def register_hooks(sub: Any) -> None:
    sections = ["points", "functions", "effects", *api.METHODS]
    p = sub.add_parser("hooks", help="list the hook points and the API a rule hook may use",
                       description="Print the hook DSL's reference: when the engine calls each hook point, "
                                   "and every function, method and property a hook may name. The grammar "
                                   "is schema/hooks.lark.")
    p.add_argument("section", nargs="?", choices=sections, metavar="SECTION",
                   help=f"only one part: {', '.join(sections)}")
    p.set_defaults(func=cmd_hooks)


REGISTER: dict[str, Callable[[Any], None]] = {"hooks": register_hooks}
