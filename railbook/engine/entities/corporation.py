"""Corporations and minors: certificates, treasury, trains, tokens, share price."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.company import Ability
from railbook.engine.entities.core import Entity, Passer, Spender
from railbook.engine.entities.share import Share, ShareHolder
from railbook.engine.map.token import Token
from railbook.title.model import CorporationDef

if TYPE_CHECKING:
    from railbook.engine.entities.company import Company
    from railbook.engine.entities.train import Train
    from railbook.engine.market.stock_market import SharePrice


class Corporation(Entity, Spender, ShareHolder, Passer):
    """A corporation (or, with ``minor=True``, a minor without a share price)."""

    def __init__(self, definition: CorporationDef, min_price: int | None = None, minor: bool = False):
        self.definition = definition
        self.id = definition.sym
        self.name = definition.sym
        self.full_name = definition.name
        self.minor = minor
        self.type = definition.type
        self.cash = 0
        self.passed = False
        self.init_shares()
        self.share_holders: dict[Any, int] = {}
        self.ipo_owner: Corporation = self   # who holds the unsold certificates (the corporation itself)
        self.shares_list: list[Share] = []
        if not minor:
            for i, pct in enumerate(definition.shares):
                share = Share(self, self.ipo_owner, i == 0, pct, i)
                self.shares_list.append(share)
                self.ipo_owner.holding(self).append(share)
            self.share_holders[self.ipo_owner] = sum(definition.shares)
        self.presidents_share = self.shares_list[0] if self.shares_list else None
        self.second_share = self.shares_list[1] if len(self.shares_list) > 1 else None
        self.share_price: "SharePrice | None" = None
        self.par_price_: "SharePrice | None" = None
        self.original_par_price: "SharePrice | None" = None
        self.ipoed = False
        self.floated_ = False
        self.closed = False
        self.owner: Any = None
        self.companies: list["Company"] = []
        self.trains: list["Train"] = []
        self.tokens = [Token(self, price=p) for p in definition.tokens]
        self.operating_history: dict[tuple[int, int], Any] = {}
        self.coordinates: list[str] = list(definition.home)
        self.city = definition.home_city
        self.float_percent = definition.float_percent
        self.max_ownership_percent = definition.holding_limit
        self.capitalization = definition.capitalization
        self.min_price = min_price
        self.floatable = True
        self.float_on_operate = False    # it floats when its first operating turn comes, not on a purchase
        self.float_excludes: Any = None  # a holder (the pool) whose certificates count as unsold for floating
        self.markers: set[str] = set()
        self.marker_list: list[str] = []
        self.abilities: list[Any] = [Ability(a, self) for a in definition.abilities]
        self.loans: list[Any] = []
        self.ipo_at_market = False   # certificates from its IPO sell at the market price (no par)
        self.converted = False       # it has converted to its converts_to certificates
        self.turns_operated = 0      # operating turns it has finished
        self.formed = False          # formed by taking over other corporations (formation)
        pct = self.second_share.percent if self.second_share else (self.presidents_share.percent // 2
                                                                    if self.presidents_share else 10)
        self.price_percent = pct
        self.price_multiplier = 1

    # -- identity
    def is_corporation(self) -> bool:
        return True

    def is_minor(self) -> bool:
        return self.minor

    def is_operator(self) -> bool:
        return True

    @property
    def player(self) -> Any:
        owner = self.owner
        seen = set()
        while owner is not None and owner.is_corporation():
            if id(owner) in seen:
                return None
            seen.add(id(owner))
            owner = owner.owner
        return owner if owner is not None and owner.is_player() else None

    @property
    def corporation(self) -> "Corporation":
        return self

    # -- shares
    @property
    def share_percent(self) -> int:
        if self.second_share is not None:
            return self.second_share.percent
        return self.presidents_share.percent // 2 if self.presidents_share else 10

    @property
    def presidents_percent(self) -> int:
        return self.presidents_share.percent if self.presidents_share else 0

    @property
    def total_shares(self) -> int:
        return 100 // self.share_percent

    @property
    def par_price(self) -> "SharePrice | None":
        return None if self.closed else self.par_price_

    def ipo_shares(self) -> list[Share]:
        return [s for s in self.ipo_owner.shares_of(self)]

    def available_share(self) -> Share | None:
        return next((s for s in self.shares_of(self) if not s.president), None)

    def reserved_shares(self) -> list[Share]:
        return [s for s in self.ipo_owner.shares_of(self) if not s.buyable]

    def num_ipo_shares(self) -> int:
        return int(self.ipo_owner.num_shares_of(self))

    def num_market_shares(self, pool: Any) -> int:
        return int(pool.percent_of(self)) // self.share_percent

    def player_share_holders(self, corporate: bool = False) -> dict[Any, int]:
        return {h: p for h, p in self.share_holders.items()
                if h.is_player() or (corporate and h.is_corporation() and h is not self)}

    def president_is(self, player: Any) -> bool:
        return player is not None and self.owner is player

    def holding_ok(self, holder: Any, extra_percent: int = 0) -> bool:
        if holder is self:
            return True
        percent: int = holder.common_percent_of(self) + extra_percent
        if self.share_price is not None and self.share_price.unlimited_holding:
            return True
        return percent <= self.max_ownership_percent

    def counts_for_limit(self) -> bool:
        return self.share_price.counts_for_limit if self.share_price is not None else True

    def buy_multiple(self) -> bool:
        return self.share_price.buy_multiple if self.share_price is not None else False

    # -- floating
    def floated(self) -> bool:
        if not self.floatable:
            return False
        # floating on its first turn: a fully capitalized one still floats on the purchase that sells enough
        if self.minor or (self.float_on_operate and self.capitalization != "full"):
            return self.floated_
        if not self.floated_:
            unsold = self.ipo_owner.percent_of(self)
            if self.float_excludes is not None:
                unsold += self.float_excludes.percent_of(self)
            self.floated_ = unsold <= 100 - self.float_percent
        return self.floated_

    def float_ready(self) -> bool:
        """Enough of it is sold to float (when it floats on its first turn: whether it may operate)."""
        unsold = self.ipo_owner.percent_of(self)
        if self.float_excludes is not None:
            unsold += self.float_excludes.percent_of(self)
        return self.ipoed and unsold <= 100 - self.float_percent

    def percent_to_float(self) -> int:
        if self.floated_:
            return 0
        return self.ipo_owner.percent_of(self) - (100 - self.float_percent)

    # -- operating
    def runnable_trains(self) -> list["Train"]:
        return [t for t in self.trains if not t.operated]

    def operated(self) -> bool:
        return bool(self.operating_history)

    def next_token(self) -> Token | None:
        return next((t for t in self.tokens if not t.used), None)

    def find_token_by_type(self, kind: str | None = None) -> Token | None:
        kind = kind or "normal"
        return next((t for t in self.tokens if not t.used and t.type == kind), None)

    def tokens_by_type(self) -> list[Token]:
        seen: set[str] = set()
        out = []
        for t in self.tokens:
            if not t.used and t.type not in seen:
                seen.add(t.type)
                out.append(t)
        return out

    def placed_tokens(self) -> list[Token]:
        return [t for t in self.tokens if t.city is not None]

    def all_abilities(self) -> list[Any]:
        out: list[Any] = []
        for c in self.companies:
            out.extend(c.all_abilities())
        out.extend(self.abilities)
        owner = self.owner
        if owner is not None and owner.is_player():
            for c in owner.companies:
                for a in c.all_abilities():
                    if a.owning_player:
                        out.append(a)
        return out

    def remove_ability(self, ability: Any) -> None:
        self.abilities = [a for a in self.abilities if a is not ability]
        ability.teardown()

    def sort_key(self) -> tuple[Any, ...] | None:
        """Operating order: higher price first, then further right, then higher row, then arrival."""
        sp = self.share_price
        if sp is None:
            return None
        pos = sp.corporations.index(self) if self in sp.corporations else 0
        return (-sp.price, -sp.column, sp.row, pos, self.name)

    def close(self) -> None:
        if self.share_price is not None and self in self.share_price.corporations:
            self.share_price.corporations.remove(self)
        self.closed = True
        self.ipoed = False
        self.floated_ = False
        self.owner = None

    def __repr__(self) -> str:
        return f"<Corporation {self.name}>"
