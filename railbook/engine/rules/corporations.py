"""Corporations coming and going: becoming available, the operating order, closing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.rules.insolvency import update_insolvency
from railbook.engine.rules.tokens import place_home_token

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def make_available(game: "GameState", corp: Corporation) -> None:
    if corp in game.waiting_corporations:
        game.waiting_corporations.remove(corp)
        game.corporations.append(corp)


def operating_order(game: "GameState", first: bool = False) -> list[Corporation]:
    """Minors first, then corporations by price (highest, rightmost, topmost, first arrived first); in the
    game's first operating round (``first``) with ``first_operating_order: lowest_price_first``, the
    lowest price first, then the first to arrive on the cell."""
    minors = [m for m in game.minors if m.floated() and not m.closed]
    corps = [c for c in game.corporations if c.floated() or (c.float_on_operate and c.float_ready())]
    if first and game.rules.operating_round.first_operating_order == "lowest_price_first":
        corps.sort(key=lambda c: (c.share_price.price, c.share_price.corporations.index(c))
                   if c.share_price is not None and c in c.share_price.corporations else (math.inf, 0))
    else:
        corps.sort(key=lambda c: c.sort_key() or (math.inf,))
    return minors + corps


def close_corporation(game: "GameState", corp: Corporation) -> None:
    """The corporation leaves the game: its stations come off the map (the cities they filled are
    open again to everyone), its cash goes to the bank, its privates close, its certificates are void."""
    game.log(f"{corp.name} closes")
    lifted = False
    for h in game.hexes:
        for city in h.tile.cities:
            for token in list(city.tokens):
                if token is not None and token.corporation is corp:
                    token.remove()
                    lifted = True
    if lifted:
        game.graph.clear()
    corp.set_cash(0, game.bank)
    for t in list(corp.trains):
        t.buyable_ = False
    for c in list(corp.companies):
        c.close()
    for holder in list(corp.share_holders):
        holder.shares_by_corporation.pop(corp, None)
    game.share_pool.shares_by_corporation.pop(corp, None)
    corp.close()
    if corp in game.corporations:
        game.corporations.remove(corp)
    if corp in game.minors:
        game.minors.remove(corp)


def after_end_of_operating_turn(game: "GameState", operator: Any) -> None:
    if operator is not None and hasattr(operator, "turns_operated"):
        operator.turns_operated += 1
    update_insolvency(game, operator)
    if operator is not None:
        game.hook("operating_turn_end", operator)


def withdraw_corporation(game: "GameState", corp: Corporation) -> None:
    """The corporation leaves the game before it is parred: its home station is placed and stays on
    the map (others cannot pass a city it fills), the slots it reserved elsewhere are free again, and
    nothing lists it any more."""
    place_home_token(game, corp)
    for ability in [a for a in corp.abilities if a.type == "reservation"]:
        corp.remove_ability(ability)
    for group in (game.corporations, game.all_corporations, game.waiting_corporations):
        if corp in group:
            group.remove(corp)
    game.graph.clear()

