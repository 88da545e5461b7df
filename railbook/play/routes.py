"""The route optimizer's routes for whoever runs trains now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.errors import ActionFormatError

if TYPE_CHECKING:
    from railbook.engine.game import Game


def best_routes_action(game: "Game") -> dict[str, Any]:
    """The operating corporation's ``run_routes`` with the optimizer's best routes."""
    from railbook.engine.routing import auto_routes_action

    best = auto_routes_action(game)
    if best is None:
        raise ActionFormatError("no corporation is to run trains now")
    return dict(best)


#: the most hexes a route built by hand may name (a strangers' request is read within bounds)
MAX_HEXES = 30


def plan_routes(game: "Game", wanted: Any) -> dict[str, Any]:
    """Routes a player builds by hand, train by train: each ``{"train": id, "hexes": [...]}`` the
    hexes the train runs through, in order, as clicked. Each is read on the board as the rules read
    a route (apart from the track of the trains before it); the answer gives each train's revenue
    (or why its hexes are no route yet) and, when every route is whole, the ``run_routes`` action
    that runs them, with its connections (nothing is taken on trust)."""
    from railbook.engine.routing import engine_revenues
    from railbook.engine.rules.recorded_routes import routes_from_hexes
    from railbook.errors import GameError

    entity = game.current_entity
    if entity is None or not entity.is_operator() or "run_routes" not in game.round.actions_for(entity):
        raise ActionFormatError("no corporation is to run trains now")
    if not isinstance(wanted, list):
        raise ActionFormatError('send {"routes": [{"train": ID, "hexes": [HEX, ...]}, ...]}')
    used: set[Any] = set()
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for spec in wanted:
        if not isinstance(spec, dict) or not isinstance(spec.get("hexes"), list) \
                or not all(isinstance(h, str) and len(h) < 16 for h in spec["hexes"]) or len(spec["hexes"]) > MAX_HEXES:
            raise ActionFormatError(f'a route is {{"train": ID, "hexes": [HEX, ...]}} (at most {MAX_HEXES} hexes)')
        train = game.train_by_id(str(spec.get("train")))
        if train is None or train.owner is not entity:
            raise ActionFormatError(f"{entity.name} has no train {spec.get('train')!r}")
        if train.id in seen:                 # a train runs once: as many routes as trains, no more
            raise ActionFormatError(f"train {train.id} is given two routes")
        seen.add(train.id)
        hexes = list(spec["hexes"])
        row: dict[str, Any] = {"train": train.id, "name": train.name, "hexes": hexes, "revenue": 0}
        if len(hexes) < 2:
            row["problem"] = "click the hexes the train runs through, from one stop to another"
            out.append(row)
            continue
        try:
            found = routes_from_hexes(game, train, entity, hexes, set() if train.definition.route_may_overlap else used)
        except GameError as exc:
            found, row["problem"] = [], exc.message
        if not found:
            row.setdefault("problem", f"no legal route of the {train.name} train runs {'-'.join(hexes)}")
        else:
            route, revenue = max(found, key=lambda f: f[1])
            row.update(revenue=revenue, connections=[list(c) for c in route.connection_hexes],
                       stops=list(route.hexes()))
            if not train.definition.route_may_overlap:
                used |= set(route.paths)
        out.append(row)
    whole = [r for r in out if "connections" in r]
    answer: dict[str, Any] = {"routes": out, "total": sum(r["revenue"] for r in whole), "action": None}
    if whole and len(whole) == len(out):
        action = {"type": "run_routes", "entity": entity.id, "entity_type": "minor" if entity.minor else "corporation",
                  "routes": [{"train": r["train"], "connections": r["connections"], "hexes": r["stops"]} for r in whole],
                  "extra_revenue": 0}
        try:
            revenues = engine_revenues(game, action)
        except GameError as exc:
            answer["problem"] = exc.message
            return answer
        for r, spec, revenue in zip(whole, action["routes"], revenues):
            r["revenue"] = spec["revenue"] = revenue
        answer["total"] = sum(revenues)
        answer["action"] = action
    return answer
