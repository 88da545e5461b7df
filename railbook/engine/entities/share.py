"""Share certificates, bundles of them, and whoever holds them (players, corporations, the bank, the pool)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.entities.corporation import Corporation


class Share:
    __slots__ = ("corporation", "owner", "president", "percent", "index", "buyable", "counts_for_limit",
                 "cert_size", "preferred")

    def __init__(self, corporation: "Corporation", owner: Any, president: bool, percent: int, index: int):
        self.corporation = corporation
        self.owner = owner
        self.president = president
        self.percent = percent
        self.index = index
        self.buyable = True
        self.counts_for_limit = True
        self.cert_size: float = 1      # a half certificate (5% of a 20-share corporation) counts 0.5
        self.preferred = False

    @property
    def id(self) -> str:
        return f"{self.corporation.id}_{self.index}"

    def num_shares(self, ceil: bool = True) -> float:
        num = self.percent / self.corporation.share_percent
        return math.ceil(num) if ceil else num

    def price_per_share(self) -> int:
        corp = self.corporation
        sp = corp.par_price if self.owner is corp.ipo_owner and not corp.ipo_at_market else corp.share_price
        if sp is not None:
            return sp.price * corp.price_multiplier
        return corp.min_price or 0

    def price(self) -> int:
        return math.ceil(self.price_per_share() * self.num_shares(ceil=False))

    def to_bundle(self, percent: int | None = None) -> "ShareBundle":
        return ShareBundle([self], percent)

    def __repr__(self) -> str:
        return f"<Share {self.id} {self.percent}%>"


class ShareBundle:
    __slots__ = ("shares", "percent", "share_price")

    def __init__(self, shares: list[Share], percent: int | None = None):
        shares = list(shares)
        if not shares:
            raise IllegalAction("a share bundle must contain at least one share", "shares")
        first = shares[0]
        for s in shares:
            if s.corporation is not first.corporation:
                raise IllegalAction("all shares of a bundle must be of one corporation", "shares")
            if s.owner is not first.owner:
                raise IllegalAction("all shares of a bundle must have one owner", "shares")
        self.shares = shares
        if percent is None:
            percent = 0
            for s in shares:
                percent += s.percent
        self.percent = percent
        self.share_price: int | None = None

    @property
    def corporation(self) -> "Corporation":
        return self.shares[0].corporation

    @property
    def owner(self) -> Any:
        return self.shares[0].owner

    @property
    def presidents_share(self) -> Share | None:
        return next((s for s in self.shares if s.president), None)

    def partial(self) -> bool:
        percent = 0
        for s in self.shares:
            percent += s.percent
        return self.percent != percent

    def num_shares(self, ceil: bool = True) -> float:
        num = self.percent / self.corporation.share_percent
        return math.ceil(num) if ceil else num

    def price_per_share(self) -> int:
        return self.share_price if self.share_price is not None else self.shares[0].price_per_share()

    def price(self) -> int:
        return math.ceil(self.price_per_share() * self.num_shares(ceil=False))

    def buyable(self) -> bool:
        for s in self.shares:
            if not s.buyable:
                return False
        return True

    def common_percent(self) -> int:
        return sum(s.percent for s in self.shares if not s.preferred)

    def can_dump(self, entity: Any) -> bool:
        """A president's share may go to the pool only if someone else can take the presidency."""
        pres = self.presidents_share
        if pres is None:
            return True
        holders = self.corporation.player_share_holders(corporate=True)
        others = [v for k, v in holders.items() if k is not entity]
        return (max(others) if others else 0) >= pres.percent

    def to_bundle(self) -> "ShareBundle":
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShareBundle) and [id(s) for s in self.shares] == [id(s) for s in other.shares] \
            and self.percent == other.percent

    def __hash__(self) -> int:
        return hash((tuple(id(s) for s in self.shares), self.percent))


class ShareHolder:
    """Anyone who can hold certificates: players, the bank pool, corporations."""

    def init_shares(self) -> None:
        self.shares_by_corporation: dict["Corporation", list[Share]] = {}

    def shares_of(self, corporation: "Corporation | None") -> list[Share]:
        """The holder's certificates of a corporation, to read: asking adds no entry, so the order of
        ``shares_by_corporation`` (which listings and sales follow) is the order certificates
        arrived in, the same in a game played live, where listings ask about every corporation, as
        in its replay, where nothing does."""
        held = self.shares_by_corporation.get(corporation) if corporation is not None else None
        return held if held is not None else []

    def holding(self, corporation: "Corporation") -> list[Share]:
        """The holder's certificates of a corporation, to change (the entry is made when missing)."""
        return self.shares_by_corporation.setdefault(corporation, [])

    @property
    def shares(self) -> list[Share]:
        return [s for shares in self.shares_by_corporation.values() for s in shares]

    def percent_of(self, corporation: "Corporation | None") -> int:
        if corporation is None:
            return 0
        percent = 0
        for s in self.shares_by_corporation.get(corporation, ()):
            percent += s.percent
        return percent

    def common_percent_of(self, corporation: "Corporation | None") -> int:
        if corporation is None:
            return 0
        percent = 0
        for s in self.shares_by_corporation.get(corporation, ()):
            if not s.preferred:
                percent += s.percent
        return percent

    def num_shares_of(self, corporation: "Corporation", ceil: bool = True) -> float:
        num = self.percent_of(corporation) / corporation.share_percent
        return math.ceil(num) if ceil else num

    def is_share_pool(self) -> bool:
        return False
