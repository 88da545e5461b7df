"""The game: state built from a compiled title, driven by actions.

``Game.process(action)`` is atomic: an illegal action raises an error naming
the rule it breaks and leaves the game exactly as it was (the game is rebuilt
from its action log). ``undo()`` drops the last action the same way. What may
happen now is ``current_entity`` and ``legal_action_types()``.
"""

from __future__ import annotations

import copy
import math
from typing import Any, Callable, Iterable

from railbook.engine import actions as A
from railbook.engine.entities.bank import Bank
from railbook.engine.entities.company import Company
from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.phase import Phase
from railbook.engine.entities.player import Player
from railbook.engine.entities.share import ShareBundle
from railbook.engine.entities.train import Depot, Train
from railbook.engine.hooks.api import HookAPI
from railbook.engine.map.graph import Graph
from railbook.engine.map.hex import Hex
from railbook.engine.map.tile import COLORS, Tile
from railbook.engine.market.share_pool import SharePool
from railbook.engine.market.stock_market import StockMarket
from railbook.engine.mechanics.registry import install as install_mechanics
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.schedule import Schedule
from railbook.engine.title import Title
from railbook.errors import EngineError, GameError, IllegalAction
from railbook.rng import SeededRandom

TIMING_PRIORITY = ["immediately", "end_of_round", "end_of_or", "end_of_or_set", "one_more_or_set"]
IMPASSABLE_COLORS = ("blue", "gray", "red")


class Game:
    def __init__(self, title: Title, players: list[tuple[Any, str]], seed: int | None = None, game_id: Any = 0,
                 trust_stated_revenue: bool = False, allow_corrections: bool = False):
        self.title = title
        self.t = title.t
        self.init_args = (title, list(players), seed, game_id, trust_stated_revenue, allow_corrections)
        self.game_id = game_id
        # a log that records revenue amounts but no routes (Rails reports): run_routes may state the revenue,
        # which the engine then takes on trust instead of checking the routes
        self.trust_stated_revenue = trust_stated_revenue
        # a log that records edits made outside the rules (Rails' correction mode): map_correction actions
        self.allow_corrections = allow_corrections
        n = len(players)
        pmin, pmax = self.t["players"]["min"], self.t["players"]["max"]
        if not pmin <= n <= pmax:
            raise GameError(f"{self.t['name']} is for {pmin}-{pmax} players, not {n}", "players")
        self.players = [Player(pid, name) for pid, name in players]
        self.rng = SeededRandom(seed if seed not in (None, "") else _digits(game_id))
        self.log_lines: list[str] = []
        self.warnings: list[str] = []
        # recorded routes' track chains, by hexes and the layout of their tiles (see Route)
        self.route_chains: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self.turn = 1
        self.final_turn: int | None = None
        self.round_counter = 0
        self.finished = False
        self.game_end_reason: str | None = None
        self.game_end_trigger: tuple[str, str] | None = None
        self.history: list[dict[str, Any]] = []
        # called with the game when a round has ended, before the next begins (what an importer may watch)
        self.round_observers: list[Callable[[Game], None]] = []
        self.actions_processed = 0
        self.api = HookAPI(self)
        self.markers: dict[str, int] = {}
        self.skipped_steps: set[str] = set()   # operating steps the game's last set leaves out
        self.saved_tokens: list[dict[str, Any]] = []   # stations lifted by a city split, waiting to go back
        self.saved_tokens_hex: Hex | None = None
        self.train_moves = 0  # bumped whenever a train changes hands (invalidates cached train facts)
        self._crowded: tuple[Any, list[Any]] | None = None

        self.companies = [Company(p) for p in title.data["privates"] if not p.get("min_players") or n >= p["min_players"]]
        self.stock_market = StockMarket(title.data["market"])
        min_par = min((p.price for p in self.stock_market.par_prices), default=0)
        self.minors = [Corporation(m, minor=True) for m in title.data["minors"]]
        self.all_corporations = [Corporation(c, min_price=min_par) for c in title.data["corporations"]]
        for corp in self.all_corporations:  # one without its own holding limit follows the title's (options too)
            if corp.max_ownership_percent == title.module.TITLE.get("holding_limit"):
                corp.max_ownership_percent = self.t["holding_limit"]
        self.corporations = [c for c in self.all_corporations if c.data.get("available", "start") == "start"]
        self.waiting_corporations = [c for c in self.all_corporations if c not in self.corporations]
        bank = self.t["bank"]
        checks_bank = any(g["trigger"] == "bank_broken" for g in self.t["game_end"])
        self.bank = Bank(0 if bank.get("unlimited") else bank["cash"], bool(bank.get("unlimited")), checks_bank)
        self.bank.breaks_when_empty = bool(bank.get("broken_when_empty"))
        self.tiles = self._init_tiles()
        self.all_tiles = list(self.tiles)
        trains = []
        for tdata in title.data["trains"]:
            count = tdata["count"] if tdata["count"] is not None else 1
            trains.extend(Train(tdata, i) for i in range(count))
        self._trains = {t.id: t for t in trains}
        self.depot = Depot(trains, self)
        cash = self.t["starting_cash"][n]
        for p in self.players:
            self.bank.spend(cash, p)
        self.share_pool = SharePool(self)
        self.hexes = self._init_hexes()
        self._hexes = {h.id: h for h in self.hexes}
        self.hex_order = {h: i for i, h in enumerate(self.hexes)}
        self.graph = Graph(self)
        self._index()
        self.phase = Phase(title.data["phases"], self)
        self.operating_rounds = self.phase.operating_rounds
        self.mechanics = install_mechanics(self)
        self.schedule = Schedule(self)
        self.round: Any = self.schedule.first_round()
        self._connect_hexes()
        self._init_company_abilities()
        self.hook("setup")
        self.round.setup()

    # ------------------------------------------------------------------ setup
    def _init_tiles(self) -> list[Tile]:
        tiles = []
        blocks = self.t["operating_round"]["reservations_block_others"]
        for name, count in self.title.data["tile_counts"].items():
            definition = self.title.data["tiles"][name]
            for i in range(count if count is not None else 1):
                tiles.append(self._new_tile(definition, i, count is None))
        return tiles

    def _new_tile(self, definition: dict[str, Any], index: int, unlimited: bool = False) -> Tile:
        t = Tile(definition, index)
        t.reservation_blocks = self.t["operating_round"]["reservations_block_others"]
        t.unlimited = unlimited  # type: ignore[attr-defined]
        # a manifest tile's reserved_for names the corporation a city of it is kept for; the
        # reservation itself travels with the hex when the tile is laid (any legal rotation: the
        # corporation's station follows its track, as in 18xx.games)
        return t

    def _init_hexes(self) -> list[Hex]:
        m = self.title.data["map"]
        hexes = []
        blockers: dict[str, list[Any]] = {}
        for c in self.companies:
            for a in c.abilities:
                if a.type == "blocks_hexes":
                    for h in a.hexes:
                        blockers.setdefault(h, []).append(a)
        for hex_id, h in m["hexes"].items():
            tile = Tile(h["tile"], h["tile"].get("preprinted_index", 0), preprinted=True,
                        tile_id=f"{hex_id}-{h['tile'].get('preprinted_index', 0)}")
            tile.reservation_blocks = self.t["operating_round"]["reservations_block_others"]
            if h.get("rotation"):
                tile.rotate(h["rotation"])
            hex_ = Hex(hex_id, m["layout"], m["axes"], tile, h.get("name"))
            for a in blockers.get(hex_id, []):
                tile.blockers.append(a.owner)
                a.hex_objects = getattr(a, "hex_objects", []) + [hex_]
            hexes.append(hex_)
        by_id = {h.id: h for h in hexes}
        for corp in self.all_corporations + self.minors:
            city = corp.city
            for idx, coord in enumerate(corp.coordinates):
                hex_ = by_id.get(coord)
                if hex_ is None:
                    continue
                c = city[idx] if isinstance(city, list) else city
                hex_.tile.add_reservation(corp, c)
        for hex_ in hexes:
            for i, stop in enumerate(hex_.tile.stops):
                who = stop.data.get("reserved_for")
                if who and stop.is_city():
                    corp = next((c for c in self.all_corporations + self.minors if c.id == who), None)
                    if corp is not None and not stop.reserved_by(corp):
                        stop.add_reservation(corp)
        return hexes

    def _connect_hexes(self) -> None:
        coords = {(h.x, h.y): h for h in self.hexes}
        from railbook.hexgrid import DIRECTIONS

        for h in self.hexes:
            for edge, (dx, dy) in DIRECTIONS[h.layout].items():
                n = coords.get((h.x + dx, h.y + dy))
                if n is None:
                    continue
                h.all_neighbors[edge] = n
                if n.tile.color in IMPASSABLE_COLORS and not n.targeting(h):
                    continue
                if any(b["edge"] == edge and b.get("type") == "impassable" for b in h.tile.borders):
                    continue
                h.neighbors[edge] = n

    def reconnect_hex(self, hex_: Hex) -> None:
        """A tile laid on a formerly impassable hex opens its exits to the neighbours."""
        from railbook.hexgrid import invert

        for edge, n in hex_.all_neighbors.items():
            if any(b["edge"] == edge and b.get("type") == "impassable" for b in hex_.tile.borders):
                continue
            if edge not in hex_.tile.exits:
                continue
            n.neighbors[invert(edge)] = hex_
            hex_.neighbors[edge] = n

    def _index(self) -> None:
        self._players = {str(p.id): p for p in self.players}
        self._companies = {c.id: c for c in self.companies}
        self._corporations = {c.id: c for c in self.all_corporations + self.minors}
        self._shares = {s.id: s for c in self.all_corporations for s in c.shares_list}
        self._tiles = {t.id: t for t in self.all_tiles}
        self._cities = {}
        for h in self.hexes:
            for s in h.tile.stops:
                self._cities[s.id] = s
        for t in self.all_tiles:
            for s in t.stops:
                self._cities[s.id] = s

    def _init_company_abilities(self) -> None:
        for c in self.companies:
            for a in c.abilities:
                if a.type == "shares":
                    shares = []
                    for sid in a.shares:
                        s = self._shares.get(sid)
                        if s is None:
                            raise GameError(f"{c.name} names an unknown share {sid}", "title data")
                        shares.append(s)
                    a.shares = shares


    # ------------------------------------------------------------------ lookups
    def player_by_id(self, pid: Any) -> Player | None:
        return self._players.get(str(pid))

    def company_by_id(self, cid: Any) -> Company | None:
        return self._companies.get(cid)

    def corporation_by_id(self, cid: Any) -> Corporation | None:
        return self._corporations.get(cid)

    def share_by_id(self, sid: Any) -> Any:
        return self._shares.get(sid)

    def tile_by_id(self, tid: Any) -> Tile | None:
        return self._tiles.get(tid)

    def hex_by_id(self, hid: Any) -> Hex | None:
        return self._hexes.get(hid)

    def train_by_id(self, tid: Any) -> Train | None:
        return self._trains.get(tid)

    def register_train(self, train: Train) -> None:
        self._trains[train.id] = train

    def city_by_id(self, cid: Any) -> Any:
        """A city by its 18xx.games id: "<tile>-<index>-<stop>", or "<hex>-<index>-<stop>" for printed tiles."""
        stop = self._cities.get(cid)
        if stop is not None:
            return stop
        parts = str(cid).rsplit("-", 2)
        if len(parts) == 3:
            hex_ = self.hex_by_id(parts[0])
            if hex_ is not None and hex_.original_tile is hex_.tile:
                idx = int(parts[2]) if parts[2].isdigit() else -1
                if 0 <= idx < len(hex_.tile.stops):
                    return hex_.tile.stops[idx]
        return None

    # ------------------------------------------------------------------ money and text
    def format_money(self, amount: float) -> str:
        cur = self.t["currency"]
        text = f"{amount:g}" if isinstance(amount, float) else str(amount)
        return f"{cur['symbol']}{text}" if cur["placement"] == "prefix" else f"{text} {cur['symbol']}"

    def log(self, text: str) -> None:
        self.log_lines.append(text)

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def describe_entity(self, entity: Any) -> str:
        if entity is None:
            return "nobody"
        return str(getattr(entity, "name", entity))

    def buying_power(self, entity: Any) -> int:
        return entity.cash

    def next_turn(self) -> None:
        pass

    # ------------------------------------------------------------------ processing
    def process(self, action: dict[str, Any] | A.Action) -> "Game":
        """Apply one action atomically: on any error the game is left exactly as before."""
        d = action.to_dict() if isinstance(action, A.Action) else dict(action)
        if "id" not in d:
            d["id"] = (self.history[-1].get("id", len(self.history)) + 1) if self.history else 1
        snapshot = len(self.history)
        try:
            self.process_action(d)
        except GameError:
            self._rebuild(self.history[:snapshot])
            raise
        except Exception as exc:  # an engine fault must not corrupt the game either
            self._rebuild(self.history[:snapshot])
            raise EngineError(f"internal error while processing {d.get('type')}: {exc!r}") from exc
        return self

    def undo(self) -> None:
        if not self.history:
            raise IllegalAction("there is nothing to undo", "undo")
        self._rebuild(self.history[:-1])

    def _rebuild(self, history: list[dict[str, Any]]) -> None:
        """Set the game up again in place and replay ``history``: every object the game makes
        (rounds, steps, mechanics, the phase, the graph) points back at this very game."""
        init_args, observers = self.init_args, self.round_observers
        self.__dict__.clear()
        type(self).__init__(self, *init_args)
        self.round_observers = observers
        for d in history:
            self.process_action(d)

    def process_action(self, d: dict[str, Any]) -> None:
        """Apply an action (and its recorded auto actions) without the rollback guard."""
        action = A.from_dict(self, d)
        self.history.append(d)
        self.process_single_action(action)
        for sub in action.auto_actions:
            self.process_single_action(A.from_dict(self, sub))
        self.actions_processed += 1

    def process_single_action(self, action: A.Action) -> None:
        if action.type in ("map_correction", "token_correction", "cash_correction"):
            from railbook.engine import corrections

            getattr(corrections, f"apply_{action.type}")(self, action)
            return
        self.round.process_action(action)
        self.action_processed(action)
        reason, timing = self.game_end_check()
        if timing == "immediately":
            self.end_game(reason)
        while self.round.finished() and not self.finished:
            for e in self.round.entities:
                e.unpass()
            if self.end_now(timing):
                self.end_game(reason)
            elif self.turn >= 100:
                self.end_game("dnf")
            else:
                self.next_round()
                if self.finished:
                    break
                self.round.at_start = True
                self.round.setup()

    def settle_hex_reservation(self, tile: Tile) -> None:
        """A hex-wide reservation on a tile of several cities settles on a city once only one is
        left that its corporation could enter."""
        if not tile.reservations or len(tile.cities) < 2:
            return
        holder = tile.reservations[0]
        enterable = [c for c in tile.cities if c.tokenable(holder)]
        if len(enterable) == 1:
            enterable[0].add_reservation(holder)
            tile.reservations = []
            if tile.hex is not None:
                self.graph.invalidate_hex(tile.hex)

    def action_processed(self, action: A.Action) -> None:
        if action.type == "place_token" and action.city is not None:
            self.settle_hex_reservation(action.city.tile)
        if not self.stock_market.has_close_cell:
            return
        closing = [c for c in self.corporations if c.share_price is not None and c.share_price.close_cell]
        for c in closing:
            self.close_corporation(c)

    # ------------------------------------------------------------------ what may happen now
    @property
    def current_entity(self) -> Any:
        return self.round.current_entity

    def legal_action_types(self, entity: Any = None) -> list[str]:
        entity = entity if entity is not None else self.current_entity
        return [a for a in self.round.actions_for(entity) if a not in ("message", "log")
                and not a.startswith("program_")]

    def active_players(self) -> list[Any]:
        out = []
        for e in self.round.active_entities():
            p = e.player if e is not None else None
            if p is not None and p not in out:
                out.append(p)
        return out or [p for p in self.players if not p.bankrupt]

    # ------------------------------------------------------------------ rounds
    def next_round(self) -> None:
        for observe in self.round_observers:
            observe(self)
        self.round = self.schedule.next_round()

    def operating_order(self) -> list[Corporation]:
        minors = [m for m in self.minors if m.floated() and not m.closed]
        corps = [c for c in self.corporations if c.floated()]
        corps.sort(key=lambda c: c.sort_key() or (math.inf,))
        return minors + corps

    def after_end_of_operating_turn(self, operator: Any) -> None:
        if operator is not None and hasattr(operator, "turns_operated"):
            operator.turns_operated += 1

    def current_operator(self) -> Any:
        r = self.round
        return r.current_operator if isinstance(r, OperatingRound) else None

    # ------------------------------------------------------------------ game end
    def game_end_check(self) -> tuple[str | None, str | None]:
        for rule in self.t["game_end"]:
            reason, timing = rule["trigger"], rule["timing"]
            if not self._triggered(reason):
                continue
            if self.game_end_trigger and TIMING_PRIORITY.index(timing) >= TIMING_PRIORITY.index(self.game_end_trigger[1]):
                continue
            self.game_end_trigger = (reason, timing)
        if self.game_end_trigger and self.game_end_trigger[1] == "one_more_or_set" and self.final_turn is None:
            self.final_turn = self.turn + 1
        return self.game_end_trigger if self.game_end_trigger else (None, None)

    def _triggered(self, reason: str) -> bool:
        if reason == "bankruptcy":
            rule = self.t["bankruptcy"]["ends_game_after"]
            if rule == "all_but_one":
                return sum(1 for p in self.players if not p.bankrupt) == 1
            return any(p.bankrupt for p in self.players)
        if reason == "bank_broken":
            return self.bank.broken
        if reason == "stock_market":
            return self.stock_market.max_reached
        if reason == "final_train":
            return self.depot.empty()
        if reason == "final_phase":
            return self.phase.index == len(self.phase.phases) - 1
        if reason == "all_closed":
            return all(c.closed for c in self.corporations + self.companies)
        return False

    def end_now(self, timing: str | None) -> bool:
        if timing is None:
            return False
        if timing in ("immediately", "end_of_round"):
            return True
        if not isinstance(self.round, OperatingRound):
            return False
        if timing == "end_of_or":
            return True
        final_in_set = self.round.round_num == self.operating_rounds
        if timing == "one_more_or_set":
            return final_in_set and self.turn == self.final_turn
        return final_in_set

    def end_game(self, reason: str | None) -> None:
        if self.finished:
            return
        self.finished = True
        self.game_end_reason = reason
        self.round_counter += 1
        scores = ", ".join(f"{p.name} ({self.format_money(v)})" for p, v in self.result_players())
        self.log(f"-- Game over: {scores} --")

    def result_players(self) -> list[tuple[Player, int]]:
        return sorted(((p, p.value()) for p in self.players), key=lambda pv: pv[1], reverse=True)

    def result(self) -> dict[str, int]:
        return {str(p.id): v for p, v in self.result_players()}

    # ------------------------------------------------------------------ abilities
    def abilities(self, entity: Any, kind: str | None = None, time: Iterable[str] | None = None,
                  passive_ok: bool = True, on_phase: str | None = None) -> list[Any]:
        if entity is None:
            return []
        source = entity.all_abilities() if hasattr(entity, "all_abilities") else []
        out = []
        for a in source:
            if kind is not None and a.type != kind:
                continue
            if not self._ability_right_owner(a):
                continue
            if a.count_per_or and a.count_this_or >= a.count_per_or:
                continue
            if not self._ability_right_time(a, list(time) if time is not None else None, passive_ok, on_phase):
                continue
            if a.type == "token" and not self._token_ability_usable(a):
                continue
            out.append(a)
        return out

    @staticmethod
    def _token_ability_usable(a: Any) -> bool:
        """A token ability for named hexes is of use only while its corporation could still place
        there: it has a token left (when the token comes from its own supply) and no token in
        every one of those hexes yet."""
        if not a.hexes:
            return True
        owner = a.owner
        corp = owner if owner.is_corporation() else owner.owner if owner.owner is not None \
            and owner.owner.is_corporation() else None
        if corp is None:
            return True
        if a.from_owner and corp.find_token_by_type() is None:
            return False
        if a.spec.get("same_hex_allowed"):
            return True
        tokened = {t.city.tile.hex.id for t in corp.tokens if t.used and t.city is not None}
        return bool(set(a.hexes) - tokened)

    def _ability_right_owner(self, a: Any) -> bool:
        owner = a.owner
        if a.owner_type == "player":
            return owner.owner is None or owner.owner.is_player() if owner.is_company() else owner.is_player()
        if a.owner_type == "corporation":
            return owner.owner is not None and owner.owner.is_corporation() if owner.is_company() \
                else owner.is_corporation()
        return True

    def _ability_right_time(self, a: Any, time: list[str] | None, passive_ok: bool, on_phase: str | None) -> bool:
        if a.on_phase and on_phase not in ("any", a.on_phase):
            return False
        if time is not None and "any" in time:
            return True
        if "any" in a.when:
            return True
        if a.passive and not passive_ok:
            return False
        if a.passive and not a.when:
            return True
        r = self.round
        step = self._ability_blocking_step()
        step_name = getattr(step, "type_name", None)
        if time:
            times = [step_name if t == "%current_step%" else t for t in time]
            check = [w for w in a.when if w in times]
            default = True
        else:
            check = list(a.when)
            default = False
        owner_corp = a.owner.owner if a.owner.is_company() else a.owner
        for w in check:
            if w == step_name and step_name is not None:
                if (r.operating() and r.current_operator is owner_corp) or (r.stock() and r.current_entity is a.owner.player):
                    return True
            elif w == "owning_corp_or_turn":
                if r.operating() and owner_corp is not None and owner_corp.is_corporation() \
                        and r.current_operator is owner_corp:
                    return True
            elif w == "owning_player_or_turn":
                if r.operating() and a.owner.player is not None and r.current_operator is not None \
                        and r.current_operator.player is a.owner.player:
                    return True
            elif w == "owning_player_track":
                if r.operating() and a.owner.player is not None and r.current_operator is not None \
                        and r.current_operator.player is a.owner.player and step_name == "track":
                    return True
            elif w == "owning_player_sr_turn":
                if r.stock() and r.current_entity is a.owner.player:
                    return True
            elif w == "or_between_turns":
                if r.operating() and not r.current_operator_acted:
                    return True
            elif w == "or_start":
                if r.operating() and r.at_start:
                    return True
            elif w == "stock_round":
                if r.stock():
                    return True
            elif default and w not in ("track", "token", "route", "dividend", "buy_train"):
                return True
        return False

    def _ability_blocking_step(self) -> Any:
        for step in self.round.steps:
            if getattr(step, "type_name", None) in ("track", "token", "route", "dividend", "buy_train") \
                    and not step.passed and step.active() and step.blocks():
                return step
        return None

    def trigger_phase_abilities(self, phase_name: str) -> None:
        for c in self.companies:
            if c.owner is None:
                continue
            for a in list(c.abilities):
                if a.type == "revenue_change" and a.on == "phase" and a.spec.get("phase") == phase_name:
                    c.revenue = a.revenue
                if a.type == "close" and a.on == "phase" and a.spec.get("phase") == phase_name:
                    self.log(f"{c.name} closes")
                    c.close()
                    break

    def close_companies_on_event(self, entity: Any, event: str) -> None:
        for c in self.companies:
            if c.closed:
                continue
            for a in list(c.abilities):
                if a.type == "close" and a.on == event and entity is not None and entity.name == a.corporation:
                    c.close()
                    self.log(f"{c.name} closes")
                    break

    def fire_event(self, event: str) -> None:
        if event == "close_privates":
            self.log("-- Event: private companies close --")
            future = [p["name"] for p in self.phase.future()]
            for c in self.companies:
                keep = any(a.type == "close" and ((a.on == "phase" and a.spec.get("phase") in future) or a.on == "never")
                           for a in c.abilities)
                if not keep and not c.closed:
                    c.close()
            return
        for corp in list(self.waiting_corporations):
            avail = corp.data.get("available")
            if isinstance(avail, dict) and avail.get("event") == event:
                self.make_available(corp)
        for m in self.mechanics:
            m.on_event(event)
        fn = self.title.event_hook(event)
        if fn is not None:
            fn(self.api)

    def close_after_owner_stock_turn(self, company: Company) -> None:
        """The private closes after its owner's next stock turn (steps/stock_trading.py says when exactly)."""
        from railbook.engine.mechanics.stock_trading import trading

        t = trading(self)
        if t is None:
            raise GameError(f"{company.name} cannot close after a stock turn: this title trades no privates "
                            "in stock rounds", "title rule")
        t.close_after_owner_stock_turn(company)

    def remove_private(self, company: Company) -> None:
        """Take a private out of the game before it is sold (it counts as closed)."""
        company.close()
        from railbook.engine.steps.auction import WaterfallAuction

        for step in getattr(self.round, "steps", []):
            if isinstance(step, WaterfallAuction) and company in step.companies:
                step.companies.remove(company)

    def make_available(self, corp: Corporation) -> None:
        if corp in self.waiting_corporations:
            self.waiting_corporations.remove(corp)
            self.corporations.append(corp)

    # ------------------------------------------------------------------ privates and shares
    def initial_auction_companies(self) -> list[Company]:
        return [c for c in self.companies if not c.closed]

    def payout_companies(self) -> None:
        companies = [c for c in self.companies if c.owner is not None and not c.closed]
        def key(c: Company) -> tuple[Any, ...]:
            owner = c.owner
            if owner.is_player():
                return (0, self.players.index(owner), c.revenue, c.name)
            return (1, owner.name, c.revenue, c.name)
        for c in sorted(companies, key=key):
            revenue = self.hook_private_income(c)
            if revenue > 0:
                self.bank.spend(revenue, c.owner)
                self.log(f"{c.owner.name} collects {self.format_money(revenue)} from {c.name}")

    def purchasable_companies(self, entity: Any = None) -> list[Company]:
        return [c for c in self.companies
                if c.owner is not None and c.owner.is_player() and entity is not c.owner
                and not any(a.type == "no_sale_to_corporation" for a in c.abilities)]

    def after_buy_company(self, player: Player, company: Company, price: int) -> None:
        for a in self.abilities(company, "shares"):
            for share in a.shares:
                if share.president:
                    self.round.companies_pending_par.append(company)
                else:
                    self.share_pool.buy_shares(player, share.to_bundle(), exchange="free")
        self.hook("after_buy_private", company, player)

    def can_par(self, corp: Corporation, player: Any) -> bool:
        if corp.ipoed or corp not in self.corporations or corp.data.get("formation"):
            return False
        allowed = self.hook("may_par", corp)
        return allowed is not False

    def par_prices_for(self, corp: Corporation, via_private: bool = True) -> list[Any]:
        """Par cells a corporation may start on; some are only for a private that sets the par."""
        return [p for p in self.stock_market.par_prices if via_private or not p.par_via_private_only]

    def after_par(self, corp: Corporation) -> None:
        if corp.capitalization == "incremental" and not self.t.get("escrow_until_float"):
            for c in self.companies:
                for a in self.abilities(c, "shares"):
                    if a.shares and a.shares[0].corporation is corp:
                        amount = sum(corp.par_price.price * s.num_shares() for s in a.shares)
                        self.bank.spend(amount, corp)
        self.close_companies_on_event(corp, "par")
        if self.t["operating_round"]["home_token"] == "par":
            self.place_home_token(corp)

    def float_corporation(self, corp: Corporation) -> None:
        self.log(f"{corp.name} floats")
        if corp.capitalization == "incremental":
            if self.t.get("escrow_until_float"):
                from railbook.engine.mechanics.capitalization import float_escrowed

                float_escrowed(self, corp)
            return
        self.bank.spend(corp.par_price.price * corp.total_shares, corp)
        self.log(f"{corp.name} receives {self.format_money(corp.cash)}")

    def num_certs(self, entity: Any) -> int:
        certs = sum(s.cert_size for s in entity.shares if s.corporation.counts_for_limit() and s.counts_for_limit)
        if self.t["certificate_limit_counts_privates"]:
            certs += len(getattr(entity, "companies", []))
        return certs

    def cert_limit(self, entity: Any = None) -> int:
        return self.t["certificate_limit"][len(self.players)]

    def can_gain_from_player(self, entity: Any, bundle: ShareBundle) -> bool:
        return False

    def market_share_limit(self, corp: Any = None) -> int:
        return self.t["pool_limit"]

    def check_sale_timing(self, entity: Any, bundle: ShareBundle) -> bool:
        rule = self.t["stock_round"]["first_sales_after"]
        if rule == "first_stock_round":
            return self.turn > 1 or self.round.operating()
        if rule == "operation":
            return bundle.corporation.operated()
        return True

    def bundles_for_corporation(self, holder: Any, corp: Corporation) -> list[ShareBundle]:
        if not corp.ipoed:
            return []
        shares = holder.shares_of(corp)
        if not shares:
            return []
        shares = sorted(shares, key=lambda s: (1 if s.president else 0, s.percent))
        bundles = []
        acc: list[Any] = []
        percent = 0
        for s in shares:
            acc = acc + [s]
            percent += s.percent
            bundles.append(ShareBundle(acc, percent))
        if shares[-1].president:
            normal = corp.share_percent
            diff = corp.presidents_percent - normal
            for k in range(1, diff // normal + 1):
                bundles.append(ShareBundle(acc, percent - normal * k))
        bundles.sort(key=lambda b: b.percent)
        return bundles

    def sell_shares_and_change_price(self, bundle: ShareBundle) -> None:
        corp = bundle.corporation
        old = corp.share_price
        was_president = corp.president_is(bundle.owner)
        self.share_pool.sell_shares(bundle)
        movement = self.t["stock_round"]["sale_price_drop"]
        if movement == "row_per_share":
            for _ in range(bundle.num_shares()):
                self.stock_market.move_down(corp)
        elif movement == "row_per_10_percent":
            for _ in range(bundle.percent // 10):
                self.stock_market.move_down(corp)
        elif movement == "row_per_sale":
            self.stock_market.move_down(corp)
        elif movement == "column_per_share":
            for _ in range(bundle.num_shares()):
                self.stock_market.move_left(corp)
        self.log_share_price(corp, old)
        del was_president

    def log_share_price(self, corp: Any, old: Any) -> None:
        new = corp.share_price
        if old is None or new is None or old is new:
            return
        self.log(f"{corp.name}'s share price moves from {self.format_money(old.price)} to {self.format_money(new.price)}")

    def sold_out(self, corp: Corporation) -> bool:
        """No certificate left for sale: players (and the corporation's own treasury) hold all of it."""
        if corp.data.get("converts_to") and not corp.converted:
            return False  # the certificates of its later conversion are still in the bank
        treasury = sum(s.percent for s in corp.shares_of(corp) if not s.buyable)
        return sum(corp.player_share_holders().values()) + treasury == 100

    def possible_presidents(self) -> list[Player]:
        return [p for p in self.players if not p.bankrupt]

    def exchange_corporations(self, ability: Any) -> list[Corporation]:
        which = ability.corporations
        if which == "any":
            found = list(self.corporations)
        elif which == "ipoed":
            found = [c for c in self.corporations if c.ipoed]
        else:
            found = [self._corporations[c] for c in which if c in self._corporations]
        return [c for c in found if not c.closed]

    def home_choices(self, corp: Corporation) -> list[Hex]:
        """Hexes a corporation may choose as its home: free of reservations, with a city it could
        enter; hexes still without track are offered first when there are any."""
        choice = corp.data.get("home_choice") or {}
        hexes = list(choice.get("hexes") or [])
        if choice.get("region"):
            hexes += [h for h in self.title.data["map"]["regions"].get(choice["region"], []) if h not in hexes]
        out = []
        for hex_id in hexes:
            h = self.hex_by_id(hex_id)
            if h is None or h.tile.reservations:
                continue
            if any(c.tokenable(corp, free=True) for c in h.tile.cities):
                out.append(h)
        unbuilt = [h for h in out if h.tile.color == "white"]
        return unbuilt or out

    def set_home(self, corp: Corporation, hex_: Hex) -> None:
        """Make a chosen hex the corporation's home and reserve its city there: the only city that is
        not another corporation's home city; else the only one it could enter; else the whole hex."""
        corp.coordinates = [hex_.id]
        tile = hex_.tile
        cities = tile.cities
        self.graph.invalidate_hex(hex_)
        others = set()
        for other in self.all_corporations + self.minors:
            if other is corp or hex_.id not in other.coordinates:
                continue
            hc = other.city[0] if isinstance(other.city, list) else other.city
            if hc is not None:
                others.add(hc)
        candidates = [i for i in range(len(cities)) if i not in others]
        if len(candidates) > 1:
            enterable = [i for i in candidates if cities[i].tokenable(corp, free=True)]
            if len(enterable) == 1:
                candidates = enterable
            elif tile.color not in ("white", "yellow", "green"):
                tile.reservations.append(corp)
                return
        if candidates:
            tile.add_reservation(corp, candidates[0])

    def place_home_token(self, corp: Corporation) -> None:
        if corp.next_token() is None:
            return
        if corp.tokens[0].used:
            return
        for coord in corp.coordinates:
            hex_ = self.hex_by_id(coord)
            if hex_ is None:
                continue
            tile = hex_.tile
            token = next((t for t in corp.tokens if not t.used and t.type == "normal"
                          and not any(p["token"] is t for p in getattr(self.round, "pending_tokens", []))), None)
            if token is None:
                return
            if tile.reserved_by(corp) and tile.paths:
                if any(p["entity"] is corp for p in self.round.pending_tokens):
                    continue
                self.log(f"{corp.name} must choose a city for its home token")
                self.round.pending_tokens.append({"entity": corp, "hexes": [hex_], "token": token})
                self.round.clear_cache()
                continue
            cities = tile.cities
            city = next((c for c in cities if c.reserved_by(corp)), cities[0] if cities else None)
            if city is None:
                continue
            if city.tokenable(corp, free=True, tokens=[token]):
                self.log(f"{corp.name} places a token on {hex_.id}")
                city.exchange_token(token)
                if corp in tile.reservations:
                    tile.reservations.remove(corp)
                city.remove_reservation(corp)
                self.graph.invalidate_city(city, corp)

    def token_price(self, corp: Any, city: Any, token: Any) -> int:
        """A station token's price: the token's own, plus the title's token_cost by distance."""
        rule = corp.data.get("token_cost") if corp.is_corporation() else None
        method = (rule or {}).get("method", "listed")
        if method == "route_distance":
            from railbook.engine.map.distance import route_distance

            distance = route_distance(corp, city)
            return token.price + rule.get("per_hex", 0) * (distance or 0)
        if method == "hex_distance" and corp.coordinates:
            home = self.hex_by_id(corp.coordinates[0])
            return token.price + rule.get("per_hex", 0) * (home.distance(city.hex) if home is not None else 0)
        return token.price

    # ------------------------------------------------------------------ track and routes
    def tile_lays(self, corp: Any) -> list[dict[str, Any]]:
        """The title's tile lays this corporation has now (some only in its first operating turn,
        some only for some types of corporation)."""
        out = []
        for lay in self.t["operating_round"]["tile_lays"]:
            if lay.get("first_operation_only") and getattr(corp, "turns_operated", 0) > 0:
                continue
            if lay.get("corporation_types") and getattr(corp, "type", None) not in lay["corporation_types"]:
                continue
            out.append(lay)
        return out

    def splits_city(self, old: Tile, new: Tile) -> bool:
        return (self.t["operating_round"].get("split_city_tokens") == "choose_again"
                and len(old.cities) == 1 and len(new.cities) > 1)

    def upgrades_to(self, old: Tile, new: Tile, special: bool = False, hex_: Hex | None = None) -> bool:
        if self.hook("can_upgrade", hex_.id if hex_ else None, old, new) is False:
            return False
        restriction = self.title.data["upgrades"].get(old.name)
        if restriction is not None:
            # the title names exactly what this tile becomes
            return new.name in restriction
        if old.color not in COLORS or new.color not in COLORS:
            return False
        if COLORS.index(new.color) != COLORS.index(old.color) + 1:
            return False
        targets = self.hook("upgrade_targets", hex_.id if hex_ else None, old)
        if targets is not None and new.name not in targets:
            return False
        if not old.paths_are_subset_of(new.paths):
            return False
        if special:
            return True
        if (old.label or None) != (new.label or None):
            return False
        return self._upgrades_city_town(old, new)

    @staticmethod
    def _upgrades_city_town(old: Tile, new: Tile) -> bool:
        if len(old.towns) != len(new.towns):
            return False
        if not old.label and len(old.cities) != len(new.cities):
            return False
        if len(old.cities) > 1 and len(new.cities) > 1:
            old_cte = old.city_town_edges()
            new_cte = new.city_town_edges()
            if not any(all(any(all((e + r) % 6 in oc for e in c) for oc in new_cte) for c in old_cte)
                       for r in range(6)):
                return False
        if old.label and old.cities and not new.cities:
            return False
        if old.color == "white" and old.label == "OO" and len(old.cities) != len(new.cities):
            return False
        return True

    def upgrade_cost(self, old_tile: Tile, hex_: Hex, entity: Any) -> int:
        corp = entity.owner if entity.is_company() and entity.owner is not None and entity.owner.is_corporation() \
            else entity
        cost = old_tile.upgrade_cost()
        discount = 0
        for a in (corp.all_abilities() if hasattr(corp, "all_abilities") else []):
            if a.type == "tile_discount" and (not a.hexes or hex_.id in a.hexes):
                terrain = a.spec.get("terrain")
                if terrain is None or terrain in old_tile.terrain_kinds():
                    discount += a.discount
        return cost - min(cost, discount)

    def update_tile_lists(self, tile: Tile, old_tile: Tile) -> None:
        if getattr(tile, "unlimited", False):
            clone = self._new_tile(tile.definition, max(t.index for t in self.all_tiles if t.name == tile.name) + 1,
                                   True)
            self.tiles.append(clone)
            self.all_tiles.append(clone)
            self._tiles[clone.id] = clone
            for s in clone.stops:
                self._cities[s.id] = s
        self.tiles.remove(tile)
        if not old_tile.preprinted:
            self.tiles.append(old_tile)

    def clear_graph(self) -> None:
        self.graph.clear()

    def graph_skip_paths(self, corp: Any) -> Any:
        return None

    def can_run_route(self, entity: Any) -> bool:
        info = self.graph.route_info(entity)
        return bool(info and info.get("route_available"))

    def must_buy_train(self, entity: Any) -> bool:
        rule = self.t["operating_round"]["must_buy_train"]
        if entity.trains or not self.depot.depot_trains():
            return False
        if rule == "always":
            return True
        if rule == "when_route_exists":
            info = self.graph.route_info(entity)
            return bool(info and info.get("route_train_purchase"))
        return False

    def hook_route_bonus(self, route: Any, stops: list[Any]) -> int:
        from railbook.engine.mechanics.assign import hex_bonus

        bonus = hex_bonus(self, route.corporation, stops)
        fn = self.title.hook("route_bonus")
        if fn is None:
            return bonus
        return bonus + int(fn(self.api, self.api.wrap_route(route, stops)) or 0)

    def hook_check_route(self, route: Any) -> None:
        fn = self.title.hook("check_route")
        if fn is not None:
            fn(self.api, self.api.wrap_route(route, route.visited_stops()))

    # ------------------------------------------------------------------ trains
    def can_buy_train_from_others(self) -> bool:
        return self.t["operating_round"]["train_buys_between_corporations"]

    def train_limit(self, entity: Any) -> int:
        from railbook.engine.mechanics.assign import extra_train_limit

        return self.phase.train_limit(entity) + extra_train_limit(self, entity)

    def num_corp_trains(self, entity: Any) -> int:
        return sum(1 for t in entity.trains if not t.obsolete)

    def crowded_corps(self) -> list[Any]:
        key = (self.train_moves, self.phase.index, len(self.corporations), len(self.minors))
        if self._crowded is None or self._crowded[0] != key:
            crowded = [c for c in self.minors + self.corporations if self.num_corp_trains(c) > self.train_limit(c)]
            self._crowded = (key, crowded)
        return self._crowded[1]

    def discountable_trains_for(self, corp: Any) -> list[tuple[Train, Train, int]]:
        out = []
        depot_trains = [t for t in self.depot.depot_trains() if t.discount]
        for owned in corp.trains:
            for dt in depot_trains:
                price = dt.price(owned)
                if dt.price_ > price:
                    out.append((owned, dt, price))
        return out

    def buy_train(self, operator: Any, train: Train, price: int) -> None:
        source = train.owner
        if price > 0:
            operator.spend(price, source.spender() if isinstance(source, Depot) else source)
        self.remove_train(train)
        train.owner = operator
        operator.trains.append(train)
        self.train_moves += 1
        self.close_companies_on_event(operator, "bought_train")

    def remove_train(self, train: Train) -> None:
        self.train_moves += 1
        owner = train.owner
        if owner is None:
            return
        if isinstance(owner, Depot):
            owner.remove_train(train)
            return
        if train in owner.trains:
            owner.trains.remove(train)

    def rust(self, train: Train) -> None:
        train.rusted = True
        self.remove_train(train)
        train.owner = None

    def rust_trains(self, bought: Train, entity: Any) -> None:
        for t in list(self.depot.trains):
            if not t.obsolete and t.obsolete_on == bought.sym:
                t.obsolete = True
                self.train_moves += 1
        rusted = []
        for t in list(self.depot.trains):
            if t.rusted:
                continue
            if t.rusts_on == bought.sym or (t.obsolete_on == bought.sym and t in self.depot.discarded):
                rusted.append(t.name)
                self.rust(t)
        if rusted:
            self.log(f"-- Event: {', '.join(dict.fromkeys(rusted))} trains rust --")

    # ------------------------------------------------------------------ changes rule hooks ask for
    def convert_corporation(self, corp: Corporation) -> None:
        from railbook.engine.mechanics.conversion import convert_corporation

        convert_corporation(self, corp)

    def form_corporation(self, corp: Corporation, parts: list[Corporation]) -> None:
        from railbook.engine.mechanics.formation import form_corporation

        form_corporation(self, corp, parts)

    def set_train_stops(self, name: str, n: int) -> None:
        from railbook.engine.entities.train_types import set_train_stops

        set_train_stops(self, name, n)

    def set_train_multiplier(self, name: str, n: int) -> None:
        from railbook.engine.entities.train_types import set_train_multiplier

        set_train_multiplier(self, name, n)

    def remove_depot_trains(self, name: str, n: int) -> None:
        from railbook.engine.entities.train_types import remove_depot_trains

        remove_depot_trains(self, name, n)

    # ------------------------------------------------------------------ bankruptcy
    def sellable_bundles(self, player: Player, corp: Any) -> list[Any]:
        """The player's bundles of a corporation that the step now in play would let them sell.

        Emergency money is judged by the step the game is in: in the train-buying
        step, the bundles emergency selling allows; in any other step, none (so a
        president who declares bankruptcy elsewhere counts only cash), as
        18xx.games judges it.
        """
        step = self.round.active_step()
        judge = getattr(step, "can_sell_emergency", None)
        if judge is None:
            return []
        return [b for b in self.bundles_for_corporation(player, corp) if judge(player, b)]

    def liquidity(self, player: Player) -> int:
        """Cash plus, for each corporation, the best bundle the player could sell now in an emergency."""
        value = player.cash
        if not (self.turn > 1 or not self.round.stock()):
            return value
        for corp in list(player.shares_by_corporation):
            value += max((b.price() for b in self.sellable_bundles(player, corp)), default=0)
        return value

    def total_emr_buying_power(self, player: Player, corp: Any) -> int:
        return self.liquidity(player) + (corp.cash if corp is not None else 0)

    def can_go_bankrupt(self, player: Player, corp: Any) -> bool:
        if not self.t["bankruptcy"]["allowed"]:
            return False
        return self.total_emr_buying_power(player, corp) < self.depot.min_depot_price()

    def declare_bankrupt(self, player: Player) -> None:
        if player.bankrupt:
            raise IllegalAction(f"{player.name} is already bankrupt", "bankruptcy")
        player.bankrupt = True

    def close_corporation(self, corp: Corporation) -> None:
        self.log(f"{corp.name} closes")
        for h in self.hexes:
            for city in h.tile.cities:
                for t in list(city.tokens):
                    if t is not None and t.corporation is corp:
                        t.remove()
        corp.set_cash(0, self.bank)
        for t in list(corp.trains):
            t.buyable_ = False
        for c in list(corp.companies):
            c.close()
        for holder in list(corp.share_holders):
            holder.shares_by_corporation.pop(corp, None)
        self.share_pool.shares_by_corporation.pop(corp, None)
        corp.close()
        if corp in self.corporations:
            self.corporations.remove(corp)
        if corp in self.minors:
            self.minors.remove(corp)

    # ------------------------------------------------------------------ hooks
    def hook(self, name: str, *args: Any) -> Any:
        fn = self.title.hook(name)
        if fn is None:
            return None
        return fn(self.api, *[self.api.wrap(a) for a in args])

    def hook_sold_out_rise(self, corp: Corporation) -> int:
        return int(self.hook("sold_out_rise", corp) or 0)

    def hook_stock_round_end(self) -> None:
        self.hook("stock_round_end")

    def hook_operating_round_start(self) -> None:
        self.hook("operating_round_start")

    def hook_private_income(self, company: Company) -> int:
        value = self.hook("private_income", company)
        return company.revenue if value is None else int(value)

    def hook_after_lay_tile(self, corp: Any, hex_: Hex, tile: Tile) -> None:
        self.hook("after_lay_tile", corp, hex_.id, tile)

    def hook_after_place_token(self, corp: Any, hex_: Hex) -> None:
        self.hook("after_place_token", corp, hex_.id)


def _digits(value: Any) -> int:
    """The first run of digits in a game id (how recorded games derive a missing seed)."""
    import re

    m = re.search(r"\d+", str(value))
    return int(m.group(0)) if m else 0


def copy_history(game: Game) -> list[dict[str, Any]]:
    return copy.deepcopy(game.history)
