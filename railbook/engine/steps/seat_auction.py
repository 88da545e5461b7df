"""The waterfall auction with the auction among bidders held in seating order
(``auction.bidding_order: seat_order``).

When the cheapest private has several bids, it is auctioned among its bidders
starting with the bidder to the left of the highest one and going round the
table (the base auction instead lets the lowest bidder act). With
``auction.pass_leaves_auction: false`` a bidder who passes keeps his bid and
may raise again when his turn comes round; the highest bid wins once all the
other bidders have passed in a row (Rails plays it so by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.steps.auction import Bid, WaterfallAuction

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class SeatOrderAuction(WaterfallAuction):
    #: the waterfall listing holds: bids follow its rules, only who bids next and what a pass does differ
    LISTING_HOLDS = True

    def setup(self) -> None:
        super().setup()
        self.auction_turn: Any = None  # the bidder to act in the auction under way
        self.auction_passes = 0        # passes in a row since the last bid

    def passers_stay(self) -> bool:
        return self.game.rules.auction.pass_leaves_auction is False

    def next_bidder(self, after: Any) -> Any:
        a = self._active_auction()
        if a is None:
            return None
        bidders = {b.entity for b in a[1]}
        seats = list(self.round.entities)
        start = seats.index(after) if after in seats else -1
        for k in range(1, len(seats) + 1):
            player = seats[(start + k) % len(seats)]
            if player in bidders and player is not after:
                return player
        return None

    def active_entities(self) -> list[Any]:
        a = self._active_auction()
        if a is not None and self.auction_turn is not None:
            return [self.auction_turn]
        return super().active_entities()

    def actions(self, entity: Any) -> list[str]:
        if self._active_auction() is not None and self.auction_turn is not None:
            return ["bid", "pass"] if entity is self.auction_turn else []
        return super().actions(entity)

    def resolve_bids_for_company(self, company: Any) -> bool:
        before = self.auctioning
        done = super().resolve_bids_for_company(company)
        if not done and self.auctioning is not None and self.auctioning is not before:
            highest = self.highest_bid(self.auctioning)
            self.auction_passes = 0
            self.auction_turn = self.next_bidder(highest.entity if highest else None)
        if self._active_auction() is None:
            self.auction_turn = None
        return done

    def process_bid(self, action: "Action") -> None:
        in_auction = self.current_auction() is not None
        super().process_bid(action)
        if in_auction and self._active_auction() is not None:
            self.auction_passes = 0
            self.auction_turn = self.next_bidder(action.entity)

    def process_pass(self, action: "Action") -> None:
        a = self._active_auction()
        if a is None:
            super().process_pass(action)
            return
        entity = action.entity
        company, bids = a
        if not self.passers_stay():
            super().process_pass(action)
            if self._active_auction() is not None:
                self.auction_turn = self.next_bidder(entity)
            return
        self.log(f"{entity.name} passes on {company.name}")
        self.auction_passes += 1
        if self.auction_passes >= len(bids) - 1:
            winner: Bid = max(bids, key=lambda b: b.price)
            self.bids[company] = [winner]
            self.auction_turn = None
            self.resolve_bids()
        else:
            self.auction_turn = self.next_bidder(entity)
