"""Dividend options a title's data may set, and deductions before dividends.

* ``operating_round.half_dividend_rounding: corporation_down_to_10``: in a half
  dividend the corporation keeps half the revenue rounded down to a multiple
  of 10; the holders share the rest.
* ``operating_round.dividend_price_moves``: bands of the amount paid to the holders as a
  percent of the share price (below / at least), each with the columns it moves the price
  (negative: left), some only from a price on; the last band the payout fits applies.
* ``operating_round.dividend_jump_percents: [100, ...]``: a dividend moves the
  price one cell right for each listed percentage of the share price that the
  amount paid to the holders reaches (none reached: the price stays);
  withholding moves it left as usual.
* Before any dividend, mechanics may deduct what the corporation owes from its
  revenue (loan and bond interest, :mod:`.loans`); a revenue reduced to
  nothing pays no dividend and counts as withheld.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.mechanics.base import Mechanic, find
from railbook.engine.mechanics.compose import mix_into
from railbook.engine.rules.shares import log_share_price
from railbook.engine.steps.routes import DividendStep
from railbook.errors import GameError

if TYPE_CHECKING:
    from railbook.engine.state import GameState

Deduction = Callable[[Any, int], int]


class DividendRules(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        orr = game.rules.operating_round
        return bool(orr.half_dividend_rounding != "per_share" or orr.dividend_jump_percents or orr.dividend_price_moves
                    or game.title.model.loans is not None or any(c.definition.bonds for c in game.all_corporations))

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.deductions: list[Deduction] = []  # each: (corporation, revenue) -> revenue left

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return mix_into(steps, DividendStep, RuledDividendStep)


def add_deduction(game: "GameState", deduction: Deduction) -> None:
    """Have something owed paid before each dividend (it returns the revenue left to distribute)."""
    rules = find(game, DividendRules)
    if rules is None:  # pragma: no cover - the mechanic applies wherever something is owed
        raise GameError("dividends with deductions need the dividend rules", "title data")
    rules.deductions.append(deduction)


class RuledDividendStep:
    """Deductions, half-dividend rounding and price jumps (mixed in front of the title's dividend step)."""

    game: Any
    round: Any

    def pay(self, entity: Any, kind: str) -> None:
        game = self.game
        revenue = self.total_revenue()  # type: ignore[attr-defined]
        rules = find(game, DividendRules)
        for deduction in rules.deductions if rules is not None else ():
            revenue = deduction(entity, revenue)
        self.round.route_revenues = [revenue]
        self.round.extra_revenue = 0
        if revenue <= 0:
            kind = "withhold"
        rounding = game.rules.operating_round.half_dividend_rounding
        if kind == "half" and rounding == "corporation_down_to_10" and not entity.minor:
            kept = revenue // 2 // 10 * 10
            if kept > 0:
                game.bank.spend(kept, entity)
                game.log(f"{entity.name} keeps {game.format_money(kept)} of its revenue")
            self.round.route_revenues = [revenue - kept]
            super().pay(entity, "payout")  # type: ignore[misc]
            history = entity.operating_history.get((game.turn, self.round.round_num))
            if history is not None:
                history.update({"revenue": revenue, "kind": "half"})
            return
        super().pay(entity, kind)  # type: ignore[misc]

    def change_share_price(self, entity: Any, paid: int) -> None:
        bands = self.game.rules.operating_round.dividend_price_moves
        if bands and entity.share_price is not None:
            self.move_by_bands(entity, paid, bands)
            return
        jumps = self.game.rules.operating_round.dividend_jump_percents
        if not jumps or entity.share_price is None or paid <= 0:
            super().change_share_price(entity, paid)  # type: ignore[misc]
            return
        game = self.game
        old = entity.share_price
        price = old.price
        for percent in sorted(jumps):
            if paid * 100 >= percent * price:
                game.stock_market.move_right(entity)
        if entity.share_price is old:
            game.log(f"{entity.name}'s share price stays at {game.format_money(price)}")
        log_share_price(game, entity, old)

    def move_by_bands(self, entity: Any, paid: int, bands: Any) -> None:
        """``dividend_price_moves``: the last band the payout fits (as a percent of the price) moves it."""
        game = self.game
        old = entity.share_price
        price = old.price
        move = 0
        for band in bands:
            if band.below_percent is not None and not paid * 100 < band.below_percent * price:
                continue
            if band.at_least_percent is not None and not paid * 100 >= band.at_least_percent * price:
                continue
            if price < band.from_price:
                continue
            move = band.move
        for _ in range(abs(move)):
            if move > 0:
                game.stock_market.move_right(entity)
            else:
                game.stock_market.move_left(entity)
        if entity.share_price is old:
            game.log(f"{entity.name}'s share price stays at {game.format_money(price)}")
        log_share_price(game, entity, old)

