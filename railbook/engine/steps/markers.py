"""Markers a corporation may buy in its turn (a ferry to an island, a permit...).

The title's ``operating_round.markers`` list them: cost (cheaper with a given
private), how many exist, how many one corporation may hold, the hex the
corporation's track must reach, and the hexes a marker opens (a city there
blocks every corporation without the marker).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action


def marker_label(marker: dict[str, Any]) -> str:
    return f"{marker['name'].replace('_', ' ').capitalize()} marker"


class SpecialBuyStep(Step):
    ACTIONS = ("special_buy",)

    def description(self) -> str:
        return "Special Buy"

    def blocks(self) -> bool:
        return False

    def markers(self) -> list[dict[str, Any]]:
        return self.game.t["operating_round"].get("markers") or []

    def cost(self, entity: Any, marker: dict[str, Any]) -> int:
        special = marker.get("cost_with_private")
        if special:
            company = self.game.company_by_id(special["private"])
            if company is not None and company.owner is entity:
                return special["cost"]
        return marker["cost"]

    def why_not(self, entity: Any, marker: dict[str, Any]) -> str | None:
        game = self.game
        if not entity.is_corporation() or entity is not game.current_operator():
            return f"only the operating corporation may buy a {marker_label(marker).lower()}"
        name = marker["name"]
        if game.markers.get(name, 0) >= marker.get("count", 10**6):
            return f"no {marker_label(marker).lower()} is left"
        held = sum(1 for m in entity.marker_list if m == name)
        if held >= marker.get("per_corporation", 10**6):
            return f"{entity.name} already has a {marker_label(marker).lower()}"
        if entity.cash < self.cost(entity, marker):
            return f"{entity.name} cannot afford a {marker_label(marker).lower()}"
        target = marker.get("needs_route_to")
        if target and game.hex_by_id(target) not in game.graph.reachable_hexes(entity):
            return f"{entity.name}'s track must reach {target} to buy a {marker_label(marker).lower()}"
        return None

    def actions(self, entity: Any) -> list[str]:
        if any(self.why_not(entity, m) is None for m in self.markers()):
            return ["special_buy"]
        return []

    def process_special_buy(self, action: "Action") -> None:
        entity = action.entity
        wanted = str(action.raw.get("description", "")).lower()
        marker = next((m for m in self.markers()
                       if wanted in (marker_label(m).lower(), m["name"].lower())), None)
        if marker is None:
            raise IllegalAction(f"there is nothing called {action.raw.get('description')!r} to buy", "special buy")
        reason = self.why_not(entity, marker)
        if reason is not None:
            raise (InsufficientFunds if "afford" in reason else IllegalAction)(reason, "special buy")
        cost = self.cost(entity, marker)
        if cost:
            entity.spend(cost, self.game.bank)
        self.game.markers[marker["name"]] = self.game.markers.get(marker["name"], 0) + 1
        entity.marker_list.append(marker["name"])
        entity.markers.add(marker["name"])
        self.game.log(f"{entity.name} buys a {marker_label(marker).lower()} for {self.game.format_money(cost)}")
        self.game.graph.clear()
