"""Route bonuses of markers (``operating_round.markers`` with ``bonus_hexes``).

Each route of a corporation holding such a marker earns the marker's ``bonus`` for each of
its ``bonus_hexes`` the route stops in (each hex once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.mechanics.base import Mechanic

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class MarkerBonuses(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(m.bonus_hexes and m.bonus for m in game.rules.operating_round.markers)

    def held(self, corporation: Any) -> list[Any]:
        names = getattr(corporation, "markers", ())
        return [m for m in self.game.rules.operating_round.markers if m.name in names and m.bonus_hexes]

    def route_bonus(self, corporation: Any, stops: list[Any]) -> int:
        hexes = {s.tile.hex.id for s in stops if s.tile.hex is not None}
        return sum(m.bonus * len(hexes & set(m.bonus_hexes)) for m in self.held(corporation))

    def route_bonus_bound(self, corporation: Any) -> int | None:
        return sum(m.bonus * len(m.bonus_hexes) for m in self.held(corporation))
