"""Import 18xx.games game exports: players, seed, optional rules, and the action
log with undo/redo resolved the way that site resolves them."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railbook.errors import LogError


@dataclass
class GameLog:
    title: str
    players: list[tuple[Any, str]]
    seed: int | None
    game_id: Any
    optional_rules: list[str]
    actions: list[dict[str, Any]]             # every recorded action, undo and redo included
    live: list[bool] = field(default_factory=list)   # whether each action survives undo filtering
    result: dict[str, int] | None = None
    source: str = ""

    def live_actions(self) -> list[dict[str, Any]]:
        return [a for a, keep in zip(self.actions, self.live) if keep]


def _undoable(action: dict[str, Any] | None) -> bool:
    """A live action that undo can take back (chat messages stay)."""
    return action is not None and action.get("type") != "message"


def filter_undos(actions: list[dict[str, Any]]) -> list[bool]:
    """Which actions survive: undo removes the last real action (or back to ``action_id``),
    redo restores the last undone batch, any other action forgets pending redos;
    chat messages are never undone."""
    live: list[dict[str, Any] | None] = [None] * len(actions)
    active_undos: list[list[tuple[dict[str, Any], int]]] = []
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is not None:
                if target == 0:
                    undo_to = 0
                else:
                    idx = next((i for i, a in enumerate(actions) if a.get("id") == target), None)
                    if idx is None:
                        raise LogError(f"undo names an unknown action id {target}")
                    undo_to = idx + 1
            else:
                undo_to = next((i for i in range(len(live) - 1, -1, -1) if _undoable(live[i])), 0)
            batch = []
            for i in range(undo_to, index):
                a = live[i]
                if a is None or a.get("type") == "message":
                    continue
                live[i] = None
                batch.append((a, i))
            active_undos.append(batch)
        elif kind == "redo":
            if active_undos:
                for a, i in active_undos.pop():
                    live[i] = a
        elif kind == "message":
            live[index] = action
        else:
            active_undos.clear()
            live[index] = action
    return [a is not None for a in live]


def load(path: str | Path) -> GameLog:
    """Read a game export (``.json``, or gzipped ``.json.gz`` as the reference games are kept)."""
    opener: Any = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        try:
            data = json.load(fh)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
        except (OSError, EOFError) as exc:   # a damaged gzip file
            raise LogError(f"{path}: not a readable gzip file: {exc}") from None
    return from_dict(data, source=str(path))


def from_dict(data: dict[str, Any], source: str = "") -> GameLog:
    if not isinstance(data, dict) or "title" not in data or "players" not in data:
        raise LogError(f"{source}: not an 18xx.games game export (needs 'title' and 'players')")
    players = []
    for p in data["players"]:
        if isinstance(p, dict):
            players.append((p.get("id", p.get("name")), p.get("name", str(p.get("id")))))
        else:
            players.append((p, str(p)))
    settings = data.get("settings") or {}
    seed = settings.get("seed")
    if seed == "":
        seed = None
    actions = list(data.get("actions") or [])
    return GameLog(title=str(data["title"]), players=players, seed=seed, game_id=data.get("id", 0),
                   optional_rules=list(settings.get("optional_rules") or []), actions=actions,
                   live=filter_undos(actions), result=data.get("result"), source=source)
