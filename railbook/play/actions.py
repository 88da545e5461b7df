"""An action as a person writes it (``railbook act GAME JSON``, ``POST /api/act``): held to the
declared shape of its type when it is written as logs write it, else read in natural form (a
player's name, tile 57, par 67) against the legal list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.errors import ActionFormatError, RailbookError

if TYPE_CHECKING:
    from railbook.engine.game import Game

#: fields only a log's actions carry: an action giving them is read exactly as a log's would be
BOOKKEEPING = frozenset({"id", "entity_type", "auto_actions", "created_at", "user"})


def read_written(game: "Game", action: Any) -> dict[str, Any]:
    """The action meant by ``action`` (parsed JSON), ready to process: in natural form where it is
    one, else as written (who acts filled in), for the rules to judge; numbered by the caller."""
    from railbook.engine import natural
    from railbook.engine.action_shapes import check_shape

    try:
        check_shape(action)
    except ActionFormatError as not_exact:
        # not an action as logs write it: perhaps one in natural form (names, tile 57, par 67), which
        # says what is done and by whom, never its bookkeeping (those are held to the log's shape)
        if not isinstance(action, dict) or BOOKKEEPING & action.keys():
            raise
        try:
            return natural.read(game, action)
        except RailbookError as natural_error:
            # written in natural form, so the natural reading's error is the one that helps: the
            # actions it fits, the name it does not know (not the log shape's "unknown player")
            if "type" not in action:
                raise not_exact from None
            raise natural_error from None
    if "id" in action:
        raise ActionFormatError("the action gives an id: the actions saved are numbered as they are saved")
    if "auto_actions" not in action:   # natural form says one move: auto actions are judged as written
        try:
            return natural.read(game, action)
        except RailbookError:
            pass  # the rules say why it is refused, naming their rule
    action = dict(action)
    if "entity" not in action:
        ent = game.current_entity
        if ent is None:
            raise ActionFormatError("nobody is to act now: the action must name its entity")
        action["entity"] = ent.id
        action["entity_type"] = ("player" if ent.is_player() else "company" if ent.is_company()
                                 else "corporation")
    action.setdefault("entity_type", "player")
    return action
