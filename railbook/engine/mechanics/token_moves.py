"""A private that moves one of its corporation's stations (privates.yaml: a ``token`` ability with
``moves_station``).

In its corporation's turn, before the trains run, the owning corporation lifts
one of its stations (``remove_token``; not from a hex listed in ``not_from``),
puts it in an open city of one of the ability's ``hexes`` for free, without a
connection (``place_token``), and then (``then_lay_tile``) may lay or upgrade
a tile on that hex as an extra lay (``lay_tile``, or ``pass``). A home station
moved leaves the neutral station of ``home_leaves_neutral`` in its place, and
cannot move while that corporation already has a station in the home hex. The
step is listed as ``move_token`` in the operating round's steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.map.token import Token
from railbook.engine.mechanics.base import Mechanic
from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.steps.base import Step
from railbook.engine.steps.token import Tokener
from railbook.engine.steps.track import Tracker
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState

TIMES = ["any", "owning_corp_or_turn", "token", "track"]


class MoveTokenStep(Step, Tokener, Tracker):
    type_name = "move_token"

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.state: str | None = None      # None, "place_token" or "lay_tile"
        self.company: Any = None
        self.destination: Any = None

    def description(self) -> str:
        return {"place_token": "Move a station: place it", "lay_tile": "Move a station: lay track"}.get(
            self.state or "", "Move a station")

    def pass_description(self) -> str:
        return "Skip (track)"

    def setup(self) -> None:
        self.state = None
        self.company = None
        self.destination = None

    def blocks(self) -> bool:
        return self.state is not None

    def blocking(self) -> bool:
        return self.blocks()

    def active_entities(self) -> list[Any]:
        return [self.company] if self.company is not None else super().active_entities()

    def ability(self, entity: Any) -> Any:
        if entity is None or not entity.is_company() or entity.owner is not self.game.current_operator():
            return None
        found = [a for a in usable_abilities(self.game, entity, "token", time=TIMES) if a.spec.moves_station]
        return found[0] if found else None

    def actions(self, entity: Any) -> list[str]:
        if self.state is not None:
            if entity is not self.company:
                return []
            return ["place_token"] if self.state == "place_token" else ["lay_tile", "pass"]
        if self.ability(entity) is None or getattr(self.round, "routes", None):
            return []
        return ["remove_token"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Lifting each station it may move; then placing it in each city it may go to; then laying
        a tile on that hex, or passing."""
        kinds = self.actions(entity)
        if "remove_token" in kinds:
            return [simple("remove_token", entity, city=city.id, slot=slot) for city, slot in self.movable(entity)]
        if "place_token" in kinds:
            ability, corp = self.ability(entity), entity.owner
            cities = [c for h in map(self.game.hex_by_id, ability.hexes) if h is not None for c in h.tile.cities]
            return self.placeable(entity, cities, lambda city: self.plan_token(
                corp, city, corp.next_token(), connected=False, extra_action=True, free_override=True))
        if "lay_tile" in kinds:
            corp = entity.owner
            lays = self.legal_lays(entity, [self.destination], lambda hex_, tile, rotation, consent: self.plan_lay(
                corp, corp, hex_, tile, rotation, 0, consent, foresee=True))
            return lays + [simple("pass", entity)]
        return []

    def movable(self, company: Any) -> list[tuple[Any, int]]:
        """The (city, slot) of each station ``process_remove_token`` would lift."""
        corp, out = company.owner, []
        for token in corp.tokens:
            city = token.city
            if city is None or city.hex is None or token not in city.tokens:
                continue
            if self.lift_refusal(company, token) is None:
                out.append((city, city.tokens.index(token)))
        return out

    def lift_refusal(self, company: Any, token: Any) -> str | None:
        """Why the private cannot lift this station of its corporation (None: it can)."""
        ability, corp = self.ability(company), company.owner
        hex_ = token.city.hex
        move = ability.spec.moves_station
        if hex_.id in move.not_from:
            return f"a station in {hex_.id} cannot be moved"
        neutral = self.game.corporation_by_id(move.home_leaves_neutral) if move.home_leaves_neutral else None
        if corp.tokens[0] is token and neutral is not None and any(c.tokened_by(neutral) for c in hex_.tile.cities):
            return f"{corp.name}'s home cannot move: {neutral.name} already has a station in {hex_.id}"
        return None

    # -- lifting the station
    def process_remove_token(self, action: "Action") -> None:
        company = action.entity
        ability = self.ability(company)
        if ability is None or self.state is not None:
            raise IllegalAction(f"{company.name} cannot move a station now", "private ability")
        corp = company.owner
        city = action.city
        slot = action.slot if action.slot is not None else 0
        token = city.tokens[slot] if 0 <= slot < len(city.tokens) else None
        if token is None or token.corporation is not corp:
            raise IllegalAction(f"{company.name} moves a station of {corp.name} only", "private ability")
        hex_ = city.hex
        move = ability.spec.moves_station
        refusal = self.lift_refusal(company, token)
        if refusal is not None:
            raise IllegalAction(refusal, "private ability")
        home = corp.tokens[0] is token
        neutral_sym = move.home_leaves_neutral
        neutral = self.game.corporation_by_id(neutral_sym) if neutral_sym else None
        token.remove()
        if home and neutral is not None:
            stand_in = Token(neutral, price=0, type="neutral")
            neutral.tokens.append(stand_in)
            city.remove_reservation(corp)
            city.exchange_token(stand_in)
            self.game.log(f"{corp.name}'s station leaves {hex_.id}; a neutral station takes its place")
        else:
            self.game.log(f"{corp.name}'s station leaves {hex_.id}")
        self.game.graph.clear_for(corp)
        if neutral is not None:
            self.game.graph.clear_for(neutral)
        self.company = company
        self.state = "place_token"

    # -- putting it back
    def process_place_token(self, action: "Action") -> None:
        company = action.entity
        if self.state != "place_token" or company is not self.company:
            raise IllegalAction(f"{company.name} has no station to place now", "private ability")
        ability = self.ability(company)
        corp = company.owner
        if ability is None or action.city.hex.id not in ability.hexes:
            raise IllegalAction(f"the station goes to {', '.join(ability.hexes if ability else [])}",
                                "token placement")
        self.place_token(corp, action.city, corp.next_token(), connected=False, extra_action=True,
                         free_override=True)
        then_lay = ability.spec.moves_station.then_lay_tile
        ability.use()
        self.destination = action.city.hex
        self.game.graph.clear_for(corp)
        self.state = "lay_tile" if then_lay else None
        if self.state is None:
            self.company = None

    # -- the extra lay
    def process_lay_tile(self, action: "Action") -> None:
        company = action.entity
        if self.state != "lay_tile" or company is not self.company:
            raise IllegalAction(f"{company.name} lays no tile now", "private ability")
        if action.hex is not self.destination:
            raise IllegalAction(f"the extra tile goes on {self.destination.id}", "private ability")
        self.lay_tile(action, entity=company.owner)
        self.state = None
        self.company = None

    def process_pass(self, action: "Action") -> None:
        if self.state != "lay_tile" or action.entity is not self.company:
            raise IllegalAction(f"{action.entity.name} cannot pass now", "turn order")
        self.state = None
        self.company = None


class TokenMoves(Mechanic):
    STEPS = {"move_token": MoveTokenStep}

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return "move_token" in game.rules.operating_round.steps
