"""The turn auction (``auction.kind: turn_auction``): players bid for the turn itself, then the winner buys.

Each item of the auction is a private (``auction.privates``) or the president's certificate of a corporation
(``auction.corporations``). A round of bidding opens with the player whose turn it is: the lowest bidder acts
next (before anyone has bid, in seating order from the opener); a bid raises the highest by at least
``auction.min_increment`` and leaves the bidder enough for the cheapest item left; a player who passes is out
of this bidding. The last bidder left pays his bid and must buy at once: a private at its face value (or all
his cash, if less), or the president's certificate of a corporation at twice its par (or all his cash, if
less); if everyone passes, the opener has the turn for nothing. The next bidding opens with the player after
the buyer; the round ends when every item is sold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, Range, ranged, simple
from railbook.engine.rules.privates import after_buy_company
from railbook.engine.rules.shares import after_par, buy_shares, can_par, par_prices_for
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class TurnAuction(Step):
    ACTIONS = ("bid", "pass", "par")

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.items: list[Any] = []
        # the players still bidding for the turn and their bids; before anyone bids, each has a negative
        # place holder that keeps the order from the opener
        self.bids: dict[Any, int] = {}
        self.opener: Any = None

    def description(self) -> str:
        return "Bid on the turn to buy" if self.bids else "Buy a private or start a corporation"

    def setup(self) -> None:
        rules = self.game.rules.auction
        privates = [c for c in self.game.companies if c.sym in rules.privates and not c.closed]
        privates.sort(key=lambda c: (c.value, c.name))
        corporations = [c for c in self.game.corporations if c.name in rules.corporations]
        self.items = [*privates, *corporations]
        self.open_bidding()

    def finished(self) -> bool:
        return not self.items

    def active(self) -> bool:
        return not self.finished()

    # -- prices
    def par_cost(self, corp: Any, share_price: Any) -> int:
        return int(share_price.price * corp.presidents_share.num_shares())

    def item_cost(self, item: Any) -> int:
        if item.is_company():
            return int(item.value)
        return min(self.par_cost(item, sp) for sp in par_prices_for(self.game, item))

    def cheapest_price(self) -> int:
        return min(self.item_cost(i) for i in self.items)

    def top_bid(self) -> int:
        return max([b for b in self.bids.values() if b > 0], default=0)

    def min_bid(self) -> int:
        return self.top_bid() + self.game.rules.auction.min_increment

    def max_bid(self, player: Any) -> int:
        return int(player.cash) - self.cheapest_price()

    # -- who acts
    def active_entities(self) -> list[Any]:
        if self.bids:
            return [min(self.bids.items(), key=lambda kv: kv[1])[0]]
        return super().active_entities()

    def actions(self, entity: Any) -> list[str]:
        if self.finished() or entity is not self.current_entity():
            return []
        if not self.bids:
            return ["bid", "par"]
        return ["bid", "pass"] if self.min_bid() <= self.max_bid(entity) else ["pass"]

    def affordable(self, player: Any, item: Any) -> bool:
        """The cheapest item is always within reach (bought with all the player's cash if need be), and so
        is any corporation while a corporation is the cheapest item."""
        cheapest = min(self.items, key=self.item_cost)
        if item is cheapest or (not item.is_company() and not cheapest.is_company()):
            return True
        return self.item_cost(item) <= player.cash

    def par_choices(self, player: Any, corp: Any) -> list[Any]:
        prices = par_prices_for(self.game, corp)
        within = [sp for sp in prices if self.par_cost(corp, sp) <= player.cash]
        if not within and not min(self.items, key=self.item_cost).is_company():
            return [min(prices, key=lambda sp: sp.price)]
        return within

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        out: list[LegalAction] = []
        if "pass" in kinds:
            if "bid" in kinds:
                out.append(ranged("bid", entity, {"price": Range(self.min_bid(), self.max_bid(entity))}))
            out.append(simple("pass", entity))
            return out
        for item in self.items:
            if not self.affordable(entity, item):
                continue
            if item.is_company():
                out.append(simple("bid", entity, company=item.id, price=item.value))
            elif can_par(self.game, item, entity):
                out.extend(simple("par", entity, corporation=item.id, share_price=sp.id)
                           for sp in self.par_choices(entity, item))
        return out

    # -- the bidding
    def open_bidding(self) -> None:
        """A new bidding for the turn, opened by the player whose turn it is."""
        self.bids = {}
        players = self.round.entities
        if not players or self.finished():
            return
        start = self.round.entity_index
        self.opener = players[start]
        n = len(players)
        for offset in range(n):
            self.bids[players[(start + offset) % n]] = offset - n

    def process_pass(self, action: "Action") -> None:
        player = action.entity
        if not self.bids:
            raise IllegalAction(f"{player.name} has won the turn and must buy a private or start a corporation",
                                "turn auction")
        self.log(f"{player.name} passes bidding")
        self.bids.pop(player, None)
        self.resolve()

    def process_bid(self, action: "Action") -> None:
        player, price = action.entity, action.price
        if not self.bids:
            self.buy_private(player, action.company, price)
            return
        if action.company is not None:
            raise IllegalAction("players bid for the turn, not for a private", "turn auction")
        if price > self.max_bid(player):
            raise InsufficientFunds(f"{player.name} may bid at most {self.game.format_money(self.max_bid(player))}"
                                    f" (keeping enough for the cheapest item)", "turn auction money")
        if price < self.min_bid():
            raise IllegalAction(f"the bid must be at least {self.game.format_money(self.min_bid())}",
                                "turn auction minimum bid")
        self.log(f"{player.name} bids {self.game.format_money(price)}")
        self.bids[player] = price
        self.resolve()

    def resolve(self) -> None:
        if len(self.bids) > 1:
            return
        if len(self.bids) == 1:
            ((player, price),) = self.bids.items()
            if price < 0:
                return          # the last one left still has to bid or pass
            if price > 0:
                player.spend(price, self.game.bank)
        else:
            player, price = self.opener, 0
        self.log(f"{player.name} wins the turn for {self.game.format_money(price)}")
        self.bids = {}
        self.round.goto_entity(player)

    # -- the winner buys
    def buy_private(self, player: Any, company: Any, price: int) -> None:
        if company is None or company not in self.items:
            raise IllegalAction(f"{getattr(company, 'name', 'that')} is not for sale in this auction",
                                "turn auction")
        if price != company.value:
            raise IllegalAction(f"{company.name} is sold at its face value, {self.game.format_money(company.value)}",
                                "turn auction price")
        if not self.affordable(player, company):
            raise InsufficientFunds(f"{player.name} cannot pay {self.game.format_money(price)}", "money")
        paid = min(price, player.cash)
        company.owner = player
        player.companies.append(company)
        if paid > 0:
            player.spend(paid, self.game.bank)
        self.log(f"{player.name} buys {company.name} for {self.game.format_money(paid)}")
        after_buy_company(self.game, player, company, paid)
        self.sold(company)

    def process_par(self, action: "Action") -> None:
        game = self.game
        player, corp, share_price = action.entity, action.corporation, action.share_price
        if self.bids:
            raise IllegalAction("the turn is still being auctioned; bid or pass", "turn auction")
        if corp not in self.items or not can_par(game, corp, player):
            raise IllegalAction(f"{corp.name} cannot be started in this auction", "turn auction")
        if share_price not in par_prices_for(game, corp):
            raise IllegalAction(f"{share_price.price} is not a par price for {corp.name}", "par price")
        if share_price not in self.par_choices(player, corp):
            raise InsufficientFunds(f"{player.name} cannot afford to par {corp.name} at "
                                    f"{game.format_money(share_price.price)}", "money")
        game.stock_market.set_par(corp, share_price)
        bundle = corp.ipo_shares()[0].to_bundle()
        cost = self.par_cost(corp, share_price)
        if player.cash >= cost:
            buy_shares(game, player, bundle)
        else:
            buy_shares(game, player, bundle, exchange="discounted", exchange_price=int(player.cash))
        after_par(game, corp)
        self.sold(corp)

    def sold(self, item: Any) -> None:
        self.items.remove(item)
        self.round.next_entity_index()
        self.open_bidding()
