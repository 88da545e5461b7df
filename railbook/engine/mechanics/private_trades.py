"""Privates that players buy from each other during operating rounds.

A private marked ``sold_in_operating_rounds`` (privates.yaml) may be bought
from its owner during an operating round, in the buy-private step, by the
president of the company operating, for himself, at any price from 1 to his
cash, paid to the seller, while the title's ``privates_between_players`` rule
lets privates change hands between players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, Range, ranged, simple
from railbook.engine.mechanics.base import Mechanic, replace_step
from railbook.engine.rules.privates import purchasable_companies
from railbook.engine.steps.privates import BuyPrivateStep
from railbook.errors import InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def player_only_privates(game: "GameState") -> list[Any]:
    """Privates a president may buy from another player during an operating round."""
    return [c for c in game.companies if c.definition.sold_in_operating_rounds]


class PrivateTrades(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        steps = game.rules.operating_round.steps
        return ("buy_private" in steps or "buy_private_blocking" in steps) and bool(player_only_privates(game))

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return replace_step(steps, BuyPrivateStep, PresidentBuysPrivateStep)


class PresidentBuysPrivateStep(BuyPrivateStep):
    """Corporations buy privates as usual; a president may also buy a players-only private for himself."""

    def for_president(self, entity: Any) -> list[Any]:
        game = self.game
        if entity is None or entity is not self.current_entity() or not entity.is_operator():
            return []
        buyer = entity.player
        rule = game.rules.stock_round.privates_between_players
        if buyer is None or (rule.phase_flag and rule.phase_flag not in game.phase.status):
            return []
        return [c for c in player_only_privates(game)
                if not c.closed and c.owner is not None and c.owner.is_player() and c.owner is not buyer]

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity) if entity is not None and entity.is_corporation() else []
        if self.for_president(entity) and "buy_company" not in found:
            found = ["buy_company"] + found
        return found

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """The corporation's purchases (as the base step lists them, but for the players-only privates,
        which its president buys for himself at any price from 1 to his cash)."""
        kinds = self.actions(entity)
        out: list[LegalAction] = []
        if "buy_company" in kinds:
            mine = self.for_president(entity)
            buyer = entity.player
            if buyer is not None and buyer.cash >= 1:
                out += [ranged("buy_company", entity, {"price": Range(1, buyer.cash)}, company=c.id) for c in mine]
            if "privates_buyable_by_corporations" in self.game.phase.status:
                for company in purchasable_companies(self.game, entity):
                    low, high = company.min_price, min(company.max_price(entity), entity.cash)
                    if company not in mine and low <= high:
                        out.append(ranged("buy_company", entity, {"price": Range(low, high)}, company=company.id))
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    def process_buy_company(self, action: "Action") -> None:
        entity, company, price = action.entity, action.company, action.price
        if company not in self.for_president(entity):
            super().process_buy_company(action)
            return
        buyer, seller = entity.player, company.owner
        if not 1 <= price <= buyer.cash:
            raise InsufficientFunds(f"{buyer.name} may pay between {self.game.format_money(1)} and "
                                    f"{self.game.format_money(buyer.cash)} for {company.name}", "private price")
        seller.companies.remove(company)
        company.owner = buyer
        buyer.companies.append(company)
        buyer.spend(price, seller)
        self.game.log(f"{buyer.name} buys {company.name} from {seller.name} for {self.game.format_money(price)}")
