"""Operating rules that differ by type of company (``operating_round.by_type``),
typically for minors, and trains changing hands only in some phases.

For a type listed in ``by_type``:

* ``dividends``: a single choice is applied without asking (``half``: the
  treasury keeps half the revenue rounded down, the owner of a minor gets the
  rest); a company of that type without routes skips the dividend entirely;
* ``must_buy_train`` replaces the title's rule;
* ``owner_pays_shortfall``: a company without trains that buys a train it
  cannot afford may have its owner pay the difference into its treasury (no
  shares are sold), if the two together can pay it;
* ``sells_trains_to``: only companies of these types may buy its trains.

A listed type buys trains even if it is a minor. If a phase has the flag
``train_buys_between_corporations``, trains change hands between companies
only in the phases that have it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, replace_step
from railbook.engine.rules.trains import can_buy_train_from_others
from railbook.engine.steps.base import cash_lent
from railbook.engine.steps.routes import DividendStep
from railbook.engine.steps.trains import BuyTrainStep
from railbook.errors import IllegalAction
from railbook.title.model import TypeRules

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState

TRADE_FLAG = "train_buys_between_corporations"


def type_rules(game: "GameState", entity: Any) -> TypeRules | None:
    """The ``by_type`` settings of the entity's type (None if the title lists none for it)."""
    if entity is None:
        return None
    return game.rules.operating_round.by_type.get(getattr(entity, "type", ""))


def trains_trade_now(game: "GameState") -> bool:
    """Whether trains may change hands between companies in the current phase."""
    if not can_buy_train_from_others(game):
        return False
    if any(TRADE_FLAG in p.flags for p in game.phase.phases):
        return TRADE_FLAG in game.phase.status
    return True


class MinorRules(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return bool(game.rules.operating_round.by_type) or any(TRADE_FLAG in p.flags for p in game.title.model.phases)

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return replace_step(replace_step(steps, DividendStep, TypedDividendStep), BuyTrainStep, TypedBuyTrainStep)


class TypedDividendStep(DividendStep):
    def choices(self, entity: Any) -> list[str]:
        rules = type_rules(self.game, entity)
        return list((rules.dividends if rules is not None else ()) or self.game.rules.operating_round.dividends)

    def single_choice(self, entity: Any) -> bool:
        return entity is not None and not entity.is_company() and len(self.choices(entity)) == 1

    def choosing(self, entity: Any) -> list[str]:
        if self.single_choice(entity):
            return []
        return super().choosing(entity)

    def withhold_unasked(self, entity: Any) -> None:
        if not self.single_choice(entity):
            super().withhold_unasked(entity)
            return
        if not self.round.routes:
            for t in entity.trains:   # no routes: no dividend at all, but its trains have had their turn
                t.set_operated(True)
            self.passed = True
            return
        kind = self.choices(entity)[0] if self.total_revenue() > 0 else "withhold"
        self.pay(entity, kind)

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        allowed = self.game.rules.operating_round.dividends
        return [simple("dividend", entity, kind=kind) for kind in self.choices(entity) if kind in allowed]

    def process_dividend(self, action: "Action") -> None:
        if action.kind not in self.choices(action.entity):
            raise IllegalAction(f"{action.kind!r} is not a dividend choice for {action.entity.name}", "dividend")
        super().process_dividend(action)

    def distribute(self, entity: Any, kind: str) -> None:
        if kind != "half" or not entity.minor:
            super().distribute(entity, kind)
            return
        game = self.game
        revenue = self.total_revenue()
        owner = entity.owner
        super().distribute(entity, "withhold")  # the treasury takes it all, then hands the owner his half
        entity.operating_history[(game.turn, self.round.round_num)]["kind"] = "half"
        share = revenue - revenue // 2
        if share > 0 and owner is not None:
            entity.spend(share, owner)
            game.log(f"{owner.name} receives {game.format_money(share)} from {entity.name}")


class TypedBuyTrainStep(BuyTrainStep):
    #: the base listing holds: it asks the rules below (``buyable_trains``, ``check_buy_train``, ``price_range``)
    LISTING_HOLDS = True

    def can_entity_buy_train(self, entity: Any) -> bool:
        rules = type_rules(self.game, entity)
        return rules.buys_trains if rules is not None else super().can_entity_buy_train(entity)

    def must_buy_train(self, entity: Any) -> bool:
        rules = type_rules(self.game, entity)
        rule = rules.must_buy_train if rules is not None else None
        if rule is None:
            return super().must_buy_train(entity)
        if rule == "never" or entity.trains or not self.game.depot.depot_trains():
            return False
        if rule == "always":
            return True
        info = self.game.graph.route_info(entity)
        return bool(info and info.get("route_train_purchase"))

    def may_buy_from(self, entity: Any, train: Any) -> bool:
        """A train another company owns: only in a trading phase, and only if its type sells to ours."""
        if not trains_trade_now(self.game):
            return False
        rules = type_rules(self.game, train.owner)
        sells_to = rules.sells_trains_to if rules is not None else None
        return sells_to is None or getattr(entity, "type", None) in sells_to

    def buyable_trains(self, entity: Any) -> list[Any]:
        return [t for t in super().buyable_trains(entity) if t.from_depot() or self.may_buy_from(entity, t)]

    def owner_assist(self, entity: Any, price: int) -> int:
        """What the owner may pay towards a train the trainless company cannot afford."""
        rules = type_rules(self.game, entity)
        if rules is None or not rules.owner_pays_shortfall or entity.trains:
            return 0
        owner = entity.owner
        if owner is None or not owner.is_player() or price <= entity.cash or owner.cash + entity.cash < price:
            return 0
        return price - entity.cash

    def means_range(self, entity: Any, train: Any) -> tuple[int, int]:
        low, high = super().means_range(entity, train)
        rules = type_rules(self.game, entity)
        owner = entity.owner
        if rules is not None and rules.owner_pays_shortfall and not entity.trains and owner is not None \
                and owner.is_player():
            high = max(high, entity.cash + owner.cash)
        return low, high

    def check_purchase(self, entity: Any, train: Any, price: int, exchange: Any = None,
                       variant: str | None = None) -> int:
        """The base rules, for a company whose owner has paid his share of the price first."""
        if train.owner is not None and not train.from_depot() and train.owner is not entity \
                and not self.may_buy_from(entity, train):
            raise IllegalAction(f"{entity.name} may not buy {train.owner.name}'s {train.name} train now",
                                "buy train")
        with cash_lent(entity.owner, entity, self.owner_assist(entity, price)):
            return super().check_purchase(entity, train, price, exchange, variant)

    def buy(self, action: "Action") -> None:
        entity, train = action.entity, action.train
        self.check_buy_train(entity, train, action.price, action.exchange, action.variant)
        assist = self.owner_assist(entity, action.price)
        if assist > 0:
            entity.owner.spend(assist, entity)
            self.game.log(f"{entity.owner.name} pays {self.game.format_money(assist)} towards "
                          f"{entity.name}'s {train.name} train")
        super().buy(action)
