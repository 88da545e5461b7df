"""The route optimizer's routes for whoever runs trains now (where this railbook has the optimizer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.errors import ActionFormatError

if TYPE_CHECKING:
    from railbook.engine.game import Game


def has_optimizer() -> bool:
    try:
        import railbook.engine.routing  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def best_routes_action(game: "Game") -> dict[str, Any]:
    """The operating corporation's ``run_routes`` with the optimizer's best routes."""
    if not any(la.type == "run_routes" for la in game.legal_actions()):
        raise ActionFormatError("no corporation is to run trains now")
    try:
        from railbook.engine.routing import auto_routes_action  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise ActionFormatError("this railbook has no route optimizer yet; write the routes as JSON") from None
    found = auto_routes_action(game)
    if found is None:
        raise ActionFormatError("no corporation is to run trains now")
    return dict(found)
