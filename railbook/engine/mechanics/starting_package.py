"""The starting package: privates and minor certificates sold at face value in a
draft, and whatever is left later in a falling-price auction.

The package is every private that is not a bond (``stock_round_trade``). A
private of kind ``minor`` is the certificate of the minor with the same
symbol: its buyer owns the minor, which floats at once with the price as its
treasury (at least ``auction.minor_min_treasury``, the bank adds the rest).

On offer at any time: every unsold private that is not a minor certificate,
plus the ``auction.minors_on_offer`` lowest unsold minor certificates.

The draft (the first round): in seating order each player buys one item on
offer at its value or passes. A pass is final, for the draft and for the
first stock round. It ends when one item is left or when everyone has passed;
in the second case the first stock round is skipped and the rest is sold by
the forced auction before the next stock round.

The forced auction: the player to act puts an item up; from the next player
round the table each may buy it at the current price or pass (a player who
cannot afford it passes). When all have passed the price drops by
``auction.price_drop_when_all_pass``, unless the price is already at or below
``auction.floor_percent`` of the value: then the player who put it up must buy
it (or the next player who can afford it; if nobody can, the one who put it
up buys it for all the cash he has). The next item is put up by the player
after the one who put up the last; when the package is empty the player who
had priority when the auction began has it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, find
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


class StartingPackage(Mechanic):
    """What the package holds and who has passed; buying an item of it."""

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return game.rules.auction.kind == "starting_package"

    def __init__(self, game: "GameState"):
        super().__init__(game)
        # players who passed in the draft (or in the first stock round): they sit out the first stock round
        self.passers: list[Any] = []
        self.rules = game.rules.auction

    # -- what the package is
    @staticmethod
    def is_bond(company: Any) -> bool:
        return bool(company.definition.stock_round_trade)

    def minor_of(self, company: Any) -> Any:
        """The minor a minor certificate stands for (None for other privates)."""
        if company.definition.kind != "minor":
            return None
        minor = self.game.corporation_by_id(company.sym)
        return minor if minor is not None and minor.minor else None

    def bank_companies(self) -> list[Any]:
        """Unsold privates the bank still holds, in the title's order."""
        return [c for c in self.game.companies if not c.closed and c.owner is None]

    def items_left(self) -> list[Any]:
        """The package items still unsold (every unsold private that is not a bond)."""
        return [c for c in self.bank_companies() if not self.is_bond(c)]

    def offer(self) -> list[Any]:
        """What may be drafted or put up now: the privates, and the lowest minor certificates."""
        items = self.items_left()
        privates = [c for c in items if self.minor_of(c) is None]
        minors = [c for c in items if self.minor_of(c) is not None]
        on_offer = self.rules.minors_on_offer
        return privates + minors[: len(minors) if on_offer is None else on_offer]

    def floor_price(self, company: Any) -> int:
        return company.value * self.rules.floor_percent // 100

    # -- buying
    def buy(self, player: Any, company: Any, price: int, forced: bool = False) -> None:
        """The player pays the bank and takes the item; a minor certificate floats its minor."""
        game = self.game
        if price > player.cash:
            raise InsufficientFunds(f"{player.name} has {game.format_money(player.cash)} and cannot pay "
                                    f"{game.format_money(price)} for {company.name}", "money")
        if price > 0:
            player.spend(price, game.bank)
        game.log(f"{player.name} {'is forced to buy' if forced else 'buys'} {company.name} for "
                 f"{game.format_money(price)}")
        if company.owner is not None and company in getattr(company.owner, "companies", []):
            company.owner.companies.remove(company)
        company.owner = player
        player.companies.append(company)
        minor = self.minor_of(company)
        if minor is None:
            return
        treasury = max(price, self.rules.minor_min_treasury)
        minor.owner = player
        minor.floated_ = True
        if treasury > 0:
            game.bank.spend(treasury, minor)
        game.log(f"Minor {minor.name} floats and receives {game.format_money(treasury)}")


def package(game: "GameState") -> StartingPackage:
    found = find(game, StartingPackage)
    if found is None:  # pragma: no cover - the factory builds these steps only for such titles
        raise IllegalAction("this title has no starting package", "starting package")
    return found


class StartingPackageDraft(Step):
    """The first round: buy one item on offer at its value, or pass for good."""

    def description(self) -> str:
        return "Draft the Starting Package"

    def pass_description(self) -> str:
        return "Pass (Buy)"

    def done(self) -> bool:
        pkg = package(self.game)
        return len(pkg.offer()) <= 1 or len(pkg.passers) >= len(self.game.players)

    def actions(self, entity: Any) -> list[str]:
        if self.done() or entity is not self.current_entity():
            return []
        return ["bid", "pass"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Each item on offer the player can pay for, at its value; and passing for good."""
        if not self.actions(entity):
            return []
        out = [simple("bid", entity, company=c.id, price=c.value) for c in package(self.game).offer()
               if self.accepts(entity, c, c.value)]
        return out + [simple("pass", entity)]

    def accepts(self, entity: Any, company: Any, price: int) -> bool:
        try:
            self.check_bid(entity, company, price, action_name=getattr(company, "name", "?"))
        except IllegalAction:
            return False
        return True

    def check_bid(self, entity: Any, company: Any, price: int, action_name: str) -> None:
        """Every rule of drafting this item at this price: raises the rule a draft breaks."""
        pkg = package(self.game)
        if company is None or company not in pkg.offer():
            raise IllegalAction(f"{action_name} is not on offer in the starting package "
                                f"(on offer: {', '.join(c.name for c in pkg.offer())})", "starting package")
        if price != company.value:
            raise IllegalAction(f"{company.name} costs exactly {self.game.format_money(company.value)} in the draft",
                                "starting package price")
        if price > entity.cash:
            raise InsufficientFunds(f"{entity.name} has {self.game.format_money(entity.cash)} and cannot pay "
                                    f"{self.game.format_money(price)} for {company.name}", "money")

    def process_bid(self, action: "Action") -> None:
        company = action.company
        self.check_bid(action.entity, company, action.price,
                       getattr(company or action.corporation or action.minor, "name", "?"))
        package(self.game).buy(action.entity, company, action.price)
        self.finalize()

    def process_pass(self, action: "Action") -> None:
        self.game.log(f"{action.entity.name} passes")
        package(self.game).passers.append(action.entity)
        self.finalize()

    def finalize(self) -> None:
        """Move on to the next player who has not passed (unless the draft is over)."""
        self.round.next_entity_index()
        if self.done():
            return
        entity = self.round.entities[self.round.entity_index]
        if entity in package(self.game).passers:
            self.game.log(f"{entity.name} has already passed")
            self.finalize()

    def refusal(self, action: "Action") -> IllegalAction | None:
        if action.type == "bid" and action.entity is self.current_entity() and not self.done():
            company = action.company
            if company is None or company not in package(self.game).offer():
                return IllegalAction(f"{getattr(company, 'name', '?')} is not on offer in the starting package",
                                     "starting package")
        return None


class StartingPackageForcedAuction(Step):
    """Before a stock round: sell what is left of the package at a falling price."""

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.auctioning: Any = None
        self.triggerer: Any = None
        self.priority_holder: Any = None

    def description(self) -> str:
        return "Auction the Rest of the Starting Package"

    def setup(self) -> None:
        self.auctioning = None
        self.triggerer = None
        self.priority_holder = self.game.players[0] if self.game.players else None

    def available(self) -> list[Any]:
        return [self.auctioning] if self.auctioning is not None else package(self.game).offer()

    def actions(self, entity: Any) -> list[str]:
        if not self.available() or entity is not self.current_entity():
            return []
        if self.auctioning is None:
            return ["bid"]
        if self.auctioning.min_bid() > entity.cash:
            return []
        return ["bid", "pass"]

    # -- turn order
    def advance(self) -> None:
        """Next player; those who cannot afford the item pass automatically."""
        self.round.next_entity_index()
        entity = self.round.entities[self.round.entity_index]
        if self.all_passed(self.auctioning):
            return
        if not (entity.passed or not self.actions(entity)):
            return
        entity.pass_()
        self.game.log(f"{entity.name} cannot pay {self.game.format_money(self.auctioning.min_bid())} "
                      f"and passes on {self.auctioning.name}")
        self.advance()

    def all_passed(self, target: Any) -> bool:
        """Once everyone has passed: a forced sale at the floor, else a lower price and another round."""
        if target is None:
            return True
        if not all(e.passed for e in self.round.entities):
            return False
        if package(self.game).floor_price(target) >= target.min_bid():
            self.force_sale(target)
        else:
            self.lower_price(target)
        return True

    # -- every legal action
    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Putting up an item on offer at its price; or, once one is up, buying it at its price or passing."""
        kinds = self.actions(entity)
        out = [simple("bid", entity, company=c.id, price=c.min_bid()) for c in self.available()
               if "bid" in kinds and self.accepts(entity, c, c.min_bid())]
        return out + ([simple("pass", entity)] if "pass" in kinds else [])

    def accepts(self, entity: Any, company: Any, price: int) -> bool:
        try:
            self.check_bid(entity, company, price)
        except IllegalAction:
            return False
        return True

    def check_bid(self, entity: Any, company: Any, price: int) -> None:
        """Every rule of a bid (putting an item up, or buying the one up), judged without making it."""
        target = self.auctioning
        if target is None:
            if company is None or company not in package(self.game).offer():
                raise IllegalAction(f"{getattr(company, 'name', '?')} cannot be put up (on offer: "
                                    f"{', '.join(c.name for c in package(self.game).offer())})", "starting package")
            if price != company.min_bid():
                raise IllegalAction(f"{company.name} is put up at {self.game.format_money(company.min_bid())}",
                                    "starting package price")
            return
        if company is not target:
            raise IllegalAction(f"{target.name} is up; buy it or pass", "starting package")
        if price != target.min_bid():
            raise IllegalAction(f"{target.name} costs {self.game.format_money(target.min_bid())} now",
                                "starting package price")
        if price > entity.cash:
            raise InsufficientFunds(f"{entity.name} has {self.game.format_money(entity.cash)} and cannot pay "
                                    f"{self.game.format_money(price)} for {target.name}", "money")

    # -- actions
    def process_bid(self, action: "Action") -> None:
        entity, company = action.entity, action.company
        self.check_bid(entity, company, action.price)
        if self.auctioning is not None:
            self.purchase(entity, company, action.price)
            return
        self.triggerer = entity
        self.auctioning = company
        self.game.log(f"{entity.name} puts {company.name} up for {self.game.format_money(company.min_bid())}")
        self.advance()

    def process_pass(self, action: "Action") -> None:
        target = self.auctioning
        if target is None:
            raise IllegalAction(f"{action.entity.name} must put an item of the starting package up", "starting package")
        action.entity.pass_()
        self.game.log(f"{action.entity.name} passes on {target.name}")
        if self.all_passed(target):
            return
        self.advance()

    def purchase(self, player: Any, company: Any, price: int) -> None:
        target = self.auctioning
        package(self.game).buy(player, target, price)
        self.sold(target)

    def lower_price(self, target: Any) -> None:
        target.discount += self.game.rules.auction.price_drop_when_all_pass
        self.game.log(f"The price of {target.name} drops to {self.game.format_money(target.min_bid())}")
        for e in self.round.entities:
            e.unpass()
        self.advance()

    def force_sale(self, target: Any) -> None:
        buyer, price = self.forced_buyer(target, self.triggerer, target.min_bid(), self.triggerer)
        package(self.game).buy(buyer, target, price, forced=True)
        self.sold(target)

    def forced_buyer(self, target: Any, candidate: Any, price: int, first: Any) -> tuple[Any, int]:
        """Who must buy: the one who put it up, else the next who can afford it, else the first for all his cash."""
        if price <= candidate.cash:
            return candidate, price
        ents = self.round.entities
        nxt = ents[(ents.index(candidate) + 1) % len(ents)]
        self.game.log(f"{candidate.name} cannot afford {target.name} for {self.game.format_money(price)}")
        if nxt is first:
            return first, first.cash
        if price <= nxt.cash:
            return nxt, price
        return self.forced_buyer(target, nxt, price, first)

    def sold(self, target: Any) -> None:
        self.auctioning = None
        for e in self.round.entities:
            e.unpass()
        if not self.available():
            game = self.game
            i = game.players.index(self.priority_holder)
            game.players = game.players[i:] + game.players[:i]
            self.round.entities = list(game.players)
            self.round.reset_entity_index()
            return
        self.round.goto_entity(self.triggerer)
        self.triggerer = None
        self.advance()
