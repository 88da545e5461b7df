"""A private's train discount: the private buys a train from the depot for its corporation.

A ``train_discount`` ability (``discount``: an amount off; ``discount_percent``:
a percent of the price off, rounded down in the buyer's favour; ``trains``: the
types it applies to) belongs to a private owned by a corporation. During that
corporation's operating turn the private itself makes the purchase, at the
discounted price; each use counts (``count``), and a private whose ability
``closes_when_used_up`` closes when the last is used. The purchase is the
corporation's: its train limit and cash apply, and it counts as its purchase
from the depot this turn (``one_depot_train_per_turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.rules.trains import after_train_bought, buy_train, num_corp_trains, train_limit
from railbook.engine.steps.base import Step
from railbook.engine.steps.trains import BuyTrainStep
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action


def discounted_price(ability: Any, price: int) -> int:
    spec = ability.spec
    off = price * spec.discount_percent // 100 if spec.discount_percent else spec.discount
    return max(0, price - off)


class SpecialBuyTrainStep(Step):
    """Non-blocking: the operating corporation's private buys it a depot train at a discount."""

    type_name = "special_buy_train"
    ACTIONS = ("buy_train",)

    def description(self) -> str:
        return "Buy a Train with a Private"

    blocks = Step.never_blocks

    def ability(self, company: Any, train: Any = None) -> Any:
        if company is None or not company.is_company() or company.closed:
            return None
        corp = self.game.current_operator()
        if corp is None or company.owner is not corp:
            return None
        for a in company.abilities:
            if a.type == "train_discount" and (train is None or not a.spec.trains or train.name in a.spec.trains):
                return a
        return None

    def train_step(self) -> BuyTrainStep | None:
        return next((s for s in self.round.steps if isinstance(s, BuyTrainStep)), None)

    def offered(self, company: Any) -> list[Any]:
        """The depot trains the ability applies to (the depot's offer, unless closed to the corporation)."""
        step = self.train_step()
        corp = self.game.current_operator()
        if step is None or corp is None or step.depot_closed():
            return []
        return [t for t in self.game.depot.depot_trains() if self.ability(company, t) is not None]

    def actions(self, entity: Any) -> list[str]:
        return ["buy_train"] if self.ability(entity) is not None and self.offered(entity) else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        out = []
        for train in self.offered(entity):
            ability = self.ability(entity, train)
            price = discounted_price(ability, train.price_)
            if self.plan(entity, train, price) is None:
                out.append(simple("buy_train", entity, train=train.id, price=price))
        return out

    def plan(self, company: Any, train: Any, price: int) -> IllegalAction | None:
        """The rule a purchase of this train at this price breaks, or None."""
        game = self.game
        corp = game.current_operator()
        ability = self.ability(company, train)
        if ability is None or corp is None:
            return IllegalAction(f"{company.name} cannot buy {train.id}", "private ability")
        if train not in self.offered(company):
            return IllegalAction(f"train {train.id} is not for sale now", "buy train")
        expected = discounted_price(ability, train.price_)
        if price != expected:
            return IllegalAction(f"with {company.name}, train {train.id} costs {game.format_money(expected)}",
                                 "train price")
        if num_corp_trains(game, corp) >= train_limit(game, corp):
            return IllegalAction(f"{corp.name} is at its train limit of {train_limit(game, corp)}", "train limit")
        if corp.cash < price:
            return InsufficientFunds(f"{corp.name} has {game.format_money(corp.cash)} and cannot pay "
                                     f"{game.format_money(price)}", "money")
        return None

    def process_buy_train(self, action: "Action") -> None:
        game = self.game
        company, train, price = action.entity, action.train, action.price
        refused = self.plan(company, train, price)
        if refused is not None:
            raise refused
        corp = game.current_operator()
        ability = self.ability(company, train)
        step = self.train_step()
        if step is not None:
            step.bought_from_depot = True
        game.log(f"{corp.name} buys a {train.name} train for {game.format_money(price)} from The Depot "
                 f"with {company.name}")
        buy_train(game, corp, train, price)
        ability.use()
        if ability.closed_when_used_up and (ability.count is None or ability.count <= 0) and not company.closed:
            game.log(f"{company.name} closes")
            company.close()
        after_train_bought(game, train)
        game.hook("after_buy_train", corp, train)
