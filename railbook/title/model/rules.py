"""title.yaml: who plays, with what money, and the rules of the rounds and the game's end."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal, Mapping

from railbook.title.model.frozen import dataclass  # frozen: its own copies

from railbook.title.model.texts import (
    MustBuyTrain,
    PriorityOrder,
    Texts,
    Timing,
    Trigger,
)


@dataclass(frozen=True, slots=True)
class Players:
    """How many players the title plays with."""

    # the fewest players
    min: int = 1
    # the most players
    max: int = 1


@dataclass(frozen=True, slots=True)
class Currency:
    """How money is written: its symbol, on which side of the amount, and its code."""

    # the money's symbol ($, £, ¥)
    symbol: str = "$"
    # prefix: $100; suffix: 100¥
    placement: Literal["prefix", "suffix"] = "prefix"
    # the ISO 4217 code of the money (USD), where it is a real one
    code: str | None = None


@dataclass(frozen=True, slots=True)
class BankRules:
    """The bank's cash (one amount, or one per player count), and when it is broken."""

    cash: int | Mapping[int, int] = 0   # one amount, or one per player count
    # the bank never runs out of money
    unlimited: bool = False
    broken_when_empty: bool = False     # broken as soon as it holds nothing, not only when it cannot pay


@dataclass(frozen=True, slots=True)
class DraftRules:
    """``auction.kind: blind_draft``: the blind draft of the privates (railbook/engine/steps/blind_draft.py)."""

    order: Literal["seat", "reverse"] = "seat"
    offer_extra: int = 0                # cards on offer: one per player and this many more
    last_card_price_drop: int = 0       # each pass of the last card lowers its price by this
    open: bool = False                  # every unsold private on offer, seen, paid at once; passes end it
    between_operating_sets: bool = False  # unsold privates left: a set of operating rounds, then a draft again


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """``auction``: how the privates (and any minors or corporations sold with them) are sold at the
    start."""

    # how they are sold; each kind takes its own keys (a key of another kind is an error)
    kind: Literal["waterfall", "starting_package", "draft", "blind_draft", "turn_auction", "none"] = "none"
    draft_order: Literal["seat", "reverse_seat"] = "seat"
    # a bid raises the last one by at least this much
    min_increment: int = 5
    # bids must be multiples of min_increment
    bids_in_multiples: bool = False
    only_highest_bid_committed: bool = False   # a player's cash is bound only by the bids he leads
    # when every player passes, the cheapest private's price drops by this much
    price_drop_when_all_pass: int = 5
    floor_percent: int = 0              # starting package: the price at which the item must be bought
    minors_on_offer: int | None = None  # starting package: the lowest unsold minors on offer (None: all)
    minor_min_treasury: int = 0
    next_priority: PriorityOrder | None = None
    turn_after_par: Literal["continue", "after_setter"] = "continue"
    bidding_order: Literal["lowest_bidder", "seat_order"] = "lowest_bidder"
    pass_leaves_auction: bool = True
    privates: tuple[str, ...] = ()          # turn_auction: the privates sold in it
    corporations: tuple[str, ...] = ()      # turn_auction: the corporations that may be started in it
    draft: DraftRules = DraftRules()


@dataclass(frozen=True, slots=True)
class PrivateSales:
    """Privates sold between players in a stock round."""

    # the phase flag from which privates may be sold between players (none: always)
    phase_flag: str | None = "private_sales_between_players"
    # never in the game's first stock round
    not_in_first_stock_round: bool = False
    regrants_shares: bool = False


@dataclass(frozen=True, slots=True)
class StockRoundRules:
    """``stock_round``: the order of sales and buys, how sales move prices, and what a player may hold."""

    # in a turn: sell then buy, or either order; sell_buy_sell: sell, buy, then sell again
    sell_buy_order: Literal["sell_buy_or_buy_sell", "sell_buy", "sell_buy_sell"] = "sell_buy_or_buy_sell"
    first_sales_after: Literal["first_stock_round", "operation", "operation_or_president",
                               "any_time"] = "first_stock_round"
    sale_price_drop: Literal["row_per_share", "row_per_10_percent", "row_per_sale", "column_per_share",
                             "column_per_sale_if_president", "none"] = "row_per_share"
    pool_shares_drop: Literal["none", "one"] = "none"   # one: a row down at the round's end with shares in the pool
    unoperated_sales_move_price: bool = True    # false: a sale moves only the price of a corporation that has operated
    trainless_shares_half_value: bool = False   # a trainless corporation's shares sell and score at half price
    # a sold-out corporation's price rises at the round's end
    sold_out_rise: bool = True
    # who gets the priority deal for the next stock round
    priority: PriorityOrder = "after_last_to_act"
    # more than one certificate in a turn only from the pool (never from the IPO)
    multiple_buys_only_from_pool: bool = False
    # all the certificates a player sells of one corporation in a turn are one sale
    must_sell_in_blocks: bool = False
    # a player over a holding limit must sell down to it
    holding_limit_forces_sale: bool = True
    # a president may sell his certificate to the pool (when another can take the presidency)
    presidency_sale_to_pool: bool = False
    ipo_moves_to_pool: bool = False
    float_moves_ipo_to_pool: bool = False       # a corporation that floats puts its unsold certificates in the pool
    float_marker_last: bool = False             # a corporation that floats goes under the markers on its cell
    # a player buying a certificate of a corporation he does not preside over takes the pool's last
    # certificate of it out of the game (if that is the very one he buys, that is all that happens)
    buy_removes_pool_certificate: bool = False
    keeps_share_bought: bool = False            # no selling all of a corporation bought in the same turn
    # sold out (for the price rise at the round's end): players hold every certificate, or the corporation
    # has floated and the pool holds none of it
    sold_out: Literal["players_hold_all", "none_in_pool"] = "players_hold_all"
    # privates sold between players in a stock round
    privates_between_players: PrivateSales = PrivateSales()
    home_track_on_float: bool = False   # a corporation floating here lays its home's first tile at once


@dataclass(frozen=True, slots=True)
class TileLay:
    """One tile lay of an operating turn: ``lay``/``upgrade`` may be true, false or ``not_if_upgraded``;
    ``lay`` also ``not_if_upgraded_or_city`` (no upgrade nor city tile before it this turn, and no city tile)."""

    lay: bool | str = True
    # true, false, or not_if_upgraded: this lay may be an upgrade
    upgrade: bool | str = True
    # what the lay costs besides terrain
    cost: int = 0
    # what an upgrade costs, where it differs from cost
    upgrade_cost: int | None = None
    # not on a hex another lay of the turn used
    cannot_reuse_same_hex: bool = False
    first_operation_only: bool = False
    corporation_types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PresidentBorrows:
    """A president with nothing left to sell borrows what he lacks for a depot train (his cash goes below
    nothing), plus ``interest``; every debt grows by ``debt_interest_percent`` (rounded up) as each set of
    operating rounds begins."""

    # what a president pays besides what he borrows
    interest: int = 0
    # how much every debt grows as each set of operating rounds begins, in percent
    debt_interest_percent: int = 0


@dataclass(frozen=True, slots=True)
class EmergencyBuy:
    """What a corporation that must buy a train and cannot afford it may do, and what its president
    must."""

    # never; up_to_face_value: a train of another corporation at most at its printed price; any_price
    from_other_corporations: Literal["never", "up_to_face_value", "any_price"] = "up_to_face_value"
    # the president may trade in his own train or shares as 18xx.games allows in an emergency buy
    president_may_swap: bool = True
    # the corporation may only buy the depot's cheapest train
    cheapest_depot_train_only: bool = True
    # the president may sell more shares than the train needs
    sell_more_than_needed: bool = False
    loans_first: bool = False
    president_sells_shares: bool = True
    president_pays_for_corporation_trains: bool = True
    issue_shares_first: bool = False    # a trainless corporation may (and first must) issue shares for a train
    president_borrows: PresidentBorrows | None = None


@dataclass(frozen=True, slots=True)
class TreasuryShares:
    """Shares a corporation may hold in its treasury, and when it may buy or sell them."""

    max_percent: int = 100
    buy_or_sell: bool = False
    # only a corporation that has operated may buy or sell them
    must_have_operated: bool = False


@dataclass(frozen=True, slots=True)
class DividendPriceMove:
    """One band of ``dividend_price_moves``: a payout of at least / below a percent of the share price
    moves it this many columns (negative: left), while the price is at least ``from_price``."""

    # columns the price moves (negative: to the left)
    move: int
    # the band: a payout below this percent of the share price
    below_percent: int | None = None
    # the band: a payout of at least this percent of the share price
    at_least_percent: int | None = None
    from_price: int = 0


@dataclass(frozen=True, slots=True)
class IssueRedeem:
    """The issue_redeem step: a corporation issues certificates to the pool or redeems them from it."""

    # left: an issued certificate sells at the price one column left; current: at the share price
    issue_price: Literal["left", "current"] = "left"
    # right: a redeemed certificate costs the price one column right; current: the share price
    redeem_price: Literal["right", "current"] = "right"


@dataclass(frozen=True, slots=True)
class TypeRules:
    """Operating rules for one type of company (``operating_round.by_type``)."""

    # when a company of this type without a train must buy one
    must_buy_train: MustBuyTrain | None = None
    buys_trains: bool = True            # false: it never buys a train (it runs what it was given)
    dividends: tuple[str, ...] = ()
    owner_pays_shortfall: bool = False
    sells_trains_to: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class FirstOrPrivateSales:
    """Privates sold to corporations in the game's first operating round (the phase flag
    ``privates_buyable_in_first_or`` opens those sales)."""

    price: str = "range"                    # face_value: every private sells at exactly its value then
    privates: tuple[str, ...] = ()          # the only ones the flag offers (empty: all)
    one_per_corporation: bool = False       # only a corporation without a private buys one
    one_per_seller: bool = False            # not from a player who has sold one this round


@dataclass(frozen=True, slots=True)
class CorporationTrainSales:
    """Trains bought from another corporation: at least ``min_price``, in multiples of ``price_multiple``;
    ``keeps_last_train``: a corporation that owns a train cannot buy another corporation's only one."""

    min_price: int = 1
    price_multiple: int = 1
    keeps_last_train: bool = False


@dataclass(frozen=True, slots=True)
class Insolvency:
    """A corporation with a route and no train it can pay for runs the cheapest depot train leased: it earns
    ``base`` plus ``per_stop`` for each stop (as many as the train's first row counts) and withholds."""

    # what the leased train earns besides its stops
    base: int = 0
    # what it earns for each stop
    per_stop: int = 0


@dataclass(frozen=True, slots=True)
class TokenedOutBypass:
    """Cities full of other corporations' stations a route may pass through: so many on one route,
    on so many of a run's routes (0: none)."""

    per_route: int = 0
    routes: int = 1


@dataclass(frozen=True, slots=True)
class PresidentAssist:
    """A corporation short of a train's price buys it with its president's help, who pays a fee besides."""

    # what the president pays besides the shortfall
    fee: int = 0
    min_treasury_percent: int = 0
    needs_train: bool = False
    permanent_trains_only: bool = False


@dataclass(frozen=True, slots=True)
class ShareRedemption:
    """The redeem_shares step: certificates one redemption may take (in the first OR of a set, too),
    and the price at which treasury certificates are reissued."""

    max_shares: int = 1
    max_shares_first_or: int = 1
    reissue_price: int = 0


@dataclass(frozen=True, slots=True)
class MarkerPrice:
    """A marker's price for the holder of a private."""

    # the private whose holder pays less
    private: str
    # what the holder pays
    cost: int


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker a corporation may buy in the special_buy step."""

    # the marker's name, unique in the title
    name: str
    # what it does, in each language
    text: Texts = field(default_factory=dict)
    # what a corporation pays for it
    cost: int = 0
    count: int | None = None
    # how many one corporation may hold
    per_corporation: int | None = None
    cost_with_private: MarkerPrice | None = None
    needs_route_to: str | None = None
    opens: tuple[str, ...] = ()
    label: str | None = None                 # what 18xx.games calls it in a special buy ("Tunnel Token")
    of_private: str | None = None            # the private whose buyer holds one (see the step)
    bonus_hexes: tuple[str, ...] = ()        # each route of a holder earns ``bonus`` for each it stops in
    # what each route of a holder earns for each bonus hex it stops in
    bonus: int = 0


DEFAULT_OR_STEPS = ("bankrupt", "exchange", "special_track", "special_token", "buy_private", "home_token",
                    "track", "token", "route", "dividend", "discard_train", "buy_train", "buy_private_blocking")


@dataclass(frozen=True, slots=True)
class OperatingRoundRules:
    """``operating_round``: the steps of a corporation's turn, its track and station rules, and buying
    trains."""

    # the steps of a corporation's operating turn, in order
    steps: tuple[str, ...] = DEFAULT_OR_STEPS
    # the tile lays of a turn, in order: each a lay, an upgrade or either
    tile_lays: tuple[TileLay, ...] = (TileLay(),)
    # how freely track may be laid and upgraded (18xx.games' TRACK_RESTRICTION)
    track_restriction: Literal["permissive", "semi_restrictive", "restrictive", "city_permissive",
                               "station_restrictive", "semi_restrictive_sides"] = "semi_restrictive"
    # whether a home reservation keeps other corporations' stations out: never, always, or in one-slot cities
    reservations_block_others: Literal["never", "always", "single_slot_cities"] = "never"
    # when a corporation's home station is placed: at its first operation, when parred, when it floats, or as
    # the operating round begins
    home_token: Literal["first_operation", "par", "float", "operating_round"] = "first_operation"
    # when a corporation without a train must buy one
    must_buy_train: MustBuyTrain = "when_route_exists"
    # where trains over the limit go: back to the depot, or out of the game
    discarded_trains: Literal["to_depot", "removed"] = "to_depot"
    discard_excess_trains: Literal["at_once", "own_turn"] = "at_once"   # own_turn: as its next turn begins
    # what a corporation that must buy a train and cannot afford it may do
    emergency_buy: EmergencyBuy = EmergencyBuy()
    # corporations may buy trains from one another
    train_buys_between_corporations: bool = True
    corporation_train_sales: CorporationTrainSales = CorporationTrainSales()
    minors_buy_trains: bool = False
    # what a corporation may do with its revenue: payout, withhold, half
    dividends: tuple[str, ...] = ("payout", "withhold")
    dividend_jump_percents: tuple[int, ...] = ()   # empty: a payout moves the price as the market says
    dividend_price_moves: tuple[DividendPriceMove, ...] = ()   # empty: as dividend_jump_percents says
    issue_redeem: IssueRedeem = IssueRedeem()
    min_tile_cost: int = 0                          # a lay costs at least this (terrain where more)
    first_operating_order: Literal["price", "lowest_price_first"] = "price"
    half_dividend_rounding: Literal["per_share", "corporation_down_to_10"] = "per_share"
    treasury_shares: TreasuryShares | None = None
    pays_corporation_for: tuple[str, ...] | None = None    # None: the pool's shares pay the corporation (its own, if incremental)
    trade_ins_per_turn: int | None = None
    one_depot_train_per_type: bool = False      # a corporation buys at most one train of each type from the depot a turn
    first_or_private_sales: FirstOrPrivateSales = FirstOrPrivateSales()
    privates_bought_from: Literal["any_player", "president"] = "any_player"
    unsellable_once_run_before_rusting: bool = False
    halt_subsidy: int = 0                       # each halt a route stops at pays the corporation this much
    tokened_out_bypass: TokenedOutBypass = TokenedOutBypass()
    routes_end_at_halts: bool = True            # false: a route may not begin or end at a halt
    insolvency: Insolvency | None = None
    president_assist: PresidentAssist | None = None
    by_type: Mapping[str, TypeRules] = field(default_factory=dict)
    share_redemption: ShareRedemption = ShareRedemption()
    markers: tuple[Marker, ...] = ()
    split_city_tokens: Literal["move_to_first", "choose_again"] = "move_to_first"


@dataclass(frozen=True, slots=True)
class CertificatesAtStart:
    """Certificates changed when a game starts, for every corporation whose president's certificate no
    private brings: the president's certificate's size, and how many of the last certificates leave the game."""

    presidents_percent: int | None = None
    leave_game: int = 0


@dataclass(frozen=True, slots=True)
class GameEndRule:
    """One way the game ends: what triggers it and when the game then ends."""

    # what triggers the end (bank_broken, stock_market, bankruptcy, ...)
    trigger: Trigger
    # when the game then ends: immediately, or at the end of the operating round or the set
    timing: Timing
    last_set_skips: tuple[str, ...] = ()
    count: int | None = None                # operating_rounds: the game's number of operating rounds


@dataclass(frozen=True, slots=True)
class BankruptcyRules:
    """``bankruptcy``: whether a player may go bankrupt, and what then happens to the game, his shares
    and cash."""

    # a player may go bankrupt (false: he must always raise what he owes)
    allowed: bool = True
    # one: the first bankruptcy ends the game; all_but_one: the game goes on until one player is left
    ends_game_after: Literal["one", "all_but_one"] = "one"
    corporation_issues_first: bool = False      # the corporation issues what it may before its president fails
    leftover_shares: Literal["kept", "to_pool"] = "kept"   # what the sales leave goes to the pool, prices unmoved
    leftover_cash: Literal["to_bank", "to_corporation"] = "to_bank"
    privates_close: bool = False                # the bankrupt player's privates (and minors) close
    receivership: bool = False                  # a corporation left without a president operates on its own
    voluntary: bool = False                     # a president may declare bankruptcy at any point of an operating
                                                # round once it has begun, short of money or not


@dataclass(frozen=True, slots=True)
class Change:
    """One change an optional rule makes: a path into the title's data and its new value, or the list
    item or mapping entry the rule takes out (``remove``: a private, a printed hex off the map)."""

    set: str = ""
    # the new value at the path (as the title's data writes it)
    to: Any = None
    remove: str = ""


@dataclass(frozen=True, slots=True)
class OptionalRule:
    """An optional rule (or a variant played with some player counts): its text and the changes it makes
    to the title."""

    # the rule's identifier (what --option and an export's settings name)
    id: str
    # its name, as players see it
    name: str = ""
    # what it changes, in a sentence
    description: str = ""
    # the player counts it is offered for (empty: all)
    players: tuple[int, ...] = ()
    always: bool = False        # played in every game with one of ``players``' counts: a variant, not a choice
    recorded_defaults: tuple[str, ...] = ()     # programs whose recorded games play this rule by default
    # what it changes in the title's data, in order (each reads the title the earlier ones made)
    changes: tuple[Change, ...] = ()


@dataclass(frozen=True, slots=True)
class TitleRules:
    """title.yaml: who plays, with what money, and the rules of the rounds and the game's end."""

    id: str
    # the title's name
    name: str
    # its subtitle
    subtitle: str | None = None
    # its designer
    designer: str | None = None
    # its publisher
    publisher: str | None = None
    # the year it was published
    year: int | None = None
    location: Texts | str | None = None
    # where its rules can be read
    rules_url: str | None = None
    # a short description, in each language
    blurb: Texts = field(default_factory=dict)
    texts: Mapping[str, Texts] = field(default_factory=dict)
    # how many players it plays with
    players: Players = Players()
    # how money is written
    currency: Currency = Currency()
    # each player's cash at the start, by player count
    starting_cash: Mapping[int, int] = field(default_factory=dict)
    # the certificates a player may hold, by player count
    certificate_limit: Mapping[int, int] = field(default_factory=dict)
    # the bank's cash
    bank: BankRules = BankRules(unlimited=True)
    capitalization: Literal["full", "incremental", "escrow"] = "full"
    float_timing: Literal["purchase", "operating"] = "purchase"   # operating: floats when its first turn comes
    # privates count against the certificate limit
    certificate_limit_counts_privates: bool = True
    holding_limit: int = 60
    pool_limit: int = 50
    escrow_until_float: bool = False
    full_capitalization_from_phase: str | None = None
    ipo_price: Literal["par", "market"] = "par"
    certificates_at_start: CertificatesAtStart = CertificatesAtStart()
    # how the privates are sold at the start
    auction: AuctionRules = AuctionRules()
    # the rules of the stock rounds
    stock_round: StockRoundRules = StockRoundRules()
    # the rules of the operating rounds
    operating_round: OperatingRoundRules = OperatingRoundRules()
    # what ends the game and when (the first to happen)
    game_end: tuple[GameEndRule, ...] = ()
    # what happens when a player cannot pay
    bankruptcy: BankruptcyRules = BankruptcyRules()
    # the optional rules and variants players may choose
    optional_rules: tuple[OptionalRule, ...] = ()
