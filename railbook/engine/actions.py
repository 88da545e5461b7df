"""The typed action model.

An action is what a player does (bid, par, buy shares, lay a tile, run
routes...). Saved games and recorded logs are lists of actions in the
18xx.games shape (``{"type": "buy_shares", "entity": 82, "entity_type":
"player", "shares": ["NYNH_1"], ...}``); :func:`from_dict` resolves every id
against the game and raises :class:`ActionFormatError` naming what is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.action_shapes import check_shape
from railbook.engine.entities.share import ShareBundle
from railbook.errors import ActionFormatError, IllegalAction, RouteError

if TYPE_CHECKING:
    from railbook.engine.state import GameState


@dataclass
class Action:
    """An action as the engine processes it: its type, who takes it, and the fields its type has
    (``raw`` as recorded)."""

    type: str
    entity: Any
    raw: dict[str, Any]
    id: int = 0
    auto_actions: list[dict[str, Any]] = field(default_factory=list)

    # resolved fields (only those a type uses are set)
    company: Any = None
    corporation: Any = None
    minor: Any = None
    price: int = 0          # bids, purchases, train buys: what the action pays (its resolver requires it)
    share_price: Any = None
    shares: list[Any] = field(default_factory=list)
    percent: int | None = None
    bundle: Any = None
    tile: Any = None
    hex: Any = None
    rotation: int = 0
    city: Any = None
    slot: int | None = None
    token_type: str | None = None
    routes: list[dict[str, Any]] = field(default_factory=list)
    extra_revenue: int = 0
    kind: str | None = None
    train: Any = None
    exchange: Any = None
    variant: str | None = None
    choice: Any = None
    stated_revenue: int | None = None  # run_routes from a log without routes: the recorded total
    targets: list[Any] = field(default_factory=list)  # corporations, cities or hexes an action names
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return dict(self.raw)


# ---------------------------------------------------------------- resolution helpers

def _need(d: dict[str, Any], key: str) -> Any:
    if key not in d or d[key] is None:
        raise ActionFormatError(f"a {d.get('type')!r} action needs {key!r}")
    return d[key]


def _company(game: "GameState", sym: Any) -> Any:
    c = game.company_by_id(sym)
    if c is None:
        raise ActionFormatError(f"unknown private company {sym!r}")
    return c


def _corporation(game: "GameState", sym: Any) -> Any:
    c = game.corporation_by_id(sym)
    if c is None:
        raise ActionFormatError(f"unknown corporation {sym!r}")
    return c


def resolve_entity(game: "GameState", d: dict[str, Any]) -> Any:
    """The player, corporation, minor or private an action names as its entity."""
    kind = d.get("entity_type", "player")
    eid = d.get("entity")
    e: Any
    if kind == "player":
        e = game.player_by_id(eid)
    elif kind == "company":
        e = game.company_by_id(eid)
    elif kind in ("corporation", "minor"):
        e = game.corporation_by_id(eid)
    else:
        raise ActionFormatError(f"unknown entity type {kind!r}")
    if e is None:
        raise ActionFormatError(f"unknown {kind} {eid!r}")
    if kind in ("corporation", "minor") and e.is_minor() != (kind == "minor"):
        raise ActionFormatError(f"{e.name} is a {'minor' if e.is_minor() else 'corporation'}, not a {kind}")
    return e


def _shares(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    ids = d.get("shares") or []
    if not ids:
        raise ActionFormatError(f"a {d.get('type')!r} action needs 'shares'")
    shares = []
    for sid in ids:
        s = game.share_by_id(sid)
        if s is None:
            raise ActionFormatError(f"unknown share {sid!r}")
        if s.corporation.closed:   # its holders keep nothing that could be traded
            raise IllegalAction(f"{s.corporation.name} has closed: its certificate {sid} is void", "closed corporation")
        shares.append(s)
    a.shares = shares
    a.percent = bundle_percent(d["type"], shares, d.get("percent"))
    a.bundle = ShareBundle(shares, a.percent)
    if a.percent is not None and not whole_or_president_part(a.bundle):
        raise ActionFormatError(f"certificates {', '.join(map(str, ids))} do not make {a.percent}%")
    if a.percent is not None and a.percent < sum(s.percent for s in shares):
        _check_swap(a.bundle)


def _check_swap(bundle: ShareBundle) -> None:
    """A sale that leaves part of the president's certificate behind is a swap: the seller hands
    over every certificate of the corporation he holds and takes back, from the new president,
    the shares he keeps. Without all of them it is no sale the rules make (it would put the
    president's certificate in the pool while the seller keeps his shares)."""
    owner, corp = bundle.owner, bundle.corporation
    held = owner.shares_of(corp) if owner is not None else []
    if {id(s) for s in held} != {id(s) for s in bundle.shares}:
        raise IllegalAction(f"selling {bundle.percent}% of {corp.name} while keeping part of the president's "
                            f"certificate takes every {corp.name} certificate {getattr(owner, 'name', 'its holder')} "
                            f"holds", "president's certificate")


def whole_or_president_part(bundle: ShareBundle) -> bool:
    """A bundle's percent is what its certificates make, or less by whole shares of a president's
    certificate among them (the part the president keeps when he sells into a swap)."""
    whole = sum(s.percent for s in bundle.shares)
    short = whole - bundle.percent
    president = bundle.presidents_share
    unit = bundle.corporation.share_percent
    return short == 0 or (president is not None and 0 < short <= president.percent - unit and short % unit == 0)


def bundle_percent(kind: str, shares: list[Any], recorded: int | None) -> int:
    """A bundle's percent is its certificates': the engine's value, never the action's. A log may
    record it (it must agree); a sale that includes the president's certificate may leave part
    of it behind, in whole shares of the corporation, as the presidency changes hands."""
    full = sum(s.percent for s in shares)
    allowed = [full]
    president = next((s for s in shares if s.president), None)
    if kind == "sell_shares" and president is not None:
        normal = president.corporation.share_percent
        allowed += [full - normal * k for k in range(1, (president.percent - normal) // normal + 1)]
    if recorded is None:
        return full
    if recorded not in allowed:
        raise ActionFormatError(
            (f"the certificate {shares[0].id} makes {full}%" if len(shares) == 1
             else f"the certificates {', '.join(s.id for s in shares)} make {full}%")
            + (f" (or {', '.join(f'{p}%' for p in allowed[1:])} of a sale leaving part of the president's "
               f"certificate)" if len(allowed) > 1 else "")
            + f", not {recorded}%: a bundle's percent is its certificates'", "share percent")
    return recorded


def _bid(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.price = int(_need(d, "price"))
    if d.get("company") is not None:
        a.company = _company(game, d["company"])
    elif d.get("corporation") is not None:
        a.corporation = _corporation(game, d["corporation"])
    elif d.get("minor") is not None:
        a.minor = _corporation(game, d["minor"])
    elif game.rules.auction.kind != "turn_auction":   # a bid for the turn names nothing
        raise ActionFormatError("a bid names a company, corporation or minor")


def _par(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.corporation = _corporation(game, _need(d, "corporation"))
    sp = game.stock_market.by_id(str(_need(d, "share_price")))
    if sp is None:
        raise ActionFormatError(f"unknown share price {d['share_price']!r}")
    a.share_price = sp


def _buy_company(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.company = _company(game, _need(d, "company"))
    a.price = int(_need(d, "price"))


def _lay_tile(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.tile = game.tile_by_id(_need(d, "tile"))
    if a.tile is None:
        raise ActionFormatError(f"unknown tile {d['tile']!r}")
    a.hex = game.hex_by_id(_need(d, "hex"))
    if a.hex is None:
        raise ActionFormatError(f"unknown hex {d['hex']!r}")
    a.rotation = int(d.get("rotation", 0))


def _place_token(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.city = game.city_by_id(_need(d, "city"))
    if a.city is None:
        raise ActionFormatError(f"unknown city {d['city']!r}")
    if not a.city.is_city():   # a stop's id names a town or an offboard as well: stations stand in cities
        raise ActionFormatError(f"{d['city']!r} is a {type(a.city).__name__.lower()}, not a city")
    a.slot = d.get("slot")
    a.token_type = d.get("token_type")
    entity = a.entity
    if d.get("type") == "place_token" and a.token_type is not None and entity is not None \
            and entity.is_corporation() and entity.find_token_by_type(a.token_type) is None:
        # the kind of station is part of the move: one the corporation does not hold is no move at all
        raise IllegalAction(f"{entity.name} has no {a.token_type!r} station left to place", "tokens")


def _run_routes(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    routes = _need(d, "routes")
    for r in routes:
        train = game.train_by_id(r.get("train"))
        if train is None:
            raise ActionFormatError(f"unknown train {r.get('train')!r}")
        # older 18xx.games exports give a route's hexes (in order) and its revenue, but no connections
        a.routes.append({"train": train, "connections": r.get("connections") or [], "revenue": r.get("revenue"),
                         "hexes": r.get("hexes"), "halts": r.get("halts")})
    a.extra_revenue = extra_revenue(game, d)
    if d.get("stated_revenue") is not None:
        if routes:
            raise ActionFormatError("a run_routes action gives either routes or a stated revenue, not both")
        a.stated_revenue = int(d["stated_revenue"])
        if not getattr(game, "trust_stated_revenue", False):
            raise ActionFormatError("this game checks routes: a stated revenue is accepted only when replaying "
                                    "logs that record no routes")


def extra_revenue(game: "GameState", d: dict[str, Any]) -> int:
    """A run's extra revenue is the rules', never the action's. 18xx.games records what its titles'
    own code adds to a run beside its routes; railbook's titles say every such bonus as data or a
    hook (``route_bonus``, ``run_bonus``, the stops' values), which the route step works out
    itself, so the extra revenue a run may record is nothing. Any other amount is money the rules
    do not pay: refused, naming the field (a tampered log stops at the very action)."""
    recorded = d.get("extra_revenue")
    if recorded not in (None, 0):
        raise RouteError(f"a run earns no extra revenue beside its routes and the title's bonuses (the engine "
                         f"works those out), not {recorded} as the action says", "extra revenue")
    return 0


def _dividend(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.kind = str(_need(d, "kind"))


def _buy_train(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.train = game.train_by_id(_need(d, "train"))
    if a.train is None:
        raise ActionFormatError(f"unknown train {d['train']!r}")
    a.price = int(_need(d, "price"))
    a.variant = d.get("variant")
    if d.get("exchange"):
        a.exchange = game.train_by_id(d["exchange"])
        if a.exchange is None:
            raise ActionFormatError(f"unknown train {d['exchange']!r}")


def _discard_train(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.train = game.train_by_id(_need(d, "train"))
    if a.train is None:
        raise ActionFormatError(f"unknown train {d['train']!r}")


def _sell_company(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.company = _company(game, _need(d, "company"))
    a.price = int(d["price"]) if d.get("price") is not None else a.company.value   # a price not given is its value


def _choose(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.choice = _need(d, "choice")


def _nothing(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    return None


def _corporations(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.targets = [_corporation(game, sym) for sym in _need(d, "corporations")]


def _cities(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    for cid in d.get("cities") or []:
        city = game.city_by_id(cid)
        if city is None:
            raise ActionFormatError(f"unknown city {cid!r}")
        a.targets.append(city)


def _assign(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    if d.get("target") is None:
        return  # an assignment whose step knows what it is about
    kind, target = d.get("target_type", "hex"), d["target"]
    if kind == "hex":
        a.hex = game.hex_by_id(target)
        if a.hex is None:
            raise ActionFormatError(f"unknown hex {target!r}")
    elif kind in ("corporation", "minor"):
        a.corporation = _corporation(game, target)
    elif kind == "company":
        a.company = _company(game, target)
    else:
        raise ActionFormatError(f"unknown target type {kind!r}")
    if d.get("corporation") is not None:
        a.corporation = _corporation(game, d["corporation"])


def _cash_target(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    target = _need(d, "target")
    kind = d.get("target_type", "player")
    a.choice = game.player_by_id(target) if kind == "player" else game.corporation_by_id(target)
    if a.choice is None:
        raise ActionFormatError(f"unknown {kind} {target!r}")
    a.price = int(_need(d, "amount"))


def _bonds(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.corporation = _corporation(game, _need(d, "corporation"))
    a.count = int(d["count"]) if d.get("count") is not None else 1
    if a.count < 1:
        raise ActionFormatError("a bond trade names at least one bond")
    a.choice = d.get("from")


def _merge(game: "GameState", a: Action, d: dict[str, Any]) -> None:
    a.corporation = _corporation(game, d["corporation"]) if d.get("corporation") else None


RESOLVERS: dict[str, Callable[["GameState", Action, dict[str, Any]], None]] = {
    "bid": _bid,
    "pass": _nothing,
    "par": _par,
    "buy_shares": _shares,
    "sell_shares": _shares,
    "buy_company": _buy_company,
    "lay_tile": _lay_tile,
    "place_token": _place_token,
    "remove_token": _place_token,    # names the city and slot of the station lifted
    "run_routes": _run_routes,
    "dividend": _dividend,
    "buy_train": _buy_train,
    "discard_train": _discard_train,
    "bankrupt": _nothing,
    "message": _nothing,
    "log": _nothing,
    "assign": _assign,
    "payoff_loan": _nothing,
    "take_loan": _nothing,
    "convert": _nothing,
    "destination_connection": _corporations,
    "exchange_tokens": _cities,
    "buy_bonds": _bonds,
    "sell_bonds": _bonds,
    "map_correction": _lay_tile,
    "token_correction": _place_token,
    "cash_correction": _cash_target,
    "end_game": _nothing,
    "merge": _merge,
    "sell_company": _sell_company,
    "choose": _choose,
    "special_buy": _nothing,  # the step reads the item's description from the raw action
    "program_buy_shares": _nothing,
    "program_share_pass": _nothing,
    "program_auction_bid": _nothing,
    "program_disable": _nothing,
    "program_merger_pass": _nothing,
    "program_independent_mines": _nothing,
    "program_close_pass": _nothing,
    "program_harzbahn_draft_pass": _nothing,
}

PROGRAM_TYPES = {t for t in RESOLVERS if t.startswith("program_")}


def from_dict(game: "GameState", d: dict[str, Any]) -> Action:
    """Build a typed action from its dict form, resolving every id against the game."""
    check_shape(d)
    kind = d["type"]
    resolver = RESOLVERS.get(kind)
    if resolver is None:
        raise ActionFormatError(f"railbook does not play {kind!r} actions: 18xx.games records them for titles "
                                "railbook does not have")
    entity = resolve_entity(game, d)
    a = Action(type=str(kind), entity=entity, raw=d, id=int(d.get("id") or 0))
    resolver(game, a, d)
    # auto actions resolve when they run: the parent action changes what their ids point at
    a.auto_actions = list(d.get("auto_actions") or [])
    return a


def controlling_player(entity: Any) -> Any:
    """The player who decides for an entity: itself, a corporation's president, a private's owner."""
    for _ in range(4):
        if entity is None or entity.is_player():
            break
        entity = entity.owner
    return entity


def check_auto_actions(game: "GameState", action: Action) -> None:
    """A new action carries auto actions only for its own sender's seat: each is a move of its own,
    made (and judged, as it runs) with its own entity's rights, and no sender moves another
    player's seat by attaching it. Replays keep what a log recorded (18xx.games' programmed moves)."""
    if not action.auto_actions:
        return
    sender = controlling_player(action.entity)
    for i, sub in enumerate(action.auto_actions, 1):
        entity = resolve_entity(game, sub)
        if controlling_player(entity) is not sender:
            raise IllegalAction(f"auto action {i} moves for {getattr(entity, 'name', entity)}, whose seat is not "
                                f"the sender's: an action carries auto actions only for its sender's own seat",
                                "auto actions")
