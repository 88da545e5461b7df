"""A compiled title, ready for a game: its tables with the game's optional rules
applied, and its hook functions."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from railbook.compiler.cache import load_compiled
from railbook.errors import GameError
from railbook.paths import title_dir, title_ids
from railbook.title.changes import apply_changes
from railbook.title.market_moves import market_moves


def thaw(value: Any) -> Any:
    """Compiled tables are tuples and dicts; a game gets its own mutable copy."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


_TITLES: dict[tuple[str, tuple[str, ...]], "Title"] = {}


@dataclass
class Title:
    module: ModuleType
    optional_rules: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

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
        data = {
            "title": thaw(module.TITLE), "trains": thaw(module.TRAINS), "phases": thaw(module.PHASES),
            "privates": thaw(module.PRIVATES), "corporations": thaw(module.CORPORATIONS),
            "minors": thaw(module.MINORS), "loans": thaw(module.LOANS), "market": thaw(module.MARKET),
            "map": thaw(module.MAP), "tiles": thaw(module.TILES), "tile_counts": thaw(module.TILE_COUNTS),
            "upgrades": thaw(module.UPGRADES),
        }
        known = {o["id"]: o for o in data["title"]["optional_rules"]}
        chosen = []
        for rule in optional_rules:
            if rule not in known:
                raise GameError(f"unknown optional rule {rule!r} (this title has: "
                                f"{', '.join(known) or 'none'})", "optional rules")
            chosen.append(rule)
            apply_changes(data, copy.deepcopy(known[rule].get("changes", [])))
            if any(str(c.get("set", "")).startswith("market") for c in known[rule].get("changes", [])):
                data["market"]["moves"] = market_moves(data["market"]["grid"])  # a changed grid moves anew
        return cls(module=module, optional_rules=tuple(chosen), data=data)

    @property
    def id(self) -> str:
        return str(self.data["title"]["id"])

    @property
    def t(self) -> dict[str, Any]:
        return self.data["title"]

    def hook(self, name: str) -> Callable[..., Any] | None:
        return self.module.HOOKS.get(name)

    def event_hook(self, name: str) -> Callable[..., Any] | None:
        return self.module.EVENT_HOOKS.get(name)
