"""A balance study: which games to play, as a list of pure tasks.

A study is a title, its optional rules, data changes (``--set PATH=VALUE``, applied the
way an optional rule applies its ``{set: PATH, to: VALUE}``), player counts, bots and
seeds. A ``--set`` with several values (``trains[4].price=250,300,350``) or several
player counts make a *sweep*: every combination is a variant, and each variant plays
the same seeds (so its games differ only by what the variant changes). Each game is a
:class:`GameTask`, a pure function of its fields: the same task gives the same row. A row
names its game and nothing about the study that asked for it, so the report finds the
variants in the rows themselves (what differs between them).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

import yaml

from railbook.errors import GameError, StudyError

def change_text(path: str, value: Any) -> str:
    """A data change as the rows and the report print it: ``trains[4].price=350``."""
    return f"{path}={json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(',', ':'))}"


def parse_change(text: str) -> tuple[str, Any]:
    """``PATH=VALUE`` as printed by :func:`change_text` (the value is JSON)."""
    path, _, value = text.partition("=")
    return path, json.loads(value)


def _split_values(text: str) -> list[str]:
    """Comma-separated values, commas inside brackets, braces or quotes excepted."""
    parts, depth, quote, current = [], 0, "", ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += ch
    parts.append(current)
    return [p.strip() for p in parts]


def parse_set(text: str) -> tuple[str, tuple[Any, ...]]:
    """``--set PATH=VALUE[,VALUE...]``: the path and its values (each read as a YAML scalar or flow value)."""
    path, sep, values = text.partition("=")
    path = path.strip()
    if not sep or not path or not values.strip():
        raise StudyError(f"--set {text!r}: write PATH=VALUE, e.g. trains[4].price=350 (several values: 300,350)")
    out = []
    for value in _split_values(values):
        try:
            out.append(yaml.safe_load(value))
        except yaml.YAMLError:
            raise StudyError(f"--set {text!r}: {value!r} is not a value") from None
    return path, tuple(out)


@dataclass(frozen=True)
class GameTask:
    """One game of a study: everything it depends on, and nothing else."""

    title: str
    players: int
    bots: tuple[str, ...]          # seat by seat
    seed: int
    options: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()  # change_text() of each data change, in order
    max_actions: int = 20_000
    #: where the title was found (``--titles``): a fresh worker process looks there too; not part of
    #: the game (the title's source hash in each row says what was played)
    title_folders: tuple[str, ...] = ()

    def data_changes(self) -> tuple[tuple[str, Any], ...]:
        return tuple(parse_change(c) for c in self.changes)

    def key(self) -> str:
        """What makes two games the same game."""
        return key_of({"title": self.title, "players": self.players, "bots": list(self.bots), "seed": self.seed,
                       "options": list(self.options), "changes": list(self.changes),
                       "max_actions": self.max_actions})


def key_of(row: dict[str, Any]) -> str:
    fields = ("title", "players", "bots", "seed", "options", "changes", "max_actions")
    return json.dumps([row[f] if not isinstance(row[f], tuple) else list(row[f]) for f in fields],
                      separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Variant:
    players: int
    changes: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Study:
    title: str
    games: int
    players: tuple[int, ...]
    bots: tuple[str, ...]
    seed: int = 1
    options: tuple[str, ...] = ()
    sets: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    rotate: bool = False           # the bots move one seat on every game
    max_actions: int = 20_000

    def variants(self) -> list[Variant]:
        return [Variant(players, tuple((path, value) for (path, _), value in zip(self.sets, combo)))
                for players in self.players for combo in itertools.product(*(values for _, values in self.sets))]

    def seats(self, players: int, game: int) -> tuple[str, ...]:
        base = [self.bots[i % len(self.bots)] for i in range(players)]
        shift = game % players if self.rotate else 0
        return tuple(base[(i + shift) % players] for i in range(players))

    def tasks(self) -> list[GameTask]:
        from railbook.paths import listed_title_folders

        folders = tuple(str(f.resolve()) for f in listed_title_folders())
        return [GameTask(title=self.title, players=v.players, bots=self.seats(v.players, k), seed=self.seed + k,
                         options=self.options, changes=tuple(change_text(p, x) for p, x in v.changes),
                         max_actions=self.max_actions, title_folders=folders)
                for v in self.variants() for k in range(self.games)]

    def check(self) -> None:
        """Every variant's title loads (its optional rules exist, its data changes name data of the
        right kind) and its player count is allowed: a bad study stops before any game is played."""
        from railbook.bots.selfplay import BOTS
        from railbook.engine.title import Title

        unknown = [b for b in self.bots if b not in BOTS]
        if unknown or not self.bots:
            raise StudyError(f"unknown bot {', '.join(unknown) or '(none)'}; railbook has: {', '.join(BOTS)}")
        if self.games < 1:
            raise StudyError("--games must be at least 1")
        for v in self.variants():
            try:
                title = Title.load(self.title, self.options, v.changes)
            except GameError as exc:
                raise StudyError(exc.message) from None
            low, high = title.rules.players.min, title.rules.players.max
            if not low <= v.players <= high:
                raise StudyError(f"{title.rules.name} is for {low}-{high} players, not {v.players}")
