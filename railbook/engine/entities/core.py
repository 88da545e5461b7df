"""What players, corporations and the bank have in common: money, passing, and what they are.

Money only moves with :meth:`Spender.spend`, which checks both sides, so cash is
never conjured or dropped.
"""

from __future__ import annotations

from typing import Any

from railbook.errors import InsufficientFunds


class Spender:
    cash: int = 0
    name: str = ""

    def spend(self, amount: int, receiver: "Spender", check_cash: bool = True, check_positive: bool = True) -> None:
        receiver = receiver.spender()
        amount = int(amount)
        if receiver is self:
            raise InsufficientFunds(f"{self.name} cannot pay itself", "money")
        if check_cash:
            self.check_cash(amount)
        if check_positive and amount <= 0:
            raise InsufficientFunds(f"cannot spend {amount}: amounts must be positive", "money")
        self.cash -= amount
        receiver.cash += amount

    def check_cash(self, amount: int) -> None:
        if self.cash - amount < 0:
            raise InsufficientFunds(f"{self.name} has {self.cash} and cannot spend {amount}", "money")

    def set_cash(self, amount: int, other: "Spender") -> None:
        other.spend(amount - self.cash, self, check_cash=False, check_positive=False)

    def spender(self) -> "Spender":
        return self


class Passer:
    passed: bool = False

    def pass_(self) -> None:
        self.passed = True

    def unpass(self) -> None:
        self.passed = False


class Entity:
    """Type tests the rules ask of any participant."""

    def is_player(self) -> bool:
        return False

    def is_corporation(self) -> bool:
        return False

    def is_minor(self) -> bool:
        return False

    def is_company(self) -> bool:
        return False

    def is_operator(self) -> bool:
        return False

    def is_bank(self) -> bool:
        return False

    @property
    def player(self) -> Any:
        return None
