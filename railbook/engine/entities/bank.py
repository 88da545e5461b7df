"""The bank: it pays and is paid, and may break (the end-game trigger)."""

from __future__ import annotations

from typing import Any

from railbook.engine.entities.core import Entity, Spender
from railbook.engine.entities.share import ShareHolder


class Bank(Entity, Spender, ShareHolder):
    def __init__(self, cash: int, unlimited: bool, check: bool):
        self.name = "The Bank"
        self.cash = cash
        self.unlimited = unlimited
        self.check = check and not unlimited
        self.broken = False
        self.breaks_when_empty = False  # broken as soon as it holds nothing, not only when it cannot pay
        self.companies: list[Any] = []
        self.init_shares()

    def is_bank(self) -> bool:
        return True

    def check_cash(self, amount: int) -> None:
        """The bank never refuses to pay; running out of money breaks it."""
        if self.check and (self.cash - amount < 0 or (self.breaks_when_empty and self.cash - amount <= 0)):
            self.broken = True

    @property
    def owner(self) -> None:
        return None
