"""Running trains and paying out.

The routes a log records are rebuilt on the board and every rule is checked
again; the revenue is the engine's own. Paying out moves the share price right,
withholding (or earning nothing) moves it left.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.points import Point
from railbook.engine.rules.abilities import close_companies_on_event, run_bonuses
from railbook.engine.rules.insolvency import insolvent, leased_train
from railbook.engine.rules.recorded_routes import routes_from_hexes
from railbook.engine.rules.routes import Route, rebuild_routes
from railbook.engine.rules.shares import log_share_price
from railbook.engine.rules.track import can_run_route
from railbook.engine.rules.trains import lock_trains_run_before_rusting, rust
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, RouteError

if TYPE_CHECKING:
    from railbook.engine.actions import Action


RUNS_UNCHECKED = Point("route", "runs without routes", "(step, corporation) -> bool: routes are not asked for")
RUN_INSTEAD = Point("route", "run instead", "(step, action) -> bool: the handler ran the trains itself")


class RouteStep(Step):
    type_name = "route"
    POINTS: tuple[Point, ...] = (RUNS_UNCHECKED, RUN_INSTEAD)

    def description(self) -> str:
        return "Run Routes"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not entity.is_operator():
            return []
        for unchecked in self.game.extensions.at(RUNS_UNCHECKED):
            if unchecked(self, entity):
                return ["run_routes"] if entity.runnable_trains() else []
        if not (entity.runnable_trains() or leased_train(self.game, entity)) or not can_run_route(self.game, entity):
            return []
        return ["run_routes"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Running trains: which routes are legal the rules judge as the action is processed (the
        route optimizer finds the best); listed with no route at all."""
        if not self.actions(entity):
            return []
        return [LegalAction(dict(simple("run_routes", entity, routes=[]).action),
                            open=frozenset({"routes", "extra_revenue", "stated_revenue"}))]

    def process_run_routes(self, action: "Action") -> None:
        if self.game.extensions.takes(RUN_INSTEAD, self, action):
            return
        entity = action.entity
        game = self.game
        routes = rebuild_routes(game, entity, action.routes,
                                from_hexes=lambda spec, other: self.route_from_hexes(action, spec, entity, other),
                                leased=leased_train(game, entity))
        revenues = []
        bonuses = run_bonuses(entity, [route.hexes() for route in routes])
        for route, spec, bonus in zip(routes, action.routes, bonuses):
            revenue = route.revenue() + bonus
            revenues.append(revenue)
            check_recorded_route(route, revenue, spec)
            game.log(f"{entity.name} runs a {route.train.name} train for {game.format_money(revenue)}: "
                     f"{'-'.join(route.hexes())}")
        self.round.routes = routes
        self.round.route_revenues = revenues
        self.round.extra_revenue = action.extra_revenue
        self.round.run_bonus = self.run_bonus(entity, routes, revenues)
        self.round.subsidy = self.halt_subsidy(routes)
        if routes:
            lock_trains_run_before_rusting(game, entity)
        self.pass_()

    def halt_subsidy(self, routes: list[Route]) -> int:
        """``operating_round.halt_subsidy`` for each halt a route stops at."""
        amount = self.game.rules.operating_round.halt_subsidy
        if not amount:
            return 0
        return amount * sum(1 for route in routes if not route.leased for s in route.stops() if s.kind == "halt")

    def run_bonus(self, entity: Any, routes: list[Route], revenues: list[int]) -> int:
        """The title's run_bonus hook: an amount for the whole run (negative lowers it, never below nothing)."""
        game = self.game
        fn = game.title.hook("run_bonus")
        if fn is None or not routes:
            return 0
        views = [game.api.wrap_route(r, r.stops(), earned) for r, earned in zip(routes, revenues)]
        bonus = max(int(game.api.run(fn, entity, views) or 0), -sum(revenues))
        if bonus:
            game.log(f"{entity.name}'s run {'earns' if bonus > 0 else 'loses'} {game.format_money(abs(bonus))} "
                     "by the title's rule")
        return bonus


    def route_from_hexes(self, action: "Action", spec: dict[str, Any], entity: Any, other: set[Any]) -> Route:
        """A route an older export records as its hexes and revenue, no connections: rebuilt from the
        hexes. Where that reading is not unique in revenue, or the rules as checked today reject every
        reading (18xx.games took these routes on trust when they were recorded), the recorded revenue
        is taken on trust, logged and counted (``trusted_revenues``)."""
        game = self.game
        train = spec["train"]
        hexes = "-".join(spec["hexes"])
        found = routes_from_hexes(game, train, entity, list(spec["hexes"]), other)
        if found and len({r for _, r in found}) == 1:
            return found[0][0]
        recorded = spec.get("revenue")
        if recorded is None:
            raise RouteError(f"no single legal route of {entity.name}'s {train.name} train runs {hexes}, "
                             "and the log gives no revenue", "routes")
        route = next((r for r, rev in found if rev == recorded), found[0][0] if found else None)
        if route is None:  # no reading is legal today: an empty route that only earns what was recorded
            route = Route(game, train, entity, [])
            game.warn(f"action {action.id}: {entity.name}'s {train.name} train: no legal route runs {hexes}")
        route.stated_revenue = int(recorded)
        game.trusted_revenues += 1
        game.log(f"{entity.name}'s {train.name} train runs {hexes}: the route cannot be rebuilt unambiguously; "
                 f"the recorded revenue {game.format_money(int(recorded))} is taken on trust")
        return route


def check_recorded_route(route: Route, revenue: int, spec: dict[str, Any]) -> None:
    """What a log records of a route the engine works out itself must agree with it: its revenue,
    and the hexes of its stops (in either direction of travel)."""
    if route.stated_revenue is not None:  # a route only read from its hexes, its revenue taken on trust
        return
    name = route.train.name
    recorded = spec.get("revenue")
    if recorded is not None and recorded != revenue:
        raise RouteError(f"the {name} train's route earns {revenue}, not {recorded} as the action says",
                         "route revenue")
    hexes = spec.get("hexes")
    # a route rebuilt from its hexes (an older export, no connections) agrees with them by construction
    if hexes is not None and spec.get("connections") and list(route.hexes()) not in (hexes, hexes[::-1]):
        raise RouteError(f"the {name} train's route stops in {'-'.join(route.hexes())}, not "
                         f"{'-'.join(hexes)} as the action says", "route hexes")


DIVIDEND_LEFT_ALONE = Point("dividend", "left alone", "(step, corporation) -> bool: yes, the step offers it nothing")
DIVIDEND_SKIPPED = Point("dividend", "after skipping", "(step, corporation): after the step withheld unasked")
DEDUCT = Point("dividend", "deduct before dividend", "(step, corporation, revenue) -> the revenue left")
REVENUE_LEFT = Point("dividend", "revenue left to distribute",
                     "(step, corporation, revenue, kind) -> the kind of dividend paid")
PAY_INSTEAD = Point("dividend", "pay instead", "(step, corporation, kind) -> bool: the handler paid it")
PRICE_HELD = Point("dividend", "price held", "(step, corporation) -> bool: yes, the share price stays")
PRICE_MOVE = Point("dividend", "price move after dividend",
                   "(step, corporation, amount paid to holders) -> bool: the handler moved the price")


class DividendStep(Step):
    type_name = "dividend"
    POINTS: tuple[Point, ...] = (DIVIDEND_LEFT_ALONE, DEDUCT, REVENUE_LEFT, PAY_INSTEAD, PRICE_HELD, PRICE_MOVE, DIVIDEND_SKIPPED)

    def description(self) -> str:
        return "Pay or Withhold Dividends"

    def total_revenue(self) -> int:
        return sum(self.round.route_revenues) + (self.round.extra_revenue or 0) + self.round.run_bonus

    def actions(self, entity: Any) -> list[str]:
        if self.game.extensions.yes(DIVIDEND_LEFT_ALONE, self, entity):
            return []
        return self.choosing(entity)

    def choosing(self, entity: Any) -> list[str]:
        """The step's own ``actions``: a corporation with revenue chooses its dividend."""
        if entity is not self.current_entity() or entity.is_company() or self.total_revenue() == 0:
            return []
        if insolvent(self.game, entity):   # it withholds what its leased train earned
            return []
        return ["dividend"]

    def skip(self) -> None:
        entity = self.current_entity()
        self.withhold_unasked(entity)
        for skipped in self.game.extensions.at(DIVIDEND_SKIPPED):
            skipped(self, entity)

    def withhold_unasked(self, entity: Any) -> None:
        """The step's own ``skip``: the corporation withholds whatever it earned."""
        if entity is None:
            super().skip()
            return
        self.pay(entity, "withhold")

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        return [simple("dividend", entity, kind=kind) for kind in self.game.rules.operating_round.dividends]

    def process_dividend(self, action: "Action") -> None:
        kind = action.kind
        if kind not in self.game.rules.operating_round.dividends:
            raise IllegalAction(f"{kind!r} is not a dividend choice here", "dividend")
        self.pay(action.entity, kind)

    def pay(self, entity: Any, kind: str) -> None:
        """The corporation's dividend of this kind: what it owes first, then the mechanics' way of paying
        or the step's own (``distribute``)."""
        extensions = self.game.extensions
        left = extensions.at(REVENUE_LEFT)
        if left:
            revenue = self.total_revenue()
            for deduct in extensions.at(DEDUCT):
                revenue = deduct(self, entity, revenue)
            for settle in left:
                kind = settle(self, entity, revenue, kind)
        if not extensions.takes(PAY_INSTEAD, self, entity, kind):
            self.distribute(entity, kind)

    def distribute(self, entity: Any, kind: str) -> None:
        """The revenue paid out, halved or withheld, the trains marked as run, the share price moved."""
        game = self.game
        revenue = self.total_revenue()
        if kind == "payout":
            corp_share, per_share = 0, (revenue / entity.total_shares if not entity.minor else 0)
        elif kind == "half":
            withheld = (revenue // 2 // entity.total_shares) * entity.total_shares if not entity.minor else revenue // 2
            corp_share, per_share = revenue - (revenue - withheld), 0
            per_share = (revenue - withheld) / entity.total_shares if not entity.minor else 0
            corp_share = withheld
        else:
            corp_share, per_share = revenue, 0
        entity.operating_history[(game.turn, self.round.round_num)] = {"revenue": revenue, "kind": kind}
        if self.round.routes:
            close_companies_on_event(game, entity, "ran_train")
        for t in entity.trains:
            t.set_operated(True)
        obsolete = [t for t in entity.trains if t.obsolete]
        for t in obsolete:
            rust(game, t)
        self.round.routes = []
        self.round.route_revenues = []
        self.round.extra_revenue = 0
        self.round.run_bonus = 0
        if self.round.subsidy:
            game.bank.spend(self.round.subsidy, entity)
            game.log(f"{entity.name} receives a subsidy of {game.format_money(self.round.subsidy)}")
            self.round.subsidy = 0
        if corp_share > 0:
            game.bank.spend(corp_share, entity)
            game.log(f"{entity.name} withholds {game.format_money(corp_share)}")
        elif per_share == 0 and kind != "payout":
            game.log(f"{entity.name} does not run")
        if per_share > 0:
            self.payout_shares(entity, per_share, revenue - corp_share)
        if entity.minor and kind == "payout" and revenue > 0:
            owner = entity.owner
            if owner is not None:
                game.bank.spend(revenue, owner)
        if game.hook("run_moves_price", entity) is not False:
            self.change_share_price(entity, revenue - corp_share)
        game.hook("after_run", entity)
        self.pass_()

    def payout_shares(self, entity: Any, per_share: float, amount: int) -> None:
        game = self.game
        parts = []
        holders = list(game.players) + list(game.corporations)
        for holder in holders:
            if holder is entity:
                cash = self.corporation_dividends(entity, per_share)
            else:
                cash = math.ceil(holder.num_shares_of(entity, ceil=False) * per_share)
            if cash == 0:
                continue
            game.bank.spend(cash, holder, check_positive=False)
            parts.append(f"{game.format_money(cash)} to {holder.name}")
        game.log(f"{entity.name} pays out {game.format_money(amount)} = "
                 f"{game.format_money(per_share)} per share" + (f" ({', '.join(parts)})" if parts else ""))

    def corporation_dividends(self, entity: Any, per_share: float) -> int:
        """Shares the corporation's dividends pay into its own treasury (pool shares, or IPO shares)."""
        if entity.minor:
            return 0
        pays = self.game.rules.operating_round.pays_corporation_for
        if pays is not None:  # an empty list: those dividends go to no one
            n = 0.0
            if "pool" in pays:
                n += self.game.share_pool.num_shares_of(entity, ceil=False)
            if "ipo" in pays or "treasury" in pays:
                n += entity.num_shares_of(entity, ceil=False)
            return math.ceil(n * per_share)
        holder = entity if entity.capitalization == "incremental" else self.game.share_pool
        return math.ceil(holder.num_shares_of(entity, ceil=False) * per_share)

    def change_share_price(self, entity: Any, paid: int) -> None:
        if self.game.extensions.yes(PRICE_HELD, self, entity):
            return
        if self.game.extensions.takes(PRICE_MOVE, self, entity, paid):
            return
        if entity.share_price is None:
            return
        old = entity.share_price
        if paid > 0:
            self.game.stock_market.move_right(entity)
        else:
            self.game.stock_market.move_left(entity)
        log_share_price(self.game, entity, old)

    def pass_(self) -> None:
        entity = self.current_entity()
        if entity is not None and len(entity.operating_history) == 1:
            close_companies_on_event(self.game, entity, "operated")
        super().pass_()
