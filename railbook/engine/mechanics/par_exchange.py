"""Corporations parred by exchanging a private, and homes placed anywhere.

A private whose ``exchange`` ability comes ``from: [par]`` (privates.yaml) is
the only way to start its corporation: in a stock round its owner sets the par
price and gives the private and one certificate's par price (paid to the bank,
as any IPO purchase) for the president's certificate; the private closes. That
is the turn's buy. Nobody else may par the corporation, and once the private
has closed or passed to a corporation nobody can.

A corporation whose ``home_choice`` says ``any_city`` places its home station
right after its par, in the stock round, in any city with a slot it could take,
or (``replaces_neutral``) on a neutral station, which leaves the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, insert_before, replace_step, replace_stock_step
from railbook.engine.rules.shares import after_par, buy_shares, can_par, par_exchange_private
from railbook.engine.steps.stock import BuySellParShares
from railbook.engine.steps.token import HomeTokenStep
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def anywhere_home_hexes(game: "GameState", corp: Any) -> list[Any]:
    """Every hex with a city the corporation could take for free, or (replaces_neutral) one holding a neutral station."""
    choice = corp.definition.home_choice
    out = []
    for h in game.hexes:
        for city in h.tile.cities:
            neutral = choice.replaces_neutral and any(t is not None and t.type == "neutral" for t in city.tokens)
            if neutral or city.tokenable(corp, free=True):
                out.append(h)
                break
    return out


def place_home_anywhere(game: "GameState", corp: Any) -> None:
    """The corporation's home station waits for its city (the home-token step of the stock round)."""
    token = next((t for t in corp.tokens if not t.used and t.type == "normal"), None)
    if token is None:
        return
    game.log(f"{corp.name} must choose a city for its home token")
    game.round.pending_tokens.append({"entity": corp, "hexes": anywhere_home_hexes(game, corp), "token": token})
    game.round.clear_cache()


class ParByExchange(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(a.type == "exchange" and "par" in a.from_ for c in game.companies for a in c.definition.abilities) or \
            any(c.definition.home_choice is not None and c.definition.home_choice.any_city
                for c in game.all_corporations)

    def stock_steps(self, steps: list[Any]) -> list[Any]:
        steps = replace_stock_step(steps, ParByExchangeStock)
        return insert_before(steps, BuySellParShares, HomeAnywhereStep)

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return replace_step(steps, HomeTokenStep, HomeAnywhereStep)


class ParByExchangeStock(BuySellParShares):
    LISTING_HOLDS = True   # its pars are listed by ``pars``, which knows the exchange

    def pars(self, entity: Any) -> list[tuple[Any, Any]]:
        """The title's pars; a corporation parred by exchanging a private, by the private's owner
        at any par price he can pay for one certificate (what ``process_par`` takes)."""
        game = self.game
        out = [(c, sp) for c, sp in super().pars(entity) if par_exchange_private(game, c) is None]
        if self.bought():
            return out
        for corp in game.corporations:
            private = par_exchange_private(game, corp)
            if private is not None and private.owner is entity and can_par(game, corp, entity):
                out += [(corp, sp) for sp in game.stock_market.par_prices if entity.cash >= sp.price]
        return out

    def process_par(self, action: "Action") -> None:
        entity, corp, sp = action.entity, action.corporation, action.share_price
        private = par_exchange_private(self.game, corp)
        if private is None:
            super().process_par(action)
            if corp.definition.home_choice is not None and corp.definition.home_choice.any_city:
                self.pending_home = None
                place_home_anywhere(self.game, corp)
            return
        game = self.game
        if private.owner is not entity:
            raise IllegalAction(f"only the owner of {private.name} may par {corp.name}", "par")
        if not can_par(game, corp, entity):
            raise IllegalAction(f"{corp.name} cannot be parred", "par")
        if self.bought():
            raise IllegalAction(f"{entity.name} already bought this turn", "one purchase per turn")
        if sp not in game.stock_market.par_prices:
            raise IllegalAction(f"{sp.price} is not a par price for {corp.name}", "par price")
        if entity.cash < sp.price:
            raise InsufficientFunds(f"{entity.name} cannot afford to par {corp.name} at "
                                    f"{game.format_money(sp.price)}", "money")
        game.stock_market.set_par(corp, sp)
        share = corp.ipo_shares()[0]
        bought = self.round.players_bought.setdefault(entity, {})
        bought[corp] = bought.get(corp, 0) + share.percent
        game.log(f"{entity.name} exchanges {private.name} and {game.format_money(sp.price)} for the "
                 f"president's certificate of {corp.name}")
        buy_shares(game, entity, share.to_bundle(), exchange=private, exchange_price=sp.price)
        after_par(game, corp)
        if corp.definition.home_choice is not None and corp.definition.home_choice.any_city:
            place_home_anywhere(game, corp)
        private.close()
        game.log(f"{private.name} closes")
        self.track_action(action, corp)


class HomeAnywhereStep(HomeTokenStep):
    """The home-token step; a home placed on a neutral station removes that station first."""

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """The cities the home may take as they stand, and (``replaces_neutral``) each neutral
        station's slot in the hexes it may go to, which it takes in the station's place."""
        out = super().legal_actions(entity)
        pending = self.pending()
        corp = pending.get("entity")
        choice = corp.definition.home_choice if corp is not None and self.actions(entity) else None
        if choice is None or not choice.replaces_neutral:
            return out
        for hex_ in pending.get("hexes", []):
            for city in hex_.tile.cities:
                out += [simple("place_token", entity, city=city.id, slot=slot) for slot, token in enumerate(city.tokens)
                        if token is not None and token.type == "neutral"]
        return out

    def process_place_token(self, action: "Action") -> None:
        pending = self.pending()
        corp = pending.get("entity")
        choice = corp.definition.home_choice if corp is not None else None
        city = action.city
        if corp is not None and choice is not None and choice.replaces_neutral and city.hex in pending.get("hexes", []):
            slot = action.slot if action.slot is not None else 0
            token = city.tokens[slot] if 0 <= slot < len(city.tokens) else None
            if token is not None and token.type == "neutral":
                owner = token.corporation
                token.remove()
                if token in owner.tokens:
                    owner.tokens.remove(token)
                self.game.graph.clear_for(owner)
                self.game.log(f"{corp.name} removes the neutral token from {city.hex.id}")
        super().process_place_token(action)
