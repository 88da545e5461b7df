"""When the game ends: the title's triggers, how soon each ends it, and the final scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from railbook.engine.game import Game


def apply_last_set_skips(game: "Game") -> None:
    """Once a trigger that ends the game after one more set has fired, the operating rounds
    after the next stock round skip the steps its rule names (e.g. no track, no tokens)."""
    if not game.game_end_trigger:
        return
    reason = game.game_end_trigger[0]
    for rule in game.t["game_end"]:
        if rule["trigger"] == reason and rule.get("last_set_skips"):
            game.skipped_steps.update(rule["last_set_skips"])
