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


def _construct(node: yaml.Node, pointer: Pointer, doc: YamlDoc) -> Any:
    doc.positions[pointer] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if node.tag not in _PLAIN_TAGS:
        raise YamlSyntaxError(doc.file, node.start_mark.line + 1, node.start_mark.column + 1,
                              f"unsupported YAML tag {node.tag!r}: titles hold plain data only")
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
            out[key] = _construct(value_node, pointer + (key,), doc)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_construct(v, pointer + (i,), doc) for i, v in enumerate(node.value)]
    return _scalar(node)


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
    if text is None:
        text = Path(path).read_text(encoding="utf-8")
    doc = YamlDoc(file=file, data=None)
    try:
        node = yaml.compose(text, Loader=TitleLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or str(exc)
        context = f" ({exc.context})" if exc.context else ""
        raise YamlSyntaxError(file, line, col, f"YAML syntax error: {problem}{context}") from None
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
