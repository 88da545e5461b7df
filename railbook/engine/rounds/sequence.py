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

from railbook.engine.mechanics import Mechanic, find
from railbook.engine.rounds.draft import DraftRound
from railbook.engine.rounds.merger import MergerRound, Mergers
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rounds.stock import StockRound
from railbook.engine.steps.merger import DiscardAfterMergerStep, MergerVoteStep
from railbook.engine.steps.starting_package import (
    StartingPackage,
    StartingPackageForcedAuction,
)

if TYPE_CHECKING:
    from railbook.engine.game import Game


class RoundSequence(Mechanic):
    @classmethod
    def applies(cls, game: "Game") -> bool:
        return StartingPackage.applies(game) or Mergers.applies(game)

    def next_round(self) -> bool:
        game = self.game
        r = game.round
        merging = find(game, Mergers)
        pending = bool(merging and merging.pending())
        if isinstance(r, MergerRound):
            self.start(r.after)
        elif isinstance(r, StockRound):
            game.before_operating_rounds()
            self.then(("operating", 1), pending, 1)
        elif isinstance(r, OperatingRound):
            if r.round_num < game.operating_rounds:
                self.then(("operating", r.round_num + 1), pending, 2)
            else:
                game.or_set_finished()
                self.then(("stock",), pending, 3)
        elif isinstance(r, DraftRound):
            package = find(game, StartingPackage)
            self.reorder_after_draft(package)
            left = len(package.items_left()) if package is not None else 0
            self.start(("stock_now",) if left <= 1 else ("operating", 1))
        else:
            return False
        return True

    def then(self, after: tuple[Any, ...], merger_round: bool, number: int) -> None:
        if not merger_round:
            self.start(after)
            return
        game = self.game
        game.log("-- Merger Round --")
        game.round_counter += 1
        game.round = MergerRound(game, [DiscardAfterMergerStep, MergerVoteStep], number, after)

    def start(self, after: tuple[Any, ...]) -> None:
        """Start the round a merger round (or the draft) was followed by."""
        game = self.game
        package = find(game, StartingPackage)
        kind = after[0]
        if kind == "operating":
            if package is not None:
                package.passers.clear()
            game.round = game.new_operating_round(after[1])
        elif kind == "stock":
            game.turn += 1
            if package is not None and package.items_left():
                game.log("-- Auction of the rest of the starting package --")
                game.round_counter += 1
                game.round = DraftRound(game, [StartingPackageForcedAuction])
            else:
                game.round = game.new_stock_round()
        else:
            game.round = game.new_stock_round()

    def reorder_after_draft(self, package: StartingPackage | None) -> None:
        game = self.game
        passers = package.passers if package is not None else []
        if len(passers) < len(game.players):
            game.reorder_players("after_last_to_act")
            return
        first = passers[0]
        i = game.players.index(first)
        game.players = game.players[i:] + game.players[:i]
        game.log(f"{first.name} has priority deal, having passed first")
