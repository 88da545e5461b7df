"""Mechanics: optional rules engines a title switches on through its data.

A mechanic (a starting package, merger rounds, minors that pay half, loans, ...)
is a small object the game creates at set-up when the title's data asks for it
(``applies``). The engine asks every mechanic at a handful of well-defined
moments — set-up, an event, the end of a round, building a round's steps, a
corporation's train limit, a route's revenue — so that the rules of one
mechanic live in its own module instead of being spread through the engine.
Every moment of the base class does nothing, so a mechanic implements only the
moments it cares about. The mechanics the engine has are listed, in the order
they are asked, in :mod:`railbook.engine.mechanics.registry`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from railbook.engine.points import Handler, Point
from railbook.engine.steps.stock import BuySellParShares
from railbook.errors import GameError

if TYPE_CHECKING:
    from railbook.engine.rounds.base import Round
    from railbook.engine.state import GameState

M = TypeVar("M", bound="Mechanic")

#: a step as a round lists it: its class, or its class with the options it is built with
StepSpec = type | tuple[type, dict[str, Any]]


class RoundMaker(Protocol):
    """What a mechanic that changes the order of rounds may ask for (the engine's schedule)."""

    def stock_round(self) -> "Round": ...

    def operating_round(self, number: int) -> "Round": ...

    def before_operating_rounds(self) -> None: ...

    def operating_set_finished(self) -> None: ...


class Mechanic:
    """One optional mechanic; subclasses say when they apply (``applies``)."""

    #: operating-round steps this mechanic brings, by the name a title lists in ``operating_round.steps``
    STEPS: ClassVar[dict[str, StepSpec]] = {}

    def __init__(self, game: "GameState"):
        self.game = game

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return False

    def setup(self) -> None:
        """Once, when the game starts (after the map, before the first round)."""

    def handlers(self) -> list[tuple[Point, Handler]]:
        """The rules this mechanic adds to the steps: a handler (one of its methods, whose docstring
        says why) at each extension point, in the order it wants them run there. Asked once, after
        every mechanic's ``setup``."""
        return []

    def on_event(self, event: str) -> None:
        """A train or phase fired an event."""

    def next_round(self, rounds: RoundMaker) -> "Round | None":
        """The round that follows the one just finished, where this mechanic decides it (else None)."""
        return None

    def stock_steps(self, steps: list[StepSpec]) -> list[StepSpec]:
        """The step classes of a stock round (return a changed copy to replace some)."""
        return steps

    def operating_steps(self, steps: list[StepSpec]) -> list[StepSpec]:
        """The step classes of an operating round."""
        return steps

    def extra_train_limit(self, corporation: Any) -> int:
        """Trains a corporation may own beyond its phase's limit."""
        return 0

    def route_bonus(self, corporation: Any, stops: list[Any]) -> int:
        """Revenue a route earns beyond its stops' values."""
        return 0

    def route_bonus_bound(self, corporation: Any) -> int | None:
        """The most :meth:`route_bonus` can add to one route of the corporation now (None: no
        bound known). The route search prunes by it, so it must never be too low; a mechanic
        that does not add to routes adds nothing."""
        return 0 if type(self).route_bonus is Mechanic.route_bonus else None


def find(game: "GameState", cls: type[M]) -> M | None:
    """The game's mechanic of this class, if the title uses it (the answer kept per class: a
    game's mechanics are fixed when it is set up)."""
    index = game.mechanic_index
    if cls in index:
        return index[cls]
    found = None
    for m in game.mechanics:
        if isinstance(m, cls):
            found = m
            break
    index[cls] = found
    return found


def replace_step(steps: list[StepSpec], old: type, new: Any) -> list[StepSpec]:
    """A copy of a round's step list with one step class replaced (tuples keep their options)."""
    out = []
    for spec in steps:
        cls, opts = spec if isinstance(spec, tuple) else (spec, None)
        if cls is old:
            out.append((new, opts) if opts is not None else new)
        else:
            out.append(spec)
    return out


def insert_before(steps: list[Any], base: type, new: Any) -> list[Any]:
    """A copy of the step list with ``new`` placed before the first step derived from ``base`` (else last)."""
    out = list(steps)
    for i, spec in enumerate(out):
        cls = spec[0] if isinstance(spec, tuple) else spec
        if isinstance(cls, type) and issubclass(cls, base):
            out.insert(i, new)
            return out
    out.append(new)
    return out


def has_step(steps: list[Any], base: type) -> bool:
    """Whether a step derived from ``base`` is among the round's steps."""
    return any(isinstance(c, type) and issubclass(c, base)
               for c in (s[0] if isinstance(s, tuple) else s for s in steps))


def replace_stock_step(steps: list[StepSpec], new: type) -> list[StepSpec]:
    """A copy of a stock round's steps with the engine's share step replaced by ``new`` (a subclass
    defined in the mechanic's module). Only one mechanic of a title may replace it: a second finds
    it replaced already, and that is an error in the title's data, not a silent loss of rules."""
    if not any(spec is BuySellParShares or (isinstance(spec, tuple) and spec[0] is BuySellParShares)
               for spec in steps):
        raise GameError(f"two mechanics replace the stock round's share step ({new.__name__} and another): "
                        "a title may use only one of them", "title data")
    return replace_step(steps, BuySellParShares, new)
