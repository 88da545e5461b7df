"""Problems a person can act on: where (file:line:col), what (a path into the
document) and why (a plain sentence).

Every check of a title reports through :class:`Problems` instead of raising, so
``railbook validate`` can show all of them at once; a title that does not compile
raises :class:`railbook.errors.TitleError` carrying them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator


@dataclass(frozen=True, order=True)
class Problem:
    """One problem with a title: where it is (file, line, column), the path into the document, and why;
    problems sort by place."""

    file: str
    line: int
    col: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


#: the longest message a problem keeps
MAX_MESSAGE = 500


@dataclass
class Problems:
    """An ordered, de-duplicated collection of problems."""

    items: list[Problem] = field(default_factory=list)

    def add(self, file: str | Path, line: int, col: int, path: str, message: str) -> None:
        if len(message) > MAX_MESSAGE:   # a message quotes at most a short excerpt of what it is about
            message = message[:MAX_MESSAGE - 3] + "..."
        p = Problem(str(file), int(line), int(col), path, message)
        if p not in self.items:
            self.items.append(p)

    def extend(self, other: "Problems") -> None:
        for p in other.items:
            if p not in self.items:
                self.items.append(p)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Problem]:
        return iter(sorted(self.items, key=lambda p: (p.file, p.line, p.col, p.path, p.message)))
