"""The bank pool (open market) and every share transfer, with presidency changes.

Whoever holds the most shares of a corporation presides over it; ties keep the
sitting president, else go to the next player in order after the old one.
When the presidency changes hands, the new president swaps certificates for
the president's certificate.
"""

from __future__ import annotations

from typing import Any, Callable

from railbook.engine.entities.core import Entity
from railbook.engine.entities.share import Share, ShareBundle, ShareHolder


class SharePool(Entity, ShareHolder):
    """The bank pool, which also carries out every transfer of certificates.

    ``log`` takes the lines players read ("X becomes the president of Y");
    ``seating`` gives the players who may preside, in seating order, for ties.
    """

    def __init__(self, log: Callable[[str], None], seating: Callable[[], list[Any]]):
        self.log = log
        self.seating = seating
        self.name = "Market"
        self.cash = 0
        self.init_shares()
        # stock_round.presidency_sale_to_pool: a president's certificate no player can take goes to the pool,
        # and the corporation is in receivership (the pool its owner) until a player holds enough of it
        self.takes_presidency = False

    def is_share_pool(self) -> bool:
        return True

    @property
    def owner(self) -> None:
        return None

    # -- the transfer itself
    def move_share(self, share: Share, to: Any) -> None:
        corp = share.corporation
        share.owner.holding(corp).remove(share)
        to.holding(corp).append(share)
        share.owner = to

    def transfer_shares(self, bundle: ShareBundle, to_entity: Any, spender: Any = None, receiver: Any = None,
                        price: int | None = None, allow_president_change: bool = True, swap: Share | None = None,
                        swap_to_entity: Any = None) -> None:
        corporation = bundle.corporation
        owner = bundle.owner
        previous_president = corporation.owner
        price = bundle.price() if price is None else price
        holders = corporation.share_holders
        holders[owner] = holders.get(owner, 0) - bundle.percent
        holders[to_entity] = holders.get(to_entity, 0) + bundle.percent
        if swap is not None:
            holders[swap.owner] = holders.get(swap.owner, 0) - swap.percent
            holders[swap_to_entity] = holders.get(swap_to_entity, 0) + swap.percent
            self.move_share(swap, swap_to_entity)
        if spender is not None and receiver is not None and price > 0:
            spender.spend(price, receiver)
        for s in bundle.shares:
            self.move_share(s, to_entity)
        if not allow_president_change:
            return
        player_holders = corporation.player_share_holders()
        max_shares = max(player_holders.values()) if player_holders else 0
        if self.takes_presidency and self.pool_presidency(bundle, owner, to_entity, previous_president, max_shares):
            return
        majority = [p for p, pct in player_holders.items() if pct == max_shares]
        if any(p is previous_president for p in majority):
            return
        president = None
        if previous_president is None:
            holder = corporation.presidents_share.owner if corporation.presidents_share is not None else None
            president = next((p for p in majority if p is holder), None)
        if president is None:
            candidates = [p for p in majority if p.percent_of(corporation) >= corporation.presidents_percent]
            if candidates:
                president = min(candidates, key=lambda p: self.distance(previous_president, p))
        if president is None:
            return
        corporation.owner = president
        self.log(f"{president.name} becomes the president of {corporation.name}")
        if to_entity is president and previous_president is owner and bundle.presidents_share is not None \
                and not bundle.partial():
            return
        if owner is corporation and bundle.presidents_share is None:
            previous_president = previous_president or corporation
        if owner is president or previous_president is None:
            return
        presidents_share = bundle.presidents_share or next(
            (s for s in previous_president.shares_of(corporation) if s.president), None)
        if presidents_share is None:
            return
        if owner.is_player() and to_entity.is_player() and bundle.presidents_share is not None:
            transfer_to = swap_to = to_entity
        else:
            transfer_to = self
            swap_to = previous_president if previous_president.percent_of(corporation) >= presidents_share.percent \
                else transfer_to
        self.change_president(presidents_share, swap_to, president)
        if bundle.partial():
            self.handle_partial(bundle, transfer_to, owner)

    def pool_presidency(self, bundle: ShareBundle, owner: Any, to_entity: Any, previous_president: Any,
                        max_shares: int) -> bool:
        """Where the pool may hold the presidency: the president's certificate sold to it with no player
        able to take it puts the corporation in receivership; bought from it, it makes the buyer president
        (he hands over the certificates it is worth beyond the bundle); while no player holds enough for the
        presidency, nothing changes. Whether that settled the transfer."""
        corporation = bundle.corporation
        if max_shares < corporation.presidents_percent and bundle.presidents_share is not None and to_entity is self:
            corporation.owner = self
            self.log(f"The president's certificate of {corporation.name} is sold to the pool: "
                     f"{corporation.name} enters receivership")
            if bundle.partial():
                self.handle_partial(bundle, self, owner)
            return True
        if previous_president is self and owner is self and bundle.presidents_share is not None:
            corporation.owner = to_entity
            self.log(f"{to_entity.name} becomes the president of {corporation.name}")
            self.handle_partial(bundle, to_entity, self)
            return True
        return max_shares < corporation.presidents_percent

    def handle_partial(self, bundle: ShareBundle, frm: Any, to: Any) -> None:
        corp = bundle.corporation
        difference = sum(s.percent for s in bundle.shares) - bundle.percent
        for _ in range(difference // corp.share_percent):
            self.move_share(frm.shares_of(corp)[0], to)

    def change_president(self, presidents_share: Share, swap_to: Any, president: Any) -> None:
        corporation = presidents_share.corporation
        num = presidents_share.percent // corporation.share_percent
        for s in swap_shares(list(president.shares_of(corporation)), num):
            self.move_share(s, swap_to)
        self.move_share(presidents_share, president)

    def distance(self, a: Any, b: Any) -> int:
        if a is None or b is None:
            return 0
        entities = self.seating()
        if a not in entities or b not in entities:
            return 0
        ia, ib = entities.index(a), entities.index(b)
        return ib - ia if ia < ib else ib - (ia - len(entities))


def swap_shares(shares: list[Share], num: int) -> list[Share]:
    """The certificates a new president hands over for the president's certificate (worth num shares):
    a double certificate if he has one and holds no more than num certificates, else single ones."""
    if not shares:
        return []
    unit = shares[0].corporation.share_percent
    double = next((s for s in shares if not s.president and s.percent > unit), None)
    if double is not None:
        return [double] if len(shares) <= num else [s for s in shares if s is not double][:num]
    return shares[:num]
