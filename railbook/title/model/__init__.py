"""The typed title model: what a compiled title is, as the engine reads it.

Every part of a title — its rules, trains and phases, privates and their
abilities, corporations and minors, market, map and tiles — is a frozen
dataclass in this package (rules, trains, companies, market, board), and every
value is filled in when the title compiles: a field's default is what the title
means when its YAML leaves the key out, and it is stated nowhere else. The engine reads attributes; it never looks up a string
key in a title's data and never supplies a default of its own.

Field names follow the YAML (and the JSON Schemas in ``schema/``), so
``trains[6].count`` names the same thing in an optional rule's change, in a
diff and here.
"""

from __future__ import annotations

from typing import Mapping

from railbook.title.model.frozen import dataclass  # frozen: its own copies

from railbook.title.model.board import (
    ExtraUpgrade,
    Border,
    FutureLabel,
    HexDef,
    Icon,
    MapDef,
    PathDef,
    Replaces,
    Rotation,
    StopDef,
    Terrain,
    TileDef,
)
from railbook.title.model.companies import (
    AbilityDef,
    BondsDef,
    ConvertsTo,
    CorporationDef,
    FloatTokens,
    FormationDef,
    HomeChoice,
    LoansDef,
    MergerDef,
    MovesStation,
    PrivateDef,
    TokenCost,
)
from railbook.title.model.market import (
    MarketCell,
    MarketDef,
    Moves,
    Zone,
)
from railbook.title.model.rules import (
    DEFAULT_OR_STEPS,
    AuctionRules,
    BankRules,
    BankruptcyRules,
    CertificatesAtStart,
    CorporationTrainSales,
    Change,
    Currency,
    DividendPriceMove,
    DraftRules,
    EmergencyBuy,
    FirstOrPrivateSales,
    GameEndRule,
    Insolvency,
    IssueRedeem,
    Marker,
    MarkerPrice,
    OperatingRoundRules,
    OptionalRule,
    Players,
    PresidentAssist,
    PresidentBorrows,
    PrivateSales,
    ShareRedemption,
    StockRoundRules,
    TileLay,
    TitleRules,
    TokenedOutBypass,
    TreasuryShares,
    TypeRules,
)
from railbook.title.model.texts import (
    MustBuyTrain,
    PriorityOrder,
    Texts,
    Timing,
    Trigger,
)
from railbook.title.model.trains import (
    Distance,
    DistanceRow,
    PhaseDef,
    TrainDef,
    TrainVariant,
)

__all__ = [
    "MovesStation",
    "AbilityDef",
    "AuctionRules",
    "BankRules",
    "BankruptcyRules",
    "CertificatesAtStart",
    "CorporationTrainSales",
    "BondsDef",
    "Border",
    "Change",
    "ConvertsTo",
    "CorporationDef",
    "Currency",
    "DEFAULT_OR_STEPS",
    "Distance",
    "DividendPriceMove",
    "DraftRules",
    "Insolvency",
    "IssueRedeem",
    "DistanceRow",
    "EmergencyBuy",
    "FirstOrPrivateSales",
    "FloatTokens",
    "ExtraUpgrade",
    "FormationDef",
    "FutureLabel",
    "GameEndRule",
    "HexDef",
    "HomeChoice",
    "Icon",
    "LoansDef",
    "MapDef",
    "Marker",
    "MarkerPrice",
    "MarketCell",
    "MarketDef",
    "MergerDef",
    "Moves",
    "MustBuyTrain",
    "OperatingRoundRules",
    "OptionalRule",
    "PathDef",
    "PhaseDef",
    "Players",
    "PriorityOrder",
    "PrivateDef",
    "PresidentAssist",
    "PresidentBorrows",
    "PrivateSales",
    "Replaces",
    "Rotation",
    "ShareRedemption",
    "StockRoundRules",
    "StopDef",
    "Terrain",
    "Texts",
    "TileDef",
    "TileLay",
    "Timing",
    "TitleModel",
    "TitleRules",
    "TokenCost",
    "TokenedOutBypass",
    "TrainDef",
    "TrainVariant",
    "TreasuryShares",
    "Trigger",
    "TypeRules",
    "Zone",
]


@dataclass(frozen=True, slots=True)
class TitleModel:
    """A compiled title, every part of it typed: what the engine reads (and never its YAML)."""

    title: TitleRules
    trains: tuple[TrainDef, ...]
    phases: tuple[PhaseDef, ...]
    privates: tuple[PrivateDef, ...]
    corporations: tuple[CorporationDef, ...]
    minors: tuple[CorporationDef, ...]
    loans: LoansDef | None
    market: MarketDef
    map: MapDef
    tiles: Mapping[str, TileDef]
    tile_counts: Mapping[str, int | None]       # None: unlimited
    upgrades: Mapping[str, tuple[str, ...]]     # what a tile may become, where the title restricts it
    extra_upgrades: tuple[ExtraUpgrade, ...] = ()   # what a tile may also become, from a phase on
