"""Load YAML safely and remember where every value came from.

PyYAML's safe composer gives us a node tree with marks; we turn it into plain
Python data and a map from document paths to (line, column), so later checks
(schema, references) can point at the exact place in the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

Pointer = tuple[Any, ...]


@dataclass
class YamlDoc:
    """One YAML file: its data and the position of every node in it."""

    file: str
    data: Any
    positions: dict[Pointer, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Pointer, tuple[int, int]] = field(default_factory=dict)

    def where(self, pointer: Pointer, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the value at ``pointer``.

        Falls back to the nearest ancestor that has a position, so a missing
        key is reported at the mapping that should contain it.
        """
        table = self.key_positions if key else self.positions
        p = tuple(pointer)
        if key and p in table:
            return table[p]
        while True:
            if p in self.positions:
                return self.positions[p]
            if not p:
                return (1, 1)
            p = p[:-1]


class YamlSyntaxError(Exception):
    def __init__(self, file: str, line: int, col: int, message: str):
        self.file, self.line, self.col, self.message = file, line, col, message
        super().__init__(f"{file}:{line}:{col}: {message}")


class _DuplicateKey(Exception):
    def __init__(self, key: str, line: int, col: int, first_line: int):
        self.key, self.line, self.col, self.first_line = key, line, col, first_line


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int",
               "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}


#: limits on a title's YAML, so that a stranger's title cannot exhaust the machine: a file's size,
#: how many aliases it uses and how deeply it nests, how many values it expands to, and how many
#: digits a number may have
MAX_BYTES = 4 * 1024 * 1024
MAX_ALIASES = 200
MAX_DEPTH = 40
MAX_VALUES = 500_000
MAX_DIGITS = 15


class _Budget:
    def __init__(self) -> None:
        self.values = 0
        self.open: set[int] = set()  # the nodes being built now: one met again is an alias of itself


def _limit(doc: YamlDoc, node: yaml.Node, message: str) -> YamlSyntaxError:
    return YamlSyntaxError(doc.file, node.start_mark.line + 1, node.start_mark.column + 1, message)


def _construct(node: yaml.Node, pointer: Pointer, doc: YamlDoc, budget: _Budget | None = None) -> Any:
    budget = budget if budget is not None else _Budget()
    budget.values += 1
    if budget.values > MAX_VALUES:
        raise _limit(doc, node, f"the file expands to more than {MAX_VALUES} values (aliases repeat what they "
                                f"name): a title needs far fewer")
    doc.positions[pointer] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if node.tag not in _PLAIN_TAGS:
        raise YamlSyntaxError(doc.file, node.start_mark.line + 1, node.start_mark.column + 1,
                              f"unsupported YAML tag {node.tag!r}: titles hold plain data only")
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        if id(node) in budget.open:
            raise _limit(doc, node, "an alias refers to the value that contains it: the value would never end")
        budget.open.add(id(node))
        try:
            return _collection(node, pointer, doc, budget)
        finally:
            budget.open.discard(id(node))
    if node.tag == "tag:yaml.org,2002:int" and len(str(node.value).lstrip("+-").replace("_", "")) > MAX_DIGITS:
        raise _limit(doc, node, f"a number of {len(str(node.value))} digits: a title's numbers have at most "
                                f"{MAX_DIGITS} digits")
    value = _scalar(node)
    if isinstance(value, str) and "\x00" in value:
        raise _limit(doc, node, "a NUL character in text: titles hold printable text")
    return value


def _collection(node: yaml.Node, pointer: Pointer, doc: YamlDoc, budget: _Budget) -> Any:
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node)
            if isinstance(key, (list, dict)):
                raise YamlSyntaxError(doc.file, key_node.start_mark.line + 1,
                                      key_node.start_mark.column + 1, "a mapping key must be a plain value")
            if key in seen:
                raise _DuplicateKey(str(key), key_node.start_mark.line + 1,
                                    key_node.start_mark.column + 1, seen[key])
            seen[key] = key_node.start_mark.line + 1
            doc.key_positions[pointer + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _construct(value_node, pointer + (key,), doc, budget)
        return out
    return [_construct(v, pointer + (i,), doc, budget) for i, v in enumerate(node.value)]


_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class TitleLoader(_BASE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader with YAML 1.2 booleans: only true/false are booleans.

    YAML 1.1 reads ``on``, ``no`` and ``yes`` as booleans, which would turn a
    phase's ``on:`` key or Norway's ``NO`` into True/False.
    """


TitleLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
}
for _first in "tTfF":
    TitleLoader.yaml_implicit_resolvers.setdefault(_first, []).insert(
        0, ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")))

_CONSTRUCTOR = yaml.SafeLoader("")


def _scalar(node: yaml.Node) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        return [_scalar(n) for n in node.value] if isinstance(node, yaml.SequenceNode) else {}
    return _CONSTRUCTOR.construct_object(node, deep=True)


def load_yaml(path: Path | str, text: str | None = None) -> YamlDoc:
    """Parse one YAML file with the safe loader; raise YamlSyntaxError with a location."""
    file = str(path)
    if text is None:   # a regular file within its size, never a device or a pipe (railbook/files.py)
        from railbook.files import read_text_limited

        text = read_text_limited(path, MAX_BYTES, within=Path(path).parent)
    doc = YamlDoc(file=file, data=None)
    if len(text) > MAX_BYTES:
        raise YamlSyntaxError(file, 1, 1, f"{len(text)} characters: a title's file has at most {MAX_BYTES}")
    try:
        _check_events(file, text)
        node = yaml.compose(text, Loader=TitleLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or str(exc)
        context = f" ({exc.context})" if exc.context else ""
        raise YamlSyntaxError(file, line, col, f"YAML syntax error: {problem}{context}") from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (NUL, other controls)
        line, col = _where(text, exc.position)
        raise YamlSyntaxError(file, line, col, f"a character YAML does not allow ({_char(exc.character)}): "
                                               f"titles hold printable text") from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise YamlSyntaxError(file, 1, 1, f"YAML syntax error: {exc}") from None
    if node is None:
        doc.data = None
        return doc
    try:
        doc.data = _construct(node, (), doc)
    except _DuplicateKey as dup:
        raise YamlSyntaxError(file, dup.line, dup.col,
                              f"duplicate key {dup.key!r} (first defined on line {dup.first_line})") from None
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise YamlSyntaxError(file, line, col, f"cannot read value: {exc.problem}") from None
    return doc


def _check_events(file: str, text: str) -> None:
    """Count aliases and nesting from the parser's events, before anything is built from them."""
    aliases = depth = 0
    for event in yaml.parse(text, Loader=TitleLoader):
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                line, col = _mark(event)
                raise YamlSyntaxError(file, line, col, f"more than {MAX_ALIASES} aliases: a title's file uses far fewer")
        elif isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line, col = _mark(event)
                raise YamlSyntaxError(file, line, col,
                                      f"nested more than {MAX_DEPTH} levels deep: a title's data nests far less")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _mark(event: yaml.Event) -> tuple[int, int]:
    m = event.start_mark
    return (m.line + 1, m.column + 1) if m is not None else (1, 1)


def _where(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def _char(c: Any) -> str:
    code = ord(c) if isinstance(c, str) else int(c)
    return "NUL" if code == 0 else f"U+{code:04X}"


def format_pointer(pointer: Pointer) -> str:
    """('trains', 2, 'price') -> 'trains[2].price'."""
    out = ""
    for part in pointer:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            s = str(part)
            out += ("." if out else "") + (s if _plain(s) else repr(s))
    return out


def _plain(s: str) -> bool:
    return s.replace("_", "a").replace("-", "a").isalnum() and bool(s)
