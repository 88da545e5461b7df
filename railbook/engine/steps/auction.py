"""Selling the privates: the waterfall auction, and the par a private may demand.

In a waterfall auction the player to act buys the cheapest private at its
price, bids on any other, or passes. Bids on a private are settled when it
becomes the cheapest; if several players bid, they bid it up in turn until
one remains. If everyone passes, the cheapest private's price drops (and the
privates pay their income).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, Range, ranged, simple
from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.rules.privates import (
    after_buy_company,
    initial_auction_companies,
    payout_companies,
)
from railbook.engine.rules.shares import after_par, buy_shares, par_prices_for
from railbook.engine.rules.trains import end_of_operating_set
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class Bid:
    __slots__ = ("entity", "company", "price")

    def __init__(self, entity: Any, company: Any, price: int):
        self.entity, self.company, self.price = entity, company, price


class CompanyPendingPar(Step):
    """A private that comes with a president's certificate: its buyer sets the par price now."""

    def description(self) -> str:
        return "Choose Corporation Par Value"

    def active(self) -> bool:
        return bool(self.round.companies_pending_par)

    def active_entities(self) -> list[Any]:
        first = self.round.companies_pending_par[0] if self.round.companies_pending_par else None
        return [first.owner] if first is not None and first.owner is not None else []

    def actions(self, entity: Any) -> list[str]:
        return ["par"] if entity is self.current_entity() else []

    def parred_corporations(self) -> list[Any]:
        company = self.round.companies_pending_par[0]
        return [s.corporation for a in usable_abilities(self.game, company, "shares") for s in a.shares
                if s.president]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if entity is not self.current_entity():
            return []
        return [simple("par", entity, corporation=corp.id, share_price=sp.id)
                for corp in self.parred_corporations() for sp in par_prices_for(self.game, corp)]

    def process_par(self, action: "Action") -> None:
        game = self.game
        corporation, share_price = action.corporation, action.share_price
        company = self.round.companies_pending_par[0]
        wanted = self.parred_corporations()
        if corporation not in wanted:
            raise IllegalAction(f"{company.name} sets the par price of {', '.join(c.name for c in wanted)}, "
                                f"not {corporation.name}", "par")
        if share_price not in par_prices_for(game, corporation):
            raise IllegalAction(f"{share_price.price} is not a par price for {corporation.name}", "par")
        game.stock_market.set_par(corporation, share_price)
        buy_shares(game, action.entity, corporation.shares_list[0].to_bundle(), exchange="free")
        after_par(game, corporation)
        self.round.companies_pending_par.pop(0)
        if game.rules.auction.turn_after_par == "after_setter" and action.entity in self.round.entities \
                and any(not c.closed and c.owner is None for c in game.companies):
            # play goes on with the player after the one who set the price
            self.round.entity_index = (self.round.entities.index(action.entity) + 1) % len(self.round.entities)


class WaterfallAuction(Step):
    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.bids: dict[Any, list[Bid]] = {}
        self.auctioning: Any = None
        self.companies: list[Any] = []
        self.cheapest: Any = None
        self.bidders: dict[Any, list[Any]] = {}

    def description(self) -> str:
        return "Bid on Companies"

    def setup(self) -> None:
        self.bids = {}
        self.auctioning = None
        self.companies = sorted(initial_auction_companies(self.game), key=lambda c: c.value)
        self.cheapest = self.companies[0] if self.companies else None
        self.bidders = {}

    # -- auction state
    def _active_auction(self) -> tuple[Any, list[Bid]] | None:
        company = self.auctioning
        bids = self.bids.get(company, []) if company is not None else []
        return (company, bids) if len(bids) > 1 else None

    def current_auction(self) -> Any:
        a = self._active_auction()
        return a[0] if a else None

    def active_entities(self) -> list[Any]:
        a = self._active_auction()
        if a is not None:
            return [min(a[1], key=lambda b: b.price).entity]
        return super().active_entities()

    def actions(self, entity: Any) -> list[str]:
        if not self.companies:
            return []
        a = self._active_auction()
        correct = a is not None and min(a[1], key=lambda b: b.price).entity is entity
        return ["bid", "pass"] if correct or entity is self.current_entity() else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """A bid on each private for sale (the cheapest is bought at its price or more), as a range
        from the minimum bid to what the player has not committed elsewhere; and passing."""
        if not self.actions(entity):
            return []
        auctioning = self.current_auction()
        out = []
        for company in [auctioning] if auctioning is not None else self.companies:
            low, high = self.min_bid(company), self.max_bid(entity, company)
            step = self.min_increment() if self.game.rules.auction.bids_in_multiples \
                and not self.may_purchase(company) else 1
            if low <= high:
                high = low + (high - low) // step * step
                out.append(ranged("bid", entity, {"price": Range(low, high, step)}, company=company.id))
        out.append(simple("pass", entity))
        return out

    def may_purchase(self, company: Any) -> bool:
        if self._active_auction() is not None:
            return False
        return company is not None and bool(self.companies) and company is self.companies[0]

    def min_increment(self) -> int:
        return self.game.rules.auction.min_increment

    def highest_bid(self, company: Any) -> Bid | None:
        bids = self.bids.get(company) or []
        return max(bids, key=lambda b: b.price) if bids else None

    def min_bid(self, company: Any) -> int:
        if self.may_purchase(company):
            return company.min_bid()
        high = self.highest_bid(company)
        return (high.price if high else company.min_bid()) + self.min_increment()

    def committed_cash(self, player: Any) -> int:
        """The cash the player's standing bids bind (only those he leads, where the title says so)."""
        if self.game.rules.auction.only_highest_bid_committed:
            return sum(top.price for bids in self.bids.values() if bids
                       and (top := max(bids, key=lambda b: b.price)).entity is player)
        return sum(b.price for bids in self.bids.values() for b in bids if b.entity is player)

    def current_bid_amount(self, player: Any, company: Any) -> int:
        return next((b.price for b in self.bids.get(company, []) if b.entity is player), 0)

    def max_bid(self, player: Any, company: Any) -> int:
        """The player's cash less what his other bids bind: his own bid on this company is freed
        for raising it only where it binds cash (where only leading bids do, one he does not lead
        binds nothing, and is not money he has twice)."""
        own = self.current_bid_amount(player, company)
        if own and self.game.rules.auction.only_highest_bid_committed:
            top = self.highest_bid(company)
            own = own if top is not None and top.entity is player else 0
        return player.cash - self.committed_cash(player) + own

    # -- actions
    def process_pass(self, action: "Action") -> None:
        entity = action.entity
        if self.current_auction() is not None:
            self.log(f"{entity.name} passes on {self.auctioning.name}")
            self.bids[self.auctioning] = [b for b in self.bids.get(self.auctioning, []) if b.entity is not entity]
            self.resolve_bids()
        else:
            self.log(f"{entity.name} passes bidding")
            entity.pass_()
            if all(e.passed for e in self.round.entities):
                self.all_passed()
            self.round.next_entity_index()

    def process_bid(self, action: "Action") -> None:
        entity = action.entity
        company = action.company
        if company is None or company not in self.companies:
            raise IllegalAction(f"{getattr(company, 'name', '?')} is not for sale in this auction", "auction")
        entity.unpass()
        bid = Bid(entity, company, action.price)
        if self.current_auction() is not None:
            if company is not self.auctioning:
                raise IllegalAction(f"{self.auctioning.name} is being auctioned; bid on it or pass", "auction")
            self.add_bid(bid)
        else:
            self.placement_bid(bid)
            self.round.next_entity_index()

    def add_bid(self, bid: Bid) -> None:
        company, price, entity = bid.company, bid.price, bid.entity
        minimum = self.min_bid(company)
        if price < minimum:
            raise IllegalAction(f"the minimum bid for {company.name} is {self.game.format_money(minimum)}",
                                "auction minimum bid")
        if self.game.rules.auction.bids_in_multiples and (price - minimum) % self.min_increment():
            raise IllegalAction(f"bids rise in multiples of {self.game.format_money(self.min_increment())}",
                                "auction bid increment")
        if price > self.max_bid(entity, company):
            raise InsufficientFunds(f"{entity.name} cannot afford a bid of {self.game.format_money(price)}; the "
                                    f"most it can bid is {self.game.format_money(self.max_bid(entity, company))}",
                                    "auction money")
        bids = [b for b in self.bids.get(company, []) if b.entity is not entity]
        bids.append(bid)
        self.bids[company] = bids
        if entity not in self.bidders.setdefault(company, []):
            self.bidders[company].append(entity)
        self.log(f"{entity.name} bids {self.game.format_money(price)} for {company.name}")

    def placement_bid(self, bid: Bid) -> None:
        if self.may_purchase(bid.company):
            if bid.price < bid.company.min_bid():
                raise IllegalAction(f"{bid.company.name} costs {self.game.format_money(bid.company.min_bid())}",
                                    "auction minimum bid")
            self.round.last_to_act = bid.entity
            self.accept_bid(bid)
            self.resolve_bids()
        else:
            self.add_bid(bid)

    def resolve_bids(self) -> None:
        while self.companies:
            if not self.resolve_bids_for_company(self.companies[0]):
                break

    def resolve_bids_for_company(self, company: Any) -> bool:
        is_new = company is not self.auctioning
        self.auctioning = None
        bids = self.bids.get(company, [])
        if len(bids) == 1:
            self.accept_bid(bids[0])
            return True
        if company is self.companies[0] and len(bids) > 1:
            self.auctioning = company
            if is_new:
                self.log(f"{company.name} goes up for auction")
        return False

    def accept_bid(self, bid: Bid) -> None:
        self.bids.pop(bid.company, None)
        self.buy_company(bid.entity, bid.company, bid.price)

    def buy_company(self, player: Any, company: Any, price: int) -> None:
        available = self.max_bid(player, company)
        if available < price:
            raise InsufficientFunds(f"{player.name} has {self.game.format_money(available)} available and cannot "
                                    f"spend {self.game.format_money(price)}", "auction money")
        company.owner = player
        player.companies.append(company)
        if price > 0:
            player.spend(price, self.game.bank)
        self.companies.remove(company)
        self.log(f"{player.name} buys {company.name} for {self.game.format_money(price)}")
        after_buy_company(self.game, player, company, price)

    def all_passed(self) -> None:
        if self.cheapest in self.companies:
            self.increase_discount(self.cheapest, self.game.rules.auction.price_drop_when_all_pass)
        else:
            payout_companies(self.game)   # everyone passed, the cheapest private sold: a set without rounds
            end_of_operating_set(self.game)
        for e in self.round.entities:
            e.unpass()

    def increase_discount(self, company: Any, amount: int) -> None:
        before = company.min_bid()
        company.discount += amount
        self.log(f"{company.name} minimum bid decreases from {self.game.format_money(before)} to "
                 f"{self.game.format_money(company.min_bid())}")
        if company.min_bid() > 0:
            return
        self.round.next_entity_index()
        self.buy_company(self.current_entity(), company, 0)
        self.resolve_bids()
