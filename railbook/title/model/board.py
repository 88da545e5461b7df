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
    slots: int = 1
    groups: tuple[str, ...] = ()
    hide: bool = False
    visit_cost: int = 1
    route: Literal["mandatory", "optional", "never"] = "mandatory"
    loc: float | str | None = None
    style: str | None = None
    to_city: bool = False
    boom: bool = False
    reserved_for: str | None = None
    tokenable: bool = True
    refuses_tokens: bool = False


@dataclass(frozen=True, slots=True)
class PathDef:
    """Track between two ends: an edge 0-5, or stop number k encoded as 10 + k."""

    a: int
    b: int
    terminal: int = 0
    lanes: int | None = None
    track: Literal["broad", "narrow", "dual"] = "broad"
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

    cost: int
    kind: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Border:
    """A hex edge's border: impassable, or a crossing cost (water, a mountain range), drawn in its
    colour."""

    edge: int
    type: str | None = None
    cost: int = 0
    color: str | None = None


@dataclass(frozen=True, slots=True)
class Icon:
    """A picture on a hex or tile (a port, a mine...): which may stay through upgrades or block a lay."""

    image: str
    name: str | None = None
    sticky: bool = False
    blocks_lay: bool = False
    large: bool = False
    loc: str | None = None


@dataclass(frozen=True, slots=True)
class FutureLabel:
    """The label and colour a hex takes when it is upgraded (a tile laid there later carries them)."""

    label: str | None = None
    color: str | None = None


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

    name: str
    color: str
    stops: tuple[StopDef, ...] = ()
    paths: tuple[PathDef, ...] = ()
    rotations: tuple[Rotation, ...] = ()
    label: str | None = None
    terrain: tuple[Terrain, ...] = ()
    borders: tuple[Border, ...] = ()
    icons: tuple[Icon, ...] = ()
    stubs: tuple[int, ...] = ()
    frame: str | None = None
    stripes: str | None = None
    future_label: FutureLabel | None = None
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
    color: str = "white"
    rotation: int = 0
    name: str | None = None
    reserved_for: str | None = None


@dataclass(frozen=True, slots=True)
class MapDef:
    """map.yaml: the layout and coordinates of the map, its printed hexes by coordinate, and its named
    regions."""

    layout: Literal["pointy", "flat"]
    axes: Mapping[str, str]
    hexes: Mapping[str, HexDef]
    regions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
