"""``railbook init-title``: a new title folder that validates and plays at once.

The starter (``railbook/workbench/starter/``) is a small but complete title — four corporations
between two offboards, five trains, two privates, a rule hook — whose files say in comments what
to change. It is written with the new title's id and name, and its schema references point at
this railbook's schemas, so a YAML language server checks it as the designer types.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from railbook.errors import RailbookError
from railbook.paths import SCHEMA_DIR, TITLE_ID

STARTER = Path(__file__).resolve().parent / "starter"
FILES = ("title.yaml", "trains.yaml", "map.yaml", "market.yaml", "corporations.yaml", "privates.yaml",
         "tiles.yaml", "rules.hooks")


class InitError(RailbookError):
    """A new title folder that cannot be written (a bad name, a folder already there)."""


@dataclass(frozen=True)
class Started:
    folder: Path
    files: tuple[str, ...]


def init_title(name: str, parent: Path, force: bool = False) -> Started:
    """Write the title ``name`` in ``parent/name``: the starter, with its id and name."""
    if not TITLE_ID.match(name):
        raise InitError(f"{name!r} is not a title id: letters, digits, '_', '+' and '-', starting with a letter "
                        "or digit, at most 64")
    folder = parent / name
    if folder.exists() and not folder.is_dir():
        raise InitError(f"{folder} is a file, not a folder")
    if folder.exists() and any(folder.iterdir()) and not force:
        raise InitError(f"{folder} already exists and is not empty (--force writes over its files)")
    folder.mkdir(parents=True, exist_ok=True)
    for file in FILES:
        text = (STARTER / file).read_text(encoding="utf-8")
        (folder / file).write_text(_fill(text, name, folder, parent), encoding="utf-8")
    return Started(folder, FILES)


def _fill(text: str, name: str, folder: Path, parent: Path) -> str:
    schema = SCHEMA_DIR.resolve().as_uri() + "/"
    return (text.replace("../../schema/", schema).replace("__ID__", name).replace("__NAME__", name)
            .replace("__FOLDER__", str(folder)).replace("__PARENT__", str(parent)))

