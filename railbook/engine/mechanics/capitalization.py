"""Capital held in escrow until a corporation floats, certificates sold at the
market price, and tokens gained on floating.

Switched on by the title's data:

* ``ipo_price: market``: a corporation has no par price; every certificate,
  from its IPO, its treasury or the pool, sells at its current market price.
* ``escrow_until_float: true`` (with incremental capitalization): what players
  pay for certificates before the corporation floats goes to the bank. When it
  floats it receives its market price for every certificate out of its IPO
  (certificates that came with privates included); its unsold certificates are
  then its treasury, and later sales from there pay the corporation.
* ``full_capitalization_from_phase``: a corporation floating once that phase
  has begun receives its market price for all its certificates, and its unsold
  certificates go to the bank pool instead.
* corporations' ``float_tokens``: extra station tokens on floating, if it
  converted before floating or once a phase has begun.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.mechanics.base import Mechanic

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class MarketPriceCapital(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return game.rules.ipo_price == "market" or bool(game.rules.escrow_until_float)

    def setup(self) -> None:
        if self.game.rules.ipo_price == "market":
            for corp in self.game.all_corporations:
                corp.ipo_at_market = True
