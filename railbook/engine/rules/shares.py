"""Dealing in shares: parring and floating, certificate and pool limits, when sales may be made,
the bundles a holder may sell, and the price moves of a sale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.player import Player
from railbook.engine.entities.share import Share, ShareBundle
from railbook.engine.rules.abilities import close_companies_on_event, usable_abilities
from railbook.engine.rules.capitalization import escrowed, float_escrowed
from railbook.engine.rules.tokens import place_home_token
from railbook.errors import GameError, IllegalAction

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def par_exchange_private(game: "GameState", corp: Corporation) -> Any:
    """The private whose exchange ability (``from: [par]``) is the only way to par the corporation."""
    for c in game.companies:     # its definition's: a closed private's abilities are gone
        for a in c.definition.abilities:
            if a.type == "exchange" and "par" in a.from_ and isinstance(a.corporations, tuple) \
                    and corp.name in a.corporations:
                return c
    return None


def can_par(game: "GameState", corp: Corporation, player: Any) -> bool:
    if corp.ipoed or corp not in game.corporations or corp.definition.formation:
        return False
    if corp.definition.par_needs_token and not corp.placed_tokens():
        return False
    private = par_exchange_private(game, corp)
    if private is not None and (private.closed or private.owner is not player):
        return False
    allowed = game.hook("may_par", corp)
    return allowed is not False


def par_prices_for(game: "GameState", corp: Corporation, via_private: bool = True) -> list[Any]:
    """Par cells a corporation may start on; some are only for a private that sets the par."""
    return [p for p in game.stock_market.par_prices if via_private or not p.par_via_private_only]


def after_par(game: "GameState", corp: Corporation) -> None:
    if corp.capitalization == "incremental" and not game.rules.escrow_until_float:
        for c in game.companies:
            for a in usable_abilities(game, c, "shares"):
                if a.shares and a.shares[0].corporation is corp:
                    amount = sum(corp.par_price.price * s.num_shares() for s in a.shares)
                    game.bank.spend(amount, corp)
    close_companies_on_event(game, corp, "par")
    game.hook("after_par", corp)
    if game.rules.operating_round.home_token == "par":
        place_home_token(game, corp)


def float_corporation(game: "GameState", corp: Corporation) -> None:
    game.log(f"{corp.name} floats")
    if corp.capitalization in ("incremental", "escrow"):
        if game.rules.escrow_until_float:
            float_escrowed(game, corp)
    else:
        par = corp.par_price
        if par is None:
            raise GameError(f"{corp.name} floats without a par price", "engine")
        game.bank.spend(par.price * corp.total_shares, corp)
        game.log(f"{corp.name} receives {game.format_money(corp.cash)}")
    if game.rules.stock_round.float_marker_last and corp.share_price is not None:
        game.stock_market.to_bottom(corp)
    if game.rules.stock_round.float_moves_ipo_to_pool:
        game.log(f"{corp.name}'s unsold certificates go to the bank pool")
        move_ipo_to_pool(game, corp)
    queue_home_track(game, corp)
    game.hook("after_float", corp)


def queue_home_track(game: Any, corp: Any) -> None:
    """A corporation floated: in a stock round whose title asks it, its home hex waits for its first tile."""
    if not game.rules.stock_round.home_track_on_float or not game.round.stock():
        return
    home = game.hex_by_id(corp.coordinates[0]) if corp.coordinates else None
    if home is not None and home.tile.color == "white" and corp not in game.round.pending_home_tracks:
        game.log(f"{corp.name} ({corp.owner.name}) must choose a tile for its home")
        game.round.pending_home_tracks.append(corp)
        game.round.clear_cache()


def num_certs(game: "GameState", entity: Any) -> int:
    certs = 0   # a loop, not a generator: asked for every share decision
    for shares in entity.shares_by_corporation.values():
        corp = None
        counts = False
        for s in shares:
            if s.corporation is not corp:   # asked once per corporation (its shares lie together)
                corp = s.corporation
                counts = corp.counts_for_limit()
            if counts and s.counts_for_limit:
                certs += s.cert_size
    if game.rules.certificate_limit_counts_privates:
        certs += len(getattr(entity, "companies", []))
    return certs


def cert_limit(game: "GameState", entity: Any = None) -> int:
    if game.certificate_limit_now is not None:   # set in play (a formation's certificate_limits)
        return game.certificate_limit_now
    return game.rules.certificate_limit[len(game.players)]


def market_share_limit(game: "GameState", corp: Any = None) -> int:
    return game.rules.pool_limit


def check_sale_timing(game: "GameState", entity: Any, bundle: ShareBundle) -> bool:
    rule = game.rules.stock_round.first_sales_after
    if rule == "first_stock_round":
        return game.turn > 1 or game.round.operating()
    if rule == "operation":
        return bundle.corporation.operated()
    if rule == "operation_or_president":
        return bundle.corporation.operated() or bundle.corporation.owner is entity
    return True


def bundles_for_corporation(game: "GameState", holder: Any, corp: Corporation) -> list[ShareBundle]:
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
    if halves_trainless(game, corp):
        for b in bundles:
            b.share_price = b.price_per_share() // 2
    return bundles


def may_dump(game: "GameState", entity: Any, bundle: ShareBundle) -> bool:
    """A president's certificate may go to the pool: another player can take the presidency, or (where
    ``presidency_sale_to_pool``) the sale is of the whole certificate at least, or of part of it while
    another player holds more than one share or the pool holds some already."""
    if bundle.can_dump(entity):
        return True
    corp = bundle.corporation
    if not game.rules.stock_round.presidency_sale_to_pool:
        return False
    if bundle.percent >= corp.presidents_percent:
        return True
    others = [v for k, v in corp.player_share_holders().items() if k is not entity]
    return (max(others) if others else 0) > corp.share_percent or game.share_pool.percent_of(corp) > 0


def halves_trainless(game: "GameState", corp: Any) -> bool:
    """``stock_round.trainless_shares_half_value``: the corporation has no train, so its shares sell (and
    count at the game's end) at half their price, rounded down."""
    return game.rules.stock_round.trainless_shares_half_value and not corp.trains


def trainless_discount(game: "GameState", player: Any) -> int:
    """What a player's certificates of trainless corporations count less at the game's end."""
    return sum(s.price() - s.price() // 2 for s in player.shares if s.corporation.ipoed
               and halves_trainless(game, s.corporation))


def sell_shares_and_change_price(game: "GameState", bundle: ShareBundle) -> None:
    corp = bundle.corporation
    old = corp.share_price
    was_president = corp.owner is not None and corp.owner is bundle.owner
    sell_shares(game, bundle)
    rules = game.rules.stock_round
    movement = rules.sale_price_drop
    if game.sales_move_no_price or (not rules.unoperated_sales_move_price and not corp.operated()):
        movement = "none"
    # a cell whose effect is ignore_one_sale lets the first share of a sale there move nothing
    shares = int(bundle.num_shares()) - (1 if old is not None and old.ignore_one_sale else 0)
    if movement == "row_per_share":
        for _ in range(shares):
            game.stock_market.move_down(corp)
    elif movement == "row_per_10_percent":
        for _ in range(bundle.percent // 10):
            game.stock_market.move_down(corp)
    elif movement == "row_per_sale":
        game.stock_market.move_down(corp)
    elif movement == "column_per_share":
        for _ in range(shares):
            game.stock_market.move_left(corp)
    elif movement == "column_per_sale_if_president" and was_president:
        game.stock_market.move_left(corp)
    log_share_price(game, corp, old)


def log_share_price(game: "GameState", corp: Any, old: Any) -> None:
    new = corp.share_price
    if old is None or new is None or old is new:
        return
    game.log(f"{corp.name}'s share price moves from {game.format_money(old.price)} to {game.format_money(new.price)}")


def sold_out(game: "GameState", corp: Corporation) -> bool:
    """No certificate left for sale: players (and the corporation's own treasury) hold all of it; or, as
    the title's ``sold_out: none_in_pool`` says, it has floated and the pool holds none of it."""
    if game.rules.stock_round.sold_out == "none_in_pool":
        return corp.floated() and not game.share_pool.shares_of(corp)
    if corp.definition.converts_to and not corp.converted:
        return False  # the certificates of its later conversion are still in the bank
    treasury = sum(s.percent for s in corp.shares_of(corp) if not s.buyable)
    return sum(corp.player_share_holders().values()) + treasury == 100


def sold_out_rise(game: "GameState", corp: Corporation) -> int:
    return int(game.hook("sold_out_rise", corp) or 0)


def possible_presidents(game: "GameState") -> list[Player]:
    return [p for p in game.players if not p.bankrupt]


def fit_in_bank(game: "GameState", bundle: ShareBundle) -> bool:
    """The pool has room for the bundle (a sale may not put it over its limit)."""
    pool = game.share_pool
    return bundle.percent + pool.percent_of(bundle.corporation) <= market_share_limit(game, bundle.corporation)

def bank_at_limit(game: "GameState", corporation: Any) -> bool:
    return game.share_pool.common_percent_of(corporation) >= market_share_limit(game, corporation)

def buy_shares(game: "GameState", entity: Any, bundle: ShareBundle, exchange: Any = None, exchange_price: int | None = None,
               swap: Share | None = None, allow_president_change: bool = True) -> None:
    """The entity takes the bundle: it pays the seller (the corporation or the bank, as capitalization
    says), the presidency may change hands, and the corporation may float."""
    pool = game.share_pool
    if bundle.owner is not None and bundle.owner.is_player():
        raise IllegalAction("shares cannot be bought from another player", "buy shares")
    corporation = bundle.corporation
    if removes_pool_certificate(game, entity, corporation):
        last = pool.shares_of(corporation)[-1]
        pool.transfer_shares(last.to_bundle(), game.bank, allow_president_change=False)
        game.log(f"{entity.name} takes a {last.percent}% share of {corporation.name} out of the game")
        if last is bundle.shares[0]:
            return
    ipoed_before = corporation.ipoed
    floated_before = corporation.floated()
    if bundle.presidents_share is not None or (corporation.owner is not None and corporation.owner.is_player()):
        corporation.ipoed = True
    price = bundle.price()
    if ipoed_before != corporation.ipoed and corporation.par_price is not None:
        game.log(f"{entity.name} pars {corporation.name} at {game.format_money(corporation.par_price.price)}")
    if exchange is not None:
        price = exchange_price or 0
        game.log(f"{entity.name} receives a {bundle.percent}% share of {corporation.name}")
    else:
        if swap is not None:
            price -= swap.price()
        game.log(f"{entity.name} buys a {bundle.percent}% share of {corporation.name} for "
                 f"{game.format_money(price)}")
    if price == 0:
        pool.transfer_shares(bundle, entity, allow_president_change=allow_president_change)
    else:
        owner = bundle.owner
        if (corporation.capitalization == "incremental" and owner.is_corporation()) or \
                (owner.is_corporation() and owner is not corporation) or owner.is_player():
            receiver = owner
        else:
            receiver = game.bank
        if owner is corporation and escrowed(game, corporation):
            receiver = game.bank  # held in escrow until the corporation floats
        if owner is corporation and corporation.capitalization == "escrow":
            receiver = corporation   # paid while it holds more than half of itself, else held in escrow
            if corporation.percent_of(corporation) <= 50:
                receiver = game.bank
                game.escrow_held[corporation.id] = game.escrow_held.get(corporation.id, 0) + price
        pool.transfer_shares(bundle, entity, spender=game.bank if entity is pool else entity,
                             receiver=receiver, price=price, swap=swap,
                             swap_to_entity=pool if swap is not None else None,
                             allow_president_change=allow_president_change)
    if corporation.floatable and floated_before != corporation.floated():
        float_corporation(game, corporation)

def removes_pool_certificate(game: "GameState", entity: Any, corporation: Corporation) -> bool:
    """``buy_removes_pool_certificate``: a player buying into a corporation he does not preside over takes
    the pool's last certificate of it out of the game first (two-player variants)."""
    return (game.rules.stock_round.buy_removes_pool_certificate and entity is not corporation.owner
            and entity.is_player() and bool(game.share_pool.shares_of(corporation)))


def sell_shares(game: "GameState", bundle: ShareBundle, allow_president_change: bool = True, swap: Share | None = None) -> None:
    """The holder sells the bundle to the pool and the bank pays it (the price does not move here)."""
    pool = game.share_pool
    entity = bundle.owner
    if bundle.share_price is None and halves_trainless(game, bundle.corporation):
        bundle.share_price = bundle.price_per_share() // 2
    price = bundle.price()
    if swap is not None:
        price -= swap.price()
    game.log(f"{entity.name} sells {_describe(bundle)} of {bundle.corporation.name} and receives "
             f"{game.format_money(price)}")
    pool.transfer_shares(bundle, pool, spender=game.bank, receiver=entity, price=price,
                         allow_president_change=allow_president_change, swap=swap,
                         swap_to_entity=entity if swap is not None else None)

def _describe(bundle: ShareBundle) -> str:
    n = bundle.num_shares()
    return f"a {bundle.percent}% share" if n == 1 else f"{n} shares"


def move_ipo_to_pool(game: "GameState", corp: Any) -> None:
    """Every unreserved certificate still in the corporation's IPO moves to the bank pool."""
    for share in list(corp.ipo_owner.shares_of(corp)):
        if share.buyable:
            game.share_pool.transfer_shares(share.to_bundle(), game.share_pool, allow_president_change=False)


def reserved_par_cells(game: "GameState") -> dict[str, list[Any]]:
    """The par cells market.yaml ``par_prices`` reserves, by corporation ("120z": price 120, zone letters z)."""
    out: dict[str, list[Any]] = {}
    for sym, cells in game.title.model.market.par_prices.items():
        for text in cells:
            digits = "".join(ch for ch in str(text) if ch.isdigit())
            letters = "".join(ch for ch in str(text) if ch.isalpha())
            out.setdefault(sym, []).extend(
                cell for row in game.stock_market.grid for cell in row
                if cell is not None and cell.price == int(digits or 0) and cell.zones == letters)
    return out
