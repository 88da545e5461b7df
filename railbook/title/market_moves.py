"""Where a share price goes from each market cell: computed once, when a title compiles.

Every cell gets its four neighbours as [row, column]. In a two-dimensional market a
move off the right edge goes up instead, a move left into no cell goes down, and up
or down at the top or bottom row stays; in a one-row market up is right and down is
left, and the ends stay. A ``zigzag`` market (one row drawn as a zigzag of cells) moves right
and left two cells, stopping at the last cell at either end, and up and down one. A move that would
land on no cell (past a shorter row) is no move. The engine looks moves up in this table instead of
working them out at every dividend and sale.
"""

from __future__ import annotations

from typing import Any

Move = list[int]
Moves = dict[str, Move]


def market_moves(grid: list[list[Any]], movement: str = "two_dimensional") -> list[list[Moves | None]]:
    one_d = len(grid) == 1
    step = 2 if movement == "zigzag" else 1

    def cell(r: int, c: int) -> bool:
        return 0 <= r < len(grid) and 0 <= c < len(grid[r]) and grid[r][c] is not None

    def up(r: int, c: int) -> Move:
        if one_d:
            return [r, c + 1] if c + 1 < len(grid[r]) else [r, c]
        return [r - 1, c] if r - 1 >= 0 else [r, c]

    def down(r: int, c: int) -> Move:
        if one_d:
            return [r, c - 1] if c > 0 else [r, c]
        return [r + 1, c] if r + 1 < len(grid) else [r, c]

    def right(r: int, c: int) -> Move:
        if one_d:
            return [r, min(c + step, len(grid[r]) - 1)]
        return up(r, c) if c + 1 >= len(grid[r]) else [r, c + 1]

    def left(r: int, c: int) -> Move:
        if one_d:
            return [r, max(c - step, 0)]
        return [r, c - 1] if c > 0 and cell(r, c - 1) else down(r, c)

    def landing(r: int, c: int, to: Move) -> Move:
        return to if cell(*to) else [r, c]  # a move into no cell is no move

    return [[{k: landing(r, c, f(r, c)) for k, f in (("up", up), ("down", down), ("left", left), ("right", right))}
             if cell(r, c) else None for c in range(len(row))]
            for r, row in enumerate(grid)]
