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
  revenue (loan and bond interest, :mod:`.loans`, at the dividend step's "deduct before
  dividend"); a revenue reduced to nothing pays no dividend and counts as withheld.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.mechanics.base import Mechanic
from railbook.engine.points import Handler, Point
from railbook.engine.rules.shares import log_share_price
from railbook.engine.steps.routes import PAY_INSTEAD, PRICE_MOVE, REVENUE_LEFT, DividendStep

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class DividendRules(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        orr = game.rules.operating_round
        return bool(orr.half_dividend_rounding != "per_share" or orr.dividend_jump_percents or orr.dividend_price_moves
                    or game.title.model.loans is not None or any(c.definition.bonds for c in game.all_corporations))

    def handlers(self) -> list[tuple[Point, Handler]]:
        return [(REVENUE_LEFT, self.revenue_left), (PAY_INSTEAD, self.corporation_keeps_half),
                (PRICE_MOVE, self.move_by_payout)]

    def revenue_left(self, step: DividendStep, entity: Corporation, revenue: int, kind: str) -> str:
        """What is left once interest is paid is the revenue distributed; nothing left pays no
        dividend and counts as withheld."""
        step.round.route_revenues = [revenue]
        step.round.extra_revenue = 0
        return "withhold" if revenue <= 0 else kind

    def corporation_keeps_half(self, step: DividendStep, entity: Corporation, kind: str) -> bool:
        """``half_dividend_rounding: corporation_down_to_10``: in a half dividend the corporation keeps
        half its revenue rounded down to a multiple of 10, the holders share the rest."""
        game = self.game
        rounding = game.rules.operating_round.half_dividend_rounding
        if kind != "half" or rounding != "corporation_down_to_10" or entity.minor:
            return False
        revenue = step.total_revenue()
        kept = revenue // 2 // 10 * 10
        if kept > 0:
            game.bank.spend(kept, entity)
            game.log(f"{entity.name} keeps {game.format_money(kept)} of its revenue")
        step.round.route_revenues = [revenue - kept]
        step.distribute(entity, "payout")
        history = entity.operating_history.get((game.turn, step.round.round_num))
        if history is not None:
            history.update({"revenue": revenue, "kind": "half"})
        return True

    def move_by_payout(self, step: DividendStep, entity: Corporation, paid: int) -> bool:
        """``dividend_price_moves`` bands, else ``dividend_jump_percents``: how far a payout moves the price
        depends on what it is worth against the price."""
        bands = self.game.rules.operating_round.dividend_price_moves
        if bands and entity.share_price is not None:
            self.move_by_bands(entity, paid, bands)
            return True
        jumps = self.game.rules.operating_round.dividend_jump_percents
        if not jumps or entity.share_price is None or paid <= 0:
            return False
        game = self.game
        old = entity.share_price
        price = old.price
        for percent in sorted(jumps):
            if paid * 100 >= percent * price:
                game.stock_market.move_right(entity)
        if entity.share_price is old:
            game.log(f"{entity.name}'s share price stays at {game.format_money(price)}")
        log_share_price(game, entity, old)
        return True

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
