"""Playing a game in tests, action by action, in 18xx.games' JSON shape — and reading back
what the rules summaries' walkthroughs quote (cash, prices, holdings, trains).

Entities are named by their ids: players by the id the test gave them, corporations and
minors by their symbols.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import IllegalAction

# ---------------------------------------------------------------- the 1830 opening scenario

#: tests/scenarios/1830_opening.json: a four-player 1830 opening (auction, a stock round floating
#: NYC and PRR, two operating rounds); test_illegal_actions.py names its checkpoints
OPENING = json.loads((Path(__file__).parent / "scenarios" / "1830_opening.json").read_text())
OPENING_PLAYERS = [(p["id"], p["name"]) for p in OPENING["players"]]


def opening_at(n: int, title: Title | None = None) -> Game:
    """The 1830 opening after its first ``n`` actions (on ``title``, 1830 itself by default)."""
    game = Game(title or Title.load("1830"), OPENING_PLAYERS, seed=OPENING["settings"]["seed"])
    for action in OPENING["actions"][:n]:
        game.process(action)
    return game


def title_with(title_id: str, **changes: Any) -> Title:
    """The title with parts of its typed model replaced (what none of its optional rules change)."""
    base = Title.load(title_id)
    return Title(module=base.module, model=dataclasses.replace(base.model, **changes))


def closing_yellow_1830() -> Title:
    """1830 whose yellow zone also closes a corporation (market zone effect "close"): no title has
    a closing cell yet. In the opening PRR stands two rows above yellow in stock round 2, three in 3."""
    market = Title.load("1830").model.market
    legend = dict(market.legend)
    legend["y"] = dataclasses.replace(legend["y"], effects=(*legend["y"].effects, "close"))
    return title_with("1830", market=dataclasses.replace(market, legend=legend))


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


# ---------------------------------------------------------------- a walkthrough, step by step

Step = Callable[[Game], None]


class Walkthrough:
    """A rules summary's walkthrough as tests: each step a test function taking the game,
    registered in order with :meth:`step`; :meth:`game_before` is a new game played through
    every step before one, so any step runs on its own.

    What the steps before have played is kept as their actions (a step's checks run in its
    own test and where a later test needs the step first); a later test replays those actions
    instead of checking them all again."""

    def __init__(self, new_game: Callable[[], Game]):
        self.new_game = new_game
        self.steps: list[Step] = []
        self.played: dict[int, list[dict[str, Any]]] = {}   # step index -> the actions to its end

    def step(self, fn: Step) -> Step:
        self.steps.append(fn)
        return fn

    def game_before(self, step: Step) -> Game:
        index = self.steps.index(step)
        start = max((i for i in self.played if i < index), default=-1)
        game = self.new_game()
        for action in self.played.get(start, []):
            game.process(action)
        for i in range(start + 1, index):
            self.steps[i](game)
            self.played[i] = list(game.history)
        return game
