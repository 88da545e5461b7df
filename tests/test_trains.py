"""Trains and the depot (railbook/engine/entities/train.py), buying them and the phases they
start (railbook/engine/rules/trains.py, railbook/engine/rules/phases.py).

Trains are sold here by the rule functions on a fresh game, as the train step sells them
(buy_train, then after_train_bought); the buyer gets the price from the bank first. The
numbers are the titles' trains.yaml:

    1830: 2 ($80, 6, rust on 4), 3 ($180, 5, rust on 6), 4 ($300, 4, rust on D), 5 ($450, 3,
          closes the privates), 6 ($630, 2), D ($1,100, unlimited, from phase 6, $300 off for a 4, 5 or 6)
          phases 2, 3, 4, 5, 6, D: train limit 4, 4, 3, 2, 2, 2
    1894: 2 (F80, 7), 3 (F120, 5, F40 off for a 2), 4 (F300, 4, F60 off for a 3), ...; discarded trains leave the game
    1893: limits by company type (phase 2: minor 2, major 3); 8+x from phase 6
    1826: 10H (5 printed), E (its paying stops changed by hooks)
"""

from __future__ import annotations

from play_support import opening_at

from railbook.engine.game import Game
from railbook.engine.rules.trains import (
    after_train_bought,
    buy_train,
    crowded_corps,
    discountable_trains_for,
    must_buy_train,
    remove_depot_trains,
    rust,
    set_train_multiplier,
    set_train_stops,
    train_limit,
)
from railbook.engine.title import Title

PLAYERS = [(1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di")]


def fresh(title: str = "1830", optional_rules: tuple[str, ...] = ()) -> Game:
    return Game(Title.load(title, optional_rules), PLAYERS, seed=1)


def sell(game: Game, corporation: str, *train_ids: str) -> None:
    """The depot sells the trains to the corporation at their price (the bank lends it the money)."""
    corp = game.corporation_by_id(corporation)
    for train_id in train_ids:
        train = game.train_by_id(train_id)
        game.bank.spend(train.price_, corp)
        buy_train(game, corp, train, train.price_)
        after_train_bought(game, train)


def all_of(name: str, count: int, start: int = 0) -> list[str]:
    return [f"{name}-{i}" for i in range(start, count)]


def on_sale(game: Game) -> list[str]:
    return [t.id for t in game.depot.depot_trains()]


def owned(game: Game, corporation: str) -> list[str]:
    return [t.id for t in game.corporation_by_id(corporation).trains]


def to_phase_5(game: Game) -> None:
    """1830: every 2, 3, 4 and 5 sold (the ERIE buys them): phase 5, the 6s next."""
    sell(game, "ERIE", *all_of("2", 6), *all_of("3", 5), *all_of("4", 4), *all_of("5", 3))


# ---------------------------------------------------------------- the depot

def test_the_depot_sells_the_next_train_in_order() -> None:
    game = fresh()
    assert on_sale(game) == ["2-0"]
    sell(game, "PRR", "2-0")
    assert on_sale(game) == ["2-1"]
    sell(game, "PRR", *all_of("2", 6, start=1))
    assert on_sale(game) == ["3-0"]


def test_a_later_phase_train_is_sold_only_from_its_phase() -> None:
    """1830's D is available from phase 6: in phase 5 the depot offers the 6 alone, then the 6 and the D."""
    game = fresh()
    to_phase_5(game)
    assert game.phase.name == "5" and on_sale(game) == ["6-0"]
    sell(game, "PRR", "6-0")
    assert game.phase.name == "6" and on_sale(game) == ["6-1", "D-0"]


def test_an_unlimited_train_type_replaces_itself_in_the_depot() -> None:
    game = fresh()
    to_phase_5(game)
    sell(game, "PRR", "6-0", "D-0")
    assert on_sale(game) == ["6-1", "D-1"]
    sell(game, "NYC", "D-1")
    assert on_sale(game) == ["6-1", "D-2"] and game.train_by_id("D-2").owner is game.depot


def test_the_optional_extra_6_train_makes_three() -> None:
    assert [t.id for t in fresh("1830", ("optional_6_train",)).depot.trains if t.name == "6"] == all_of("6", 3)
    assert [t.id for t in fresh().depot.trains if t.name == "6"] == all_of("6", 2)


def test_buying_a_train_pays_the_bank_and_hands_the_train_over() -> None:
    game = fresh()
    prr = game.corporation_by_id("PRR")
    game.bank.spend(100, prr)
    bank = game.bank.cash
    buy_train(game, prr, game.train_by_id("2-0"), 80)
    assert (prr.cash, game.bank.cash) == (20, bank + 80)
    assert owned(game, "PRR") == ["2-0"] and game.train_by_id("2-0").owner is prr
    assert not game.train_by_id("2-0").from_depot()


# ---------------------------------------------------------------- phases and rusting

def test_buying_the_first_train_of_a_kind_starts_its_phase() -> None:
    game = fresh()
    sell(game, "PRR", *all_of("2", 6))
    assert game.phase.name == "2"
    sell(game, "PRR", "3-0")
    assert game.phase.name == "3" and game.phase.operating_rounds == 2
    assert game.log_lines[-1] == "-- Phase 3 (Operating Rounds: 2 | Train Limit: 4 | Available Tiles: Yellow, Green) --"
    sell(game, "PRR", "3-1")
    assert game.phase.name == "3"


def test_the_game_starts_in_the_first_phase() -> None:
    game = fresh()
    assert game.log_lines[0] == "-- Phase 2 (Operating Rounds: 1 | Train Limit: 4 | Available Tiles: Yellow) --"
    assert game.phase.next_on() == ("3",)


def test_the_first_4_train_rusts_every_2_train() -> None:
    game = fresh()
    sell(game, "PRR", *all_of("2", 3))
    sell(game, "NYC", *all_of("2", 6, start=3), "3-0")
    sell(game, "ERIE", *all_of("3", 5, start=1), "4-0")
    assert game.phase.name == "4"
    assert game.log_lines[-2:] == ["-- Phase 4 (Operating Rounds: 2 | Train Limit: 3 | Available Tiles: Yellow, Green) --",
                                   "-- Event: 2 trains rust --"]
    assert owned(game, "PRR") == [] and owned(game, "NYC") == ["3-0"]
    assert all(t.rusted and t.owner is None for t in game.depot.trains if t.name == "2")
    assert not any(t.rusted for t in game.depot.trains if t.name == "3")


def test_the_first_5_train_closes_the_privates() -> None:
    """A train's events fire once, with the first of its kind."""
    game = fresh()
    sell(game, "ERIE", *all_of("2", 6), *all_of("3", 5), *all_of("4", 4))
    assert not any(c.closed for c in game.companies)
    sell(game, "ERIE", "5-0")
    assert all(c.closed for c in game.companies)
    assert game.log_lines[-1] == "-- Event: private companies close --"
    assert game.train_by_id("5-0").events == [] and game.train_by_id("5-1").events == []


# ---------------------------------------------------------------- trading in

def test_a_trade_in_costs_the_price_less_the_old_trains_discount() -> None:
    game = fresh()
    d = game.train_by_id("D-0")
    assert d.price() == 1100
    assert [d.price(game.train_by_id(t)) for t in ("4-0", "5-0", "6-0")] == [800, 800, 800]
    assert d.price(game.train_by_id("3-0")) == 1100   # a 3 is not taken in trade


def test_in_1894_a_train_is_traded_in_for_half_its_price() -> None:
    """1894: the 3 (F120) for a 2 (F80) costs F80; discountable_trains_for lists what a corporation could trade."""
    game = fresh("1894")
    sell(game, "Belge", *all_of("2", 2))
    sell(game, "Nord", *all_of("2", 7, start=2))
    assert game.train_by_id("3-0").price(game.train_by_id("2-0")) == 80
    belge = game.corporation_by_id("Belge")
    assert [(old.id, new.id, price) for old, new, price in discountable_trains_for(game, belge)] == \
        [("2-0", "3-0", 80), ("2-1", "3-0", 80)]


def test_a_traded_in_train_is_sold_again_in_1830_and_leaves_the_game_in_1894() -> None:
    """operating_round.discarded_trains: to_depot (1830) or removed (1894)."""
    game = fresh()
    sell(game, "PRR", "2-0")
    game.depot.reclaim_train(game.train_by_id("2-0"))
    assert owned(game, "PRR") == [] and on_sale(game) == ["2-1", "2-0"]
    game = fresh("1894")
    sell(game, "Belge", "2-0")
    game.depot.reclaim_train(game.train_by_id("2-0"))
    assert owned(game, "Belge") == [] and on_sale(game) == ["2-1"]
    assert game.train_by_id("2-0") not in game.depot.upcoming + game.depot.discarded


# ---------------------------------------------------------------- train limits

def test_the_train_limit_follows_the_phase() -> None:
    game = fresh()
    prr = game.corporation_by_id("PRR")
    limits = {}
    for name, count in (("2", 6), ("3", 5), ("4", 4), ("5", 3), ("6", 2)):
        sell(game, "ERIE", *all_of(name, count))
        limits[game.phase.name] = train_limit(game, prr)
    assert limits == {"2": 4, "3": 4, "4": 3, "5": 2, "6": 2}


def test_in_1893_a_minor_has_a_lower_train_limit_than_a_corporation() -> None:
    game = fresh("1893")
    assert train_limit(game, game.corporation_by_id("EKB")) == 2
    assert train_limit(game, game.corporation_by_id("DE")) == 3


def test_a_corporation_over_its_limit_after_a_phase_change_must_discard() -> None:
    """The ERIE holds three 3s; its first 4 starts phase 4 (limit 3): it is over the limit until it discards."""
    game = fresh()
    sell(game, "NYC", *all_of("2", 3))
    sell(game, "PRR", *all_of("2", 6, start=3))
    sell(game, "NYC", "3-0")
    sell(game, "PRR", "3-1")
    sell(game, "ERIE", *all_of("3", 5, start=2))
    assert crowded_corps(game) == []
    sell(game, "ERIE", "4-0")
    assert crowded_corps(game) == [game.corporation_by_id("ERIE")]
    game.depot.reclaim_train(game.train_by_id("3-2"))
    assert crowded_corps(game) == []
    assert on_sale(game) == ["4-1", "3-2"]   # a discarded train is for sale again


def test_a_corporation_with_a_route_and_no_train_must_buy_one() -> None:
    """1830 (must_buy_train: when_route_exists), the opening's NYC once its F20 tile gives it a route."""
    game = opening_at(35)
    nyc = game.corporation_by_id("NYC")
    assert not must_buy_train(game, nyc)          # it owns trains
    for train in list(nyc.trains):
        rust(game, train)
    assert must_buy_train(game, nyc)
    assert not must_buy_train(game, game.corporation_by_id("B&O"))   # no route


# ---------------------------------------------------------------- train types changed by hooks

def test_set_train_stops_changes_every_train_of_the_type() -> None:
    game = fresh()
    set_train_stops(game, "2", 3)
    assert {t.distance.n for t in game.depot.trains if t.name == "2"} == {3}
    assert game.train_by_id("3-0").distance.n == 3 and game.train_by_id("4-0").distance.n == 4
    assert game.log_lines[-1] == "2 trains now reach 3"
    assert Title.load("1830").model.trains[0].distance.n == 2   # the title's data is not changed


def test_set_train_stops_changes_only_the_paying_rows_of_a_distance() -> None:
    """1826's E-train counts 2 cities (double) and ignores towns; the hooks raise the 2."""
    game = fresh("1826")
    set_train_stops(game, "E", 3)
    cities, towns = game.train_by_id("E-3").distance.rows
    assert (cities.pay, cities.visit, cities.multiplier) == (3, 3, 2)
    assert (towns.pay, towns.visit) == (0, 99)


def test_set_train_multiplier_changes_the_trains_and_their_paying_rows() -> None:
    game = fresh("1826")
    set_train_multiplier(game, "E", 1)
    train = game.train_by_id("E-0")
    assert train.multiplier == 1 and [row.multiplier for row in train.distance.rows] == [1, 1]


def test_a_copy_of_an_unlimited_train_keeps_what_a_hook_changed() -> None:
    game = fresh()
    set_train_multiplier(game, "D", 2)
    to_phase_5(game)
    sell(game, "PRR", "6-0", "D-0")
    assert game.train_by_id("D-0").multiplier == 2
    assert game.train_by_id("D-1").multiplier == 2


def test_remove_depot_trains_takes_the_last_unsold_ones_out_of_the_game() -> None:
    game = fresh("1826")
    assert remove_depot_trains(game, "10H", 3) == 3
    assert [t.id for t in game.depot.upcoming if t.name == "10H"] == ["10H-0", "10H-1"]
    assert game.train_by_id("10H-4").owner is None
    assert game.log_lines[-1] == "3 unsold 10H trains are removed (2 left)"


def test_remove_depot_trains_never_takes_a_sold_train() -> None:
    game = fresh()
    sell(game, "PRR", "2-0")
    assert remove_depot_trains(game, "2", 9) == 5
    assert owned(game, "PRR") == ["2-0"] and on_sale(game) == ["3-0"]
    assert remove_depot_trains(game, "2", 1) == 0
