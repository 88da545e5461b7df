"""From rules.hooks text to checked, verified Python source."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from railbook.dsl import ast as A
from railbook.dsl.budget import unbounded
from railbook.dsl.checker import Checker, Names
from railbook.dsl.codegen import Generator, UnsafeHookCode, function_name, verify
from railbook.dsl.parser import HookSyntaxError, parse
from railbook.languages import LANGUAGES
from railbook.problems import Problems


@dataclass
class CompiledHooks:
    """The hooks of one title: Python source and what it provides."""

    source: str = ""
    hooks: dict[str, str] = field(default_factory=dict)   # hook point -> function name
    events: dict[str, str] = field(default_factory=dict)  # event name -> function name
    docs: dict[str, str] = field(default_factory=dict)    # hook key -> the comment above it
    # hook key -> {language: its doc} from the comment's "# de: ..." lines
    doc_texts: dict[str, dict[str, str]] = field(default_factory=dict)
    # what may run long or grow without bound (railbook/dsl/budget.py): validate warns, the budget stops it
    warnings: Problems = field(default_factory=Problems)


_LANGUAGE_LINE = re.compile(r"^(%s):\s*(.*)$" % "|".join(LANGUAGES))


def _comment_block(text: str, line: int) -> list[str]:
    """The comment lines directly above a hook, without their '#'."""
    lines = text.splitlines()
    out: list[str] = []
    i = line - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        out.insert(0, lines[i].strip().lstrip("#").strip())
        i -= 1
    return out


def _leading_comments(text: str, line: int) -> str:
    """The comment lines directly above a hook, as its documentation (in English: lines
    that start with a language code, ``de: ...``, are its translations)."""
    return " ".join(c for c in _comment_block(text, line) if not _LANGUAGE_LINE.match(c))


def _comment_translations(text: str, line: int) -> dict[str, str]:
    """The doc's translations: ``# de: ...`` lines in the comment above a hook."""
    out: dict[str, str] = {}
    for c in _comment_block(text, line):
        m = _LANGUAGE_LINE.match(c)
        if m and m.group(2):
            out[m.group(1)] = f"{out[m.group(1)]} {m.group(2)}" if m.group(1) in out else m.group(2)
    return out


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
    for line, col, message in unbounded(program):
        result.warnings.add(file, line, col, "", message)
    gen = Generator(checker.types)
    parts = []
    for hook in program.hooks:
        parts.append(gen.hook(hook))
        fn = function_name(hook)
        (result.events if hook.event else result.hooks)[hook.name] = fn
        key = ("event " if hook.event else "") + hook.name
        result.docs[key] = _leading_comments(text, hook.line)
        translations = _comment_translations(text, hook.line)
        if translations:
            result.doc_texts[key] = translations
    result.source = "\n\n\n".join(parts) + ("\n" if parts else "")
    try:
        verify(result.source)
    except (UnsafeHookCode, SyntaxError) as exc:  # pragma: no cover - the generator emits only safe code
        problems.add(file, 1, 1, "", f"internal error: generated code rejected: {exc}")
        result.source = ""
    return result


__all__ = ["A", "CompiledHooks", "compile_hooks"]
