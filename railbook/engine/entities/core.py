"""What players, corporations and the bank have in common: money and shares.

Money only moves with :meth:`Spender.spend`, which checks both sides, so cash is
never conjured or dropped.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from railbook.errors import InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.entities.corporation import Corporation
    from railbook.engine.entities.share import Share


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


class ShareHolder:
    """Anyone who can hold certificates: players, the bank pool, corporations."""

    def init_shares(self) -> None:
        self.shares_by_corporation: dict["Corporation", list["Share"]] = {}

    def shares_of(self, corporation: "Corporation | None") -> list["Share"]:
        if corporation is None:
            return []
        return self.shares_by_corporation.setdefault(corporation, [])

    @property
    def shares(self) -> list["Share"]:
        return [s for shares in self.shares_by_corporation.values() for s in shares]

    def percent_of(self, corporation: "Corporation | None") -> int:
        if corporation is None:
            return 0
        return sum(s.percent for s in self.shares_by_corporation.get(corporation, ()))

    def common_percent_of(self, corporation: "Corporation | None") -> int:
        if corporation is None:
            return 0
        return sum(s.percent for s in self.shares_by_corporation.get(corporation, ()) if not s.preferred)

    def num_shares_of(self, corporation: "Corporation", ceil: bool = True) -> float:
        num = self.percent_of(corporation) / corporation.share_percent
        return math.ceil(num) if ceil else num

    def is_share_pool(self) -> bool:
        return False


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
