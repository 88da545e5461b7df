"""The random bot: any legal action, each as likely as the next (its trains run the best routes)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from railbook.bots.base import best_routes, buys_from_a_player, round_key, with_random_values, worth_playing
from railbook.engine.legal import LegalAction

if TYPE_CHECKING:
    from railbook.engine.game import Game


class RandomBot:
    """Picks uniformly among the listed actions; a ranged value is drawn uniformly from its range.
    Routes are the one choice it does not make at random: a random route is rarely a legal one,
    so it runs the optimizer's (which keeps random games moving towards their end). Nor does it
    raise a bid it already leads: that only ties up cash, and an auction whose cheapest private
    nobody buys would go round for ever (:func:`railbook.bots.base.raises_own_leading_bid`). And
    it buys a private from another player at most once a round: where players may sell privates
    to each other at any price, random players would pass them round for ever, and a stock round
    ends only when everyone passes in turn."""

    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.bought_from_a_player: tuple[Any, ...] | None = None   # the last round it did

    def choose(self, game: "Game", legal: list[LegalAction]) -> dict[str, Any]:
        options = worth_playing(game, legal)
        if self.bought_from_a_player == round_key(game):
            options = [la for la in options if not buys_from_a_player(game, la)] or options
        la = self.rng.choice(options)
        if buys_from_a_player(game, la):
            self.bought_from_a_player = round_key(game)
        if la.type == "run_routes":
            return best_routes(game, la)
        return with_random_values(la, self.rng)
