"""From rules.hooks text to checked, verified Python source."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..problems import Problems
from . import ast as A
from .checker import Checker, Names
from .codegen import Generator, UnsafeHookCode, function_name, verify
from .parser import HookSyntaxError, parse


@dataclass
class CompiledHooks:
    """The hooks of one title: Python source and what it provides."""

    source: str = ""
    hooks: dict[str, str] = field(default_factory=dict)   # hook point -> function name
    events: dict[str, str] = field(default_factory=dict)  # event name -> function name
    docs: dict[str, str] = field(default_factory=dict)    # hook key -> the comment above it


def _leading_comments(text: str, line: int) -> str:
    """The comment lines directly above a hook, as its documentation."""
    lines = text.splitlines()
    out: list[str] = []
    i = line - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        out.insert(0, lines[i].strip().lstrip("#").strip())
        i -= 1
    return " ".join(out)


def compile_hooks(text: str, file: str, names: Names, problems: Problems) -> CompiledHooks:
    """Parse, check and generate; problems are added with file:line:col."""
    result = CompiledHooks()
    try:
        program = parse(text)
    except HookSyntaxError as exc:
        problems.add(file, exc.line, exc.col, "", f"syntax error: {exc.message}")
        return result
    checker = Checker(names)
    checker.program(program)
    for e in checker.errors:
        problems.add(file, e.line, e.col, "", e.message)
    if checker.errors:
        return result
    gen = Generator(checker.types)
    parts = []
    for hook in program.hooks:
        parts.append(gen.hook(hook))
        fn = function_name(hook)
        (result.events if hook.event else result.hooks)[hook.name] = fn
        result.docs[("event " if hook.event else "") + hook.name] = _leading_comments(text, hook.line)
    result.source = "\n\n\n".join(parts) + ("\n" if parts else "")
    try:
        verify(result.source)
    except (UnsafeHookCode, SyntaxError) as exc:  # pragma: no cover - the generator emits only safe code
        problems.add(file, 1, 1, "", f"internal error: generated code rejected: {exc}")
        result.source = ""
    return result


__all__ = ["A", "CompiledHooks", "compile_hooks"]
