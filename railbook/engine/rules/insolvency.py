"""Insolvency (``operating_round.insolvency``): a corporation that ends its turn with a route but no train
is insolvent until it can pay for the cheapest depot train. Meanwhile it places no station, runs that
train leased from the depot (it earns ``base`` and ``per_stop`` for each stop, no halt subsidy, and
withholds it all), and buys a train only when it can."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.entities.train import Train
    from railbook.engine.state import GameState


def insolvent(game: "GameState", corp: Any) -> bool:
    """Marked insolvent and still unable to pay for the cheapest depot train."""
    if game.rules.operating_round.insolvency is None or corp is None or corp.id not in game.insolvent:
        return False
    price = game.depot.min_depot_price()
    return not (price > 0 and corp.cash >= price)


def leased_train(game: "GameState", corp: Any) -> "Train | None":
    """The depot train an insolvent corporation runs (the cheapest), else None."""
    return game.depot.min_depot_train() if insolvent(game, corp) and not corp.trains else None


def update_insolvency(game: "GameState", corp: Any) -> None:
    """As a corporation's turn ends: insolvent with a route and no train, solvent again with a train."""
    if game.rules.operating_round.insolvency is None or corp is None or not corp.is_corporation():
        return
    if corp.trains:
        game.insolvent.discard(corp.id)
        return
    info = game.graph.route_info(corp)
    if info and info.get("route_train_purchase") and corp.id not in game.insolvent:
        game.insolvent.add(corp.id)
        game.log(f"{corp.name} is insolvent: it has a route and no train")


def leased_revenue(game: "GameState", stops: int) -> int:
    rules = game.rules.operating_round.insolvency
    assert rules is not None
    return rules.base + rules.per_stop * stops
