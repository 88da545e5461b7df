"""Escrow capitalization and destinations (title ``capitalization: escrow``).

A corporation parred while the game's capitalization is ``escrow`` is paid for each of
its certificates sold while it still holds more than half of itself; what the others
bring goes to the bank, held in escrow for it. When track joins its home hex to its
``destination`` (any track: nobody's stations block a connection), it receives what is
in escrow and is paid for its certificates from then on (incremental). A corporation not
yet parred may reach its destination too: it is then parred incremental.

The check follows each operating turn's track (the ``destination_connection`` action, which
names every corporation that has just reached its destination; 18xx.games records it as an
automatic action). Rule hooks change how corporations parred later are capitalized
(``set_capitalization``): ``incremental`` or ``full``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, find, insert_before
from railbook.engine.steps.base import Step
from railbook.engine.steps.token import TokenStep
from railbook.errors import IllegalAction
from railbook.hexgrid import invert

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def hexes_connected(game: "GameState", start_id: str, goal_id: str) -> bool:
    """Track leads from a city of the start hex into the goal hex (through any stop but the start
    hex's other cities; offboards end track)."""
    start = game.hex_by_id(start_id)
    if start is None:
        return False
    for first in start.tile.cities:
        others = {c for c in start.tile.cities if c is not first}
        seen: set[Any] = set()
        stack: list[Any] = list(first.paths)
        while stack:
            path = stack.pop()
            if path in seen:
                continue
            seen.add(path)
            hex_ = path.tile.hex
            if hex_ is not None and hex_.id == goal_id:
                return True
            for node in path.nodes:
                if node is first or node in others or (node.is_offboard() and len(seen) > 1):
                    continue
                stack.extend(p for p in node.paths if p not in seen)
            for edge in path.edges:
                neighbor = hex_.neighbors.get(edge) if hex_ is not None else None
                if neighbor is not None:
                    stack.extend(p for p in neighbor.tile.paths_at(invert(edge)) if p not in seen)
    return False


class Escrow(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return game.rules.capitalization == "escrow"

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return insert_before(steps, TokenStep, DestinationStep)

    def escrow_type(self, corp: Any) -> bool:
        """It may still reach its destination for its escrow: it is parred escrow, or not parred while
        new corporations are."""
        if not corp.definition.destination or corp.id in self.game.destinated or corp.closed:
            return False
        if corp.ipoed:
            return bool(corp.capitalization == "escrow")
        return bool(self.game.capitalization_now == "escrow")

    def connected(self, corp: Any) -> bool:
        return self.escrow_type(corp) and any(hexes_connected(self.game, home, corp.definition.destination)
                                              for home in corp.coordinates)

    def destinate(self, corp: Any) -> None:
        game = self.game
        game.log(f"-- {corp.name} has reached its destination --")
        game.destinated.add(corp.id)
        held = game.escrow_held.pop(corp.id, 0)
        if held > 0:
            game.bank.spend(held, corp)
            game.log(f"{game.format_money(held)} is released from escrow to {corp.name}")
        if corp.capitalization == "escrow":
            corp.capitalization = "incremental"


def escrow(game: "GameState") -> Escrow:
    found = find(game, Escrow)
    if found is None:  # pragma: no cover - only escrow titles have the step
        raise IllegalAction("this title has no escrow", "escrow")
    return found


class DestinationStep(Step):
    """After its track, the operating corporation declares every corporation that has reached its
    destination (none, often)."""

    type_name = "destinations"
    ACTIONS = ("destination_connection",)

    def description(self) -> str:
        return "Destinations reached"

    def actions(self, entity: Any) -> list[str]:
        return ["destination_connection"] if entity is self.current_entity() and entity.is_corporation() else []

    def reached(self) -> list[Any]:
        mech = escrow(self.game)
        return [c for c in self.game.corporations if mech.connected(c)]

    def auto_actions(self, entity: Any) -> list[dict[str, Any]]:
        return [dict(simple("destination_connection", entity, corporations=[c.id for c in self.reached()]).action)]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        return [simple("destination_connection", entity, corporations=[c.id for c in self.reached()])]

    def process_destination_connection(self, action: "Action") -> None:
        mech = escrow(self.game)
        reached = self.reached()
        if set(action.targets) != set(reached):
            raise IllegalAction("the corporations at their destinations are "
                                f"{', '.join(c.name for c in reached) or 'none'}", "destination")
        for corp in reached:
            mech.destinate(corp)
        self.pass_()
