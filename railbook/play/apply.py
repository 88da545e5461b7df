"""One way to change a saved game, for every front end: ``railbook act`` and ``railbook serve``
both choose an action the same way (a number from the one legal listing, the route optimizer's
routes, or JSON in natural form), number it, let the rules judge it, record the result when the
game ends, and save the log atomically under the game file's lock. A refused action leaves the
file as it was; an action the disk refuses to save is taken back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from railbook.errors import ActionFormatError, GameError
from railbook.play import saves

if TYPE_CHECKING:
    from railbook.engine.game import Game

#: what ``railbook act`` writes for the route optimizer's routes
AUTO_ROUTES = "auto-routes"


@dataclass
class Applied:
    """A change made and saved: the log as saved, the game after it, and what happened, in words."""

    data: dict[str, Any]
    game: "Game"
    happened: list[str] = field(default_factory=list)


def chosen(game: "Game", choice: Any, value: Any = None) -> dict[str, Any]:
    """The action a player chose, ready to process. ``choice`` is the action's number in the one
    listing (:func:`railbook.play.listing.numbered`; ``value`` for its ranged field), ``auto-routes``,
    JSON text, or a request object: ``{"index": N, "value": V}``, ``{"best_routes": true}``,
    ``{"action": {...}}`` or the action itself (natural values allowed)."""
    from railbook.importers.json_input import parse_json
    from railbook.play.actions import read_written
    from railbook.play.listing import take, whole_number
    from railbook.play.routes import best_routes_action

    if game.finished:
        raise GameError("the game is over: nothing is legal any more", "game over")
    if isinstance(choice, str):
        text = choice.strip()
        if text.isdigit():             # "²" too: refused as no number, in words
            return take(game, whole_number(text, "action number"), value)
        if text == AUTO_ROUTES:
            return best_routes_action(game)
        choice = parse_json(text, "the action")
    if isinstance(choice, int) and not isinstance(choice, bool):
        return take(game, choice, value)
    if isinstance(choice, dict):
        if "index" in choice:
            return take(game, choice["index"], choice.get("value", value))
        if "best_routes" in choice:
            if choice["best_routes"] is not True:
                raise ActionFormatError("best_routes is true (the optimizer's routes) or left out")
            return best_routes_action(game)
        if "action" in choice:
            return read_written(game, choice["action"])
        return read_written(game, {k: v for k, v in choice.items() if k != "at"})
    return read_written(game, choice)


def commit(data: dict[str, Any], game: "Game", action: dict[str, Any],
           path: str | os.PathLike[str] | None) -> list[str]:
    """Take ``action`` in ``game`` (the game ``data`` is the log of) and save the log at ``path``
    (none: kept in memory): numbered as the log's next, its ``result`` written once the game ends.
    Returns the game's own words for what happened. Refused by the rules: the game and the log are
    as they were. Not saved: the log is as it was, and ``game`` must be read again from it."""
    recorded = saves.record(data, action)
    before = len(game.log_lines)
    game.process(recorded, at=recorded["created_at"])   # refused: the game is exactly as it was, nothing saved
    actions = data.setdefault("actions", [])
    result = data.pop("result", None)
    actions.append(game.history[-1])   # the action as the engine took it (its time the engine's own)
    if game.finished:
        data["result"] = {str(k): v for k, v in game.result().items()}
    if path is not None:
        try:
            saves.write_atomically(path, data)
        except BaseException:
            actions.pop()
            data.pop("result", None)
            if result is not None:
                data["result"] = result
            raise
    return list(game.log_lines[before:])


def commit_undo(data: dict[str, Any], game: "Game", path: str | os.PathLike[str] | None,
                reread: Callable[[dict[str, Any]], "Game"], action_id: int | None = None) -> "Game":
    """Take back the last action (or every action after ``action_id``): an ``undo`` is logged, the
    game read again with ``reread`` and the log saved (a game that ended is no longer over: its
    ``result`` goes). Returns the game as it now is; nothing is changed if it cannot be saved."""
    if not game.history:
        raise GameError("there is nothing to undo", "undo")
    if action_id is not None:
        ids = [a.get("id") for a in game.history]
        if action_id not in ids:
            raise ActionFormatError(f"no action {str(action_id)[:40]!r} is in the game to undo back to")
        if action_id == ids[-1]:
            raise GameError("that is the last action: there is nothing after it to undo", "undo")
    actions = data.setdefault("actions", [])
    result = data.pop("result", None)
    actions.append(saves.undo_record(data, game, action_id))
    try:
        after = reread(data)
        if path is not None:
            saves.write_atomically(path, data)
    except BaseException:
        actions.pop()
        if result is not None:
            data["result"] = result
        raise
    return after


def apply(game_file: str | os.PathLike[str], choice: Any, value: Any = None) -> Applied:
    """Take one action in the game saved at ``game_file`` (chosen as :func:`chosen` reads it) and
    save it, holding the file's lock while the game is read, played and written."""
    with saves.locked(game_file):
        data, game = saves.load_saved(str(game_file))
        happened = commit(data, game, chosen(game, choice, value), game_file)
        return Applied(data, game, happened)


def undo(game_file: str | os.PathLike[str], action_id: int | None = None) -> Applied:
    """Take back the last action of the game saved at ``game_file`` (or every one after ``action_id``)."""
    with saves.locked(game_file):
        data, game = saves.load_saved(str(game_file))
        after = commit_undo(data, game, game_file, lambda d: saves.game_of(d, source=str(game_file)), action_id)
        return Applied(data, after)
