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
from railbook.paths import SCHEMA_DIR, TITLE_ID, find_title

STARTER = Path(__file__).resolve().parent / "starter"
FILES = ("title.yaml", "trains.yaml", "map.yaml", "market.yaml", "corporations.yaml", "privates.yaml",
         "tiles.yaml", "rules.hooks")


class InitError(RailbookError):
    """A new title folder that cannot be written (a bad name, a folder already there)."""


@dataclass(frozen=True)
class Started:
    folder: Path
    files: tuple[str, ...]


def init_title(name: str, parent: Path, force: bool = False, extends: str | None = None) -> Started:
    """Write the title ``name`` in ``parent/name``: the starter, with its id and name; or (``extends``)
    a child of a title railbook has, one title.yaml that plays as its parent until changes are added."""
    if not TITLE_ID.match(name):
        raise InitError(f"{name!r} is not a title id: letters, digits, '_', '+' and '-', starting with a letter "
                        "or digit, at most 64")
    folder = parent / name
    if folder.exists() and not folder.is_dir():
        raise InitError(f"{folder} is a file, not a folder")
    if folder.exists() and any(folder.iterdir()) and not force:
        raise InitError(f"{folder} already exists and is not empty (--force writes over its files)")
    if extends is not None:
        if find_title(extends) is None:
            raise InitError(f"cannot extend {extends!r}: railbook has no title of that id (railbook titles lists them)")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "title.yaml").write_text(_child(name, extends, folder, parent), encoding="utf-8")
        return Started(folder, ("title.yaml",))
    folder.mkdir(parents=True, exist_ok=True)
    for file in FILES:
        text = (STARTER / file).read_text(encoding="utf-8")
        (folder / file).write_text(_fill(text, name, folder, parent), encoding="utf-8")
    return Started(folder, FILES)


def _fill(text: str, name: str, folder: Path, parent: Path) -> str:
    schema = SCHEMA_DIR.resolve().as_uri() + "/"
    return (text.replace("../../schema/", schema).replace("__ID__", name).replace("__NAME__", name)
            .replace("__FOLDER__", str(folder)).replace("__PARENT__", str(parent)))


def _child(name: str, extends: str, folder: Path, parent: Path) -> str:
    schema = SCHEMA_DIR.resolve().as_uri() + "/title.schema.json"
    return f"""# yaml-language-server: $schema={schema}
# {name}: {extends} with changes, started with `railbook init-title --extends`. It plays as {extends}
# until you change something; then check it and see exactly what differs:
#   railbook validate {folder}
#   railbook diff {name} {extends} --titles {parent}
#   railbook new {name} --players 3 --titles {parent} -o game.json
# Keys given here replace the parent's title.yaml keys (bank, game_end, ...); a file of the parent's
# (trains.yaml, map.yaml, ...) put in this folder replaces that file whole; the changes below are made
# last, in order, each on what the ones before left. docs/authoring.md says more.
extends: "{extends}"
id: "{name}"
name: "{name}"
# aliases: ["{name} as 18xx.games exports name it"]
changes: []
# Changes, in the language of optional rules (values as the YAML files write them; list items named by
# a key):
#   - {{set: "trains[name=4].price", to: 350}}
#   - {{set: stock_round.sell_buy_order, to: sell_buy_sell}}
#   - {{remove: "privates[sym=XX]"}}
#   - {{add: trains, to: {{name: "8", distance: 8, price: 1000, count: 2}}}}
"""
