"""The schedule of a game: which round follows which, and which steps each round has.

The title's data says it: an auction (or none) first, then stock rounds and sets
of operating rounds as the phase counts them; the operating round's steps are
the names in ``operating_round.steps``, each mapping to one step class (the
engine's own below, or one a mechanic brings). Mechanics may change a round's
steps, and one that changes the order of rounds (a starting package, merger
rounds) decides the next round before the engine's default does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.mechanics.registry import step_kinds
from railbook.engine.mechanics.starting_package import StartingPackageDraft
from railbook.engine.rounds.auction import AuctionRound
from railbook.engine.rounds.base import Round
from railbook.engine.rounds.draft import DraftRound, PrivateDraftRound
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rounds.stock import StockRound
from railbook.engine.rules.bankruptcy import charge_debt_interest
from railbook.engine.rules.game_end import apply_last_set_skips
from railbook.engine.rules.phases import start_timed_phases
from railbook.engine.rules.priority import reorder_players
from railbook.engine.rules.privates import close_used_privates
from railbook.engine.rules.trains import end_of_operating_set
from railbook.engine.steps.auction import CompanyPendingPar, WaterfallAuction
from railbook.engine.steps.blind_draft import BlindDraftRound, BlindDraftStep, unsold_privates
from railbook.engine.steps.draft import PrivateDraft
from railbook.engine.steps.home_track import HomeTrackStep
from railbook.engine.steps.markers import SpecialBuyStep
from railbook.engine.steps.message import with_bystanders
from railbook.engine.steps.privates import (
    BuyPrivateStep,
    ExchangeStep,
    SpecialTokenStep,
    SpecialTrackStep,
)
from railbook.engine.steps.routes import DividendStep, RouteStep
from railbook.engine.steps.seat_auction import SeatOrderAuction
from railbook.engine.steps.shares import RedeemSharesStep
from railbook.engine.steps.special_trains import SpecialBuyTrainStep
from railbook.engine.steps.stock import BuySellParShares
from railbook.engine.steps.token import HomeTokenStep, TokenStep, UpdateTokensStep
from railbook.engine.steps.track import TrackStep
from railbook.engine.steps.track_and_token import TrackAndTokenStep
from railbook.engine.steps.turn_auction import TurnAuction
from railbook.engine.steps.discard import DiscardTrainStep
from railbook.engine.steps.trains import BankruptStep, BuyTrainStep
from railbook.errors import GameError

if TYPE_CHECKING:
    from railbook.engine.state import GameState

#: the engine's own operating-round steps, by the name a title lists
OR_STEPS: dict[str, Any] = {
    "bankrupt": BankruptStep,
    "exchange": ExchangeStep,
    "special_track": SpecialTrackStep,
    "special_token": SpecialTokenStep,
    "buy_private": BuyPrivateStep,
    "buy_private_blocking": (BuyPrivateStep, {"blocks": True}),
    "home_token": HomeTokenStep,
    "track": TrackStep,
    "track_and_token": TrackAndTokenStep,
    "token": TokenStep,
    "route": RouteStep,
    "dividend": DividendStep,
    "discard_train": DiscardTrainStep,
    "special_buy_train": SpecialBuyTrainStep,
    "buy_train": BuyTrainStep,
    "redeem_shares": RedeemSharesStep,
    "special_buy": SpecialBuyStep,
    "update_tokens": UpdateTokensStep,
}

STOCK_STEPS = [DiscardTrainStep, ExchangeStep, SpecialTrackStep, BuySellParShares]


def operating_step_kinds() -> dict[str, Any]:
    """Every operating-round step a title may list: the engine's own and the mechanics'."""
    return {**OR_STEPS, **step_kinds()}


class Schedule:
    """Makes a game's rounds (what a mechanic that orders rounds may ask of it, too)."""

    def __init__(self, game: "GameState"):
        self.game = game

    def first_round(self) -> Round:
        game = self.game
        auction = game.rules.auction
        kind = auction.kind
        if kind == "none":
            return self.stock_round()
        if kind == "waterfall":
            bidding = SeatOrderAuction if auction.bidding_order == "seat_order" else WaterfallAuction
            return AuctionRound(game, with_bystanders([CompanyPendingPar, bidding]))
        if kind == "draft":
            return PrivateDraftRound(game, with_bystanders([CompanyPendingPar, PrivateDraft]))
        if kind == "blind_draft":
            return self.draft_round()
        if kind == "turn_auction":
            return AuctionRound(game, with_bystanders([TurnAuction]))
        if kind == "starting_package":
            game.log("-- Draft of the starting package --")
            return DraftRound(game, with_bystanders([StartingPackageDraft]))
        raise GameError(f"auction kind {kind!r} is not supported by this engine yet", "title data")

    def draft_round(self) -> Round:
        self.game.log("-- Draft Round --")
        return BlindDraftRound(self.game, with_bystanders([BlindDraftStep]))

    def drafting_between_sets(self) -> bool:
        """An open draft that goes on between sets of operating rounds while privates are unsold."""
        draft = self.game.rules.auction.draft
        return draft.open and draft.between_operating_sets and bool(unsold_privates(self.game))

    def stock_round(self) -> Round:
        game = self.game
        game.log(f"-- Stock Round {game.turn} --")
        game.round_counter += 1
        steps = list(STOCK_STEPS)
        if game.rules.stock_round.home_track_on_float:
            steps.insert(0, HomeTrackStep)
        for m in game.mechanics:
            steps = m.stock_steps(steps)
        return StockRound(game, with_bystanders(steps))

    def operating_round(self, number: int) -> Round:
        game = self.game
        game.operating_rounds_played += 1
        start_timed_phases(game)
        if number == 1:
            charge_debt_interest(game)
        game.log(f"-- Operating Round {game.turn}.{number} (of {game.operating_rounds}) --")
        game.round_counter += 1
        kinds = operating_step_kinds()
        steps = [kinds[name] for name in game.rules.operating_round.steps]
        for m in game.mechanics:
            steps = m.operating_steps(steps)
        return OperatingRound(game, with_bystanders(steps), round_num=number)

    def before_operating_rounds(self) -> None:
        """A stock round is over: the set's number of operating rounds, last-set rules, the new priority."""
        game = self.game
        game.operating_rounds = game.phase.operating_rounds
        apply_last_set_skips(game)
        reorder_players(game, game.rules.stock_round.priority)

    def operating_set_finished(self) -> None:
        end_of_operating_set(self.game)

    def next_round(self) -> Round:
        """The round after the one just finished: a mechanic's, else the engine's default order."""
        game = self.game
        if isinstance(game.round, OperatingRound):
            close_used_privates(game)
        for m in game.mechanics:
            chosen = m.next_round(self)
            if chosen is not None:
                return chosen
        r = game.round
        if isinstance(r, StockRound):
            self.before_operating_rounds()
            return self.operating_round(1)
        if isinstance(r, OperatingRound):
            if r.round_num < game.operating_rounds:
                return self.operating_round(r.round_num + 1)
            if self.drafting_between_sets():
                self.operating_set_finished()
                return self.draft_round()
            game.turn += 1
            self.operating_set_finished()
            return self.stock_round()
        if isinstance(r, BlindDraftRound) and self.drafting_between_sets():
            game.operating_rounds = game.phase.operating_rounds
            return self.operating_round(1)
        reorder_players(game, game.rules.auction.next_priority or game.rules.stock_round.priority)
        return self.stock_round()
