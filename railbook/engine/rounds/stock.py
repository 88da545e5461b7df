"""The stock round: players in turn buy, sell and par until all pass in a row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.rounds.base import Round
from railbook.engine.rules.shares import log_share_price, sold_out, sold_out_rise

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class StockRound(Round):
    kind = "stock"
    name = "Stock Round"
    short_name = "SR"

    def stock(self) -> bool:
        return True

    def select_entities(self) -> list[Any]:
        return [p for p in self.game.players if not p.bankrupt]

    def setup(self) -> None:
        self.skip_steps()
        if self.active_step() is None:
            self.next_entity()

    def after_process(self, action: "Action") -> None:
        if self.active_step() is not None:
            return
        self.next_entity()

    def after_closing(self) -> None:
        if self.active_step() is None and not self.finished():
            self.next_entity()

    def next_entity(self) -> None:
        if self.finished():
            # back round to the player with priority for the next round
            self.next_entity_index()
            self.finish_round()
            return
        self.next_entity_index()
        self.start_entity()

    def start_entity(self) -> None:
        for step in self.steps:
            step.unpass()
        for step in self.steps:
            step.setup()
        self.skip_steps()
        if self.active_step() is None:
            self.next_entity()

    def finished(self) -> bool:
        if self.game.finished:
            return True
        for e in self.entities:
            if not e.passed:
                return False
        return True

    def finish_round(self) -> None:
        """Sold-out corporations rise at the end of the round (and title hooks may add rows); with
        ``pool_shares_drop: one`` those with certificates in the pool drop a row."""
        game = self.game
        corps = [c for c in game.corporations if not c.minor and
                 (c.floated() or (c.float_on_operate and c.ipoed and sold_out(game, c)))]
        corps.sort(key=lambda c: c.sort_key() or (float("inf"),))
        for corp in corps:
            if corp.share_price is None:
                continue
            old = corp.share_price
            if sold_out(game, corp) and game.rules.stock_round.sold_out_rise:
                if corp.share_price.sold_out_extra_rise:
                    game.stock_market.move_up(corp)
                game.stock_market.move_up(corp)
                for _ in range(sold_out_rise(game, corp)):
                    game.stock_market.move_up(corp)
            if game.rules.stock_round.pool_shares_drop == "one" and game.share_pool.percent_of(corp) > 0:
                game.stock_market.move_down(corp)
            log_share_price(game, corp, old)
        game.hook("stock_round_end")
