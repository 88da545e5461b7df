"""The stock market grid: cells, zones, and how prices move.

Movement on a two-dimensional market: right moves along the row (up at its
right end), left moves back (down at its left end), up and down change rows
but never leave the grid.
"""

from __future__ import annotations

from typing import Any, Mapping

from railbook.title.model import MarketDef, Moves, Zone


class SharePrice:
    __slots__ = ("row", "column", "price", "zones", "effects", "corporations", "can_par", "counts_for_limit",
                 "unlimited_holding", "buy_multiple", "end_game_trigger", "close_cell", "president_buys_two",
                 "par_via_private_only", "sold_out_extra_rise", "ignore_one_sale")

    def __init__(self, row: int, column: int, price: int, zones: str, legend: Mapping[str, Zone]):
        self.row = row
        self.column = column
        self.price = price
        self.zones = zones
        effects: list[str] = []
        par = False
        for letter in zones:
            info = legend.get(letter)
            if info is None:
                continue
            par = par or info.par
            effects.extend(e for e in info.effects if e not in effects)
        self.effects = effects
        self.can_par = par
        self.corporations: list[Any] = []
        self.counts_for_limit = "no_cert_limit" not in effects
        self.unlimited_holding = "no_holding_limit" in effects
        self.president_buys_two = "president_buys_two" in effects
        self.buy_multiple = "multiple_buy" in effects or self.president_buys_two
        self.par_via_private_only = "par_via_private_only" in effects
        self.sold_out_extra_rise = "sold_out_extra_rise" in effects
        self.ignore_one_sale = "ignore_one_sale" in effects   # a sale here moves the price one share less
        self.end_game_trigger = "end_game" in effects
        self.close_cell = "close" in effects

    @property
    def coordinates(self) -> tuple[int, int]:
        return (self.row, self.column)

    @property
    def id(self) -> str:
        return f"{self.price},{self.row},{self.column}"

    def __repr__(self) -> str:
        return f"<SharePrice {self.price} ({self.row},{self.column})>"


class StockMarket:
    def __init__(self, market: MarketDef):
        legend = market.legend
        self.grid: list[list[SharePrice | None]] = []
        self.par_prices: list[SharePrice] = []
        self.has_close_cell = False
        self.max_reached = False
        for r, row in enumerate(market.grid):
            out: list[SharePrice | None] = []
            for c, cell in enumerate(row):
                if cell is None:
                    out.append(None)
                    continue
                sp = SharePrice(r, c, cell.price, cell.zones, legend)
                if sp.can_par:
                    self.par_prices.append(sp)
                if sp.close_cell:
                    self.has_close_cell = True
                out.append(sp)
            self.grid.append(out)
        # descending price, then further right, then lower row
        self.par_prices.sort(key=lambda p: (p.price, p.column, p.row), reverse=True)
        self._moves = market.moves

    def share_price(self, row: int, column: int) -> SharePrice | None:
        if row < 0 or column < 0 or row >= len(self.grid) or column >= len(self.grid[row]):
            return None
        return self.grid[row][column]

    def by_id(self, text: str) -> SharePrice | None:
        try:
            price, row, column = (int(x) for x in text.split(","))
        except ValueError:
            return None
        sp = self.share_price(row, column)
        return sp if sp is not None and sp.price == price else None

    # -- coordinates of a move (the compiled title's table: railbook/title/market_moves.py)
    def _cell_moves(self, rc: tuple[int, int]) -> Moves:
        moves = self._moves[rc[0]][rc[1]]
        if moves is None:
            raise ValueError(f"no market cell at {rc}")
        return moves

    def right(self, rc: tuple[int, int]) -> tuple[int, int]:
        return self._cell_moves(rc).right

    def left(self, rc: tuple[int, int]) -> tuple[int, int]:
        return self._cell_moves(rc).left

    def down(self, rc: tuple[int, int]) -> tuple[int, int]:
        return self._cell_moves(rc).down

    def up(self, rc: tuple[int, int]) -> tuple[int, int]:
        return self._cell_moves(rc).up

    # -- moving a corporation
    def set_par(self, corporation: Any, share_price: SharePrice) -> None:
        share_price.corporations.append(corporation)
        corporation.share_price = share_price
        corporation.par_price_ = share_price
        corporation.original_par_price = share_price

    def move(self, corporation: Any, rc: tuple[int, int]) -> None:
        sp = self.share_price(*rc)
        if sp is None or sp is corporation.share_price:
            return
        old = corporation.share_price
        if old is not None and corporation in old.corporations:
            old.corporations.remove(corporation)
        corporation.share_price = sp
        if sp.end_game_trigger:
            self.max_reached = True
        sp.corporations.append(corporation)

    def to_bottom(self, corporation: Any) -> None:
        """The corporation's marker goes under the others on its cell (it comes after them in the operating order)."""
        cell = corporation.share_price.corporations
        if corporation in cell:
            cell.remove(corporation)
        cell.append(corporation)

    def move_right(self, corporation: Any) -> None:
        self.move(corporation, self.right(corporation.share_price.coordinates))

    def move_left(self, corporation: Any) -> None:
        self.move(corporation, self.left(corporation.share_price.coordinates))

    def move_up(self, corporation: Any) -> None:
        self.move(corporation, self.up(corporation.share_price.coordinates))

    def move_down(self, corporation: Any) -> None:
        self.move(corporation, self.down(corporation.share_price.coordinates))
