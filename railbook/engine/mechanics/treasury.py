"""A corporation trading its own certificates with the pool in its operating turn
(``operating_round.treasury_shares``), and buying back its bonds.

After buying trains and repaying loans, a corporation that has finished an
operating turn before (``must_have_operated``) may buy its own certificates
from the pool at the market price, several at once, up to ``max_percent`` in
its treasury, or sell treasury certificates to the pool (within the pool
limit; the price drops as for any sale); with ``buy_or_sell`` not both in one
turn. The ``can_redeem`` hook may forbid it. A corporation that issued bonds
may buy them back here (:func:`.bonds.buy_back`). Certificates in its
treasury stay on sale to players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import ShareBundle
from railbook.engine.legal import LegalAction, Range, distinct_choices, ranged, shares_action, simple
from railbook.engine.mechanics.base import Mechanic, has_step
from railbook.engine.mechanics.bonds import bond_price, bonds_of, buy_back, holdings
from railbook.engine.rules.shares import (
    fit_in_bank,
    market_share_limit,
    sell_shares_and_change_price,
)
from railbook.engine.steps.base import Step
from railbook.engine.steps.shares import RedeemSharesStep
from railbook.errors import IllegalAction, InsufficientFunds
from railbook.title.model import TreasuryShares

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def rules(game: "GameState") -> TreasuryShares:
    """The title's treasury-share rules (their defaults, where a title lists the step without them)."""
    return game.rules.operating_round.treasury_shares or TreasuryShares()


class TreasuryShareStep(Step):
    type_name = "treasury_shares"

    def description(self) -> str:
        return "Trade Treasury Shares"

    def pass_description(self) -> str:
        return "Done (Treasury)"

    def setup(self) -> None:
        self.round.treasury_traded = None  # "bought" or "sold" this turn

    def allowed(self, corp: Any) -> bool:
        if corp is None or not corp.is_corporation() or corp.minor or not corp.floated() or corp.share_price is None:
            return False
        if rules(self.game).must_have_operated and corp.turns_operated == 0:
            return False
        return self.game.hook("can_redeem", corp) is not False

    def pool_shares(self, corp: Any) -> list[Any]:
        return sorted(self.game.share_pool.shares_of(corp), key=lambda s: s.index)

    def can_buy(self, corp: Any) -> bool:
        if self.round.treasury_traded == "sold" or not self.pool_shares(corp):
            return False
        room = rules(self.game).max_percent - corp.percent_of(corp)
        return room >= corp.share_percent and corp.cash >= corp.share_price.price

    def can_sell(self, corp: Any) -> bool:
        if self.round.treasury_traded == "bought" or not corp.shares_of(corp):
            return False
        return self.game.share_pool.percent_of(corp) + corp.share_percent <= market_share_limit(self.game, corp)

    def bond_sellers(self, corp: Any) -> list[Any]:
        if not corp.definition.bonds or corp.cash < bond_price(corp):
            return []
        pool = self.game.share_pool
        if bonds_of(self.game, corp, pool):
            return [pool]
        return [h for h, n in holdings(self.game, corp).items() if n and h is not corp and h is not pool]

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not entity.is_corporation():
            return []
        out = []
        if self.allowed(entity):
            if self.can_buy(entity):
                out.append("buy_shares")
            if self.can_sell(entity):
                out.append("sell_shares")
        if self.bond_sellers(entity):
            out.append("buy_bonds")
        if out:
            out.append("pass")
        return out

    # -- every legal action
    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Its pool certificates bought back, its treasury certificates sold, any number of each kind the
        rules allow; its bonds bought back from whoever sells them now."""
        kinds = self.actions(entity)
        out: list[LegalAction] = []
        if "buy_shares" in kinds:
            pool = self.pool_shares(entity)
            out += [shares_action("buy_shares", entity, ShareBundle(c))
                    for c in distinct_choices(pool, range(1, len(pool) + 1))
                    if self.accepts(self.check_buy, entity, ShareBundle(c))]
        if "sell_shares" in kinds:
            own = sorted(entity.shares_of(entity), key=lambda s: s.index)
            out += [shares_action("sell_shares", entity, ShareBundle(c))
                    for c in distinct_choices(own, range(1, len(own) + 1))
                    if self.accepts(self.check_sell, entity, ShareBundle(c))]
        if "buy_bonds" in kinds:
            price = bond_price(entity)
            for seller in self.bond_sellers(entity):
                most = min(bonds_of(self.game, entity, seller), entity.cash // price if price else 0)
                if most >= 1:
                    frm = "pool" if seller is self.game.share_pool else seller.id
                    out.append(ranged("buy_bonds", entity, {"count": Range(1, most)}, corporation=entity.id,
                                      **{"from": frm}))
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    @staticmethod
    def accepts(check: Any, *args: Any) -> bool:
        try:
            check(*args)
        except IllegalAction:
            return False
        return True

    def check_buy(self, corp: Any, bundle: ShareBundle) -> int:
        """Every rule of buying these certificates back: raises the rule it breaks; returns the price."""
        game = self.game
        if not self.allowed(corp) or not self.can_buy(corp):
            raise IllegalAction(f"{corp.name} may not buy its own certificates now", "treasury shares")
        price = corp.share_price.price * bundle.num_shares()
        if bundle.corporation is not corp or bundle.owner is not game.share_pool:
            raise IllegalAction(f"{corp.name} buys only its own certificates from the pool", "treasury shares")
        if bundle.partial():
            raise IllegalAction(f"{corp.name} buys whole certificates", "treasury shares")
        limit = rules(game).max_percent
        if corp.percent_of(corp) + bundle.percent > limit:
            raise IllegalAction(f"{corp.name} may hold at most {limit}% of itself", "treasury shares")
        if corp.cash < price:
            raise InsufficientFunds(f"{corp.name} cannot pay {game.format_money(price)}", "money")
        return int(price)

    def check_sell(self, corp: Any, bundle: ShareBundle) -> None:
        """Every rule of selling these treasury certificates to the pool."""
        game = self.game
        if not self.allowed(corp) or self.round.treasury_traded == "bought":
            raise IllegalAction(f"{corp.name} may not sell its own certificates now", "treasury shares")
        if bundle.corporation is not corp or bundle.owner is not corp:
            raise IllegalAction(f"{corp.name} sells only certificates from its treasury", "treasury shares")
        if bundle.partial():
            raise IllegalAction(f"{corp.name} sells whole certificates", "treasury shares")
        if not fit_in_bank(game, bundle):
            raise IllegalAction(f"the pool may hold at most {market_share_limit(game, corp)}% of {corp.name}",
                                "pool limit")

    def process_buy_shares(self, action: "Action") -> None:
        game, corp, bundle = self.game, action.entity, action.bundle
        price = self.check_buy(corp, bundle)
        game.share_pool.transfer_shares(bundle, corp, spender=corp, receiver=game.bank, price=price,
                                        allow_president_change=False)
        game.log(f"{corp.name} buys {bundle.percent}% of itself from the pool for {game.format_money(price)}")
        self.round.treasury_traded = "bought"

    def process_sell_shares(self, action: "Action") -> None:
        game, corp, bundle = self.game, action.entity, action.bundle
        self.check_sell(corp, bundle)
        sell_shares_and_change_price(game, ShareBundle(bundle.shares, bundle.percent))
        self.round.treasury_traded = "sold"

    def process_buy_bonds(self, action: "Action") -> None:
        game, corp = self.game, action.entity
        if action.corporation is not corp:
            raise IllegalAction(f"{corp.name} buys back only its own bonds", "bonds")
        sellers = self.bond_sellers(corp)
        frm = game.share_pool if action.choice in (None, "pool") else game.player_by_id(action.choice)
        if frm not in sellers:
            raise IllegalAction(f"{corp.name} cannot buy bonds from {game.describe_entity(frm)} now", "bonds")
        buy_back(game, corp, frm, action.count)


class TreasuryTrading(Mechanic):
    STEPS = {"issue_shares": TreasuryShareStep}

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return game.rules.operating_round.treasury_shares is not None

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        out: list[Any] = []
        for spec in steps:
            cls = spec[0] if isinstance(spec, tuple) else spec
            if isinstance(cls, type) and issubclass(cls, (RedeemSharesStep, TreasuryShareStep)):
                if not has_step(out, TreasuryShareStep):
                    out.append(TreasuryShareStep)
                continue
            out.append(spec)
        if not has_step(out, TreasuryShareStep):
            out.append(TreasuryShareStep)
        return out
