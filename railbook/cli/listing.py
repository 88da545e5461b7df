"""The numbered legal actions as ``railbook show`` prints them (the numbering and the words are
:mod:`railbook.play.listing`'s, shared with ``railbook serve``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.play.listing import context, describe, group, numbered

if TYPE_CHECKING:
    from railbook.engine.game import Game


def render_legal(game: "Game") -> str:
    """The numbered legal actions under their headings, with the context they need."""
    if game.finished:
        return "the game is over: nothing is legal any more"
    lines = context(game)
    heading = None
    for n, la in enumerate(numbered(game), 1):
        g = group(game, la)
        if g != heading:
            lines.append(f"{g}:")
            heading = g
        hint = "   (`act GAME auto-routes` runs them, or write routes as JSON)" if "routes" in la.open else ""
        lines.append(f"  {n:>3}  {describe(game, la)}{hint}")
    lines.append("take one with `railbook act GAME N` (a ranged value: `railbook act GAME N VALUE`), "
                 "or write the action as JSON")
    return "\n".join(lines)
