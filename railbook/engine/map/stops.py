"""The stops of a tile: cities (with their station slots and reservations), towns, halts,
offboards and junctions, each built from its compiled definition."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.map.made_once import made_once
from railbook.title.model import StopDef

if TYPE_CHECKING:
    from railbook.engine.map.hex import Hex
    from railbook.engine.map.tile import Path, Tile
    from railbook.engine.map.token import Token


class Stop:
    """A node of the track graph: city, town, offboard or junction."""

    kind = "stop"
    __slots__ = ("tile", "index", "revenue", "groups", "hide", "visit_cost", "route", "definition", "_paths", "loc")

    def __init__(self, tile: "Tile", index: int, definition: StopDef):
        self.tile = tile
        self.index = index
        self.definition = definition
        self.revenue = definition.revenue
        self.groups = list(definition.groups)
        self.hide = definition.hide
        self.visit_cost = definition.visit_cost
        self.route = definition.route
        self.loc = definition.loc
        self._paths: list[Path] | None = None

    @property
    def id(self) -> str:
        return f"{self.tile.id}-{self.index}"

    @property
    def hex(self) -> "Hex | None":
        return self.tile.hex

    @property
    def paths(self) -> list["Path"]:
        if self._paths is None:
            self._paths = [p for p in self.tile.paths if self in p.nodes]
        return self._paths

    @property
    def exits(self) -> list[int]:
        return [e for p in self.paths for e in p.edges]

    def is_city(self) -> bool:
        return False

    def is_town(self) -> bool:
        return False

    def is_offboard(self) -> bool:
        return False

    def is_junction(self) -> bool:
        return False

    def blocks(self, corporation: Any) -> bool:
        return False

    def tokened_by(self, corporation: Any) -> bool:
        return False

    def max_revenue(self) -> int:
        r = self.revenue
        return r if isinstance(r, int) else max(r.values())

    def revenue_in(self, phase_tiles: list[str], train: Any = None) -> int:
        """What the stop pays in a phase: a flat value, or the value of the latest phase colour it has."""
        r = self.revenue
        if isinstance(r, int):   # one value, else one per phase colour (asked as int: the cheap check)
            base = r
        else:
            if train is not None and train.name.upper() == "D" and "diesel" in r:
                base = r["diesel"]
            else:
                base = 0
                for color in reversed(phase_tiles):
                    if color in r:
                        base = r[color]
                        break
        return base * self.multiplier_for(train)

    def multiplier_for(self, train: Any) -> int:
        if train is None:
            return 1
        base = train.multiplier or 1
        d = train.distance
        if d.kind != "rows":
            return int(base)
        for row in d.rows:
            if self.kind in row.stops:
                return int(row.multiplier)
        return int(base)

    def __repr__(self) -> str:
        hex_id = self.tile.hex.id if self.tile.hex else "-"
        return f"<{self.kind} {hex_id}/{self.index}>"


class City(Stop):
    kind = "city"
    __slots__ = ("slots", "tokens", "extra_tokens", "reservations")

    def __init__(self, tile: "Tile", index: int, definition: StopDef):
        super().__init__(tile, index, definition)
        self.slots = definition.slots
        self.tokens: list["Token | None"] = [None] * self.slots
        self.extra_tokens: list["Token"] = []
        self.reservations: list[Any] = []

    def is_city(self) -> bool:
        return True

    def blocks(self, corporation: Any) -> bool:
        """A city blocks a corporation when every slot holds another corporation's token
        (a neutral token never blocks). Written as plain loops: every walk asks it."""
        if corporation is None:
            return False
        for t in self.tokens:
            if t is None or t.corporation is corporation or t.type == "neutral":
                return False
        for t in self.extra_tokens:
            if t is not None and t.corporation is corporation:
                return False
        return True

    def tokened(self) -> bool:
        return any(t is not None for t in self.tokens)

    def tokened_by(self, corporation: Any) -> bool:
        for t in self.tokens:
            if t is not None and t.corporation is corporation:
                return True
        for t in self.extra_tokens:
            if t is not None and t.corporation is corporation:
                return True
        return False

    def find_reservation(self, corporation: Any) -> int | None:
        for i, r in enumerate(self.reservations):
            if r is not None and (r is corporation or getattr(r, "owner", None) is corporation):
                return i
        return None

    def reserved_by(self, corporation: Any) -> bool:
        return self.find_reservation(corporation) is not None

    def add_reservation(self, entity: Any, slot: int | None = None) -> None:
        if slot is not None:
            self.reservations.insert(slot, entity)
        else:
            self.reservations.append(entity)

    def remove_reservation(self, entity: Any) -> None:
        if entity in self.reservations:
            self.reservations[self.reservations.index(entity)] = None

    def available_slots(self) -> int:
        return sum(1 for i, t in enumerate(self.tokens)
                   if t is None and (i >= len(self.reservations) or self.reservations[i] is None))

    def get_slot(self, corporation: Any, cheater: bool = False) -> int | None:
        """The slot a station of the corporation goes to: its reservation, else the first open slot
        (not reserved); a cheater's station takes an open slot or one more. Asked of every city a
        network walk reaches when the question is where a station could go: plain loops."""
        reservations = self.reservations
        if not cheater and reservations:
            reservation = self.find_reservation(corporation)
            if reservation is not None:
                return reservation
        reserved = len(reservations)
        open_slot = None
        for i, t in enumerate(self.tokens):
            if t is None and (i >= reserved or reservations[i] is None):
                open_slot = i
                break
        if cheater:
            return open_slot if open_slot is not None else len(self.tokens)
        return open_slot

    def tokenable_error(self, corporation: Any, free: bool = False, tokens: list[Any] | None = None,
                        cheater: bool = False, extra_slot: bool = False, spender: Any = None,
                        same_hex_allowed: bool = False) -> str | None:
        """Why the corporation cannot place a token here (None if it can)."""
        tokens = corporation.tokens_by_type() if tokens is None else tokens
        if not extra_slot and not tokens:
            return "no_tokens"
        if self.definition.tokenable is False:  # a neutral station fills the city for good
            return "no_slots"
        error = "generic"
        for t in tokens:
            if not extra_slot and self.get_slot(t.corporation, cheater=cheater) is None:
                error = "no_slots"
                continue
            if not free and t.price > (spender or corporation).cash:
                error = "no_money"
                continue
            if not same_hex_allowed and any(c.tokened_by(t.corporation) for c in self.tile.cities):
                error = "existing_token"
                continue
            if self.reserved_by(corporation):
                return None
            if self.tile.token_blocked_by_reservation(corporation) and not cheater:
                error = "blocked_reservation"
                continue
            return None
        return error

    def tokenable(self, corporation: Any, **kw: Any) -> bool:
        return self.tokenable_error(corporation, **kw) is None

    def exchange_token(self, token: "Token", cheater: bool = False, extra_slot: bool = False) -> None:
        token.place(self, extra=extra_slot, cheater=cheater)
        if extra_slot:
            self.extra_tokens.append(token)
            return
        slot = self.get_slot(token.corporation, cheater=cheater)
        if slot is None:
            slot = len(self.tokens)
        while slot >= len(self.tokens):
            self.tokens.append(None)
        self.tokens[slot] = token

    def reset(self) -> None:
        self.tokens = [None] * self.slots
        self.extra_tokens = []


class Town(Stop):
    kind = "town"
    __slots__ = ()

    def is_town(self) -> bool:
        return True


class Offboard(Stop):
    kind = "offboard"
    __slots__ = ()

    def is_offboard(self) -> bool:
        return True

    def blocks(self, corporation: Any) -> bool:
        return True


class Junction(Stop):
    kind = "junction"
    __slots__ = ()

    def is_junction(self) -> bool:
        return True


class Halt(Town):
    """A town that earns nothing of its own (a title may pay a subsidy for stopping there)."""

    kind = "halt"
    __slots__ = ()


STOP_CLASSES = {"city": City, "town": Town, "offboard": Offboard, "junction": Junction, "halt": Halt}
