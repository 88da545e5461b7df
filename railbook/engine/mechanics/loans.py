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

from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.train import Train
from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, replace_step
from railbook.engine.mechanics.bonds import bond_interest_due
from railbook.engine.mechanics.cash_crisis import CashCrisisStep
from railbook.engine.mechanics.debt_formation import loans_ended
from railbook.engine.points import Handler, Point
from railbook.engine.rules.shares import log_share_price
from railbook.engine.steps.base import Step
from railbook.engine.steps.privates import PRIVATE_POWER
from railbook.engine.steps.routes import DEDUCT, DividendStep
from railbook.engine.steps.token import TOKEN_POWER
from railbook.engine.steps.trains import BEFORE_BUY, CHECK_BUY, PRICE_RANGE, RAISED_TO_BUY, BankruptStep, BuyTrainStep
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


def loan_limit(game: "GameState", corp: Any) -> int:
    """The most loans the corporation may hold (``max_per_player_share``: one for each certificate
    share players hold of it)."""
    rules = loan_rules(game)
    if rules is None:
        return 0
    if rules.max_per_player_share:
        return sum(p.percent_of(corp) for p in game.players) // corp.share_percent
    return rules.max_per_corporation


def loan_room(game: "GameState", corp: Any) -> int:
    return max(0, loan_limit(game, corp) - loan_count(corp))


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


def step_passed(round: Any, cls: type) -> bool:
    return any(isinstance(s, cls) and bool(getattr(s, "passed", False)) for s in round.steps)


class TurnLoanStep(Step):
    """``taken: in_turn``: one loan a turn at any time of it, repayment after the train purchases.

    Before the train step is passed the step does not block: ``take_loan`` is taken whatever step
    is active. After it, the step waits while the corporation may still repay or take a loan.
    Interest is paid once the trains have run (``after_action``); a loan taken after that brings its
    amount less one interest. A corporation holding more loans than it may (its players sold
    shares) repays the excess once its trains are bought, its president adding what it lacks."""

    type_name = "loans"

    def __init__(self, game: "GameState", round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.took: set[str] = set()
        self.repaid: set[str] = set()
        self.paid_interest: set[str] = set()
        self.penalty: dict[str, int] = {}

    def description(self) -> str:
        entity = self.current_entity()
        return "Payoff Loans" if entity is not None and self.can_payoff(entity) else "Take Loans"

    def pass_description(self) -> str:
        return "Done (Loans)"

    def blocks(self) -> bool:
        return step_passed(self.round, BuyTrainStep)

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not entity.is_corporation():
            return []
        out = []
        if self.can_payoff(entity):
            out.append("payoff_loan")
        if self.can_take(entity):
            out.append("take_loan")
        if out and self.blocks():
            out.append("pass")
        return out

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        return [simple(kind, entity) for kind in self.actions(entity)]

    def can_payoff(self, entity: Any) -> bool:
        return bool(entity.loans) and entity.cash >= entity.loans[0] and step_passed(self.round, BuyTrainStep)

    def can_take(self, entity: Any) -> bool:
        rules = _loans(self.game)
        if rules.no_loans_flag is not None and rules.no_loans_flag in self.game.phase.status:
            return False
        if loans_ended(self.game):
            return False
        return loan_room(self.game, entity) > 0 and entity.id not in self.took and entity.id not in self.repaid

    def process_take_loan(self, action: "Action") -> None:
        game, corp = self.game, action.entity
        if not self.can_take(corp):
            raise IllegalAction(f"{corp.name} cannot take a loan now", "loans")
        rules = _loans(game)
        received = rules.amount - (rules.interest if corp.id in self.paid_interest else 0)
        game.bank.spend(received, corp)
        corp.loans.append(rules.amount)
        self.took.add(corp.id)
        game.log(f"{corp.name} takes a loan and receives {game.format_money(received)}")

    def process_payoff_loan(self, action: "Action") -> None:
        game, corp = self.game, action.entity
        if not self.can_payoff(corp):
            raise IllegalAction(f"{corp.name} cannot repay a loan now", "loans")
        amount = corp.loans.pop(0)
        corp.spend(amount, game.bank)
        self.repaid.add(corp.id)
        game.log(f"{corp.name} pays off a loan for {game.format_money(amount)}")

    def after_action(self, action: "Action") -> None:
        round = self.round
        if not round.entities or round.entity_index >= len(round.entities):
            return
        corp = round.entities[round.entity_index]
        if not corp.is_corporation():
            return
        self.pay_interest(corp)
        self.force_repay(corp)

    def pay_interest(self, corp: Any) -> None:
        from railbook.engine.steps.routes import RouteStep

        game = self.game
        if corp.id in self.paid_interest or not step_passed(self.round, RouteStep):
            return
        self.paid_interest.add(corp.id)
        owed = 0 if loans_ended(game) else len(corp.loans) * _loans(game).interest
        game.log(f"{corp.name} owes {game.format_money(owed) if owed else 'no'} interest"
                 + (f" for {len(corp.loans)} loans" if corp.loans else ""))
        if owed <= 0:
            return
        payment = min(owed, corp.cash - corp.cash % 10)
        if payment > 0:
            corp.spend(payment, game.bank)
            owed -= payment
            game.log(f"{corp.name} pays {game.format_money(payment)} interest")
        if owed <= 0:
            return
        deduction = min(owed, sum(self.round.route_revenues))
        if deduction > 0:
            owed -= deduction
            self.penalty[corp.id] = deduction
            game.log(f"{corp.name} deducts {game.format_money(deduction)} from its run")
        if owed <= 0:
            return
        president = corp.owner
        game.log(f"{corp.name} cannot afford the remaining {game.format_money(owed)} interest and its "
                 "president must cover the difference")
        if not self.president_covers(corp, owed):
            raise InsufficientFunds(f"{corp.name}'s president cannot add {game.format_money(owed)} of interest",
                                    "interest")
        president.spend(owed, game.bank, check_cash=False)
        self.after_president_paid(president, corp)

    def crisis(self) -> Any:
        return next((s for s in self.round.steps if isinstance(s, CashCrisisStep)), None)

    def president_covers(self, corp: Any, owed: int) -> bool:
        """Whether the president pays what the corporation owes: he must, in debt if need be, where
        the round has emergency fundraising (else only what his cash covers)."""
        president = corp.owner
        if president is None or not president.is_player():
            return False
        return president.cash >= owed or self.crisis() is not None

    def after_president_paid(self, president: Any, corp: Any) -> None:
        crisis = self.crisis()
        if president.cash < 0 and crisis is not None:
            crisis.in_debt(president, corp)

    def force_repay(self, corp: Any) -> None:
        game = self.game
        excess = len(corp.loans) - loan_limit(game, corp)
        if excess <= 0 or not step_passed(self.round, BuyTrainStep):
            return
        owed = sum(corp.loans[-excess:])
        del corp.loans[-excess:]
        self.repaid.add(corp.id)
        game.log(f"{corp.name} must repay {excess} loan{'s' if excess > 1 else ''} and owes {game.format_money(owed)}")
        payment = min(owed, corp.cash)
        if payment > 0:
            corp.spend(payment, game.bank)
        owed -= payment
        if owed > 0:
            president = corp.owner
            if not self.president_covers(corp, owed):
                raise InsufficientFunds(f"{corp.name}'s president cannot add {game.format_money(owed)} to repay "
                                        "its loans", "loans")
            president.spend(owed, game.bank, check_cash=False)
            game.log(f"{president.name} pays the remaining {game.format_money(owed)}")
            self.after_president_paid(president, corp)

    def deduct(self, corp: Any, revenue: int) -> int:
        """The interest taken from the run (``Loans``'s deduction before the dividend)."""
        return max(0, revenue - self.penalty.pop(corp.id, 0))


class Loans(Mechanic):
    STEPS = {"loans": LoanRepayStep}

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return loan_rules(game) is not None or any(c.definition.bonds for c in game.all_corporations)

    def handlers(self) -> list[tuple[Point, Handler]]:
        out: list[tuple[Point, Handler]] = [(DEDUCT, self.interest_before_dividend)]
        if loan_rules(self.game) is None:
            return out
        if self.in_turn():
            return out + [(TOKEN_POWER, self.loan_power), (PRIVATE_POWER, self.loan_power)]
        return out + [(PRICE_RANGE, self.treasury_pays_trains), (CHECK_BUY, self.check_loan_trade),
                      (RAISED_TO_BUY, self.loans_raised), (BEFORE_BUY, self.loans_before_train)]

    def interest_before_dividend(self, step: DividendStep, corp: Corporation, revenue: int) -> int:
        """Loan and bond interest is paid before the dividend, from the treasury, then the revenue
        (``taken: in_turn``: as the turn's loan step has it); the rest is distributed."""
        if self.in_turn():
            return self.in_turn_deduction(corp, revenue)
        return self.pay_interest(corp, revenue)

    def in_turn(self) -> bool:
        rules = loan_rules(self.game)
        return rules is not None and rules.taken == "in_turn"

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        if loan_rules(self.game) is not None and self.in_turn():
            steps = replace_step(steps, LoanRepayStep, TurnLoanStep)
            # the crisis comes first, after a bankruptcy step only (a bankruptcy declared at will, debts and all,
            # is that step's, as 18xx.games orders them)
            at = 1 if steps and isinstance(steps[0], type) and issubclass(steps[0], BankruptStep) else 0
            return steps[:at] + [CashCrisisStep] + steps[at:]
        return steps

    # -- ``taken: in_turn``: a loan it may still take counts as money (token and private steps)
    def loan_power(self, step: Step, entity: Any) -> int:
        """A loan the corporation may still take this turn counts as money for a station or a private;
        the purchase itself is paid from the treasury once the loan is taken."""
        loan_step = next((s for s in step.round.steps if isinstance(s, TurnLoanStep)), None)
        if loan_step is None or not entity.is_corporation() or not loan_step.can_take(entity):
            return 0
        rules = _loans(self.game)
        return rules.amount - (rules.interest if entity.id in loan_step.paid_interest else 0)

    # -- loans taken to buy a train (the train step)
    def loans_for(self, step: BuyTrainStep, entity: Corporation, train: Train, price: int) -> int:
        """The loans the corporation takes before buying this train (its first, short of cash)."""
        short = price - entity.cash
        if short > 0 and train.from_depot() and step.must_buy_train(entity):
            return min(-(-short // _loans(self.game).amount), loan_room(self.game, entity))
        return 0

    def loans_raised(self, step: BuyTrainStep, entity: Corporation, train: Train, price: int) -> int:
        """A corporation short of cash for the train it must buy takes loans first: the purchase is
        judged with their money."""
        loans = self.loans_for(step, entity, train, price)
        return loans * _loans(self.game).amount if loans else 0

    def loans_before_train(self, step: BuyTrainStep, action: "Action") -> None:
        """The loans a train purchase needs are taken before it is paid (once the purchase is judged legal)."""
        entity, train, price = action.entity, action.train, action.price
        step.check_buy_train(entity, train, price, action.exchange, action.variant)
        take_loans(self.game, entity, self.loans_for(step, entity, train, price), "to buy a train")

    def treasury_pays_trains(self, step: BuyTrainStep, entity: Corporation, train: Train,
                             span: tuple[int, int]) -> tuple[int, int]:
        """A train from another corporation is paid from the treasury alone, at the printed price where
        the title or a loan says so (``check_loan_trade``'s prices)."""
        low, high = span
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

    def check_loan_trade(self, step: BuyTrainStep, buyer: Corporation, train: Train, price: int) -> None:
        """Trains traded between corporations are paid from the treasury alone, at the printed price where
        the title says so or both have loans; a buyer with a loan pays at most, a seller with one takes at
        least, the printed price."""
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

    def in_turn_deduction(self, corp: Any, revenue: int) -> int:
        round = self.game.round
        step = next((s for s in getattr(round, "steps", ()) if isinstance(s, TurnLoanStep)), None)
        return step.deduct(corp, revenue) if step is not None else revenue

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
        president = corp.owner
        if remains > 0:
            if president is not None and president.is_player() and not president.bankrupt \
                    and president.cash >= remains:
                president.spend(remains, corp)
                game.log(f"{president.name} pays {game.format_money(remains)} of {corp.name}'s interest")
            else:
                # the rules stop here (a president already bankrupt goes bankrupt only once; Rails,
                # which plays these rules, leaves a president who cannot pay the rest unpaid): what
                # neither the treasury, nor a loan, nor the president can pay goes unpaid
                game.warn(f"{corp.name} cannot pay {game.format_money(remains)} of its interest")
                game.log(f"{corp.name} cannot pay {game.format_money(remains)} of its interest, nor can its president")
                loan_due, bond_due = _what_it_can_pay(corp.cash, loan_due, bond_due)
        if loan_due > 0:
            corp.spend(loan_due, game.bank)
        for holder, amount in bond_due.items():
            corp.spend(amount, holder)
        return revenue


def _what_it_can_pay(cash: int, loan_due: int, bond_due: dict[Any, int]) -> tuple[int, dict[Any, int]]:
    """The interest a corporation pays from ``cash`` when it cannot pay it all: its loans' first,
    then its bonds' holder by holder."""
    loans = min(loan_due, cash)
    cash -= loans
    bonds = {}
    for holder, amount in bond_due.items():
        bonds[holder] = min(amount, cash)
        cash -= bonds[holder]
    return loans, bonds
