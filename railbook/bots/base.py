"""What a bot is: it is shown the game and its legal actions and picks one.

A bot only ever plays what ``Game.legal_actions()`` lists (a value of a listed range
where the action has one), so a game between bots is a test of the listing as much as
of the bots: an action the engine refuses is a listing bug, not a bad move.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from railbook.engine.legal import LegalAction

if TYPE_CHECKING:
    from railbook.engine.game import Game


class Bot(Protocol):
    name: str

    def choose(self, game: "Game", legal: list[LegalAction]) -> dict[str, Any]: ...


def raises_own_leading_bid(game: "Game", la: LegalAction) -> bool:
    """Whether the action is a bid on a company whose highest bid is already the bidder's own.

    The rules allow it (the bid only goes up), but it changes nothing except the cash it ties
    up: in a waterfall auction a player who keeps raising a bid nobody contests, while no one
    buys the cheapest private, can go round for ever (every round of passes pays the privates'
    revenue, and the raises take it up again)."""
    if la.type != "bid":
        return False
    step: Any = game.round.active_step()
    highest = getattr(step, "highest_bid", None)
    company = game.company_by_id(la.action.get("company"))
    if highest is None or company is None:
        return False
    top = highest(company)
    return top is not None and str(top.entity.id) == str(la.action.get("entity"))


def buys_from_a_player(game: "Game", la: LegalAction) -> bool:
    """Whether the action buys a private another player holds (a sale between players)."""
    if la.type != "buy_company":
        return False
    company = game.company_by_id(la.action.get("company"))
    owner = company.owner if company is not None else None
    return owner is not None and owner.is_player()


def round_key(game: "Game") -> tuple[Any, ...]:
    """The round the game is in, as a bot remembers it (by number, not by object: a rollback makes
    the round's object afresh)."""
    return (game.turn, game.round.kind, getattr(game.round, "round_num", 0))


def worth_playing(game: "Game", legal: list[LegalAction]) -> list[LegalAction]:
    """The listed actions less those that only repeat the position (:func:`raises_own_leading_bid`);
    all of them if nothing else is left."""
    useful = [la for la in legal if not raises_own_leading_bid(game, la)]
    return useful or legal


def with_random_values(la: LegalAction, rng: random.Random) -> dict[str, Any]:
    """The listed action with each ranged field set to a value drawn from its range."""
    if not la.ranges:
        return dict(la.action)
    return la.with_value(**{k: rng.choice(r.values()) for k, r in la.ranges.items()})


def best_routes(game: "Game", la: LegalAction) -> dict[str, Any]:
    """The listed run_routes with the route optimizer's best routes."""
    from railbook.engine.routing import auto_routes_action

    best = auto_routes_action(game)
    return dict(best) if best is not None else dict(la.action)
