"""Home track laid in a stock round (``stock_round.home_track_on_float``): a corporation that floats there
lays the first tile on its home hex at once, by its president's hand: a free lay of a new tile (no upgrade),
in any rotation its home reaches; it may pass only when no tile fits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.steps.base import Step
from railbook.engine.steps.track import Tracker
from railbook.errors import IllegalAction
from railbook.title.model import TileLay

if TYPE_CHECKING:
    from railbook.engine.actions import Action

HOME_LAY = TileLay(lay=True, upgrade=False, cost=0, upgrade_cost=0)


class HomeTrackStep(Step, Tracker):
    ACTIONS = ("lay_tile", "pass")

    def description(self) -> str:
        corp = self.pending()
        return f"Lay home track for {corp.name}" if corp is not None else "Lay home track"

    def pending(self) -> Any:
        queue = self.round.pending_home_tracks
        return queue[0] if queue else None

    def active(self) -> bool:
        return self.pending() is not None

    def active_entities(self) -> list[Any]:
        corp = self.pending()
        return [corp] if corp is not None else []

    def home(self) -> Any:
        return self.game.hex_by_id(self.pending().coordinates[0])

    def get_tile_lay(self, entity: Any) -> TileLay | None:
        return HOME_LAY

    def actions(self, entity: Any) -> list[str]:
        if entity is None or entity is not self.pending():
            return []
        return ["lay_tile"] if self.home_lays(entity) else ["lay_tile", "pass"]

    def home_lays(self, entity: Any) -> list[LegalAction]:
        return self.legal_lays(entity, [self.home()],
                               lambda h, t, r, c: self.plan_lay(entity, entity, h, t, r, 0, c, foresee=True))

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if entity is None or entity is not self.pending():
            return []
        return self.home_lays(entity) or [simple("pass", entity)]

    def process_lay_tile(self, action: "Action") -> None:
        if action.hex is not self.home():
            raise IllegalAction(f"{action.entity.name} lays its home track on {self.home().id} only", "home track")
        self.round.num_laid_track = 0
        self.lay_tile_action(action)
        self.round.num_laid_track = 0
        self.round.upgraded_track = False
        self.round.laid_city = False
        self.round.pending_home_tracks.pop(0)

    def process_pass(self, action: "Action") -> None:
        if self.home_lays(action.entity):
            raise IllegalAction(f"{action.entity.name} must lay a tile on its home", "home track")
        self.log(f"{action.entity.name} passes laying home track")
        self.round.pending_home_tracks.pop(0)

    def skip(self) -> None:
        pass

    def pass_(self) -> None:
        pass
