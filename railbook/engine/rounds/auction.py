"""The auction that sells the privates before the first stock round."""

from __future__ import annotations

from typing import Any

from railbook.engine.rounds.base import Round


class AuctionRound(Round):
    kind = "auction"
    name = "Auction Round"
    short_name = "ISR"

    def auction(self) -> bool:
        return True

    def select_entities(self) -> list[Any]:
        return list(self.game.players)
