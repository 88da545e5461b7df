"""Corporations that convert to more certificates (corporations.yaml ``converts_to``)
and the destinations that let them.

Converting replaces a corporation's certificates by the ``converts_to`` list,
certificate by certificate: whoever held the i-th old certificate holds the
i-th new one (a 40% president's certificate becomes the 20% one, each 20%
becomes 10%, so every holder keeps as many certificates, of the new unit);
the certificates the list adds go to the corporation (its treasury, or its
IPO before it has started). No money changes hands and the price stays. The
corporation takes the ``converts_to.type`` (its train limits follow it).

A corporation with a ``destination`` may convert during its own operating
turn once its destination has been declared reached (the
``destination_connection`` action: any number of corporations at once,
checked on the map: track must join its home station to its destination; other corporations' stations do not cut the connection).
Rule hooks convert corporations at phase changes (``convert_corporation``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import Share
from railbook.engine.legal import LegalAction, simple, subsets
from railbook.engine.map.distance import track_connected
from railbook.engine.mechanics.base import Mechanic, find, has_step, insert_before
from railbook.engine.steps.base import Step
from railbook.engine.steps.track import TrackStep
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def convertible(corp: Any) -> bool:
    spec = corp.definition.converts_to
    return bool(spec) and not corp.converted and not corp.closed


def convert_corporation(game: "GameState", corp: Any) -> bool:
    """Convert now (False if it has nothing to convert to, or already did)."""
    if not convertible(corp):
        return False
    spec = corp.definition.converts_to
    new = list(spec.shares)
    old = corp.shares_list
    if len(new) < len(old):
        raise IllegalAction(f"{corp.name} cannot convert to fewer certificates", "conversion")
    for share, percent in zip(old, new):
        share.percent = percent
    for index in range(len(old), len(new)):
        share = Share(corp, corp, False, new[index], index)
        corp.shares_list.append(share)
        corp.holding(corp).append(share)
        game.index_share(share)
    corp.second_share = corp.shares_list[1] if len(corp.shares_list) > 1 else None
    holders: dict[Any, int] = {}
    for share in corp.shares_list:
        holders[share.owner] = holders.get(share.owner, 0) + share.percent
    corp.share_holders = holders
    if spec.type:
        corp.type = spec.type
    corp.converted = True
    game.log(f"{corp.name} converts to {len(corp.shares_list)} certificates")
    return True


def destination_reached(game: "GameState", corp: Any) -> bool:
    """Track joins the corporation's home station to a stop in its destination hex (other
    corporations' stations do not cut a connection, and no route is needed: the players see a
    connection on the map, Rails does not check it)."""
    hex_id = corp.definition.destination
    if not hex_id:
        return False
    if any(t.hex is not None and t.hex.id == hex_id for t in corp.tokens):
        return True
    return any(s.tile.hex is not None and s.tile.hex.id == hex_id for s in track_connected(corp))


def destinations_reached(game: "GameState") -> set[str]:
    """The corporations declared at their destination (a set the Conversions mechanic keeps)."""
    mechanic = find(game, Conversions)
    return mechanic.reached if mechanic is not None else set()


class Conversions(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(c.definition.converts_to for c in game.all_corporations)

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.reached: set[str] = set()  # corporations declared at their destination

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        if has_step(steps, ConversionStep):
            return steps
        return insert_before(steps, TrackStep, ConversionStep)


class ConversionStep(Step):
    """Non-blocking, during any operating turn: declare destinations reached; convert the operating
    corporation once its destination is reached."""

    def description(self) -> str:
        return "Destinations and Conversion"

    blocks = Step.never_blocks

    def declarable(self) -> list[Any]:
        reached = destinations_reached(self.game)
        return [c for c in self.round.entities
                if c.definition.destination and convertible(c) and c.id not in reached and not c.closed]

    def actions(self, entity: Any) -> list[str]:
        operator = self.game.current_operator()
        if operator is None or entity is not operator:
            return []
        out = []
        if self.declarable():
            out.append("destination_connection")
        if convertible(entity) and entity.id in destinations_reached(self.game):
            out.append("convert")
        return out

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Declaring any of the corporations whose destination the map shows reached; converting."""
        kinds = self.actions(entity)
        out = []
        if "destination_connection" in kinds:
            reached = [c.id for c in self.declarable() if destination_reached(self.game, c)]
            if reached:
                out.append(subsets("destination_connection", entity, {"corporations": reached}))
        if "convert" in kinds:
            out.append(simple("convert", entity))
        return out

    def process_destination_connection(self, action: "Action") -> None:
        game = self.game
        allowed = self.declarable()
        if not action.targets or len(set(action.targets)) != len(action.targets):
            raise IllegalAction("a declaration names each corporation at its destination once", "destination")
        for corp in action.targets:
            if corp not in allowed:
                raise IllegalAction(f"{corp.name} has no destination left to reach", "destination")
            if not destination_reached(game, corp):
                raise IllegalAction(f"{corp.name}'s network does not reach its destination "
                                    f"{corp.definition.destination}", "destination")
        for corp in action.targets:
            destinations_reached(game).add(corp.id)
            game.log(f"{corp.name} has reached its destination {corp.definition.destination}")

    def process_convert(self, action: "Action") -> None:
        corp = action.entity
        if corp.id not in destinations_reached(self.game):
            raise IllegalAction(f"{corp.name} may convert only once its destination is reached", "conversion")
        if not convert_corporation(self.game, corp):
            raise IllegalAction(f"{corp.name} has nothing to convert to", "conversion")
