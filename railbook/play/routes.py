"""The route optimizer's routes for whoever runs trains now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.errors import ActionFormatError

if TYPE_CHECKING:
    from railbook.engine.game import Game


def best_routes_action(game: "Game") -> dict[str, Any]:
    """The operating corporation's ``run_routes`` with the optimizer's best routes."""
    from railbook.engine.routing import auto_routes_action

    best = auto_routes_action(game)
    if best is None:
        raise ActionFormatError("no corporation is to run trains now")
    return dict(best)
