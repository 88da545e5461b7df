"""Markers a corporation may buy in its turn (a ferry to an island, a permit...).

The title's ``operating_round.markers`` list them: cost (cheaper with a given
private), how many exist, how many one corporation may hold, the hex the
corporation's track must reach, and the hexes a marker opens (a city there
blocks every corporation without the marker).

A marker may go with a private (``of_private``): the corporation that buys the
private holds one besides those counted; while a player holds the private none is
sold; the price goes to the corporation owning the private (the bank once it has
closed); a private that closes in a player's hands adds one to those for sale.
Markers with ``bonus_hexes`` add ``bonus`` to each route of their holders for each of
those hexes it stops in (:mod:`railbook.engine.mechanics.marker_bonuses`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, fixing
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds
from railbook.title.model import Marker

if TYPE_CHECKING:
    from railbook.engine.actions import Action


def marker_label(marker: Marker) -> str:
    return marker.label or f"{marker.name.replace('_', ' ').capitalize()} marker"


def marker_names(marker: Marker) -> tuple[str, ...]:
    """What a special buy may call a marker: its label (as 18xx.games records it) or its name."""
    return marker_label(marker).lower(), f"{marker.name.replace('_', ' ')} marker", marker.name.lower()


def grant_private_markers(game: Any, corporation: Any, company: Any) -> None:
    """A corporation buying a private holds the markers that go with it."""
    for marker in game.rules.operating_round.markers:
        if marker.of_private == company.sym and marker.name not in corporation.markers:
            corporation.marker_list.append(marker.name)
            corporation.markers.add(marker.name)
            game.log(f"{corporation.name} receives a {marker_label(marker).lower()} with {company.name}")


def markers_for_sale(game: Any, marker: Marker) -> int | None:
    """How many exist to be sold (None: no end); one more once its private closed in a player's hands."""
    if marker.count is None:
        return None
    extra = 0
    if marker.of_private is not None:
        company = game.company_by_id(marker.of_private)
        owner = getattr(company, "owner_when_closed", None) if company is not None and company.closed else None
        extra = 1 if owner is not None and owner.is_player() else 0
    return marker.count + extra


class SpecialBuyStep(Step):
    ACTIONS = ("special_buy",)

    def description(self) -> str:
        return "Special Buy"

    blocks = Step.never_blocks

    def markers(self) -> tuple[Marker, ...]:
        return self.game.rules.operating_round.markers

    def cost(self, entity: Any, marker: Marker) -> int:
        special = marker.cost_with_private
        if special is not None:
            company = self.game.company_by_id(special.private)
            if company is not None and company.owner is entity:
                return special.cost
        return marker.cost

    def why_not(self, entity: Any, marker: Marker) -> str | None:
        game = self.game
        if not entity.is_corporation() or entity is not game.current_operator():
            return f"only the operating corporation may buy a {marker_label(marker).lower()}"
        name = marker.name
        private = game.company_by_id(marker.of_private) if marker.of_private is not None else None
        if private is not None and not private.closed and private.owner is not None and private.owner.is_player():
            return f"no {marker_label(marker).lower()} is sold while a player holds {private.name}"
        left = markers_for_sale(game, marker)
        if left is not None and game.markers.get(name, 0) >= left:
            return f"no {marker_label(marker).lower()} is left"
        held = sum(1 for m in entity.marker_list if m == name)
        if marker.per_corporation is not None and held >= marker.per_corporation:
            return f"{entity.name} already has a {marker_label(marker).lower()}"
        if entity.cash < self.cost(entity, marker):
            return f"{entity.name} cannot afford a {marker_label(marker).lower()}"
        target = marker.needs_route_to
        if target and game.hex_by_id(target) not in game.graph.reachable_hexes(entity):
            return f"{entity.name}'s track must reach {target} to buy a {marker_label(marker).lower()}"
        return None

    def actions(self, entity: Any) -> list[str]:
        if any(self.why_not(entity, m) is None for m in self.markers()):
            return ["special_buy"]
        return []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Each marker the corporation may buy now, named by its label or by its name, at its cost
        (which an action may leave out, as it may record it)."""
        return [fixing("special_buy", entity, {"cost": self.cost(entity, m)}, description=name)
                for m in self.markers() if self.why_not(entity, m) is None
                for name in {n.lower(): n for n in (marker_label(m), m.name)}.values()]

    def process_special_buy(self, action: "Action") -> None:
        entity = action.entity
        wanted = str(action.raw.get("description", "")).strip().lower()
        marker = next((m for m in self.markers() if wanted in marker_names(m)), None)
        if marker is None:
            raise IllegalAction(f"there is nothing called {action.raw.get('description')!r} to buy", "special buy")
        reason = self.why_not(entity, marker)
        if reason is not None:
            raise (InsufficientFunds if "afford" in reason else IllegalAction)(reason, "special buy")
        cost = self.cost(entity, marker)
        private = self.game.company_by_id(marker.of_private) if marker.of_private is not None else None
        seller = private.owner if private is not None and not private.closed and private.owner is not None \
            else self.game.bank
        recorded = action.raw.get("cost")
        if recorded is not None and recorded != cost:
            raise IllegalAction(f"a {marker_label(marker).lower()} costs {entity.name} "
                                f"{self.game.format_money(cost)}, not {self.game.format_money(recorded)}", "special buy")
        if cost:
            entity.spend(cost, seller)
        self.game.markers[marker.name] = self.game.markers.get(marker.name, 0) + 1
        entity.marker_list.append(marker.name)
        entity.markers.add(marker.name)
        self.game.log(f"{entity.name} buys a {marker_label(marker).lower()} for {self.game.format_money(cost)}")
        self.game.graph.clear()
