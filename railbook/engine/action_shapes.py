"""The declared shape of every action: its fields, their types and ranges, checked before the rules.

An action arrives as a JSON object in 18xx.games' shape. Before anything resolves its ids or a
step judges it, :func:`check_shape` holds it to its type's declaration: the fields it must
have, the fields it may have (those 18xx.games records for that type, and those railbook itself
writes), and for each its kind of value and range. A misspelled or unknown field is refused by
name, with the closest known field suggested; a field 18xx.games knows but railbook does not
play is refused saying so, never silently ignored.

Values are never coerced: ``"165"`` is not a price, ``7`` is not a rotation, ``true`` is not a
number. Values the rules fix (a bundle's percent, a route's revenue) may be recorded by a log;
they are checked against the engine's own value where the action is resolved and played
(:mod:`railbook.engine.actions`, the steps), never taken from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from railbook.errors import ActionFormatError

#: the largest whole number an action may carry (JSON's exact integers); money and counts are far below
MAX_INT = 2 ** 53
#: money an action may name (a price, an amount): generous for any 18xx title, small enough to be safe
MAX_MONEY = 10 ** 9
MAX_ID_LENGTH = 200
MAX_TEXT_LENGTH = 10_000
#: how deeply free-form values (a program's options, a disable reason) may nest
MAX_FREE_DEPTH = 8


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True)
class Kind:
    """What a field may hold: ``check`` says whether a value fits; ``problem`` what is wrong with
    one that does not (``explain``, where given, says it more precisely than the description)."""

    describe: str
    check: Callable[[Any], bool]
    explain: Callable[[Any], str | None] | None = None

    def problem(self, value: Any) -> str | None:
        if self.check(value):
            return None
        return self.fault(value)

    def fault(self, value: Any) -> str:
        """What is wrong with a value that does not fit."""
        found = self.explain(value) if self.explain is not None else None
        return found or f"must be {self.describe}, not {_show(value)}"


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def integer(low: int = -MAX_INT, high: int = MAX_INT, what: str | None = None) -> Kind:
    describe = what or f"a whole number from {low} to {high}"

    def check(v: Any) -> bool:   # every action's ids and amounts: a plain int asked first
        if v.__class__ is int or (isinstance(v, int) and not isinstance(v, bool)):
            return low <= v <= high
        return False

    return Kind(describe, check)


def number(low: float = -MAX_INT, high: float = MAX_INT) -> Kind:
    return Kind(f"a number from {low} to {high}",
                lambda v: (_is_int(v) or isinstance(v, float)) and low <= v <= high)


def text(max_length: int = MAX_ID_LENGTH, what: str = "text") -> Kind:
    def check(v: Any) -> bool:
        return isinstance(v, str) and len(v) <= max_length and "\x00" not in v

    return Kind(f"{what} (at most {max_length} characters)", check)


def one_of(*choices: str) -> Kind:
    return Kind("one of " + ", ".join(repr(c) for c in choices), lambda v: v in choices and isinstance(v, str))


def either(*kinds: Kind) -> Kind:
    checks = tuple(k.check for k in kinds)

    def check(v: Any) -> bool:
        for c in checks:
            if c(v):
                return True
        return False

    return Kind(" or ".join(k.describe for k in kinds), check)


def list_of(item: Kind, min_items: int = 0, max_items: int = 1000, unique: bool = False) -> Kind:
    what = f"a list of {min_items}-{max_items} items, each {item.describe}" + (", none repeated" if unique else "")

    item_check = item.check

    def check(v: Any) -> bool:   # a loop, not a generator: a route's connections are lists of lists
        if not isinstance(v, list) or not min_items <= len(v) <= max_items:
            return False
        for x in v:
            if not item_check(x):
                return False
        return not unique or len({repr(x) for x in v}) == len(v)

    def explain(v: Any) -> str | None:
        if isinstance(v, list) and unique and all(item.check(x) for x in v):
            seen: set[str] = set()
            for x in v:
                if repr(x) in seen:
                    return f"names {_show(x)} twice"
                seen.add(repr(x))
        return None

    return Kind(what, check, explain)


BOOL = Kind("true or false", lambda v: isinstance(v, bool))
NULL = Kind("null", lambda v: v is None)
ID = either(integer(0, MAX_INT, "a whole number id"), text(what="an id"))
SYMBOL = text(what="an id")
MONEY = integer(0, MAX_MONEY, f"a whole amount of money from 0 to {MAX_MONEY}")
SIGNED_MONEY = integer(-MAX_MONEY, MAX_MONEY, f"a whole amount of money from {-MAX_MONEY} to {MAX_MONEY}")
COUNT = integer(0, 10_000, "a whole number from 0 to 10000")
TIMESTAMP = number(0, MAX_INT)
PERCENT = integer(1, 100, "a whole percent from 1 to 100")
ROTATION = integer(0, 5, "a rotation from 0 to 5")
ENTITY_TYPE = one_of("player", "company", "corporation", "minor")
OBJECT = Kind("a JSON object", lambda v: isinstance(v, dict))


def _free(v: Any, depth: int = 0) -> bool:
    """JSON of bounded depth and size (what a program's options record; the engine does not read it)."""
    if depth > MAX_FREE_DEPTH:
        return False
    if isinstance(v, dict):
        return len(v) <= 1000 and all(isinstance(k, str) and _free(x, depth + 1) for k, x in v.items())
    if isinstance(v, list):
        return len(v) <= 1000 and all(_free(x, depth + 1) for x in v)
    if isinstance(v, str):
        return len(v) <= MAX_TEXT_LENGTH
    return v is None or isinstance(v, bool) or _is_int(v) and abs(v) <= MAX_INT or isinstance(v, float)


FREE = Kind(f"plain JSON nested at most {MAX_FREE_DEPTH} deep", _free)


@dataclass(frozen=True)
class Shape:
    """One action type: its required and optional fields; ``unsupported`` are fields 18xx.games
    records for this type that railbook does not play (refused by name rather than ignored)."""

    required: dict[str, Kind]
    optional: dict[str, Kind]
    unsupported: tuple[str, ...] = ()
    #: its own fields, and those with the common ones (every action is held to its shape: joined once)
    own: dict[str, Kind] = field(init=False, repr=False, compare=False)
    all: dict[str, Kind] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "own", {**self.required, **self.optional})
        object.__setattr__(self, "all", {**COMMON, **self.required, **self.optional})

    def fields(self) -> dict[str, Kind]:
        return self.all


#: what every action may carry: who acts, its number, and what 18xx.games records about it
COMMON: dict[str, Kind] = {
    "type": text(what="an action type"),
    "entity": ID,
    "entity_type": ENTITY_TYPE,
    "id": integer(0, MAX_INT, "a whole number id"),
    "original_id": either(number(0, MAX_INT), NULL),
    "created_at": TIMESTAMP,
    "user": ID,
    "skip": BOOL,
    "auto_actions": list_of(OBJECT, max_items=100),
}

ROUTE = Shape(
    required={"train": SYMBOL},
    optional={
        "connections": list_of(list_of(SYMBOL, max_items=100), max_items=200),
        # what 18xx.games records of the route it ran; the engine rebuilds the route from its connections
        "hexes": list_of(SYMBOL, max_items=500),
        "nodes": list_of(SYMBOL, max_items=500),
        "revenue": MONEY,
        "revenue_str": text(MAX_TEXT_LENGTH),
        "subsidy": MONEY,
        "halts": COUNT,
    },
    unsupported=("abilities",),
)

_TILE = {"tile": SYMBOL, "hex": SYMBOL, "rotation": ROTATION}
_PROGRAM = {"unconditional": BOOL, "indefinite": BOOL, "auto_pass_after": BOOL}

SHAPES: dict[str, Shape] = {
    "bid": Shape({"price": MONEY}, {"company": SYMBOL, "corporation": SYMBOL, "minor": SYMBOL}),
    "pass": Shape({}, {}),
    "par": Shape({"corporation": SYMBOL, "share_price": SYMBOL}, {},
                 unsupported=("slot", "purchase_for", "purchase_for_type", "borrow_from", "borrow_from_type")),
    "buy_shares": Shape({"shares": list_of(SYMBOL, 1, 100, unique=True)},
                        {"percent": PERCENT, "share_price": either(MONEY, Kind("false", lambda v: v is False))},
                        unsupported=("swap", "purchase_for", "purchase_for_type", "borrow_from",
                                     "borrow_from_type", "total_price", "discounter")),
    "sell_shares": Shape({"shares": list_of(SYMBOL, 1, 100, unique=True)},
                         {"percent": PERCENT, "share_price": MONEY}, unsupported=("swap",)),
    "buy_company": Shape({"company": SYMBOL, "price": MONEY}, {}),
    "sell_company": Shape({"company": SYMBOL}, {"price": MONEY}),
    "lay_tile": Shape(dict(_TILE), {"consent": BOOL}, unsupported=("combo_entities",)),
    "place_token": Shape({"city": SYMBOL}, {"slot": integer(0, 100), "tokener": SYMBOL, "token_type": SYMBOL,
                                            "token": integer(0, 1000), "corporation": SYMBOL},
                         unsupported=("cost",)),
    "run_routes": Shape({"routes": list_of(OBJECT, max_items=50)},
                        {"extra_revenue": MONEY, "subsidy": MONEY, "stated_revenue": MONEY}),
    "dividend": Shape({"kind": text(what="a dividend kind")}, {}, unsupported=("amount",)),
    "buy_train": Shape({"train": SYMBOL, "price": MONEY}, {"variant": SYMBOL, "exchange": SYMBOL},
                       unsupported=("shell", "slots", "extra_due", "warranties")),
    "discard_train": Shape({"train": SYMBOL}, {}),
    "bankrupt": Shape({}, {}),
    "message": Shape({}, {"message": text(MAX_TEXT_LENGTH)}),
    "log": Shape({}, {"message": text(MAX_TEXT_LENGTH)}),
    "assign": Shape({}, {"target": SYMBOL, "target_type": one_of("hex", "corporation", "minor", "company", "player"),
                         "corporation": SYMBOL}, unsupported=("city",)),
    "payoff_loan": Shape({}, {"loan": COUNT}),
    "take_loan": Shape({}, {"loan": COUNT}),
    "convert": Shape({}, {}),
    "destination_connection": Shape({"corporations": list_of(SYMBOL, 0, 100)}, {}),
    "exchange_tokens": Shape({}, {"cities": list_of(SYMBOL, max_items=100)}),
    "buy_bonds": Shape({"corporation": SYMBOL}, {"count": integer(1, 1000), "from": either(ID, NULL)}),
    "sell_bonds": Shape({"corporation": SYMBOL}, {"count": integer(1, 1000), "from": either(ID, NULL)}),
    "map_correction": Shape(dict(_TILE), {"consent": BOOL}),
    "token_correction": Shape({"city": SYMBOL}, {"slot": integer(0, 100)}),
    "cash_correction": Shape({"target": ID, "amount": SIGNED_MONEY}, {"target_type": ENTITY_TYPE}),
    "end_game": Shape({}, {}),
    "choose": Shape({"choice": either(integer(-MAX_INT, MAX_INT), text(MAX_TEXT_LENGTH))}, {}),
    "special_buy": Shape({"description": text(MAX_TEXT_LENGTH)}, {"cost": MONEY}),
    "program_buy_shares": Shape({"corporation": SYMBOL},
                                {"until_condition": either(COUNT, text()), "from_market": BOOL, **_PROGRAM}),
    "program_share_pass": Shape({}, dict(_PROGRAM)),
    "program_auction_bid": Shape({}, {"bid_target": SYMBOL, "enable_maximum_bid": BOOL, "maximum_bid": MONEY,
                                      "enable_buy_price": BOOL, "buy_price": MONEY, **_PROGRAM}),
    "program_disable": Shape({}, {"reason": FREE, "original_type": text()}),
    "program_merger_pass": Shape({}, {"corporations_by_round": FREE, "corporations": FREE, "rounds": FREE,
                                      "options": FREE, **_PROGRAM}),
    "program_independent_mines": Shape({}, {"skip_track": BOOL, "skip_buy": BOOL, "skip_close": BOOL, **_PROGRAM}),
    "program_close_pass": Shape({}, dict(_PROGRAM)),
    "program_harzbahn_draft_pass": Shape({}, {"until_premium": MONEY, **_PROGRAM}),
    # what an 18xx.games log records but no step plays: undo and redo are resolved when the log is
    # read; the others belong to titles railbook does not play yet (their steps refuse them by type)
    "undo": Shape({}, {"action_id": integer(0, MAX_INT, "a whole number id")}),
    "redo": Shape({}, {}),
    "merge": Shape({}, {"corporation": SYMBOL}, unsupported=("minor",)),
    "short": Shape({"corporation": SYMBOL}, {}),
    "remove_token": Shape({"city": SYMBOL}, {"slot": integer(0, 100)}),
}


def _refuse(message: str) -> ActionFormatError:
    return ActionFormatError(message)


def _fits(d: dict[str, Any], allowed: dict[str, Kind], required: dict[str, Kind]) -> bool:
    """Whether the action plainly fits its shape: every field known, every value of its kind, the
    required ones there. One pass, no message made: what every recorded action is; the one that
    does not fit is judged again by :func:`_check_fields`, which names what is wrong."""
    for key, value in d.items():
        kind = allowed.get(key)
        if kind is None:
            return False
        if value is None:
            if key in required or key == "original_id":
                return False
            continue
        if not kind.check(value):
            return False
    for key in required:
        if d.get(key) is None:
            return False
    return True


def _close_matches(word: str, choices: list[str]) -> list[str]:
    """The choice closest to a misspelt word, if any is close: only a refused action asks, so
    ``difflib`` loads then, not at every start."""
    import difflib

    return difflib.get_close_matches(word, choices, n=1)


def _check_fields(what: str, d: dict[str, Any], shape: Shape, common: bool = True) -> None:
    allowed: dict[str, Kind] = shape.all if common else shape.own
    unknown = d.keys() - allowed.keys()
    for key in d if unknown else ():   # named in the action's order
        if key in allowed:
            continue
        if not isinstance(key, str):
            raise _refuse(f"{what} has a field named {_show(key)}: field names are text")
        if key in shape.unsupported:
            raise _refuse(f"{what}: railbook does not play the field {key!r} (18xx.games records it for some "
                          f"titles, but none railbook has)")
        close = _close_matches(key, list(allowed))
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise _refuse(f"{what} has no field {key!r}{hint}; its fields are {', '.join(sorted(allowed))}")
    for key in shape.required:
        if d.get(key) is None:
            raise _refuse(f"{what} needs {key!r} ({shape.required[key].describe})")
    for key, value in d.items():
        if value is None and key not in shape.required and key != "original_id":
            continue  # an optional field left empty, as 18xx.games writes some
        kind = allowed[key]
        if not kind.check(value):
            raise _refuse(f"{what}: {key!r} {kind.fault(value)}")


def _what(kind: str) -> str:
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind!r} action"


def check_shape(d: Any) -> None:
    """Raise ActionFormatError naming the field unless ``d`` is a well-formed action of a known type."""
    if not isinstance(d, dict):
        raise _refuse(f"an action is a JSON object, not {_show(d)}")
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        close = _close_matches(kind, list(SHAPES)) if isinstance(kind, str) else []
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise _refuse(f"unknown action type {_show(kind)}{hint}")
    shape = SHAPES[kind]
    if not _fits(d, shape.all, shape.required):
        _check_fields(_what(kind), d, shape)
    if kind == "run_routes":
        for i, route in enumerate(d["routes"]):
            if not _fits(route, ROUTE.own, ROUTE.required):
                _check_fields(f"{_what(kind)}'s route {i + 1}", route, ROUTE, common=False)
    for sub in d.get("auto_actions") or []:
        check_shape(sub)
        if sub.get("auto_actions"):   # only the top action's are played: a nested one would be ignored
            raise _refuse(f"{_what(kind)}'s auto action {sub['type']!r} carries auto actions of its own: "
                          "only an action's own auto actions are played")


# ---------------------------------------------------------------- how each field is held

#: an id or a choice, resolved against the game and judged by the rules as the action is played
RESOLVED = "resolved"
#: a value the rules fix: the engine works out its own, and a recorded one that differs is refused
COMPARED = "compared"
#: the engine's own: the log numbers an action (``id``); the engine stamps a new action's time
STAMPED = "stamped"
#: each auto action is an action of its own, of the sender's own seat, judged as it runs
JUDGED_EACH = "judged each"
#: what 18xx.games records for its own display or its own auto-play: the engine never reads it, so a
#: forged one changes nothing (tests/test_trust_audit.py plays it to prove so)
NOT_READ = "not read"
#: accepted only while replaying logs that record no routes (``trust_stated_revenue``); refused in play
REPLAY_ONLY = "replay only"

_PROGRAM_NOTE = {k: NOT_READ for k in ("unconditional", "indefinite", "auto_pass_after")}

#: how every field of every action type is held: the audit (tests/test_trust_audit.py) walks
#: :data:`SHAPES` and finds each field here. A field no entry covers is a field taken on trust.
FIELD_CHECKS: dict[str, dict[str, str]] = {
    "*": {"type": RESOLVED, "entity": RESOLVED, "entity_type": RESOLVED, "id": STAMPED, "created_at": STAMPED,
          "auto_actions": JUDGED_EACH, "original_id": NOT_READ, "user": NOT_READ, "skip": NOT_READ},
    "route": {"train": RESOLVED, "connections": RESOLVED, "halts": RESOLVED, "hexes": COMPARED,
              "revenue": COMPARED, "nodes": NOT_READ, "revenue_str": NOT_READ, "subsidy": NOT_READ},
    "bid": {"price": RESOLVED, "company": RESOLVED, "corporation": RESOLVED, "minor": RESOLVED},
    "pass": {},
    "par": {"corporation": RESOLVED, "share_price": RESOLVED},
    "buy_shares": {"shares": RESOLVED, "percent": COMPARED, "share_price": NOT_READ},
    "sell_shares": {"shares": RESOLVED, "percent": COMPARED, "share_price": NOT_READ},
    "buy_company": {"company": RESOLVED, "price": RESOLVED},
    "sell_company": {"company": RESOLVED, "price": RESOLVED},
    "lay_tile": {"tile": RESOLVED, "hex": RESOLVED, "rotation": RESOLVED, "consent": RESOLVED},
    "place_token": {"city": RESOLVED, "slot": RESOLVED, "token_type": RESOLVED, "tokener": NOT_READ,
                    "token": NOT_READ, "corporation": NOT_READ},
    "run_routes": {"routes": RESOLVED, "extra_revenue": COMPARED, "subsidy": NOT_READ, "stated_revenue": REPLAY_ONLY},
    "dividend": {"kind": RESOLVED},
    "buy_train": {"train": RESOLVED, "price": RESOLVED, "variant": RESOLVED, "exchange": RESOLVED},
    "discard_train": {"train": RESOLVED},
    "bankrupt": {},
    "message": {"message": NOT_READ},
    "log": {"message": NOT_READ},
    "assign": {"target": RESOLVED, "target_type": RESOLVED, "corporation": RESOLVED},
    "payoff_loan": {"loan": NOT_READ},
    "take_loan": {"loan": NOT_READ},
    "convert": {},
    "destination_connection": {"corporations": RESOLVED},
    "exchange_tokens": {"cities": RESOLVED},
    "buy_bonds": {"corporation": RESOLVED, "count": RESOLVED, "from": RESOLVED},
    "sell_bonds": {"corporation": RESOLVED, "count": RESOLVED, "from": RESOLVED},
    "map_correction": {"tile": RESOLVED, "hex": RESOLVED, "rotation": RESOLVED, "consent": RESOLVED},
    "token_correction": {"city": RESOLVED, "slot": RESOLVED},
    "cash_correction": {"target": RESOLVED, "amount": RESOLVED, "target_type": RESOLVED},
    "end_game": {},
    "choose": {"choice": RESOLVED},
    "special_buy": {"description": RESOLVED, "cost": COMPARED},
    "program_buy_shares": {"corporation": NOT_READ, "until_condition": NOT_READ, "from_market": NOT_READ,
                           **_PROGRAM_NOTE},
    "program_share_pass": dict(_PROGRAM_NOTE),
    "program_auction_bid": {"bid_target": NOT_READ, "enable_maximum_bid": NOT_READ, "maximum_bid": NOT_READ,
                            "enable_buy_price": NOT_READ, "buy_price": NOT_READ, **_PROGRAM_NOTE},
    "program_disable": {"reason": NOT_READ, "original_type": NOT_READ},
    "program_merger_pass": {"corporations_by_round": NOT_READ, "corporations": NOT_READ, "rounds": NOT_READ,
                            "options": NOT_READ,
                            **_PROGRAM_NOTE},
    "program_independent_mines": {"skip_track": NOT_READ, "skip_buy": NOT_READ, "skip_close": NOT_READ,
                                  **_PROGRAM_NOTE},
    "program_close_pass": dict(_PROGRAM_NOTE),
    "program_harzbahn_draft_pass": {"until_premium": NOT_READ, **_PROGRAM_NOTE},
    "undo": {"action_id": RESOLVED},
    "redo": {},
    "merge": {"corporation": RESOLVED},
    "short": {"corporation": RESOLVED},
    "remove_token": {"city": RESOLVED, "slot": RESOLVED},
}


def field_check(kind: str, name: str) -> str | None:
    """How a field of an action type is held (None: it is taken on trust, which the audit refuses)."""
    if kind == "route":
        return FIELD_CHECKS["route"].get(name)
    return FIELD_CHECKS.get(kind, {}).get(name) or FIELD_CHECKS["*"].get(name)
