"""Compile checked hooks to Python source, then prove the source is safe.

The generated code has one function per hook. Values are plain numbers, text,
lists, or opaque handles from the engine; the only attribute it ever touches is
``api.<name>`` for a name in the hook API. :func:`verify` re-reads the output
with Python's own parser and rejects anything else (imports, dunders, exec,
attribute access on anything but ``api``), so a bug in the generator cannot
open a hole.
"""

from __future__ import annotations

import ast as pyast

from railbook.dsl import ast as A
from railbook.dsl.api import (
    FUNCTIONS,
    HOOK_POINTS,
    METHODS,
    RESOLVED_TYPES,
    all_impl_names,
    method_impl,
)

#: what the generated code calls to stay within its budget (railbook/dsl/budget.py): ``each``
#: counts a loop's steps, ``bounded`` holds a value a loop assigns to the size limits
BUDGET_CALLS = ("each", "bounded")

BINOPS = {"+": "+", "-": "-", "*": "*", "//": "//", "%": "%"}


def function_name(hook: A.Hook) -> str:
    return ("event_" if hook.event else "hook_") + hook.name


class Generator:
    def __init__(self, types: dict[int, str]):
        self.types = types
        self.lines: list[str] = []
        self.accumulates = False

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def hook(self, hook: A.Hook) -> str:
        self.lines = []
        point = None if hook.event else HOOK_POINTS.get(hook.name)
        self.accumulates = bool(point and point.accumulates)
        params = ", ".join(["api"] + [f"v_{p}" for p in hook.params])
        self.emit(0, f"def {function_name(hook)}({params}):")
        self.emit(1, f'"""rules.hooks line {hook.line}: on {"event " if hook.event else ""}{hook.name}"""')
        if self.accumulates:
            self.emit(1, "_total = 0")
        self.block(hook.body, 1)
        if self.accumulates:
            self.emit(1, "return _total")
        elif not hook.body:
            self.emit(1, "return None")
        return "\n".join(self.lines)

    def block(self, stmts: list[A.Stmt], depth: int) -> None:
        if not stmts:
            self.emit(depth, "pass")
        for s in stmts:
            self.stmt(s, depth)

    def stmt(self, s: A.Stmt, depth: int) -> None:
        if isinstance(s, A.Let):
            self.emit(depth, f"v_{s.name} = {self.expr(s.value)}")
        elif isinstance(s, A.Assign):
            # what a loop may feed back into itself is held to the value budget (railbook/dsl/budget.py)
            value = f"v_{s.name} + ({self.expr(s.value)})" if s.augmented else self.expr(s.value)
            self.emit(depth, f"v_{s.name} = api.bounded({value}, {s.line})")
        elif isinstance(s, A.If):
            for i, (cond, body) in enumerate(s.branches):
                self.emit(depth, f"{'if' if i == 0 else 'elif'} {self.expr(cond)}:")
                self.block(body, depth + 1)
            if s.orelse is not None:
                self.emit(depth, "else:")
                self.block(s.orelse, depth + 1)
        elif isinstance(s, A.For):
            self.emit(depth, f"for v_{s.var} in api.each({self.expr(s.iterable)}, {s.line}):")
            self.block(s.body, depth + 1)
        elif isinstance(s, A.Return):
            if self.accumulates:
                self.emit(depth, "return _total")
            else:
                self.emit(depth, f"return {self.expr(s.value) if s.value is not None else 'None'}")
        elif isinstance(s, A.Fail):
            self.emit(depth, f"api.fail({self.expr(s.message)})")
        elif isinstance(s, A.Add):
            self.emit(depth, f"_total += {self.expr(s.value)}")
        elif isinstance(s, A.ExprStmt):
            self.emit(depth, self.expr(s.value))

    def args(self, params: tuple[str, ...], args: list[A.Expr]) -> list[str]:
        out = []
        for arg, ptype in zip(args, params):
            code = self.expr(arg)
            if ptype in RESOLVED_TYPES and self.types.get(id(arg)) == "str":
                code = f"api.{ptype.lower()}({code})"
            out.append(code)
        return out

    def expr(self, e: A.Expr) -> str:
        if isinstance(e, A.Int):
            return str(e.value)
        if isinstance(e, A.Str):
            return repr(e.value)
        if isinstance(e, A.Bool):
            return "True" if e.value else "False"
        if isinstance(e, A.NoneLit):
            return "None"
        if isinstance(e, A.Name):
            return f"v_{e.id}"
        if isinstance(e, A.ListLit):
            return "[" + ", ".join(self.expr(x) for x in e.items) + "]"
        if isinstance(e, A.Comprehension):
            cond = f" if {self.expr(e.condition)}" if e.condition is not None else ""
            return f"[{self.expr(e.element)} for v_{e.var} in api.each({self.expr(e.iterable)}, {e.line}){cond}]"
        if isinstance(e, A.Call):
            func = FUNCTIONS[e.func]
            args = self.args(func.params, e.args) + ([str(e.line)] if func.effect else [])  # an effect's line
            return f"api.{func.impl or e.func}({', '.join(args)})"
        if isinstance(e, (A.MethodCall, A.Attribute)):
            recv_t = self.types[id(e.receiver)]
            member = e.method if isinstance(e, A.MethodCall) else e.attr
            func = METHODS[recv_t][member]
            args = [self.expr(e.receiver)] + self.args(func.params, e.args if isinstance(e, A.MethodCall) else [])
            return f"api.{method_impl(recv_t, member)}({', '.join(args)})"
        if isinstance(e, A.Index):
            return f"{self.expr(e.receiver)}[{self.expr(e.index)}]"
        if isinstance(e, A.BinOp):
            return f"({self.expr(e.left)} {BINOPS[e.op]} {self.expr(e.right)})"
        if isinstance(e, A.Compare):
            return f"({self.expr(e.left)} {e.op} {self.expr(e.right)})"
        if isinstance(e, A.BoolOp):
            return f"({self.expr(e.left)} {e.op} {self.expr(e.right)})"
        if isinstance(e, A.Not):
            return f"(not {self.expr(e.operand)})"
        if isinstance(e, A.Neg):
            return f"(-{self.expr(e.operand)})"
        raise ValueError(f"cannot generate {type(e).__name__}")  # pragma: no cover


# ------------------------------------------------------------------ verification

_ALLOWED_NODES = (
    pyast.Module, pyast.FunctionDef, pyast.arguments, pyast.arg, pyast.Assign, pyast.AugAssign, pyast.If,
    pyast.For, pyast.Return, pyast.Expr, pyast.Call, pyast.Name, pyast.Constant, pyast.List, pyast.ListComp,
    pyast.comprehension, pyast.BinOp, pyast.UnaryOp, pyast.BoolOp, pyast.Compare, pyast.Subscript,
    pyast.Attribute, pyast.Pass, pyast.Load, pyast.Store, pyast.Add, pyast.Sub, pyast.Mult, pyast.FloorDiv,
    pyast.Mod, pyast.USub, pyast.Not, pyast.And, pyast.Or, pyast.Eq, pyast.NotEq, pyast.Lt, pyast.LtE,
    pyast.Gt, pyast.GtE, pyast.In,
)


class UnsafeHookCode(Exception):
    pass


def verify(source: str) -> None:
    """Raise UnsafeHookCode unless ``source`` only calls the hook API."""
    tree = pyast.parse(source)
    allowed_attrs = set(all_impl_names()) | set(BUDGET_CALLS)
    for node in pyast.walk(tree):
        if not isinstance(node, _ALLOWED_NODES):
            raise UnsafeHookCode(f"generated hook code uses {type(node).__name__}")
        if isinstance(node, pyast.FunctionDef):
            if not (node.name.startswith("hook_") or node.name.startswith("event_")) or node.decorator_list:
                raise UnsafeHookCode(f"unexpected function {node.name}")
        if isinstance(node, pyast.Attribute):
            if not (isinstance(node.value, pyast.Name) and node.value.id == "api" and node.attr in allowed_attrs):
                raise UnsafeHookCode("generated hook code reaches an attribute outside the hook API")
        if isinstance(node, pyast.Name):
            if not (node.id == "api" or node.id == "_total" or node.id.startswith("v_")):
                raise UnsafeHookCode(f"generated hook code names {node.id!r}")
        if isinstance(node, pyast.Call) and not isinstance(node.func, pyast.Attribute):
            raise UnsafeHookCode("generated hook code calls something other than the hook API")
        if isinstance(node, pyast.arg) and not (node.arg == "api" or node.arg.startswith("v_")):
            raise UnsafeHookCode(f"unexpected parameter {node.arg}")
        if isinstance(node, pyast.Constant) and not isinstance(node.value, (int, str, bool, type(None))):
            raise UnsafeHookCode("unexpected constant")
        if isinstance(node, (pyast.Name, pyast.Attribute)) and "__" in getattr(node, "id", getattr(node, "attr", "")):
            raise UnsafeHookCode("dunder access")
