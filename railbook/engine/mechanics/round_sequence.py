"""The order of rounds when a title has a starting package or merger rounds.

After the draft of the starting package: the first stock round if at most one
package item is left, else straight to the first operating round (the draft's
passers keep priority order: if everyone passed, the first to pass has it).

While a merging corporation has not formed, a merger round follows every
stock round and every operating round. Before each stock round after the
first, whatever is left of the starting package is auctioned off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.mechanics.base import Mechanic, RoundMaker, find
from railbook.engine.mechanics.merger_steps import (
    DiscardAfterMergerStep,
    MergerVoteStep,
)
from railbook.engine.mechanics.mergers import MergerRound, Mergers
from railbook.engine.mechanics.starting_package import (
    StartingPackage,
    StartingPackageForcedAuction,
)
from railbook.engine.rounds.base import Round
from railbook.engine.rounds.draft import DraftRound
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rounds.stock import StockRound
from railbook.engine.rules.priority import reorder_players
from railbook.engine.steps.message import with_bystanders

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class RoundSequence(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return StartingPackage.applies(game) or Mergers.applies(game)

    def next_round(self, rounds: RoundMaker) -> Round | None:
        game = self.game
        r = game.round
        merging = find(game, Mergers)
        pending = bool(merging and merging.pending())
        if isinstance(r, MergerRound):
            return self.start(rounds, r.after)
        if isinstance(r, StockRound):
            rounds.before_operating_rounds()
            return self.then(rounds, ("operating", 1), pending, 1)
        if isinstance(r, OperatingRound):
            if r.round_num < game.operating_rounds:
                return self.then(rounds, ("operating", r.round_num + 1), pending, 2)
            rounds.operating_set_finished()
            return self.then(rounds, ("stock",), pending, 3)
        if isinstance(r, DraftRound):
            package = find(game, StartingPackage)
            self.reorder_after_draft(package)
            left = len(package.items_left()) if package is not None else 0
            return self.start(rounds, ("stock_now",) if left <= 1 else ("operating", 1))
        return None

    def then(self, rounds: RoundMaker, after: tuple[Any, ...], merger_round: bool, number: int) -> Round:
        if not merger_round:
            return self.start(rounds, after)
        game = self.game
        game.log("-- Merger Round --")
        game.round_counter += 1
        return MergerRound(game, with_bystanders([DiscardAfterMergerStep, MergerVoteStep]), number, after)

    def start(self, rounds: RoundMaker, after: tuple[Any, ...]) -> Round:
        """The round a merger round (or the draft) was followed by."""
        game = self.game
        package = find(game, StartingPackage)
        kind = after[0]
        if kind == "operating":
            if package is not None:
                package.passers.clear()
            return rounds.operating_round(after[1])
        if kind == "stock":
            game.turn += 1
            if package is not None and package.items_left():
                game.log("-- Auction of the rest of the starting package --")
                game.round_counter += 1
                return DraftRound(game, with_bystanders([StartingPackageForcedAuction]))
        return rounds.stock_round()

    def reorder_after_draft(self, package: StartingPackage | None) -> None:
        game = self.game
        passers = package.passers if package is not None else []
        if len(passers) < len(game.players):
            reorder_players(game, "after_last_to_act")
            return
        first = passers[0]
        i = game.players.index(first)
        game.players = game.players[i:] + game.players[:i]
        game.log(f"{first.name} has priority deal, having passed first")
