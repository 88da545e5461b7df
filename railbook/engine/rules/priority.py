"""The priority deal: who sits first in the next stock round, as the title's data says.

``after_last_to_act`` (the player after the last to act in the round just ended),
``first_to_pass``, ``most_cash`` or ``least_cash`` (ties keep the seating order), or
``most_cash_then_least_private_value`` (the seating order turned to start with the player who holds
strictly the most cash, or else with the holder of privates of the least face value).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def reorder_players(game: "GameState", order: str) -> None:
    """Seat the players anew for the rule ``order`` and say who has priority."""
    if order == "after_last_to_act":
        active = [p for p in game.players if not p.bankrupt]
        if not active:
            return
        player = active[game.round.entity_index % len(active)]
        i = game.players.index(player)
        game.players = game.players[i:] + game.players[:i]
    elif order == "first_to_pass":
        if game.round.pass_order:
            game.players = list(game.round.pass_order)
    elif order == "most_cash":
        current = list(reversed(game.players))
        game.players.sort(key=lambda p: (p.cash, current.index(p)), reverse=True)
    elif order == "most_cash_then_least_private_value":
        first = _richest_else_least_private_value(game.players)
        if first is not None:
            i = game.players.index(first)
            game.players = game.players[i:] + game.players[:i]
    elif order == "least_cash":
        current = list(game.players)
        game.players.sort(key=lambda p: (p.cash, current.index(p)))
    if game.players:
        game.log(f"{game.players[0].name} has priority deal")
    game.hook("priority_deal")


def _richest_else_least_private_value(players: list[Any]) -> Any:
    by_cash = sorted(players, key=lambda p: p.cash, reverse=True)
    if len(by_cash) > 1 and by_cash[0].cash > by_cash[1].cash:
        return by_cash[0]
    owners = [p for p in players if p.companies]
    return min(owners, key=lambda p: sum(c.value for c in p.companies)) if owners else None
