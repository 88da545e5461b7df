"""Perturbations: a listed legal action changed the way a careless or hostile player would change it.

A perturbation takes one field of a listed action and gives it another value: a number one
off, out of its listed range, negative, zero, huge or of the wrong kind; an id of another piece
of the same kind (another hex, tile, train, private, corporation, certificate), an unknown id,
or one of the wrong kind; a certificate named twice, dropped or added, a percent that is not
the certificates'; another entity acting, or another type of action; a field dropped, or one
added that no action has; and a field the action's type declares (railbook/engine/action_shapes.py)
given a value legal in form but not the listing's: an ``extra_revenue`` of $500, a ``created_at`` of
another day, an ``auto_action`` for another seat, a recorded ``subsidy`` or route revenue. Most perturbations are illegal and must be refused, leaving the game
exactly as it was; some are another legal action, and must be accepted (the listing says which).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.action_shapes import ROUTE, SHAPES, Kind
from railbook.engine.legal import LegalAction, is_move

if TYPE_CHECKING:
    from railbook.engine.game import Game

#: action types a perturbation may turn an action into (moves of the game, not chat or programs)
MOVE_TYPES = ("bid", "pass", "par", "buy_shares", "sell_shares", "buy_company", "sell_company", "lay_tile",
              "place_token", "run_routes", "dividend", "buy_train", "discard_train", "bankrupt", "assign",
              "choose", "take_loan", "payoff_loan", "convert", "buy_bonds", "sell_bonds", "special_buy",
              "destination_connection", "exchange_tokens")

#: values of the wrong kind, for any field
WRONG_KINDS: tuple[Any, ...] = ("", "x", -1, 0, 10 ** 20, 1.5, True, None, [], {}, "\x00", "1e3")

Perturbation = tuple[str, dict[str, Any]]


def ids(game: "Game") -> dict[str, list[Any]]:
    """The ids of every kind of piece an action may name, by the field that names it."""
    corporations = [c.id for c in game.all_corporations + game.minors]
    trains = sorted(game.depot.by_id)
    return {
        "company": [c.id for c in game.companies],
        "corporation": corporations,
        "minor": [m.id for m in game.minors] or corporations,
        "hex": [h.id for h in game.hexes],
        "tile": [t.id for t in game.all_tiles],
        "train": trains,
        "exchange": trains,
        "city": [s.id for h in game.hexes for s in h.tile.stops],
        "share_price": [c.id for row in game.stock_market.grid for c in row if c is not None],
        "shares": [s.id for c in game.all_corporations for s in c.shares_list],
        "kind": ["payout", "withhold", "half", "variable"],
    }


def _entities(game: "Game", kind: str) -> list[Any]:
    if kind == "player":
        return [p.id for p in game.players]
    if kind == "company":
        return [c.id for c in game.companies]
    return [c.id for c in game.all_corporations + game.minors]


def perturb(game: "Game", la: LegalAction, rng: random.Random) -> Perturbation:
    """One perturbation of a listed action, with a label saying what was changed."""
    makers: list[Callable[[], Perturbation | None]] = [
        lambda: _out_of_range(la, rng),
        lambda: _number_off(la, rng),
        lambda: _wrong_kind(la, rng),
        lambda: _other_id(game, la, rng),
        lambda: _unknown_id(la, rng),
        lambda: _shares(game, la, rng),
        lambda: _percent(la, rng),
        lambda: _other_entity(game, la, rng),
        lambda: _other_type(la, rng),
        lambda: _dropped_field(la, rng),
        lambda: _added_field(la, rng),
        lambda: _routes(game, la, rng),
        lambda: _declared_field(game, la, rng),
        lambda: _declared_field(game, la, rng),
    ]
    rng.shuffle(makers)
    for make in makers:
        found = make()
        if found is not None:
            return found
    return "unknown field", {**la.action, "perturbed": True}


def _fields(la: LegalAction) -> list[str]:
    return [k for k in la.action if k not in ("type", "entity", "entity_type")]


def _out_of_range(la: LegalAction, rng: random.Random) -> Perturbation | None:
    if not la.ranges:
        return None
    key = rng.choice(sorted(la.ranges))
    r = la.ranges[key]
    value = rng.choice([r.low - r.step, r.high + r.step, r.low + 1 if r.step > 1 else r.low - 1, -r.high])
    return f"{key} out of its range {r}", {**la.action, key: value}


def _number_off(la: LegalAction, rng: random.Random) -> Perturbation | None:
    numbers = [k for k in _fields(la) if isinstance(la.action[k], int) and not isinstance(la.action[k], bool)]
    if not numbers:
        return None
    key = rng.choice(numbers)
    v = la.action[key]
    value = rng.choice([v + 1, v - 1, -v, 0, v * 2, v + 10, -10])
    return f"{key} {v} -> {value}", {**la.action, key: value}


def _wrong_kind(la: LegalAction, rng: random.Random) -> Perturbation | None:
    fields = _fields(la)
    if not fields:
        return None
    key = rng.choice(fields)
    v = la.action[key]
    value = rng.choice([*WRONG_KINDS, str(v), [v], {"id": v}])
    return f"{key} as {type(value).__name__} {value!r:.30}", {**la.action, key: value}


def _other_id(game: "Game", la: LegalAction, rng: random.Random) -> Perturbation | None:
    known = ids(game)
    named = [k for k in _fields(la) if k in known and known[k] and not isinstance(la.action[k], list)]
    if not named:
        return None
    key = rng.choice(named)
    value = rng.choice(known[key])
    return f"another {key} ({value})", {**la.action, key: value}


def _unknown_id(la: LegalAction, rng: random.Random) -> Perturbation | None:
    named = [k for k in _fields(la) if isinstance(la.action[k], str)]
    if not named:
        return None
    key = rng.choice(named)
    value = rng.choice(["ZZ9", "../" + str(la.action[key]), str(la.action[key]) + "x", str(la.action[key]).lower()])
    return f"unknown {key} {value!r}", {**la.action, key: value}


def _shares(game: "Game", la: LegalAction, rng: random.Random) -> Perturbation | None:
    shares = la.action.get("shares")
    if not isinstance(shares, list) or not shares:
        return None
    every = ids(game)["shares"]
    choices = [
        ("a certificate named twice", shares + [shares[0]]),
        ("a certificate added", shares + [rng.choice(every)]),
        ("another certificate", [rng.choice(every)] + shares[1:]),
        ("no certificate", []),
    ]
    if len(shares) > 1:
        choices.append(("a certificate dropped", shares[:-1]))
    label, value = rng.choice(choices)
    return label, {**la.action, "shares": value}


def _percent(la: LegalAction, rng: random.Random) -> Perturbation | None:
    percent = la.action.get("percent")
    if not isinstance(percent, int):
        return None
    value = rng.choice([-percent, 0, percent * 2, percent + 5, percent - 10, 100])
    return f"percent {percent} -> {value}", {**la.action, "percent": value}


def _other_entity(game: "Game", la: LegalAction, rng: random.Random) -> Perturbation | None:
    kind = str(la.action.get("entity_type", "player"))
    if rng.random() < 0.3:
        other_kind = rng.choice([k for k in ("player", "company", "corporation", "minor") if k != kind])
        return f"entity_type {other_kind}", {**la.action, "entity_type": other_kind}
    others = [e for e in _entities(game, kind) if str(e) != str(la.action["entity"])]
    if not others:
        return None
    value = rng.choice(others)
    return f"another {kind} acting ({value})", {**la.action, "entity": value}


def _other_type(la: LegalAction, rng: random.Random) -> Perturbation | None:
    kind = rng.choice([t for t in MOVE_TYPES if t != la.type])
    return f"type {kind}", {**la.action, "type": kind}


def _dropped_field(la: LegalAction, rng: random.Random) -> Perturbation | None:
    fields = list(la.action)
    key = rng.choice([k for k in fields if k != "type"] or fields)
    return f"no {key}", {k: v for k, v in la.action.items() if k != key}


def _added_field(la: LegalAction, rng: random.Random) -> Perturbation | None:
    fields = _fields(la)
    key = rng.choice([f + "s" for f in fields] + ["pricee", "__class__", "percent", "price", "free"])
    if key in la.action:
        return None
    return f"added field {key}", {**la.action, key: rng.choice([1, "x", 100, None])}


def _routes(game: "Game", la: LegalAction, rng: random.Random) -> Perturbation | None:
    routes = la.action.get("routes")
    if not isinstance(routes, list) or not routes:
        return None
    trains = ids(game)["train"]
    first = dict(routes[0]) if isinstance(routes[0], dict) else {}
    choices = [
        ("a route run twice", routes + [routes[0]]),
        ("a route dropped", routes[1:]),
        ("another train", [{**first, "train": rng.choice(trains)}] + routes[1:]),
        ("a route's revenue stated", [{**first, "revenue": int(first.get("revenue") or 0) + 10}] + routes[1:]),
        ("a route's connections reversed", [{**first, "connections": list(reversed(first.get("connections") or []))}]
         + routes[1:]),
    ]
    label, value = rng.choice(choices)
    return label, {**la.action, "routes": value}


#: fields whose value is the action's own identity, perturbed elsewhere (another entity, type, id)
_IDENTITY = ("type", "entity", "entity_type", "id")


def form_values(game: "Game", kind: Kind, listed: Any, entity: Any) -> list[Any]:
    """Values a field of this kind may hold (its declared kind accepts them), other than the listed one:
    money and counts, ids of the game's pieces, true and false, lists of ids, another seat's action."""
    known = ids(game)
    pieces = [v for values in known.values() for v in values[:40]] + [p.id for p in game.players]
    pool: list[Any] = [0, 1, 2, 5, 10, 60, 500, 10 ** 9, -1, True, False, "ZZ9", "x", 1_600_000_000,
                       *pieces, [], *[[v] for v in pieces[:30]], [["A1", "B2"]],
                       [{"type": "pass", "entity": p.id, "entity_type": "player"} for p in game.players
                        if p.id != entity][:1]]
    return [v for v in pool if kind.check(v) and v != listed]


def _declared_field(game: "Game", la: LegalAction, rng: random.Random) -> Perturbation | None:
    """A field the action's type declares, given a value legal in form but not the listing's (the
    engine must work it out and compare, or refuse it: a forged field never pays)."""
    shape = SHAPES.get(la.type)
    if shape is None:
        return None
    action = dict(la.action)
    routes = action.get("routes")
    if isinstance(routes, list) and routes and isinstance(routes[0], dict) and rng.random() < 0.4:
        key = rng.choice(sorted(ROUTE.own))
        values = form_values(game, ROUTE.own[key], routes[0].get(key), action.get("entity"))
        if not values:
            return None
        value = rng.choice(values)
        return (f"route field {key} = {value!r:.40}",
                {**action, "routes": [{**routes[0], key: value}] + routes[1:]})
    fields = sorted(k for k in shape.fields() if k not in _IDENTITY)
    if not fields:
        return None
    key = rng.choice(fields)
    values = form_values(game, shape.fields()[key], action.get(key), action.get("entity"))
    if not values:
        return None
    value = rng.choice(values)
    return f"declared field {key} = {value!r:.40}", {**action, key: value}


def judged(kind: Any) -> bool:
    """Whether the listing says if an action of this kind is legal (chat and programs are not moves)."""
    return isinstance(kind, str) and is_move(kind) and kind != "end_game"
