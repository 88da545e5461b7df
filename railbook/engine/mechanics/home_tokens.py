"""Home tokens on the map from the start (``home_token_timing: setup``), and minors that start
with a train (``starting_train``).

A corporation or minor whose data says so has its first token placed in its
home city when the game is set up, long before it operates (or even exists
as a company someone owns): the token is a real station that others cannot
pass through while the city is full.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.mechanics.base import Mechanic
from railbook.engine.rules.trains import buy_train

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class SetupHomeTokens(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(c.definition.home_token_timing == "setup" for c in game.all_corporations + game.minors)

    def setup(self) -> None:
        game = self.game
        for corp in game.minors + game.all_corporations:
            if corp.definition.home_token_timing != "setup" or not corp.coordinates:
                continue
            hex_ = game.hex_by_id(corp.coordinates[0])
            token = corp.next_token()
            if hex_ is None or token is None or not hex_.tile.cities:
                continue
            cities = hex_.tile.cities
            index = corp.city if isinstance(corp.city, int) else 0
            city = next((c for c in cities if c.reserved_by(corp)), cities[min(index, len(cities) - 1)])
            city.exchange_token(token)
            if corp in hex_.tile.reservations:
                hex_.tile.reservations.remove(corp)
            city.remove_reservation(corp)
        game.graph.clear()


class StartingTrains(Mechanic):
    """A minor whose data names a ``starting_train`` takes the depot's first train of that type at set-up,
    free. It is the minor's own: no corporation may buy it from the minor."""

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(m.definition.starting_train for m in game.minors)

    def setup(self) -> None:
        game = self.game
        for minor in game.minors:
            name = minor.definition.starting_train
            train = next((t for t in game.depot.upcoming if t.name == name), None) if name else None
            if train is None:
                continue
            buy_train(game, minor, train, 0)
            train.buyable_ = False
        game.depot.depot_trains(clear=True)

