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
  cash goes to the corporation.

A corporation in receivership (``receivership``) operates on its own: it lays no track,
places no station, issues and buys nothing by choice, and withholds what its trains earn
(without trains its price drops once more); owning no train, it buys the cheapest
variant of the cheapest train in the depot when it can pay, also right after the
bankruptcy that put it there. Its shares cannot be sold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import ShareBundle
from railbook.engine.mechanics.base import Mechanic, replace_step
from railbook.engine.mechanics.compose import mix_into
from railbook.engine.mechanics.issue_redeem import IssueRedeemStep, emergency_issuable, emergency_issue
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rules.bankruptcy import declare_bankrupt, refuse_unless_may_go_bankrupt, sellable_bundles
from railbook.engine.rules.corporations import close_corporation
from railbook.engine.rules.game_end import TRIGGERS
from railbook.engine.rules.shares import sell_shares, sell_shares_and_change_price
from railbook.engine.rules.trains import after_train_bought, buy_train
from railbook.engine.steps.privates import BuyPrivateStep
from railbook.engine.steps.routes import DividendStep
from railbook.engine.steps.stock import BuySellParShares
from railbook.engine.steps.token import TokenStep
from railbook.engine.steps.track import TrackStep
from railbook.engine.steps.trains import BankruptStep, BuyTrainStep

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
        steps = replace_step(steps, BankruptStep, TitleBankruptStep)
        if not self.game.rules.bankruptcy.receivership:
            return steps
        for base in (TrackStep, TokenStep, IssueRedeemStep, BuyPrivateStep):
            steps = mix_into(steps, base, LeftAlone)
        steps = mix_into(steps, BuyTrainStep, ReceivershipTrains)
        return mix_into(steps, DividendStep, ReceivershipDividend)

    def stock_steps(self, steps: list[Any]) -> list[Any]:
        if not self.game.rules.bankruptcy.receivership:
            return steps
        return mix_into(steps, BuySellParShares, NoSalesInReceivership)


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


class NoSalesInReceivership:
    """Nobody sells shares of a corporation in receivership."""

    LISTING_HOLDS = True

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        if bundle is not None and in_receivership(bundle.corporation):
            return False
        return bool(super().can_sell(entity, bundle))  # type: ignore[misc]


class LeftAlone:
    """The step does nothing for a corporation in receivership."""

    LISTING_HOLDS = True

    def actions(self, entity: Any) -> list[str]:
        return [] if in_receivership(entity) else list(super().actions(entity))  # type: ignore[misc]


class ReceivershipTrains(LeftAlone):
    game: Any
    current_entity: Any

    def can_sell_emergency(self, entity: Any, bundle: Any) -> bool:
        if in_receivership(bundle.corporation):
            return False
        return bool(super().can_sell_emergency(entity, bundle))  # type: ignore[misc]

    def skip(self) -> None:
        auto_buy_train(self.game, self.current_entity())
        super().skip()  # type: ignore[misc]


class ReceivershipDividend(LeftAlone):
    game: Any
    current_entity: Any

    def skip(self) -> None:
        entity = self.current_entity()
        super().skip()  # type: ignore[misc]
        if in_receivership(entity) and not entity.trains and entity.share_price is not None \
                and entity.share_price.price > 0:
            self.change_share_price(entity, 0)  # type: ignore[attr-defined]


class TitleBankruptStep(BankruptStep):
    def process_bankrupt(self, action: "Action") -> None:
        game = self.game
        rules = game.rules.bankruptcy
        corp = action.entity
        player = corp.owner
        if rules.corporation_issues_first:
            bundles = emergency_issuable(game, corp)
            if bundles:
                emergency_issue(game, corp, max(bundles, key=lambda b: b.num_shares()))
                for step in self.round.steps:
                    if hasattr(step, "emergency_issued"):
                        step.emergency_issued = True
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
        if rules.leftover_cash == "to_corporation":
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
