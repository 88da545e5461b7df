"""Changing a train type during a game (rule hooks: set_train_stops,
set_train_multiplier, remove_depot_trains).

A title's data is shared by every game of it, so a change is made on the
game's trains (each gets its own copy of the changed distance) and remembered
for copies made later (unlimited trains).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.game import Game


def trains_of(game: "Game", name: str) -> list[Any]:
    return [t for t in game.depot.trains if t.name == name]


def set_train_stops(game: "Game", name: str, n: int) -> None:
    """A plain distance becomes n; distance rows that pay take n as their pay and visit limit."""
    for train in trains_of(game, name):
        d = copy.deepcopy(train.distance)
        if d["kind"] in ("stops", "hexes"):
            d["n"] = n
        elif d["kind"] == "rows":
            for row in d["rows"]:
                if row["pay"] > 0:
                    row["pay"] = n
                    row["visit"] = n
        train.distance = d
    game.log(f"{name} trains now reach {n}")


def set_train_multiplier(game: "Game", name: str, n: int) -> None:
    """Stops count n times their value for this train type (its own and its distance rows' multipliers)."""
    for train in trains_of(game, name):
        train.multiplier = n
        d = copy.deepcopy(train.distance)
        if d["kind"] == "rows":
            for row in d["rows"]:
                if row.get("multiplier", 1) != 1 or row["pay"] > 0:
                    row["multiplier"] = n
        train.distance = d
    game.log(f"{name} trains now score {n} times the value of their stops")


def remove_depot_trains(game: "Game", name: str, n: int) -> int:
    """Take up to n unsold trains of a type out of the game (the last of the depot's first)."""
    depot = game.depot
    unsold = [t for t in depot.upcoming if t.name == name]
    removed = 0
    for train in reversed(unsold):
        if removed >= n:
            break
        depot.remove_train(train)
        train.owner = None
        removed += 1
    if removed:
        depot.depot_trains(clear=True)
        game.train_moves += 1
        left = sum(1 for t in depot.upcoming if t.name == name)
        game.log(f"{removed} unsold {name} train{'s are' if removed > 1 else ' is'} removed ({left} left)")
    return removed
