"""railbook: 18xx railway board games written as data, compiled, played, documented and compared.

The library's surface::

    from railbook import Game, Title
    game = Game(Title.load(title_id), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=7)
    game.process({"type": "pass", "entity": 1, "entity_type": "player"})   # an 18xx.games-shaped action
    game.current_entity, game.legal_actions(), game.undo()

Every error railbook raises is a :class:`RailbookError` (see :mod:`railbook.errors`).
Nothing in this package knows any particular title: every rule comes from the title's
data in ``titles/`` and its rule hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.errors import (
    ActionError,
    ActionFormatError,
    GameError,
    IllegalAction,
    LogError,
    NotYourTurn,
    RailbookError,
    TitleError,
)
from railbook.version import __version__

if TYPE_CHECKING:
    from railbook.engine.game import Game
    from railbook.engine.title import Title

__all__ = ["ActionError", "ActionFormatError", "Game", "GameError", "IllegalAction", "LogError", "NotYourTurn",
           "RailbookError", "Title", "TitleError", "__version__"]


def __getattr__(name: str) -> Any:
    """The engine loads on first use: a command that only checks or documents a title never needs it."""
    if name == "Game":
        from railbook.engine.game import Game

        return Game
    if name == "Title":
        from railbook.engine.title import Title

        return Title
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
