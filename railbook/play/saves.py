"""Saved games: 18xx.games-shaped JSON action logs, read back by replaying them and written atomically.

A saved game is the log of every action taken, undos included (an ``undo`` action takes back the
last move, or every move after ``action_id``), exactly as 18xx.games exports it: ``railbook
replay`` reads it, ``railbook act`` and ``railbook serve`` add to it. Writing goes to a temporary
file beside the game that is then moved over it, so a reader never sees half a game.
"""

from __future__ import annotations

import json
import os
import time
from typing import TYPE_CHECKING, Any, Callable

from railbook.errors import LogError

if TYPE_CHECKING:
    from railbook.engine.game import Game


def save(path: str, data: dict[str, Any]) -> None:
    """Write the game log at ``path`` atomically."""
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    os.replace(tmp, path)


def read_log(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise LogError(f"{path}: no such file") from None
    except json.JSONDecodeError as exc:
        raise LogError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except UnicodeDecodeError:
        raise LogError(f"{path}: not a text file") from None
    except IsADirectoryError:
        raise LogError(f"{path}: is a folder, not a game file") from None
    if not isinstance(data, dict):
        raise LogError(f"{path}: a game log is a JSON object")
    return data


def game_of(data: dict[str, Any], source: str = "",
            after: "Callable[[Game, dict[str, Any] | None], None] | None" = None) -> "Game":
    """The game a log describes, played up to its last live action (``after`` is told of the game
    as set up, with no action, then after each action)."""
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import new_game

    log = eighteen_xx.from_dict(data, source=source)
    game = new_game(log)
    if after is not None:
        after(game, None)
    for action, keep in zip(log.actions, log.live):
        if keep and action.get("type") not in ("undo", "redo"):
            game.process_action(action)
            if after is not None:
                after(game, action)
    return game


def load_saved(path: str) -> tuple[dict[str, Any], "Game"]:
    """A saved game's log and the game it describes."""
    data = read_log(path)
    return data, game_of(data, source=path)


def new_log(title: str, names: list[str], seed: int, optional_rules: list[str] | None = None,
            description: str = "") -> dict[str, Any]:
    """The log of a game not yet begun."""
    return {"id": seed, "title": title, "description": description,
            "players": [{"id": i + 1, "name": n} for i, n in enumerate(names)],
            "settings": {"seed": seed, "optional_rules": list(optional_rules or [])},
            "actions": []}


def next_id(data: dict[str, Any]) -> int:
    actions = data.get("actions") or []
    return int(actions[-1].get("id", len(actions))) + 1 if actions else 1


def record(data: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The action numbered as the log's next and stamped with the time (the caller appends it once
    the game has accepted it)."""
    out = dict(action)
    out["id"] = next_id(data)
    out.setdefault("created_at", int(time.time()))
    return out


def undo_record(data: dict[str, Any], game: "Game", action_id: int | None = None) -> dict[str, Any]:
    """The ``undo`` action that takes back the last move (or every move after ``action_id``),
    by whoever made the last one."""
    last = game.history[-1] if game.history else {}
    out: dict[str, Any] = {"type": "undo", "entity": last.get("entity"),
                           "entity_type": last.get("entity_type", "player"), "id": next_id(data),
                           "created_at": int(time.time())}
    if action_id is not None:
        out["action_id"] = action_id
    return out
