"""Load the titles a command names: a title id (as ``railbook titles`` lists
it) or a title folder, checked and compiled to a model plus hook metadata."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from railbook.compiler.compile import check_title
from railbook.errors import TitleError
from railbook.paths import title_dir
from railbook.problems import Problems


class TitleLoadError(TitleError):
    """A title named for a diff does not check: carries its located problems."""

    def __init__(self, target: str, problems: Problems):
        super().__init__(problems)
        self.target = target
        self.args = (f"{target}: {len(problems)} problem(s)",)

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class LoadedTitle:
    folder: Path
    model: dict[str, Any]
    hooks: Any


def is_title_folder(target: str) -> bool:
    folder = title_dir(target)
    return folder.is_dir() and (folder / "title.yaml").exists()


def load_title(target: str) -> LoadedTitle:
    """Check a title; raise ``TitleLoadError`` with every problem if it is broken."""
    folder = title_dir(target)
    src, model, hooks = check_title(folder)
    if model is None or src.problems:
        problems = src.problems if src.problems else Problems()
        if not problems:
            problems.add(str(folder), 1, 1, "", "not a title folder")
        raise TitleLoadError(target, problems)
    return LoadedTitle(folder, model, hooks)
