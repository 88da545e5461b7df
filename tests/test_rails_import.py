"""Rails game reports: the parser, the conversion to engine actions, and whole
recorded 1826 games replayed with every cash checkpoint and the final ranking.

The recorded games live in ../shared/fidelity/rails (beside $RAILBOOK_FIXTURES);
where they are absent those tests skip. The parser and the short games below
use inline report text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import fixtures_dir

from railbook.engine.mechanics.formation import form_corporation, formations
from railbook.engine.rules.tokens import token_price
from railbook.engine.title import Title
from railbook.errors import GameError, LogError
from railbook.importers import rails
from railbook.importers.report_replay import (
    recorded_defaults,
    replay_report,
    replay_report_file,
)

RAILS_DIR = fixtures_dir().parent / "rails"
REPORTS = sorted(RAILS_DIR.rglob("*.report")) if RAILS_DIR.is_dir() else []

# The opening of a real 5-player game (1826J42): auction, first stock round, first operating round.
OPENING = """GameIs,1826
PlayerIs,1,Charlie
PlayerIs,2,Mike
PlayerIs,3,John
PlayerIs,4,Lyndon
PlayerIs,5,Mark
PlayerCash,360
BankHas,10200
StartOfPhase,2H
BankSizeIs,10200
StartOfInitialRound,1
HasPriority,Charlie
BID_ITEM_LOG,Charlie,115,Belgian,245
BID_ITEM_LOG,Mike,75,Algerian,285
BuysItemFor,John,Bridge,20
BuysItemFor,Lyndon,Mail,40
BuysItemFor,Mike,Algerian,75
BuysItemFor,Charlie,Belgian,115
ALSO_GETS,Charlie,CERT_NAME,Belg,10
BuysItemFor,Mark,Parisian,160
ALSO_GETS,Mark,PRES_CERT_NAME,Paris,40
PASSES,Charlie
PASSES,Mike
BuysItemFor,John,Alsatian,220
ALSO_GETS,John,PRES_CERT_NAME,Als,40
Has,Charlie,245
Has,Mike,285
Has,John,120
Has,Lyndon,320
Has,Mark,200
StartStockRound,1
HasPriority,Lyndon
START_COMPANY_LOG,Lyndon,GC,82,164,2,40,BANK
BUY_SHARE_LOG,Mark,20,Paris,IPO,110
FloatsWithCash,Paris,330
BUY_SHARE_LOG,Charlie,20,GC,IPO,82
FloatsWithCash,GC,246
START_COMPANY_LOG,Mike,Nord,90,180,2,40,BANK
BUY_SHARE_LOG,John,20,Als,IPO,110
FloatsWithCash,Als,330
BUY_SHARE_LOG,Lyndon,20,GC,GC,82
PASSES,Mark
BUY_SHARE_LOG,Charlie,20,GC,GC,82
BUY_SHARE_LOG,Mike,20,Nord,IPO,90
FloatsWithCash,Nord,270
PASSES,John
PASSES,Lyndon
PASSES,Mark
PASSES,Charlie
PASSES,Mike
 
END_SR,1
Has,Als,330
Has,GC,410
Has,Nord,270
Has,Paris,330
Has,Charlie,81
Has,Mike,15
Has,John,10
Has,Lyndon,74
Has,Mark,90
START_OR,1.1
ReceivesFor,John,5,Bridge
ReceivesFor,Lyndon,10,Mail
ReceivesFor,Mike,15,Algerian
ReceivesFor,Charlie,20,Belgian
ReceivesFor,Mark,25,Parisian
ReceivesFor,John,30,Alsatian
 
CompanyOperates,Paris,Mark
LaysTileAtFor,Paris,8,F8,NE,40
LaysTileAt,Paris,9,E9,SW
CompanyDoesNotPayDividend,Paris
PRICE_MOVES_LOG,Paris,110,D1,100,C1
BuysTrain,Paris,2H,IPO,100
PrivateCloses,Parisian
FirstTrainBought,2H
 
CompanyOperates,Als,John
LaysTileAt,Als,4,H18,SW
LaysTileAt,Als,4,I17,SW
CompanyDoesNotPayDividend,Als
PRICE_MOVES_LOG,Als,110,D1,100,C1
BuysTrain,Als,2H,IPO,100
PrivateCloses,Alsatian
 
CompanyOperates,Nord,Mike
LaysTileAtFor,Nord,8,F10,E,40
LaysTileAtFor,Nord,6,F12,E,40
CompanyDoesNotPayDividend,Nord
PRICE_MOVES_LOG,Nord,90,D3,82,C3
BuysTrain,Nord,2H,IPO,100
 
CompanyOperates,GC,Lyndon
LaysTileAt,GC,6,M13,E
LaysTileAtFor,GC,9,M15,NW,40
CompanyDoesNotPayDividend,GC
PRICE_MOVES_LOG,GC,82,D4,75,C4
BuysTrain,GC,2H,IPO,100
BuysTrain,GC,2H,IPO,100
 
EndOfOperatingRound,1.1
Has,Als,230
Has,GC,170
Has,Nord,90
Has,Paris,190
Has,Charlie,101
Has,Mike,30
Has,John,45
Has,Lyndon,84
Has,Mark,115
"""


# ---------------------------------------------------------------------- the parser

def test_fields_split_on_commas_outside_brackets() -> None:
    assert rails.split_fields("PhaseDependentTrainLimitsSetTo,Midi,[4, 3, 2],4") == \
        ["PhaseDependentTrainLimitsSetTo", "Midi", "[4, 3, 2]", "4"]
    assert rails.parse_list("[Nord, GC]") == ["Nord", "GC"]


def test_report_lines_become_events_with_their_line_numbers() -> None:
    text = ("GameIs,1826\nPlayerIs,2,Bea\nPlayerIs,1,Al\n \nBID_ITEM_LOG,Al,75,Algerian,375\n"
            "GameOver\nEoGWinnerBea!\nEoGFinalRanking :\n1. 900 Bea\n2. 850 Al\n")
    report = rails.from_text(text, source="inline")
    assert report.title == "1826"
    assert report.players == ["Al", "Bea"]  # seating order, not the order of the lines
    bid = next(e for e in report.events if e.key == "BID_ITEM_LOG")
    assert bid.line == 5 and bid.args == ("Al", "75", "Algerian", "375") and bid.int_arg(1) == 75
    assert report.winner == "Bea"
    assert report.ranking == [(1, 900, "Bea"), (2, 850, "Al")]
    assert report.result == {"Bea": 900, "Al": 850}


def test_a_text_without_game_line_is_not_a_report() -> None:
    with pytest.raises(LogError, match="GameIs"):
        rails.from_text("PlayerIs,1,Al\n")


def test_a_bad_number_names_the_line() -> None:
    report = rails.from_text("GameIs,1826\nPlayerIs,1,Al\nHas,Al,lots\n")
    with pytest.raises(LogError, match="line 3"):
        report.events[-1].int_arg(1)


def test_reports_are_recognised_by_extension_or_first_line(tmp_path: Path) -> None:
    named = tmp_path / "game.report"
    named.write_text("anything\n")
    plain = tmp_path / "game.txt"
    plain.write_text("GameIs,1826\nPlayerIs,1,Al\n")
    other = tmp_path / "game.json"
    other.write_text("{}\n")
    assert rails.looks_like_report(named) and rails.looks_like_report(plain)
    assert not rails.looks_like_report(other)


def test_rails_plays_some_optional_rules_by_default() -> None:
    title = Title.load("1826")
    assert "two_players_70_percent" in recorded_defaults(title, "rails", 2)
    assert "two_players_70_percent" not in recorded_defaults(title, "rails", 5)
    assert {"unlimited_yellow_plain", "ten_tgvs"} <= set(recorded_defaults(title, "rails", 5))


# ---------------------------------------------------------------------- converting and checking

def test_the_opening_replays_with_every_checkpoint() -> None:
    result = replay_report(rails.from_text(OPENING, source="opening"))
    assert result.error is None, result.error
    assert len(result.checkpoints) == 23
    assert result.first_mismatch is None
    assert not result.notes
    kinds = [a["type"] for a in result.actions]
    assert kinds.count("bid") == 6 and kinds.count("par") == 4 and kinds.count("buy_train") == 5
    # the start price of Paris, chosen in the auction but not logged, comes from its first sale
    par = next(a for a in result.actions if a["type"] == "par" and a["corporation"] == "Paris")
    assert par["share_price"].startswith("110,")


def test_a_cash_mismatch_is_reported_with_its_line() -> None:
    text = OPENING.replace("Has,GC,410", "Has,GC,400")
    result = replay_report(rails.from_text(text))
    bad = result.first_mismatch
    assert bad is not None and bad.name == "GC" and bad.expected == 400 and bad.actual == 410
    assert bad.line == text.splitlines().index("Has,GC,400") + 1


def test_a_broken_report_stops_at_its_line_with_the_rule() -> None:
    text = OPENING.replace("BUY_SHARE_LOG,Charlie,20,GC,GC,82", "BUY_SHARE_LOG,Charlie,20,GC,GC,82\n"
                                                             "BUY_SHARE_LOG,Charlie,20,Paris,IPO,110")
    result = replay_report(rails.from_text(text))
    assert result.error is not None
    assert result.error_line == text.splitlines().index("BUY_SHARE_LOG,Charlie,20,Paris,IPO,110") + 1
    assert result.error.rule  # the rule it breaks is named


def test_stated_revenue_needs_a_game_that_trusts_it() -> None:
    from railbook.engine.game import Game

    game = Game(Title.load("1826"), [(1, "a"), (2, "b"), (3, "c")])
    with pytest.raises(GameError, match="stated revenue"):
        game.process({"type": "run_routes", "entity": "Paris", "entity_type": "corporation", "routes": [],
                      "stated_revenue": 50})


def test_map_corrections_need_a_game_that_records_them() -> None:
    from railbook.engine.game import Game

    game = Game(Title.load("1826"), [(1, "a"), (2, "b"), (3, "c")])
    with pytest.raises(GameError, match="correction"):
        game.process({"type": "map_correction", "entity": 1, "tile": "8-0", "hex": "F8", "rotation": 3})


def test_conversion_keeps_holders_and_adds_treasury_certificates() -> None:
    from railbook.engine.game import Game
    from railbook.engine.mechanics.conversion import convert_corporation

    game = Game(Title.load("1826"), [(1, "a"), (2, "b"), (3, "c")])
    corp = game.corporation_by_id("PO")
    player = game.players[0]
    game.share_pool.transfer_shares(corp.shares_list[0].to_bundle(), player)
    assert convert_corporation(game, corp)
    assert corp.share_percent == 10 and corp.total_shares == 10 and corp.type == "ten_share"
    assert player.percent_of(corp) == 20
    assert corp.percent_of(corp) == 80 and len(corp.shares_list) == 9
    assert not convert_corporation(game, corp)  # once only


def _game_at(path: Path, line: int) -> object:
    """The game of a report as it stands before a line."""
    from railbook.importers import rails_actions, rails_events
    from railbook.importers.report_replay import new_game

    report = rails.load(path)
    game, _ = new_game(report)
    driver = rails_actions.ReportDriver(game, report, rails_events.HANDLERS)
    while report.events[driver.index].line < line:
        driver.event = report.events[driver.index]
        driver.settle()
        handler = rails_events.HANDLERS.get(driver.event.key)
        if handler is not None:
            handler(driver, driver.event)
        driver.index += 1
    return game


def test_hex_trains_count_hex_borders_and_tokens_cost_track_distance() -> None:
    path = RAILS_DIR / "1826" / "1826J42.report"
    if not path.exists():
        pytest.skip(f"no {path}")
    from railbook.engine.rules.routes import Route

    game = _game_at(path, 147)  # Paris's second turn, before its station in Lille
    paris = game.corporation_by_id("Paris")
    lille = game.hex_by_id("C11").tile.cities[0]
    assert token_price(game, paris, lille, paris.find_token_by_type()) == 80  # 4 borders from Paris by track
    game = _game_at(path, 148)  # the station is in Lille; Paris has a 2H train
    paris = game.corporation_by_id("Paris")
    train = paris.trains[0]
    assert Route(game, train, paris, [["C11", "D10"]]).revenue() == 30  # Lille 20 + a town 10, one border
    with pytest.raises(GameError, match="borders"):
        Route(game, train, paris, [["C11", "D10"], ["D10", "E9", "F8", "G9"]]).revenue()


def test_a_state_railway_takes_over_trainless_corporations() -> None:
    from railbook.engine.game import Game

    game = Game(Title.load("1826"), [("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")])

    def started(sym: str, price: int, holders: list[tuple[str, int]]) -> object:
        corp = game.corporation_by_id(sym)
        game.stock_market.set_par(corp, next(p for p in game.stock_market.par_prices if p.price == price))
        corp.ipoed = corp.floated_ = True
        for who, index in holders:
            to = game.share_pool if who == "pool" else game.player_by_id(who)
            game.share_pool.transfer_shares(corp.shares_list[index].to_bundle(), to)
        corp.turns_operated = 1
        game.bank.spend(300, corp)
        return corp

    nord = started("Nord", 100, [("A", 0), ("B", 1), ("pool", 2)])
    gc = started("GC", 82, [("B", 0), ("A", 1), ("C", 2), ("C", 3)])
    gc.loans.append(500)
    game.hex_by_id("G9").tile.cities[0].exchange_token(nord.tokens[0])
    game.hex_by_id("L14").tile.cities[0].exchange_token(gc.tokens[0])
    game.hex_by_id("C11").tile.cities[0].exchange_token(nord.tokens[1])
    etat = game.corporation_by_id("Etat")
    form_corporation(game, etat, [nord, gc])
    assert nord.closed and gc.closed
    # both convert to ten shares, then two old shares make one: A and B each have three (one odd, to the
    # pool), C two; the pool's three make one and the odd one is lost
    assert {p.name: p.percent_of(etat) for p in game.players} == {"A": 10, "B": 10, "C": 10, "D": 0}
    assert game.share_pool.percent_of(etat) == 10 and etat.percent_of(etat) == 60
    assert etat.owner is game.player_by_id("A")
    # the mean of 100 and 82 is 91: it starts at 90, then a cell left for the loan it inherits
    assert etat.share_price.price == 82 and etat.loans == [500]
    assert etat.cash == 600 and not etat.floated()  # no capital; it floats once half its shares are out
    assert sorted(t.hex.id for t in etat.tokens if t.hex is not None) == ["G9", "L14"]
    assert formations(game).pending.cities == {"Nord": [game.hex_by_id("C11").tile.cities[0]]}


# ---------------------------------------------------------------------- recorded games

@pytest.mark.parametrize("path", REPORTS, ids=[p.stem for p in REPORTS])
def test_recorded_report_replays_exactly(path: Path) -> None:
    result = replay_report_file(path)
    assert result.error is None, f"stops at line {result.error_line} ({result.error_event}): {result.error}"
    bad = result.first_mismatch
    assert bad is None, f"line {bad.line}: {bad.name} has {bad.actual} in the engine, {bad.expected} in the report"
    assert result.checkpoints
    assert result.ranking_matches is True, (result.scores, result.report.result)
    assert result.trusted_revenues > 0


def test_recorded_reports_are_found_or_skipped_cleanly() -> None:
    if not REPORTS:
        pytest.skip(f"no Rails reports at {RAILS_DIR}")
    assert all(p.suffix == ".report" for p in REPORTS)
