"""Legal actions: what an entity may do now, as actions ``Game.process`` takes.

Each step says which actions of its kinds are legal (``Step.legal_actions``), the
round gathers them as it gathers action kinds, and the game offers them
(``Game.legal_actions``, ``Game.is_legal``). A :class:`LegalAction` is one action
ready to process. Where the rules allow a range of values for one field (a bid,
the price of a private or of a train bought from another corporation) it holds
the range instead of listing every value; where the rules allow any set of some
values (the corporations a destination declaration names) it holds the values
(``subsets``: any non-empty set of them); where the rules judge a field only as
the action is processed (the track of a route), that field is *open*: any value
is listed and the rules decide. Listing is exact otherwise: every listed action
is accepted, and an action that is not listed is refused.

Two actions are *the same move* when they do the same thing, whatever ids name
it: a share is a share of its corporation, holder and size (any of the IPO's 10%
certificates is the same purchase), a tile is any copy of its kind in the
supply, a city is the city of its hex. :func:`move` says what a resolved action
does, field by field, and listed and recorded actions are compared on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import combinations
from typing import TYPE_CHECKING, Any, Callable, Mapping


if TYPE_CHECKING:
    from railbook.engine.actions import Action

#: an open field standing for every field: the kind of action is listed, its details are not
ANY = "*"

#: kinds that are not moves of the game: chat, programmed actions, ending the game by agreement, and
#: the corrections a Rails report records (a moderator's fix of the map, a token or cash)
NOT_MOVES = frozenset({"message", "log", "end_game", "map_correction", "token_correction", "cash_correction"})


@dataclass(frozen=True)
class Range:
    """Whole numbers from ``low`` to ``high`` in steps of ``step`` (both ends allowed)."""

    low: int
    high: int
    step: int = 1

    def __contains__(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return self.low <= value <= self.high and (value - self.low) % self.step == 0

    def values(self) -> range:
        return range(self.low, self.high + 1, self.step)

    def __str__(self) -> str:
        return f"{self.low}-{self.high}" + (f" by {self.step}" if self.step != 1 else "")


@dataclass(frozen=True)
class LegalAction:
    """One legal action: ``action`` is ready to process (a ranged field at its low end)."""

    action: Mapping[str, Any]
    ranges: Mapping[str, Range] = field(default_factory=dict)
    open: frozenset[str] = frozenset()      # fields the rules judge only when the action is processed
    #: list fields that may name any non-empty set of these values (the action lists them all); the
    #: field's move (what the resolved action does) names the same values
    subsets: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: fields whose listed value the rules fix (a special buy's cost): a recorded action may leave
    #: them out, and one that records them must record that value
    fixed: frozenset[str] = frozenset()
    _move: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def type(self) -> str:
        return str(self.action["type"])

    def move(self, resolve: Callable[[dict[str, Any]], "Action"]) -> dict[str, Any]:
        """What the listed action does (resolved once)."""
        if not self._move:
            self._move.update(move(resolve(dict(self.action))))
        return self._move

    def matches(self, recorded: Mapping[str, Any], recorded_move: Mapping[str, Any],
                resolve: Callable[[dict[str, Any]], "Action"]) -> bool:
        """Whether a recorded (or typed) action, whose move is ``recorded_move``, is this one."""
        a = self.action
        if recorded.get("type") != a["type"] or str(recorded.get("entity")) != str(a["entity"]):
            return False
        if recorded.get("entity_type", "player") != a["entity_type"]:
            return False
        if ANY in self.open:
            return True
        for key, bounds in self.ranges.items():
            if recorded.get(key) not in bounds:
                return False
        for key, values in self.subsets.items():
            named = recorded_move.get(key)
            if not isinstance(named, tuple) or not named or len(set(named)) != len(named) \
                    or not set(named) <= set(values):
                return False
        listed = self.move(resolve)
        skip = self.open | set(self.ranges) | set(self.subsets)
        # a value the rules fix may be left out of a recorded action; where it is recorded it must agree
        keys = (set(listed) | set(recorded_move)) - skip - {k for k in self.fixed if k not in recorded_move}
        return all(listed.get(k) == recorded_move.get(k) for k in keys)

    def with_value(self, **values: Any) -> dict[str, Any]:
        """The action with ranged fields set to these values (checked against their ranges)."""
        out = dict(self.action)
        for key, value in values.items():
            if key not in self.ranges or value not in self.ranges[key]:
                raise ValueError(f"{key}={value!r} is not in the listed range")
            out[key] = value
        return out

    def samples(self) -> list[dict[str, Any]]:
        """The action at each end of every range (what a test processes to check the listing)."""
        out = [dict(self.action)]
        for key, bounds in self.ranges.items():
            if bounds.high != bounds.low:
                out.append({**self.action, key: bounds.low + (bounds.high - bounds.low) // bounds.step * bounds.step})
        for key, values in self.subsets.items():
            if len(values) > 1:
                out.append({**self.action, key: [values[0]]})
        return out


# ---------------------------------------------------------------- what an action does

def _holder(entity: Any) -> str:
    if entity is None:
        return "-"
    if entity.is_share_pool():
        return "pool"
    if entity.is_bank():   # certificates a variant takes out of the game
        return "bank"
    return f"{type(entity).__name__}:{entity.id}"


def _bundle(a: "Action") -> dict[str, Any]:
    shares = a.shares
    corp = shares[0].corporation
    return {"corporation": corp.id, "from": _holder(shares[0].owner),
            "certificates": tuple(sorted((s.percent, bool(s.president), bool(s.buyable)) for s in shares)),
            "percent": a.bundle.percent}


def track_layout(tile: Any, rotation: int) -> tuple[Any, ...]:
    """The track a tile lays in a rotation (rotations of a symmetric tile may lay the same)."""
    layouts = tile.shape.layouts   # made once per title, tile definition and rotation
    layout = layouts.get(rotation)
    if layout is None:
        rotations = tile.definition.rotations
        if not 0 <= rotation < len(rotations):
            return ("rotation", rotation)
        kinds = [repr({f.name: getattr(spec, f.name) for f in fields(spec) if f.name not in ("a", "b")})
                 for spec in tile.definition.paths]   # what a path is besides its ends
        layout = layouts[rotation] = tuple(sorted((min(a, b), max(a, b), kinds[i])
                                                  for i, (a, b) in enumerate(rotations[rotation].paths)))
    return layout


def _tile_lay(a: "Action") -> dict[str, Any]:
    # any copy of the tile in the supply is the same lay; a copy already on the map is not one
    return {"hex": a.hex.id, "tile": a.tile.name, "track": track_layout(a.tile, a.rotation),
            "laid": a.tile.hex is not None}


def _city(city: Any) -> Any:
    hex_ = city.tile.hex
    return (hex_.id, city.index) if hex_ is not None else city.id


def _bid_target(a: "Action") -> Any:
    """What a bid is for: a private, a corporation or a minor, or none (a bid for the turn itself)."""
    target = a.company or a.corporation or a.minor
    return target.id if target is not None else None


MOVES: dict[str, Callable[["Action"], dict[str, Any]]] = {
    "bid": lambda a: {"target": _bid_target(a), "price": a.price},
    "par": lambda a: {"corporation": a.corporation.id, "share_price": a.share_price.id},
    "buy_shares": _bundle,
    "sell_shares": _bundle,
    "buy_company": lambda a: {"company": a.company.id, "price": a.price},
    "sell_company": lambda a: {"company": a.company.id, "price": a.price},
    "lay_tile": _tile_lay,
    "place_token": lambda a: {"city": _city(a.city)},   # the slot is the engine's choice
    "remove_token": lambda a: {"city": _city(a.city), "slot": a.slot or 0},
    "run_routes": lambda a: {"routes": tuple((r["train"].id, repr(r["connections"])) for r in a.routes),
                             "extra_revenue": a.extra_revenue, "stated_revenue": a.stated_revenue},
    "dividend": lambda a: {"kind": a.kind},
    "buy_train": lambda a: {"train": a.train.id, "price": a.price,   # naming the train's own variant names none
                            "exchange": a.exchange.id if a.exchange is not None else None,
                            "variant": None if a.variant in (None, a.train.name) else str(a.variant)},
    "discard_train": lambda a: {"train": a.train.id},
    "choose": lambda a: {"choice": str(a.choice)},
    "assign": lambda a: {"hex": a.hex.id if a.hex else None,
                         "corporation": a.corporation.id if a.corporation else None,
                         "company": a.company.id if a.company else None},
    "special_buy": lambda a: {"description": str(a.raw.get("description", "")).strip().lower(),
                              **({"cost": a.raw["cost"]} if a.raw.get("cost") is not None else {})},
    "destination_connection": lambda a: {"corporations": tuple(sorted(str(c.id) for c in a.targets))},
    "exchange_tokens": lambda a: {"cities": tuple(sorted(map(str, map(_city, a.targets))))},
    "buy_bonds": lambda a: {"corporation": a.corporation.id, "count": a.count,   # the pool, unless a holder is named
                            "from": "pool" if a.choice is None else str(a.choice)},
    "sell_bonds": lambda a: {"corporation": a.corporation.id, "count": a.count},  # always to the pool
}


def move(a: "Action") -> dict[str, Any]:
    """What a resolved action does, field by field: the same move has the same fields."""
    describe = MOVES.get(a.type)
    return describe(a) if describe is not None else {}


# ---------------------------------------------------------------- building listed actions

def actor(entity: Any) -> dict[str, Any]:
    """The ``entity`` and ``entity_type`` fields of an action by this entity."""
    if entity.is_player():
        return {"entity": entity.id, "entity_type": "player"}
    if entity.is_company():
        return {"entity": entity.id, "entity_type": "company"}
    return {"entity": entity.id, "entity_type": "minor" if entity.is_minor() else "corporation"}


def action(kind: str, entity: Any, /, **fields: Any) -> dict[str, Any]:
    return {"type": kind, **actor(entity), **fields}


def simple(kind: str, entity: Any, /, **fields: Any) -> LegalAction:
    return LegalAction(action(kind, entity, **fields))


def ranged(kind: str, entity: Any, ranges: Mapping[str, Range], /, **fields: Any) -> LegalAction:
    """An action with a range of allowed values for some fields (listed at their low ends)."""
    return LegalAction(action(kind, entity, **fields, **{k: r.low for k, r in ranges.items()}), ranges=dict(ranges))


def subsets(kind: str, entity: Any, choices: Mapping[str, list[Any]], /, **fields: Any) -> LegalAction:
    """An action whose list fields may name any non-empty set of these values (listed with all)."""
    return LegalAction(action(kind, entity, **fields, **{k: list(v) for k, v in choices.items()}),
                       subsets={k: tuple(v) for k, v in choices.items()})


def fixing(kind: str, entity: Any, values: Mapping[str, Any], /, **fields: Any) -> LegalAction:
    """An action with some fields at ``values`` the rules fix (a special buy's cost): a recorded
    action may leave them out, or must record them so."""
    return LegalAction(action(kind, entity, **fields, **values), fixed=frozenset(values))


def unlisted(kind: str, entity: Any) -> LegalAction:
    """A kind of action whose details the step does not list: any such action may be tried."""
    return LegalAction(action(kind, entity), open=frozenset({ANY}))


def shares_action(kind: str, entity: Any, bundle: Any) -> LegalAction:
    return simple(kind, entity, shares=[s.id for s in bundle.shares], percent=bundle.percent)


def distinct_choices(shares: list[Any], sizes: Any) -> list[list[Any]]:
    """One choice of ``size`` certificates among ``shares`` for each size and each different mix of
    certificate kinds (size, president's or not, for sale or not): the choices that are different moves."""
    out = []
    seen: set[tuple[Any, ...]] = set()
    for size in sorted(set(sizes)):
        if not 0 < size <= len(shares):
            continue
        for chosen in combinations(shares, size):
            kind = tuple(sorted((s.percent, bool(s.president), bool(s.buyable)) for s in chosen))
            if kind not in seen:
                seen.add(kind)
                out.append(list(chosen))
    return out


def is_move(kind: str) -> bool:
    return kind not in NOT_MOVES and not kind.startswith("program_")
