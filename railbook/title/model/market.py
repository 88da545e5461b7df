"""The stock market: its cells, what its zones mean, where each price moves."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from railbook.title.model.frozen import dataclass  # frozen: its own copies

from railbook.title.model.texts import (
    Texts,
)


@dataclass(frozen=True, slots=True)
class Zone:
    """What a zone letter of the market means."""

    # its cells are par prices
    par: bool = False
    # the zone's name (its cells are written with its letter)
    zone: str | None = None
    effects: tuple[str, ...] = ()
    # what the zone does, in each language
    text: Texts = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MarketCell:
    """A cell of the stock market: its price and zone letters (or a placeholder where the schema
    reports a malformed cell)."""

    price: int
    zones: str = ""
    malformed: bool = False


@dataclass(frozen=True, slots=True)
class Moves:
    """Where a price goes from one cell (the compiler works the table out: title/market_moves.py)."""

    right: tuple[int, int]
    left: tuple[int, int]
    up: tuple[int, int]
    down: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MarketDef:
    """market.yaml: the grid of cells, where each price moves, what its zones mean and the par prices."""

    grid: tuple[tuple[MarketCell | None, ...], ...]
    moves: tuple[tuple[Moves | None, ...], ...]
    movement: Literal["two_dimensional", "one_dimensional", "zigzag"] = "two_dimensional"
    legend: Mapping[str, Zone] = field(default_factory=dict)
    par_cells: tuple[tuple[int, int], ...] = ()
    par_prices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # reserved par cells by corporation
