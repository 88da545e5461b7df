"""Privates and their abilities, corporations and minors, loans."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from railbook.title.model.frozen import dataclass  # frozen: its own copies

from railbook.title.model.texts import (
    Texts,
)


@dataclass(frozen=True, slots=True)
class MovesStation:
    """A token ability that moves one of the corporation's stations (the move_token step)."""

    not_from: tuple[str, ...] = ()          # hexes whose stations may not move
    home_leaves_neutral: str | None = None  # whose neutral station replaces a moved home
    then_lay_tile: bool = False             # an extra lay on the destination follows


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """One ability of a private, in 18xx.games' vocabulary (``type`` says which; the other fields are
    those that type uses, the rest at their defaults)."""

    # which ability it is, in 18xx.games' vocabulary: the other keys allowed depend on it
    type: str
    owner: str | None = None                # who may use it: player, corporation (None: whoever owns it)
    # blocks_hexes: player: the block ends when a corporation buys the private; any: it lasts until the
    # private closes
    while_owned_by: str | None = None
    # the steps or moments at which it may be used (any: whenever its owner acts)
    when: tuple[str, ...] = ()
    # how many times it may be used in all (none: no limit)
    count: int | None = None
    # how many times it may be used in each operating round
    count_per_or: int | None = None
    # the hexes it acts on
    hexes: tuple[str, ...] = ()
    # the one hex it acts on
    hex: str | None = None
    # the tiles it may lay
    tiles: tuple[str, ...] = ()
    # the trains it concerns (by name)
    trains: tuple[str, ...] = ()
    corporations: tuple[str, ...] | str | None = None    # a list, or "any" / "ipoed"
    corporation: str | None = None
    # the certificates it gives, as corporation_index (PRR_0: the president's certificate)
    shares: tuple[str, ...] = ()
    # the tile (or train) costs nothing, terrain included
    free: bool = False
    # this much off the price (of terrain, a tile lay or a train)
    discount: int = 0
    discount_percent: int = 0               # train_discount: a percent of the price instead of an amount
    # tile_lay: the lay may ignore the usual upgrade rules for these tiles (labels and preserved track)
    special: bool = True
    # tile_lay: the hex must be reachable by one of the using corporation's stations
    reachable: bool = False
    # using it counts as one of the corporation's tile lays of the turn
    consumes_tile_lay: bool = False
    # what using it costs the corporation
    cost: int = 0
    # the private closes once its count is used up
    closes_when_used_up: bool = False
    closes_at_round_end: bool = False       # using it closes the private when the operating round ends
    # tile_lay when the private is sold: the lay is made at once, before anything else
    blocks: bool = False
    # tile_lay: yellow: only lays on empty hexes; upgrade: only upgrades
    lay_only: str | None = None
    must_lay_together: bool = False         # tile_lay: the lays follow one another, connected, uninterrupted
    must_lay_all: bool = False              # tile_lay with must_lay_together: no pass once begun
    lost_if_others_build: bool = False      # tile_lay: lost once another lays a tile on one of its hexes
    use_across_ors: bool = True             # False: once used in an OR, the rest is lost when the next begins
    requires_room: bool = False             # reserved_train: only a corporation with room may buy the private
    closes_private: bool = False            # reserved_train: the private closes once its train is taken
    from_turn: int | None = None            # no_sale_to_corporation: only from this turn on
    # token or teleport: the station is the corporation's own (false: the private brings one of its own)
    from_owner: bool | None = None
    # teleport: the tile laid on the hex costs nothing
    free_tile_lay: bool = False
    # token: what the station costs where the corporation's track reaches the city
    price: int | None = None
    # token: what the station costs where its track does not reach the city
    teleport_price: int | None = None
    # token: placed besides the turn's own station (not instead of it)
    extra_action: bool = False
    # which city of the hex (by index), or a city's name
    city: int | str | None = None
    # reservation: which slot of the city it reserves (by index)
    slot: int | None = None
    # token: the city must be connected to the corporation's network
    connected: bool = False
    requires_train: bool = False            # assign_hexes: the using corporation must own a train
    # token: only through the private's own step, never in the corporation's token step
    special_only: bool = False
    # when it happens: the phase or event it waits for
    on: str | None = None
    # the phase from which it applies
    phase: str | None = None
    # the phase from which it no longer applies
    until_phase: str | None = None
    # revenue_change: the private's new revenue
    revenue: int | None = None
    # the terrain it concerns (mountain, water, ...)
    terrain: str | None = None
    # how much it adds (revenue, a bonus, extra trains)
    amount: int = 1
    lost_on_president_change: bool = False  # route_bonus: lost when the corporation's president changes
    income: int = 0                         # tile_income: what the owner earns per matching terrain
    per_icon: str | None = None             # assign_bonus: the amount counts once per icon of this name on the hex
    moves_station: "MovesStation | None" = None   # token: the station is moved, not added
    # what it does, in each language a rules summary is written in
    text: Texts = field(default_factory=dict)
    from_: tuple[str, ...] = ()             # exchange: take the share from ipo and/or market (YAML "from")
    reserves_share: bool = False            # exchange: each corporation's last certificate is kept for it


@dataclass(frozen=True, slots=True)
class PrivateDef:
    """A private company: its value, revenue, what it may be bought for, and its abilities."""

    # the private's symbol, unique in the title (C&StL)
    sym: str
    # its full name
    name: str
    # its face value: what it is bought for, and worth at the game's end
    value: int
    # what it pays its owner in each operating round
    revenue: int = 0
    price: int | None = None                # what its first buyer pays the bank (None: its value)
    # the least a corporation may pay a player for it
    min_price: int = 0
    # the most a corporation may pay a player for it
    max_price: int = 0
    # only in games of at least this many players
    min_players: int | None = None
    # its card's colour
    color: str | None = None
    kind: str | None = None                 # "minor": the certificate of the minor with the same symbol
    # its rules, in each language a rules summary is written in
    text: Texts = field(default_factory=dict)
    # what its owner may do with it, in 18xx.games' vocabulary
    abilities: tuple[AbilityDef, ...] = ()
    stock_round_trade: bool = False         # traded in stock rounds like a share (a bond)
    sold_in_operating_rounds: bool = False
    closes_others_when_bought: bool = False  # a player's purchase of it from the bank closes every other private


# ---------------------------------------------------------------- corporations and minors

@dataclass(frozen=True, slots=True)
class HomeChoice:
    """Where a corporation without a fixed home may place its home station when it floats."""

    # the hexes it may choose its home in
    hexes: tuple[str, ...] = ()
    # the region whose cities it may choose its home in
    region: str | None = None
    any_city: bool = False                  # anywhere: a city with a slot it could take
    replaces_neutral: bool = False          # or a city holding a neutral station (which leaves)


@dataclass(frozen=True, slots=True)
class ConvertsTo:
    """What a corporation may convert into (its new share split), and when or as what type."""

    # the certificates after the conversion, in percent (the president's first)
    shares: tuple[int, ...]
    # the event or phase at which it may convert
    on: str | None = None
    type: str | None = None


@dataclass(frozen=True, slots=True)
class FloatTokens:
    """Stations a corporation gains when it floats (or only if it converted, or from a phase on)."""

    # how many stations it gains
    add: int
    # only if it has converted
    if_converted: bool = False
    # only if it floats in this phase or later
    from_phase: str | None = None


@dataclass(frozen=True, slots=True)
class TokenCost:
    """How a corporation's station costs are worked out: as listed, or by distance from its home."""

    method: Literal["listed", "route_distance", "hex_distance"] = "listed"
    per_hex: int = 0


@dataclass(frozen=True, slots=True)
class BondsDef:
    """The bonds a corporation may issue: how many, at what price and interest, and what they cost at
    the end."""

    # how many bonds it issues
    count: int
    # what each bond costs its buyer
    price: int
    interest: int = 0
    end_game_deduction_per_share: int = 0


@dataclass(frozen=True, slots=True)
class MergerDef:
    """What merging into this corporation gives: the certificates exchanged, cash, the vote, and when it
    is forced."""

    exchanges: Mapping[str, int] = field(default_factory=dict)   # merging minor/private -> certificate index
    cash: int = 0
    vote_percent: int = 50
    forced_on: str | None = None


@dataclass(frozen=True, slots=True)
class FormationDef:
    """How a corporation is formed from others (old shares exchanged, its price, inherited loans and
    stations)."""

    old_shares_per_share: int = 2
    start_price: str = "mean_of_two_highest"
    # the lowest share price it may form at
    min_price: int = 0
    price_drop_per_inherited_loan: int = 0
    # the most loans it takes over from the corporations it is formed from
    max_inherited_loans: int = 0
    inherited_loans_become: Literal["loans", "bonds_in_pool"] = "loans"
    short_shares: Literal["lost", "bonds"] = "lost"
    home_token_exchange: bool = False
    extra_token_exchanges: int = 0
    capital: Literal["none", "pool_buys_remaining"] = "none"
    first_operation: Literal["next_round", "this_round_unless_merged_operated"] = "next_round"
    first_tile_lays: int | None = None
    # formed_from unpaid_loans (mechanics/debt_formation.py): the event that starts it, and its terms
    formed_from: Literal["hook", "unpaid_loans"] = "hook"
    on_event: str | None = None
    token_limit: int | None = None
    token_price: int = 0
    share_split_over: int | None = None
    discard_limit: int | None = None
    extra_train_limit: int = 0
    withholds_until_permanent_train: bool = False   # no dividend and a still price until then
    # after forming: the certificate limit by the number of corporations left, then by player count
    certificate_limits: Mapping[int, Mapping[int, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CorporationDef:
    """A corporation or a minor (corporations.yaml ``minors``: no certificates, one owner)."""

    # its symbol, unique in the title (PRR)
    sym: str
    # its full name
    name: str
    # its stations: one price per station, the home station's first
    tokens: tuple[int, ...]
    shares: tuple[int, ...] = ()            # percentages, the president's first (a minor has none)
    # its home hex (or hexes, for a home in two)
    home: tuple[str, ...] = ()
    # which city of the home hex holds its station (by index)
    home_city: int | tuple[int, ...] | None = None
    home_choice: HomeChoice | None = None
    # its colour on the map and the market
    color: str = "#888888"
    # the colour its symbol is written in on its colour
    text_color: str = "white"
    # the percent of its certificates players must have bought before it floats
    float_percent: int = 60
    # its type (major, minor, ...): rules by type name it (operating_round.by_type)
    type: str = "major"
    # full: it receives its whole capital when it floats; incremental: each share's price as it is sold;
    # escrow: held until its destination
    capitalization: Literal["full", "incremental", "escrow"] = "full"
    # the percent of it one player may hold
    holding_limit: int = 60
    available: str = "start"                # "start", or the event that makes it available
    available_on: str | None = None         # that event
    # the region its home lies in
    region: str | None = None
    # what it may convert into
    converts_to: ConvertsTo | None = None
    # what is special about it, in each language
    text: Texts = field(default_factory=dict)
    # when its home station is placed (par, float, first operation), where it differs from the title's
    home_token_timing: str | None = None
    merger: MergerDef | None = None
    destination: str | None = None
    trades_trains_at_face_value: bool = False
    bonds: BondsDef | None = None
    formation: FormationDef | None = None
    # stations it gains when it floats
    float_tokens: tuple[FloatTokens, ...] = ()
    token_cost: TokenCost | None = None
    neutral_token: str | None = None        # it also holds one free neutral station of this corporation
    par_needs_token: bool = False           # parred only once it has a station on the map
    value: int | None = None                # a minor: what its certificate is worth
    merges_into: str | None = None          # a minor: the corporation it merges into
    starting_train: str | None = None       # a minor: starts with the depot's first train of this type, free
    abilities: tuple[AbilityDef, ...] = ()  # what the corporation itself may do (privates' vocabulary)


@dataclass(frozen=True, slots=True)
class LoansDef:
    """Loans (from the bank): their amount and interest, how many a corporation may take and when, and
    what they move."""

    amount: int
    interest: int = 0
    max_per_corporation: int = 0
    taken: Literal["any_time", "only_when_short", "in_turn"] = "any_time"
    max_per_player_share: bool = False          # as many loans as players hold certificates of it
    no_loans_flag: str | None = None            # a phase flag from which no loans are taken
    score_deduction_per_percent: int = 0        # a score drops this much per percent held per loan left
    price_move_on_take: Literal["none", "left", "down"] = "none"
    price_move_on_repay: Literal["none", "right", "up"] = "none"
    face_value_train_trades: bool = False
    end_game_deduction_per_share: int = 0
