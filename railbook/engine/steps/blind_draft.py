"""A blind draft instead of an auction (``auction.kind: blind_draft``).

Every private (minors' certificates and blank cards included: privates of kind
``blank``) goes into a deck shuffled with the game's seeded generator, in the
title's order. In turn (``draft.order``: seating order, or ``reverse``) each
player takes one card from the top of the deck: the first as many as there are
players plus ``draft.offer_extra``. The cards not taken go back under the deck,
shuffled again; what a player took stays hidden until the draft ends (only that
its card is spoken for). The draft ends once the cards on offer are all blank,
or the deck is empty.

When a single card is left that is not blank, it may be passed: each pass lowers
its price by ``draft.last_card_price_drop``; once it is down to its floor (its
price less its value: nothing, for a private sold at its value), the player it
has reached must take it.

At the end every player pays the bank for the cards he took (a blank card costs
nothing and goes back). A minor's certificate floats its minor, whose treasury
the bank pays: the private's value.

An open draft (``draft.open``) shows every unsold private, cheapest first, and
a card taken is paid (and its minor floated) at once. Once any card has been
taken a player may pass; taking a card cancels his pass, and the draft round
ends when all have passed or no card is left. With
``draft.between_operating_sets`` a draft round that leaves privates unsold is
followed by a set of operating rounds and another draft round
(railbook/engine/schedule.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, action, simple
from railbook.engine.rounds.draft import DraftRound
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class BlindDraftRound(DraftRound):
    """The players draft in seating order, or in reverse seating order, round after round."""

    def select_entities(self) -> list[Any]:
        players = list(self.game.players)
        return list(reversed(players)) if self.game.rules.auction.draft.order == "reverse" else players


def is_blank(company: Any) -> bool:
    return company.definition.kind == "blank"


def unsold_privates(game: Any) -> list[Any]:
    """The privates nobody owns yet and that are not closed: what an open draft still offers."""
    return [c for c in game.companies if c.owner is None and not c.closed and not is_blank(c)]


class BlindDraftStep(Step):
    """Take one of the cards on offer (a ``bid`` naming it); the last card may be passed."""

    ACTIONS = ("bid", "pass")

    def description(self) -> str:
        return "Draft Companies"

    def pass_description(self) -> str:
        return "Pass (Buy)"

    def setup(self) -> None:
        game = self.game
        self.open = game.rules.auction.draft.open
        self.choices: dict[Any, list[Any]] = {}
        self.draw_size = len(self.round.entities) + game.rules.auction.draft.offer_extra
        if self.open:   # what is left unsold, in the open, cheapest first
            self.companies: list[Any] = sorted(unsold_privates(game), key=lambda c: (c.min_bid(), c.name))
            for player in self.round.entities:
                player.unpass()
            return
        self.companies = game.rng.sort_by_random(list(game.companies))   # the deck, top first

    # -- the deck
    def available(self) -> list[Any]:
        return list(self.companies) if self.open else self.companies[: self.draw_size]

    def only_one_company(self) -> bool:
        return len(self.companies) == 1 and not is_blank(self.companies[0])

    def all_blank(self) -> bool:
        return len(self.companies) < self.draw_size and all(is_blank(c) for c in self.available())

    def finished(self) -> bool:
        if self.open:
            return not self.companies or all(p.passed for p in self.round.entities)
        return not self.companies or self.all_blank()

    def anything_taken(self) -> bool:
        """Open draft: whether a player owns a private yet (until then nobody may pass)."""
        return any(c.owner is not None and c.owner in self.game.players for c in self.game.companies)

    def active(self) -> bool:
        return not self.finished()

    def floor(self, company: Any) -> int:
        return company.price - company.value

    # -- actions
    def actions(self, entity: Any) -> list[str]:
        if self.finished() or entity is not self.current_entity():
            return []
        if self.open and not self.only_one_company():
            return ["bid", "pass"] if self.anything_taken() else ["bid"]
        return ["bid", "pass"] if self.only_one_company() else ["bid"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Each card on offer. What a card costs is paid when the draft ends (``finalize``), whatever a
        ``bid`` names as its price (a recorded log names the card's value): the price is open."""
        kinds = self.actions(entity)
        out = [LegalAction(action("bid", entity, company=c.id, price=c.min_bid()), open=frozenset({"price"}))
               for c in self.available()] if kinds else []
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    def process_bid(self, action: "Action") -> None:
        if self.open:
            action.entity.unpass()
        self.choose(action.entity, action.company)
        self.round.next_entity_index()
        self.finalize()

    def process_pass(self, action: "Action") -> None:
        if self.open and not self.only_one_company():
            if not self.anything_taken():
                raise IllegalAction("nobody may pass before a first card is taken", "draft")
            self.game.log(f"{action.entity.name} passes")
            self.round.next_entity_index()
            action.entity.pass_()
            self.finalize()
            return
        if not self.only_one_company():
            raise IllegalAction("a card may be passed only when it is the last one left", "draft")
        company = self.companies[0]
        old = company.min_bid()
        company.discount += self.game.rules.auction.draft.last_card_price_drop
        self.game.log(f"{company.name} price decreases from {self.game.format_money(old)} to "
                      f"{self.game.format_money(company.min_bid())}")
        self.round.next_entity_index()
        if company.min_bid() > self.floor(company):
            return
        self.choose(self.current_entity(), company)
        self.finalize()

    def choose(self, player: Any, company: Any) -> None:
        offer = self.available()
        if company is None or company not in offer:
            raise IllegalAction(f"{getattr(company, 'name', '?')} is not among the cards on offer", "draft")
        if self.open:
            self.companies.remove(company)
            company.owner = player
            self.buy(player, company)
            return
        self.choices.setdefault(player, []).append(company)
        if self.only_one_company():
            self.game.log(f"{player.name} chooses {company.name}")
            self.companies.clear()
        else:
            self.game.log(f"{player.name} chooses a company")
            self.companies = [c for c in self.companies if c not in offer]
            back = self.game.rng.sort_by_random(offer)
            back.remove(company)
            self.companies.extend(back)
        company.owner = player   # spoken for; it is his once the draft ends

    def finalize(self) -> None:
        """The draft is over: every card is paid for; a minor's certificate floats its minor."""
        if not self.finished():
            return
        game = self.game
        self.round.reset_entity_index()
        for player, companies in self.choices.items():
            for company in companies:
                if is_blank(company):
                    company.owner = None
                    game.log(f"{player.name} chose {company.name}")
                    continue
                self.buy(player, company)

    def buy(self, player: Any, company: Any) -> None:
        """The player pays for the card he took; a minor's certificate floats its minor."""
        game = self.game
        player.companies.append(company)
        price = company.min_bid()
        if price > 0:
            player.spend(price, game.bank)
        game.log(f"{player.name} buys {company.name} for {game.format_money(price)}")
        minor = game.corporation_by_id(company.sym) if company.definition.kind == "minor" else None
        if minor is not None and minor.minor:
            minor.owner = player
            minor.floated_ = True
            if company.value > 0:
                game.bank.spend(company.value, minor)
            game.log(f"Minor {minor.name} floats and receives {game.format_money(company.value)}")

    def refusal(self, action: "Action") -> IllegalAction | None:
        if action.type == "pass" and action.entity is self.current_entity() and not self.finished():
            return IllegalAction("a card may be passed only when it is the last one left", "draft")
        return None
