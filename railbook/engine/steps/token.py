"""Station tokens: one per turn, in a reachable city with a free (unreserved) slot,
at the price of the corporation's next token."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.legal import LegalAction, simple
from railbook.engine.map.tile import hex_of
from railbook.engine.map.token import Token
from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.rules.corporations import operating_order
from railbook.engine.rules.insolvency import insolvent
from railbook.engine.rules.tokens import (
    after_place_token,
    before_place_token,
    settle_hex_reservation,
    token_price,
)
from railbook.engine.points import Point
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.map.tile import City

TOKEN_ERRORS = {
    "no_tokens": "{corp} has no tokens left",
    "existing_token": "{corp} already has a token on {hex}",
    "blocked_reservation": "the remaining slots on {hex} are reserved",
    "no_money": "{corp} cannot afford a token on {hex}",
    "no_slots": "no token slot is free on {hex}",
    "generic": "{corp} cannot place a token on {hex}",
}


class Tokener:
    game: Any
    round: Any
    current_entity: Callable[[], Any]   # the step's

    def available_tokens(self, entity: Any) -> list[Token]:
        holder = entity.owner if entity.is_company() else entity
        return holder.tokens_by_type()

    def min_token_price(self, tokens: list[Token]) -> int:
        prices = [t.price for t in tokens]
        for a in usable_abilities(self.game, tokens[0].corporation, "token", of_use=False):
            if a.price_ is not None:
                prices.append(a.price_)
            if a.teleport_price is not None:
                prices.append(a.teleport_price)
        return min(prices)

    def token_buying_power(self, entity: Any) -> int:
        """What the entity may spend on a token (its cash; a mechanic may count more)."""
        return int(entity.cash)

    def can_place_token(self, entity: Any) -> bool:
        tokens = self.available_tokens(entity)
        return (entity is self.current_entity() and not self.round.tokened and bool(tokens)
                and self.min_token_price(tokens) <= self.token_buying_power(entity)
                and self.game.graph.can_token(entity))

    def plan_token(self, entity: Any, city: "City", token: Token | None, connected: bool = True,
                   extra_action: bool = False, special_ability: Any = None,
                   free_override: bool = False) -> tuple[int, Any]:
        """Every rule of placing this token in this city, judged without placing it: raises the rule
        a placement breaks; returns its price and the ability it uses."""
        game = self.game
        hex_ = hex_of(city)
        if token is None:
            raise IllegalAction(f"{entity.name} has no tokens left", "tokens")
        if city.definition.refuses_tokens:
            raise IllegalAction(f"{hex_.id} may not hold a station token", "token placement")
        if connected and not game.graph.connects(entity, city):
            raise IllegalAction(f"{entity.name} cannot place a token on {hex_.id}: it is not connected", "connectivity")
        if not extra_action and self.round.tokened:
            raise IllegalAction(f"{entity.name} already placed a token this turn", "one token per turn")
        if token.used:
            raise IllegalAction("that token is already on the map", "tokens")
        price = 0 if free_override else token_price(self.game, entity, city, token)
        ability = None
        if special_ability is not None and special_ability.type == "token" and special_ability.spec.discount_percent:
            price -= price * special_ability.spec.discount_percent // 100    # the private's discount (its step uses it)
        if special_ability is None and not free_override:
            for a in usable_abilities(game, entity, "token"):
                if a.special_only or (a.hexes and hex_.id not in a.hexes) or (a.city is not None and a.city != city.index):
                    continue
                ability = a
                if a.teleport_price is not None:
                    price = a.teleport_price
                if hex_ in game.graph.reachable_hexes(entity) and a.price_ is not None:
                    price = a.price_
                break
        if not city.definition.tokenable:
            raise IllegalAction(f"{hex_.id} may never hold a station token", "token placement")
        self.check_split_hex(city)
        free = price <= 0
        error = city.tokenable_error(entity, free=free, tokens=[token])
        if error is not None and not (error == "no_money" and price <= entity.cash):
            message = TOKEN_ERRORS[error].format(corp=entity.name, hex=hex_.id)
            raise (InsufficientFunds if error == "no_money" else IllegalAction)(message, "token placement")
        if not free and entity.cash < price:
            raise InsufficientFunds(f"{entity.name} cannot afford a {game.format_money(price)} token", "money")
        return price, ability

    def place_token(self, entity: Any, city: "City", token: Token | None, connected: bool = True,
                    extra_action: bool = False, special_ability: Any = None, free_override: bool = False) -> None:
        game = self.game
        hex_ = hex_of(city)
        price, ability = self.plan_token(entity, city, token, connected, extra_action, special_ability, free_override)
        assert token is not None
        before_place_token(game, entity, hex_)
        free = price <= 0
        city.exchange_token(token)
        if token.corporation is not entity and token in entity.tokens:
            # a neutral station another corporation lent it: placed, it is that corporation's
            entity.tokens.remove(token)
            token.corporation.tokens.append(token)
            game.graph.invalidate_city(city, token.corporation)
        if entity in city.tile.reservations:
            city.tile.reservations.remove(entity)
        city.remove_reservation(entity)
        if not free:
            entity.spend(price, game.bank)
        if ability is not None:
            ability.use()
        game.log(f"{entity.name} places a token on {hex_.id}" + (f" for {game.format_money(price)}" if not free else ""))
        if not extra_action:
            self.round.tokened = True
        game.graph.invalidate_city(city, entity)
        after_place_token(game, entity, hex_)

    def placeable(self, entity: Any, cities: Any, check: Callable[["City"], Any]) -> list[LegalAction]:
        """A ``place_token`` by the entity for each of the cities ``check`` accepts."""
        out = []
        for city in cities:
            try:
                check(city)
            except IllegalAction:
                continue
            out.append(simple("place_token", entity, city=city.id))
        return out

    def check_split_hex(self, city: "City") -> None:
        """On a hex whose city split, other stations wait until the lifted ones are back."""
        game = self.game
        if game.saved_tokens_hex is None or city.hex is not game.saved_tokens_hex or not game.saved_tokens:
            return
        tile = city.tile
        free = len(tile.cities) - len(game.saved_tokens) - (1 if tile.reservations else 0)
        if free <= 0:
            raise IllegalAction(f"{city.hex.id} may not be tokened until its lifted stations are back",
                                "token placement")


TOKEN_LEFT_ALONE = Point("token", "left alone", "(step, corporation) -> bool: yes, the step offers it nothing")
TOKEN_POWER = Point("token", "money it could raise", "(step, corporation) -> int: added to its cash")


class TokenStep(Step, Tokener):
    type_name = "token"
    POINTS: tuple[Point, ...] = (TOKEN_LEFT_ALONE, TOKEN_POWER)

    def token_buying_power(self, entity: Any) -> int:
        """What the corporation may spend on a station: its cash, and what mechanics say it could raise."""
        return int(entity.cash) + self.game.extensions.total(TOKEN_POWER, self, entity)

    def description(self) -> str:
        return "Place a Token"

    def pass_description(self) -> str:
        return "Skip (Token)"

    def setup(self) -> None:
        self.round.tokened = False

    def actions(self, entity: Any) -> list[str]:
        if self.game.extensions.yes(TOKEN_LEFT_ALONE, self, entity):
            return []
        if "token" in self.game.skipped_steps or entity is not self.current_entity() or insolvent(self.game, entity):
            return []
        if self.can_place_token(entity):
            return ["place_token", "pass"]
        return ["pass"] if self.ability_waits(entity) else []

    def ability_waits(self, entity: Any) -> bool:
        """A private's token ability timed ``when: [token]`` works only in this step: while the corporation
        could still place with it, the step waits for it (or a pass) even when no ordinary token can go."""
        if self.round.tokened or not entity.is_corporation():
            return False
        for company in entity.companies:
            for a in usable_abilities(self.game, company, "token", time=["token"]):
                if "token" not in a.when or (a.count is not None and a.count <= 0):
                    continue
                tokens = entity.tokens_by_type() if a.from_owner is not False else [Token(entity)]
                cities = [c for h in a.hexes if (hx := self.game.hex_by_id(h)) is not None for c in hx.tile.cities]
                if tokens and any(c.tokenable(entity, free=True, tokens=tokens) for c in cities):
                    return True
        return False

    def refusal(self, action: "Action") -> IllegalAction | None:
        entity = action.entity
        if action.type != "place_token" or entity is not self.round.entities[self.round.entity_index]:
            return None
        if self.round.tokened:
            return IllegalAction(f"{entity.name} already placed a token this turn", "one token per turn")
        if not self.available_tokens(entity):
            return IllegalAction(f"{entity.name} has no tokens left", "tokens")
        return IllegalAction(f"{entity.name} may not place a token now", "token placement")

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """A token in each city the corporation reaches that takes it; and passing."""
        kinds = self.actions(entity)
        if "place_token" not in kinds:
            return [simple("pass", entity)] if kinds else []
        token = entity.find_token_by_type()
        reach = self.game.graph.reachable_hexes(entity)
        cities = [n for n in self.game.graph.connected_nodes(entity) if n.is_city() and n.hex in reach]
        return self.placeable(entity, cities, lambda city: self.plan_token(entity, city, token)) \
            + [simple("pass", entity)]

    def process_place_token(self, action: "Action") -> None:
        entity = action.entity
        if not self.game.graph.reaches_hex(entity, action.city.hex):
            raise IllegalAction(f"{entity.name} cannot reach {action.city.hex.id}", "connectivity")
        self.place_token(entity, action.city, entity.find_token_by_type(action.token_type))
        self.pass_()


class HomeTokenStep(Step, Tokener):
    """A token waiting for its city to be chosen (a home on a multi-city hex, or a token an upgrade displaced)."""

    def description(self) -> str:
        return "Place Home Token"

    def pending(self) -> dict[str, Any]:
        return self.round.pending_tokens[0] if self.round.pending_tokens else {}

    def active(self) -> bool:
        return bool(self.pending().get("entity"))

    def current_entity(self) -> Any:
        return self.pending().get("entity")

    def active_entities(self) -> list[Any]:
        e = self.pending().get("entity")
        return [e] if e is not None else []

    def actions(self, entity: Any) -> list[str]:
        return ["place_token"] if entity is not None and entity is self.pending().get("entity") else []

    def token(self, pending: dict[str, Any]) -> Any:
        """The token to place: the one waiting, or, if another placement took it meanwhile (a private's free
        station uses the corporation's next token), the corporation's next token of that kind."""
        token = pending["token"]
        if token.used:
            token = token.corporation.find_token_by_type(token.type) or token
        return token

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        pending = self.pending()
        token = self.token(pending)
        if token.used:
            return []
        cities = [c for h in pending["hexes"] for c in h.tile.cities]
        return self.placeable(entity, cities, lambda city: self.plan_token(
            token.corporation, city, token, connected=False, extra_action=True, free_override=True))

    def process_place_token(self, action: "Action") -> None:
        pending = self.pending()
        hex_ = action.city.hex
        if hex_ not in pending["hexes"]:
            raise IllegalAction(f"the token must go on {', '.join(h.id for h in pending['hexes'])}", "token placement")
        token = self.token(pending)
        if token.used:
            raise IllegalAction(f"{token.corporation.name} has no token left to place", "token placement")
        self.place_token(token.corporation, action.city, token, connected=False, extra_action=True,
                         free_override=True)
        self.round.pending_tokens.pop(0)


class UpdateTokensStep(Step):
    """Stations lifted by a city split go back, one owner at a time in operating order, into
    either new city (even one already holding a station), free."""

    def description(self) -> str:
        hex_ = self.game.saved_tokens_hex
        return f"Choose city for token in {hex_.id if hex_ else '?'}"

    def pending(self) -> dict[str, Any]:
        order = operating_order(self.game)
        saved = sorted(self.game.saved_tokens,
                       key=lambda t: order.index(t["entity"]) if t["entity"] in order else len(order))
        self.game.saved_tokens[:] = saved
        return saved[0] if saved else {}

    def active(self) -> bool:
        return bool(self.game.saved_tokens)

    def active_entities(self) -> list[Any]:
        e = self.pending().get("entity")
        return [e] if e is not None else []

    def current_entity(self) -> Any:
        return self.pending().get("entity")

    def actions(self, entity: Any) -> list[str]:
        return ["place_token"] if entity is not None and entity is self.current_entity() else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        return [simple("place_token", entity, city=c.id) for h in self.pending()["hexes"] for c in h.tile.cities]

    def process_place_token(self, action: "Action") -> None:
        pending = self.pending()
        city = action.city
        if city.hex not in pending["hexes"]:
            raise IllegalAction(f"the lifted station goes back on {pending['hexes'][0].id}", "token placement")
        token = pending["token"]
        city.exchange_token(token, cheater=True)
        if token.corporation in city.tile.reservations:
            city.tile.reservations.remove(token.corporation)
        city.remove_reservation(token.corporation)
        self.game.log(f"{token.corporation.name} places a token on {city.hex.id}")
        self.game.saved_tokens.pop(0)
        self.game.graph.clear()
        settle_hex_reservation(self.game, city.tile)
