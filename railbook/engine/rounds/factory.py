"""Rounds built from the title's data: which steps a round has, in which order.

The operating round's steps are listed in the title (``operating_round.steps``);
each name maps to one step class here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.rounds.auction import AuctionRound
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rounds.stock import StockRound
from railbook.engine.steps.auction import CompanyPendingPar, WaterfallAuction
from railbook.engine.steps.markers import SpecialBuyStep
from railbook.engine.steps.privates import (
    BuyPrivateStep,
    ExchangeStep,
    SpecialTokenStep,
    SpecialTrackStep,
)
from railbook.engine.steps.routes import DividendStep, RouteStep
from railbook.engine.steps.shares import RedeemSharesStep
from railbook.engine.steps.stock import BuySellParShares
from railbook.engine.steps.token import HomeTokenStep, TokenStep, UpdateTokensStep
from railbook.engine.steps.track import TrackStep
from railbook.engine.steps.trains import BankruptStep, BuyTrainStep, DiscardTrainStep
from railbook.errors import GameError

if TYPE_CHECKING:
    from railbook.engine.game import Game

OR_STEPS: dict[str, Any] = {
    "bankrupt": BankruptStep,
    "exchange": ExchangeStep,
    "special_track": SpecialTrackStep,
    "special_token": SpecialTokenStep,
    "buy_private": BuyPrivateStep,
    "buy_private_blocking": (BuyPrivateStep, {"blocks": True}),
    "home_token": HomeTokenStep,
    "track": TrackStep,
    "token": TokenStep,
    "route": RouteStep,
    "dividend": DividendStep,
    "discard_train": DiscardTrainStep,
    "buy_train": BuyTrainStep,
    "redeem_shares": RedeemSharesStep,
    "special_buy": SpecialBuyStep,
    "update_tokens": UpdateTokensStep,
}

STOCK_STEPS = [DiscardTrainStep, ExchangeStep, SpecialTrackStep, BuySellParShares]


def register_step(name: str, spec: Any) -> None:
    """Let an engine extension add an operating-round step kind."""
    OR_STEPS[name] = spec


def auction_round(game: "Game") -> AuctionRound:
    kind = game.t["auction"]["kind"]
    if kind == "waterfall":
        if game.t["auction"].get("bidding_order") == "seat_order":
            from railbook.engine.steps.seat_auction import SeatOrderAuction

            return AuctionRound(game, [CompanyPendingPar, SeatOrderAuction])
        return AuctionRound(game, [CompanyPendingPar, WaterfallAuction])
    if kind == "starting_package":
        from railbook.engine.rounds.draft import DraftRound
        from railbook.engine.steps.starting_package import StartingPackageDraft

        game.log("-- Draft of the starting package --")
        return DraftRound(game, [StartingPackageDraft])
    raise GameError(f"auction kind {kind!r} is not supported by this engine yet", "title data")


def stock_round(game: "Game") -> StockRound:
    steps = list(STOCK_STEPS)
    for m in game.mechanics:
        steps = m.stock_steps(steps)
    return StockRound(game, steps)


def operating_round(game: "Game", num: int) -> OperatingRound:
    steps = []
    for name in game.t["operating_round"]["steps"]:
        spec = OR_STEPS.get(name)
        if spec is None:
            continue
        steps.append(spec)
    for m in game.mechanics:
        steps = m.operating_steps(steps)
    return OperatingRound(game, steps, round_num=num)
