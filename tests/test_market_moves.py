"""Share-price moves are worked out when a title compiles (railbook/title/market_moves.py):
these tests state the movement rules the table encodes."""

from __future__ import annotations

from typing import Any

from railbook.compiler.cache import load_compiled
from railbook.title.market_moves import market_moves


def cell(price: int) -> dict[str, Any]:
    return {"price": price, "zones": ""}


# a small two-dimensional market with a shorter lower row (as 1830's ledges)
GRID = [[cell(60), cell(70), cell(80)],
        [cell(50), cell(60), None],
        [cell(40), None, None]]


def test_a_price_moves_to_the_neighbouring_cell() -> None:
    moves = market_moves(GRID)
    assert moves[1][1] == {"up": [0, 1], "down": [1, 1], "left": [1, 0], "right": [1, 1]}
    assert moves[0][1] == {"up": [0, 1], "down": [1, 1], "left": [0, 0], "right": [0, 2]}


def test_right_off_the_edge_goes_up_and_the_top_row_stays() -> None:
    assert market_moves([[cell(60), cell(70)], [cell(50), cell(60)]])[1][1]["right"] == [0, 1]
    moves = market_moves(GRID)
    assert moves[0][2]["right"] == [0, 2]  # top right corner: up is no move
    assert moves[1][0]["right"] == [1, 1]
    assert moves[1][1]["right"] == [1, 1]  # past a shorter row's last cell there is no cell: no move


def test_left_into_no_cell_goes_down_and_the_bottom_row_stays() -> None:
    moves = market_moves(GRID)
    assert moves[0][0]["left"] == [1, 0]   # the first column: left becomes down
    assert moves[2][0]["left"] == [2, 0]   # bottom left: down is no move either
    assert moves[2][0]["down"] == [2, 0]


def test_a_one_row_market_moves_along_the_row_and_stops_at_its_ends() -> None:
    moves = market_moves([[cell(10), cell(20), cell(30)]])
    assert moves[0][1] == {"up": [0, 2], "down": [0, 0], "left": [0, 0], "right": [0, 2]}
    assert moves[0][0]["left"] == [0, 0] and moves[0][2]["right"] == [0, 2]


def test_a_zigzag_market_moves_two_cells_right_or_left_up_to_its_ends_and_one_up_or_down() -> None:
    moves = market_moves([[cell(p) for p in (10, 20, 30, 40, 50)]], "zigzag")
    assert moves[0][2] == {"up": [0, 3], "down": [0, 1], "left": [0, 0], "right": [0, 4]}
    assert moves[0][3]["right"] == [0, 4] and moves[0][1]["left"] == [0, 0]    # the ledges stop it at the ends


def test_gaps_have_no_moves() -> None:
    assert market_moves(GRID)[1][2] is None


def test_compiled_titles_carry_their_move_table() -> None:
    for title in ("1830", "1894", "1893", "1826"):
        market = load_compiled(title).MARKET
        table = [[None if m is None else {k: list(getattr(m, k)) for k in ("up", "down", "left", "right")}
                  for m in row] for row in market.moves]
        assert table == market_moves([list(row) for row in market.grid], market.movement)
