"""Read a title folder: every YAML file, schema-checked, plus the rule hooks.

A title is split by concern into ``title.yaml``, ``trains.yaml``,
``privates.yaml``, ``corporations.yaml``, ``market.yaml``, ``map.yaml``,
``tiles.yaml`` and ``rules.hooks``. Shared tiles come from
``titles/common/tiles.yaml``. Worked examples (``examples/*.yaml``, scenarios the
rules summaries play on the engine) are read and schema-checked with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railbook.paths import COMMON_DIR, ROOT
from railbook.problems import Problems
from railbook.title.schema_check import SCHEMA_FILES, check_document
from railbook.files import FileRefused
from railbook.title.sources import EXAMPLE_SCHEMA, EXAMPLES_DIR, HOOKS_FILE, OPTIONAL, REQUIRED, read_source
from railbook.title.yaml_source import YamlDoc, YamlSyntaxError, load_yaml


@dataclass
class TitleSource:
    """Everything read from one title folder."""

    folder: Path
    docs: dict[str, YamlDoc] = field(default_factory=dict)
    common_tiles: YamlDoc | None = None
    examples: dict[str, YamlDoc] = field(default_factory=dict)   # examples/NAME.yaml, by file name
    hooks_text: str | None = None
    hooks_file: str | None = None
    problems: Problems = field(default_factory=Problems)

    def doc(self, name: str) -> YamlDoc | None:
        return self.docs.get(name)

    def data(self, name: str) -> dict[str, Any]:
        """A document's top-level mapping ({} where it is missing, empty or not a mapping: the schema
        check has said so)."""
        d = self.docs.get(name)
        return d.data if d is not None and isinstance(d.data, dict) else {}


def display_path(path: Path) -> str:
    """Paths in messages are relative to the checkout when possible (titles/<id>/...)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        try:
            return str(path.resolve().relative_to(ROOT))
        except ValueError:
            return str(path)


def _read(path: Path, problems: Problems, required: bool) -> YamlDoc | None:
    shown = display_path(path)
    if not path.exists():
        if required:
            problems.add(shown, 1, 1, "", "required file is missing")
        return None
    try:
        text = read_source(path).decode("utf-8")
    except FileRefused as exc:
        problems.add(shown, 1, 1, "", f"not read: it {exc.reason}")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        problems.add(shown, 1, 1, "", f"cannot read file: {exc}")
        return None
    try:
        return load_yaml(shown, text)
    except YamlSyntaxError as exc:
        problems.add(exc.file, exc.line, exc.col, "", exc.message)
        return None


def load_common_tiles(problems: Problems, only: set[str] | None = None) -> YamlDoc | None:
    """Read the common catalogue; schema-check the tiles in ``only`` (all if None).

    Checking the whole catalogue takes seconds, so a title checks just the tiles
    it uses; the test suite checks the whole catalogue once.
    """
    doc = _read(COMMON_DIR / "tiles.yaml", problems, True)
    if doc is None:
        return None
    if only is None or not isinstance(doc.data, dict) or not isinstance(doc.data.get("tiles"), dict):
        check_document(doc, "tiles.schema.json", problems)
        return doc
    subset = YamlDoc(file=doc.file, data={"tiles": {k: v for k, v in doc.data["tiles"].items() if k in only}},
                     positions=doc.positions, key_positions=doc.key_positions)
    check_document(subset, "tiles.schema.json", problems)
    return doc


def _referenced_tiles(src: "TitleSource") -> set[str]:
    names: set[str] = set()
    tiles = src.data("tiles.yaml")
    if isinstance(tiles, dict) and isinstance(tiles.get("counts"), dict):
        names.update(str(k) for k in tiles["counts"])
    map_ = src.data("map.yaml")
    if isinstance(map_, dict) and isinstance(map_.get("hexes"), dict):
        names.update(str(h["tile"]) for h in map_["hexes"].values() if isinstance(h, dict) and "tile" in h)
    return names


def load_source(folder: Path) -> TitleSource:
    """Read and schema-check a title folder; problems are collected, never raised."""
    src = TitleSource(folder=folder)
    if not folder.is_dir():
        src.problems.add(display_path(folder), 1, 1, "", "not a title folder (directory not found)")
        return src
    for name in REQUIRED + OPTIONAL:
        doc = _read(folder / name, src.problems, name in REQUIRED)
        if doc is None:
            continue
        src.docs[name] = doc
        check_document(doc, SCHEMA_FILES[name], src.problems)
    src.common_tiles = load_common_tiles(src.problems, _referenced_tiles(src))
    for path in sorted((folder / EXAMPLES_DIR).glob("*.yaml")):
        doc = _read(path, src.problems, True)
        if doc is not None:
            src.examples[path.name] = doc
            check_document(doc, EXAMPLE_SCHEMA, src.problems)
    hooks = folder / HOOKS_FILE
    if hooks.exists():
        try:
            src.hooks_text = read_source(hooks, folder).decode("utf-8")
            src.hooks_file = display_path(hooks)
        except FileRefused as exc:
            src.problems.add(display_path(hooks), 1, 1, "", f"not read: it {exc.reason}")
        except (OSError, UnicodeDecodeError) as exc:
            src.problems.add(display_path(hooks), 1, 1, "", f"cannot read file: {exc}")
    return src


