"""Check a hook program: every name resolves against the hook API, types make
sense, and literal names (hexes, corporations, privates, trains, phases) exist
in the title."""

from __future__ import annotations

from dataclasses import dataclass, field

from railbook.dsl import ast as A
from railbook.dsl.api import (
    BANK,
    CHOICES,
    FUNCTIONS,
    HOOK_POINTS,
    METHODS,
    NAMED_STRING_TYPES,
    Func,
    HookPoint,
)


@dataclass
class HookCheckError:
    line: int
    col: int
    message: str


@dataclass
class Names:
    """What literal strings in hooks may name, from the title's data."""

    hexes: set[str] = field(default_factory=set)
    corporations: set[str] = field(default_factory=set)
    privates: set[str] = field(default_factory=set)
    trains: set[str] = field(default_factory=set)
    phases: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)
    options: set[str] = field(default_factory=set)

    def known(self, kind: str) -> set[str]:
        return {"hex": self.hexes, "corporation": self.corporations, "private": self.privates,
                "train": self.trains, "phase": self.phases}[kind]


STRINGLIKE = {"str", "Hex", "Phase", *CHOICES}
#: who may pay or be paid (an Entity): a player, a corporation, or "bank"
ENTITY_TYPES = {"Entity", "Player", "Corporation"}


def is_list(t: str) -> bool:
    return t.startswith("list[")


def elem(t: str) -> str:
    return t[5:-1] if is_list(t) else "any"


def fits(actual: str, expected: str) -> bool:
    if expected == "any" or actual == "any":
        return True
    if actual == expected:
        return True
    if actual in STRINGLIKE and expected in STRINGLIKE:
        return True
    if expected in ("Corporation", "Private", "Train", "Entity") and actual == "str":
        return True
    if expected == "Entity" and actual in ENTITY_TYPES:
        return True
    if is_list(actual) and is_list(expected):
        return fits(elem(actual), elem(expected))
    return False


def describe(t: str) -> str:
    return {"int": "a number", "bool": "true/false", "str": "text", "none": "nothing", "any": "a value",
            "Hex": "a hex", "Phase": "a phase name", "Direction": "a direction ('up', 'down', 'left' or 'right')",
            "ActionKind": "an action's kind (such as 'buy_train')",
            "Entity": "a player, a corporation or \"bank\""}.get(t, f"a list of {describe(elem(t))}" if is_list(t) else f"a {t}")


class Checker:
    def __init__(self, names: Names):
        self.names = names
        self.errors: list[HookCheckError] = []
        self.types: dict[int, str] = {}
        self.hook: A.Hook | None = None
        self.point: HookPoint | None = None

    def err(self, node: A.Node, message: str) -> None:
        self.errors.append(HookCheckError(node.line, node.col, message))

    # ------------------------------------------------------------ program

    def program(self, prog: A.Program) -> None:
        if self.names.events:
            # an event a hook attaches to a train (add_train_event(train, "name")) is fired like a train's own
            self.names.events |= set(_attached_events(prog))
        seen: dict[str, A.Hook] = {}
        for hook in prog.hooks:
            key = ("event " if hook.event else "") + hook.name
            if key in seen:
                self.err(hook, f"hook {key!r} is defined twice (first on line {seen[key].line})")
                continue
            seen[key] = hook
            self.check_hook(hook)

    def check_hook(self, hook: A.Hook) -> None:
        self.hook = hook
        scope: dict[str, str] = {}
        if hook.event:
            self.point = None
            if self.names.events and hook.name not in self.names.events:
                self.err(hook, f"no train or phase fires the event {hook.name!r} "
                               f"(events: {', '.join(sorted(self.names.events)) or 'none'})")
        else:
            point = HOOK_POINTS.get(hook.name)
            if point is None:
                self.err(hook, f"unknown hook point {hook.name!r}; expected one of: {', '.join(sorted(HOOK_POINTS))}")
                return
            self.point = point
            if len(hook.params) != len(point.params):
                want = ", ".join(n for n, _ in point.params) or "no parameters"
                self.err(hook, f"hook {hook.name!r} takes ({want}), not {len(hook.params)} parameter(s)")
            for pname, (_, ptype) in zip(hook.params, point.params):
                scope[pname] = ptype
        self.block(hook.body, scope)

    def block(self, stmts: list[A.Stmt], scope: dict[str, str]) -> None:
        for s in stmts:
            self.stmt(s, scope)

    # ------------------------------------------------------------ statements

    def stmt(self, s: A.Stmt, scope: dict[str, str]) -> None:
        if isinstance(s, A.Let):
            if s.name in scope:
                self.err(s, f"{s.name!r} is already defined")
            t = self.expr(s.value, scope)
            if t == "none":
                self.err(s.value, "this expression has no value to keep")
            scope[s.name] = t
        elif isinstance(s, A.Assign):
            if s.name not in scope:
                self.err(s, f"{s.name!r} is not defined; use 'let {s.name} = ...' first")
                self.expr(s.value, scope)
                return
            t = self.expr(s.value, scope)
            if s.augmented and not (scope[s.name] == "int" and fits(t, "int")):
                self.err(s, f"'+=' needs numbers, not {describe(scope[s.name])} and {describe(t)}")
            elif not fits(t, scope[s.name]):
                self.err(s.value, f"{s.name!r} holds {describe(scope[s.name])}, not {describe(t)}")
        elif isinstance(s, A.If):
            for cond, body in s.branches:
                self.expr(cond, scope)
                self.block(body, dict(scope))
            if s.orelse is not None:
                self.block(s.orelse, dict(scope))
        elif isinstance(s, A.For):
            t = self.expr(s.iterable, scope)
            if not (is_list(t) or t == "any"):
                self.err(s.iterable, f"'for' needs a list, not {describe(t)}")
            inner = dict(scope)
            inner[s.var] = elem(t)
            self.block(s.body, inner)
        elif isinstance(s, A.Return):
            want = self.point.returns if self.point else "none"
            if s.value is None:
                return
            if self.hook is None:
                raise RuntimeError("a 'return' statement is checked outside any hook")  # check_hook sets it
            t = self.expr(s.value, scope)
            if self.point is not None and self.point.accumulates:
                self.err(s, f"hook {self.hook.name!r} adds up amounts with 'add'; 'return' takes no value here")
            elif want == "none":
                self.err(s.value, f"hook {self.hook.name!r} returns nothing")
            elif not fits(t, want) and not (want.startswith("list") and t == "none"):
                self.err(s.value, f"hook {self.hook.name!r} returns {describe(want)}, not {describe(t)}")
        elif isinstance(s, A.Fail):
            t = self.expr(s.message, scope)
            if not fits(t, "str"):
                self.err(s.message, f"'fail' needs a message (text), not {describe(t)}")
        elif isinstance(s, A.Add):
            if self.point is None or not self.point.accumulates:
                allowed = ", ".join(n for n, p in HOOK_POINTS.items() if p.accumulates)
                self.err(s, f"'add' is only for hooks that add up amounts ({allowed})")
            t = self.expr(s.value, scope)
            if not fits(t, "int"):
                self.err(s.value, f"'add' needs a number, not {describe(t)}")
        elif isinstance(s, A.ExprStmt):
            if not isinstance(s.value, (A.Call, A.MethodCall)):
                self.err(s, "this line computes a value and throws it away; did you mean 'let', 'add' or 'return'?")
            self.expr(s.value, scope)

    # ------------------------------------------------------------ expressions

    def expr(self, e: A.Expr, scope: dict[str, str]) -> str:
        t = self._expr(e, scope)
        self.types[id(e)] = t
        return t

    def _expr(self, e: A.Expr, scope: dict[str, str]) -> str:
        if isinstance(e, A.Int):
            return "int"
        if isinstance(e, A.Str):
            return "str"
        if isinstance(e, A.Bool):
            return "bool"
        if isinstance(e, A.NoneLit):
            return "none"
        if isinstance(e, A.Name):
            if e.id not in scope:
                self.err(e, f"{e.id!r} is not defined")
                return "any"
            return scope[e.id]
        if isinstance(e, A.ListLit):
            ts = [self.expr(x, scope) for x in e.items]
            kinds = {t for t in ts if t != "any"}
            return f"list[{kinds.pop()}]" if len(kinds) == 1 else "list[any]"
        if isinstance(e, A.Comprehension):
            it = self.expr(e.iterable, scope)
            if not (is_list(it) or it == "any"):
                self.err(e.iterable, f"'for' needs a list, not {describe(it)}")
            inner = dict(scope)
            inner[e.var] = elem(it)
            if e.condition is not None:
                self.expr(e.condition, inner)
            return f"list[{self.expr(e.element, inner)}]"
        if isinstance(e, A.Call):
            func = FUNCTIONS.get(e.func)
            if func is None:
                self.err(e, f"unknown function {e.func!r}")
                for a in e.args:
                    self.expr(a, scope)
                return "any"
            return self.call(e, e.func, func, e.args, scope)
        if isinstance(e, (A.MethodCall, A.Attribute)):
            recv_t = self.expr(e.receiver, scope)
            member = e.method if isinstance(e, A.MethodCall) else e.attr
            args = e.args if isinstance(e, A.MethodCall) else []
            if recv_t == "any":
                self.err(e, f"cannot use .{member} here: the value's type is not known")
                return "any"
            methods = METHODS.get("Hex" if recv_t == "Hex" else recv_t)
            if methods is None or member not in methods:
                known = ", ".join(sorted(methods)) if methods else "none"
                self.err(e, f"{describe(recv_t)} has no {member!r} (it has: {known})")
                return "any"
            func = methods[member]
            if isinstance(e, A.Attribute) and func.params:
                self.err(e, f"{member!r} needs arguments: write .{member}(...)")
            if isinstance(e, A.MethodCall) and not func.params:
                self.err(e, f"{member!r} is a property: write .{member} without parentheses")
            return self.call(e, member, func, args, scope)
        if isinstance(e, A.Index):
            rt = self.expr(e.receiver, scope)
            it = self.expr(e.index, scope)
            if not (is_list(rt) or rt == "any"):
                self.err(e, f"only a list can be indexed, not {describe(rt)}")
            if not fits(it, "int"):
                self.err(e.index, f"a list index is a number, not {describe(it)}")
            return elem(rt)
        if isinstance(e, A.BinOp):
            lt, rt = self.expr(e.left, scope), self.expr(e.right, scope)
            if e.op == "+" and lt in STRINGLIKE and rt in STRINGLIKE:
                return "str"
            if e.op == "+" and is_list(lt) and is_list(rt):
                return lt
            if not (fits(lt, "int") and fits(rt, "int")):
                self.err(e, f"'{e.op}' needs numbers, not {describe(lt)} and {describe(rt)}")
            return "int"
        if isinstance(e, A.Compare):
            lt, rt = self.expr(e.left, scope), self.expr(e.right, scope)
            if e.op == "in":
                if not (is_list(rt) or rt == "any" or rt in STRINGLIKE):
                    self.err(e.right, f"'in' needs a list on its right, not {describe(rt)}")
            elif e.op in ("<", "<=", ">", ">="):
                if not (fits(lt, "int") and fits(rt, "int")):
                    self.err(e, f"'{e.op}' compares numbers, not {describe(lt)} and {describe(rt)}")
            return "bool"
        if isinstance(e, A.BoolOp):
            self.expr(e.left, scope)
            self.expr(e.right, scope)
            return "bool"
        if isinstance(e, A.Not):
            self.expr(e.operand, scope)
            return "bool"
        if isinstance(e, A.Neg):
            t = self.expr(e.operand, scope)
            if not fits(t, "int"):
                self.err(e, f"'-' needs a number, not {describe(t)}")
            return "int"
        self.err(e, "unsupported expression")  # pragma: no cover
        return "any"

    def call(self, node: A.Node, name: str, func: Func, args: list[A.Expr], scope: dict[str, str]) -> str:
        if len(args) != len(func.params):
            self.err(node, f"{name!r} takes {len(func.params)} argument(s), not {len(args)}")
        for arg, ptype in zip(args, func.params):
            at = self.expr(arg, scope)
            if not fits(at, ptype):
                self.err(arg, f"{name!r} needs {describe(ptype)} here, not {describe(at)}")
            kind = NAMED_STRING_TYPES.get(ptype)
            if kind and isinstance(arg, A.Str):
                known = self.names.known(kind)
                if known and arg.value not in known:
                    self.err(arg, f"{arg.value!r} is not a {kind} of this title")
            if ptype in CHOICES and isinstance(arg, A.Str) and arg.value not in CHOICES[ptype]:
                self.err(arg, f"{name!r} needs {describe(ptype)} here, not {arg.value!r} "
                              f"(one of: {', '.join(CHOICES[ptype])})")
            if ptype == "Entity" and isinstance(arg, A.Str) and arg.value != BANK and self.names.corporations \
                    and arg.value not in self.names.corporations:
                self.err(arg, f"{arg.value!r} is neither \"bank\" nor a corporation of this title")
        for extra in args[len(func.params):]:
            self.expr(extra, scope)
        if name == "option" and args and isinstance(args[0], A.Str) and self.names.options \
                and args[0].value not in self.names.options:
            self.err(args[0], f"{args[0].value!r} is not an optional rule of this title")
        if func.returns == "any" and args and name in ("random_choice",):
            return elem(self.types.get(id(args[0]), "any"))
        if func.returns == "list[any]" and args and name == "shuffle":
            return self.types.get(id(args[0]), "list[any]")
        return func.returns


def _attached_events(node: object) -> list[str]:
    """Event names given as text to add_train_event anywhere in the hooks."""
    found: list[str] = []
    if isinstance(node, A.Call) and node.func == "add_train_event" and len(node.args) == 2 \
            and isinstance(node.args[1], A.Str):
        found.append(node.args[1].value)
    if isinstance(node, list):
        for item in node:
            found.extend(_attached_events(item))
    elif isinstance(node, A.Node) or isinstance(node, A.Program):
        for value in vars(node).values():
            if isinstance(value, (list, A.Node)):
                found.extend(_attached_events(value))
    return found
