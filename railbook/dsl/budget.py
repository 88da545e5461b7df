"""What a rule hook may spend when it runs, and what ``validate`` can tell in advance.

A stranger's title must not be able to hang or exhaust the machine. Hooks have no while loops
and no recursion, so every hook ends; but nested loops multiply and a value doubled each time
round a loop grows beyond any memory. So the generated code counts: every loop and
comprehension step is counted against :data:`STEPS` per hook call (hooks a hook sets off share
its budget), every effect a hook causes (a payment, a price move, a station placed: the functions
marked as effects in railbook/dsl/api.py) against :data:`EFFECTS`, and every value a loop assigns
is held to :data:`MAX_INT` and :data:`MAX_LENGTH`.
A hook that exceeds either fails with an error naming the hook and the line
(:class:`railbook.errors.HookError`).

:func:`unbounded` finds, before any game, the constructs that can run long: loops nested three
deep, and a variable that a loop multiplies or doubles with itself. ``railbook validate`` warns
about them.
"""

from __future__ import annotations

from typing import Iterator

from railbook.dsl import ast as A
from railbook.dsl.limits import DEEP_LOOPS, EFFECTS, MAX_INT, MAX_LENGTH, STEPS

__all__ = ["DEEP_LOOPS", "EFFECTS", "MAX_INT", "MAX_LENGTH", "STEPS", "unbounded"]


def unbounded(program: A.Program) -> list[tuple[int, int, str]]:
    """(line, col, warning) for every construct whose cost validate can see may grow without bound."""
    out: list[tuple[int, int, str]] = []
    for hook in program.hooks:
        label = f"on {'event ' if hook.event else ''}{hook.name}"
        _statements(hook.body, 0, label, out)
    return out


def _statements(stmts: list[A.Stmt], loops: int, label: str, out: list[tuple[int, int, str]]) -> None:
    for s in stmts:
        for e in _expressions(s):
            _comprehensions(e, loops, label, out)
        if isinstance(s, A.For):
            depth = loops + 1
            if depth == DEEP_LOOPS:
                out.append((s.line, s.col, f"in '{label}', loops nested {depth} deep: their steps multiply "
                                           f"(a hook call may take at most {STEPS} steps)"))
            _statements(s.body, depth, label, out)
        elif isinstance(s, A.If):
            for _, body in s.branches:
                _statements(body, loops, label, out)
            if s.orelse:
                _statements(s.orelse, loops, label, out)
        elif isinstance(s, A.Assign) and loops and _grows(s):
            out.append((s.line, s.col, f"in '{label}', {s.name!r} is multiplied or doubled by itself in a loop: "
                                       f"it may grow without bound (a loop's numbers stay within 2**63, "
                                       f"its texts and lists within {MAX_LENGTH} items)"))


def _grows(s: A.Assign) -> bool:
    """``x = x * y``, ``x = x + x``, ``x += x``: each time round, x at least doubles."""
    uses = sum(1 for n in _walk(s.value) if isinstance(n, A.Name) and n.id == s.name) + (1 if s.augmented else 0)
    multiplied = any(isinstance(n, A.BinOp) and n.op == "*" and any(
        isinstance(m, A.Name) and m.id == s.name for m in _walk(n)) for n in _walk(s.value))
    return uses >= 2 or multiplied


def _comprehensions(e: A.Expr, loops: int, label: str, out: list[tuple[int, int, str]]) -> None:
    work: list[tuple[A.Expr, int]] = [(e, loops)]
    while work:
        node, depth = work.pop()
        if isinstance(node, A.Comprehension):
            depth += 1
            if depth == DEEP_LOOPS:
                out.append((node.line, node.col, f"in '{label}', loops nested {depth} deep: their steps multiply "
                                                 f"(a hook call may take at most {STEPS} steps)"))
        work.extend((child, depth) for child in _children(node))


def _expressions(s: A.Stmt) -> list[A.Expr]:
    if isinstance(s, (A.Let, A.Assign, A.Add, A.ExprStmt)):
        return [s.value]
    if isinstance(s, A.Return):
        return [s.value] if s.value is not None else []
    if isinstance(s, A.Fail):
        return [s.message]
    if isinstance(s, A.For):
        return [s.iterable]
    if isinstance(s, A.If):
        return [cond for cond, _ in s.branches]
    return []


def _children(e: A.Expr) -> list[A.Expr]:
    if isinstance(e, A.ListLit):
        return list(e.items)
    if isinstance(e, A.Comprehension):
        return [e.element, e.iterable] + ([e.condition] if e.condition is not None else [])
    if isinstance(e, A.Call):
        return list(e.args)
    if isinstance(e, A.MethodCall):
        return [e.receiver, *e.args]
    if isinstance(e, A.Attribute):
        return [e.receiver]
    if isinstance(e, A.Index):
        return [e.receiver, e.index]
    if isinstance(e, (A.BinOp, A.Compare, A.BoolOp)):
        return [e.left, e.right]
    if isinstance(e, (A.Not, A.Neg)):
        return [e.operand]
    return []


def _walk(e: A.Expr) -> Iterator[A.Expr]:
    work = [e]
    while work:
        node = work.pop()
        yield node
        work.extend(_children(node))
