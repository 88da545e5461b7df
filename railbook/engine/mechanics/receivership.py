"""Bankruptcy that leaves corporations in receivership (``bankruptcy`` options).

A president who cannot buy the train his corporation must have goes bankrupt as the
title's ``bankruptcy`` section says:

* ``corporation_issues_first``: the corporation first issues as many certificates as it
  may for a train (mechanics/issue_redeem.py);
* the president sells what the train step would let him sell (the biggest such bundle of
  each corporation, in operating order, prices moving as for any sale); with
  ``leftover_shares: to_pool`` everything else he holds then goes to the pool, prices
  unmoved, presidencies passing on where someone holds enough; a corporation that is
  left with nobody to preside is in receivership;
* ``privates_close``: his privates and minors close; ``leftover_cash: to_corporation``: his
  cash goes to the corporation (to the bank, where it was a minor of his that has just closed).

A corporation in receivership (``receivership``) operates on its own: it lays no track,
places no station, issues and buys nothing by choice, and withholds what its trains earn
(without trains its price drops once more); owning no train, it buys the cheapest
variant of the cheapest train in the depot when it can pay, also right after the
bankruptcy that put it there. Its shares cannot be sold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.share import ShareBundle
from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, find, replace_step
from railbook.engine.mechanics.issue_redeem import ISSUE_LEFT_ALONE, IssueRedeem, emergency_issuable, emergency_issue
from railbook.engine.points import Handler, Point
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rules.bankruptcy import (declare_bankrupt, refuse_unless_may_go_bankrupt, sellable_bundles,
                                              total_emr_buying_power)
from railbook.engine.rules.corporations import close_corporation
from railbook.engine.rules.game_end import TRIGGERS
from railbook.engine.rules.shares import sell_shares, sell_shares_and_change_price
from railbook.engine.rules.trains import after_train_bought, buy_train
from railbook.engine.steps.base import Step
from railbook.engine.steps.privates import PRIVATE_LEFT_ALONE
from railbook.engine.steps.routes import DIVIDEND_LEFT_ALONE, DIVIDEND_SKIPPED, DividendStep
from railbook.engine.steps.stock import NO_SALE
from railbook.engine.steps.token import TOKEN_LEFT_ALONE
from railbook.engine.steps.track import TRACK_LEFT_ALONE
from railbook.engine.steps.trains import NO_EMERGENCY_SALE, TRAIN_LEFT_ALONE, TRAIN_SKIPPED, BankruptStep, BuyTrainStep

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def in_receivership(entity: Any) -> bool:
    owner = getattr(entity, "owner", None)
    return bool(entity is not None and entity.is_corporation() and owner is not None and owner.is_share_pool())


class Receivership(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        b = game.rules.bankruptcy
        return bool(b.receivership or b.corporation_issues_first or b.leftover_shares != "kept"
                    or b.leftover_cash != "to_bank" or b.privates_close)

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return replace_step(steps, BankruptStep, TitleBankruptStep)

    def handlers(self) -> list[tuple[Point, Handler]]:
        if not self.game.rules.bankruptcy.receivership:
            return []
        return [(TRACK_LEFT_ALONE, self.left_alone), (TOKEN_LEFT_ALONE, self.left_alone),
                (ISSUE_LEFT_ALONE, self.left_alone), (PRIVATE_LEFT_ALONE, self.left_alone),
                (TRAIN_LEFT_ALONE, self.left_alone), (NO_EMERGENCY_SALE, self.no_sale),
                (TRAIN_SKIPPED, self.buys_own_train), (DIVIDEND_LEFT_ALONE, self.left_alone),
                (DIVIDEND_SKIPPED, self.trainless_price_drop), (NO_SALE, self.no_sale)]

    def left_alone(self, step: Step, entity: Any) -> bool:
        """A corporation in receivership lays no track, places no station, and issues, buys and
        chooses nothing: it operates on its own."""
        return in_receivership(entity)

    def no_sale(self, step: Step, bundle: ShareBundle) -> bool:
        """Nobody sells shares of a corporation in receivership."""
        return in_receivership(bundle.corporation)

    def buys_own_train(self, step: BuyTrainStep, corp: Any) -> None:
        """A trainless corporation in receivership buys the cheapest train in the depot, if it can pay."""
        auto_buy_train(self.game, corp)

    def trainless_price_drop(self, step: DividendStep, corp: Corporation) -> None:
        """A corporation in receivership without trains sees its price drop once more."""
        if in_receivership(corp) and not corp.trains and corp.share_price is not None \
                and corp.share_price.price > 0:
            step.change_share_price(corp, 0)


def auto_buy_train(game: "GameState", corp: Any) -> None:
    """A corporation in receivership without a train buys the cheapest variant of the cheapest depot train."""
    if not in_receivership(corp) or corp.trains:
        return
    train = game.depot.min_depot_train()
    if train is None:
        return
    variant = min(train.variants.values(), key=lambda v: v.price)
    if corp.cash < variant.price:
        return
    train.set_variant(variant.name)
    game.log(f"{corp.name} (in receivership) buys a {train.name} train for {game.format_money(variant.price)}")
    buy_train(game, corp, train, variant.price)
    after_train_bought(game, train)
    game.hook("after_buy_train", corp, train)


class TitleBankruptStep(BankruptStep):
    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Bankruptcy where the rules make it a way out, judged as ``process_bankrupt`` judges it: where
        the corporation issues first, once it has issued (on a copy of the game, unless the figures
        decide it before: issuing brings the corporation the bundle's price and makes no share the
        president holds dearer or more sellable)."""
        game = self.game
        bundles = emergency_issuable(game, entity) if game.rules.bankruptcy.corporation_issues_first \
            and self.actions(entity) else []
        if not bundles:
            return super().legal_actions(entity)
        player = entity.owner
        if player is None or not player.is_player() or player.bankrupt:
            return []
        raised = max(bundles, key=lambda b: b.num_shares()).price()
        cheapest = game.depot.min_depot_price()
        listed = [simple("bankrupt", entity)]
        if total_emr_buying_power(game, player, entity) + raised < cheapest:
            return listed
        if player.cash + entity.cash + raised >= cheapest:
            return []
        return [] if game.refusal(dict(listed[0].action)) is not None else listed

    def process_bankrupt(self, action: "Action") -> None:
        game = self.game
        rules = game.rules.bankruptcy
        corp = action.entity
        player = corp.owner
        if rules.corporation_issues_first:
            bundles = emergency_issuable(game, corp)
            if bundles:
                emergency_issue(game, corp, max(bundles, key=lambda b: b.num_shares()))
                issuing = find(game, IssueRedeem)
                if issuing is not None:   # it has issued for a train this turn
                    issuing.emergency_issued = True
        refuse_unless_may_go_bankrupt(game, player, corp)
        game.log(f"-- {player.name} goes bankrupt and sells remaining shares --")
        for held in by_operating_order(player):
            bundles = sellable_bundles(game, player, held)
            if held.share_price is not None and bundles:
                sell_shares_and_change_price(game, max(bundles, key=lambda b: b.price()))
        if rules.leftover_shares == "to_pool":
            for held in by_operating_order(player):
                shares = list(player.shares_of(held))
                if held.share_price is None or not shares:
                    continue
                sell_shares(game, ShareBundle(shares))
                if held.owner is player and held.share_price.price > 0:
                    game.log(f"-- {held.name} enters receivership (it has no president) --")
                    held.owner = game.share_pool
        if rules.privates_close:
            for minor in [m for m in game.minors if m.owner is player]:
                close_corporation(game, minor)
            for company in list(player.companies):
                company.close()
        if rules.leftover_cash == "to_corporation" and not corp.closed:
            if player.cash > 0:
                player.spend(player.cash, corp)
        else:
            player.set_cash(0, game.bank)
        if isinstance(self.round, OperatingRound):
            self.round.recalculate_order()
        declare_bankrupt(game, player)
        if not TRIGGERS["bankruptcy"](game):
            auto_buy_train(game, corp)


def by_operating_order(player: Any) -> list[Any]:
    held = [c for c, shares in player.shares_by_corporation.items() if shares]
    return sorted(held, key=lambda c: c.sort_key() or (float("inf"),))
