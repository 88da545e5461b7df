"""Mechanics: optional rules engines a title switches on through its data.

A mechanic (a starting package, merger rounds, minors that pay half, ...) is a
small object the game creates at set-up when the title's data asks for it. The
game asks every mechanic at a handful of well-defined moments (set-up, an
event, the end of a round, building a round's steps) so that the rules of one
mechanic live in its own module instead of being spread through the engine.
Every method of the base class does nothing, so a mechanic implements only
the moments it cares about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from railbook.engine.game import Game

M = TypeVar("M", bound="Mechanic")


class Mechanic:
    """One optional mechanic; subclasses say when they apply (``applies``)."""

    def __init__(self, game: "Game"):
        self.game = game

    @classmethod
    def applies(cls, game: "Game") -> bool:
        return False

    def setup(self) -> None:
        """Once, when the game starts (after the map, before the first round)."""

    def on_event(self, event: str) -> None:
        """A train or phase fired an event."""

    def next_round(self) -> bool:
        """Start the next round instead of the engine's default; True if it did."""
        return False

    def stock_steps(self, steps: list[Any]) -> list[Any]:
        """The step classes of a stock round (return a changed copy to replace some)."""
        return steps

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        """The step classes of an operating round."""
        return steps


def _known() -> list[type[Mechanic]]:
    """Every mechanic the engine has, in the order they are asked."""
    from railbook.engine.rounds.merger import Mergers
    from railbook.engine.rounds.sequence import RoundSequence
    from railbook.engine.steps.home_tokens import SetupHomeTokens
    from railbook.engine.steps.minors import MinorRules
    from railbook.engine.steps.private_trades import PrivateTrades
    from railbook.engine.steps.starting_package import StartingPackage
    from railbook.engine.steps.stock_trading import StockTrading

    return [SetupHomeTokens, StartingPackage, Mergers, MinorRules, PrivateTrades, StockTrading,
            RoundSequence] + _company_rules()


def _company_rules() -> list[type[Mechanic]]:
    """Capital, loans, bonds, conversions, state railways and the other corporation rules a title's
    data switches on (after the mechanics above: they add to the steps those may have replaced)."""
    from railbook.engine.steps.assign import AssignRights
    from railbook.engine.steps.bonds import Bonds
    from railbook.engine.steps.capitalization import MarketPriceCapital
    from railbook.engine.steps.conversion import Conversions
    from railbook.engine.steps.dividend_rules import DividendRules
    from railbook.engine.steps.formation import Formations
    from railbook.engine.steps.loans import Loans
    from railbook.engine.steps.stated_revenue import StatedRevenue
    from railbook.engine.steps.treasury import TreasuryTrading

    return [MarketPriceCapital, StatedRevenue, DividendRules, Loans, Bonds, AssignRights, Conversions,
            TreasuryTrading, Formations]


def install(game: "Game") -> list[Mechanic]:
    """Create the mechanics the title's data asks for, then set each up (they may look each other up)."""
    game.mechanics = [cls(game) for cls in _known() if cls.applies(game)]
    for m in game.mechanics:
        m.setup()
    return game.mechanics


def find(game: "Game", cls: type[M]) -> M | None:
    """The game's mechanic of this class, if the title uses it."""
    for m in getattr(game, "mechanics", ()):
        if isinstance(m, cls):
            return m
    return None


def replace_step(steps: list[Any], old: type, new: Any) -> list[Any]:
    """A copy of a round's step list with one step class replaced (tuples keep their options)."""
    out = []
    for spec in steps:
        cls, opts = spec if isinstance(spec, tuple) else (spec, None)
        if cls is old:
            out.append((new, opts) if opts is not None else new)
        else:
            out.append(spec)
    return out
