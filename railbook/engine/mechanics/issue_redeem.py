"""A corporation issuing its own certificates and redeeming them (the ``issue_redeem`` step).

In its operating turn, until it pays its dividend, a corporation may once either
issue certificates from its treasury to the bank pool, which pays it one column
left of its share price for each (``issue_redeem.issue_price``), at most as many as
players hold less those already in the pool; or redeem certificates from the pool
into its treasury, paying one column right of its share price for each
(``redeem_price``). Neither moves its price. The step never holds up the turn.

With ``emergency_buy.issue_shares_first``, a corporation that owns no train and cannot
pay the dearest train of the cheapest type in the depot may issue certificates in
its train step instead, once a turn, and must before its president adds money:
each certificate issued lowers the price one column, and is sold one column left of
where the price ends; certificates that would bring nothing may not be issued, and
no more than it needs for the dearer variant of that train (if it cannot reach the
cheaper one, as many as it can).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.share import ShareBundle
from railbook.engine.legal import LegalAction, shares_action
from railbook.engine.mechanics.base import Mechanic
from railbook.engine.rules.shares import bundles_for_corporation, log_share_price
from railbook.engine.points import Handler, Point
from railbook.engine.steps.base import Step
from railbook.engine.steps.track_and_token import STATION_POWER, TRACK_POWER
from railbook.engine.steps.trains import (PRESIDENT_WAITS, SELL_INSTEAD, TRAIN_LISTING, TRAIN_OFFER,
                                          TRAIN_TURN_START, BuyTrainStep)
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def issue_limit(game: "GameState", corp: Any) -> int:
    """How many certificates the corporation may put in the pool: those players hold less those there."""
    held = sum(s.percent for p in game.players for s in p.shares_of(corp)) // corp.share_percent
    return held - int(game.share_pool.percent_of(corp)) // corp.share_percent


def priced(bundles: list[ShareBundle], price: int) -> list[ShareBundle]:
    for b in bundles:
        b.share_price = price
    return bundles


def issuable_bundles(game: "GameState", corp: Any) -> list[ShareBundle]:
    if corp.share_price is None:
        return []
    rule = game.rules.operating_round.issue_redeem
    sp = corp.share_price
    cell = game.stock_market.share_price(*game.stock_market.left(sp.coordinates)) if rule.issue_price == "left" else sp
    limit = issue_limit(game, corp)
    own = [s for s in corp.shares_of(corp) if s.buyable]
    if not own:
        return []
    bundles = [b for b in bundles_for_corporation(game, corp, corp) if b.num_shares() <= limit and b.buyable()]
    return priced(bundles, cell.price if cell is not None else sp.price)


def redeemable_bundles(game: "GameState", corp: Any) -> list[ShareBundle]:
    if corp.share_price is None:
        return []
    rule = game.rules.operating_round.issue_redeem
    sp = corp.share_price
    cell = game.stock_market.share_price(*game.stock_market.right(sp.coordinates)) if rule.redeem_price == "right" else sp
    bundles = priced(bundles_for_corporation(game, game.share_pool, corp), cell.price if cell is not None else sp.price)
    return [b for b in bundles if b.price() <= corp.cash]


def _kinds(bundle: ShareBundle) -> list[tuple[int, bool, bool]]:
    return sorted((s.percent, bool(s.president), bool(s.buyable)) for s in bundle.shares)


def matching(bundles: list[ShareBundle], wanted: ShareBundle) -> ShareBundle | None:
    """The action's certificates as the bundle among these they are the same move as (one holder's
    certificates of the same kinds: any of the treasury's 10% certificates is the same issue), at
    that bundle's price; None if they are none of them."""
    holder = wanted.shares[0].owner
    if len({id(s) for s in wanted.shares}) != len(wanted.shares) or any(s.owner is not holder for s in wanted.shares):
        return None
    for b in bundles:
        if b.owner is holder and b.corporation is wanted.corporation and b.percent == wanted.percent \
                and _kinds(b) == _kinds(wanted):
            out = ShareBundle(list(wanted.shares), wanted.percent)
            out.share_price = b.share_price
            return out
    return None


def issue(game: "GameState", corp: Any, bundle: ShareBundle) -> None:
    """The corporation sells the bundle from its treasury to the pool at the bundle's price."""
    price = bundle.price()
    game.share_pool.transfer_shares(bundle, game.share_pool, spender=game.bank, receiver=corp, price=price,
                                    allow_president_change=False)
    game.log(f"{corp.name} issues {bundle.percent}% of itself to the pool and receives {game.format_money(price)}")


ISSUE_LEFT_ALONE = Point("issue_redeem", "left alone", "(step, corporation) -> bool: yes, the step offers it nothing")


class IssueRedeemStep(Step):
    type_name = "issue_redeem"
    POINTS: tuple[Point, ...] = (ISSUE_LEFT_ALONE,)
    ACTIONS = ("buy_shares", "sell_shares")

    def description(self) -> str:
        return "Issue or Redeem Shares"

    blocks = Step.never_blocks

    def active(self) -> bool:
        return not self.passed and not self.dividend_paid()

    def dividend_paid(self) -> bool:
        """The turn's dividend is decided: the step is over for this corporation."""
        return any(getattr(s, "type_name", None) == "dividend" and s.passed for s in self.round.steps)

    def allowed(self, entity: Any) -> bool:
        return (entity is self.current_entity() and entity.is_corporation() and not entity.minor
                and entity.floated() and entity.owner is not None and entity.owner.is_player())

    def actions(self, entity: Any) -> list[str]:
        if self.game.extensions.yes(ISSUE_LEFT_ALONE, self, entity) or not self.allowed(entity):
            return []
        out = []
        if redeemable_bundles(self.game, entity):
            out.append("buy_shares")
        if issuable_bundles(self.game, entity):
            out.append("sell_shares")
        return out

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        out = []
        if "buy_shares" in kinds:
            out += [shares_action("buy_shares", entity, b) for b in redeemable_bundles(self.game, entity)]
        if "sell_shares" in kinds:
            out += [shares_action("sell_shares", entity, b) for b in issuable_bundles(self.game, entity)]
        return out

    def process_sell_shares(self, action: "Action") -> None:
        corp = action.entity
        bundle = matching(issuable_bundles(self.game, corp), action.bundle)
        if bundle is None:
            raise IllegalAction(f"{corp.name} cannot issue those certificates now (at most "
                                f"{issue_limit(self.game, corp)}, from its treasury)", "issue shares")
        issue(self.game, corp, bundle)
        self.pass_()

    def process_buy_shares(self, action: "Action") -> None:
        game, corp = self.game, action.entity
        bundle = matching(priced(bundles_for_corporation(game, game.share_pool, corp), redeemable_price(game, corp)),
                          action.bundle)
        if bundle is None:
            raise IllegalAction(f"{corp.name} redeems only its own certificates from the pool", "redeem shares")
        price = bundle.price()
        if price > corp.cash:
            raise InsufficientFunds(f"{corp.name} cannot pay {game.format_money(price)} to redeem "
                                    f"{bundle.percent}%", "money")
        game.share_pool.transfer_shares(bundle, corp, spender=corp, receiver=game.bank, price=price,
                                        allow_president_change=False)
        game.log(f"{corp.name} redeems {bundle.percent}% of itself from the pool for {game.format_money(price)}")
        self.pass_()


def redeemable_price(game: "GameState", corp: Any) -> int:
    rule = game.rules.operating_round.issue_redeem
    sp = corp.share_price
    cell = game.stock_market.share_price(*game.stock_market.right(sp.coordinates)) if rule.redeem_price == "right" else sp
    return cell.price if cell is not None else sp.price


class IssueRedeem(Mechanic):
    STEPS = {"issue_redeem": IssueRedeemStep}

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return "issue_redeem" in game.rules.operating_round.steps

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.emergency_issued = False   # the operating corporation has issued for a train this turn

    def handlers(self) -> list[tuple[Point, Handler]]:
        out: list[tuple[Point, Handler]] = [(TRACK_POWER, self.issuing_power), (STATION_POWER, self.issuing_power)]
        if self.game.rules.operating_round.emergency_buy.issue_shares_first:
            out += [(TRAIN_TURN_START, self.new_turn), (PRESIDENT_WAITS, self.issue_before_president),
                    (TRAIN_OFFER, self.offer_emergency_issue), (TRAIN_LISTING, self.list_emergency_issues),
                    (SELL_INSTEAD, self.emergency_sale)]
        return out

    # -- issuing counts as money (track and token step)
    def issuing_power(self, step: Step, corp: Corporation) -> int:
        """While it may still issue, what a corporation could raise by issuing counts as money it has
        (whether it can pay for track or a station)."""
        issuing = next((s for s in step.round.steps if isinstance(s, IssueRedeemStep)), None)
        if issuing is None or not issuing.active():
            return 0
        return max((b.price() for b in issuable_bundles(self.game, corp)), default=0)

    # -- issuing for a train (emergency_buy.issue_shares_first, the train step)
    def new_turn(self, step: BuyTrainStep) -> None:
        """A corporation issues for a train once a turn."""
        self.emergency_issued = False

    def can_issue(self, corp: Any) -> bool:
        return (not self.emergency_issued and corp is not None and corp.is_corporation()
                and not corp.minor and bool(emergency_issuable(self.game, corp)))

    def issue_before_president(self, step: BuyTrainStep, corp: Corporation) -> bool:
        """A trainless corporation issues certificates for a train before its president may pay (he
        adds money only below the cheapest depot train and once it cannot issue)."""
        return not (corp.cash < self.game.depot.min_depot_price() and not self.can_issue(corp))

    def offer_emergency_issue(self, step: BuyTrainStep, entity: Any, kinds: list[str]) -> list[str]:
        """A corporation that must buy a train and may issue for it sells (issues) certificates or buys,
        and may not pass; its president waits meanwhile."""
        out = list(kinds)
        current = step.current_entity()
        if current is None or entity is None:
            return out
        if entity is current.owner and entity is not current:
            return [] if self.can_issue(current) else out
        if entity is current and self.can_issue(entity) and step.must_buy_train(entity):
            out = [k for k in out if k != "pass"]
            if "buy_train" not in out:
                out.append("buy_train")
            if "sell_shares" not in out:
                out.append("sell_shares")
        return out

    def list_emergency_issues(self, step: BuyTrainStep, entity: Any, listed: list[LegalAction]) -> list[LegalAction]:
        """A corporation's ``sell_shares`` in the train step is its emergency issue: each bundle it may
        issue now (it sells nothing else)."""
        if entity is None or entity is not step.current_entity():
            return listed
        out = [la for la in listed if la.type != "sell_shares"]
        if "sell_shares" in step.actions(entity) and self.can_issue(entity):
            out += [shares_action("sell_shares", entity, b) for b in emergency_issuable(self.game, entity)]
        return out

    def emergency_sale(self, step: BuyTrainStep, action: "Action") -> bool:
        """The corporation's own ``sell_shares`` issues certificates for its train, each lowering its price
        a column; its president may not sell while it can issue."""
        entity, game = action.entity, self.game
        current = step.current_entity()
        if entity is current:
            bundle = matching(emergency_issuable(game, entity), action.bundle)
            if bundle is None or not self.can_issue(entity):
                raise IllegalAction(f"{entity.name} cannot issue those certificates for a train", "emergency issue")
            emergency_issue(game, entity, bundle)
            self.emergency_issued = True
            return True
        if self.can_issue(current):
            raise IllegalAction(f"{entity.name} may not sell while {current.name} can issue shares", "emergency issue")
        return False


def emergency_issuable(game: "GameState", corp: Any) -> list[ShareBundle]:
    """The bundles a trainless corporation may issue to buy a train (see the module's docstring)."""
    if corp.trains or corp.share_price is None:
        return []
    train = game.depot.min_depot_train()
    if train is None:
        return []
    prices = [v.price for v in train.variants.values()]
    low, high = min(prices), max(prices)
    if corp.cash >= high:
        return []
    limit = issue_limit(game, corp)
    bundles = [b for b in bundles_for_corporation(game, corp, corp) if b.num_shares() <= limit and b.buyable()]
    market = game.stock_market
    for b in bundles:
        rc = corp.share_price.coordinates
        for _ in range(1 + int(b.num_shares())):
            rc = market.left(rc)
        cell = market.share_price(*rc)
        b.share_price = cell.price if cell is not None else 0
    bundles = sorted([b for b in bundles if b.price() > 0], key=lambda b: b.price())
    enough = [b for b in bundles if corp.cash + b.price() >= low]
    if enough:
        index = next((i for i, b in enumerate(enough) if corp.cash + b.price() >= high), None)
        return enough[: index + 1] if index is not None else enough
    biggest = max(bundles, key=lambda b: b.num_shares(), default=None)
    return [biggest] if biggest is not None else []


def emergency_issue(game: "GameState", corp: Any, bundle: ShareBundle) -> None:
    """Issue for a train: the price drops a column for each certificate issued."""
    old = corp.share_price
    issue(game, corp, bundle)
    for _ in range(int(bundle.num_shares())):
        game.stock_market.move_left(corp)
    log_share_price(game, corp, old)
