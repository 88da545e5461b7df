"""Tiles (stops, paths and every rotation) and the map's printed hexes."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from railbook.title.model.frozen import dataclass  # frozen: its own copies


@dataclass(frozen=True, slots=True)
class StopDef:
    """A city, town, offboard, halt or junction; ``revenue`` is one value or one per phase colour."""

    kind: Literal["city", "town", "offboard", "junction", "halt"]
    revenue: int | Mapping[str, int] = 0
    # a city's station slots
    slots: int = 1
    # offboard groups: a route may stop at only one hex of a group
    groups: tuple[str, ...] = ()
    # the revenue is not drawn on this hex (another hex of the offboard shows it)
    hide: bool = False
    # how much of a train's distance a stop here uses (0: it is passed for free)
    visit_cost: int = 1
    # mandatory: a route through it must stop; optional: it may pass; never: it never stops here
    route: Literal["mandatory", "optional", "never"] = "mandatory"
    # where on the hex it is drawn (a corner or an edge number)
    loc: float | str | None = None
    # how it is drawn (a town as a bar or a dot)
    style: str | None = None
    # a town that a city upgrade turns into a city
    to_city: bool = False
    reserved_for: str | None = None
    tokenable: bool = True
    refuses_tokens: bool = False


@dataclass(frozen=True, slots=True)
class PathDef:
    """Track between two ends: an edge 0-5, or stop number k encoded as 10 + k."""

    a: int
    b: int
    # the path ends a route here (1 or 2: how it is drawn)
    terminal: int = 0
    # how many lanes a path of several lanes has
    lanes: int | None = None
    # broad, narrow or dual gauge
    track: Literal["broad", "narrow", "dual"] = "broad"
    # a path drawn for show that no route uses
    ignore: bool = False


@dataclass(frozen=True, slots=True)
class Rotation:
    """A tile's paths and exits turned by one rotation (worked out when the title compiles)."""

    paths: tuple[tuple[int, int], ...]
    exits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain cost printed on a hex or tile (what laying track there costs), and its kinds (mountain,
    water...)."""

    # what laying track here costs
    cost: int
    # its kinds (mountain, water, ...): discounts and bonuses name them
    kind: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Border:
    """A hex edge's border: impassable, or a crossing cost (water, a mountain range), drawn in its
    colour."""

    # the hex edge (0-5) it lies on
    edge: int
    # impassable, or a kind of crossing (water, mountain)
    type: str | None = None
    # what track crossing it costs
    cost: int = 0
    # its colour
    color: str | None = None


@dataclass(frozen=True, slots=True)
class Icon:
    """A picture on a hex or tile (a port, a mine...): which may stay through upgrades or block a lay."""

    # the picture's name (a file in the site's icons)
    image: str
    # its name, which rules and hooks use
    name: str | None = None
    # no tile may be laid on the hex while it is there
    blocks_lay: bool = False
    # where on the hex it is drawn
    loc: str | None = None


@dataclass(frozen=True, slots=True)
class FutureLabel:
    """The label and colour a hex takes when it is upgraded (a tile laid there later carries them)."""

    label: str | None = None    # the label the hex takes
    color: str | None = None    # the colour the hex takes


@dataclass(frozen=True, slots=True)
class Replaces:
    """Tiles this tile may replace outright, laid in the given rotation."""

    tiles: tuple[str, ...] = ()
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class ExtraUpgrade:
    """Tiles that may also become others (of their own colour too) from a phase on (tiles.yaml
    ``extra_upgrades``): their exits stay, their towns may go."""

    tiles: tuple[str, ...]
    to: tuple[str, ...]
    from_phase: str | None = None


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile as tiles.yaml (or a map hex) defines it: its colour, stops and paths, and what upgrades
    it."""

    # its name (its number)
    name: str
    # its colour (yellow, green, brown, gray): when it may be laid
    color: str
    # its cities, towns, offboards, halts and junctions
    stops: tuple[StopDef, ...] = ()
    # its track
    paths: tuple[PathDef, ...] = ()
    rotations: tuple[Rotation, ...] = ()
    # its label (OO, B, NY): only a tile of the same label upgrades it
    label: str | None = None
    # its terrain costs
    terrain: tuple[Terrain, ...] = ()
    # its edges' borders
    borders: tuple[Border, ...] = ()
    # its pictures
    icons: tuple[Icon, ...] = ()
    # edges with a printed track stub: a tile laid here must have an exit on each (18xx.games'
    # StubsAreRestricted)
    stubs: tuple[int, ...] = ()
    # the label and colour it takes when it is upgraded
    future_label: FutureLabel | None = None
    # it is not drawn (a hex off the visible map)
    hidden: bool = False
    replaces: Replaces | None = None
    upgrade_placed_by_reservation: bool = False
    settles_hex_reservation: bool = False      # a hex-wide reservation moves to its one enterable city
    printed_tile: str | None = None     # a printed hex: the catalogue tile it shows
    preprinted_index: int = 0           # a printed hex: its place among the hexes of one map.yaml key
    recorded_rotations: Mapping[str, int] = field(default_factory=dict)   # program -> rotation offset


@dataclass(frozen=True, slots=True)
class HexDef:
    """A printed hex of the map: the tile printed on it (rotated), its colour, name and reservation."""

    tile: TileDef
    # the printed hex's colour (white, yellow, gray, red for an offboard, blue for water)
    color: str = "white"
    # how the printed tile is turned, in sixths of a turn clockwise
    rotation: int = 0
    name: str | None = None
    reserved_for: str | None = None


@dataclass(frozen=True, slots=True)
class MapDef:
    """map.yaml: the layout and coordinates of the map, its printed hexes by coordinate, and its named
    regions."""

    # flat: hexes with a flat top; pointy: hexes with a point at the top
    layout: Literal["pointy", "flat"]
    # how hexes are named: letters for rows or columns, numbers for the other
    axes: Mapping[str, str]
    hexes: Mapping[str, HexDef]
    regions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
