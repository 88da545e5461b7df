"""Corrections: edits a recording program made outside the rules.

Rails has a correction mode in which a player forces a tile onto the map
(``CorrectionModeActivate,...,CORRECT_MAP``). Its reports record such a lay
between the correction markers; the importer turns it into a
``map_correction`` action, which only a game created with
``allow_corrections`` accepts. The tile is laid as given: no turn, no cost,
no tile rule is checked (that is what a correction is), and the game log
says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalAction

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


def apply_map_correction(game: "Game", action: "Action") -> None:
    if not getattr(game, "allow_corrections", False):
        raise IllegalAction("map corrections are accepted only when replaying a log that records them",
                            "correction")
    tile, hex_ = action.tile, action.hex
    if tile.hex is not None or tile not in game.tiles:
        raise IllegalAction(f"tile {tile.id} is not in the supply", "tile supply")
    old = hex_.tile
    tile.rotate(action.rotation)
    game.update_tile_lists(tile, old)
    hex_.lay(tile)
    if old.color in ("blue", "gray", "red"):
        game.reconnect_hex(hex_)
    game.clear_graph()
    game.log(f"correction by {game.describe_entity(action.entity)}: tile #{tile.name} with rotation "
             f"{action.rotation} put on {hex_.id} (outside the rules)")
