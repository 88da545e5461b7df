"""A draft of the privates (``auction.kind: draft``): in the draft order each player buys one private
at its face value (a ``bid`` naming it at that price); when every player has one, the privates left
leave the game. The first stock round then begins with the first player in seating order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.rules.privates import after_buy_company
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class PrivateDraft(Step):
    ACTIONS = ("bid",)

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.companies: list[Any] = []

    def description(self) -> str:
        return "Draft One Company Each"

    def setup(self) -> None:
        self.companies = sorted((c for c in self.game.companies if not c.closed), key=lambda c: (c.value, c.sym))

    def finished(self) -> bool:
        return all(p.companies for p in self.game.players)

    def active(self) -> bool:
        return not self.finished()

    def actions(self, entity: Any) -> list[str]:
        return ["bid"] if not self.finished() and entity is self.current_entity() else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Each private left, at its face value, that the player can pay."""
        if not self.actions(entity):
            return []
        return [simple("bid", entity, company=c.id, price=c.value) for c in self.companies if c.value <= entity.cash]

    def process_bid(self, action: "Action") -> None:
        player, company, price = action.entity, action.company, action.price
        if company not in self.companies:
            raise IllegalAction(f"{getattr(company, 'name', '?')} is not left in the draft", "draft")
        if price != company.value:
            raise IllegalAction(f"{company.name} is drafted at its face value, "
                                f"{self.game.format_money(company.value)}", "draft price")
        if price > player.cash:
            raise InsufficientFunds(f"{player.name} cannot pay {self.game.format_money(price)}", "money")
        company.owner = player
        player.companies.append(company)
        player.spend(price, self.game.bank)
        self.companies.remove(company)
        self.log(f"{player.name} buys {company.name} for {self.game.format_money(price)}")
        after_buy_company(self.game, player, company, price)
        self.round.next_entity_index()
        if self.finished():
            for c in self.companies:
                self.log(f"{c.name} is removed from the game")
                c.close()
                self.game.companies.remove(c)
            self.companies = []
            self.round.reset_entity_index()
