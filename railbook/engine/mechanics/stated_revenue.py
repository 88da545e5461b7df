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

from railbook.engine.mechanics.base import Mechanic
from railbook.engine.points import Handler, Point
from railbook.engine.steps.routes import RUN_INSTEAD, RUNS_UNCHECKED, RouteStep
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

    def handlers(self) -> list[tuple[Point, Handler]]:
        return [(RUNS_UNCHECKED, self.routes_unrecorded), (RUN_INSTEAD, self.run_stated)]

    def routes_unrecorded(self, step: RouteStep, entity: Any) -> bool:
        """The log records no routes: a corporation with trains may run (the engine cannot know where)."""
        return True

    def run_stated(self, step: RouteStep, action: "Action") -> bool:
        """A revenue the log states is taken on trust, logged and counted (a run with routes is checked)."""
        if action.stated_revenue is None:
            return False
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
        self.trusted += 1
        game.log(f"{entity.name} runs its trains for {game.format_money(revenue)} "
                 "(revenue stated by the log; routes not recorded, not checked)")
        step.round.routes = []
        step.round.route_revenues = [revenue]
        step.round.extra_revenue = 0
        step.pass_()
        return True
