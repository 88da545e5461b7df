"""1894, "Eine Runde Schritt für Schritt": the rules summary's walkthrough, played in railbook.

The German rules summary (shared/seeds/000_ac26f80df78ed96d.txt, section "Eine Runde
Schritt für Schritt") follows S1 and the Belge (home: Mechelen) through a four-player
game, from the private auction to the second operating round, and gives after each of
its 15 steps S1's cash and the Belge's treasury, share price and trains. This test plays
those steps and checks every one of those figures, and the rule each step illustrates.

The walkthrough only describes S1 and the Belge. The other players act simply, so as
not to disturb the figures it follows: S2, S3 and S4 buy the cheaper privates at face
value (S2 gets the Est major shareholding and pars the Est at 67), S3 and S4 float the
AG at 67 in stock round 1, and in operating round 1 the Est buys four 2-trains and the
AG one, so that all seven 2-trains are gone when the Belge buys the first 3-train in
step 13. Both operate after the Belge (lower price) and never touch its track.

The same actions (all 71 legal ones, up to operating round 3.1) were replayed on the
18xx.games engine (tools/refcheck/trace.rb, same seed): its state digests agree with
railbook's after every one of them.

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
from railbook.engine.title import Title
from railbook.engine.trace import digest

# Seed 17 draws the Est as the French starting corporation and removes the Station
# Antwerpen Centraal (SAC), keeping the Gare de Liège-Guillemins (GLG) -- in railbook and
# in 18xx.games alike (same generator, same draw order: see titles/1894/rules.hooks).
SEED = 17
PLAYERS = [("S1", "S1"), ("S2", "S2"), ("S3", "S3"), ("S4", "S4")]

# the tiles the Belge lays (Mechelen and Antwerpen: plain yellow city 57; Bruxelles: its "B" tile)
MECHELEN, BRUXELLES, ANTWERPEN = "E16", "F15", "D17"


def new_game() -> Game:
    return Game(Title.load("1894"), PLAYERS, seed=SEED)


WALKTHROUGH = Walkthrough(new_game)


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Game:
    """A new game played through every step of the walkthrough before the requesting test's."""
    return WALKTHROUGH.game_before(request.function)


# ---------------------------------------------------------------- actions, in 18xx.games' JSON shape

def ipo_share(game: Game, corporation: str) -> str:
    corp = game.corporation_by_id(corporation)
    return next(s.id for s in corp.shares_list if s.owner is corp and not s.president)


def buy_ipo_share(game: Game, player: str, corporation: str) -> None:
    act(game, player, "buy_shares", shares=[ipo_share(game, corporation)], percent=10)


def sell_share(game: Game, player: str, corporation: str) -> None:
    p = game.player_by_id(player)
    share = next(s for s in p.shares_of(game.corporation_by_id(corporation)) if not s.president)
    act(game, player, "sell_shares", shares=[share.id], percent=share.percent)


def pay_out(game: Game, corporation: str) -> None:
    act(game, corporation, "dividend", kind="payout")


def buy_train(game: Game, corporation: str, train: str, price: int, exchange: str | None = None) -> None:
    variant = train.rsplit("-", 1)[0]
    extra = {"exchange": exchange} if exchange else {}
    act(game, corporation, "buy_train", train=train, price=price, variant=variant, **extra)


def buy_company(game: Game, corporation: str, private: str, price: int) -> None:
    act(game, corporation, "buy_company", company=private, price=price)


# ---------------------------------------------------------------- reading the state

def price(game: Game, corporation: str) -> int:
    return game.corporation_by_id(corporation).share_price.price


def ipo_percent(game: Game, corporation: str) -> int:
    return digest(game, 0)["corporations"][corporation]["ipo"]


def figures(game: Game) -> tuple[int, int | None, int | None, list[str]]:
    """The walkthrough's four figures: S1's cash, the Belge's treasury, price and trains."""
    belge = game.corporation_by_id("Belge")
    treasury = belge.cash if belge.floated() else None
    share_price = belge.share_price.price if belge.share_price is not None else None
    return cash(game, "S1"), treasury, share_price, trains(game, "Belge")


# ---------------------------------------------------------------- the steps

@WALKTHROUGH.step
def test_step_01_each_player_starts_with_480_and_10_percent_of_the_est_and_the_belge(game: Game) -> None:
    # 1. F480 each, 10% of the Est and 10% of the Belge; GLG stays, SAC is removed
    assert "starting" in game.corporation_by_id("Est").markers
    for p in ("S1", "S2", "S3", "S4"):
        assert cash(game, p) == 480
        assert percent(game, p, "Est") == 10 and percent(game, p, "Belge") == 10
    assert not game.company_by_id("GLG").closed and game.company_by_id("SAC").closed
    # the major shareholdings of the four French corporations not drawn are out too
    assert [c.id for c in game.companies if not c.closed] == [
        "LRC", "AR", "GLG", "SQG", "LS", "NMinorS", "EMS", "BMS"]
    assert figures(game) == (480, None, None, [])


@WALKTHROUGH.step
def test_step_02_the_privates_go_cheapest_first_and_s1_buys_the_belge_shareholding_for_200(game: Game) -> None:
    # 2. the privates are sold cheapest first: a private that is not the cheapest can only
    #    be bid on (above its face value), and would be auctioned among its bidders later
    assert to_act(game) == "S1"
    assert "205" in refused(game, "auction minimum bid", buy_private, "S1", "BMS")
    pass_(game, "S1")
    buy_private(game, "S2", "LRC")
    buy_private(game, "S3", "AR")
    buy_private(game, "S4", "GLG")
    pass_(game, "S1")
    buy_private(game, "S2", "SQG")
    buy_private(game, "S3", "LS")
    buy_private(game, "S4", "NMinorS")
    pass_(game, "S1")
    buy_private(game, "S2", "EMS")
    par(game, "S2", "Est", 67)  # the Est's major shareholding: its buyer sets the Est's par
    pass_(game, "S3")
    pass_(game, "S4")
    # 2. the Belge major shareholding is now the cheapest: S1 buys it at face value, F200
    buy_private(game, "S1", "BMS")
    assert game.company_by_id("BMS").owner is game.player_by_id("S1")
    assert figures(game) == (280, None, None, [])


@WALKTHROUGH.step
def test_step_03_s1_pars_the_belge_at_100_and_the_bank_pays_it_1000(game: Game) -> None:
    # 3. S1 sets the highest par, F100 (only the two starting corporations may): the bank puts
    #    10 x F100 = F1,000 into the Belge's treasury, which has floated. The president's
    #    certificate (20%) comes with the par (as in 18xx.games' CompanyPendingPar step).
    assert to_act(game) == "S1" and game.legal_action_types() == ["end_game", "par"]
    par(game, "S1", "Belge", 100)
    assert game.corporation_by_id("Belge").floated()
    assert percent(game, "S1", "Belge") == 30
    assert figures(game) == (280, 1000, 100, [])


@WALKTHROUGH.step
def test_step_04_no_sales_in_stock_round_1_and_s1_buys_a_belge_share_at_par(game: Game) -> None:
    assert game.round.name == "Stock Round"
    # the player after the last to act in the auction (S1) starts the first stock round
    assert [p.name for p in game.players] == ["S2", "S3", "S4", "S1"]
    pass_(game, "S2")
    # F100 is a par only a major shareholding's buyer may set, never a par in a stock round
    refused(game, "par price", par, "S3", "AG", 100)
    par(game, "S3", "AG", 67)
    buy_ipo_share(game, "S4", "AG")
    # 4. no selling in the first stock round
    refused(game, "sell shares", sell_share, "S1", "Belge")
    # 4. S1 buys a Belge share from the IPO at par, F100: he holds 40%, three remain in the IPO;
    #    the money goes to the bank, not to the Belge (full capitalization)
    buy_ipo_share(game, "S1", "Belge")
    assert percent(game, "S1", "Belge") == 40 and ipo_percent(game, "Belge") == 30
    assert figures(game) == (180, 1000, 100, [])


@WALKTHROUGH.step
def test_after_step_04_the_ag_floats_and_the_belge_with_shares_in_its_ipo_does_not_rise(game: Game) -> None:
    pass_(game, "S2")
    buy_ipo_share(game, "S3", "AG")
    buy_ipo_share(game, "S4", "AG")
    pass_(game, "S1")
    pass_(game, "S2")
    buy_ipo_share(game, "S3", "AG")  # 60% sold: the AG floats with 10 x F67
    assert game.corporation_by_id("AG").floated() and cash(game, "AG") == 670
    for p in ("S4", "S1", "S2", "S3"):
        pass_(game, p)
    # shares left in the IPO: no rise at the end of the stock round
    assert price(game, "Belge") == 100


@WALKTHROUGH.step
def test_step_05_the_belge_shareholding_pays_60_and_the_belge_operates_first_from_mechelen(game: Game) -> None:
    assert game.round.name == "Operating Round"
    # 5. the Belge major shareholding pays S1 F60 (the other privates pay their owners)
    assert cash(game, "S1") == 180 + 60
    # 5. the Belge (F100) operates first and places its home station in Mechelen; it skips
    #    the redeem/reissue step (a starting corporation may do neither, unlike the AG), and
    #    in the Yellow phase no corporation may buy privates
    assert to_act(game) == "Belge"
    assert digest(game, 0)["corporations"]["Belge"]["tokens"] == [MECHELEN]
    assert game.hook("can_redeem", game.corporation_by_id("Belge")) is False
    assert game.hook("can_redeem", game.corporation_by_id("AG")) is not False
    assert set(game.legal_action_types()) & {"buy_shares", "sell_shares", "buy_company"} == set()
    assert figures(game) == (240, 1000, 100, [])


@WALKTHROUGH.step
def test_step_06_two_track_actions_lay_mechelen_and_bruxelles_for_nothing(game: Game) -> None:
    # 6. two track actions: a yellow tile in Mechelen (F20) and the yellow Bruxelles (F30),
    #    neither with terrain costs (the water cost printed on X2 is for its upgrade)
    lay(game, "Belge", MECHELEN, "57-0", 0)
    lay(game, "Belge", BRUXELLES, "X2-0", 1)
    assert "lay_tile" not in game.legal_action_types()  # two track actions, no third
    assert figures(game) == (240, 1000, 100, [])
    # 6. the major shareholding closes when the Belge operates (18xx.games: at its dividend step)
    assert not game.company_by_id("BMS").closed


@WALKTHROUGH.step
def test_step_07_without_a_train_there_is_no_dividend_and_the_price_drops_to_93(game: Game) -> None:
    pass_(game, "Belge")  # no second station
    # 7. no trains: no dividend, the price moves one cell left (100 -> 93)
    assert price(game, "Belge") == 93
    assert game.company_by_id("BMS").closed
    assert figures(game) == (240, 1000, 93, [])


@WALKTHROUGH.step
def test_step_08_with_a_route_the_belge_must_buy_a_train_and_buys_two_2_trains(game: Game) -> None:
    # 8. it has a route (Mechelen-Bruxelles), so it must own a train
    assert "pass" not in game.legal_action_types()
    assert "must buy a train" in refused(game, "must buy a train", pass_, "Belge")
    # 8. it buys two 2-trains (F160)
    buy_train(game, "Belge", "2-0", 80)
    buy_train(game, "Belge", "2-1", 80)
    pass_(game, "Belge")
    assert figures(game) == (240, 840, 93, ["2", "2"])


@WALKTHROUGH.step
def test_after_step_08_the_est_and_the_ag_buy_the_other_five_2_trains(game: Game) -> None:
    # the others: the Est (F67) buys four 2-trains, the AG (F67) the fifth of theirs, the
    # seventh in all; neither lays track, so neither has a route (nor a dividend)
    assert to_act(game) == "Est"
    pass_(game, "Est")  # no track
    for t in ("2-2", "2-3", "2-4", "2-5"):
        buy_train(game, "Est", t, 80)
    assert to_act(game) == "AG"  # at its train limit (4), the Est's turn is over
    pass_(game, "AG")
    buy_train(game, "AG", "2-6", 80)
    pass_(game, "AG")
    assert [t.name for t in game.depot.depot_trains()] == ["3"]


@WALKTHROUGH.step
def test_step_09_s1_buys_another_belge_share_at_par_and_the_price_stays_at_93(game: Game) -> None:
    assert game.round.name == "Stock Round"
    assert figures(game) == (240, 840, 93, ["2", "2"])
    assert to_act(game) == "S2"
    pass_(game, "S2")
    # 9. S1 buys another Belge share from the IPO, at par (F100, not the market's F93): 50%,
    #    two left in the IPO; then he passes
    buy_ipo_share(game, "S1", "Belge")
    assert percent(game, "S1", "Belge") == 50 and ipo_percent(game, "Belge") == 20
    pass_(game, "S1")  # ends his turn (one buy a turn)
    for p in ("S4", "S3", "S2", "S1"):
        pass_(game, p)
    # 9. while the Belge has shares in the IPO it does not rise at the end of the stock round
    assert game.round.name == "Operating Round"
    assert figures(game) == (140, 840, 93, ["2", "2"])


@WALKTHROUGH.step
def test_step_10_the_belge_lays_antwerpen_and_needs_no_second_station(game: Game) -> None:
    assert to_act(game) == "Belge"
    # 10. a yellow city in Antwerpen (F20); no station there, Mechelen's is enough
    lay(game, "Belge", ANTWERPEN, "57-1", 0)
    pass_(game, "Belge")  # no second track action
    pass_(game, "Belge")  # no station
    assert figures(game) == (140, 840, 93, ["2", "2"])


@WALKTHROUGH.step
def test_step_11_two_trains_from_mechelen_share_no_track_and_earn_90(game: Game) -> None:
    # 11. two trains may start from the same city but share no track
    refused(game, "routes", run, "Belge",
            route("2-0", MECHELEN, BRUXELLES), route("2-1", MECHELEN, BRUXELLES))
    # 11. Mechelen-Bruxelles 20 + 30 = F50, Mechelen-Antwerpen 20 + 20 = F40: F90 in all
    run(game, "Belge", route("2-0", MECHELEN, BRUXELLES), route("2-1", MECHELEN, ANTWERPEN))
    assert game.round.route_revenues == [50, 40]
    assert figures(game) == (140, 840, 93, ["2", "2"])


@WALKTHROUGH.step
def test_step_12_paying_out_9_per_share_pays_the_ipo_shares_to_the_belge_and_moves_it_to_100(game: Game) -> None:
    others = {p: cash(game, p) for p in ("S2", "S3", "S4")}
    # 12. F9 per 10%: S1 (50%) gets F45; the two IPO shares pay F18 into the Belge's own
    #     treasury, not the bank; shares in the open market would get nothing (there are none)
    pay_out(game, "Belge")
    assert {p: cash(game, p) - c for p, c in others.items()} == {"S2": 9, "S3": 9, "S4": 9}
    assert digest(game, 0)["corporations"]["Belge"]["market"] == 0
    # 12. paying out moves the price right: back to F100
    assert figures(game) == (185, 858, 100, ["2", "2"])


@WALKTHROUGH.step
def test_step_13_the_first_3_train_for_120_starts_the_green_phase(game: Game) -> None:
    # 13. the seven 2-trains are sold: the Belge buys the first 3-train for F120, and the
    #     Green phase begins (green tiles, two operating rounds a set, privates may be bought)
    assert game.phase.name == "Yellow"
    buy_train(game, "Belge", "3-0", 120)
    assert game.phase.name == "Green" and game.phase.operating_rounds == 2
    assert "buy_company" in game.legal_action_types()
    assert figures(game) == (185, 738, 100, ["2", "2", "3"])


@WALKTHROUGH.step
def test_step_14_a_2_train_and_80_buy_another_3_train_once_a_turn(game: Game) -> None:
    # 14. once a round a train may be traded in for the next one in the depot, paying its
    #     price less half the old one's: a 2-train and 120 - 40 = F80 for another 3-train
    #     (the traded-in train leaves the game: 18xx.games' DISCARDED_TRAINS = :remove)
    assert "80" in refused(game, "train price", buy_train, "Belge", "3-1", 120, exchange="2-0")
    buy_train(game, "Belge", "3-1", 80, exchange="2-0")
    assert game.train_by_id("2-0") not in game.depot.depot_trains()
    assert game.train_by_id("2-0").owner is not game.corporation_by_id("Belge")
    refused(game, "train trade-in", buy_train, "Belge", "3-2", 80, exchange="2-1")
    assert figures(game) == (185, 658, 100, ["2", "3", "3"])


@WALKTHROUGH.step
def test_step_15_the_belge_may_buy_the_glg_from_s4_for_25_to_100_and_does_not(game: Game) -> None:
    # 15. the Belge may buy the Gare de Liège-Guillemins from its owner (S4) for F25 to F100
    #     (half to twice its face value); it does not, here
    assert game.company_by_id("GLG").owner is game.player_by_id("S4")
    for wrong in (24, 101):
        assert "between 25 F and 100 F" in refused(game, "private price", buy_company, "Belge", "GLG", wrong)
    pass_(game, "Belge")  # no more trains
    pass_(game, "Belge")  # no private
    assert figures(game) == (185, 658, 100, ["2", "3", "3"])


@WALKTHROUGH.step
def test_after_step_15_the_est_trades_in_a_2_train_at_its_train_limit(game: Game) -> None:
    # 14. a trade-in is allowed at the train limit: the Est holds four 2-trains (the Green limit)
    assert to_act(game) == "Est"
    assert trains(game, "Est") == ["2", "2", "2", "2"]
    assert game.phase.train_limit(game.corporation_by_id("Est")) == 4
    pass_(game, "Est")  # no track
    buy_train(game, "Est", "3-2", 80, exchange="2-2")
    assert trains(game, "Est") == ["2", "2", "2", "3"]
    pass_(game, "Est")


@WALKTHROUGH.step
def test_after_step_15_the_first_4_train_starts_the_blue_phase_and_rusts_every_2_train(game: Game) -> None:
    # the AG buys the last two 3-trains and the first 4-train: the Blue phase, and every
    # 2-train rusts, the Belge's last one among them
    pass_(game, "AG")
    buy_train(game, "AG", "3-3", 120)
    buy_train(game, "AG", "3-4", 120)
    buy_train(game, "AG", "4-0", 300)
    assert game.phase.name == "Blue"
    assert trains(game, "Belge") == ["3", "3"] and trains(game, "Est") == ["3"]
    pass_(game, "AG")


@WALKTHROUGH.step
def test_step_15_then_stock_round_3_and_from_now_on_two_operating_rounds_a_set(game: Game) -> None:
    # 15. stock round 3; from now on two operating rounds follow each stock round
    assert game.round.name == "Stock Round" and game.turn == 3
    for p in [p.name for p in game.players]:
        pass_(game, p)
    assert game.round.name == "Operating Round" and game.operating_rounds == 2
    assert to_act(game) == "Belge"
    assert figures(game) == (185, 658, 100, ["3", "3"])

