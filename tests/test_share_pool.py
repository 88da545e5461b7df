"""Certificates changing hands (railbook/engine/market/share_pool.py and
railbook/engine/rules/shares.py): who presides, what a sale does to the price, and the
limits on holding and selling.

Most positions come from the 1830 opening (tests/scenarios/1830_opening.json) at stock
round 2, where the players hold, in seating order Bob, Cat, Dan, Ann:

    PRR ($65): Dan 30% (president: PRR_0, PRR_3), Ann 30% (PRR_1, PRR_2, PRR_4), IPO 40%
    NYC ($65): Cat 40% (president: NYC_0, NYC_1, NYC_2), Dan 10% (NYC_3), Ann 10% (NYC_4)
    B&O ($100, not floated): Bob 40%

and Bob, Cat and Dan may pass to give Ann the turn. Others are set up on a fresh game by the
rule functions themselves (four players Ann, Bo, Cy, Di).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from play_support import opening_at, refused, title_with

from railbook.engine.entities.share import ShareBundle
from railbook.engine.game import Game
from railbook.engine.rules.shares import (
    bank_at_limit,
    bundles_for_corporation,
    buy_shares,
    cert_limit,
    check_sale_timing,
    fit_in_bank,
    num_certs,
    sell_shares,
    sell_shares_and_change_price,
)
from railbook.engine.title import Title
from railbook.errors import IllegalAction

SR2 = 30  # the opening's first action of stock round 2
ANN, BOB, CAT, DAN = 1, 2, 3, 4
SR2_ORDER = [BOB, CAT, DAN, ANN]


def player_action(game: Game, pid: int, kind: str, **fields: Any) -> None:
    game.process({"type": kind, "entity": pid, "entity_type": "player", **fields})


def passes(game: Game, *pids: int) -> None:
    for pid in pids:
        player_action(game, pid, "pass")


def sell(game: Game, pid: int, *shares: str, percent: int) -> None:
    player_action(game, pid, "sell_shares", shares=list(shares), percent=percent)


def buy(game: Game, pid: int, share: str) -> None:
    player_action(game, pid, "buy_shares", shares=[share], percent=10)


def sr2(title: Title | None = None, to_act: int = BOB) -> Game:
    """Stock round 2 of the opening, with ``to_act`` to act (the players before pass)."""
    game = opening_at(SR2, title)
    passes(game, *SR2_ORDER[:SR2_ORDER.index(to_act)])
    return game


def held(game: Game, corporation: str) -> dict[str, list[str]]:
    """Who holds which certificates of the corporation (the pool as "pool")."""
    corp = game.corporation_by_id(corporation)
    out = {p.name: sorted(s.id for s in p.shares_of(corp)) for p in game.players if p.shares_of(corp)}
    if game.share_pool.shares_of(corp):
        out["pool"] = sorted(s.id for s in game.share_pool.shares_of(corp))
    return out


def president(game: Game, corporation: str) -> str:
    return game.corporation_by_id(corporation).owner.name


# ---------------------------------------------------------------- a fresh game, set up by the rules

def fresh(title: str = "1830") -> Game:
    return Game(Title.load(title), [(1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di")], seed=1)


def parred(game: Game, corporation: str, price_id: str, president_id: int) -> Any:
    corp = game.corporation_by_id(corporation)
    game.stock_market.set_par(corp, game.stock_market.by_id(price_id))
    buy_shares(game, game.player_by_id(president_id), corp.presidents_share.to_bundle())
    return corp


def buys_ipo(game: Game, corp: Any, *pids: int) -> None:
    for pid in pids:
        buy_shares(game, game.player_by_id(pid), corp.available_share().to_bundle())


# ---------------------------------------------------------------- buying

def test_the_par_buyer_presides_and_pays_the_bank_for_the_presidents_certificate() -> None:
    game = fresh()
    bank = game.bank.cash
    prr = parred(game, "PRR", "67,5,6", 1)
    ann = game.player_by_id(1)
    assert prr.owner is ann and prr.presidents_share.owner is ann
    assert ann.cash == 600 - 134 and game.bank.cash == bank + 134
    assert game.log_lines[-3:] == ["Ann pars PRR at $67", "Ann buys a 20% share of PRR for $134",
                                   "Ann becomes the president of PRR"]


def test_a_corporation_floats_when_sixty_percent_are_sold_and_receives_ten_times_par() -> None:
    game = fresh()
    prr = parred(game, "PRR", "67,5,6", 1)
    buys_ipo(game, prr, 2, 3, 4)
    assert not prr.floated() and prr.cash == 0
    buys_ipo(game, prr, 2)
    assert prr.floated() and prr.cash == 670
    assert game.log_lines[-2:] == ["PRR floats", "PRR receives $670"]


def test_shares_are_never_bought_from_another_player() -> None:
    game = fresh()
    prr = parred(game, "PRR", "67,5,6", 1)
    buys_ipo(game, prr, 2)
    with pytest.raises(IllegalAction) as info:
        buy_shares(game, game.player_by_id(1), game.player_by_id(2).shares_of(prr)[0].to_bundle())
    assert info.value.rule == "buy shares"


# ---------------------------------------------------------------- presidency

def test_presidency_passes_to_the_player_with_the_most_shares() -> None:
    game = sr2(to_act=ANN)
    buy(game, ANN, "PRR_5")  # Ann 40%, Dan 30%
    assert president(game, "PRR") == "Ann"
    assert game.log_lines[-1] == "Ann becomes the president of PRR"


def test_the_new_president_swaps_two_shares_for_the_presidents_certificate() -> None:
    game = sr2(to_act=ANN)
    buy(game, ANN, "PRR_5")
    assert held(game, "PRR") == {"Dan": ["PRR_1", "PRR_2", "PRR_3"], "Ann": ["PRR_0", "PRR_4", "PRR_5"]}


def test_a_tie_keeps_the_sitting_president() -> None:
    game = sr2(to_act=ANN)
    buy(game, ANN, "PRR_5")
    passes(game, ANN, BOB, CAT)
    buy(game, DAN, "PRR_6")  # Dan 40%, Ann 40%
    assert president(game, "PRR") == "Ann"
    assert game.log_lines[-1] == "Dan buys a 10% share of PRR for $67"


def test_a_president_who_sells_below_another_player_loses_the_presidency() -> None:
    """Dan sells 10% (20% left, Ann 30%): Ann takes the president's certificate and hands Dan two shares."""
    game = sr2(to_act=DAN)
    sell(game, DAN, "PRR_3", percent=10)
    assert president(game, "PRR") == "Ann"
    assert held(game, "PRR") == {"Dan": ["PRR_1", "PRR_2"], "Ann": ["PRR_0", "PRR_4"], "pool": ["PRR_3"]}


def test_a_sold_presidents_certificate_is_exchanged_for_two_shares_in_the_pool() -> None:
    game = sr2(to_act=DAN)
    cash = game.player_by_id(DAN).cash
    sell(game, DAN, "PRR_0", percent=20)
    assert president(game, "PRR") == "Ann"
    assert held(game, "PRR") == {"Dan": ["PRR_3"], "Ann": ["PRR_0", "PRR_4"], "pool": ["PRR_1", "PRR_2"]}
    assert game.player_by_id(DAN).cash == cash + 2 * 65


def test_a_president_may_sell_part_of_the_presidents_certificate() -> None:
    """20% of Dan's 30% (PRR_3 and half the president's certificate): he keeps a 10% share."""
    game = sr2(to_act=DAN)
    sell(game, DAN, "PRR_3", "PRR_0", percent=20)
    assert held(game, "PRR") == {"Dan": ["PRR_3"], "Ann": ["PRR_0", "PRR_4"], "pool": ["PRR_1", "PRR_2"]}


def test_a_sale_may_not_dump_the_presidency_onto_nobody() -> None:
    """Cat holds 40% of NYC, nobody else more than 10%: she may sell shares, never the president's certificate."""
    game = sr2(to_act=CAT)
    cat, nyc = game.player_by_id(CAT), game.corporation_by_id("NYC")
    dumpable = {b.percent: b.can_dump(cat) for b in bundles_for_corporation(game, cat, nyc)}
    assert dumpable == {10: True, 20: True, 30: False, 40: False}
    message = refused(game, "sell shares", sell, CAT, "NYC_1", "NYC_0", percent=30)
    assert "no one else could take the presidency" in message
    sell(game, CAT, "NYC_1", "NYC_2", percent=20)
    assert president(game, "NYC") == "Cat"


def test_among_tied_successors_the_next_player_after_the_old_president_presides() -> None:
    """Cy (30%) sells the president's certificate; Ann and Di hold 20% each: Di sits next after Cy."""
    game = fresh()
    prr = parred(game, "PRR", "67,5,6", 3)
    buys_ipo(game, prr, 3, 1, 1, 4, 4)
    sell_shares(game, ShareBundle([prr.presidents_share]))
    assert prr.owner is game.player_by_id(4)
    assert prr.presidents_share.owner is game.player_by_id(4)


# ---------------------------------------------------------------- the bundles a holder may sell

def test_a_holder_may_sell_any_number_of_shares_and_the_president_part_of_his_certificate() -> None:
    game = sr2()
    prr = game.corporation_by_id("PRR")
    dan_bundles = bundles_for_corporation(game, game.player_by_id(DAN), prr)
    assert [(b.percent, [s.id for s in b.shares]) for b in dan_bundles] == \
        [(10, ["PRR_3"]), (20, ["PRR_3", "PRR_0"]), (30, ["PRR_3", "PRR_0"])]
    assert [b.partial() for b in dan_bundles] == [False, True, False]
    assert [b.percent for b in bundles_for_corporation(game, game.player_by_id(ANN), prr)] == [10, 20, 30]


def test_there_is_nothing_to_sell_of_a_corporation_not_parred_or_not_held() -> None:
    game = sr2()
    assert bundles_for_corporation(game, game.player_by_id(ANN), game.corporation_by_id("ERIE")) == []
    assert bundles_for_corporation(game, game.player_by_id(BOB), game.corporation_by_id("PRR")) == []


# ---------------------------------------------------------------- sale prices and limits

def test_selling_drops_price_one_row_per_share() -> None:
    """1830 (stock_round.sale_price_drop: row_per_share): two shares, two rows, $65 -> $63 -> $60."""
    game = sr2(to_act=ANN)
    cash = game.player_by_id(ANN).cash
    sell(game, ANN, "PRR_1", "PRR_2", percent=20)
    assert game.corporation_by_id("PRR").share_price.id == "60,7,5"
    assert game.player_by_id(ANN).cash == cash + 130  # sold at the price before the drop
    assert game.log_lines[-2:] == ["Ann sells 2 shares of PRR and receives $130",
                                   "PRR's share price moves from $65 to $60"]


@pytest.mark.parametrize("drop, price_id", [
    ("row_per_share", "60,7,5"),
    ("row_per_10_percent", "60,7,5"),
    ("row_per_sale", "63,6,5"),
    ("column_per_share", "50,5,3"),
    ("none", "65,5,5"),
])
def test_a_sale_of_two_shares_moves_the_price_as_the_title_says(drop: str, price_id: str) -> None:
    rules = Title.load("1830").model.title
    title = title_with("1830", title=dataclasses.replace(
        rules, stock_round=dataclasses.replace(rules.stock_round, sale_price_drop=drop)))
    game = sr2(title, to_act=ANN)
    sell(game, ANN, "PRR_1", "PRR_2", percent=20)
    assert game.corporation_by_id("PRR").share_price.id == price_id


def test_the_bare_sale_pays_the_seller_and_leaves_the_price() -> None:
    """sell_shares moves certificates and money; the price drop is sell_shares_and_change_price's."""
    game = sr2()
    prr, ann = game.corporation_by_id("PRR"), game.player_by_id(ANN)
    cash, bank = ann.cash, game.bank.cash
    sell_shares(game, ShareBundle([game.share_by_id("PRR_1")]))
    assert (ann.cash, game.bank.cash, prr.share_price.price) == (cash + 65, bank - 65, 65)
    sell_shares_and_change_price(game, ShareBundle([game.share_by_id("PRR_2")]))
    assert prr.share_price.price == 63


def test_the_pool_limit_refuses_a_sale() -> None:
    """1830's pool holds at most 50% of a corporation."""
    game = fresh()
    prr = parred(game, "PRR", "67,5,6", 1)
    buys_ipo(game, prr, 2, 2, 3, 3, 4, 4)
    for pid in (2, 2, 3, 3):
        sell_shares(game, ShareBundle([game.player_by_id(pid).shares_of(prr)[0]]))
    assert game.share_pool.percent_of(prr) == 40 and not bank_at_limit(game, prr)
    di = game.player_by_id(4)
    assert fit_in_bank(game, ShareBundle(di.shares_of(prr)[:1]))
    assert not fit_in_bank(game, ShareBundle(di.shares_of(prr)))   # 40% + 20% > 50%
    sell_shares(game, ShareBundle(di.shares_of(prr)[:1]))
    assert bank_at_limit(game, prr) and not fit_in_bank(game, ShareBundle(di.shares_of(prr)))


def test_in_1893_the_market_holds_what_is_left_after_a_par_so_nothing_fits() -> None:
    """1893: after its par the DE's other 80% wait in the market, over the 50% a sale may fill."""
    game = fresh("1893")
    de = game.corporation_by_id("DE")
    game.stock_market.set_par(de, game.stock_market.by_id("60,5,1"))
    buy_shares(game, game.player_by_id(1), de.presidents_share.to_bundle())
    for share in list(de.shares_of(de)):
        game.share_pool.transfer_shares(share.to_bundle(), game.share_pool, allow_president_change=False)
    assert game.share_pool.percent_of(de) == 80 and bank_at_limit(game, de)
    assert not fit_in_bank(game, ShareBundle([de.presidents_share]))


def test_no_sale_in_the_first_stock_round_or_before_the_corporation_operates() -> None:
    """1830 sells from stock round 2 on (and in an operating round, to buy a train); 1826
    (first_sales_after: operation) once the corporation has operated."""
    for n, may in ((9, False), (SR2 - 1, True), (SR2, True)):   # stock round 1, operating round 1, stock round 2
        game = opening_at(n)
        assert check_sale_timing(game, game.player_by_id(ANN), ShareBundle([game.share_by_id("PRR_1")])) is may
    game = fresh("1826")
    corp = game.corporations[0]
    game.stock_market.set_par(corp, game.stock_market.par_prices[0])
    buy_shares(game, game.player_by_id(1), corp.presidents_share.to_bundle())
    bundle = ShareBundle([corp.presidents_share])
    assert not check_sale_timing(game, game.player_by_id(1), bundle)
    corp.operating_history[(1, 1)] = "operated"
    assert check_sale_timing(game, game.player_by_id(1), bundle)


# ---------------------------------------------------------------- the certificate limit

@pytest.mark.parametrize("players, limit", [(2, 28), (4, 16), (6, 11)])
def test_the_certificate_limit_depends_on_the_number_of_players(players: int, limit: int) -> None:
    game = Game(Title.load("1830"), [(i, f"P{i}") for i in range(1, players + 1)], seed=1)
    assert cert_limit(game) == limit


def test_certificates_and_privates_count_for_the_limit_a_presidents_certificate_once() -> None:
    game = sr2()
    assert num_certs(game, game.player_by_id(ANN)) == 1 + 3 + 2   # NYC, PRR and the C&A and Schuylkill Valley
    assert num_certs(game, game.player_by_id(DAN)) == 1 + 2 + 1   # NYC, PRR (president's: one certificate), M&H


def test_shares_in_the_yellow_zone_do_not_count_for_the_certificate_limit() -> None:
    game = sr2()
    nyc = game.corporation_by_id("NYC")
    game.stock_market.move(nyc, (0, 0))   # 60y
    assert not nyc.counts_for_limit()
    assert num_certs(game, game.player_by_id(ANN)) == 3 + 2
    assert num_certs(game, game.player_by_id(CAT)) == 1        # the Delaware & Hudson only
