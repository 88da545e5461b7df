"""The hook API the compiled rule hooks call: one method per entry of
``railbook/dsl/api.py`` (a test keeps the two in step).

Hooks receive engine objects only as opaque values and can do nothing with
them except pass them back here. The effects (what a hook may change) are in
``effects.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from dataclasses import dataclass

from railbook.engine.mechanics.base import find
from railbook.engine.mechanics.conversion import convert_corporation
from railbook.engine.mechanics.formation import form_corporation
from railbook.engine.mechanics.stock_trading import StockTrading
from railbook.engine.rules.capitalization import treasury_percent
from railbook.engine.rules.corporations import make_available, withdraw_corporation
from railbook.engine.rules.tokens import place_station
from railbook.engine.rules.privates import withdraw_private
from railbook.engine.rules.game_end import end_game_after_set
from railbook.engine.rules.privates import attach_share
from railbook.engine.rules.track import restore_printed_tile
from railbook.engine.rules.trains import (
    add_train_event,
    release_reserved_train,
    remove_depot_trains,
    set_train_multiplier,
    set_train_stops,
)
from railbook.engine.steps.auction import WaterfallAuction
from railbook.engine.hooks.effects import Effects, Hook
from railbook.dsl import limits as budget
from railbook.errors import GameError, HookError, RouteError

if TYPE_CHECKING:
    from railbook.engine.state import GameState




@dataclass
class RouteView:
    """What a hook sees of a route: the route and the stops that score."""

    route: Any
    stops: list[Any]
    earned: int | None = None     # what it earns, bonuses included (known once the run is scored)


class HookAPI(Effects):
    def __init__(self, game: "GameState"):
        self.game = game
        self._steps = 0          # loop steps the running hook call has taken
        self._effects = 0        # effects the running hook call has caused
        self._running: list[Hook] = []  # the hook calls under way (a hook may set off another)
        # action kinds withdraw_action took from an entity, for the round it was called in
        self.withheld: dict[Any, set[str]] = {}
        self.withheld_round: Any = None

    # -- running a hook under its budget (railbook/dsl/budget.py)
    def run(self, fn: Hook, *args: Any) -> Any:
        """Call a compiled hook: its loops count against one budget (shared with the hooks it sets
        off); a value it grows too large, or a division by zero or index past a list's end in it, is
        a HookError naming the hook and line, never a traceback."""
        if not self._running:
            self._steps = 0
            self._effects = 0
        self._running.append(fn)
        try:
            return fn(self, *args)
        except (ArithmeticError, IndexError) as exc:
            raise HookError(f"{self._where(fn)}: the hook {self._label(fn)} failed: {exc}") from None
        finally:
            self._running.pop()

    def each(self, items: Any, line: int) -> Iterator[Any]:
        """A loop's items, each step counted against the budget of the hook call under way."""
        for item in items:
            self._steps += 1
            if self._steps > budget.STEPS:
                fn = self._running[-1] if self._running else None
                raise HookError(f"{self._where(fn, line)}: the hook {self._label(fn)} took more than "
                                f"{budget.STEPS} loop steps, its budget: a rule hook must finish quickly")
            yield item

    def bounded(self, value: Any, line: int) -> Any:
        """A value a hook assigns, held to the size limits (a loop must not grow it without bound)."""
        too_big = (isinstance(value, int) and abs(value) > budget.MAX_INT
                   or isinstance(value, (str, list)) and len(value) > budget.MAX_LENGTH)
        if too_big:
            fn = self._running[-1] if self._running else None
            what = "a number beyond" if isinstance(value, int) else "a text or list longer than"
            limit = "2**63" if isinstance(value, int) else str(budget.MAX_LENGTH)
            raise HookError(f"{self._where(fn, line)}: the hook {self._label(fn)} made {what} {limit}, "
                            f"its limit for a value")
        return value

    # -- plumbing
    def wrap(self, value: Any) -> Any:
        return value

    def wrap_route(self, route: Any, stops: list[Any], earned: int | None = None) -> RouteView:
        return RouteView(route, list(stops), earned)

    def fail(self, message: Any) -> None:
        raise RouteError(str(message), "title rule")

    def _private(self, value: Any) -> Any:
        if isinstance(value, str):
            c = self.game.company_by_id(value)
            if c is None:
                raise GameError(f"rule hook names unknown private {value!r}", "title rule")
            return c
        return value

    def _train_name(self, value: Any) -> str:
        return value if isinstance(value, str) else value.name

    # -- pure helpers
    def max_of(self, xs: list[int]) -> int:
        return max(xs) if xs else 0

    def min_of(self, xs: list[int]) -> int:
        return min(xs) if xs else 0

    def sum_of(self, xs: list[int]) -> int:
        return sum(xs)

    def len_of(self, xs: list[Any]) -> int:
        return len(xs)

    def abs_of(self, x: int) -> int:
        return abs(x)

    def any_of(self, xs: list[bool]) -> bool:
        return any(xs)

    def all_of(self, xs: list[bool]) -> bool:
        return all(xs)

    def text(self, x: Any) -> str:
        return str(getattr(x, "name", x))

    # -- the game
    def phase(self) -> str:
        return self.game.phase.name

    def phase_reached(self, name: str) -> bool:
        return self.game.phase.available(name)

    def option(self, name: str) -> bool:
        return name in self.game.title.optional_rules

    def player_count(self) -> int:
        return len(self.game.players)

    def round_kind(self) -> str:
        return self.game.round.kind

    def round_number(self) -> int:
        return self.game.round.round_num if self.game.round.operating() else 1

    def corporation(self, sym: Any) -> Any:
        return self._corp(sym)

    def corporations(self) -> list[Any]:
        return list(self.game.all_corporations) + list(self.game.minors)

    def private(self, sym: Any) -> Any:
        return self._private(sym)

    def privates(self) -> list[Any]:
        return list(self.game.companies)

    def players(self) -> list[Any]:
        return list(self.game.players)

    def tile_on(self, hex_id: str) -> Any:
        h = self.game.hex_by_id(hex_id)
        if h is None:
            raise GameError(f"rule hook names unknown hex {hex_id!r}", "title rule")
        return h.tile

    def log(self, text: str) -> None:
        self.game.log(str(text))

    def recorded_before(self, when: str) -> bool:
        from datetime import datetime, timezone  # few titles' hooks ask: loaded when one does

        stamp = getattr(self.game, "recorded_at", None)
        if stamp is None:
            return False
        try:
            moment = datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            raise GameError(f"recorded_before needs a date like 2022-01-10 or 2022-01-10T03:04:27Z, not {when!r}",
                            "title rule") from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return stamp < moment.timestamp()

    def random_choice(self, items: list[Any]) -> Any:
        return self.game.rng.choice(list(items))

    def shuffle(self, items: list[Any]) -> list[Any]:
        return self.game.rng.sort_by_random(list(items))

    def make_available(self, corp: Any) -> None:
        make_available(self.game, self._corp(corp))

    def offer_private(self, company: Any) -> None:
        c = self._private(company)
        if c.owner is None and not c.closed and c not in self.game.bank_offers:
            self.game.bank_offers.append(c)
            self.game.log(f"{c.name} is now for sale from the bank")

    def remove_private(self, company: Any) -> None:
        c = self._private(company)
        c.close()  # out of the game before it is sold: it counts as closed
        for step in self.game.round.steps:
            if isinstance(step, WaterfallAuction) and c in step.companies:
                step.companies.remove(c)

    def raise_float_percent(self, percent: int) -> None:
        for corp in self.game.all_corporations:
            if not corp.floated():
                corp.float_percent += int(percent)
        self.game.log(f"Corporations not yet started need {int(percent)}% more sold to start")

    def set_certificate_limit(self, n: int) -> None:
        self.game.certificate_limit_now = int(n)

    def stop_sale_price_drops(self) -> None:
        self.game.sales_move_no_price = True

    def set_capitalization(self, kind: str) -> None:
        if kind not in ("incremental", "full", "escrow"):
            raise GameError(f"rule hook names an unknown capitalization {kind!r}", "title rule")
        self.game.capitalization_now = kind
        self.game.log(f"New corporations are capitalized {kind}")

    def withdraw_private(self, company: Any) -> None:
        withdraw_private(self.game, self._private(company))

    def withdraw_corporation(self, corp: Any) -> None:
        withdraw_corporation(self.game, self._corp(corp))

    def close_private(self, company: Any) -> None:
        c = self._private(company)
        if not c.closed:
            self.game.log(f"{c.name} closes")
            c.close()

    def close_after_owner_stock_turn(self, company: Any) -> None:
        company = self._private(company)
        trading = find(self.game, StockTrading)
        if trading is None:
            raise GameError(f"{company.name} cannot close after a stock turn: this title trades no privates "
                            "in stock rounds", "title rule")
        trading.close_after_owner_stock_turn(company)

    def end_game_after_set(self) -> None:
        end_game_after_set(self.game)

    def give_ipo_share(self, corp: Any, player: Any) -> None:
        corp = self._corp(corp)
        shares = corp.ipo_shares()
        if not shares:
            raise GameError(f"{corp.name} has no certificate left in its IPO", "title rule")
        self.game.share_pool.transfer_shares(shares[-1].to_bundle(), player, allow_president_change=False)

    def ipo_share_to_pool(self, corp: Any) -> None:
        corp = self._corp(corp)
        shares = corp.ipo_shares()
        if not shares:
            raise GameError(f"{corp.name} has no certificate left in its IPO", "title rule")
        self.game.share_pool.transfer_shares(shares[-1].to_bundle(), self.game.share_pool)

    def trains_sold(self, train: Any) -> int:
        name = self._train_name(train)
        return sum(1 for t in self.game.depot.trains if t.name == name and not t.from_depot() and t.owner is not None
                   or (t.name == name and t.rusted))

    def set_train_stops(self, train: Any, n: int) -> None:
        set_train_stops(self.game, self._train_name(train), int(n))

    def set_train_multiplier(self, train: Any, n: int) -> None:
        set_train_multiplier(self.game, self._train_name(train), int(n))

    def remove_depot_trains(self, train: Any, n: int) -> None:
        remove_depot_trains(self.game, self._train_name(train), int(n))

    def release_reserved_train(self, keep_events: list[str]) -> None:
        release_reserved_train(self.game, [str(e) for e in keep_events])

    def add_train_event(self, train: Any, event: str) -> None:
        add_train_event(self.game, self._train_name(train), str(event))

    def attach_share(self, company: Any, corp: Any, president: bool) -> None:
        attach_share(self.game, self._private(company), self._corp(corp), bool(president))

    def restore_printed_tile(self, hex_id: str) -> bool:
        h = self.game.hex_by_id(hex_id)
        if h is None:
            raise GameError(f"rule hook names unknown hex {hex_id!r}", "title rule")
        return restore_printed_tile(self.game, h)

    def place_spare_station(self, corp: Any, hex_id: str) -> bool:
        h = self.game.hex_by_id(hex_id)
        if h is None:
            raise GameError(f"rule hook names unknown hex {hex_id!r}", "title rule")
        return place_station(self.game, self._corp(corp), h)

    def convert_corporation(self, corp: Any) -> None:
        convert_corporation(self.game, self._corp(corp))

    def form_corporation(self, corp: Any, parts: list[Any]) -> None:
        form_corporation(self.game, self._corp(corp), [self._corp(p) for p in parts])

    # -- Route
    def route_stops(self, r: RouteView) -> list[Any]:
        return [(s, r) for s in r.stops]

    def route_hexes(self, r: RouteView) -> list[str]:
        return [s.tile.hex.id for s in r.stops]

    def route_visits(self, r: RouteView, hex_id: str) -> bool:
        for s in r.route.visited_stops():   # a loop: revenue hooks ask it for every route
            if s.tile.hex.id == hex_id:
                return True
        return False

    def route_corporation(self, r: RouteView) -> Any:
        return r.route.corporation

    def route_train(self, r: RouteView) -> Any:
        return r.route.train

    def route_revenue(self, r: RouteView) -> int:
        return r.route.base_revenue(r.stops)

    def route_earns(self, r: RouteView) -> int:
        return r.earned if r.earned is not None else r.route.base_revenue(r.stops)

    # -- Stop (a stop travels with its route, so its value is for that train)
    def stop_hex(self, s: Any) -> str:
        stop = s[0] if isinstance(s, tuple) else s
        return stop.tile.hex.id

    def stop_value(self, s: Any) -> int:
        stop, view = s if isinstance(s, tuple) else (s, None)
        if view is not None:
            return stop.revenue_in(view.route.phase_tiles, view.route.train)
        return stop.revenue_in(list(self.game.phase.revenue_colors))

    def stop_kind(self, s: Any) -> str:
        stop = s[0] if isinstance(s, tuple) else s
        return stop.kind

    def stop_tokened_by(self, s: Any, corp: Any) -> bool:
        stop = s[0] if isinstance(s, tuple) else s
        return stop.tokened_by(self._corp(corp))

    # -- Corporation
    def corporation_sym(self, c: Any) -> str:
        return c.id

    def corporation_cash(self, c: Any) -> int:
        return c.cash

    def corporation_floated(self, c: Any) -> bool:
        return c.floated()

    def corporation_is_minor(self, c: Any) -> bool:
        return c.minor

    def corporation_share_price(self, c: Any) -> int:
        return c.share_price.price if c.share_price is not None else 0

    def corporation_has_token_in(self, c: Any, hex_id: str) -> bool:
        return any(t.hex is not None and t.hex.id == hex_id for t in c.tokens)

    def corporation_lifted_from(self, c: Any, hex_id: str) -> bool:
        return any(p["token"].corporation is c and not p["token"].used and any(h.id == hex_id for h in p["hexes"])
                   for p in self.game.round.pending_tokens)

    def corporation_owns_private(self, c: Any, p: Any) -> bool:
        return self._private(p).owner is c

    def corporation_president_percent(self, c: Any) -> int:
        return c.owner.percent_of(c) if c.owner is not None else 0

    def corporation_treasury_percent(self, c: Any) -> int:
        return treasury_percent(self.game, c)

    def corporation_ipo_percent(self, c: Any) -> int:
        return sum(s.percent for s in c.ipo_owner.shares_of(c) if s.buyable)

    def corporation_pool_percent(self, c: Any) -> int:
        return self.game.share_pool.percent_of(c)

    def corporation_receive(self, c: Any, amount: int) -> None:
        if amount > 0:
            self.game.bank.spend(int(amount), c)

    def corporation_has_marker(self, c: Any, name: str) -> bool:
        return name in c.markers

    def corporation_add_marker(self, c: Any, name: str) -> None:
        c.markers.add(name)

    def corporation_remove_marker(self, c: Any, name: str) -> None:
        c.markers.discard(name)

    def corporation_reaches(self, c: Any, hex_id: str) -> bool:
        return any(h.id == hex_id for h in self.game.graph.reachable_hexes(c))

    def corporation_is_operating(self, c: Any) -> bool:
        r = self.game.round
        return bool(r.operating()) and r.current_operator is c

    def corporation_operated(self, c: Any) -> bool:
        return c.turns_operated > 0

    def corporation_train_count(self, c: Any) -> int:
        return len(c.trains)

    def corporation_share_unit(self, c: Any) -> int:
        return c.share_percent

    def corporation_closed(self, c: Any) -> bool:
        return c.closed

    def corporation_convert(self, c: Any) -> None:
        convert_corporation(self.game, c)

    # -- Private
    def private_sym(self, p: Any) -> str:
        return p.sym

    def private_revenue(self, p: Any) -> int:
        return p.revenue

    def private_closed(self, p: Any) -> bool:
        return p.closed

    def private_owned_by_corporation(self, p: Any) -> bool:
        return p.owner is not None and p.owner.is_corporation()

    def private_set_revenue(self, p: Any, n: int) -> None:
        p.revenue = int(n)

    def private_close(self, p: Any) -> None:
        self.close_private(p)

    # -- Train, Tile, Player
    def train_name(self, t: Any) -> str:
        return self._train_name(t)

    def tile_name(self, t: Any) -> str:
        return t.name

    def tile_color(self, t: Any) -> str:
        return t.color

    def tile_label(self, t: Any) -> str:
        return t.label or ""

    def tile_exits(self, t: Any) -> list[int]:
        return list(t.exits)

    def player_name(self, p: Any) -> str:
        return p.name

    def player_cash(self, p: Any) -> int:
        return p.cash

