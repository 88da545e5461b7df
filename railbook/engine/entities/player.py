"""A player: cash, certificates and private companies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.core import Entity, Passer, Spender
from railbook.engine.entities.share import ShareHolder

if TYPE_CHECKING:
    from railbook.engine.entities.company import Company


class Player(Entity, Spender, ShareHolder, Passer):
    def __init__(self, pid: Any, name: str):
        self.id = pid
        self.name = name
        self.cash = 0
        self.companies: list["Company"] = []
        self.bankrupt = False
        self.passed = False
        self.penalty = 0
        self.init_shares()

    def is_player(self) -> bool:
        return True

    @property
    def player(self) -> "Player":
        return self

    @property
    def owner(self) -> "Player":
        return self

    def value(self) -> int:
        """Cash, certificates at market value and privates at face value: the final score."""
        shares = sum(s.price() for s in self.shares if s.corporation.ipoed)
        return self.cash + shares + sum(c.value for c in self.companies) - self.penalty

    def __repr__(self) -> str:
        return f"<Player {self.name}>"
