"""Money a corporation could have by taking a minor over.

A corporation may buy a minor's certificate from a player (a private of kind
``minor``, while privates are for sale to corporations) for as little as its
lowest price and take the minor's cash with it (rules/privates.take_over_minor).
So, as 18xx.games counts it, whether a corporation with some money can pay for
track or a station counts each such minor's cash less that price as its own, if it has room for
the minor's train; and whether it can buy another train, if it has a train and room
for the minor's and one more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.mechanics.base import Mechanic
from railbook.engine.points import Handler, Point
from railbook.engine.rules.privates import minor_of, purchasable_companies
from railbook.engine.rules.trains import num_corp_trains, train_limit
from railbook.engine.steps.track_and_token import STATION_POWER, TRACK_POWER, TrackAndTokenStep
from railbook.engine.steps.trains import MAY_BUY, BuyTrainStep

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def takeover_cash(game: "GameState", corp: Any, room: int = 1, least_trains: int = 0) -> int:
    """What the corporation could take from minors it could buy now, if it has at least ``least_trains``
    trains and room for ``room`` more."""
    if corp.minor or corp.cash <= 0 or "privates_buyable_by_corporations" not in game.phase.status:
        return 0
    trains = num_corp_trains(game, corp)
    if trains < least_trains or trains + room > train_limit(game, corp):
        return 0
    total = 0
    for company in purchasable_companies(game, corp):
        minor = minor_of(game, company)
        if minor is not None and company.owner is not None and company.owner.is_player() and minor.cash > 0:
            total += minor.cash - company.min_price
    return total


class MinorTakeover(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(c.definition.kind == "minor" for c in game.companies) and \
            "track_and_token" in game.rules.operating_round.steps

    def handlers(self) -> list[tuple[Point, Handler]]:
        return [(TRACK_POWER, self.minor_cash_for_track), (STATION_POWER, self.minor_cash_for_a_station),
                (MAY_BUY, self.minor_cash_for_a_train)]

    def minor_cash_for_track(self, step: TrackAndTokenStep, corp: Corporation) -> int:
        """A minor's cash the corporation could take by buying the minor counts as money for track
        (less the minor's price, if it has room for the minor's train)."""
        return takeover_cash(self.game, corp)

    def minor_cash_for_a_station(self, step: TrackAndTokenStep, corp: Corporation) -> int:
        """Stations alike: a corporation that could pay for its next station once it takes a minor over
        may still place one (18xx.games counts the minors' cash in the step's buying power)."""
        return takeover_cash(self.game, corp)

    def minor_cash_for_a_train(self, step: BuyTrainStep, corp: Corporation) -> bool:
        """A corporation that could pay for a train once it takes a minor over may stay in the train step
        (it may buy a train, or pass): which trains it may buy the purchase rules still say."""
        price = self.game.depot.min_price(corp)
        power = corp.cash + takeover_cash(self.game, corp, room=2, least_trains=1)
        return bool(step.room(corp) and price is not None and power >= price)
