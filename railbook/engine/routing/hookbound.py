"""The most a title's ``route_bonus`` hook can add to any route of a train: an abstract run.

A compiled hook is a small function that reaches the game only through ``api.<name>(...)``
calls, in a handful of Python constructs (``railbook.dsl.codegen.verify`` proves that of
every generated module). So its code can be *read* with abstract values standing for what
depends on the route, and the most each ``add`` can add summed along every way through
the code:

* the route's stops are any of the network's stops, at most ``L`` of them (the train's
  visits); a stop's value lies between the least and the most a network stop is worth to
  the train; the hexes it visits are the network's hexes; ``route.visits(H)`` is false for
  a hex with no stop of the network, unknown otherwise;
* what does not depend on the route (the corporation, its markers and stations, the
  phase...) is read from the game as it is, with the hook API's pure getters;
* numbers become intervals; a condition that is unknown sends the reading down both
  branches; a loop over the route's stops counts its body ``L`` times; a path that
  ``fail``\\ s adds nothing (the route is refused).

The answer is an upper bound of the hook's bonus for every route the train can run
(``None`` where the code does something the reading does not know: then the search prunes
by the stops alone and stays exact).
"""

from __future__ import annotations

import ast
import inspect
import math
from dataclasses import dataclass
from typing import Any, Callable

INF = math.inf
MAX_PATHS = 256


class _Top:
    """Anything (a value the reading cannot know)."""


TOP = _Top()


class _Maybe:
    """A condition that may be true or false."""


MAYBE = _Maybe()


@dataclass(frozen=True)
class Interval:
    lo: float
    hi: float

    def __add__(self, o: "Interval") -> "Interval":
        return Interval(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o: "Interval") -> "Interval":
        return Interval(self.lo - o.hi, self.hi - o.lo)

    def __mul__(self, o: "Interval") -> "Interval":
        products = [_mul(a, b) for a in (self.lo, self.hi) for b in (o.lo, o.hi)]
        return Interval(min(products), max(products))

    def join(self, o: "Interval") -> "Interval":
        return Interval(min(self.lo, o.lo), max(self.hi, o.hi))


def _mul(a: float, b: float) -> float:
    return 0 if a == 0 or b == 0 else a * b


@dataclass(frozen=True)
class Text:
    """A text among some options (None: any text)."""

    options: frozenset[str] | None


@dataclass(frozen=True)
class Items:
    """A list of ``lo`` to ``hi`` items, each like ``item``."""

    item: Any
    lo: float
    hi: float


class RouteValue:
    """The route the hook is asked about."""


class StopValue:
    """One of the route's stops."""


@dataclass(frozen=True)
class RouteFacts:
    """What every route of the train may be: the bounds the reading uses."""

    max_stops: int
    values: Interval            # what one stop is worth to the train
    revenue: Interval           # a route's revenue before bonuses
    hexes: frozenset[str]       # the hexes of the network's stops
    kinds: frozenset[str]
    corporation: Any            # what does not change from route to route
    train: Any


#: the hook API's getters that read the game without changing it and do not depend on the route
PURE = frozenset({
    "phase", "phase_reached", "option", "player_count", "round_kind", "round_number", "corporation",
    "private", "trains_sold", "text",
    "corporation_sym", "corporation_cash", "corporation_floated", "corporation_is_minor",
    "corporation_share_price", "corporation_has_token_in", "corporation_owns_private",
    "corporation_president_percent", "corporation_treasury_percent", "corporation_ipo_percent",
    "corporation_pool_percent", "corporation_has_marker", "corporation_operated", "corporation_train_count",
    "corporation_share_unit", "corporation_closed", "private_sym", "private_revenue", "private_closed",
    "private_owned_by_corporation", "train_name", "tile_name", "tile_color", "tile_label", "tile_exits",
    "player_name", "player_cash",
})


class Unknown(Exception):
    """The code does what the reading cannot bound."""


def hook_bound(fn: Callable[..., Any], api: Any, facts: RouteFacts) -> int | None:
    """An upper bound of ``fn(api, route)`` over every route ``facts`` allows (None: unknown)."""
    try:
        tree = ast.parse(inspect.getsource(fn).strip())
    except (OSError, TypeError, SyntaxError):
        return None
    func = tree.body[0]
    if not isinstance(func, ast.FunctionDef) or len(func.args.args) != 2:
        return None
    reader = _Reader(api, facts)
    env: dict[str, Any] = {func.args.args[1].arg: RouteValue()}
    try:
        states = reader.block(func.body, [_State(env, Interval(0, 0))])
    except (Unknown, RecursionError):
        return None
    best = max((s.total.hi for s in states), default=0)
    return None if best == INF else max(0, int(best))


@dataclass
class _State:
    env: dict[str, Any]
    total: Interval
    done: bool = False


class _Reader:
    def __init__(self, api: Any, facts: RouteFacts):
        self.api = api
        self.facts = facts

    # ---------------------------------------------------------------- statements
    def block(self, body: list[ast.stmt], states: list[_State]) -> list[_State]:
        for stmt in body:
            live = [s for s in states if not s.done]
            done = [s for s in states if s.done]
            nxt: list[_State] = []
            for s in live:
                nxt.extend(self.stmt(stmt, s))
            states = done + nxt
            if len(states) > MAX_PATHS:
                raise Unknown("too many ways through the hook")
        return states

    def stmt(self, node: ast.stmt, s: _State) -> list[_State]:
        if isinstance(node, ast.Expr):
            if isinstance(node.value, ast.Constant):
                return [s]          # the docstring
            if self._fails(node.value):
                return []           # the route is refused: it earns nothing
            self.expr(node.value, s.env)
            return [s]
        if isinstance(node, ast.Pass):
            return [s]
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            value = self.expr(node.value, s.env)
            if name == "_total":
                return [_State(s.env, _interval(value), s.done)]
            return [_State({**s.env, name: value}, s.total)]
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            name = node.target.id
            value = self.expr(node.value, s.env)
            if name == "_total":
                return [_State(s.env, s.total + _interval(value))]
            return [_State({**s.env, name: _add(s.env.get(name, TOP), value)}, s.total)]
        if isinstance(node, ast.Return):
            return [_State(s.env, s.total, True)]
        if isinstance(node, ast.If):
            cond = self.expr(node.test, s.env)
            if cond is True or (cond is not False and not _unknown(cond) and bool(cond)):
                return self.block(node.body, [s])
            if cond is False or (not _unknown(cond) and not cond):
                return self.block(node.orelse, [s])
            return self.block(node.body, [s]) + self.block(node.orelse, [s])
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and not node.orelse:
            return self.loop(node, s)
        raise Unknown(type(node).__name__)

    def loop(self, node: ast.For, s: _State) -> list[_State]:
        items = self.expr(node.iter, s.env)
        var = node.target.id  # type: ignore[attr-defined]
        if isinstance(items, list):
            states = [s]
            for item in items:
                states = [_State({**st.env, var: item}, st.total, st.done) for st in states]
                states = self.block(node.body, states)
            return states
        if not isinstance(items, Items):
            raise Unknown("a loop over something unknown")
        # one pass stands for every pass: what it adds at most, times the most passes
        once = self.block(node.body, [_State({**s.env, var: items.item}, Interval(0, 0))])
        gain = max((st.total.hi for st in once), default=0)
        total = Interval(-INF, s.total.hi + (_mul(max(gain, 0), items.hi)))
        assigned = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        env = {k: (TOP if k in assigned else v) for k, v in s.env.items()}
        out = [_State(env, total)]
        if any(st.done for st in once):
            out.append(_State(env, total, True))
        return out

    def _fails(self, node: ast.expr) -> bool:
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "fail")

    # ---------------------------------------------------------------- expressions
    def expr(self, node: ast.expr, env: dict[str, Any]) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return env.get(node.id, TOP)
        if isinstance(node, ast.List):
            return [self.expr(e, env) for e in node.elts]
        if isinstance(node, ast.ListComp):
            return self.comprehension(node, env)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return self.call(node.func.attr, [self.expr(a, env) for a in node.args])
        if isinstance(node, ast.BinOp):
            return _binop(node.op, self.expr(node.left, env), self.expr(node.right, env))
        if isinstance(node, ast.UnaryOp):
            v = self.expr(node.operand, env)
            if isinstance(node.op, ast.Not):
                return MAYBE if _unknown(v) else (not v)
            if isinstance(node.op, ast.USub):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    return -v
                iv = _interval(v)
                return Interval(-iv.hi, -iv.lo)
            raise Unknown("unary")
        if isinstance(node, ast.BoolOp):
            values = [self.expr(v, env) for v in node.values]
            return _bool_op(isinstance(node.op, ast.And), values)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            return _compare(node.ops[0], self.expr(node.left, env), self.expr(node.comparators[0], env))
        if isinstance(node, ast.Subscript):
            seq = self.expr(node.value, env)
            index = self.expr(node.slice, env)
            if isinstance(seq, list) and isinstance(index, int) and not _unknown(index):
                return seq[index] if -len(seq) <= index < len(seq) else TOP
            if isinstance(seq, Items):
                return seq.item
            if isinstance(seq, list) and seq:
                return _join_all(seq)
            return TOP
        raise Unknown(type(node).__name__)

    def comprehension(self, node: ast.ListComp, env: dict[str, Any]) -> Any:
        if len(node.generators) != 1 or not isinstance(node.generators[0].target, ast.Name):
            raise Unknown("comprehension")
        gen = node.generators[0]
        var = gen.target.id  # type: ignore[attr-defined]
        items = self.expr(gen.iter, env)

        def keep(local: dict[str, Any]) -> Any:
            verdict: Any = True
            for cond in gen.ifs:
                verdict = _bool_op(True, [verdict, self.expr(cond, local)])
            return verdict

        if isinstance(items, list):
            out, sure, maybe = [], 0, 0
            for item in items:
                local = {**env, var: item}
                k = keep(local)
                if k is False:
                    continue
                out.append(self.expr(node.elt, local))
                sure += 0 if _unknown(k) else 1
                maybe += 1
            if sure == maybe:
                return out
            return Items(_join_all(out), sure, maybe)
        if isinstance(items, Items):
            local = {**env, var: items.item}
            k = keep(local)
            if k is False:
                return []
            return Items(self.expr(node.elt, local), 0 if _unknown(k) else items.lo, items.hi)
        raise Unknown("comprehension over something unknown")

    def call(self, name: str, args: list[Any]) -> Any:
        f = self.facts
        if name in ("each", "bounded") and args:  # the hook budget's counters pass their value through
            return args[0]
        if name == "route_stops":
            return Items(StopValue(), 0, f.max_stops)
        if name == "route_hexes":
            return Items(Text(f.hexes), 0, f.max_stops)
        if name == "route_visits":
            hex_id = args[1] if len(args) > 1 else TOP
            if isinstance(hex_id, str) and hex_id not in f.hexes:
                return False
            return MAYBE
        if name == "route_revenue":
            return f.revenue
        if name == "route_corporation":
            return f.corporation
        if name == "route_train":
            return f.train
        if name == "stop_value":
            return f.values
        if name == "stop_hex":
            return Text(f.hexes)
        if name == "stop_kind":
            return Text(f.kinds)
        if name == "stop_tokened_by":
            return MAYBE
        if name in ("max_of", "min_of", "sum_of", "len_of", "abs_of", "any_of", "all_of"):
            return _aggregate(name, args[0] if args else TOP)
        if name == "fail":
            raise Unknown("fail inside an expression")
        if name in PURE and not any(_abstract(a) for a in args):
            return getattr(self.api, name)(*args)
        return TOP


# ---------------------------------------------------------------- the abstract values' algebra

def _unknown(v: Any) -> bool:
    return v is MAYBE or v is TOP or isinstance(v, (Interval, Text, Items, RouteValue, StopValue))


def _abstract(v: Any) -> bool:
    if isinstance(v, list):
        return any(_abstract(x) for x in v)
    return _unknown(v)


def _interval(v: Any) -> Interval:
    if isinstance(v, Interval):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return Interval(v, v)
    if v is True or v is False:
        return Interval(int(v), int(v))
    raise Unknown("not a number")


def _join(a: Any, b: Any) -> Any:
    if isinstance(a, (Interval, int, float)) and isinstance(b, (Interval, int, float)) \
            and not isinstance(a, bool) and not isinstance(b, bool):
        return _interval(a).join(_interval(b))
    if isinstance(a, (Text, str)) and isinstance(b, (Text, str)):
        oa = a.options if isinstance(a, Text) else frozenset({a})
        ob = b.options if isinstance(b, Text) else frozenset({b})
        return Text(None if oa is None or ob is None else oa | ob)
    if isinstance(a, StopValue) and isinstance(b, StopValue):
        return a
    if a == b and not _unknown(a):
        return a
    return TOP


def _join_all(values: list[Any]) -> Any:
    if not values:
        return TOP
    out = values[0]
    for v in values[1:]:
        out = _join(out, v)
    return out


def _add(a: Any, b: Any) -> Any:
    return _binop(ast.Add(), a, b)


def _binop(op: ast.operator, a: Any, b: Any) -> Any:
    if not _unknown(a) and not _unknown(b) and not isinstance(a, list) and not isinstance(b, list):
        if isinstance(op, ast.Add):
            return a + b
        if isinstance(op, ast.Sub):
            return a - b
        if isinstance(op, ast.Mult):
            return a * b
        if isinstance(op, ast.FloorDiv):
            return a // b if b else TOP
        if isinstance(op, ast.Mod):
            return a % b if b else TOP
    if isinstance(op, ast.Add) and isinstance(a, list) and isinstance(b, list):
        return a + b
    try:
        ia, ib = _interval(a), _interval(b)
    except Unknown:
        return TOP
    if isinstance(op, ast.Add):
        return ia + ib
    if isinstance(op, ast.Sub):
        return ia - ib
    if isinstance(op, ast.Mult):
        return ia * ib
    if isinstance(op, ast.FloorDiv) and ib.lo > 0:
        cands = [math.floor(x / y) if abs(x) != INF else x for x in (ia.lo, ia.hi) for y in (ib.lo, ib.hi)]
        return Interval(min(cands), max(cands))
    if isinstance(op, ast.Mod) and ib.lo > 0:
        return Interval(0, ib.hi - 1)
    return Interval(-INF, INF)


def _bool_op(is_and: bool, values: list[Any]) -> Any:
    if is_and:
        if any(v is False or (not _unknown(v) and not v) for v in values):
            return False
        return MAYBE if any(_unknown(v) for v in values) else True
    if any(v is True or (not _unknown(v) and bool(v)) for v in values):
        return True
    return MAYBE if any(_unknown(v) for v in values) else False


def _compare(op: ast.cmpop, a: Any, b: Any) -> Any:
    if isinstance(op, ast.In):
        if isinstance(b, list) and not _abstract(a) and not _abstract(b):
            return a in b
        if isinstance(b, list) and isinstance(a, Text) and a.options is not None and not _abstract(b):
            return False if not (a.options & set(x for x in b if isinstance(x, str))) else MAYBE
        return MAYBE
    if isinstance(op, ast.NotIn):
        return _bool_not(_compare(ast.In(), a, b))
    if not _abstract(a) and not _abstract(b):
        if isinstance(op, ast.Eq):
            return a == b
        if isinstance(op, ast.NotEq):
            return a != b
        return _order(op, a, b)
    if isinstance(a, (Text, str)) and isinstance(b, (Text, str)) and isinstance(op, (ast.Eq, ast.NotEq)):
        oa = a.options if isinstance(a, Text) else frozenset({a})
        ob = b.options if isinstance(b, Text) else frozenset({b})
        if oa is not None and ob is not None and not (oa & ob):
            return isinstance(op, ast.NotEq)
        return MAYBE
    try:
        ia, ib = _interval(a), _interval(b)
    except Unknown:
        return MAYBE
    if isinstance(op, ast.Lt):
        return True if ia.hi < ib.lo else (False if ia.lo >= ib.hi else MAYBE)
    if isinstance(op, ast.LtE):
        return True if ia.hi <= ib.lo else (False if ia.lo > ib.hi else MAYBE)
    if isinstance(op, ast.Gt):
        return True if ia.lo > ib.hi else (False if ia.hi <= ib.lo else MAYBE)
    if isinstance(op, ast.GtE):
        return True if ia.lo >= ib.hi else (False if ia.hi < ib.lo else MAYBE)
    if isinstance(op, (ast.Eq, ast.NotEq)):
        if ia.hi < ib.lo or ib.hi < ia.lo:
            return isinstance(op, ast.NotEq)
    return MAYBE


def _bool_not(v: Any) -> Any:
    return MAYBE if _unknown(v) else (not v)


def _order(op: ast.cmpop, a: Any, b: Any) -> Any:
    try:
        if isinstance(op, ast.Lt):
            return a < b
        if isinstance(op, ast.LtE):
            return a <= b
        if isinstance(op, ast.Gt):
            return a > b
        if isinstance(op, ast.GtE):
            return a >= b
    except TypeError:
        return MAYBE
    return MAYBE


def _aggregate(name: str, xs: Any) -> Any:
    if isinstance(xs, list) and not _abstract(xs):
        return {"max_of": lambda: max(xs) if xs else 0, "min_of": lambda: min(xs) if xs else 0,
                "sum_of": lambda: sum(xs), "len_of": lambda: len(xs), "abs_of": lambda: abs(xs),  # type: ignore
                "any_of": lambda: any(xs), "all_of": lambda: all(xs)}[name]()
    if name == "abs_of":
        iv = _interval(xs)
        return Interval(0 if iv.lo <= 0 <= iv.hi else min(abs(iv.lo), abs(iv.hi)), max(abs(iv.lo), abs(iv.hi)))
    if name in ("any_of", "all_of"):
        return MAYBE
    if isinstance(xs, list):
        if name == "len_of":
            return len(xs)
        items = [_interval(x) for x in xs]
        if not items:
            return 0
        if name == "sum_of":
            out = Interval(0, 0)
            for iv in items:
                out = out + iv
            return out
        if name == "max_of":
            return Interval(max(i.lo for i in items), max(i.hi for i in items))
        return Interval(min(i.lo for i in items), min(i.hi for i in items))
    if isinstance(xs, Items):
        if name == "len_of":
            return Interval(xs.lo, xs.hi)
        if xs.hi == 0:
            return 0
        item = _interval(xs.item)
        if name == "sum_of":
            return Interval(min(_mul(item.lo, xs.lo), _mul(item.lo, xs.hi), 0),
                            max(_mul(item.hi, xs.lo), _mul(item.hi, xs.hi), 0))
        # max_of / min_of of an empty list is 0
        if xs.lo >= 1:
            return item
        return item.join(Interval(0, 0))
    raise Unknown(f"{name} of something unknown")
