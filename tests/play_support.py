"""Playing a game in tests, action by action, in 18xx.games' JSON shape — and reading back
what the rules summaries' walkthroughs quote (cash, prices, holdings, trains).

Entities are named by their ids: players by the id the test gave them, corporations and
minors by their symbols.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from railbook.engine.game import Game
from railbook.engine.trace import digest
from railbook.errors import IllegalAction

# ---------------------------------------------------------------- actions

def act(game: Game, entity: str, action_type: str, **fields: Any) -> None:
    if game.player_by_id(entity) is not None:
        entity_type = "player"
    else:
        entity_type = "minor" if game.corporation_by_id(entity).minor else "corporation"
    game.process({"type": action_type, "entity": entity, "entity_type": entity_type, **fields})


def pass_(game: Game, entity: str) -> None:
    act(game, entity, "pass")


def buy_private(game: Game, player: str, item: str) -> None:
    """Buy a private (or a minor's certificate) on offer for its face value."""
    act(game, player, "bid", company=item, price=game.company_by_id(item).value)


def par(game: Game, player: str, corporation: str, price: int) -> None:
    cell = next(p for p in game.stock_market.par_prices if p.price == price)
    act(game, player, "par", corporation=corporation, share_price=cell.id)


def lay(game: Game, operator: str, hex_id: str, tile: str, rotation: int) -> None:
    act(game, operator, "lay_tile", hex=hex_id, tile=tile, rotation=rotation)


def route(train: str, *stops: str) -> dict[str, Any]:
    """A train's route through neighbouring stops, as 18xx.games records it."""
    return {"train": train, "connections": [list(leg) for leg in zip(stops, stops[1:])], "hexes": list(stops)}


def run(game: Game, operator: str, *routes: dict[str, Any]) -> None:
    act(game, operator, "run_routes", routes=list(routes))


def refused(game: Game, rule: str, action: Callable[..., None], *args: Any, **kwargs: Any) -> str:
    """The action is refused under ``rule``, and nothing happens."""
    before = digest(game, 0)
    history = len(game.history)
    with pytest.raises(IllegalAction) as info:
        action(game, *args, **kwargs)
    assert info.value.rule == rule, f"{info.value.rule!r}: {info.value.message}"
    assert len(game.history) == history and digest(game, 0) == before
    return info.value.message


# ---------------------------------------------------------------- reading the state

def cash(game: Game, who: str) -> int:
    entity = game.player_by_id(who) or game.corporation_by_id(who)
    return entity.cash


def percent(game: Game, player: str, corporation: str) -> int:
    return digest(game, 0)["players"][player]["shares"].get(corporation, 0)


def trains(game: Game, operator: str) -> list[str]:
    return sorted(t.name for t in game.corporation_by_id(operator).trains)


def to_act(game: Game) -> str:
    return game.current_entity.name
