"""Corrections: edits a recording program made outside the rules.

Rails has correction modes in which a player forces a tile onto the map
(``CORRECT_MAP``) or changes someone's cash (``CORRECT_CASH``). Its reports
record them; the importer turns them into ``map_correction`` and
``cash_correction`` actions, which only a game created with
``allow_corrections`` accepts. They are applied as given: no turn, no cost,
no rule is checked (that is what a correction is), and the game log says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.map.token import Token
from railbook.engine.rules.track import reconnect_hex, update_tile_lists
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def apply_map_correction(game: "GameState", action: "Action") -> None:
    if not getattr(game, "allow_corrections", False):
        raise IllegalAction("map corrections are accepted only when replaying a log that records them",
                            "correction")
    tile, hex_ = action.tile, action.hex
    if tile.hex is not None or tile not in game.tiles:
        raise IllegalAction(f"tile {tile.id} is not in the supply", "tile supply")
    old = hex_.tile
    tile.rotate(action.rotation)
    update_tile_lists(game, tile, old)
    hex_.lay(tile)
    if old.color in ("blue", "gray", "red"):
        reconnect_hex(game, hex_)
    game.graph.clear()
    game.log(f"correction by {game.describe_entity(action.entity)}: tile #{tile.name} with rotation "
             f"{action.rotation} put on {hex_.id} (outside the rules)")


def apply_token_correction(game: "GameState", action: "Action") -> None:
    """A station forced onto the map (a token lay in Rails' correction mode): no turn, no cost."""
    if not getattr(game, "allow_corrections", False):
        raise IllegalAction("token corrections are accepted only when replaying a log that records them",
                            "correction")
    corp, city = action.entity, action.city
    token = corp.find_token_by_type() or Token(corp)
    if token not in corp.tokens:
        corp.tokens.append(token)
    city.exchange_token(token, cheater=city.get_slot(corp) is None)
    game.graph.clear()
    game.log(f"correction: {corp.name} gets a station on {city.hex.id} (outside the rules)")


def apply_cash_correction(game: "GameState", action: "Action") -> None:
    """A forced cash change (Rails' CORRECT_CASH): the bank pays the target, or the target the bank."""
    if not getattr(game, "allow_corrections", False):
        raise IllegalAction("cash corrections are accepted only when replaying a log that records them",
                            "correction")
    target = action.choice
    amount = int(action.price or 0)
    if amount > 0:
        game.bank.spend(amount, target, check_positive=False)
    elif amount < 0:
        target.spend(-amount, game.bank, check_cash=False)
    game.log(f"correction by {game.describe_entity(action.entity)}: {game.describe_entity(target)} "
             f"{'receives' if amount >= 0 else 'pays'} {game.format_money(abs(amount))} (outside the rules)")
