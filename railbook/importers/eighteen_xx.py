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


def filter_undos(actions: list[dict[str, Any]]) -> list[bool]:
    """Which actions survive: undo removes the last real action (or back to ``action_id``),
    redo restores the last undone batch, any other action forgets pending redos;
    chat messages are never undone.

    Linear in the log: the live actions undo can take back are kept as a stack of their
    positions (always in order: only the latest are taken back, and a redo puts back ones later
    than any still live), and an ``action_id`` is found through a table of the ids."""
    live: list[dict[str, Any] | None] = [None] * len(actions)
    active_undos: list[list[tuple[dict[str, Any], int]]] = []
    undoable: list[int] = []                   # positions of the live actions undo can take back
    first_at: dict[Any, int] = {}
    for i, a in enumerate(actions):
        key = a.get("id")
        if isinstance(key, (int, str, float)) and key not in first_at:
            first_at[key] = i
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is not None:
                if target == 0:
                    undo_to = 0
                else:
                    idx = first_at.get(target) if isinstance(target, (int, str, float)) else None
                    if idx is None:
                        raise LogError(f"undo names an unknown action id {str(target)[:60]}")
                    undo_to = idx + 1
            else:
                # the last live action before this undo (nothing from here on has been read yet)
                undo_to = undoable[-1] if undoable else index
            batch: list[tuple[dict[str, Any], int]] = []
            while undoable and undoable[-1] >= undo_to:
                i = undoable.pop()
                taken = live[i]
                live[i] = None
                if taken is not None:
                    batch.append((taken, i))
            batch.reverse()
            active_undos.append(batch)
        elif kind == "redo":
            if active_undos:
                for a, i in active_undos.pop():
                    live[i] = a
                    undoable.append(i)
        elif kind == "message":
            live[index] = action
        else:
            active_undos.clear()
            live[index] = action
            undoable.append(index)
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
    if isinstance(seed, str) and seed.strip().isdigit() and len(seed.strip()) <= 20:
        seed = int(seed.strip())     # a seed some exports write as text
    if seed is not None and not _is_int(seed):
        raise _fail(source, "settings.seed", f"a seed is a whole number, not {short(seed)}")
    if seed is not None and not 0 <= seed < 2 ** 64:
        raise _fail(source, "settings.seed", f"a seed is a whole number from 0 to 2^64 - 1, not {short(seed)}")
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
        problem = _beyond_maxima(change["set"], change["to"])
        if problem is not None:
            raise _fail(source, f"settings.data_changes[{i}]", problem)
        changes.append((change["set"], change["to"]))
    return changes


#: what a value of a change may be when the schema gives the field no maximum (money, as in an action)
MAX_CHANGE_VALUE = 10 ** 9
_maxima: dict[str, int] = {}


def schema_maxima() -> dict[str, int]:
    """The largest maximum the title schemas give a field of each name (``count``: 1000): what a data
    change may set it to. A count of ten million trains is refused before a title is built of it."""
    if not _maxima:
        import json

        from railbook.paths import SCHEMA_DIR

        def walk(node: Any, key: str | None) -> None:
            if isinstance(node, dict):
                if key is not None and isinstance(node.get("maximum"), int):
                    _maxima[key] = max(_maxima.get(key, 0), node["maximum"])
                for k, v in node.items():
                    walk(v, key if k in ("items", "oneOf", "anyOf", "additionalProperties") else k)
            elif isinstance(node, list):
                for v in node:
                    walk(v, key)
        for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
            walk(json.loads(path.read_text(encoding="utf-8")), None)
    return _maxima


def _beyond_maxima(path: str, value: Any, depth: int = 0) -> str | None:
    """Whether a change's value passes the schema's maxima (checked by the field's name), at any depth."""
    key = path.rsplit(".", 1)[-1].split("[", 1)[0]
    if depth > 20:
        return f"{path}: the value nests too deeply"
    if _is_int(value):
        high = schema_maxima().get(key, MAX_CHANGE_VALUE)
        if abs(value) > high:
            return f"{path}: {value} is greater than the maximum of {high}"
    elif isinstance(value, dict):
        for k, v in value.items():
            found = _beyond_maxima(f"{path}.{k}", v, depth + 1)
            if found is not None:
                return found
    elif isinstance(value, list):
        for k, v in enumerate(value):
            found = _beyond_maxima(f"{path}[{k}]", v, depth + 1)
            if found is not None:
                return found
    return None


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
