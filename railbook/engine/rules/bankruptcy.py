"""Emergency money and bankruptcy: what a president could still raise, and going bankrupt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.player import Player
from railbook.engine.rules.shares import bundles_for_corporation
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def sellable_bundles(game: "GameState", player: Player, corp: Any) -> list[Any]:
    """The player's bundles of a corporation that the step now in play would let them sell.

    Emergency money is judged by the step the game is in: in the train-buying
    step, the bundles emergency selling allows; in any other step, none (so a
    president who declares bankruptcy elsewhere counts only cash), as
    18xx.games judges it.
    """
    step = game.round.active_step()
    judge = getattr(step, "can_sell_emergency", None)
    if judge is None:
        return []
    return [b for b in bundles_for_corporation(game, player, corp) if judge(player, b)]


def liquidity(game: "GameState", player: Player) -> int:
    """Cash plus, for each corporation, the best bundle the player could sell now in an emergency."""
    value = player.cash
    if not (game.turn > 1 or not game.round.stock()):
        return value
    for corp in list(player.shares_by_corporation):
        value += max((b.price() for b in sellable_bundles(game, player, corp)), default=0)
    return value


def total_emr_buying_power(game: "GameState", player: Player, corp: Any) -> int:
    return liquidity(game, player) + (corp.cash if corp is not None else 0)


def can_go_bankrupt(game: "GameState", player: Player, corp: Any) -> bool:
    if not game.rules.bankruptcy.allowed:
        return False
    cheapest = game.depot.min_depot_price()
    if player.cash + (corp.cash if corp is not None else 0) >= cheapest:
        return False   # the cash alone buys the train: what the shares would raise only adds to it
    return total_emr_buying_power(game, player, corp) < cheapest


def refuse_unless_may_go_bankrupt(game: "GameState", player: Player, corp: Any) -> None:
    """A bankruptcy the rules do not make a way out is refused, with the figures that decide it."""
    if player is None or not player.is_player():
        raise IllegalAction(f"{corp.name} has no president who could go bankrupt", "bankruptcy")
    if not can_go_bankrupt(game, player, corp):
        raise IllegalAction(
            f"{player.name} cannot go bankrupt: {corp.name}'s cash plus {player.name}'s cash and sellable shares "
            f"total {game.format_money(total_emr_buying_power(game, player, corp))}, and the cheapest train costs "
            f"{game.format_money(game.depot.min_depot_price())}", "bankruptcy")


def declare_bankrupt(game: "GameState", player: Player) -> None:
    if player.bankrupt:
        raise IllegalAction(f"{player.name} is already bankrupt", "bankruptcy")
    player.bankrupt = True


def charge_debt_interest(game: "GameState") -> None:
    """A set of operating rounds begins: every player in debt (``president_borrows``) owes its
    ``debt_interest_percent`` more, rounded up."""
    rule = game.rules.operating_round.emergency_buy.president_borrows
    if rule is None or not rule.debt_interest_percent:
        return
    for p in game.players:
        if p.cash < 0:
            interest = -(p.cash * rule.debt_interest_percent // 100)    # rounded up: the debt is negative
            if interest > 0:
                p.spend(interest, game.bank, check_cash=False)
                game.log(f"{p.name} is in debt and borrows {game.format_money(interest)} more in interest")
