"""Where the normalizer reports what a schema cannot check: located problems, from pointers
into the source documents."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from railbook.problems import Problems
from railbook.title.yaml_source import YamlDoc, format_pointer


@dataclass
class Checker:
    """Collects reference problems with locations from the source documents."""

    problems: Problems
    docs: dict[str, YamlDoc] = field(default_factory=dict)

    def add(self, doc_name: str, pointer: tuple[Any, ...], message: str, key: bool = False) -> None:
        doc = self.docs.get(doc_name)
        if doc is None:
            self.problems.add(doc_name, 1, 1, format_pointer(pointer), message)
            return
        line, col = doc.where(pointer, key=key)
        self.problems.add(doc.file, line, col, format_pointer(pointer), message)
