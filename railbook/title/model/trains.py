"""Trains (their distances, prices, rusting and trade-ins) and phases."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from railbook.title.model.frozen import dataclass  # frozen: its own copies


@dataclass(frozen=True, slots=True)
class DistanceRow:
    """One row of a distance by kind of stop (a 5+1 train: five stops of any kind, one more town)."""

    stops: tuple[str, ...]
    pay: int
    visit: int
    multiplier: int = 1
    lends_unused: bool = False      # what the row's own kinds leave unused, stops of the other rows' kinds may use


@dataclass(frozen=True, slots=True)
class Distance:
    """How far a train runs: ``stops`` (n of them), ``unlimited``, ``hexes`` (n), or by ``rows``."""

    kind: Literal["stops", "unlimited", "hexes", "rows"]
    n: int = 0
    rows: tuple[DistanceRow, ...] = ()


@dataclass(frozen=True, slots=True)
class TrainVariant:
    """Another form a train may be bought as (its own name, distance and price)."""

    # the variant's name
    name: str
    # how far it runs
    distance: Distance
    # what it costs
    price: int
    # the train whose first purchase rusts it
    rusts_on: str | None = None


@dataclass(frozen=True, slots=True)
class TrainDef:
    """trains.yaml: a kind of train, how many there are, what it costs, and what buying the first of it
    does."""

    # the train's name, unique in the title (2, 3+1, D)
    name: str
    # how far it runs: a number of stops, unlimited, or by kind of stop
    distance: Distance
    # what it costs from the depot
    price: int
    count: int | Mapping[int, int] | None = None   # None: unlimited; or one count per player count
    # the train whose first purchase takes every train of this type out of the game
    rusts_on: str | None = None
    # the train whose first purchase makes this one obsolete: it runs once more, then leaves
    obsolete_on: str | None = None
    # it may be bought from the depot only from this phase on
    available_from_phase: str | None = None
    trade_in: Mapping[str, int] = field(default_factory=dict)   # discount when trading in a train of this name
    # what buying the first of it does (built-in events or ones rules.hooks handles)
    events: tuple[str, ...] = ()
    copy_events: Mapping[str, int] = field(default_factory=dict)   # events fired by a later copy: name -> copy
    # its revenue is multiplied by this
    multiplier: int | None = None
    # its route must include one of the corporation's stations
    requires_token: bool = True
    # its card's colour (otherwise its phase's)
    color: str | None = None
    per_corporation_limit: int | None = None
    reserved: int = 0                   # its last copies held back from the depot (a hook may release one)
    rusts_after_set: int | None = None  # every train of the type rusts at the end of the game's Nth operating set
    salvage: int = 0                    # the bank pays the owning corporation this for each one that rusts
    route_may_overlap: bool = False
    exported_at_or_set_end: bool = False   # the depot's next train of this type leaves at the end of an OR set
    # other forms it may be bought as
    variants: tuple[TrainVariant, ...] = ()


@dataclass(frozen=True, slots=True)
class PhaseDef:
    """A phase of the game: the tiles and train limit it allows, its operating rounds, and what starts
    it."""

    # the phase's name (usually the train that starts it)
    name: str
    # the tile colours that may be laid
    tiles: tuple[str, ...]
    train_limit: int | Mapping[str, int]    # by corporation type where it differs
    # operating rounds in each set
    operating_rounds: int
    on: tuple[str, ...] = ()                # the trains whose first purchase starts it
    # what the phase allows (privates_buyable_by_corporations, no_loans, ...)
    flags: tuple[str, ...] = ()
    # what starting the phase does
    events: tuple[str, ...] = ()
    # its colour (otherwise its newest tile colour)
    color: str | None = None
    revenue_column: str | None = None
    starts_at_or: int | None = None         # begins with the game's Nth operating round
