"""Loans from the bank (corporations.yaml ``loans``) and bond interest.

* A corporation may hold up to ``max_per_corporation`` loans of ``amount``.
  With ``taken: only_when_short`` it borrows only when it must: to buy its
  first train when its treasury falls short (as many loans as the shortfall
  needs, before its president pays anything) and to pay interest its treasury
  and revenue cannot cover. Each loan taken moves the price
  (``price_move_on_take``).
* Interest (``interest`` per loan) is due in every operating turn before the
  dividend: from the treasury if it can pay it all, else from the revenue (as
  far as it goes); what is still due is borrowed, else paid by the president.
  Bond interest (a corporation's ``bonds``) is paid the same way, to each
  bond's holder (the bank for bonds in the pool).
* In the ``loans`` step, after buying trains, the corporation may repay any
  number of loans it can pay for, each moving the price (``price_move_on_repay``).
* ``face_value_train_trades``: a corporation with a loan buys trains from
  another corporation for at most their printed price, and sells them for at
  least that; between two such corporations, exactly that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, cash_lent
from railbook.engine.mechanics.bonds import bond_interest_due
from railbook.engine.mechanics.compose import mix_into
from railbook.engine.mechanics.dividend_rules import add_deduction
from railbook.engine.rules.shares import log_share_price
from railbook.engine.steps.base import Step
from railbook.engine.steps.trains import BuyTrainStep
from railbook.errors import GameError, IllegalAction, InsufficientFunds
from railbook.title.model import LoansDef

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def loan_rules(game: "GameState") -> LoansDef | None:
    return game.title.model.loans


def _loans(game: "GameState") -> LoansDef:
    rules = game.title.model.loans
    if rules is None:  # pragma: no cover - only titles with loans take them
        raise GameError("this title has no loans", "title data")
    return rules


def loan_count(corp: Any) -> int:
    return len(corp.loans)


def loan_room(game: "GameState", corp: Any) -> int:
    rules = loan_rules(game)
    if rules is None:
        return 0
    return max(0, rules.max_per_corporation - loan_count(corp))


def take_loans(game: "GameState", corp: Any, count: int, why: str) -> None:
    rules = _loans(game)
    if count <= 0:
        return
    if count > loan_room(game, corp):
        raise IllegalAction(f"{corp.name} may hold at most {rules.max_per_corporation} loans", "loans")
    amount = rules.amount
    old = corp.share_price
    for _ in range(count):
        corp.loans.append(amount)
        game.bank.spend(amount, corp)
        move_price(game, corp, rules.price_move_on_take)
    game.log(f"{corp.name} takes {count} loan{'s' if count > 1 else ''} of {game.format_money(amount)} ({why})")
    log_share_price(game, corp, old)


def move_price(game: "GameState", corp: Any, how: str) -> None:
    if corp.share_price is None or how == "none":
        return
    {"left": game.stock_market.move_left, "right": game.stock_market.move_right,
     "down": game.stock_market.move_down, "up": game.stock_market.move_up}[how](corp)


class LoanTrainBuying:
    """Train buying with loans (mixed in front of the title's train step)."""

    #: the train step's listing holds: it asks ``check_buy_train`` and ``price_range`` below
    LISTING_HOLDS = True

    game: Any
    round: Any

    def loans_for(self, entity: Any, train: Any, price: int) -> int:
        """The loans the corporation takes before buying this train (its first, short of cash)."""
        short = price - entity.cash
        if short > 0 and train.from_depot() and self.must_buy_train(entity):  # type: ignore[attr-defined]
            return min(-(-short // _loans(self.game).amount), loan_room(self.game, entity))
        return 0

    def check_buy_train(self, entity: Any, train: Any, price: int, exchange: Any = None,
                        variant: str | None = None) -> int:
        """The title's rules of buying, judged with the loans it would take first."""
        self.check_loan_trade(entity, train, price)
        loans = self.loans_for(entity, train, price)
        with cash_lent(self.game.bank, entity, loans * _loans(self.game).amount if loans else 0):
            return super().check_buy_train(entity, train, price, exchange, variant)  # type: ignore[misc]

    def price_range(self, entity: Any, train: Any) -> tuple[int, int]:
        """``check_loan_trade``'s prices: from the treasury alone, at the printed price where it says so."""
        low, high = super().price_range(entity, train)  # type: ignore[misc]
        high = min(high, entity.cash)
        seller, face = train.owner, train.price_
        if seller is None or not seller.is_corporation():
            return low, high
        rules = loan_rules(self.game)
        loans_rule = rules is not None and rules.face_value_train_trades
        if entity.definition.trades_trains_at_face_value or seller.definition.trades_trains_at_face_value \
                or (loans_rule and entity.loans and seller.loans):
            low, high = max(low, face), min(high, face)
        elif loans_rule and entity.loans:
            high = min(high, face)
        elif loans_rule and seller.loans:
            low = max(low, face)
        return low, high

    def process_buy_train(self, action: "Action") -> None:
        game = self.game
        entity, train, price = action.entity, action.train, action.price
        self.check_buy_train(entity, train, price, action.exchange, action.variant)
        take_loans(game, entity, self.loans_for(entity, train, price), "to buy a train")
        super().process_buy_train(action)  # type: ignore[misc]

    def check_loan_trade(self, buyer: Any, train: Any, price: int) -> None:
        seller = train.owner
        if train.from_depot() or seller is None or not seller.is_corporation():
            return
        face = train.price_
        if buyer.definition.trades_trains_at_face_value or seller.definition.trades_trains_at_face_value:
            if price != face:
                raise IllegalAction(f"{buyer.name} and {seller.name} trade trains only at their printed price "
                                    f"({self.game.format_money(face)})", "train price")
        if price > buyer.cash:
            raise InsufficientFunds(f"{buyer.name} has {self.game.format_money(buyer.cash)}: a train from another "
                                    "corporation is paid from the treasury alone", "train price")
        rules = loan_rules(self.game)
        if rules is None or not rules.face_value_train_trades:
            return
        if buyer.loans and seller.loans and price != face:
            raise IllegalAction(f"two corporations with loans trade a train at its printed price "
                                f"({self.game.format_money(face)})", "train price")
        if buyer.loans and price > face:
            raise IllegalAction(f"{buyer.name} has a loan: it pays at most {self.game.format_money(face)} for a "
                                f"{train.name} from another corporation", "train price")
        if seller.loans and price < face:
            raise IllegalAction(f"{seller.name} has a loan: it sells a {train.name} for at least "
                                f"{self.game.format_money(face)}", "train price")


class LoanRepayStep(Step):
    """After buying trains, a corporation may repay loans (the ``loans`` step)."""

    type_name = "loans"

    def description(self) -> str:
        return "Repay Loans"

    def pass_description(self) -> str:
        return "Done (Loans)"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not entity.is_corporation() or not entity.loans:
            return []
        if entity.cash < entity.loans[0]:
            return []
        return ["payoff_loan", "pass"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        return [simple(kind, entity) for kind in kinds]

    def process_payoff_loan(self, action: "Action") -> None:
        game = self.game
        corp = action.entity
        if not corp.loans:
            raise IllegalAction(f"{corp.name} has no loan to repay", "loans")
        amount = corp.loans[0]
        if corp.cash < amount:
            raise InsufficientFunds(f"{corp.name} has {game.format_money(corp.cash)} and cannot repay "
                                    f"{game.format_money(amount)}", "loans")
        old = corp.share_price
        corp.spend(amount, game.bank)
        corp.loans.pop(0)
        move_price(game, corp, _loans(game).price_move_on_repay)
        game.log(f"{corp.name} repays a loan of {game.format_money(amount)}")
        log_share_price(game, corp, old)


class Loans(Mechanic):
    STEPS = {"loans": LoanRepayStep}

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return loan_rules(game) is not None or any(c.definition.bonds for c in game.all_corporations)

    def setup(self) -> None:
        add_deduction(self.game, self.pay_interest)

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        if loan_rules(self.game) is None:
            return steps
        return mix_into(steps, BuyTrainStep, LoanTrainBuying)

    def pay_interest(self, corp: Any, revenue: int) -> int:
        """Loan and bond interest before the dividend; returns the revenue left."""
        game = self.game
        rules = loan_rules(game)
        loan_due = loan_count(corp) * rules.interest if rules is not None else 0
        bond_due = bond_interest_due(game, corp)
        available = corp.cash
        remains = 0
        for kind, due in (("loan", loan_due), ("bond", sum(bond_due.values()))):
            if due <= 0:
                continue
            if due <= available:
                available -= due
                game.log(f"{corp.name} pays {game.format_money(due)} {kind} interest from its treasury")
            elif revenue > 0:
                part = min(revenue, due)
                game.bank.spend(part, corp)
                revenue -= part
                remains += due - part
                game.log(f"{corp.name} pays {game.format_money(part)} of {game.format_money(due)} {kind} interest "
                         "from its revenue")
            else:
                remains += due
        if remains > 0 and rules is not None and loan_room(game, corp) > 0:
            take_loans(game, corp, 1, "for interest")
            remains -= rules.amount
        if remains > 0:
            president = corp.owner
            if president is None or not president.is_player() or president.cash < remains:
                raise InsufficientFunds(f"{corp.name} cannot pay its interest and its president cannot add "
                                        f"{game.format_money(remains)}", "interest")
            president.spend(remains, corp)
            game.log(f"{president.name} pays {game.format_money(remains)} of {corp.name}'s interest")
        if loan_due > 0:
            corp.spend(loan_due, game.bank)
        for holder, amount in bond_due.items():
            corp.spend(amount, holder)
        return revenue
