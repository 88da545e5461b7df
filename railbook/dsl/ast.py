"""The hook AST: one small dataclass per construct, each with its position."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


@dataclass
class Node:
    line: int = field(default=0, kw_only=True)
    col: int = field(default=0, kw_only=True)


# ---- expressions

@dataclass
class Name(Node):
    id: str


@dataclass
class Int(Node):
    value: int


@dataclass
class Str(Node):
    value: str


@dataclass
class Bool(Node):
    value: bool


@dataclass
class NoneLit(Node):
    pass


@dataclass
class ListLit(Node):
    items: list["Expr"]


@dataclass
class Comprehension(Node):
    element: "Expr"
    var: str
    iterable: "Expr"
    condition: Optional["Expr"]


@dataclass
class Call(Node):
    func: str
    args: list["Expr"]


@dataclass
class MethodCall(Node):
    receiver: "Expr"
    method: str
    args: list["Expr"]


@dataclass
class Attribute(Node):
    receiver: "Expr"
    attr: str


@dataclass
class Index(Node):
    receiver: "Expr"
    index: "Expr"


@dataclass
class BinOp(Node):
    op: str
    left: "Expr"
    right: "Expr"


@dataclass
class Compare(Node):
    op: str
    left: "Expr"
    right: "Expr"


@dataclass
class BoolOp(Node):
    op: str  # "and" | "or"
    left: "Expr"
    right: "Expr"


@dataclass
class Not(Node):
    operand: "Expr"


@dataclass
class Neg(Node):
    operand: "Expr"


Expr = Union[Name, Int, Str, Bool, NoneLit, ListLit, Comprehension, Call, MethodCall, Attribute, Index,
             BinOp, Compare, BoolOp, Not, Neg]


# ---- statements

@dataclass
class Let(Node):
    name: str
    value: Expr


@dataclass
class Assign(Node):
    name: str
    value: Expr
    augmented: bool = False


@dataclass
class If(Node):
    branches: list[tuple[Expr, list["Stmt"]]]
    orelse: Optional[list["Stmt"]]


@dataclass
class For(Node):
    var: str
    iterable: Expr
    body: list["Stmt"]


@dataclass
class Return(Node):
    value: Optional[Expr]


@dataclass
class Fail(Node):
    message: Expr


@dataclass
class Add(Node):
    value: Expr


@dataclass
class ExprStmt(Node):
    value: Expr


Stmt = Union[Let, Assign, If, For, Return, Fail, Add, ExprStmt]


@dataclass
class Hook(Node):
    name: str
    params: list[str]
    body: list[Stmt]
    event: bool = False


@dataclass
class Program(Node):
    hooks: list[Hook]
