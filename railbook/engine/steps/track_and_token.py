"""Laying track and placing a station in one step, in either order (``track_and_token``).

The corporation may lay its tiles and place its one station as it likes, a tile
before and after the station; the step ends when it passes, or when it has
placed its station and can lay no more track. A corporation that cannot pay
the cheapest lay (``operating_round.min_tile_cost``) lays none, unless one of
its abilities lays free (or that much cheaper) on a printed hex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.points import Point
from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.steps.token import Tokener
from railbook.engine.steps.track import TRACK_LEFT_ALONE, TrackStep
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action


TRACK_POWER = Point("track_and_token", "money it could raise for track",
                    "(step, corporation) -> int: added to its cash when asking whether it can pay for track")
STATION_POWER = Point("track_and_token", "money it could raise for a station",
                      "(step, corporation) -> int: added to its cash when asking whether it can pay for a station")


class TrackAndTokenStep(TrackStep, Tokener):
    type_name = "track"
    POINTS: tuple[Point, ...] = (TRACK_LEFT_ALONE, TRACK_POWER, STATION_POWER)

    def description(self) -> str:
        return "Place a Token or Lay Track"

    def pass_description(self) -> str:
        return "Done (Token/Track)" if self.acted else "Skip (Token/Track)"

    def setup(self) -> None:
        super().setup()
        self.round.tokened = False

    def can_lay_tile(self, entity: Any) -> bool:
        least = self.game.rules.operating_round.min_tile_cost
        if least and self.buying_power(entity) < least and not self.lays_cheap_somewhere(entity, least):
            return False
        return super().can_lay_tile(entity)

    def buying_power(self, entity: Any) -> int:
        """What the corporation may spend on track: its cash, and what mechanics say it could raise."""
        return int(entity.cash) + self.game.extensions.total(TRACK_POWER, self, entity)

    def token_buying_power(self, entity: Any) -> int:
        """What the corporation may spend on a station: its cash, and what mechanics say it could raise."""
        return int(entity.cash) + self.game.extensions.total(STATION_POWER, self, entity)

    def lays_cheap_somewhere(self, entity: Any, least: int) -> bool:
        """One of the entity's tile-lay abilities lays free, or at least ``least`` cheaper, on a printed hex."""
        for a in usable_abilities(self.game, entity, "tile_lay"):
            if not (a.free or a.discount >= least):
                continue
            for hex_id in a.hexes:
                h = self.game.hex_by_id(hex_id)
                if h is not None and h.tile is h.original_tile:
                    return True
        return False

    def actions(self, entity: Any) -> list[str]:
        if self.game.extensions.yes(TRACK_LEFT_ALONE, self, entity):
            return []
        if entity is not self.current_entity() or entity.is_company():
            return []
        out = []
        if "track" not in self.game.skipped_steps and self.can_lay_tile(entity):
            out.append("lay_tile")
        if "token" not in self.game.skipped_steps and self.can_place_token(entity):
            out.append("place_token")
        if out:
            out.append("pass")
        return out

    def process_lay_tile(self, action: "Action") -> None:
        self.lay_tile_action(action)
        if not self.can_lay_tile(action.entity) and self.round.tokened:
            self.pass_()

    def process_place_token(self, action: "Action") -> None:
        entity = action.entity
        self.place_token(entity, action.city, entity.find_token_by_type(action.token_type))
        if not self.can_lay_tile(entity):
            self.pass_()

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        if not kinds:
            return []
        out: list[LegalAction] = []
        if "lay_tile" in kinds:
            out += self.legal_lays(entity, list(self.game.graph.connected_hexes(entity)),
                                   lambda h, t, r, c: self.check_turn_lay(entity, entity, h, t, r, c))
        if "place_token" in kinds:
            token = entity.find_token_by_type()
            cities = [n for n in self.game.graph.connected_nodes(entity) if n.is_city()]
            out += self.placeable(entity, cities, lambda city: self.plan_token(entity, city, token))
        return out + [simple("pass", entity)]

    def refusal(self, action: "Action") -> IllegalAction | None:
        if action.type == "place_token" and action.entity is self.current_entity() and self.round.tokened:
            return IllegalAction(f"{action.entity.name} already placed a token this turn", "one token per turn")
        return super().refusal(action)
