"""A compiled title, ready for games: its typed model with the game's optional rules
applied (and any data changes a study makes, the way optional rules make theirs), and
its hook functions."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from railbook.compiler.cache import load_compiled
from railbook.errors import GameError
from railbook.paths import title_dir, title_ids
from railbook.title.model import TitleModel, TitleRules
from railbook.title.typed import ModelError, replace_at, with_market_moves

_TITLES: dict[tuple[str, tuple[str, ...], str], "Title"] = {}

#: one change to a title's data: a change path (title/changes.py) and its new value
DataChange = tuple[str, Any]

#: a rule hook as compiled: called with the hook API and the hook point's arguments
Hook = Callable[..., Any]


@dataclass(frozen=True)
class Title:
    module: ModuleType
    model: TitleModel
    optional_rules: tuple[str, ...] = ()
    changes: tuple[DataChange, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> "Title":
        return self  # a title never changes: a copied game shares it

    @classmethod
    def load(cls, title: str, optional_rules: list[str] | tuple[str, ...] = (),
             changes: list[DataChange] | tuple[DataChange, ...] = ()) -> "Title":
        """The title with these optional rules and then these data changes (``("trains[4].price", 350)``,
        as an optional rule's ``{set: ..., to: ...}``); built once per process (games never change it)."""
        if not title_dir(title).is_dir():
            raise GameError(f"unknown title {title!r} (railbook has: {', '.join(title_ids())})", "title")
        try:
            module = load_compiled(title)
        except FileNotFoundError:
            raise GameError(f"unknown title {title!r}", "title") from None
        key = (module.SOURCE_HASH, tuple(optional_rules), json.dumps(list(changes), sort_keys=True, default=str))
        if key not in _TITLES:
            _TITLES[key] = cls.from_module(module, optional_rules).changed(changes)
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
                    model = replace_at(model, change.set, change.to)
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


def _after_change(model: TitleModel, path: str) -> TitleModel:
    """What follows from a change: a changed market grid has its moves worked out anew."""
    if path.startswith("market"):
        return dataclasses.replace(model, market=with_market_moves(model.market))
    return model
