"""A president in debt for his corporation: emergency fundraising (the ``cash_crisis`` step).

Where loans are taken in the corporation's turn (``loans.taken: in_turn``), interest the
corporation cannot pay from its treasury or its run, and loans it must repay beyond its
treasury, are its president's to pay: what he lacks he owes, and his cash is negative. Before
anything else happens he then sells certificates, one bundle at a time, until he owes nothing:
what an emergency sale may sell (never a president's certificate it cannot dump, never more than
the pool may hold, never so much that the presidency of the corporation in debt or of the one
operating changes hands; and no bigger bundle than what he owes needs, unless the title's
``emergency_buy.sell_more_than_needed`` says so). A president who has nothing left he may sell
and still owes goes bankrupt (``bankrupt``, the player's action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, shares_action, simple
from railbook.engine.rules.bankruptcy import declare_bankrupt
from railbook.engine.rules.shares import bundles_for_corporation, fit_in_bank, sell_shares_and_change_price
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class CashCrisisStep(Step):
    """Blocks while the president it holds owes money; he sells, or goes bankrupt."""

    type_name = "cash_crisis"
    ACTIONS = ("sell_shares", "bankrupt")

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.player: Any = None
        self.corporation: Any = None   # whose debt it is

    def description(self) -> str:
        return "Emergency Fundraising"

    def in_debt(self, player: Any, corporation: Any) -> None:
        """The player now owes money for the corporation (his cash is negative)."""
        self.player, self.corporation = player, corporation
        self.game.log(f"{player.name} enters emergency fundraising and owes the bank "
                      f"{self.game.format_money(-player.cash)}")

    # -- state
    def active(self) -> bool:
        return self.player is not None and self.player.cash < 0 and not self.player.bankrupt

    def setup(self) -> None:
        if not self.active():
            self.player = self.corporation = None

    def active_entities(self) -> list[Any]:
        return [self.player] if self.active() else []

    def pass_(self) -> None:   # a crisis ends when the debt is paid, not by passing
        pass

    # -- what he may sell
    def sellable(self, bundle: Any) -> bool:
        player, game = self.player, self.game
        if bundle.owner is not player or not bundle.can_dump(player) or not fit_in_bank(game, bundle):
            return False
        corp = bundle.corporation
        if corp.president_is(player) and corp in (self.corporation, game.current_operator()):
            holders = corp.player_share_holders(corporate=True)
            others = [v for k, v in holders.items() if k is not player]
            if holders.get(player, 0) - bundle.percent < (max(others) if others else 0):
                return False
        if game.rules.operating_round.emergency_buy.sell_more_than_needed:
            return True
        return bundle.price() - min(s.price() for s in bundle.shares) < -player.cash

    def bundles(self) -> list[Any]:
        player = self.player
        return [b for corp, shares in list(player.shares_by_corporation.items()) if shares and corp.share_price
                for b in bundles_for_corporation(self.game, player, corp) if self.sellable(b)]

    def actions(self, entity: Any) -> list[str]:
        if not self.active() or entity is not self.player:
            return []
        return ["sell_shares"] if self.bundles() else ["bankrupt"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        if "sell_shares" in kinds:
            return [shares_action("sell_shares", entity, b) for b in self.bundles()]
        return [simple("bankrupt", entity)] if kinds else []

    # -- processing
    def process_sell_shares(self, action: "Action") -> None:
        bundle = action.bundle
        if action.entity is not self.player or not self.sellable(bundle):
            raise IllegalAction(f"{self.game.describe_entity(action.entity)} may not sell that in emergency "
                                "fundraising", "emergency sale")
        sell_shares_and_change_price(self.game, bundle)

    def process_bankrupt(self, action: "Action") -> None:
        player = self.player
        if action.entity is not player or self.bundles():
            raise IllegalAction(f"{player.name} must sell what he may before going bankrupt", "bankruptcy")
        self.game.log(f"-- {player.name} cannot pay his debt of {self.game.format_money(-player.cash)} "
                      "and goes bankrupt --")
        declare_bankrupt(self.game, player)
