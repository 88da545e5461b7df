"""The random bot: any legal action, each as likely as the next (its trains run the best routes)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from railbook.bots.base import best_routes, with_random_values
from railbook.engine.legal import LegalAction

if TYPE_CHECKING:
    from railbook.engine.game import Game


#: a random bot that may pass passes at least one time in this many
PASS_AT_LEAST = 4


class RandomBot:
    """Picks uniformly among the listed actions; a ranged value is drawn uniformly from its range.
    Routes are the one choice it does not make at random: a random route is rarely a legal one,
    so it runs the optimizer's (which keeps random games moving towards their end). Where it may
    pass it passes at least one time in :data:`PASS_AT_LEAST` (a uniform choice among many raises
    rarely passes: in a waterfall auction whose every all-pass pays the privates' revenue, bots
    that raise a bid with each payout never save enough for the next private, and the game never
    leaves its auction)."""

    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: "Game", legal: list[LegalAction]) -> dict[str, Any]:
        passes = [la for la in legal if la.type == "pass"]
        if passes and len(legal) > PASS_AT_LEAST and self.rng.random() < 1 / PASS_AT_LEAST:
            return dict(passes[0].action)
        la = self.rng.choice(legal)
        if la.type == "run_routes":
            return best_routes(game, la)
        return with_random_values(la, self.rng)
