"""The typed title model: what a compiled title is, as the engine reads it.

Every part of a title — its rules, trains and phases, privates and their
abilities, corporations and minors, market, map and tiles — is a frozen
dataclass here, and every value is filled in when the title compiles: a field's
default below is what the title means when its YAML leaves the key out, and it
is stated nowhere else. The engine reads attributes; it never looks up a string
key in a title's data and never supplies a default of its own.

Field names follow the YAML (and the JSON Schemas in ``schema/``), so
``trains[6].count`` names the same thing in an optional rule's change, in a
diff and here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

#: per-language texts: language code -> text
Texts = Mapping[str, str]

Timing = Literal["immediately", "end_of_round", "end_of_or", "end_of_or_set", "one_more_or_set"]
Trigger = Literal["bankruptcy", "bank_broken", "stock_market", "final_train", "final_phase", "all_closed"]
PriorityOrder = Literal["after_last_to_act", "first_to_pass", "most_cash", "least_cash"]
MustBuyTrain = Literal["when_route_exists", "always", "never"]


# ---------------------------------------------------------------- the title's rules

@dataclass(frozen=True, slots=True)
class Players:
    min: int = 1
    max: int = 1


@dataclass(frozen=True, slots=True)
class Currency:
    symbol: str = "$"
    placement: Literal["prefix", "suffix"] = "prefix"
    code: str | None = None


@dataclass(frozen=True, slots=True)
class BankRules:
    cash: int = 0
    unlimited: bool = False
    broken_when_empty: bool = False     # broken as soon as it holds nothing, not only when it cannot pay


@dataclass(frozen=True, slots=True)
class AuctionRules:
    kind: Literal["waterfall", "starting_package", "none"] = "none"
    min_increment: int = 5
    bids_in_multiples: bool = False
    price_drop_when_all_pass: int = 5
    floor_percent: int = 0              # starting package: the price at which the item must be bought
    minors_on_offer: int | None = None  # starting package: the lowest unsold minors on offer (None: all)
    minor_min_treasury: int = 0
    next_priority: PriorityOrder | None = None
    turn_after_par: Literal["continue", "after_setter"] = "continue"
    bidding_order: Literal["lowest_bidder", "seat_order"] = "lowest_bidder"
    pass_leaves_auction: bool = True


@dataclass(frozen=True, slots=True)
class PrivateSales:
    """Privates sold between players in a stock round."""

    phase_flag: str | None = "private_sales_between_players"
    not_in_first_stock_round: bool = False
    regrants_shares: bool = False


@dataclass(frozen=True, slots=True)
class StockRoundRules:
    sell_buy_order: Literal["sell_buy_or_buy_sell", "sell_buy", "sell_buy_sell"] = "sell_buy_or_buy_sell"
    first_sales_after: Literal["first_stock_round", "operation", "any_time"] = "first_stock_round"
    sale_price_drop: Literal["row_per_share", "row_per_10_percent", "row_per_sale", "column_per_share",
                             "none"] = "row_per_share"
    sold_out_rise: bool = True
    priority: PriorityOrder = "after_last_to_act"
    multiple_buys_only_from_pool: bool = False
    must_sell_in_blocks: bool = False
    holding_limit_forces_sale: bool = True
    presidency_sale_to_pool: bool = False
    ipo_moves_to_pool: bool = False
    privates_between_players: PrivateSales = PrivateSales()


@dataclass(frozen=True, slots=True)
class TileLay:
    """One tile lay of an operating turn: ``lay``/``upgrade`` may be true, false or ``not_if_upgraded``."""

    lay: bool | str = True
    upgrade: bool | str = True
    cost: int = 0
    upgrade_cost: int | None = None
    cannot_reuse_same_hex: bool = False
    first_operation_only: bool = False
    corporation_types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EmergencyBuy:
    from_other_corporations: Literal["never", "up_to_face_value", "any_price"] = "up_to_face_value"
    president_may_swap: bool = True
    cheapest_depot_train_only: bool = True
    sell_more_than_needed: bool = False
    loans_first: bool = False
    president_sells_shares: bool = True
    president_pays_for_corporation_trains: bool = True


@dataclass(frozen=True, slots=True)
class TreasuryShares:
    max_percent: int = 100
    buy_or_sell: bool = False
    must_have_operated: bool = False


@dataclass(frozen=True, slots=True)
class TypeRules:
    """Operating rules for one type of company (``operating_round.by_type``)."""

    must_buy_train: MustBuyTrain | None = None
    dividends: tuple[str, ...] = ()
    owner_pays_shortfall: bool = False
    sells_trains_to: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ShareRedemption:
    """The redeem_shares step: certificates one redemption may take (in the first OR of a set, too),
    and the price at which treasury certificates are reissued."""

    max_shares: int = 1
    max_shares_first_or: int = 1
    reissue_price: int = 0


@dataclass(frozen=True, slots=True)
class MarkerPrice:
    private: str
    cost: int


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker a corporation may buy in the special_buy step."""

    name: str
    text: Texts = field(default_factory=dict)
    cost: int = 0
    count: int | None = None
    per_corporation: int | None = None
    cost_with_private: MarkerPrice | None = None
    needs_route_to: str | None = None
    opens: tuple[str, ...] = ()


DEFAULT_OR_STEPS = ("bankrupt", "exchange", "special_track", "special_token", "buy_private", "home_token",
                    "track", "token", "route", "dividend", "discard_train", "buy_train", "buy_private_blocking")


@dataclass(frozen=True, slots=True)
class OperatingRoundRules:
    steps: tuple[str, ...] = DEFAULT_OR_STEPS
    tile_lays: tuple[TileLay, ...] = (TileLay(),)
    track_restriction: Literal["permissive", "semi_restrictive", "restrictive", "city_permissive",
                               "station_restrictive", "semi_restrictive_sides"] = "semi_restrictive"
    reservations_block_others: Literal["never", "always", "single_slot_cities"] = "never"
    home_token: Literal["first_operation", "par", "float", "operating_round"] = "first_operation"
    must_buy_train: MustBuyTrain = "when_route_exists"
    discarded_trains: Literal["to_depot", "removed"] = "to_depot"
    emergency_buy: EmergencyBuy = EmergencyBuy()
    train_buys_between_corporations: bool = True
    minors_buy_trains: bool = False
    dividends: tuple[str, ...] = ("payout", "withhold")
    dividend_jump_percents: tuple[int, ...] = ()   # empty: a payout moves the price as the market says
    half_dividend_rounding: Literal["per_share", "corporation_down_to_10"] = "per_share"
    treasury_shares: TreasuryShares | None = None
    pays_corporation_for: tuple[str, ...] | None = None    # None: the pool's shares pay the corporation (its own, if incremental)
    trade_ins_per_turn: int | None = None
    by_type: Mapping[str, TypeRules] = field(default_factory=dict)
    share_redemption: ShareRedemption = ShareRedemption()
    markers: tuple[Marker, ...] = ()
    split_city_tokens: Literal["move_to_first", "choose_again"] = "move_to_first"


@dataclass(frozen=True, slots=True)
class GameEndRule:
    trigger: Trigger
    timing: Timing
    last_set_skips: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BankruptcyRules:
    allowed: bool = True
    ends_game_after: Literal["one", "all_but_one"] = "one"


@dataclass(frozen=True, slots=True)
class Change:
    """One change an optional rule makes: a path into the title's data and its new value."""

    set: str
    to: Any


@dataclass(frozen=True, slots=True)
class OptionalRule:
    id: str
    name: str = ""
    description: str = ""
    players: tuple[int, ...] = ()
    recorded_defaults: tuple[str, ...] = ()     # programs whose recorded games play this rule by default
    changes: tuple[Change, ...] = ()


@dataclass(frozen=True, slots=True)
class TitleRules:
    """title.yaml: who plays, with what money, and the rules of the rounds and the game's end."""

    id: str
    name: str
    subtitle: str | None = None
    designer: str | None = None
    publisher: str | None = None
    year: int | None = None
    location: Texts | str | None = None
    rules_url: str | None = None
    blurb: Texts = field(default_factory=dict)
    texts: Mapping[str, Texts] = field(default_factory=dict)
    players: Players = Players()
    currency: Currency = Currency()
    starting_cash: Mapping[int, int] = field(default_factory=dict)
    certificate_limit: Mapping[int, int] = field(default_factory=dict)
    bank: BankRules = BankRules(unlimited=True)
    capitalization: Literal["full", "incremental"] = "full"
    certificate_limit_counts_privates: bool = True
    holding_limit: int = 60
    pool_limit: int = 50
    escrow_until_float: bool = False
    full_capitalization_from_phase: str | None = None
    ipo_price: Literal["par", "market"] = "par"
    auction: AuctionRules = AuctionRules()
    stock_round: StockRoundRules = StockRoundRules()
    operating_round: OperatingRoundRules = OperatingRoundRules()
    game_end: tuple[GameEndRule, ...] = ()
    bankruptcy: BankruptcyRules = BankruptcyRules()
    optional_rules: tuple[OptionalRule, ...] = ()


# ---------------------------------------------------------------- trains and phases

@dataclass(frozen=True, slots=True)
class DistanceRow:
    """One row of a distance by kind of stop (a 5+1 train: five stops of any kind, one more town)."""

    stops: tuple[str, ...]
    pay: int
    visit: int
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class Distance:
    """How far a train runs: ``stops`` (n of them), ``unlimited``, ``hexes`` (n), or by ``rows``."""

    kind: Literal["stops", "unlimited", "hexes", "rows"]
    n: int = 0
    rows: tuple[DistanceRow, ...] = ()


@dataclass(frozen=True, slots=True)
class TrainVariant:
    name: str
    distance: Distance
    price: int
    rusts_on: str | None = None


@dataclass(frozen=True, slots=True)
class TrainDef:
    name: str
    distance: Distance
    price: int
    count: int | None = None            # None: unlimited
    rusts_on: str | None = None
    obsolete_on: str | None = None
    available_from_phase: str | None = None
    trade_in: Mapping[str, int] = field(default_factory=dict)   # discount when trading in a train of this name
    events: tuple[str, ...] = ()
    multiplier: int | None = None
    requires_token: bool = True
    color: str | None = None
    per_corporation_limit: int | None = None
    route_may_overlap: bool = False
    variants: tuple[TrainVariant, ...] = ()


@dataclass(frozen=True, slots=True)
class PhaseDef:
    name: str
    tiles: tuple[str, ...]
    train_limit: int | Mapping[str, int]    # by corporation type where it differs
    operating_rounds: int
    on: tuple[str, ...] = ()                # the trains whose first purchase starts it
    flags: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    color: str | None = None
    revenue_column: str | None = None


# ---------------------------------------------------------------- privates and their abilities

@dataclass(frozen=True, slots=True)
class AbilityDef:
    """One ability of a private, in 18xx.games' vocabulary (``type`` says which; the other fields are
    those that type uses, the rest at their defaults)."""

    type: str
    owner: str | None = None                # who may use it: player, corporation (None: whoever owns it)
    while_owned_by: str | None = None
    when: tuple[str, ...] = ()
    count: int | None = None
    count_per_or: int | None = None
    hexes: tuple[str, ...] = ()
    hex: str | None = None
    tiles: tuple[str, ...] = ()
    trains: tuple[str, ...] = ()
    corporations: tuple[str, ...] | str | None = None    # a list, or "any" / "ipoed"
    corporation: str | None = None
    shares: tuple[str, ...] = ()
    free: bool = False
    discount: int = 0
    special: bool = True
    reachable: bool = False
    consumes_tile_lay: bool = False
    cost: int = 0
    closes_when_used_up: bool = False
    blocks: bool = False
    lay_only: str | None = None
    from_owner: bool | None = None
    free_tile_lay: bool = False
    price: int | None = None
    teleport_price: int | None = None
    extra_action: bool = False
    extra_slot: bool = False
    cheater: bool = False
    city: int | str | None = None
    slot: int | None = None
    connected: bool = False
    special_only: bool = False
    on: str | None = None
    phase: str | None = None
    until_phase: str | None = None
    revenue: int | None = None
    terrain: str | None = None
    amount: int = 1
    text: Texts = field(default_factory=dict)
    from_: tuple[str, ...] = ()             # exchange: take the share from ipo and/or market (YAML "from")


@dataclass(frozen=True, slots=True)
class PrivateDef:
    sym: str
    name: str
    value: int
    revenue: int = 0
    min_price: int = 0
    max_price: int = 0
    min_players: int | None = None
    color: str | None = None
    kind: str | None = None                 # "minor": the certificate of the minor with the same symbol
    text: Texts = field(default_factory=dict)
    abilities: tuple[AbilityDef, ...] = ()
    stock_round_trade: bool = False         # traded in stock rounds like a share (a bond)
    sold_in_operating_rounds: bool = False


# ---------------------------------------------------------------- corporations and minors

@dataclass(frozen=True, slots=True)
class HomeChoice:
    hexes: tuple[str, ...] = ()
    region: str | None = None


@dataclass(frozen=True, slots=True)
class ConvertsTo:
    shares: tuple[int, ...]
    on: str | None = None
    type: str | None = None


@dataclass(frozen=True, slots=True)
class FloatTokens:
    add: int
    if_converted: bool = False
    from_phase: str | None = None


@dataclass(frozen=True, slots=True)
class TokenCost:
    method: Literal["listed", "route_distance", "hex_distance"] = "listed"
    per_hex: int = 0


@dataclass(frozen=True, slots=True)
class BondsDef:
    count: int
    price: int
    interest: int = 0
    end_game_deduction_per_share: int = 0


@dataclass(frozen=True, slots=True)
class MergerDef:
    exchanges: Mapping[str, int] = field(default_factory=dict)   # merging minor/private -> certificate index
    cash: int = 0
    vote_percent: int = 50
    forced_on: str | None = None


@dataclass(frozen=True, slots=True)
class FormationDef:
    old_shares_per_share: int = 2
    start_price: str = "mean_of_two_highest"
    min_price: int = 0
    price_drop_per_inherited_loan: int = 0
    max_inherited_loans: int = 0
    inherited_loans_become: Literal["loans", "bonds_in_pool"] = "loans"
    short_shares: Literal["lost", "bonds"] = "lost"
    home_token_exchange: bool = False
    extra_token_exchanges: int = 0
    capital: Literal["none", "pool_buys_remaining"] = "none"
    first_operation: Literal["next_round", "this_round_unless_merged_operated"] = "next_round"
    first_tile_lays: int | None = None


@dataclass(frozen=True, slots=True)
class CorporationDef:
    """A corporation or a minor (corporations.yaml ``minors``: no certificates, one owner)."""

    sym: str
    name: str
    tokens: tuple[int, ...]
    shares: tuple[int, ...] = ()            # percentages, the president's first (a minor has none)
    home: tuple[str, ...] = ()
    home_city: int | tuple[int, ...] | None = None
    home_choice: HomeChoice | None = None
    color: str = "#888888"
    text_color: str = "white"
    float_percent: int = 60
    type: str = "major"
    capitalization: Literal["full", "incremental"] = "full"
    holding_limit: int = 60
    available: str = "start"                # "start", or the event that makes it available
    available_on: str | None = None         # that event
    region: str | None = None
    converts_to: ConvertsTo | None = None
    text: Texts = field(default_factory=dict)
    home_token_timing: str | None = None
    merger: MergerDef | None = None
    destination: str | None = None
    trades_trains_at_face_value: bool = False
    bonds: BondsDef | None = None
    formation: FormationDef | None = None
    float_tokens: tuple[FloatTokens, ...] = ()
    token_cost: TokenCost | None = None
    value: int | None = None                # a minor: what its certificate is worth
    merges_into: str | None = None          # a minor: the corporation it merges into


@dataclass(frozen=True, slots=True)
class LoansDef:
    amount: int
    interest: int = 0
    max_per_corporation: int = 0
    taken: Literal["any_time", "only_when_short"] = "any_time"
    price_move_on_take: Literal["none", "left", "down"] = "none"
    price_move_on_repay: Literal["none", "right", "up"] = "none"
    face_value_train_trades: bool = False
    end_game_deduction_per_share: int = 0


# ---------------------------------------------------------------- the stock market

@dataclass(frozen=True, slots=True)
class Zone:
    """What a zone letter of the market means."""

    par: bool = False
    zone: str | None = None
    effects: tuple[str, ...] = ()
    text: Texts = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MarketCell:
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
    grid: tuple[tuple[MarketCell | None, ...], ...]
    moves: tuple[tuple[Moves | None, ...], ...]
    movement: Literal["two_dimensional", "one_dimensional"] = "two_dimensional"
    legend: Mapping[str, Zone] = field(default_factory=dict)
    par_cells: tuple[tuple[int, int], ...] = ()
    par_prices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # reserved par cells by corporation


# ---------------------------------------------------------------- tiles and the map

@dataclass(frozen=True, slots=True)
class StopDef:
    """A city, town, offboard, halt or junction; ``revenue`` is one value or one per phase colour."""

    kind: Literal["city", "town", "offboard", "junction", "halt"]
    revenue: int | Mapping[str, int] = 0
    slots: int = 1
    groups: tuple[str, ...] = ()
    hide: bool = False
    visit_cost: int = 1
    route: Literal["mandatory", "optional", "never"] = "mandatory"
    loc: float | str | None = None
    style: str | None = None
    to_city: bool = False
    boom: bool = False
    reserved_for: str | None = None
    tokenable: bool = True
    refuses_tokens: bool = False


@dataclass(frozen=True, slots=True)
class PathDef:
    """Track between two ends: an edge 0-5, or stop number k encoded as 10 + k."""

    a: int
    b: int
    terminal: int = 0
    lanes: int | None = None
    track: Literal["broad", "narrow", "dual"] = "broad"
    ignore: bool = False


@dataclass(frozen=True, slots=True)
class Rotation:
    """A tile's paths and exits turned by one rotation (worked out when the title compiles)."""

    paths: tuple[tuple[int, int], ...]
    exits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Terrain:
    cost: int
    kind: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Border:
    edge: int
    type: str | None = None
    cost: int = 0
    color: str | None = None


@dataclass(frozen=True, slots=True)
class Icon:
    image: str
    name: str | None = None
    sticky: bool = False
    blocks_lay: bool = False
    large: bool = False
    loc: str | None = None


@dataclass(frozen=True, slots=True)
class FutureLabel:
    label: str | None = None
    color: str | None = None


@dataclass(frozen=True, slots=True)
class Replaces:
    """Tiles this tile may replace outright, laid in the given rotation."""

    tiles: tuple[str, ...] = ()
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class TileDef:
    name: str
    color: str
    stops: tuple[StopDef, ...] = ()
    paths: tuple[PathDef, ...] = ()
    rotations: tuple[Rotation, ...] = ()
    label: str | None = None
    terrain: tuple[Terrain, ...] = ()
    borders: tuple[Border, ...] = ()
    icons: tuple[Icon, ...] = ()
    stubs: tuple[int, ...] = ()
    frame: str | None = None
    stripes: str | None = None
    future_label: FutureLabel | None = None
    hidden: bool = False
    replaces: Replaces | None = None
    upgrade_placed_by_reservation: bool = False
    printed_tile: str | None = None     # a printed hex: the catalogue tile it shows
    preprinted_index: int = 0           # a printed hex: its place among the hexes of one map.yaml key
    recorded_rotations: Mapping[str, int] = field(default_factory=dict)   # program -> rotation offset


@dataclass(frozen=True, slots=True)
class HexDef:
    tile: TileDef
    color: str = "white"
    rotation: int = 0
    name: str | None = None
    reserved_for: str | None = None


@dataclass(frozen=True, slots=True)
class MapDef:
    layout: Literal["pointy", "flat"]
    axes: Mapping[str, str]
    hexes: Mapping[str, HexDef]
    regions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


# ---------------------------------------------------------------- the whole title

@dataclass(frozen=True, slots=True)
class TitleModel:
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
