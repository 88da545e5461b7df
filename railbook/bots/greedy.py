"""The greedy bot: plays like a cautious beginner who knows what pays.

It runs its best routes and pays them out, buys the cheapest private at its price,
starts corporations at a middling par, buys shares of the corporation it presides or
the best-priced one, lays track and places stations where it can (upgrades first), buys
the newest train it can afford when it has room, and otherwise passes. Among equals it
picks at random (seeded), so games differ.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from railbook.bots.base import best_routes, worth_playing
from railbook.engine.legal import LegalAction

if TYPE_CHECKING:
    from railbook.engine.game import Game

#: what the bot prefers, first to last (kinds not named come before passing)
PREFERENCE = ["run_routes", "dividend", "discard_train", "choose", "assign", "place_token", "lay_tile",
              "buy_train", "par", "buy_shares", "bid", "buy_company", "sell_shares", "pass", "bankrupt"]
RANK = {kind: i for i, kind in enumerate(PREFERENCE)}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: "Game", legal: list[LegalAction]) -> dict[str, Any]:
        legal = worth_playing(game, legal)
        # kinds the table does not name tie just before passing; their names break the tie (a set's
        # order follows the string hash's seed, and a study must write the same rows whatever it is)
        kinds = sorted({la.type for la in legal}, key=lambda k: (RANK.get(k, RANK["pass"] - 1), k))
        for kind in kinds:
            choice = self.pick(game, kind, [la for la in legal if la.type == kind])
            if choice is not None:
                return choice
        return dict(self.rng.choice(legal).action)

    def pick(self, game: "Game", kind: str, options: list[LegalAction]) -> dict[str, Any] | None:
        rng = self.rng
        if kind == "run_routes":
            return best_routes(game, options[0])
        if kind == "dividend":
            payout = [la for la in options if la.action.get("kind") == "payout"]
            return dict((payout or options)[0].action)
        if kind == "bid":
            cheapest = min(options, key=lambda la: la.ranges["price"].low if "price" in la.ranges else 0)
            return dict(cheapest.action)  # the cheapest private at its price (or the minimum raise)
        if kind == "par":
            prices = sorted({self._par_price(game, la) for la in options})
            middle = prices[len(prices) // 2]
            return dict(rng.choice([la for la in options if self._par_price(game, la) == middle]).action)
        if kind == "buy_shares":
            player = game.current_entity
            mine = [la for la in options if self._corporation(game, la) is not None
                    and self._corporation(game, la).owner is player]
            return dict(rng.choice(mine or options).action)
        if kind == "lay_tile":
            upgrades = [la for la in options if self._is_upgrade(game, la)]
            return dict(rng.choice(upgrades or options).action)
        if kind == "buy_train":
            best = max(options, key=lambda la: (self._train_rank(game, la), -la.ranges["price"].low
                                                 if "price" in la.ranges else 0))
            return dict(best.action) if not best.ranges else best.with_value(price=best.ranges["price"].low)
        if kind in ("sell_shares", "buy_company", "bankrupt"):
            return None  # only when nothing else is left (the caller falls through to passing)
        return dict(rng.choice(options).action)

    @staticmethod
    def _par_price(game: "Game", la: LegalAction) -> int:
        cell = game.stock_market.by_id(str(la.action["share_price"]))
        return cell.price if cell is not None else 0

    @staticmethod
    def _corporation(game: "Game", la: LegalAction) -> Any:
        share = game.share_by_id(la.action["shares"][0])
        return share.corporation if share is not None else None

    @staticmethod
    def _is_upgrade(game: "Game", la: LegalAction) -> bool:
        hex_ = game.hex_by_id(la.action["hex"])
        return hex_ is not None and hex_.tile.color != "white"

    @staticmethod
    def _train_rank(game: "Game", la: LegalAction) -> int:
        train = game.train_by_id(la.action["train"])
        return train.price_ if train is not None else 0
