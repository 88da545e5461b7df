"""The stock market (railbook/engine/market/stock_market.py): par cells, how a price moves
on the grid, and what the market's zones do.

The markets are the real titles' (titles/*/market.yaml, compiled) and small grids made here
with their move table worked out as a compiled title's is (title/typed.py with_market_moves).
Coordinates are (row, column) from the top left; 1830's grid, for reference:

    row 0: 60y 67 71 76 82 90 100p 112 ... 325 350          (19 cells)
    row 2: 46y 55y 60y 65 70 76 82p 90 ... 185 200          (16 cells)
    row 7: 10b 20b 30b 40o 50y 60y 67 68                     (8 cells)
    row 8: --  10b 20b 30b 40o 50y 60y
"""

from __future__ import annotations

from typing import Any

import pytest
from play_support import closing_yellow_1830, opening_at

from railbook.engine.game import Game
from railbook.engine.market.stock_market import SharePrice, StockMarket
from railbook.engine.rules.game_end import game_end_check
from railbook.engine.rules.shares import par_prices_for
from railbook.engine.title import Title
from railbook.title.model import MarketCell, MarketDef, Zone
from railbook.title.typed import with_market_moves

PLAYERS = [(1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di")]


def market_of(title: str) -> StockMarket:
    return StockMarket(Title.load(title).model.market)


def grid_market(rows: list[list[str]], legend: dict[str, Zone] | None = None) -> StockMarket:
    """A market from cells written as in market.yaml ("100p"; "" for no cell)."""
    def cell(text: str) -> MarketCell | None:
        if not text:
            return None
        digits = text.rstrip("abcdefghijklmnopqrstuvwxyz")
        return MarketCell(price=int(digits), zones=text[len(digits):])

    grid = tuple(tuple(cell(t) for t in row) for row in rows)
    return StockMarket(with_market_moves(MarketDef(grid=grid, moves=(), legend=legend or {"p": Zone(par=True)})))


class Marker:
    """Something with a place on the market, as a corporation has."""

    def __init__(self, name: str):
        self.name = name
        self.share_price: SharePrice | None = None
        self.par_price_: SharePrice | None = None
        self.original_par_price: SharePrice | None = None

    def __repr__(self) -> str:
        return self.name


def placed(market: StockMarket, row: int, column: int, name: str = "X") -> Any:
    marker = Marker(name)
    cell = market.share_price(row, column)
    assert cell is not None
    market.set_par(marker, cell)
    return marker


def coordinates(marker: Any) -> tuple[int, int]:
    return marker.share_price.coordinates


# ---------------------------------------------------------------- par prices

def test_par_prices_are_listed_highest_first() -> None:
    assert [p.id for p in market_of("1830").par_prices] == \
        ["100,0,6", "90,1,6", "82,2,6", "76,3,6", "71,4,6", "67,5,6"]


def test_equal_par_prices_list_the_cell_further_right_first() -> None:
    """1893's two 120M cells (the HGK's at column 5, the AGV's at column 6)."""
    assert [p.id for p in market_of("1893").par_prices] == \
        ["120,2,6", "120,1,5", "100,1,3", "90,2,3", "80,3,3", "70,4,2", "60,5,1"]


def test_equal_par_prices_in_one_column_list_the_lower_row_first() -> None:
    market = grid_market([["50", "60p"], ["40", "60p"]])
    assert [p.coordinates for p in market.par_prices] == [(1, 1), (0, 1)]


def test_only_cells_with_a_par_letter_are_par_prices() -> None:
    market = market_of("1830")
    assert all(p.can_par and "p" in p.zones for p in market.par_prices)
    assert not market.share_price(0, 7).can_par  # 112, plain


def test_a_par_price_only_a_private_may_set_is_no_par_in_a_stock_round() -> None:
    """1894's F100 cell (zones "pm"): only a major shareholding's buyer sets it."""
    game = Game(Title.load("1894"), PLAYERS, seed=17)
    belge = game.corporation_by_id("Belge")
    assert [p.price for p in par_prices_for(game, belge)] == [100, 95, 80, 67]
    assert [p.price for p in par_prices_for(game, belge, via_private=False)] == [95, 80, 67]


def test_set_par_puts_the_corporation_on_its_par_cell() -> None:
    market = market_of("1830")
    cell = market.by_id("67,5,6")
    marker = placed(market, 5, 6)
    assert marker.share_price is marker.par_price_ is marker.original_par_price is cell
    assert cell.corporations == [marker]


def test_a_cell_is_named_by_price_row_and_column() -> None:
    market = market_of("1830")
    assert market.by_id("100,0,6") is market.share_price(0, 6)
    assert market.by_id("99,0,6") is None        # the price must be the cell's
    assert market.by_id("100,0") is None and market.by_id("par") is None
    assert market.share_price(8, 0) is None      # a gap
    assert market.share_price(11, 0) is None and market.share_price(0, 19) is None  # off the grid


# ---------------------------------------------------------------- moves

def test_a_move_right_goes_along_the_row() -> None:
    market = market_of("1830")
    marker = placed(market, 0, 6)
    market.move_right(marker)
    assert marker.share_price.price == 112 and coordinates(marker) == (0, 7)


def test_a_move_right_off_a_row_end_goes_up() -> None:
    market = market_of("1830")
    marker = placed(market, 2, 15)   # 200, the end of row 2
    market.move_right(marker)
    assert coordinates(marker) == (1, 15) and marker.share_price.price == 240


def test_a_move_right_off_the_top_row_end_stays() -> None:
    market = market_of("1830")
    marker = placed(market, 0, 18)   # 350
    market.move_right(marker)
    assert coordinates(marker) == (0, 18)


def test_a_move_left_off_the_first_column_goes_down() -> None:
    market = market_of("1830")
    marker = placed(market, 0, 0)    # 60
    market.move_left(marker)
    assert coordinates(marker) == (1, 0) and marker.share_price.price == 53


def test_a_move_left_or_down_into_a_gap_stays() -> None:
    """Under 1830's 10 in row 7 there is no cell; row 10's first cell has nothing left of it or below."""
    market = market_of("1830")
    low = placed(market, 7, 0)
    market.move_left(low)
    assert coordinates(low) == (7, 0)
    market.move_down(low)
    assert coordinates(low) == (7, 0)
    corner = placed(market, 10, 3)
    market.move_left(corner)
    assert coordinates(corner) == (10, 3)


def test_a_move_down_off_a_ledge_stays() -> None:
    """Row 3 is shorter than row 2: a price at the end of row 2 cannot drop."""
    market = market_of("1830")
    marker = placed(market, 2, 15)
    market.move_down(marker)
    assert coordinates(marker) == (2, 15)


def test_up_at_the_top_and_down_at_the_bottom_stay() -> None:
    market = market_of("1830")
    top, bottom = placed(market, 0, 6, "top"), placed(market, 10, 6, "bottom")
    market.move_up(top)
    market.move_down(bottom)
    assert coordinates(top) == (0, 6) and coordinates(bottom) == (10, 6)


def test_up_and_down_change_rows_in_the_same_column() -> None:
    market = market_of("1830")
    marker = placed(market, 5, 6)    # 67
    market.move_up(marker)
    assert marker.share_price.id == "71,4,6"
    market.move_down(marker)
    market.move_down(marker)
    assert marker.share_price.id == "67,6,6"


def test_a_one_row_market_moves_up_as_right_and_down_as_left() -> None:
    market = grid_market([["10", "20p", "30"]])
    marker = placed(market, 0, 1)
    market.move_up(marker)
    assert marker.share_price.price == 30
    market.move_up(marker)
    assert marker.share_price.price == 30   # the end stays
    market.move_down(marker)
    market.move_down(marker)
    market.move_down(marker)
    assert marker.share_price.price == 10


def test_a_corporation_leaves_its_old_cell_and_queues_behind_those_on_the_new_one() -> None:
    """The order of arrival on a cell is the operating order among equal prices."""
    market = market_of("1830")
    first, second = placed(market, 0, 7, "first"), placed(market, 0, 6, "second")
    market.move_right(second)
    assert market.share_price(0, 7).corporations == [first, second]
    assert market.share_price(0, 6).corporations == []


def test_a_move_that_stays_keeps_the_queue() -> None:
    market = market_of("1830")
    first, second = placed(market, 0, 18, "first"), placed(market, 0, 18, "second")
    market.move_right(first)   # no move: first stays ahead of second
    assert market.share_price(0, 18).corporations == [first, second]


# ---------------------------------------------------------------- zones

def test_1830s_coloured_zones_lift_the_limits_and_allow_multiple_buys() -> None:
    market = market_of("1830")
    plain, yellow, orange, brown = (market.share_price(*rc) for rc in ((0, 1), (0, 0), (3, 0), (5, 0)))
    assert (plain.counts_for_limit, plain.unlimited_holding, plain.buy_multiple) == (True, False, False)
    assert (yellow.counts_for_limit, yellow.unlimited_holding, yellow.buy_multiple) == (False, False, False)
    assert (orange.counts_for_limit, orange.unlimited_holding, orange.buy_multiple) == (False, True, False)
    assert (brown.counts_for_limit, brown.unlimited_holding, brown.buy_multiple) == (False, True, True)


def test_a_cell_takes_the_effects_of_every_zone_letter() -> None:
    legend = {"p": Zone(par=True), "y": Zone(effects=("no_cert_limit",)), "b": Zone(effects=("multiple_buy",))}
    cell = grid_market([["50yb", "60p"]], legend).share_price(0, 0)
    assert cell.effects == ["no_cert_limit", "multiple_buy"]
    assert not cell.counts_for_limit and cell.buy_multiple and not cell.can_par


def test_1894s_gray_zone_lets_only_the_president_buy_two() -> None:
    """president_buys_two implies multiple_buy; the zone also gives a sold-out extra rise."""
    gray = market_of("1894").share_price(5, 0)   # 59o
    assert gray.president_buys_two and gray.buy_multiple and gray.sold_out_extra_rise
    assert not gray.counts_for_limit and gray.unlimited_holding


def test_a_price_reaching_an_end_game_cell_sets_max_reached() -> None:
    market = market_of("1894")
    marker = placed(market, 0, 12)   # 375, left of 450e
    assert not market.max_reached
    market.move_up(marker)           # no move
    assert not market.max_reached
    market.move_right(marker)
    assert marker.share_price.price == 450 and market.share_price(0, 13).end_game_trigger
    assert market.max_reached


def test_in_1894_the_end_game_cell_ends_the_game_at_once() -> None:
    game = Game(Title.load("1894"), PLAYERS, seed=17)
    assert game_end_check(game) == (None, None)
    game.stock_market.max_reached = True
    assert game_end_check(game) == ("stock_market", "immediately")


def test_a_market_with_a_close_cell_knows_it() -> None:
    legend = {"p": Zone(par=True), "c": Zone(effects=("close",))}
    market = grid_market([["0c", "10", "20p"]], legend)
    assert market.has_close_cell and market.share_price(0, 0).close_cell
    assert not market.share_price(0, 1).close_cell
    assert not market_of("1830").has_close_cell


def test_a_corporation_whose_price_reaches_a_close_cell_closes() -> None:
    """1830 with its yellow zone made a closing zone: PRR (at $65, two rows above 60y)
    closes once Ann's sale of two shares drops it there."""
    game = opening_at(30, closing_yellow_1830())  # stock round 2
    for pid in (2, 3, 4):
        game.process({"type": "pass", "entity": pid, "entity_type": "player"})
    prr = game.corporation_by_id("PRR")
    assert prr.share_price.id == "65,5,5"
    game.process({"type": "sell_shares", "entity": 1, "entity_type": "player", "shares": ["PRR_1", "PRR_2"],
                  "percent": 20})
    assert "PRR closes" in game.log_lines
    assert prr.closed and prr not in game.corporations
    assert not any(t.used for t in prr.tokens) and not any(t.buyable() for t in prr.trains)


@pytest.mark.parametrize("title", ["1830", "1894", "1893", "1826"])
def test_every_move_lands_on_a_cell(title: str) -> None:
    market = market_of(title)
    for row in market.grid:
        for cell in row:
            if cell is None:
                continue
            for move in (market.up, market.down, market.left, market.right):
                assert market.share_price(*move(cell.coordinates)) is not None
