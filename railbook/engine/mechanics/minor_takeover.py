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

from railbook.engine.mechanics.base import Mechanic
from railbook.engine.mechanics.compose import mix_into
from railbook.engine.rules.privates import minor_of, purchasable_companies
from railbook.engine.rules.trains import num_corp_trains, train_limit
from railbook.engine.steps.track_and_token import TrackAndTokenStep
from railbook.engine.steps.trains import BuyTrainStep

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

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return mix_into(mix_into(steps, TrackAndTokenStep, TakeoverPower), BuyTrainStep, TakeoverTrainPower)


class TakeoverPower:
    """Track and stations alike: a corporation that could pay for its next station once it takes a
    minor over may still place one (18xx.games counts the minors' cash in the step's buying power)."""

    game: Any

    def buying_power(self, entity: Any) -> int:
        return int(super().buying_power(entity)) + takeover_cash(self.game, entity)  # type: ignore[misc]

    def token_buying_power(self, entity: Any) -> int:
        return int(super().token_buying_power(entity)) + takeover_cash(self.game, entity)  # type: ignore[misc]


class TakeoverTrainPower:
    """A corporation that could pay for a train once it takes a minor over may stay in the train step
    (it may buy a train, or pass): which trains it may buy the purchase rules still say."""

    LISTING_HOLDS = True   # the listing asks ``actions`` and ``check_buy_train``

    game: Any

    def can_buy_train(self, entity: Any) -> bool:
        if super().can_buy_train(entity):  # type: ignore[misc]
            return True
        price = self.game.depot.min_price(entity)
        power = entity.cash + takeover_cash(self.game, entity, room=2, least_trains=1)
        return bool(self.room(entity) and price is not None and power >= price)  # type: ignore[attr-defined]

