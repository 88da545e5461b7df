"""What a game holds: its pieces, built from the compiled title, and the counters of play.

:class:`GameState` is the board, the bank, the players' holdings, the market, the
trains, the phase and the log, with lookups by the ids recorded games use. The
rules (:mod:`railbook.engine.rules`) act on it; steps, rounds and mechanics call
the rules; :class:`railbook.engine.game.Game` drives it all, action by action.
Nothing here decides what is legal.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Protocol

from railbook.engine.entities.bank import Bank
from railbook.engine.entities.company import Company
from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.phase import Phase
from railbook.engine.entities.player import Player
from railbook.engine.entities.share import Share
from railbook.engine.entities.share_pool import SharePool
from railbook.engine.entities.train import Depot, Train
from railbook.engine.map.graph import Graph
from railbook.engine.map.hex import Hex
from railbook.engine.map.tile import Tile
from railbook.engine.market.stock_market import StockMarket
from railbook.engine.points import Extensions
from railbook.engine.setup import board, lend_neutral_tokens, tile_supply
from railbook.engine.title import Title
from railbook.errors import GameError
from railbook.rng import SeededRandom


class RoundView(Protocol):
    """What the rules may ask of the round in play (rounds are built above the rules)."""

    kind: str
    name: str
    round_num: int
    entities: list[Any]
    entity_index: int
    steps: list[Any]
    pass_order: list[Any]
    at_start: bool
    current_operator: Any
    current_operator_acted: bool
    pending_tokens: list[dict[str, Any]]
    companies_pending_par: list[Any]

    @property
    def current_entity(self) -> Any: ...

    def operating(self) -> bool: ...

    def stock(self) -> bool: ...

    def active_step(self, entity: Any = None) -> Any: ...

    def actions_for(self, entity: Any) -> list[str]: ...

    def clear_cache(self) -> None: ...


class MechanicMoments(Protocol):
    """The moments the engine asks a mechanic about (each explained on the Mechanic class,
    railbook/engine/mechanics/base.py, which the mechanics package builds above the rules)."""

    def setup(self) -> None: ...

    def on_event(self, event: str) -> None: ...

    def next_round(self, rounds: Any) -> Any: ...

    def stock_steps(self, steps: list[Any]) -> list[Any]: ...

    def operating_steps(self, steps: list[Any]) -> list[Any]: ...

    def extra_train_limit(self, corporation: Any) -> int: ...

    def route_bonus(self, corporation: Any, stops: list[Any]) -> int: ...

    def route_bonus_bound(self, corporation: Any) -> int | None: ...


class GameState:
    """A game's pieces and counters, set up from its title for these players."""

    round: RoundView
    mechanics: list[MechanicMoments]

    def __init__(self, title: Title, players: list[tuple[Any, str]], seed: int | None = None, game_id: Any = 0,
                 trust_stated_revenue: bool = False, allow_corrections: bool = False):
        title = title.for_players(len(players))
        self.title = title
        self.rules = title.rules
        self.game_id = game_id
        # a log that records revenue amounts but no routes (Rails reports): run_routes may state the revenue,
        # which the engine then takes on trust instead of checking the routes
        self.trust_stated_revenue = trust_stated_revenue
        # a log that records edits made outside the rules (Rails' correction mode): map_correction actions
        self.allow_corrections = allow_corrections
        n = len(players)
        pmin, pmax = self.rules.players.min, self.rules.players.max
        if not pmin <= n <= pmax:
            raise GameError(f"{self.rules.name} is for {pmin}-{pmax} players, not {n}", "players")
        self.players = [Player(pid, name) for pid, name in players]
        self.rng = SeededRandom(seed if seed is not None else _digits(game_id))
        self.log_lines: list[str] = []
        self.warnings: list[str] = []
        # recorded routes' track chains, by hexes and the layout of their tiles (see Route)
        self.route_chains: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        # recorded routes whose revenue was taken on trust: given as hexes only, they run in several ways
        self.trusted_revenues = 0
        self.turn = 1
        self.operating_rounds_played = 0     # operating rounds begun in the game so far
        self.final_turn: int | None = None
        self.round_counter = 0
        self.finished = False
        self.game_end_reason: str | None = None
        self.game_end_trigger: tuple[str, str] | None = None
        self.api: Any = None  # what the title's hooks are called with (the game sets it up)
        self.mechanics = []
        self.mechanic_index: dict[type, Any] = {}   # mechanics.base.find's answers, by class
        self.extensions = Extensions()               # the mechanics' handlers at the steps' points
        self.markers: dict[str, int] = {}
        self.skipped_steps: set[str] = set()   # operating steps the game's last set leaves out
        self.saved_tokens: list[dict[str, Any]] = []   # stations lifted by a city split, waiting to go back
        self.saved_tokens_hex: Hex | None = None
        self.crowded: tuple[Any, list[Any]] | None = None  # companies over their train limit, and when that was known

        model = title.model
        self.companies = [Company(p) for p in model.privates if not p.min_players or n >= p.min_players]
        self.stock_market = StockMarket(model.market)
        min_par = min((p.price for p in self.stock_market.par_prices), default=0)
        self.minors = [Corporation(m, minor=True) for m in model.minors]
        self.all_corporations = [Corporation(c, min_price=min_par) for c in model.corporations]
        printed_limit = title.module.MODEL.title.holding_limit
        for corp in self.all_corporations:  # one without its own holding limit follows the title's (options too)
            if corp.max_ownership_percent == printed_limit:
                corp.max_ownership_percent = self.rules.holding_limit
        lend_neutral_tokens(self.all_corporations)
        self.corporations = [c for c in self.all_corporations if c.definition.available_on is None]
        self.waiting_corporations = [c for c in self.all_corporations if c not in self.corporations]
        bank = self.rules.bank
        checks_bank = any(g.trigger == "bank_broken" for g in self.rules.game_end)
        self.bank = Bank(0 if bank.unlimited else by_players(bank.cash, n), bank.unlimited, checks_bank)
        self.bank.breaks_when_empty = bank.broken_when_empty
        self.tiles = tile_supply(title)
        self.all_tiles = list(self.tiles)
        self.phase = Phase(model.phases)
        trains: list[Train] = []
        for definition in model.trains:
            count = by_players(definition.count, n) if definition.count is not None else 1
            trains.extend(Train(definition, i) for i in range(count))
        rules = self.rules.operating_round
        self.depot = Depot(trains, self.phase, self.bank, rules.discarded_trains == "to_depot",
                           rules.train_buys_between_corporations, rules.corporation_train_sales)
        self.depot.hold_back_reserved()
        cash = self.rules.starting_cash[n]
        for p in self.players:
            self.bank.spend(cash, p)
        self.share_pool = SharePool(self.log, lambda: [p for p in self.players if not p.bankrupt])
        self.share_pool.takes_presidency = self.rules.stock_round.presidency_sale_to_pool
        self.hexes = board(title, self.companies, self.all_corporations + self.minors)
        self._hexes = {h.id: h for h in self.hexes}
        self.hex_order = {h: i for i, h in enumerate(self.hexes)}
        self.graph = Graph(self.hex_order)
        self._index()
        self.operating_rounds = self.phase.operating_rounds
        # how corporations parred now are capitalized (a title's hook may change it), and escrow
        # capitalization's money held by the bank and corporations that reached their destinations
        self.capitalization_now: str = self.rules.capitalization
        self.certificate_limit_now: int | None = None   # a limit set in play, else the title's
        self.sales_move_no_price = False                 # set in play by a rule hook (stop_sale_price_drops)
        self.escrow_held: dict[str, int] = {}
        self.insolvent: set[str] = set()   # operating_round.insolvency: corporations running a leased train
        self.bank_offers: list[Any] = []   # privates a rule hook has the bank sell at face value (offer_private)
        self.destinated: set[str] = set()
        for corp in self.all_corporations:
            corp.float_on_operate = self.rules.float_timing == "operating"
        self._reserve_exchanged_shares()

    def _reserve_exchanged_shares(self) -> None:
        """A private's exchange ability that ``reserves_share`` keeps each of its corporations' last
        certificate off sale for it, until it is exchanged or the private closes."""
        for company in self.companies:
            for ability in company.abilities:
                if ability.type != "exchange" or not ability.spec.reserves_share:
                    continue
                for sym in ability.corporations if isinstance(ability.corporations, tuple) else ():
                    corp = self._corporations.get(sym)
                    if corp is not None and corp.shares_list:
                        corp.shares_list[-1].buyable = False
                        ability.reserved_shares.append(corp.shares_list[-1])

    def _index(self) -> None:
        self._players = {str(p.id): p for p in self.players}
        self._companies = {c.id: c for c in self.companies}
        self._corporations = {c.id: c for c in self.all_corporations + self.minors}
        self._shares = {s.id: s for c in self.all_corporations for s in c.shares_list}
        self._tiles = {t.id: t for t in self.all_tiles}
        # the printed tiles by id (a stop is named by its tile's id and its place on the tile)
        self._printed = {h.tile.id: h.tile for h in self.hexes}

    def index_tile(self, tile: Tile) -> None:
        """A tile that joins the supply (a copy of an unlimited tile) can be named by its id."""
        self._tiles[tile.id] = tile

    def index_share(self, share: Share) -> None:
        """A certificate a corporation gains in play (a conversion) can be named by its id."""
        self._shares[share.id] = share

    # ------------------------------------------------------------------ lookups by recorded ids
    def player_by_id(self, pid: Any) -> Player | None:
        return self._players.get(str(pid))

    def company_by_id(self, cid: Any) -> Company | None:
        return self._companies.get(cid)

    def corporation_by_id(self, cid: Any) -> Corporation | None:
        return self._corporations.get(cid)

    def share_by_id(self, sid: Any) -> Share | None:
        return self._shares.get(sid)

    def tile_by_id(self, tid: Any) -> Tile | None:
        return self._tiles.get(tid)

    def hex_by_id(self, hid: Any) -> Hex | None:
        return self._hexes.get(hid)

    def train_by_id(self, tid: Any) -> Train | None:
        return self.depot.train(tid)

    def city_by_id(self, cid: Any) -> Any:
        """A city by its 18xx.games id: "<tile>-<index>-<stop>", or "<hex>-<index>-<stop>" for printed tiles."""
        tile_id, _, index = str(cid).rpartition("-")
        if index.isdigit():   # "<tile id>-<stop>": a tile of the supply's ids before a printed tile's
            for tile in (self._tiles.get(tile_id), self._printed.get(tile_id)):
                if tile is not None and int(index) < len(tile.stops):
                    return tile.stops[int(index)]
        parts = str(cid).rsplit("-", 2)
        if len(parts) == 3:
            hex_ = self.hex_by_id(parts[0])
            if hex_ is not None and hex_.original_tile is hex_.tile:
                idx = int(parts[2]) if parts[2].isdigit() else -1
                if 0 <= idx < len(hex_.tile.stops):
                    return hex_.tile.stops[idx]
        return None

    # ------------------------------------------------------------------ the round in play
    def current_operator(self) -> Any:
        r = self.round
        return r.current_operator if r.operating() else None

    def refusal(self, action: dict[str, Any]) -> GameError | None:
        """What processing the action now would refuse it with (None: accepted), judged on a copy of the
        game: for a listing whose rule is known only once the action's own first effects are made
        (the game, :class:`railbook.engine.game.Game`, answers it)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ money, text and hooks
    def format_money(self, amount: float) -> str:
        cur = self.rules.currency
        text = f"{amount:g}" if isinstance(amount, float) else str(amount)
        return f"{cur.symbol}{text}" if cur.placement == "prefix" else f"{text} {cur.symbol}"

    def log(self, text: str) -> None:
        self.log_lines.append(text)

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def describe_entity(self, entity: Any) -> str:
        if entity is None:
            return "nobody"
        return str(getattr(entity, "name", entity))

    def hook(self, name: str, *args: Any) -> Any:
        """Run the title's hook ``name`` if it has one (None if not)."""
        fn = self.title.hook(name)
        if fn is None:
            return None
        return self.api.run(fn, *[self.api.wrap(a) for a in args])


def by_players(value: int | Mapping[int, int], players: int) -> int:
    """A number the title gives once, or per player count."""
    return value if isinstance(value, int) else value[players]


def _digits(value: Any) -> int:
    """The first run of digits in a game id (how recorded games derive a missing seed)."""
    m = re.search(r"\d+", str(value))
    return int(m.group(0)) if m else 0
