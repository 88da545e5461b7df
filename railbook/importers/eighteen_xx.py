"""Import 18xx.games game exports: players, seed, optional rules, and the action
log with undo/redo resolved the way that site resolves them.

A game railbook played itself may also change its title's data the way an optional
rule does (a balance study's ``--set trains[4].price=350``): its settings then list
``data_changes``, each ``{"set": PATH, "to": VALUE}``, applied after the optional rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railbook.engine.action_shapes import MAX_ID_LENGTH, check_shape
from railbook.engine.trace import PROGRAM
from railbook.errors import ActionFormatError, LogError
from railbook.importers.json_input import read_json


@dataclass
class GameLog:
    """A recorded game as read: its title, players, seed and optional rules, its actions (and which
    survive undos), and its result."""

    title: str
    players: list[tuple[Any, str]]
    seed: int | None
    game_id: Any
    optional_rules: list[str]
    actions: list[dict[str, Any]]             # every recorded action, undo and redo included
    live: list[bool] = field(default_factory=list)   # whether each action survives undo filtering
    result: dict[str, int] | None = None
    source: str = ""
    changes: list[tuple[str, Any]] = field(default_factory=list)   # data changes (settings.data_changes)

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
                # the last live action before this undo (nothing from here on has been read yet)
                undo_to = next((i for i in range(index - 1, -1, -1) if _undoable(live[i])), 0)
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


def as_played(game: Any, action: dict[str, Any]) -> dict[str, Any]:
    """A recorded action in this project's terms: a tile 18xx.games draws turned (tiles.yaml
    ``recorded_rotations``) is laid that many steps further round."""
    if action.get("type") != "lay_tile" or not isinstance(action.get("rotation"), int):
        return action
    tile = game.tile_by_id(action.get("tile"))
    offset = tile.definition.recorded_rotations.get(PROGRAM, 0) if tile is not None else 0
    return {**action, "rotation": (action["rotation"] + offset) % 6} if offset else action


def load(path: str | Path) -> GameLog:
    """Read an 18xx.games export (``.json``, or ``.json.gz`` as the reference games are kept); every way the file can be wrong is a located LogError."""
    return from_dict(read_json(path), source=str(path))


def _fail(source: str, where: str, message: str) -> LogError:
    return LogError(f"{source or '<game>'}: {where}: {message}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _id(v: Any) -> bool:
    return (_is_int(v) and v >= 0) or (isinstance(v, str) and 0 < len(v) <= MAX_ID_LENGTH)


def _players(data: Any, source: str) -> list[tuple[Any, str]]:
    if not isinstance(data, list) or not data:
        raise _fail(source, "players", f"must be a list of players, not {short(data)}")
    players: list[tuple[Any, str]] = []
    seen: dict[Any, int] = {}
    for i, p in enumerate(data):
        if isinstance(p, dict):
            pid, name = p.get("id", p.get("name")), p.get("name", p.get("id"))
        else:
            pid, name = p, p
        if not _id(pid):
            raise _fail(source, f"players[{i}]", f"a player's id is a whole number or a name, not {short(pid)}")
        if not isinstance(name, (str, int)) or isinstance(name, bool) or len(str(name)) > MAX_ID_LENGTH:
            raise _fail(source, f"players[{i}].name", f"a player's name is text, not {short(name)}")
        key = str(pid)
        if key in seen:
            raise _fail(source, f"players[{i}]", f"player id {pid!r} is also player {seen[key] + 1}'s: "
                                                 f"each player has an id of their own")
        seen[key] = i
        players.append((pid, str(name)))
    return players


def _settings(data: Any, source: str) -> tuple[int | None, list[str]]:
    if data is None:
        return None, []
    if not isinstance(data, dict):
        raise _fail(source, "settings", f"must be an object, not {short(data)}")
    seed = data.get("seed")
    if seed == "":
        seed = None
    if seed is not None and not (_is_int(seed) or isinstance(seed, str) and len(seed) <= MAX_ID_LENGTH):
        raise _fail(source, "settings.seed", f"a seed is a whole number, not {short(seed)}")
    rules = data.get("optional_rules") or []
    if not isinstance(rules, list) or not all(isinstance(r, str) and len(r) <= MAX_ID_LENGTH for r in rules):
        raise _fail(source, "settings.optional_rules", f"must be a list of rule ids, not {short(rules)}")
    return seed, list(rules)


def _changes(data: Any, source: str) -> list[tuple[str, Any]]:
    found = data.get("data_changes") if isinstance(data, dict) else None
    if found is None:
        return []
    if not isinstance(found, list):
        raise _fail(source, "settings.data_changes", f"must be a list of changes, not {short(found)}")
    changes = []
    for i, change in enumerate(found):
        if not isinstance(change, dict) or not isinstance(change.get("set"), str) or "to" not in change \
                or len(change["set"]) > MAX_ID_LENGTH:
            raise _fail(source, f"settings.data_changes[{i}]",
                        f'each change is {{"set": PATH, "to": VALUE}}, not {short(change)}')
        changes.append((change["set"], change["to"]))
    return changes


def _actions(data: Any, source: str) -> list[dict[str, Any]]:
    if data is None:
        return []
    if not isinstance(data, list):
        raise _fail(source, "actions", f"must be a list of actions, not {short(data)}")
    for i, a in enumerate(data):
        if not isinstance(a, dict):
            raise _fail(source, f"actions[{i}]", f"an action is a JSON object, not {short(a)}")
        if not isinstance(a.get("type"), str):
            raise _fail(source, f"actions[{i}]", f"an action names its type, not {short(a.get('type'))}")
        if a.get("type") in ("undo", "redo"):  # resolved here, never played: their shape is checked here
            try:
                check_shape(a)
            except ActionFormatError as exc:
                raise _fail(source, f"action {a.get('id', i + 1)}", exc.message) from None
    return list(data)


def _result(data: Any, source: str) -> dict[str, int] | None:
    if data is None or data == {}:
        return None if data is None else {}
    if not isinstance(data, dict) or not all(_is_int(v) for v in data.values()):
        raise _fail(source, "result", f"must map player ids to their scores, not {short(data)}")
    return {str(k): v for k, v in data.items()}


def from_dict(data: Any, source: str = "") -> GameLog:
    if not isinstance(data, dict) or "title" not in data or "players" not in data:
        raise LogError(f"{source or '<game>'}: not an 18xx.games game export (needs 'title' and 'players')")
    title = data["title"]
    if not isinstance(title, str) or not title:
        raise _fail(source, "title", f"a title is named by its id, not {short(title)}")
    players = _players(data["players"], source)
    seed, optional_rules = _settings(data.get("settings"), source)
    changes = _changes(data.get("settings"), source)
    actions = _actions(data.get("actions"), source)
    game_id = data.get("id", 0)
    if game_id is not None and not _id(game_id) and game_id != 0:
        raise _fail(source, "id", f"a game's id is a whole number or a name, not {short(game_id)}")
    try:
        live = filter_undos(actions)
    except LogError as exc:
        raise LogError(f"{source or '<game>'}: {exc}") from None
    return GameLog(title=title, players=players, seed=seed, game_id=game_id, optional_rules=optional_rules,
                   actions=actions, live=live, result=_result(data.get("result"), source), source=source,
                   changes=changes)


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
