"""Read a title folder: every YAML file, schema-checked, plus the rule hooks.

A title is split by concern into ``title.yaml``, ``trains.yaml``,
``privates.yaml``, ``corporations.yaml``, ``market.yaml``, ``map.yaml``,
``tiles.yaml`` and ``rules.hooks``. Shared tiles come from
``titles/common/tiles.yaml``. Worked examples (``examples/*.yaml``, scenarios the
rules summaries play on the engine) are read and schema-checked with them.

A title whose title.yaml says ``extends: PARENT`` is its parent's files with
changes (:func:`_load_child`): what a variant changes is written once, and a fix
to the parent reaches it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railbook.paths import COMMON_DIR, ROOT
from railbook.problems import Problems
from railbook.title.changes import VERBS, ChangeError, apply_source_change
from railbook.title.schema_check import SCHEMA_FILES, check_document
from railbook.files import FileRefused
from railbook.title.sources import (
    EXAMPLE_SCHEMA,
    EXAMPLES_DIR,
    HOOKS_FILE,
    MAX_EXTENDS_DEPTH,
    OPTIONAL,
    REQUIRED,
    extends_of,
    parent_folder,
    read_source,
)
from railbook.title.yaml_source import Pointer, YamlDoc, YamlSyntaxError, load_yaml


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
    parent: "TitleSource | None" = None      # the title this one extends, as read
    # the hooks of the titles it extends, farthest first, as (text, file): a hook of its own replaces theirs
    inherited_hooks: list[tuple[str, str]] = field(default_factory=list)
    own_title: YamlDoc | None = None         # a child's own title.yaml (extends, its keys, changes)

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


def load_source(folder: Path, _children: tuple[Path, ...] = ()) -> TitleSource:
    """Read and schema-check a title folder; problems are collected, never raised."""
    src = TitleSource(folder=folder)
    if not folder.is_dir():
        src.problems.add(display_path(folder), 1, 1, "", "not a title folder (directory not found)")
        return src
    title = _read(folder / "title.yaml", Problems(), True)
    if title is not None and isinstance(title.data, dict) and "extends" in title.data:
        return _load_child(src, title, _children)
    if title is None and extends_of(folder):   # a child whose title.yaml does not parse: say only that
        _read(folder / "title.yaml", src.problems, True)
        return src
    for name in REQUIRED + OPTIONAL:
        doc = _read(folder / name, src.problems, name in REQUIRED)
        if doc is None:
            continue
        src.docs[name] = doc
        check_document(doc, SCHEMA_FILES[name], src.problems)
    own = src.data("title.yaml")
    if "changes" in own:
        line, col = src.docs["title.yaml"].where(("changes",), key=True)
        src.problems.add(src.docs["title.yaml"].file, line, col, "$.changes",
                         "only a title that extends another has changes (an optional rule's changes go in the rule)")
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




# ---------------------------------------------------------------- a title that extends another

#: the keys of a child's title.yaml that are not title data
_CHILD_KEYS = ("extends", "changes")


def _load_child(src: TitleSource, own: YamlDoc, children: tuple[Path, ...]) -> TitleSource:
    """A title that ``extends`` another: the parent's documents, with the child's own files in place of
    the parent's, the keys of the child's title.yaml in place of the parent's, and then the child's
    ``changes`` made one by one, each on the data the changes before it left. The child's rules.hooks,
    if it has one, replaces the parent's. Every change that does not fit is a located error naming it."""
    folder = src.folder
    src.own_title = own
    check_document(own, SCHEMA_FILES["title.yaml"], src.problems)
    data: dict[str, Any] = own.data
    parent_id = str(data.get("extends"))
    if src.problems:
        return src
    where = own.where(("extends",))
    shown = own.file
    chain = children + (folder.resolve(),)
    parent_dir = parent_folder(folder, parent_id)
    if parent_dir is None:
        src.problems.add(shown, *where, "$.extends", f"no title {parent_id!r} to extend")
        return src
    if parent_dir.resolve() in chain:
        names = " -> ".join(p.name for p in chain + (parent_dir.resolve(),))
        src.problems.add(shown, *where, "$.extends", f"titles extend each other in a loop ({names})")
        return src
    if len(chain) > MAX_EXTENDS_DEPTH:
        src.problems.add(shown, *where, "$.extends", f"more than {MAX_EXTENDS_DEPTH} titles deep")
        return src
    parent = load_source(parent_dir, chain)
    src.parent = parent
    if parent.problems:
        src.problems.add(shown, *where, "$.extends",
                         f"the title it extends, {parent_id}, has {len(parent.problems)} problem(s), listed below")
        src.problems.extend(parent.problems)
        return src
    if "id" not in data:
        src.problems.add(shown, 1, 1, "$", "a title that extends another gives its own id (and name)")
    # the parent's documents, a file of the child's own in place of the parent's
    for name in REQUIRED + OPTIONAL:
        if name == "title.yaml":
            continue
        if (folder / name).exists():
            doc = _read(folder / name, src.problems, True)
            if doc is not None:
                src.docs[name] = doc
                check_document(doc, SCHEMA_FILES[name], src.problems)
        elif name in parent.docs:
            src.docs[name] = parent.docs[name]
    merged = copy.deepcopy(parent.data("title.yaml"))
    for key, value in data.items():
        if key not in _CHILD_KEYS:
            merged[key] = copy.deepcopy(value)
    positions = {p: own.where(("extends",)) for p in [()]}
    positions.update({p: lc for p, lc in own.positions.items() if p and p[0] not in _CHILD_KEYS})
    src.docs["title.yaml"] = YamlDoc(file=own.file, data=merged, positions=positions,
                                     key_positions={p: lc for p, lc in own.key_positions.items()
                                                    if p and p[0] not in _CHILD_KEYS})
    _apply_changes(src, own)
    if not src.problems:
        for name, doc in src.docs.items():
            if doc.file == own.file:
                check_document(doc, SCHEMA_FILES[name], src.problems)
    src.common_tiles = load_common_tiles(src.problems, _referenced_tiles(src))
    for path in sorted((folder / EXAMPLES_DIR).glob("*.yaml")):
        doc = _read(path, src.problems, True)
        if doc is not None:
            src.examples[path.name] = doc
            check_document(doc, EXAMPLE_SCHEMA, src.problems)
    src.inherited_hooks = list(parent.inherited_hooks)
    if parent.hooks_text is not None:
        src.inherited_hooks.append((parent.hooks_text, parent.hooks_file or HOOKS_FILE))
    hooks = folder / HOOKS_FILE
    if hooks.exists():
        try:
            src.hooks_text = hooks.read_text(encoding="utf-8")
            src.hooks_file = display_path(hooks)
        except (OSError, UnicodeDecodeError) as exc:
            src.problems.add(display_path(hooks), 1, 1, "", f"cannot read file: {exc}")
    return src


def _apply_changes(src: TitleSource, own: YamlDoc) -> None:
    """Make the child's changes in order on its documents. A document a change touches becomes the
    child's: its messages point into the child's title.yaml, at the change that made the value."""
    changes = own.data.get("changes") or []
    for j, change in enumerate(changes):
        verb = next(v for v in VERBS if v in change)   # the schema allows exactly one verb a change
        path = change[verb]
        target = _target_file(path)
        doc = src.docs.get(target) if target else None
        if target is not None and doc is not None and doc.file != own.file:   # the parent's: change a copy
            doc = YamlDoc(file=own.file, data=copy.deepcopy(doc.data), positions={(): own.where(("changes",))})
            src.docs[target] = doc
        data = {name: d.data for name, d in src.docs.items()}
        try:
            file, pointer = apply_source_change(data, verb, path, copy.deepcopy(change.get("to")))
        except ChangeError as exc:
            line, col = own.where(("changes", j, verb))
            src.problems.add(own.file, line, col, f"$.changes[{j}]", f"change {j + 1} ({verb} {path}): {exc}")
            continue
        _place(src.docs[file], pointer, own, ("changes", j, "to" if "to" in change else verb))


def _target_file(path: Any) -> str | None:
    from railbook.title.changes import source_location

    try:
        return source_location(path)[0]
    except ChangeError:
        return None


def _place(doc: YamlDoc, pointer: Pointer, own: YamlDoc, at: Pointer) -> None:
    """Point the changed value's positions (and everything under it) at the change that gave it."""
    doc.positions = {p: lc for p, lc in doc.positions.items() if p[:len(pointer)] != pointer}
    doc.positions[pointer] = own.where(at)
    for p, lc in own.positions.items():
        if p[:len(at)] == at and len(p) > len(at):
            doc.positions[pointer + p[len(at):]] = lc
