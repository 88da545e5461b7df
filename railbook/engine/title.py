"""A compiled title, ready for games: its typed model with the game's optional rules
applied, and its hook functions."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from railbook.compiler.cache import load_compiled
from railbook.errors import GameError
from railbook.paths import title_dir, title_ids
from railbook.title.model import TitleModel, TitleRules
from railbook.title.typed import ModelError, apply_change, with_market_moves

_TITLES: dict[tuple[str, tuple[str, ...]], "Title"] = {}

#: a rule hook as compiled: called with the hook API and the hook point's arguments
Hook = Callable[..., Any]


@dataclass(frozen=True)
class Title:
    module: ModuleType
    model: TitleModel
    optional_rules: tuple[str, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> "Title":
        return self  # a title never changes: a copied game shares it

    @classmethod
    def load(cls, title: str, optional_rules: list[str] | tuple[str, ...] = ()) -> "Title":
        """The title with these optional rules; built once per process (games never change it)."""
        if not title_dir(title).is_dir():
            raise GameError(f"unknown title {title!r} (railbook has: {', '.join(title_ids())})", "title")
        try:
            module = load_compiled(title)
        except FileNotFoundError:
            raise GameError(f"unknown title {title!r}", "title") from None
        key = (module.SOURCE_HASH, tuple(optional_rules))
        if key not in _TITLES:
            _TITLES[key] = cls.from_module(module, optional_rules)
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
                if change.set.startswith("market"):
                    model = dataclasses.replace(model, market=with_market_moves(model.market))
        return cls(module=module, model=model, optional_rules=tuple(chosen))

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
