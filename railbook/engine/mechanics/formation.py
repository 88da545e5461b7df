"""State railways and other corporations formed by taking over others
(corporations.yaml ``formation``; a rule hook calls ``form_corporation``).

Forming, in order:

1. Corporations taken over that can still convert (``converts_to``) convert.
2. Price: the mean of the two highest prices among them (rounded down), at
   least ``min_price``, placed on the top market row at the highest cell not
   above it.
3. It operates in the current operating round only if none of them has
   operated in it yet (``first_operation``), in price order.
4. Its certificates are exchanged ``old_shares_per_share`` to one: players
   first, from the player whose turn it is (the president of the operating
   corporation) round the table, the first player to get one becoming
   president; a player's odd old share goes to the pool. Then the pool's old
   shares (with those odd ones) are exchanged; its odd one is lost. When its
   certificates run out, exchanges are lost (``short_shares: lost``) or paid
   with its bonds while they last (``short_shares: bonds``). Whoever then holds
   the most becomes president.
5. It takes over their cash, trains and loans: up to ``max_inherited_loans``
   in all, kept as loans or, with ``inherited_loans_become: bonds_in_pool``,
   cancelled for one of its bonds each put in the pool; its price moves left
   ``price_drop_per_inherited_loan`` cells per loan.
6. Each home station of theirs becomes one of its stations (tokens beyond
   its own, at most one per city); its president may then exchange up to
   ``extra_token_exchanges`` other stations of each of them
   (``exchange_tokens``). They close.
7. Capital: ``none``: it floats when half its certificates are out, with no
   money; ``pool_buys_remaining``: it floats at once, the bank paying its price
   for each certificate left in its treasury, which all go to the pool.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from railbook.precompiled import dataclass  # dataclasses.dataclass, methods compiled ahead of time

from railbook.engine.legal import LegalAction, simple
from railbook.engine.map.token import Token
from railbook.engine.mechanics.base import Mechanic, find, has_step
from railbook.engine.mechanics.bonds import bonds_of, move_bonds
from railbook.engine.mechanics.conversion import convert_corporation
from railbook.engine.rules.corporations import close_corporation, operating_order
from railbook.engine.rules.shares import log_share_price
from railbook.engine.steps.base import Step
from railbook.errors import GameError, IllegalAction
from railbook.title.model import FormationDef

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


class Formations(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(c.definition.formation and c.definition.formation.formed_from == "hook"
                   for c in game.all_corporations)

    def __init__(self, game: "GameState"):
        super().__init__(game)
        # a formed corporation's president chooses which other stations to take over
        self.pending: PendingExchange | None = None

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        if has_step(steps, TokenExchangeStep):
            return steps
        return [TokenExchangeStep] + list(steps)


@dataclass
class PendingExchange:
    """Stations a formed corporation may take over: which, by merged corporation, and how many of each."""

    national: Any
    cities: dict[str, list[Any]]
    limit: int


def formations(game: "GameState") -> Formations:
    found = find(game, Formations)
    if found is None:  # pragma: no cover - only titles with formations form corporations
        raise GameError("this title forms no corporations", "title data")
    return found


def form_corporation(game: "GameState", national: Any, parts: list[Any]) -> None:
    rules = national.definition.formation
    if not rules:
        raise GameError(f"{national.name} has no formation rules", "title data")
    if national.ipoed or national.closed:
        raise GameError(f"{national.name} has already formed", "title rule")
    parts = in_operating_order(game, [p for p in parts if not p.closed and p is not national])
    if not parts:
        return
    game.log(f"-- {', '.join(p.name for p in parts)} merge into {national.name} --")
    for part in parts:
        convert_corporation(game, part)
    set_start_price(game, national, parts, rules)
    can_operate = not any(operated_this_round(game, p) for p in parts)
    exchange_shares(game, national, parts, rules)
    inherit(game, national, parts, rules)
    homes, others = station_cities(game, national, parts)
    for part in parts:
        close_corporation(game, part)
    for part, city in homes:
        if city is not None and not city.tokened_by(national):
            place_new_token(game, national, city)
            game.log(f"{national.name} takes over {part.name}'s home station on {city.hex.id}")
    capital(game, national, rules)
    if others and rules.extra_token_exchanges > 0:
        formations(game).pending = PendingExchange(national, others, rules.extra_token_exchanges)
    if can_operate and national.floated():
        insert_in_operating_order(game, national)
    game.graph.clear()


def in_operating_order(game: "GameState", parts: list[Any]) -> list[Any]:
    r = game.round
    order = list(r.entities) if r.operating() else operating_order(game)
    return sorted(parts, key=lambda p: order.index(p) if p in order else len(order))


def operated_this_round(game: "GameState", corp: Any) -> bool:
    r = game.round
    if not r.operating() or corp not in r.entities:
        return False
    return r.entities.index(corp) < r.entity_index


def set_start_price(game: "GameState", national: Any, parts: list[Any], rules: FormationDef) -> None:
    prices = sorted((p.share_price.price for p in parts if p.share_price is not None), reverse=True)
    if rules.start_price == "mean_of_two_highest" and len(prices) >= 2:
        price = (prices[0] + prices[1]) // 2
    else:
        price = prices[0] if prices else 0
    price = max(price, rules.min_price)
    row = [c for c in game.stock_market.grid[0] if c is not None]
    cells = [c for c in row if c.price <= price]
    cell = max(cells, key=lambda c: c.price) if cells else row[0]
    game.stock_market.set_par(national, cell)
    national.ipoed = True
    national.formed = True
    game.log(f"{national.name} starts at {game.format_money(cell.price)}")


def exchange_shares(game: "GameState", national: Any, parts: list[Any], rules: FormationDef) -> None:
    per = rules.old_shares_per_share
    players = game.players
    current = game.current_operator()
    first = current.owner if current is not None and current.owner in players else players[0]
    start = players.index(first)
    extra_pool = 0
    for k, player in enumerate(players[start:] + players[:start]):
        total = sum(int(player.percent_of(p) // p.share_percent) for p in parts)
        odd = exchange(game, national, player, total, per, k == 0, rules)  # only the first may get the presidency
        if odd:
            extra_pool += odd
            game.log(f"{player.name} puts an odd old share in the pool")
    pool = game.share_pool
    total = sum(int(pool.percent_of(p) // p.share_percent) for p in parts) + extra_pool
    if exchange(game, national, pool, total, per, False, rules):
        game.log("the pool's odd old share is discarded")
    check_presidency(game, national, first)


def exchange(game: "GameState", national: Any, holder: Any, total: int, per: int, president: bool,
             rules: FormationDef) -> int:
    """Exchange ``total`` old shares of one holder; returns the odd ones left."""
    new = bonds = lost = 0
    while total >= per:
        own = national.shares_of(national)
        cert = next((s for s in own if s.president), None) if president and holder.is_player() else None
        cert = cert or next((s for s in own if not s.president), None)
        if cert is not None:
            if cert.president:
                national.owner = holder
            game.share_pool.transfer_shares(cert.to_bundle(), holder, allow_president_change=False)
            new += 1
            president = False
        elif rules.short_shares == "bonds" and national.definition.bonds and _bonds_left(game, national):
            move_bonds(game, national, national, holder, 1)
            bonds += 1
        else:
            lost += per
        total -= per
    name = game.describe_entity(holder)
    if new:
        game.log(f"{name} exchanges {new * per} old shares for {new} {national.name} share(s)")
    if bonds:
        game.log(f"{name} exchanges {bonds * per} old shares for {bonds} {national.name} bond(s)")
    if lost:
        game.log(f"{name}'s {lost} old shares are not exchanged")
    return total


def _bonds_left(game: "GameState", national: Any) -> bool:
    return bonds_of(game, national, national) > 0


def check_presidency(game: "GameState", national: Any, first: Any) -> None:
    """The player holding the most becomes president (ties: the sitting one, else the first in turn
    order from the player who started the formation)."""
    holders = {p: p.percent_of(national) for p in game.players}
    president = national.owner
    best = max(holders.values(), default=0)
    if best == 0:
        return
    if president is not None and holders.get(president, 0) >= best:
        return
    order = game.players
    start = order.index(president) if president in order else order.index(first)
    new = next(p for p in order[start:] + order[:start] if holders[p] == best)
    pres_cert = national.presidents_share
    old_owner = pres_cert.owner
    swap = next((s for s in new.shares_of(national) if not s.president), None)
    if old_owner is not new and swap is not None:
        game.share_pool.move_share(swap, old_owner)
        game.share_pool.move_share(pres_cert, new)
    national.owner = new
    game.log(f"{new.name} becomes the president of {national.name}")


def inherit(game: "GameState", national: Any, parts: list[Any], rules: FormationDef) -> None:
    room = rules.max_inherited_loans - len(national.loans)
    taken = 0
    for part in parts:
        game.log(f"{national.name} takes over {part.name}'s {game.format_money(part.cash)} and "
                 f"{len(part.trains)} train(s)")
        if part.cash > 0:
            part.spend(part.cash, national)
        for train in list(part.trains):
            part.trains.remove(train)
            train.owner = national
            national.trains.append(train)
            game.depot.moves += 1
        n = min(len(part.loans), max(0, room - taken))
        if n:
            game.log(f"{national.name} inherits {n} of {part.name}'s loans")
            if rules.inherited_loans_become == "bonds_in_pool" and national.definition.bonds:
                move_bonds(game, national, national, game.share_pool, n)
            else:
                national.loans.extend(part.loans[:n])
            taken += n
        part.loans.clear()
    old = national.share_price
    for _ in range(taken * rules.price_drop_per_inherited_loan):
        game.stock_market.move_left(national)
    log_share_price(game, national, old)


def station_cities(game: "GameState", national: Any, parts: list[Any]) -> tuple[list[Any], dict[str, list[Any]]]:
    """Each part's home station city, and the other cities where it has stations (by part)."""
    homes: list[Any] = []
    others: dict[str, list[Any]] = {}
    for part in parts:
        home = None
        for token in part.tokens:
            city = token.city
            if city is None or city.hex is None:
                continue
            if city.hex.id in part.coordinates and home is None:
                home = city
            elif not city.tokened_by(national):
                others.setdefault(part.id, []).append(city)
        homes.append((part, home))
    return homes, others


def shared_out(p: "PendingExchange", cities: list[Any]) -> bool:
    """Whether each city can count as a station of one merged corporation that had one there,
    none of them giving more than the limit (a city two of them share counts for either)."""
    def fits(todo: list[Any], room: dict[str, int]) -> bool:
        if not todo:
            return True
        city = todo[0]
        return any(city in held and room[part] > 0 and fits(todo[1:], {**room, part: room[part] - 1})
                   for part, held in p.cities.items())
    return fits(cities, {part: p.limit for part in p.cities})


def place_new_token(game: "GameState", national: Any, city: Any) -> None:
    token = Token(national, price=0)
    national.tokens.append(token)
    city.exchange_token(token)


def capital(game: "GameState", national: Any, rules: FormationDef) -> None:
    kind = rules.capital
    if kind == "pool_buys_remaining":
        left = list(national.shares_of(national))
        amount = national.share_price.price * len(left)
        national.floated_ = True
        if amount:
            game.bank.spend(amount, national)
        game.log(f"{national.name} floats with {game.format_money(amount)}")
        for share in left:
            game.share_pool.transfer_shares(share.to_bundle(), game.share_pool, allow_president_change=False)
        if left:
            game.log(f"{national.name} puts {sum(s.percent for s in left)}% in the pool")
    elif national.floated():
        game.log(f"{national.name} floats")


def insert_in_operating_order(game: "GameState", national: Any) -> None:
    """It operates among the corporations still to operate, in the usual order (price, then column,
    then row, then arrival on its cell)."""
    r = game.round
    if not r.operating() or national in r.entities:
        return
    done, rest = r.entities[:r.entity_index + 1], r.entities[r.entity_index + 1:] + [national]
    rest.sort(key=lambda c: c.sort_key() or (float("inf"),))
    r.entities = done + rest
    game.log(f"{national.name} operates in this round")


class TokenExchangeStep(Step):
    """Blocking while a formed corporation's president chooses which stations to take over."""

    awaits_token_exchange = True

    def description(self) -> str:
        return "Exchange Stations"

    def pending(self) -> "PendingExchange | None":
        return formations(self.game).pending

    def active(self) -> bool:
        return self.pending() is not None

    def active_entities(self) -> list[Any]:
        p = self.pending()
        return [p.national] if p else []

    def current_entity(self) -> Any:
        p = self.pending()
        return p.national if p else None

    def actions(self, entity: Any) -> list[str]:
        p = self.pending()
        return ["exchange_tokens"] if p and entity is p.national else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Every choice of stations to take over: up to the limit of each merged corporation's, none
        at all included."""
        p = self.pending()
        if not self.actions(entity) or p is None:
            return []
        per_part = []
        for cities in p.cities.values():
            takeable = [c for c in dict.fromkeys(cities) if self.takeable(p.national, c)]
            per_part.append([chosen for n in range(min(p.limit, len(takeable)) + 1)
                             for chosen in combinations(takeable, n)])
        out: dict[tuple[str, ...], LegalAction] = {}
        for choice in product(*per_part):
            cities = [c for part in choice for c in part]
            key = tuple(sorted(c.id for c in cities))
            if len(set(key)) == len(key) and key not in out and self.accepts(cities):
                out[key] = simple("exchange_tokens", entity, cities=[c.id for c in cities])
        return list(out.values())

    @staticmethod
    def takeable(national: Any, city: Any) -> bool:
        return not city.tokened_by(national) and city.tokenable(national, free=True, tokens=[Token(national)])

    def accepts(self, cities: list[Any]) -> bool:
        try:
            self.check_exchange(cities)
        except IllegalAction:
            return False
        return True

    def check_exchange(self, cities: list[Any]) -> None:
        """Every rule of taking over these stations, judged without taking them."""
        p = self.pending()
        if p is None:
            raise IllegalAction("no stations are waiting to be taken over", "token exchange")
        national = p.national
        if len(set(map(id, cities))) != len(cities):
            raise IllegalAction(f"{national.name} takes over a station once", "token exchange")
        for city in cities:
            if not any(city in choices for choices in p.cities.values()):
                raise IllegalAction(f"{national.name} cannot take over a station on {city.hex.id}", "token exchange")
            if not self.takeable(national, city):
                raise IllegalAction(f"{national.name} cannot take a station on {city.hex.id}", "token exchange")
        if not shared_out(p, cities):
            part = next(k for k, choices in p.cities.items() if sum(c in choices for c in cities) > p.limit)
            raise IllegalAction(f"{national.name} may take over at most {p.limit} other station(s) of {part}",
                                "token exchange")

    def process_exchange_tokens(self, action: "Action") -> None:
        game = self.game
        self.check_exchange(action.targets)
        p = self.pending()
        assert p is not None
        national = p.national
        for city in action.targets:
            place_new_token(game, national, city)
            game.log(f"{national.name} takes over a station on {city.hex.id}")
        formations(game).pending = None
        game.graph.clear()
