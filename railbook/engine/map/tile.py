"""Tiles on the board: stops (cities, towns, offboards, junctions) and paths.

A tile is built from its compiled definition, whose paths were precomputed for
every rotation; rotating a tile only swaps in the right table.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, cast

from railbook.engine.map.made_once import made_once
from railbook.engine.map.stops import (  # the stops a tile is built of
    STOP_CLASSES as STOP_CLASSES,
    City as City,
    Halt as Halt,
    Junction as Junction,
    Offboard as Offboard,
    Stop as Stop,
    Town as Town,
)
from railbook.title.model import PathDef, StopDef, TileDef

if TYPE_CHECKING:
    from railbook.engine.map.hex import Hex
    from railbook.engine.map.token import Token

COLORS = ("white", "yellow", "green", "brown", "gray")


class Path:
    """A piece of track between two ends (edges or stops) on a placed, rotated tile."""

    __slots__ = ("tile", "a", "b", "edges", "nodes", "junction", "terminal", "track", "ignore", "index", "lanes",
                 "links")

    def __init__(self, tile: "Tile", index: int, a: int, b: int, spec: PathDef):
        self.tile = tile
        self.index = index
        self.edges: list[int] = []
        self.nodes: list[Stop] = []
        self.junction: Stop | None = None
        ends: list[Any] = []
        for end in (a, b):
            if end < 10:
                self.edges.append(end)
                ends.append(end)
            else:
                stop = tile.stops[end - 10]
                ends.append(stop)
                if stop.is_junction():
                    self.junction = stop
                else:
                    self.nodes.append(stop)
        self.a, self.b = ends
        self.terminal = spec.terminal
        self.track = spec.track
        self.ignore = spec.ignore
        self.lanes = spec.lanes
        # what a walk reads of the path where it lies: its hex, its edges' keys, its exits' neighbours
        # (railbook.engine.map.walk.path_record; made when first walked, again when its hex is touched)
        self.links: Any = None

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """A copy (a game forked or rebuilt) leaves the walk's record behind: it is made again when
        first walked, and copying it would follow the records from path to path across the map."""
        state = {name: getattr(self, name) for name in Path.__slots__}
        state["links"] = None
        return None, state

    @property
    def hex(self) -> "Hex | None":
        return self.tile.hex

    @property
    def exits(self) -> list[int]:
        return self.edges

    def ends(self) -> list[Any]:
        return [self.a, self.b]

    def subset_of(self, other: "Path") -> bool:
        """This path's ends are all among the other's (used for upgrades keeping old track)."""
        return all(_end_le(e, o_ends) for e in (self.a, self.b) for o_ends in [(other.a, other.b)]) \
            and _tracks_match(self.track, other.track)

    def __repr__(self) -> str:
        return f"<Path {self.tile.hex.id if self.tile.hex else self.tile.id} {self.a}-{self.b}>"


def _end_le(end: Any, others: tuple[Any, Any]) -> bool:
    for o in others:
        if isinstance(end, int):
            if isinstance(o, int) and o == end:
                return True
        elif not isinstance(o, int):
            if type(end) is type(o) or (end.is_town() and end.definition.to_city and o.is_city()):
                return True
            if type(end) is Halt and o.is_town():   # an upgrade may make a halt a town
                return True
    return False


def _tracks_match(a: str, b: str) -> bool:
    if a == "broad":
        return b in ("broad", "dual")
    if a == "narrow":
        return b in ("narrow", "dual")
    return b == "dual"


_LAYOUTS = itertools.count(1)


def hex_of(item: "Stop | Path | Tile") -> "Hex":
    """The hex a stop, path or tile lies on; what routes, tokens and walks meet is always on the map."""
    tile = item if isinstance(item, Tile) else item.tile
    if tile.hex is None:
        raise ValueError(f"tile {tile.id} is not on the map")
    return tile.hex


def path_within(a: "Path", b: "Path") -> bool:
    """Path a lies within path b: both its ends are b's (or what b's ends stand for), on matching track."""
    return all(_end_le(e, (b.a, b.b)) for e in (a.a, a.b)) and _tracks_match(a.track, b.track)


class TileShape:
    """What every copy of one tile definition shares, worked out once per title (the title keeps
    one per definition, :meth:`railbook.engine.title.Title.tile_shape`): which class each stop is,
    which stops are cities, towns, offboards, what blocks a lay. Never changes, so a copied game
    shares it."""

    __slots__ = ("definition", "stop_classes", "cities", "towns", "offboards", "city_towns", "nodes",
                 "junction", "reserved", "blocks_lay", "exit_bits", "_ends", "_keeps", "_city_town_edges",
                 "layouts")

    def __init__(self, definition: TileDef):
        self.definition = definition
        kinds = [STOP_CLASSES[s.kind] for s in definition.stops]
        self.stop_classes = tuple(zip(kinds, definition.stops))
        self.cities = tuple(i for i, k in enumerate(kinds) if k is City)
        self.towns = tuple(i for i, k in enumerate(kinds) if issubclass(k, Town))   # halts are towns
        self.offboards = tuple(i for i, k in enumerate(kinds) if k is Offboard)
        self.city_towns = tuple(i for i, k in enumerate(kinds) if k is City or issubclass(k, Town))
        self.nodes = tuple(i for i, k in enumerate(kinds) if k is not Junction)
        self.junction = next((i for i, k in enumerate(kinds) if k is Junction), None)
        # the cities a corporation's data keeps for it (printed on the map)
        self.reserved = tuple(i for i, s in enumerate(definition.stops) if s.kind == "city" and s.reserved_for)
        self.blocks_lay = any(i.blocks_lay for i in definition.icons)
        #: the exits of each rotation as a bitmask (bit e: edge e), to test them against a hex's neighbours
        self.exit_bits = tuple(sum(1 << e for e in rot.exits) for rot in definition.rotations)
        self._ends: tuple[tuple[tuple[Any, Any, str], ...], ...] | None = None
        #: :meth:`keeps_mask`'s answers, by the old tile's rotation and the new tile's shape
        self._keeps: dict[tuple[int, TileShape], int] = {}
        self._city_town_edges: dict[int, tuple[tuple[int, ...], ...]] = {}
        #: the track each rotation lays, as a listing compares lays (``railbook.engine.legal.track_layout``)
        self.layouts: dict[int, tuple[Any, ...]] = {}

    def ends(self, rotation: int) -> tuple[tuple[Any, Any, str], ...]:
        """Each path's two ends and its track in a rotation, as the upgrade rules compare them
        (:func:`path_within`): an edge as its number, a stop as its class and whether it may become
        a city."""
        ends = self._ends
        if ends is None:
            stops = [(cls, bool(d.to_city)) for cls, d in self.stop_classes]
            specs = self.definition.paths
            ends = self._ends = tuple(
                tuple((a if a < 10 else stops[a - 10], b if b < 10 else stops[b - 10], specs[i].track)
                      for i, (a, b) in enumerate(rot.paths))
                for rot in self.definition.rotations)
        return ends[rotation]

    def city_town_edges(self, rotation: int) -> tuple[tuple[int, ...], ...]:
        """:meth:`Tile.city_town_edges` of a tile turned to ``rotation`` (made once per rotation)."""
        edges = self._city_town_edges.get(rotation)
        if edges is None:
            kinds = [cls for cls, _ in self.stop_classes]
            by_stop: dict[int, list[int]] = {}   # in the order the paths first reach each stop
            for a, b in self.definition.rotations[rotation].paths:
                ct = next((end - 10 for end in (a, b) if end >= 10
                           and (kinds[end - 10] is City or issubclass(kinds[end - 10], Town))), None)
                if ct is not None:
                    by_stop.setdefault(ct, []).extend(end for end in (a, b) if end < 10)
            edges = self._city_town_edges[rotation] = tuple(tuple(e) for e in by_stop.values())
        return edges

    def keeps_mask(self, rotation: int, new: "TileShape") -> int:
        """The rotations of the ``new`` tile that keep all of this tile's track (turned to
        ``rotation``), as a 6-bit mask: bit r is set when every path of this tile lies within a path
        of the new tile turned to r (:func:`path_within`). Worked out once per title for each pair of
        tile definitions and rotation: the answer depends on the definitions alone."""
        key = (rotation, new)
        mask = self._keeps.get(key)
        if mask is None:
            old_ends = self.ends(rotation)
            mask = 0
            for r in range(len(new.definition.rotations)):
                new_ends = new.ends(r)
                if all(any(_ends_within(p, q) for q in new_ends) for p in old_ends):
                    mask |= 1 << r
            self._keeps[key] = mask
        return mask

    def __deepcopy__(self, memo: dict[int, Any]) -> "TileShape":
        return self


class Tile:
    """A tile instance (one of the manifest's copies, or a hex's printed tile). Its stops are made
    when first asked for (most tiles of the supply are never laid)."""

    def __init__(self, definition: TileDef, index: int, preprinted: bool = False, tile_id: str | None = None,
                 shape: TileShape | None = None):
        self.unlimited = False  # a copy of a tile the title supplies without limit
        self.shape = shape if shape is not None and shape.definition is definition else TileShape(definition)
        self.definition = definition
        self.name = definition.name
        self.index = index
        self.id = tile_id or f"{self.name}-{index}"
        self.color = definition.color
        self.preprinted = preprinted
        self.hex: "Hex | None" = None
        self.label = definition.label
        # a label the hex takes once a tile of its colour is laid (carried on by the tiles laid before that)
        self.future_label = definition.future_label
        self.terrain = definition.terrain
        self.borders = list(definition.borders)   # an upgrade carries the hex's borders on
        self.icons = list(definition.icons)
        self.reservations: list[Any] = []
        self.blockers: list[Any] = []
        self.reservation_blocks = "never"
        self.blocks_lay = self.shape.blocks_lay
        self._paths: list[Path] = []
        self._paths_by_exit: dict[int, list[Path]] | None = None
        self.rotation = 0
        self.layout = next(_LAYOUTS)
        self._exits = list(definition.rotations[0].exits)

    # -- stops, made on first use
    @made_once
    def stops(self) -> list[Stop]:
        return [cls(self, i, d) for i, (cls, d) in enumerate(self.shape.stop_classes)]

    @made_once
    def cities(self) -> list[City]:
        stops = self.stops
        return cast("list[City]", [stops[i] for i in self.shape.cities])

    @made_once
    def towns(self) -> list[Stop]:
        stops = self.stops
        return [stops[i] for i in self.shape.towns]

    @made_once
    def offboards(self) -> list[Stop]:
        stops = self.stops
        return [stops[i] for i in self.shape.offboards]

    @made_once
    def city_towns(self) -> list[Stop]:
        stops = self.stops
        return [stops[i] for i in self.shape.city_towns]

    @made_once
    def nodes(self) -> list[Stop]:
        stops = self.stops
        return [stops[i] for i in self.shape.nodes]

    @made_once
    def junction(self) -> Stop | None:
        j = self.shape.junction
        return None if j is None else self.stops[j]

    # -- rotation
    def rotate(self, rotation: int) -> None:
        """Turn the tile. Its Path objects are made when first asked for: a tile in the supply is
        turned to try a lay far more often than its track is walked."""
        self.rotation = rotation % 6
        # a new number for every new set of Path objects: what was computed from the old
        # ones (a route's chains) is known to be stale by comparing layouts
        self.layout = next(_LAYOUTS)
        self._exits = list(self.definition.rotations[self.rotation].exits)
        self._paths_by_exit = None
        if self.hex is not None:   # a laid tile turned: walks make their records of its track again
            self.hex.touch()
        stops = self.__dict__.get("stops")   # none made yet: nothing to forget
        if stops is not None:
            for s in stops:
                s._paths = None

    def by_exit(self) -> dict[int, list[Path]]:
        """The paths at each exit, the Path objects of the tile as it is turned now (made on first use)."""
        by_exit = self._paths_by_exit
        if by_exit is not None:
            return by_exit
        rot = self.definition.rotations[self.rotation]
        specs = self.definition.paths
        self._paths = [Path(self, i, a, b, specs[i]) for i, (a, b) in enumerate(rot.paths)]
        by_exit = {}
        for p in self._paths:
            for e in p.edges:
                by_exit.setdefault(e, []).append(p)
        self._paths_by_exit = by_exit
        return by_exit

    @property
    def paths(self) -> list[Path]:
        if self._paths_by_exit is None:
            self.by_exit()
        return self._paths

    @property
    def exits(self) -> list[int]:
        return self._exits

    def paths_at(self, edge: int) -> list[Path]:
        by_exit = self._paths_by_exit
        return (self.by_exit() if by_exit is None else by_exit).get(edge, [])

    def converging_exit(self, edge: int) -> bool:
        by_exit = self._paths_by_exit
        return len((self.by_exit() if by_exit is None else by_exit).get(edge, [])) > 1

    # -- properties used by upgrade rules
    def upgrade_cost(self) -> int:
        return sum(t.cost for t in self.terrain)

    def terrain_kinds(self) -> list[str]:
        out: list[str] = []
        for t in self.terrain:
            for k in t.kind:
                if k not in out:
                    out.append(k)
        return out

    def ambiguous_connection(self) -> bool:
        return sum(1 for p in self.paths if len(p.nodes) > 1) > 1

    def city_town_edges(self) -> tuple[tuple[int, ...], ...]:
        """For each city or town with track, the edges its paths reach (in path order)."""
        return self.shape.city_town_edges(self.rotation)

    def keeps_track_of(self, old: "Tile") -> int:
        """The rotations of this tile that keep all of the old tile's track as it lies, as a 6-bit
        mask (bit r: rotation r; :meth:`TileShape.keeps_mask`)."""
        return old.shape.keeps_mask(old.rotation, self.shape)

    def reserved_by(self, corporation: Any) -> bool:
        return any(r is corporation or getattr(r, "owner", None) is corporation for r in self.reservations)

    def add_reservation(self, entity: Any, city: int | None, slot: int | None = None,
                        reserve_city: bool = True) -> None:
        if len(self.cities) == 1 and reserve_city:
            city = 0
        if city is not None and slot is None:
            slot = self.cities[city].get_slot(entity)
        if city is not None and slot is not None:
            self.cities[city].add_reservation(entity, slot)
        else:
            self.reservations.append(entity)

    def token_blocked_by_reservation(self, corporation: Any) -> bool:
        if not self.reservations:
            return False
        if self.reservation_blocks == "always" or (
                self.reservation_blocks == "single_slot_cities" and any(c.slots == 1 for c in self.cities)):
            return corporation not in self.reservations
        others = sum(1 for r in self.reservations if r is not corporation)
        return others >= sum(c.available_slots() for c in self.cities)

    def __repr__(self) -> str:
        return f"<Tile {self.id}@{self.rotation}>"


def _ends_within(a: tuple[Any, Any, str], b: tuple[Any, Any, str]) -> bool:
    """:func:`path_within` on the ends of :meth:`TileShape.ends`: both of path a's ends are among path
    b's (or what they stand for), on matching track."""
    return _end_kind_le(a[0], b) and _end_kind_le(a[1], b) and _tracks_match(a[2], b[2])


def _end_kind_le(end: Any, path: tuple[Any, Any, str]) -> bool:
    """:func:`_end_le` on ends as :meth:`TileShape.ends` gives them."""
    for o in (path[0], path[1]):
        if isinstance(end, int):
            if isinstance(o, int) and o == end:
                return True
        elif not isinstance(o, int):
            cls, to_city = end
            if cls is o[0] or (issubclass(cls, Town) and to_city and o[0] is City):
                return True
            if cls is Halt and issubclass(o[0], Town):   # an upgrade may make a halt a town
                return True
    return False
