"""Revenue a log states without routes.

Some recorded games (Rails reports) give each operating turn's revenue as an
amount and never the routes. A game created with ``trust_stated_revenue``
accepts ``run_routes`` with no routes and a ``stated_revenue``: the engine
cannot check those routes, so it takes the amount on trust, says so in the
game log, and counts how often it did (the mechanic's ``trusted``). Everything
after the run (interest, dividends, price moves) is the engine's own.
A game created without that flag refuses such an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.mechanics.base import Mechanic, find
from railbook.engine.mechanics.compose import mix_into
from railbook.engine.steps.routes import RouteStep
from railbook.errors import IllegalAction, RouteError

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


class StatedRevenue(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return game.trust_stated_revenue

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.trusted = 0  # how many revenues were taken on trust

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return mix_into(steps, RouteStep, StatedRouteStep)


class StatedRouteStep:
    """A route step that also takes a stated revenue (mixed in front of the title's route step)."""

    #: the route step's listing holds: its routes and revenue are open fields, judged when run
    LISTING_HOLDS = True

    game: Any
    round: Any

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not entity.is_operator():  # type: ignore[attr-defined]
            return []
        # the engine cannot know the routes a log did not record: a corporation with trains may run
        return ["run_routes"] if entity.runnable_trains() else []

    def process_run_routes(self, action: "Action") -> None:
        if action.stated_revenue is None:
            super().process_run_routes(action)  # type: ignore[misc]
            return
        game = self.game
        entity = action.entity
        if not game.trust_stated_revenue:
            raise IllegalAction("this game checks routes: a revenue without routes is accepted only for logs "
                                "that record none", "routes")
        revenue = action.stated_revenue
        if revenue < 0:
            raise RouteError(f"a revenue cannot be negative ({revenue})", "routes")
        if revenue > 0 and not entity.runnable_trains():
            raise RouteError(f"{entity.name} has no train to run", "routes")
        mechanic = find(game, StatedRevenue)
        if mechanic is not None:
            mechanic.trusted += 1
        game.log(f"{entity.name} runs its trains for {game.format_money(revenue)} "
                 "(revenue stated by the log; routes not recorded, not checked)")
        self.round.routes = []
        self.round.route_revenues = [revenue]
        self.round.extra_revenue = 0
        self.pass_()  # type: ignore[attr-defined]
