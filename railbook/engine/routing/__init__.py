"""The exact route optimizer: the routes of a corporation's trains with the maximum total revenue.

``best_routes(game, corporation)`` answers with a route per train as a ``run_routes`` action
records it; ``auto_routes_action(game)`` is that action for whoever runs trains now. How it
finds them and why the answer is the best: :mod:`.search` (the branch and bound),
:mod:`.network` (the track as numbers), :mod:`.candidates` (one train's routes),
:mod:`.bounds` and :mod:`.bonus` (the upper bounds it prunes by).
"""

from railbook.engine.routing.result import BestRoutes, TrainRoute, auto_routes_action, best_routes, engine_revenues

__all__ = ["BestRoutes", "TrainRoute", "auto_routes_action", "best_routes", "engine_revenues"]
