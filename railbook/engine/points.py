"""Extension points: the named places in a step where a mechanic's rules act.

A step calls its points explicitly (``for handler in self.game.extensions.at(MAY_BUY)``), so a
reader finds where a point fires by grepping its name, and who acts there by grepping the
mechanics that register it. A mechanic registers its handlers once, when the game is set up
(:meth:`railbook.engine.mechanics.base.Mechanic.handlers`), and the handlers of one point run in
the order the mechanics are declared (:mod:`railbook.engine.mechanics.registry`). What a handler
is called with and what it returns is the point's own (its ``doc`` says it): a point may ask a
yes or no (any handler's yes counts), add up amounts, change a value in turn, or let the first
handler that takes an action do it instead of the step. No class is built while a game runs: the
steps a round uses are the classes their modules define.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

#: a mechanic's rule at a point (a bound method: the mechanic owns the state it reads and writes)
Handler = Callable[..., Any]


@dataclass(frozen=True)
class Point:
    """One place in one step where mechanics may act."""

    step: str     # the step, as a title lists it (``buy_train``, ``dividend``, ``stock``...)
    name: str     # what happens there, in 18xx words ("may buy", "deduct before dividend")
    doc: str      # what a handler is given and returns, and what the step does with it

    def __str__(self) -> str:
        return f"{self.step}: {self.name}"


@dataclass(frozen=True)
class Registration:
    """A handler at a point, with the mechanic that registered it (for ``railbook explain``)."""

    point: Point
    handler: Handler
    owner: str


class Extensions:
    """Every handler a game's mechanics registered, point by point, in their declared order."""

    def __init__(self) -> None:
        self._at: dict[Point, tuple[Handler, ...]] = {}
        self.registrations: list[Registration] = []

    def add(self, point: Point, handler: Handler, owner: str) -> None:
        self._at[point] = self._at.get(point, ()) + (handler,)
        self.registrations.append(Registration(point, handler, owner))

    def at(self, point: Point) -> tuple[Handler, ...]:
        """The handlers at the point, in order (none: the step's own rules alone)."""
        return self._at.get(point, ())

    def yes(self, point: Point, *args: Any) -> bool:
        """Whether any handler at the point answers yes (a point that asks a question)."""
        for handler in self._at.get(point, ()):
            if handler(*args):
                return True
        return False

    def takes(self, point: Point, *args: Any) -> bool:
        """Whether a handler at the point took the action itself (the first that did; the step then
        does not): a point where a mechanic may act instead of the step."""
        for handler in self._at.get(point, ()):
            if handler(*args):
                return True
        return False

    def total(self, point: Point, *args: Any) -> int:
        """What the handlers at the point add up to (a point that counts money a mechanic brings)."""
        return sum(int(handler(*args)) for handler in self._at.get(point, ()))

    def clear(self) -> None:
        self._at.clear()
        self.registrations.clear()
