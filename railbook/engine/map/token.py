"""Station tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.map.tile import City


class Token:
    __slots__ = ("corporation", "price", "type", "used", "city", "hex", "extra", "cheater")

    def __init__(self, corporation: Any, price: int = 0, type: str = "normal"):
        self.corporation = corporation
        self.price = price
        self.type = type
        self.used = False
        self.city: "City | None" = None
        self.hex: Any = None
        self.extra = False
        self.cheater = False

    def place(self, city: "City", extra: bool = False, cheater: bool = False) -> None:
        self.used = True
        self.city = city
        self.hex = city.hex
        self.extra = extra
        self.cheater = cheater

    def remove(self) -> None:
        if self.city is not None:
            self.city.tokens = [None if t is self else t for t in self.city.tokens]
            if self in self.city.extra_tokens:
                self.city.extra_tokens.remove(self)
        self.city = None
        self.hex = None
        self.used = False
        self.extra = False
        self.cheater = False

    def __repr__(self) -> str:
        where = self.hex.id if self.hex else "unplaced"
        return f"<Token {getattr(self.corporation, 'name', '?')} {where}>"
