"""Parse hook source into the AST, with errors that show the line and a caret
and name the tokens that could have come next."""

from __future__ import annotations

from functools import lru_cache
from typing import TypedDict

from lark import Lark, ParseTree, Token, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.tree import Branch

from railbook.dsl import ast as A
from railbook.paths import GRAMMAR_FILE

# friendly names for terminals in "expected ..." lists
TOKEN_NAMES = {
    "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "LSQB": "'['", "RSQB": "']'",
    "COMMA": "','", "DOT": "'.'", "EQUAL": "'='", "COLON": "':'", "MINUS": "'-'", "PLUS": "'+'",
    "NAME": "a name", "INT": "a number", "STRING": "a string", "_NL": "end of line",
    "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '//' or '%'", "$END": "end of file",
}


class HookSyntaxError(Exception):
    def __init__(self, line: int, col: int, message: str, context: str = ""):
        self.line, self.col, self.message, self.context = line, col, message, context
        super().__init__(f"{line}:{col}: {message}")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR_FILE.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                maybe_placeholders=True)


def _expected(names: set[str]) -> str:
    shown = sorted({TOKEN_NAMES.get(n, f"'{n.lower()}'" if n.isupper() else n) for n in names})
    return ", ".join(shown)


def parse(text: str) -> A.Program:
    """Parse a whole rules.hooks file."""
    if not text.endswith("\n"):
        text += "\n"
    if len(text) > MAX_CHARS:
        raise HookSyntaxError(1, 1, f"{len(text)} characters: a rules.hooks file has at most {MAX_CHARS}")
    for i, ch in enumerate(text):
        if ch < " " and ch not in "\n\r\t" or ch == "\x7f":
            line, col = text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1
            raise HookSyntaxError(line, col, f"a control character (U+{ord(ch):04X}) in the hooks: they hold "
                                             f"printable text")
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text) from None
    _check_depth(tree)
    return _Builder().program(tree)


#: limits on a stranger's hooks: the file's size, how deeply its constructs nest, a number's digits
MAX_CHARS = 1_000_000
MAX_NESTING = 60
MAX_DIGITS = 15
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}


def _check_depth(tree: ParseTree) -> None:
    """Refuse constructs nested more deeply than :data:`MAX_NESTING` (walked without recursion, so
    a deep tree cannot exhaust the stack before it is refused)."""
    work: list[tuple[Branch[Token], int]] = [(tree, 0)]
    while work:
        node, depth = work.pop()
        if not isinstance(node, Tree):
            continue
        if depth > MAX_NESTING:
            meta = node.meta
            raise HookSyntaxError(getattr(meta, "line", 1) or 1, getattr(meta, "column", 1) or 1,
                                  f"nested more than {MAX_NESTING} levels deep: split it into smaller parts")
        work.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))


def _string(token: Token) -> str:
    """A string literal's text: only the escapes \\", \\\\, \\n and \\t mean anything."""
    raw = str(token)[1:-1]
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\":
            nxt = raw[i + 1] if i + 1 < len(raw) else ""
            if nxt not in _ESCAPES:
                raise HookSyntaxError(token.line or 1, (token.column or 1) + i + 1,
                                      f"unknown escape '\\{nxt}' in a string (strings may use \\\", \\\\, "
                                      f"\\n and \\t)")
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _integer(token: Token) -> int:
    digits = str(token)
    if len(digits) > MAX_DIGITS:
        raise HookSyntaxError(token.line or 1, token.column or 1,
                              f"a number of {len(digits)} digits: hooks' numbers have at most {MAX_DIGITS}")
    return int(digits)


def _syntax_error(exc: UnexpectedInput, text: str) -> HookSyntaxError:
    context = exc.get_context(text, span=40).rstrip("\n")
    line, col = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        found = "end of file" if tok.type == "$END" else ("end of line" if tok.type == "_NL" else repr(str(tok)))
        expected = _expected(set(exc.accepts or exc.expected))
        if tok.type == "$END":
            line, col = text.count("\n"), 1
        return HookSyntaxError(line, col, f"unexpected {found}; expected {expected}", context)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream  # always set by UnexpectedCharacters; Optional on the base class
        ch = text[pos] if pos is not None and pos < len(text) else "?"
        expected = _expected(set(exc.allowed or []))
        return HookSyntaxError(line, col, f"unexpected character {ch!r}; expected {expected}", context)
    if isinstance(exc, UnexpectedEOF):
        return HookSyntaxError(text.count("\n"), 1,
                               f"unexpected end of file; expected {_expected(set(exc.expected))}", context)
    return HookSyntaxError(line, col, str(exc), context)  # pragma: no cover


class _Pos(TypedDict):
    line: int
    col: int


def _tree(node: Branch[Token] | None) -> ParseTree:
    """The grammar puts a rule (never a bare token or a missing optional) where this is called."""
    if not isinstance(node, Tree):  # pragma: no cover - the grammar rules it out
        raise TypeError(f"expected a parse-tree node, got {node!r}")
    return node


class _Builder:
    """Lark parse tree -> AST dataclasses."""

    def program(self, tree: ParseTree) -> A.Program:
        return A.Program([self.hook(h) for h in tree.children if isinstance(h, Tree)], line=1, col=1)

    def _pos(self, node: Branch[Token]) -> _Pos:
        if isinstance(node, Token):
            return {"line": node.line or 0, "col": node.column or 0}
        meta = node.meta
        return {"line": getattr(meta, "line", 0) or 0, "col": getattr(meta, "column", 0) or 0}

    def hook(self, t: ParseTree) -> A.Hook:
        if t.data == "event_hook":
            name, block = t.children
            return A.Hook(str(name), [], self.block(block), event=True, **self._pos(t))
        name, params, block = t.children
        names = [str(p) for p in _tree(params).children] if params is not None else []
        return A.Hook(str(name), names, self.block(block), **self._pos(t))

    def block(self, node: Branch[Token]) -> list[A.Stmt]:
        return [self.stmt(s) for s in _tree(node).children if s is not None]

    def stmt(self, node: Branch[Token]) -> A.Stmt:
        t = _tree(node)
        pos = self._pos(t)
        kind = t.data
        c = t.children
        if kind == "let_stmt":
            return A.Let(str(c[0]), self.expr(c[1]), **pos)
        if kind == "assign_stmt":
            return A.Assign(str(c[0]), self.expr(c[1]), **pos)
        if kind == "augassign_stmt":
            return A.Assign(str(c[0]), self.expr(c[1]), augmented=True, **pos)
        if kind == "if_stmt":
            branches = [(self.expr(c[0]), self.block(c[1]))]
            orelse = None
            for clause in c[2:]:
                if clause is None:
                    continue
                extra = _tree(clause)
                if extra.data == "elif_clause":
                    branches.append((self.expr(extra.children[0]), self.block(extra.children[1])))
                else:
                    orelse = self.block(extra.children[0])
            return A.If(branches, orelse, **pos)
        if kind == "for_stmt":
            return A.For(str(c[0]), self.expr(c[1]), self.block(c[2]), **pos)
        if kind == "return_stmt":
            return A.Return(self.expr(c[0]) if c and c[0] is not None else None, **pos)
        if kind == "fail_stmt":
            return A.Fail(self.expr(c[0]), **pos)
        if kind == "add_stmt":
            return A.Add(self.expr(c[0]), **pos)
        return A.ExprStmt(self.expr(c[0] if kind == "expr_stmt" else t), **pos)

    def args(self, t: Branch[Token] | None) -> list[A.Expr]:
        return [] if t is None else [self.expr(a) for a in _tree(t).children]

    def expr(self, t: Branch[Token]) -> A.Expr:
        pos = self._pos(t)
        if isinstance(t, Token):  # pragma: no cover - every token is wrapped by a rule
            raise HookSyntaxError(pos["line"], pos["col"], f"unexpected {t!s}")
        k, c = t.data, t.children
        if k == "name":
            return A.Name(str(c[0]), **pos)
        if k == "int_lit":
            return A.Int(_integer(c[0]), **pos)  # type: ignore[arg-type]
        if k == "str_lit":
            return A.Str(_string(c[0]), **pos)  # type: ignore[arg-type]
        if k == "true_lit":
            return A.Bool(True, **pos)
        if k == "false_lit":
            return A.Bool(False, **pos)
        if k == "none_lit":
            return A.NoneLit(**pos)
        if k == "list_lit":
            return A.ListLit(self.args(c[0]), **pos)
        if k == "comprehension":
            cond = self.expr(c[3]) if len(c) > 3 and c[3] is not None else None
            return A.Comprehension(self.expr(c[0]), str(c[1]), self.expr(c[2]), cond, **pos)
        if k == "call":
            return A.Call(str(c[0]), self.args(c[1]), **pos)
        if k == "method_call":
            return A.MethodCall(self.expr(c[0]), str(c[1]), self.args(c[2]), **pos)
        if k == "attribute":
            return A.Attribute(self.expr(c[0]), str(c[1]), **pos)
        if k == "index":
            return A.Index(self.expr(c[0]), self.expr(c[1]), **pos)
        if k == "binop":
            return A.BinOp(str(c[1]), self.expr(c[0]), self.expr(c[2]), **pos)
        if k == "compare":
            return A.Compare(str(c[1]), self.expr(c[0]), self.expr(c[2]), **pos)
        if k == "contains":
            return A.Compare("in", self.expr(c[0]), self.expr(c[1]), **pos)
        if k in ("or_op", "and_op"):
            return A.BoolOp(k[:-3], self.expr(c[0]), self.expr(c[1]), **pos)
        if k == "not_op":
            return A.Not(self.expr(c[0]), **pos)
        if k == "neg":
            return A.Neg(self.expr(c[0]), **pos)
        raise HookSyntaxError(pos["line"], pos["col"], f"unsupported construct {k}")  # pragma: no cover
