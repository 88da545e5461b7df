"""A draft round: players in seating order take items (the starting package)."""

from __future__ import annotations

from typing import Any

from railbook.engine.rounds.auction import AuctionRound


class DraftRound(AuctionRound):
    """Like the auction round, but its steps draft or auction the starting package.

    Its entities are the players in seating order; a step that changes the
    seating order (the forced auction gives priority back) updates them too.
    """

    kind = "auction"
    name = "Draft Round"
    short_name = "DR"

    def select_entities(self) -> list[Any]:
        return list(self.game.players)


class PrivateDraftRound(AuctionRound):
    """The draft of the privates (``auction.kind: draft``): the players in seating order, or in reverse
    (``auction.draft_order: reverse_seat``)."""

    name = "Draft Round"
    short_name = "DR"

    def select_entities(self) -> list[Any]:
        players = list(self.game.players)
        return players[::-1] if self.game.rules.auction.draft_order == "reverse_seat" else players
