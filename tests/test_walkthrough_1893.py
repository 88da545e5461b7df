"""1893, "Eine Runde Schritt für Schritt": the rules summary's walkthrough, played in railbook.

The German rules summary (shared/seeds/002_973750b3d8e92379.txt, section "Eine Runde
Schritt für Schritt") follows S1 through a four-player game (450M each, certificate limit
9): he buys minor 1, the EKB, from the starting package, pars the DE, and plays the first
stock round and the two operating rounds that follow. After each of its 14 steps it gives
S1's cash, the EKB's treasury, the DE's treasury and the DE's share price. This test plays
those steps and checks every one of those figures (and the trains and revenues the steps
name), and the rule each step illustrates.

The walkthrough only describes S1, the EKB and the DE. The others act simply, so as not to
disturb its figures: S2, S3 and S4 buy the other privates and minors at face value until
one item (minor 5, the BKB) is left; S2 and S3 then buy a DE share each and S4 passes.
Their minors lay no track and buy no trains, so only the EKB and the DE use the 2-trains.
Before stock round 2 the BKB is sold (S2 puts it up, S3 buys it at face value).

Where the walkthrough cannot be followed literally, 18xx.games (lib/engine/game/g_1893)
decides, and a comment says so:
- seating: S1 cannot "begin" the draft and still buy nothing but the EKB (see the SEATS
  note); he sits fourth and begins the stock round proper instead;
- the DE floats as soon as 50% are sold, not at the end of the round (same money);
- Düren borders Aachen, so the DE's first tile already reaches it: nothing to extend in 1.2;
- in stock round 2 the DE has operated, but no share of it may be sold: the market already
  holds 50% of it, its limit.

The same 45 legal actions (into stock round 2) were replayed on the 18xx.games engine
(tools/refcheck/trace.rb): its state digests agree with railbook's after every one of them,
and it refuses S1's sale in stock round 2 too. So do the 9 actions of the second test.

Each step is a test of its own, named after what it shows, in the walkthrough's order;
what the others do between steps is a test too (``test_after_step_NN_...``). A test's
``game`` is a new game played through every step before it (tests/play_support.py
Walkthrough), so any step runs alone; a broken step fails its own test and errors the
setup of those after it.
"""

from __future__ import annotations

import pytest
from play_support import (
    Walkthrough,
    act,
    buy_private,
    cash,
    lay,
    par,
    pass_,
    percent,
    refused,
    route,
    run,
    to_act,
    trains,
)

from railbook.engine.game import Game
from railbook.engine.rules.corporations import operating_order
from railbook.engine.rules.shares import cert_limit
from railbook.engine.rules.trains import train_limit
from railbook.engine.title import Title
from railbook.engine.trace import digest

# 1893 draws nothing at random (neither engine uses its seed): the seat order is the order
# of the players list, as in 18xx.games.
SEED = 1
# SEATS: S1 drafts fourth. The walkthrough has S1 begin and buy only the EKB while the
# others empty the package, but with four players S1's second draft turn comes when four of
# the eight items are still unsold: a pass there bars him from stock round 1 (its own step 3;
# 18xx.games' passers_first_stock_round), a purchase would spend money the walkthrough
# keeps (test_s1_drafting_first_could_not_par_the_de). Sitting fourth he drafts once, and as
# the player after the last to draft (S4) he begins the stock round.
PLAYERS = [("S2", "S2"), ("S3", "S3"), ("S4", "S4"), ("S1", "S1")]

EUSKIRCHEN, VILLAGE, DUEREN, AACHEN = "T3", "S2", "O2", "P1"  # the village hex S2 is not player S2


def new_game(players: list[tuple[str, str]] = PLAYERS) -> Game:
    return Game(Title.load("1893"), players, seed=SEED)


WALKTHROUGH = Walkthrough(new_game)


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Game:
    """A new game played through every step of the walkthrough before the requesting test's."""
    return WALKTHROUGH.game_before(request.function)


# ---------------------------------------------------------------- actions, in 18xx.games' JSON shape

def market_share(game: Game, corporation: str) -> str:
    corp = game.corporation_by_id(corporation)
    return next(s.id for s in corp.shares_list if s.owner is game.share_pool and not s.president)


def buy_market_share(game: Game, player: str, corporation: str) -> None:
    """After its par a corporation's other certificates wait in the market, at the market price."""
    act(game, player, "buy_shares", shares=[market_share(game, corporation)], percent=10)


def sell_share(game: Game, player: str, corporation: str) -> None:
    """Sell one certificate: a 10% share, or the president's if that is all the player holds."""
    held = game.player_by_id(player).shares_of(game.corporation_by_id(corporation))
    share = min(held, key=lambda s: s.president)
    act(game, player, "sell_shares", shares=[share.id], percent=share.percent)


def place_token(game: Game, company: str, city: str) -> None:
    act(game, company, "place_token", city=city, slot=0)


def dividend(game: Game, corporation: str, kind: str) -> None:
    act(game, corporation, "dividend", kind=kind)


def buy_train(game: Game, company: str, train: str, price: int) -> None:
    act(game, company, "buy_train", train=train, price=price, variant=train.rsplit("-", 1)[0])


# ---------------------------------------------------------------- reading the state

def price(game: Game, corporation: str) -> int | None:
    share_price = game.corporation_by_id(corporation).share_price
    return share_price.price if share_price is not None else None


def market_percent(game: Game, corporation: str) -> int:
    return digest(game, 0)["corporations"][corporation]["market"]


def figures(game: Game) -> tuple[int, int | None, int | None, int | None]:
    """The walkthrough's four figures: S1's cash, the EKB's and the DE's treasuries, the DE's price."""
    ekb, de = game.corporation_by_id("EKB"), game.corporation_by_id("DE")
    return (cash(game, "S1"), ekb.cash if ekb.floated() else None, de.cash if de.floated() else None,
            price(game, "DE"))


# ---------------------------------------------------------------- the steps

@WALKTHROUGH.step
def test_step_01_four_players_get_450_each_and_a_limit_of_9_certificates(game: Game) -> None:
    # 1. four players: 450M each, a limit of 9 certificates; the bank's 7,200M pays their cash
    assert [cash(game, p) for p in ("S1", "S2", "S3", "S4")] == [450] * 4
    assert cert_limit(game) == 9
    assert game.bank.cash == 7200 - 4 * 450
    assert game.round.name == "Draft Round" and to_act(game) == "S2"  # S1 sits fourth (SEATS)
    assert figures(game) == (450, None, None, None)


@WALKTHROUGH.step
def test_step_02_s1_buys_minor_1_the_ekb_for_210_into_its_own_treasury(game: Game) -> None:
    buy_private(game, "S2", "KFBE")  # minor 2
    bank = game.bank.cash
    buy_private(game, "S3", "HdSK")
    assert game.bank.cash == bank + 100  # 2. a private's price goes to the bank
    buy_private(game, "S4", "EVA")
    # 2. S1 may pick a private or one of the two lowest minors still in the package
    assert to_act(game) == "S1"
    assert "on offer: FdSD, EKB, KSZ" in refused(game, "starting package", buy_private, "S1", "KBE")
    # 3. no shares while more than one item is left in the package
    refused(game, "turn order", par, "S1", "DE", 60)
    # 2. S1 buys minor 1, the EKB, for 210M: the money goes into the minor's treasury
    bank = game.bank.cash
    buy_private(game, "S1", "EKB")
    assert game.bank.cash == bank
    assert game.corporation_by_id("EKB").owner is game.player_by_id("S1")
    assert figures(game) == (240, 210, None, None)


@WALKTHROUGH.step
def test_step_03_with_one_item_left_in_the_package_the_stock_round_begins(game: Game) -> None:
    # 3. the others buy privates and minors until one item, the BKB, is left
    buy_private(game, "S2", "FdSD")
    buy_private(game, "S3", "KSZ")
    buy_private(game, "S4", "KBE")
    assert [c.id for c in game.companies if c.owner is None and not c.id.startswith("AdSK")] == ["BKB"]
    # 3. now DE, RAG and RSE shares are on sale: the stock round begins, with the player after
    #    the last to buy (S4)
    assert game.round.name == "Stock Round"
    assert [p.name for p in game.players] == ["S1", "S2", "S3", "S4"] and to_act(game) == "S1"
    assert figures(game) == (240, 210, None, None)


@WALKTHROUGH.step
def test_step_04_s1_pars_the_de_at_60_and_its_other_80_percent_wait_in_the_market(game: Game) -> None:
    # 4. the par prices are 60, 70, 80, 90 and 100M; the 120M cells are the AGV's and HGK's
    #    (18xx.games: get_par_prices drops them), which form by merger and are never parred
    assert sorted({p.price for p in game.stock_market.par_prices}) == [60, 70, 80, 90, 100, 120]
    refused(game, "par price", par, "S1", "DE", 120)
    refused(game, "par", par, "S1", "AGV", 60)
    # 4. S1 buys the DE's president's certificate (20%) at the lowest par, 60M: 120M to the bank;
    #    the other 80% wait in the market at the market price
    bank = game.bank.cash
    par(game, "S1", "DE", 60)
    assert game.bank.cash == bank + 120
    assert percent(game, "S1", "DE") == 20 and market_percent(game, "DE") == 80
    assert game.corporation_by_id("DE").owner is game.player_by_id("S1")
    assert figures(game) == (120, 210, None, 60)


@WALKTHROUGH.step
def test_step_05_the_de_floats_with_600_as_soon_as_half_of_it_is_sold(game: Game) -> None:
    # 5. S2 and S3 buy a share each (60M)
    buy_market_share(game, "S2", "DE")
    buy_market_share(game, "S3", "DE")
    # 3. S4 passes, and sits out the rest of the first stock round
    pass_(game, "S4")
    # no selling in the first stock round (S1 holds only the president's certificate yet)
    assert "first stock round" in refused(game, "sell shares", sell_share, "S1", "DE")
    # 5. S1 buys another share: 50% are sold and the DE floats, receiving 10 x 60M = 600M. It
    #    floats at once, in railbook as in 18xx.games, not at the end of the round as the
    #    walkthrough says (the same money)
    buy_market_share(game, "S1", "DE")
    assert percent(game, "S1", "DE") == 30 and market_percent(game, "DE") == 50
    assert game.corporation_by_id("DE").floated()
    assert figures(game) == (60, 210, 600, 60)
    pass_(game, "S2")
    pass_(game, "S3")
    assert to_act(game) == "S1"  # 3. S4, who passed, is skipped
    pass_(game, "S1")


@WALKTHROUGH.step
def test_step_06_the_privates_pay_and_the_ekb_lays_euskirchen_with_its_home_station_only(game: Game) -> None:
    assert game.round.name == "Operating Round" and game.round.round_num == 1
    # 6. first the privates pay their owners (S1 has none): FdSD 20M, HdSK 10M, EVA 30M
    assert [cash(game, p) for p in ("S2", "S3", "S4")] == [10 + 20, 190 + 10, 80 + 30]
    # 6. the minors operate first, by number (the unsold BKB does not), then the DE
    assert [c.id for c in operating_order(game)] == ["EKB", "KFBE", "KSZ", "KBE", "DE"]
    assert to_act(game) == "EKB"
    # 6. the EKB lays a yellow city in Euskirchen, its home; a minor has its home station only
    lay(game, "EKB", EUSKIRCHEN, "57-0", 2)
    assert digest(game, 0)["corporations"]["EKB"]["tokens"] == [EUSKIRCHEN]
    refused(game, "tokens", place_token, "EKB", "57-0-0")
    # 6. no trains: no run, no revenue
    assert "run_routes" not in game.legal_action_types()
    assert figures(game) == (60, 210, 600, 60)


@WALKTHROUGH.step
def test_step_07_a_minor_need_not_own_a_train_but_the_ekb_buys_a_2_train_for_80(game: Game) -> None:
    # 7. a minor need not own a train, but the EKB buys a 2-train for 80M
    assert "pass" in game.legal_action_types()
    buy_train(game, "EKB", "2-0", 80)
    pass_(game, "EKB")
    assert trains(game, "EKB") == ["2"]
    assert figures(game) == (60, 130, 600, 60)
    # the other minors lay no track and, not having to, buy no train
    for minor in ("KFBE", "KSZ", "KBE"):
        assert to_act(game) == minor
        pass_(game, minor)
        pass_(game, minor)


@WALKTHROUGH.step
def test_step_08_the_de_lays_dueren_and_without_a_train_drops_to_55(game: Game) -> None:
    # 8. the DE's home station stands in Düren, free of charge
    assert to_act(game) == "DE"
    assert digest(game, 0)["corporations"]["DE"]["tokens"] == [DUEREN]
    assert cash(game, "DE") == 600
    # 8. a yellow city in Düren, towards Aachen; no trains, no dividend: one cell left, 60 -> 55M
    lay(game, "DE", DUEREN, "57-1", 1)
    assert figures(game) == (60, 130, 600, 55)


@WALKTHROUGH.step
def test_step_09_with_a_route_the_de_must_buy_a_train_and_buys_a_2_train_for_80(game: Game) -> None:
    # 9. it has a route (Düren-Aachen), so it must own a train
    assert "pass" not in game.legal_action_types()
    assert "must buy a train" in refused(game, "must buy a train", pass_, "DE")
    # 9. it buys a 2-train for 80M
    buy_train(game, "DE", "2-1", 80)
    pass_(game, "DE")
    assert trains(game, "DE") == ["2"]
    assert figures(game) == (60, 130, 520, 55)


@WALKTHROUGH.step
def test_step_10_the_ekb_runs_euskirchen_and_a_village_for_30_and_pays_half_to_s1(game: Game) -> None:
    assert game.round.name == "Operating Round" and game.round.round_num == 2
    assert to_act(game) == "EKB"
    # 10. the EKB lays a yellow village tile next to Euskirchen and runs its 2-train:
    #     Euskirchen 20M + the village 10M = 30M
    lay(game, "EKB", VILLAGE, "58-0", 3)
    run(game, "EKB", route("2-0", EUSKIRCHEN, VILLAGE))
    # 10. a minor always pays half to its owner and keeps half: 15M to S1, 15M to the EKB
    assert figures(game) == (75, 145, 520, 55)
    pass_(game, "EKB")  # no more trains
    for minor in ("KFBE", "KSZ", "KBE"):
        pass_(game, minor)
        pass_(game, minor)


@WALKTHROUGH.step
def test_step_11_the_de_runs_dueren_aachen_for_40_on_the_track_it_has(game: Game) -> None:
    assert to_act(game) == "DE"
    # 11. Düren (O2) borders Aachen (P1): the step 8 tile already reaches it, so (unlike the
    #     walkthrough says) there is no track to extend; nor may the Düren tile be upgraded yet
    assert "phase 2" in refused(game, "phase tiles", lay, "DE", DUEREN, "14-0", 1)
    pass_(game, "DE")  # no track
    # 11. the 2-train runs Düren 20M + Aachen 20M (a red offboard, 20M in the yellow phase) = 40M
    run(game, "DE", route("2-1", DUEREN, AACHEN))
    assert game.round.route_revenues == [40]
    assert figures(game) == (75, 145, 520, 55)
    # 10. a corporation pays out all or withholds all; halves are for minors
    refused(game, "dividend", dividend, "DE", "half")


@WALKTHROUGH.step
def test_step_12_paying_out_4_per_share_pays_nothing_to_the_market_and_moves_the_de_to_60(game: Game) -> None:
    # 12. paying out: 4M per 10%. S1 (30%) gets 12M, S2 and S3 4M each; the 50% in the market
    #     get nothing: the bank pays 20M in all, the DE's treasury keeps its 520M
    others, bank = {p: cash(game, p) for p in ("S2", "S3", "S4")}, game.bank.cash
    dividend(game, "DE", "payout")
    assert {p: cash(game, p) - c for p, c in others.items()} == {"S2": 4, "S3": 4, "S4": 0}
    assert game.bank.cash == bank - 20
    # 12. the price moves one cell right: back to 60M
    assert figures(game) == (87, 145, 520, 60)


@WALKTHROUGH.step
def test_step_13_a_corporation_may_own_3_trains_a_minor_2_and_the_de_buys_a_second_2_train(game: Game) -> None:
    # 13. up to 3 trains for a corporation, 2 for a minor (phase 2)
    assert train_limit(game, game.corporation_by_id("DE")) == 3
    assert train_limit(game, game.corporation_by_id("EKB")) == 2
    # no train changes hands between companies in phase 2, and never a minor's to a corporation
    refused(game, "buy train", buy_train, "DE", "2-0", 80)
    # 13. the DE buys a second 2-train (80M)
    buy_train(game, "DE", "2-2", 80)
    pass_(game, "DE")
    assert trains(game, "DE") == ["2", "2"] and trains(game, "EKB") == ["2"]
    assert [t.name for t in game.depot.upcoming].count("2") == 4 and game.phase.name == "2"
    assert figures(game) == (87, 145, 440, 60)


@WALKTHROUGH.step
def test_after_step_13_the_last_item_of_the_package_is_sold_before_stock_round_2(game: Game) -> None:
    # before the next stock round the last item of the package, the BKB, is sold: S2 (priority)
    # puts it up, S3 buys it at face value
    assert game.round.name == "Draft Round" and to_act(game) == "S2"
    buy_private(game, "S2", "BKB")
    buy_private(game, "S3", "BKB")
    assert game.company_by_id("BKB").owner is game.player_by_id("S3")


@WALKTHROUGH.step
def test_step_14_in_stock_round_2_no_de_share_may_be_sold_into_a_full_market(game: Game) -> None:
    # 14. stock round 2
    assert game.round.name == "Stock Round" and game.turn == 2
    assert to_act(game) == "S2"
    pass_(game, "S2")
    pass_(game, "S4")  # S3 (34M) can do nothing and is skipped
    assert to_act(game) == "S1"
    # 14. the DE has operated, so its shares are no longer barred from sale -- but the market
    #     already holds 50% of the DE, its limit, so no DE share may be sold now (18xx.games:
    #     fit_in_bank?, MARKET_SHARE_LIMIT 50; it refuses this sale too). The walkthrough's
    #     "ihre Aktien können verkauft werden" holds only once the market holds 40% or less.
    assert "at most 50%" in refused(game, "sell shares", sell_share, "S1", "DE")
    # 14. the EKB is still S1's minor: the AGV forms only from the first 4-train on
    assert game.corporation_by_id("EKB").owner is game.player_by_id("S1")
    assert not game.corporation_by_id("AGV").floated()
    assert figures(game) == (87, 145, 440, 60)


# ---------------------------------------------------------------- beside the walkthrough

def test_s1_drafting_first_could_not_par_the_de() -> None:
    # SEATS: with S1 first, his second draft turn comes with four items unsold; he passes
    game = new_game([("S1", "S1"), ("S2", "S2"), ("S3", "S3"), ("S4", "S4")])
    for player, item in (("S1", "EKB"), ("S2", "KFBE"), ("S3", "HdSK"), ("S4", "EVA")):
        buy_private(game, player, item)
    assert to_act(game) == "S1" and game.legal_action_types() == ["end_game", "bid", "pass"]
    pass_(game, "S1")
    for player, item in (("S2", "FdSD"), ("S3", "KSZ"), ("S4", "KBE")):
        buy_private(game, player, item)
    # 3. the stock round begins with S1 (after the last to buy), but a draft pass is final for
    #    the first stock round: S1 is skipped and cannot par the DE
    assert game.round.name == "Stock Round" and game.players[0].name == "S1"
    assert to_act(game) == "S2"
    refused(game, "turn order", par, "S1", "DE", 60)


def test_a_refused_action_leaves_the_game_playing_on() -> None:
    """A refusal rolls the game back in place: its rounds and mechanics stay its own, so the
    draft still ends with its last purchase (it once hung here, playing on a discarded copy)."""
    game = new_game()
    for player, item in (("S2", "KFBE"), ("S3", "HdSK"), ("S4", "EVA")):
        buy_private(game, player, item)
    refused(game, "starting package", buy_private, "S1", "KBE")
    assert all(mechanic.game is game for mechanic in game.mechanics)
    assert game.round.game is game and all(step.game is game for step in game.round.steps)
    for player, item in (("S1", "EKB"), ("S2", "FdSD"), ("S3", "KSZ"), ("S4", "KBE")):
        buy_private(game, player, item)
    assert game.round.name == "Stock Round"
