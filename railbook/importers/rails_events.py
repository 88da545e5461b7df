"""What each Rails report event does to the game: the handlers the driver
(:mod:`.rails_actions`) calls, one per event key.

A handler either turns its event into an action for the engine (a bid, a
share bought, a tile laid, a train bought...), answering what Rails leaves
out from the game's state (which certificate, which tile copy, which city),
or compares what the engine did by itself with what the report says (price
moves as notes; ``Has`` cash checkpoints strictly). Events the engine brings
about alone are listed in ``PASSIVE``.
"""

from __future__ import annotations

from typing import Any

from railbook.engine.rules.tokens import token_price
from railbook.importers.rails import Event
from railbook.importers.rails_actions import (
    COMPASS,
    IMPORTER,
    Handler,
    ReportDriver,
    ReportMismatch,
    corp_fields,
)


def on_player_cash(d: ReportDriver, e: Event) -> None:
    amount = e.int_arg(0)
    wrong = [p.name for p in d.game.players if p.cash != amount]
    if wrong:
        raise ReportMismatch(f"line {e.line}: players start with {amount} in the report, but "
                             f"{', '.join(wrong)} do not in the engine", "starting cash")


def on_bank(d: ReportDriver, e: Event) -> None:
    if not d.game.bank.unlimited and d.game.bank.cash != e.int_arg(0):
        d.note(f"the bank holds {d.game.bank.cash} in the engine, {e.int_arg(0)} in the report")


def on_bid(d: ReportDriver, e: Event) -> None:
    player = d.player(e.arg(0))
    company = d.company(e.arg(2))
    d.act({"type": "bid", "entity": player.id, "company": company.id, "price": e.int_arg(1)})


def on_buys_item(d: ReportDriver, e: Event) -> None:
    player = d.player(e.arg(0))
    company = d.company(e.arg(1))
    if company.owner is player:
        return  # assigned by the engine: the only bidder when it became the cheapest item
    d.act({"type": "bid", "entity": player.id, "company": company.id, "price": e.int_arg(2)})


def on_pass(d: ReportDriver, e: Event) -> None:
    player = d.player(e.arg(0))
    nxt = d.report.events[d.index + 1] if d.index + 1 < len(d.report.events) else None
    action = {"type": "pass", "entity": player.id}
    if d.game.current_entity is not player:
        if player.passed or (d.game.round is not d.acting_round and not d.acting_round.operating()):
            return  # the engine skipped a player who could do nothing; Rails logs the pass
        raise ReportMismatch(f"line {e.line}: {player.name} passes, but it is "
                             f"{d.game.describe_entity(d.game.current_entity)}'s turn", "turn order")
    if nxt is not None and nxt.key == "ALL_PASSED" and d.game.round.auction():
        d.delayed_pass = action  # the private income of Rails' short operating round is checked after it
        return
    d.act(action)


def on_short_or(d: ReportDriver, e: Event) -> None:
    if d.delayed_pass is not None:
        action, d.delayed_pass = d.delayed_pass, None
        d.act(action)


def on_start_company(d: ReportDriver, e: Event) -> None:
    player = d.player(e.arg(0))
    corp = d.corporation(e.arg(1))
    cell = d.par_cell(corp, e.int_arg(2))
    d.act({"type": "par", "entity": player.id, "corporation": corp.id, "share_price": cell.id})


def share_source(d: ReportDriver, corp: Any, source: str) -> Any:
    if source == "Pool":
        return d.game.share_pool
    if source == "IPO":
        return corp.ipo_owner
    if source == corp.id:
        return corp
    p = d.game.player_by_id(source)
    if p is not None:
        return p
    raise ReportMismatch(f"line {d.line}: unknown certificate source {source!r}", "report")


def pick_shares(d: ReportDriver, holder: Any, corp: Any, percent: int, count: int) -> list[Any]:
    shares = [s for s in holder.shares_of(corp) if s.percent == percent and not s.president]
    if len(shares) < count:
        shares = [s for s in holder.shares_of(corp) if s.percent == percent]
    if len(shares) < count:
        raise ReportMismatch(f"line {d.line}: {d.game.describe_entity(holder)} does not hold {count} "
                             f"certificate(s) of {percent}% of {corp.name}", "shares")
    shares.sort(key=lambda s: s.index)
    return shares[:count]


def buy_shares(d: ReportDriver, buyer_name: str, count: int, percent: int, corp_name: str, source: str) -> None:
    corp = d.corporation(corp_name)
    buyer, fields = d.entity(buyer_name)
    holder = share_source(d, corp, source)
    shares = pick_shares(d, holder, corp, percent, count)
    action = {"type": "buy_shares", **fields, "shares": [s.id for s in shares], "percent": percent * count}
    if buyer.is_corporation():
        d.ready_for(buyer, "buy_shares", "a corporation buying certificates")
    d.act(action)


def on_buy_share(d: ReportDriver, e: Event) -> None:
    buy_shares(d, e.arg(0), 1, e.int_arg(1), e.arg(2), e.arg(3))


def on_buy_shares(d: ReportDriver, e: Event) -> None:
    buy_shares(d, e.arg(0), e.int_arg(1), e.int_arg(2), e.arg(4), e.arg(5))


def sell_shares(d: ReportDriver, seller_name: str, count: int, percent: int, corp_name: str) -> None:
    corp = d.corporation(corp_name)
    seller, fields = d.entity(seller_name.split(" (")[0])
    shares = [s for s in seller.shares_of(corp) if not s.president and s.percent == percent]
    shares.sort(key=lambda s: s.index)
    if len(shares) < count:
        # the president's certificate goes too (the buyer of the presidency swaps certificates)
        shares = sorted(seller.shares_of(corp), key=lambda s: (s.president, s.index))
    total = percent * count
    chosen: list[Any] = []
    acc = 0
    for s in shares:
        if acc >= total:
            break
        chosen.append(s)
        acc += s.percent
    if acc < total:
        raise ReportMismatch(f"line {d.line}: {seller.name} does not hold {total}% of {corp.name}", "shares")
    if seller.is_corporation():
        d.ready_for(seller, "sell_shares", "a corporation selling certificates")
    elif d.operator() is not None:  # a president raising cash for his corporation's train
        d.ready_for(seller, "sell_shares", "a president selling certificates")
    d.act({"type": "sell_shares", **fields, "shares": [s.id for s in chosen], "percent": total})


def on_sell_share(d: ReportDriver, e: Event) -> None:
    sell_shares(d, e.arg(0), 1, e.int_arg(1), e.arg(2))


def on_sell_shares(d: ReportDriver, e: Event) -> None:
    sell_shares(d, e.arg(0), e.int_arg(1), e.int_arg(2), e.arg(4))


def on_price(d: ReportDriver, e: Event) -> None:
    corp = d.game.corporation_by_id(e.arg(0))
    if corp is None:
        return
    price = e.int_arg(3) if e.key == "PRICE_MOVES_LOG" else e.int_arg(1)
    prev = d.report.events[d.index - 1].key if d.index else ""
    if prev in ("CompanyTakesLoan", "CompanyTakesLoans"):
        # Rails logs a loan and its price move before the action that takes it: a train (checked after
        # it), or a dividend (which moves the price again: not checked)
        if d.next_action_key() == "BuysTrain":
            d.deferred.append((corp.id, price, e.line))
        return
    d.check_price(corp.id, price)


def on_end_sr(d: ReportDriver, e: Event) -> None:
    if d.game.round.stock() and not d.game.finished:
        raise ReportMismatch(f"line {e.line}: the stock round ends in the report, but "
                             f"{d.game.describe_entity(d.game.current_entity)} may still act in the engine",
                             "stock round")


def on_start_or(d: ReportDriver, e: Event) -> None:
    if d.delayed_pass is not None:
        on_short_or(d, e)


def on_company_operates(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    d.pass_operator(lambda: d.operator() is corp, f"{corp.name} operating")


def on_end_or(d: ReportDriver, e: Event) -> None:
    r = d.acting_round if d.acting_round.operating() else d.game.round
    d.pass_operator(lambda: d.game.round is not r or d.game.finished, "the end of the operating round")


def tile_rotation(d: ReportDriver, tile: Any, compass: str) -> int:
    if compass not in COMPASS:
        raise ReportMismatch(f"line {d.line}: unknown orientation {compass!r}", "report")
    offset: int = tile.definition.recorded_rotations.get(IMPORTER, 0)
    return (COMPASS[compass] + offset) % 6


def free_tile(d: ReportDriver, name: str) -> Any:
    tile = next((t for t in d.game.tiles if t.name == name and t.hex is None), None)
    if tile is None:
        raise ReportMismatch(f"line {d.line}: no tile {name} is left in the supply", "tile supply")
    return tile


def on_lay_tile(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    hex_ = d.game.hex_by_id(e.arg(2))
    if hex_ is None:
        raise ReportMismatch(f"line {e.line}: unknown hex {e.arg(2)!r}", "report")
    tile = free_tile(d, e.arg(1))
    action = {"type": "lay_tile", "tile": tile.id, "hex": hex_.id, "rotation": tile_rotation(d, tile, e.arg(3))}
    if d.correction:
        d.act({**action, "type": "map_correction", **corp_fields(corp)})
        return
    cost = e.int_arg(4) if e.key == "LaysTileAtFor" else 0
    action.update(corp_fields(corp))
    reserved = hex_reserved_for(d, hex_)
    if reserved is not None and reserved is not corp:
        action["consent"] = True  # Rails asks the reserving president; a lay in the report had it
    company = private_lay(d, corp, hex_, cost)
    if company is not None:
        action.update({"entity": company.id, "entity_type": "company"})
        d.ready_for(company, "lay_tile", "a private's tile lay")
    else:
        d.ready_for(corp, "lay_tile", "a tile lay")
    d.act(action)


def hex_reserved_for(d: ReportDriver, hex_: Any) -> Any:
    printed = d.game.title.model.map.hexes.get(hex_.id)
    who = printed.reserved_for if printed is not None else None
    return d.game.corporation_by_id(who) if who else None


def private_lay(d: ReportDriver, corp: Any, hex_: Any, cost: int) -> Any:
    """A free lay on a hex whose terrain costs money is a private's ability at work."""
    terrain = hex_.tile.upgrade_cost()
    if cost or not terrain:
        return None
    for company in d.game.companies:
        if company.closed or company.owner is None:
            continue
        if company.owner is not corp.owner and company.owner is not corp:
            continue
        for a in company.abilities:
            if a.type == "tile_lay" and a.free and (not a.hexes or hex_.id in a.hexes):
                return company
    return None


def on_correction(d: ReportDriver, e: Event) -> None:
    d.correction = e.key == "CorrectionModeActivate"


def on_map_correction(d: ReportDriver, e: Event) -> None:
    """CorrectMapLaysTileAt,tile,hex,orientation: a tile forced onto the map."""
    hex_ = d.game.hex_by_id(e.arg(1))
    if hex_ is None:
        raise ReportMismatch(f"line {e.line}: unknown hex {e.arg(1)!r}", "report")
    tile = free_tile(d, e.arg(0).lstrip("#"))
    who = d.game.current_entity
    fields = corp_fields(who) if who is not None and who.is_corporation() else \
        {"entity": (who or d.game.players[0]).id, "entity_type": "player"}
    d.act({"type": "map_correction", **fields, "tile": tile.id, "hex": hex_.id,
           "rotation": tile_rotation(d, tile, e.arg(2))})


def on_cash_correction(d: ReportDriver, e: Event) -> None:
    """CorrectCashAddMoney / CorrectCashSubstractMoney,holder,amount: cash forced in or out."""
    target, fields = d.entity(e.arg(0))
    amount = e.int_arg(1) * (1 if e.key == "CorrectCashAddMoney" else -1)
    who = d.game.current_entity
    actor = {"entity": who.id, "entity_type": "corporation" if who.is_corporation() else "player"} \
        if who is not None and not who.is_company() else {"entity": d.game.players[0].id, "entity_type": "player"}
    d.act({"type": "cash_correction", **actor, "target": fields["entity"], "target_type": fields["entity_type"],
           "amount": amount})


def on_discard_train(d: ReportDriver, e: Event) -> None:
    """CompanyDiscardsTrain,corporation,train,to: a train over the limit goes back."""
    corp = d.corporation(e.arg(0))
    train = next((t for t in corp.trains if t.name == e.arg(1)), None)
    if train is None:
        raise ReportMismatch(f"line {e.line}: {corp.name} has no {e.arg(1)} train to discard", "report")
    d.act({"type": "discard_train", **corp_fields(corp), "train": train.id})


def city_for_token(d: ReportDriver, corp: Any, hex_id: str) -> Any:
    hex_ = d.game.hex_by_id(hex_id.split("/")[0])
    if hex_ is None:
        raise ReportMismatch(f"line {d.line}: unknown hex {hex_id!r}", "report")
    cities = hex_.tile.cities
    if "/" in hex_id:
        n = int(hex_id.split("/")[1].split("(")[0])
        return cities[n - 1]
    free = [c for c in cities if c.tokenable(corp, free=True)]
    if not free:
        return cities[0] if cities else None
    return free[0]


def on_lay_token(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    city = city_for_token(d, corp, e.arg(1))
    if d.correction:
        d.act({"type": "token_correction", **corp_fields(corp), "city": city.id})
        return
    d.ready_for(corp, "place_token", "a station token")
    token = corp.find_token_by_type()
    price = token_price(d.game, corp, city, token) if token is not None else None
    d.act({"type": "place_token", **corp_fields(corp), "city": city.id})
    stated = e.int_arg(2) if e.key == "LAYS_TOKEN_ON" else 0
    if price != stated:
        d.note(f"{corp.name}'s token costs {price} in the engine, {stated} in the report")


def on_bonus_token(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    company = d.company(e.arg(1))
    d.ready_for(company, "assign", "a bonus token")
    d.act({"type": "assign", "entity": company.id, "entity_type": "company", "target": e.arg(3),
           "target_type": "hex", "corporation": corp.id})


def on_buys_right(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    owner = corp.owner
    company = next((c for c in owner.companies if any(a.type == "train_limit" for a in c.abilities)), None) \
        if owner is not None else None
    if company is None:
        raise ReportMismatch(f"line {e.line}: {corp.name}'s president owns no private giving {e.arg(1)}", "report")
    d.ready_for(company, "assign", "a private's right")
    d.act({"type": "assign", "entity": company.id, "entity_type": "company", "target": corp.id,
           "target_type": "corporation"})


def on_destination(d: ReportDriver, e: Event) -> None:
    """Consecutive DestinationReached lines are one declaration."""
    prev = d.report.events[d.index - 1] if d.index else None
    if prev is not None and prev.key == "DestinationReached":
        return
    corps = []
    for ev in d.report.events[d.index:]:
        if ev.key != "DestinationReached":
            break
        corps.append(d.corporation(ev.arg(0)).id)
    operator = d.operator()
    if operator is None:
        raise ReportMismatch(f"line {e.line}: destinations are declared outside an operating round", "report")
    d.ready_for(operator, "destination_connection", "a destination declaration")
    d.act({"type": "destination_connection", **corp_fields(operator), "corporations": corps})


def on_grown(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    if corp.share_percent == 100 // e.int_arg(1):
        return  # converted by the engine (a phase change)
    d.ready_for(corp, "convert", "a conversion")
    d.act({"type": "convert", **corp_fields(corp)})


def on_revenue(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    revenue = e.int_arg(1)
    d.ready_for(corp, "run_routes", "a train run")
    d.act({"type": "run_routes", **corp_fields(corp), "routes": [], "stated_revenue": revenue})


def dividend(d: ReportDriver, e: Event, kind: str) -> None:
    corp = d.corporation(e.arg(0))
    d.ready_for(corp, "dividend", "the dividend")
    d.act({"type": "dividend", **corp_fields(corp), "kind": kind})


def on_no_dividend(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    key = (d.game.turn, d.game.round.round_num)

    def done() -> bool:
        return key in corp.operating_history or d.accepts(corp, "dividend")

    d.pass_operator(done, "no dividend")
    if key not in corp.operating_history:
        d.act({"type": "dividend", **corp_fields(corp), "kind": "withhold"})


def on_buy_train(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    name, source, price = e.arg(1), e.arg(2), e.int_arg(3)
    if source in ("IPO", "Pool"):
        depot = d.game.depot
        candidates = [t for t in depot.depot_trains() if t.name == name]
        if source == "Pool":
            candidates = [t for t in depot.discarded if t.name == name] or candidates
        else:
            candidates = [t for t in candidates if t not in depot.discarded] or candidates
    else:
        seller = d.corporation(source)
        candidates = [t for t in seller.trains if t.name == name]
    if not candidates:
        raise ReportMismatch(f"line {e.line}: no {name} train is for sale from {source}", "buy train")
    d.ready_for(corp, "buy_train", "a train purchase")
    d.act({"type": "buy_train", **corp_fields(corp), "train": candidates[0].id, "price": price})


def on_repay(d: ReportDriver, e: Event) -> None:
    corp = d.corporation(e.arg(0))
    for _ in range(e.int_arg(3)):
        d.ready_for(corp, "payoff_loan", "a loan repayment")
        d.act({"type": "payoff_loan", **corp_fields(corp)})


def on_bought_bond(d: ReportDriver, e: Event) -> None:
    buyer, fields = d.entity(e.arg(0))
    corp = d.corporation(e.arg(2))
    source = e.arg(3)
    frm = "pool" if source.startswith("Bank") or source == "Pool" else d.player(source).id
    if buyer.is_corporation():
        d.ready_for(buyer, "buy_bonds", "a bond purchase")
    d.act({"type": "buy_bonds", **fields, "corporation": corp.id, "count": e.int_arg(1), "from": frm})


def on_sold_bond(d: ReportDriver, e: Event) -> None:
    seller = d.player(e.arg(0))
    corp = d.corporation(e.arg(2))
    d.act({"type": "sell_bonds", "entity": seller.id, "corporation": corp.id, "count": e.int_arg(1)})


def on_exchange_token(d: ReportDriver, e: Event) -> None:
    """Consecutive ExchangesBaseToken / NoBaseTokenExchange lines are one choice of the national's president."""
    prev = d.report.events[d.index - 1] if d.index else None
    if prev is not None and prev.key in ("ExchangesBaseToken", "NoBaseTokenExchange"):
        return
    national = d.corporation(e.arg(0))
    cities = []
    for ev in d.report.events[d.index:]:
        if ev.key == "NoBaseTokenExchange":
            continue
        if ev.key != "ExchangesBaseToken":
            break
        old = d.corporation(ev.arg(1))
        city = old_token_city(d, old, ev.arg(2))
        cities.append(city.id)
    d.act({"type": "exchange_tokens", **corp_fields(national), "cities": cities})


def old_token_city(d: ReportDriver, old: Any, stop: str) -> Any:
    hex_id = stop.split("/")[0]
    for t in old.tokens:
        if t.hex is not None and t.hex.id == hex_id:
            return t.city
    hex_ = d.game.hex_by_id(hex_id)
    if hex_ is None:
        raise ReportMismatch(f"line {d.line}: unknown hex {hex_id!r}", "report")
    return city_for_token(d, old, stop)


def on_checkpoint(d: ReportDriver, e: Event) -> None:
    d.check_cash(e)


HANDLERS: dict[str, Handler] = {
    "PlayerCash": on_player_cash,
    "BankHas": on_bank,
    "BID_ITEM_LOG": on_bid,
    "BuysItemFor": on_buys_item,
    "PASSES": on_pass,
    "ShortORExecuted": on_short_or,
    "START_COMPANY_LOG": on_start_company,
    "BUY_SHARE_LOG": on_buy_share,
    "BUY_SHARES_LOG": on_buy_shares,
    "SELL_SHARE_LOG": on_sell_share,
    "SELL_SHARES_LOG": on_sell_shares,
    "PRICE_MOVES_LOG": on_price,
    "PRICE_STAYS_LOG": on_price,
    "END_SR": on_end_sr,
    "START_OR": on_start_or,
    "CompanyOperates": on_company_operates,
    "EndOfOperatingRound": on_end_or,
    "LaysTileAt": on_lay_tile,
    "LaysTileAtFor": on_lay_tile,
    "CorrectionModeActivate": on_correction,
    "CorrectionModeDeactivate": on_correction,
    "CorrectMapLaysTileAt": on_map_correction,
    "CorrectCashAddMoney": on_cash_correction,
    "CorrectCashSubstractMoney": on_cash_correction,
    "CompanyDiscardsTrain": on_discard_train,
    "BuyPresidentLog": on_buy_share,
    "LAYS_TOKEN_ON": on_lay_token,
    "LAYS_FREE_TOKEN_ON": on_lay_token,
    "Autopasses": on_pass,
    "LaysBonusTokenOn": on_bonus_token,
    "BuysRight": on_buys_right,
    "DestinationReached": on_destination,
    "CompanyHasGrown": on_grown,
    "CompanyRevenue": on_revenue,
    "CompanyPaysOutFull": lambda d, e: dividend(d, e, "payout"),
    "CompanySplits": lambda d, e: dividend(d, e, "half"),
    "CompanyWithholds": lambda d, e: dividend(d, e, "withhold"),
    "CompanyDoesNotPayDividend": on_no_dividend,
    "BuysTrain": on_buy_train,
    "CompanyRepaysLoans": on_repay,
    "BoughtBond": on_bought_bond,
    "BoughtBonds": on_bought_bond,
    "SoldBond": on_sold_bond,
    "SoldBonds": on_sold_bond,
    "ExchangesBaseToken": on_exchange_token,
    "NoBaseTokenExchange": on_exchange_token,
    "Has": on_checkpoint,
}
