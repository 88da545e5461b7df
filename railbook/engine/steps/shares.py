"""A corporation dealing in its own shares during its turn: redeeming certificates
from the pool into its treasury, or reissuing all its treasury certificates.

The title's ``operating_round.share_redemption`` says how many certificates one
redemption may take (more in the first round of a set) and what a reissued
certificate brings; the ``can_redeem`` hook may forbid a corporation both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import ShareBundle
from railbook.engine.legal import LegalAction, distinct_choices, shares_action, simple
from railbook.engine.rules.shares import buy_shares
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction
from railbook.title.model import ShareRedemption

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class RedeemSharesStep(Step):
    def description(self) -> str:
        return "Redeem or Reissue Shares"

    def pass_description(self) -> str:
        return "Skip (Redeem/Reissue)"

    @property
    def rule(self) -> ShareRedemption:
        return self.game.rules.operating_round.share_redemption

    def allowed(self, entity: Any) -> bool:
        return entity.is_corporation() and not entity.minor and self.game.hook("can_redeem", entity) is not False

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not self.allowed(entity):
            return []
        out = []
        if self.redeemable_bundles(entity):
            out.append("buy_shares")
        if self.reissuable_bundle(entity) is not None:
            out.append("sell_shares")
        if out:
            out.append("pass")
        return out

    def redemption_limit(self) -> int:
        first = self.round.round_num == 1
        return (self.rule.max_shares_first_or if first else self.rule.max_shares) or 1

    def redeemable_bundles(self, entity: Any) -> list[ShareBundle]:
        """One bundle of each size (and mix of certificates) of its pool shares it may redeem."""
        pool = sorted(self.game.share_pool.shares_of(entity), key=lambda s: (s.percent, s.index))
        bundles = [ShareBundle(c) for c in distinct_choices(pool, range(1, self.redemption_limit() + 1))]
        return [b for b in bundles if self.may_redeem(entity, b)]

    def may_redeem(self, entity: Any, bundle: ShareBundle) -> bool:
        """Any of its own certificates from the pool, up to the limit, whole, at a price it can pay."""
        return (bundle.corporation is entity and bundle.owner is self.game.share_pool and not bundle.partial()
                and len(bundle.shares) <= self.redemption_limit() and bundle.price() <= entity.cash)

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        out = [shares_action("buy_shares", entity, b) for b in self.redeemable_bundles(entity)] \
            if "buy_shares" in kinds else []
        bundle = self.reissuable_bundle(entity) if "sell_shares" in kinds else None
        if bundle is not None:
            out.append(shares_action("sell_shares", entity, bundle))
        return out + ([simple("pass", entity)] if "pass" in kinds else [])

    def reissuable_bundle(self, entity: Any) -> ShareBundle | None:
        treasury = [s for s in entity.shares_of(entity) if not s.buyable]
        buyable = [s for s in entity.shares_of(entity) if s.buyable]
        if not treasury or len(treasury) <= len(buyable):
            return None
        bundle = ShareBundle(treasury)
        bundle.share_price = self.rule.reissue_price
        return bundle

    def process_buy_shares(self, action: "Action") -> None:
        entity, bundle = action.entity, action.bundle
        if not self.allowed(entity):
            raise IllegalAction(f"{entity.name} may not redeem shares", "share redemption")
        if not self.may_redeem(entity, bundle):
            raise IllegalAction(f"{entity.name} cannot redeem those shares now", "share redemption")
        buy_shares(self.game, entity, bundle)
        for share in bundle.shares:
            share.buyable = False
        self.pass_()

    def process_sell_shares(self, action: "Action") -> None:
        entity = action.entity
        bundle = self.reissuable_bundle(entity)
        if bundle is None or not self.allowed(entity) or set(bundle.shares) != set(action.bundle.shares) \
                or action.bundle.percent != bundle.percent:
            raise IllegalAction(f"{entity.name} cannot reissue those shares now", "share reissue")
        price = bundle.share_price or 0
        if price:
            self.game.bank.spend(price * int(bundle.num_shares()), entity)
        self.game.log(f"{entity.name} reissues {len(bundle.shares)} shares for {self.game.format_money(price)}")
        new_par = next((p for p in self.game.stock_market.par_prices if p.price == price), None)
        if new_par is not None:
            entity.par_price_ = new_par
        for share in bundle.shares:
            share.buyable = True
        self.pass_()
