"""The audit: every field of every action type is worked out by the engine, compared, or never read.

railbook/engine/action_shapes.py declares each action type's fields (SHAPES) and how each is held
(FIELD_CHECKS): resolved against the game and judged, compared with the rules' own value, stamped by
the engine, judged as an action of its own, replayed only, or never read. This audit walks every
declared field of every type and proves the declaration: a compared field that differs is refused;
a field never read changes nothing when forged (played in games of several titles, position by
position, the forged action reaches the very position the honest one does).
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from railbook.bots.perturb import form_values
from railbook.bots.selfplay import BOTS, controller
from railbook.engine.action_shapes import (COMPARED, FIELD_CHECKS, NOT_READ, ROUTE, SHAPES, STAMPED,
                                           field_check)
from railbook.engine.game import Game
from railbook.engine.legal import ANY
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import GameError
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay

TESTS = Path(__file__).parent
SCENARIO = json.loads((TESTS / "scenarios" / "1830_opening.json").read_text())
PLAYERS = [(p["id"], p["name"]) for p in SCENARIO["players"]]
OR2_NYC_ROUTES = 35
SR1_ANN_TO_ACT = 9
RUN = {"type": "run_routes", "entity": "NYC", "entity_type": "corporation",
       "routes": [{"train": "2-0", "connections": [["E19", "F20"]]}]}


def scenario_at(n: int) -> Game:
    game = Game(Title.load("1830"), PLAYERS, seed=1)
    for action in SCENARIO["actions"][:n]:
        game.process(action)
    return game


# ---------------------------------------------------------------- every field is declared

def test_every_field_of_every_action_type_says_how_it_is_held() -> None:
    untrusted = [f"{kind}.{name}" for kind, shape in SHAPES.items() for name in shape.fields()
                 if field_check(kind, name) is None]
    untrusted += [f"route.{name}" for name in ROUTE.own if field_check("route", name) is None]
    assert untrusted == [], "fields taken on trust"


def test_the_declarations_name_only_declared_fields() -> None:
    for kind, checks in FIELD_CHECKS.items():
        fields = (ROUTE.own if kind == "route" else {k: 1 for s in SHAPES.values() for k in s.fields()}
                  if kind == "*" else SHAPES[kind].fields())
        assert set(checks) <= set(fields), kind


# ---------------------------------------------------------------- compared: a value that differs is refused

def refused(game: Game, action: dict[str, Any], rule: str) -> None:
    before = json.dumps(digest(game, 0), sort_keys=True)
    with pytest.raises(GameError) as info:
        game.process(action)
    assert info.value.rule == rule, info.value.message
    assert json.dumps(digest(game, 0), sort_keys=True) == before


def _extra_revenue() -> None:
    refused(scenario_at(OR2_NYC_ROUTES), {**RUN, "extra_revenue": 500}, "extra revenue")


def _route_revenue() -> None:
    route = {**RUN["routes"][0], "revenue": 500}
    refused(scenario_at(OR2_NYC_ROUTES), {**RUN, "routes": [route]}, "route revenue")


def _route_hexes() -> None:
    route = {**RUN["routes"][0], "hexes": ["E19", "F18"]}
    refused(scenario_at(OR2_NYC_ROUTES), {**RUN, "routes": [route]}, "route hexes")


def _percent(kind: str) -> None:
    game = scenario_at(SR1_ANN_TO_ACT)
    refused(game, {"type": kind, "entity": 1, "entity_type": "player", "shares": ["PRR_2"], "percent": 30},
            "share percent")


def _special_buy_cost() -> None:
    data = json.loads(gzip.decompress((TESTS / "fixtures" / "reference_games" /
                                       "1894_paris_upgraded_from_afar.json.gz").read_bytes()))
    result = replay(eighteen_xx.from_dict(data, source="1894"), until=723)
    game = result.game
    assert game is not None
    corp = game.current_entity
    listed = [la for la in game.legal_actions(corp) if la.type == "special_buy"]
    assert listed
    honest = dict(listed[0].action)
    assert game.find_legal(honest) is not None
    assert game.find_legal({**honest, "cost": int(honest.get("cost") or 0) + 1}) is None


COMPARED_PROOFS = {
    ("run_routes", "extra_revenue"): _extra_revenue,
    ("route", "revenue"): _route_revenue,
    ("route", "hexes"): _route_hexes,
    ("buy_shares", "percent"): lambda: _percent("buy_shares"),
    ("sell_shares", "percent"): lambda: _percent("sell_shares"),
    ("special_buy", "cost"): _special_buy_cost,
}


def test_every_compared_field_has_a_proof() -> None:
    compared = {(kind, name) for kind, checks in FIELD_CHECKS.items() for name, how in checks.items()
                if how == COMPARED}
    assert compared == set(COMPARED_PROOFS)


@pytest.mark.parametrize("field", sorted(COMPARED_PROOFS), ids=[".".join(k) for k in sorted(COMPARED_PROOFS)])
def test_a_compared_field_that_differs_is_refused(field: tuple[str, str]) -> None:
    COMPARED_PROOFS[field]()


def test_stamped_fields_are_the_engines() -> None:
    stamped = {name for name, how in FIELD_CHECKS["*"].items() if how == STAMPED}
    assert stamped == {"id", "created_at"}
    game = scenario_at(SR1_ANN_TO_ACT)
    game.process({"type": "pass", "entity": 1, "entity_type": "player", "created_at": 5}, at=1_900_000_000)
    assert game.history[-1]["created_at"] == 1_900_000_000


# ---------------------------------------------------------------- never read: forging one changes nothing

def not_read(kind: str) -> list[str]:
    return sorted(name for name in SHAPES[kind].fields() if field_check(kind, name) == NOT_READ)


def forged(game: Game, action: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The action with every field the engine never reads given another value legal in form."""
    kind = str(action.get("type"))
    out = dict(action)
    changed = False
    for name in not_read(kind):
        values = form_values(game, SHAPES[kind].fields()[name], action.get(name), action.get("entity"))
        if values:
            out[name] = rng.choice(values)
            changed = True
    routes = out.get("routes")
    if isinstance(routes, list) and routes:
        route_fields = sorted(n for n in ROUTE.own if field_check("route", n) == NOT_READ)
        out["routes"] = [{**r, **{n: rng.choice(form_values(game, ROUTE.own[n], r.get(n), None))
                                  for n in route_fields}} for r in routes]
        changed = True
    return out if changed else None


@pytest.mark.parametrize("title", ["1830", "1846", "1889", "18MS", "1894", "1856", "18Chesapeake"])
def test_a_field_never_read_changes_nothing_when_forged(title: str) -> None:
    rng = random.Random(f"audit {title}")
    base = Title.load(title)
    players = base.rules.players.min + 1 if base.rules.players.min < base.rules.players.max else base.rules.players.min
    game = Game(base, [(i + 1, f"P{i + 1}") for i in range(players)], seed=3)
    bots = {p: BOTS["greedy" if i % 2 else "random"](i) for i, p in enumerate(game.players)}
    proven: set[str] = set()
    for _ in range(400):
        if game.finished:
            break
        legal = [la for la in game.legal_actions() if ANY not in la.open]
        legal = [la for la in legal if la.type != "bankrupt"] or legal
        if not legal:
            break
        action = bots[controller(game.current_entity)].choose(game, legal)
        fake = forged(game, action, rng)
        if fake is not None and (action["type"] not in proven or rng.random() < 0.2):
            honest, other = game.fork(), game.fork()
            honest.process(dict(action))
            other.process(fake)
            assert digest(other, 0) == digest(honest, 0), (action, fake)
            assert other.log_lines == honest.log_lines
            proven.add(str(action["type"]))
        game.process(action)
    assert proven   # some action of the title carried fields that are never read
