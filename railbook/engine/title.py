"""A compiled title, ready for games: its typed model with the game's optional rules
applied (and any data changes a study makes, the way optional rules make theirs), and
its hook functions."""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from railbook.compiler.cache import load_compiled
from railbook.engine.map.tile import TileShape
from railbook.errors import GameError
from railbook.paths import known_titles
from railbook.title.model import TitleModel, TitleRules
from railbook.title.sources import find_title_or_alias
from railbook.title.typed import ModelError, apply_change, replace_at, with_market_moves

_TITLES: dict[tuple[str, str, tuple[str, ...], str], "Title"] = {}

#: one change to a title's data: a change path (title/changes.py) and its new value
DataChange = tuple[str, Any]

#: a rule hook as compiled: called with the hook API and the hook point's arguments
Hook = Callable[..., Any]


@dataclass(frozen=True)
class Title:
    """A compiled title loaded for games: its hooks module and model with the game's optional rules and
    changes applied."""

    module: ModuleType
    model: TitleModel
    optional_rules: tuple[str, ...] = ()
    changes: tuple[DataChange, ...] = ()
    #: the folder it was loaded from (a copy of a title is its own: its errors name its own files)
    folder: str = field(default="", compare=False)
    # what every copy of a tile definition shares, by the definition (the model keeps it alive)
    tile_shapes: dict[int, TileShape] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Title":
        return self  # a title never changes: a copied game shares it

    @classmethod
    def load(cls, title: str, optional_rules: list[str] | tuple[str, ...] = (),
             changes: list[DataChange] | tuple[DataChange, ...] = ()) -> "Title":
        """The title with this id (as ``railbook titles`` lists them; a log names its title so)
        with these optional rules and then these data changes (``("trains[4].price", 350)``, as an
        optional rule's ``{set: ..., to: ...}``); built once per process (games never change it).
        An id is looked up among titles/ and the folders the user listed; it is never a path."""
        folder = find_title_or_alias(title) if isinstance(title, str) else None
        if folder is None:
            known = ", ".join(sorted(known_titles()))
            hint = (" (a title is named by its id, never by a path)" if isinstance(title, str)
                    and any(ch in title for ch in "/\\.") else "")
            raise GameError(f"unknown title {title!r}{hint}; railbook has: {known} (more with --titles DIR)",
                            "title")
        return cls.from_folder(folder, optional_rules, changes)

    @classmethod
    def from_folder(cls, folder: str | os.PathLike[str], optional_rules: list[str] | tuple[str, ...] = (),
                    changes: list[DataChange] | tuple[DataChange, ...] = ()) -> "Title":
        """The title in this folder (a program's or a person's explicit choice, never a log's)."""
        if not Path(folder).is_dir():
            raise GameError(f"no title folder at {folder}", "title")
        try:
            module = load_compiled(Path(folder))
        except FileNotFoundError:
            raise GameError(f"no title folder at {folder}", "title") from None
        where = str(Path(folder).resolve())
        key = (module.SOURCE_HASH, where, tuple(optional_rules), _key(changes))
        if key not in _TITLES:
            _TITLES[key] = dataclasses.replace(cls.from_module(module, optional_rules), folder=where).changed(changes)
        return _TITLES[key]

    @classmethod
    def from_module(cls, module: ModuleType, optional_rules: list[str] | tuple[str, ...] = ()) -> "Title":
        model: TitleModel = module.MODEL
        known = {o.id: o for o in model.title.optional_rules}
        chosen = []
        for rule in optional_rules:
            if rule not in known:
                raise GameError(f"unknown optional rule {rule!r} (this title has: "
                                f"{', '.join(known) or 'none'})", "optional rules")
            chosen.append(rule)
            for change in known[rule].changes:
                try:
                    model = apply_change(model, change)
                except ModelError as exc:  # pragma: no cover - the compiler checked every change
                    raise GameError(f"optional rule {rule!r}: {exc}", "optional rules") from None
                model = _after_change(model, change.set)
        return cls(module=module, model=model, optional_rules=tuple(chosen))

    def changed(self, changes: list[DataChange] | tuple[DataChange, ...]) -> "Title":
        """The title with its data changed at these paths, checked as the compiler checks an optional
        rule's changes: a path that names nothing, or a value of the wrong kind, is a GameError."""
        model = self.model
        for path, value in changes:
            try:
                model = _after_change(replace_at(model, path, value), path)
            except ModelError as exc:
                raise GameError(f"data change {path}={json.dumps(value)}: {exc}", "data changes") from None
        if not changes:
            return self
        return dataclasses.replace(self, model=model, changes=self.changes + tuple(changes))

    def for_players(self, count: int) -> "Title":
        """The title as a game of ``count`` players plays it: with the optional rules marked ``always``
        for that count (a variant by player count, such as a two-player variant) besides those chosen,
        and then the same data changes."""
        variants = tuple(o.id for o in self.model.title.optional_rules
                         if o.always and count in o.players and o.id not in self.optional_rules)
        if not variants:
            return self
        key = (self.module.SOURCE_HASH, self.folder, self.optional_rules + variants, _key(self.changes))
        if key not in _TITLES:
            _TITLES[key] = dataclasses.replace(Title.from_module(self.module, self.optional_rules + variants),
                                               folder=self.folder).changed(self.changes)
        return _TITLES[key]

    def tile_shape(self, definition: Any) -> TileShape:
        """The shape of this title's tile definition (made once: every game's copies share it)."""
        shape = self.tile_shapes.get(id(definition))
        if shape is None or shape.definition is not definition:
            shape = self.tile_shapes[id(definition)] = TileShape(definition)
        return shape

    @property
    def id(self) -> str:
        return self.model.title.id

    @property
    def rules(self) -> TitleRules:
        """title.yaml: players, money, limits, the rules of the rounds, the game's end."""
        return self.model.title

    def hook(self, name: str) -> Hook | None:
        found: Hook | None = self.module.HOOKS.get(name)
        return found

    def event_hook(self, name: str) -> Hook | None:
        found: Hook | None = self.module.EVENT_HOOKS.get(name)
        return found


def _key(changes: list[DataChange] | tuple[DataChange, ...]) -> str:
    return json.dumps([list(c) for c in changes], sort_keys=True, default=str)


def _after_change(model: TitleModel, path: str) -> TitleModel:
    """What follows from a change: a changed market grid has its moves worked out anew."""
    if path.startswith("market"):
        return dataclasses.replace(model, market=with_market_moves(model.market))
    return model
