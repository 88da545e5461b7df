"""Hexes of the board and what happens when a tile is laid on one."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from railbook.hexgrid import DIRECTIONS, invert, xy

#: a hex's stamp: a number never given twice (in any game), given anew to a hex and to the hexes
#: around it whenever its tile, its tile's turn or its neighbours change; what a walk made of a
#: path lying there (:func:`railbook.engine.map.walk.path_record`) holds while the stamp does
_STAMPS = itertools.count(1)


def neighbors_changed(hexes: "Iterable[Hex]") -> None:
    """These hexes' neighbours changed: the walk's records of their paths are made again when next walked."""
    for h in hexes:
        h.touch()

if TYPE_CHECKING:
    from railbook.engine.map.tile import City, Tile


_EDGE_BASES = itertools.count()


class Hex:
    __slots__ = ("id", "x", "y", "layout", "neighbors", "all_neighbors", "tile", "original_tile", "location_name",
                 "printed_color", "edge_base", "stamp")

    def __init__(self, hex_id: str, layout: str, axes: Mapping[str, str], tile: "Tile", location_name: str | None):
        self.id = hex_id
        self.layout = layout
        self.x, self.y = xy(hex_id, axes)
        self.neighbors: dict[int, Hex] = {}
        self.all_neighbors: dict[int, Hex] = {}
        self.tile = tile
        self.original_tile = tile
        self.printed_color = tile.color
        tile.hex = self
        self.location_name = location_name
        # a number per hex edge (edge_base + edge), the key walks count a used edge by
        self.edge_base = next(_EDGE_BASES) * 8
        self.stamp = next(_STAMPS)

    def touch(self) -> None:
        """The hex's track or turn changed: it and the hexes around it (whose paths lead into it) take
        new stamps."""
        self.stamp = next(_STAMPS)
        for n in self.all_neighbors.values():
            n.stamp = next(_STAMPS)

    @property
    def name(self) -> str:
        return self.id

    def neighbor_direction(self, other: "Hex") -> int | None:
        d = (other.x - self.x, other.y - self.y)
        for edge, delta in DIRECTIONS[self.layout].items():
            if delta == d:
                return edge
        return None

    def targeting(self, other: "Hex") -> bool:
        d = self.neighbor_direction(other)
        return d is not None and d in self.tile.exits

    def distance(self, other: "Hex") -> int:
        dx, dy = abs(other.x - self.x), abs(other.y - self.y)
        if self.layout == "pointy":
            return dy + max(0, (dx - dy) // 2)
        return dx + max(0, (dy - dx) // 2)

    def city_map_for(self, tile: "Tile") -> dict["City", "City | None"]:
        """Which city of the new tile each old city becomes (by the edges they keep)."""
        old_cities = self.tile.cities
        city_map: dict[City, City | None] = {}
        if not any(c.exits for c in old_cities) and len(old_cities) == len(tile.cities):
            city_map = dict(zip(old_cities, tile.cities))
        else:
            for old in old_cities:
                old_exits = old.exits
                new = next((c for c in tile.cities if old_exits and not (set(old_exits) - set(c.exits))), None)
                city_map[old] = new
        new_cities = [c for c in city_map.values() if c is not None]
        for i, old in enumerate(old_cities):
            if city_map.get(old) is not None:
                continue
            new = tile.cities[i] if i < len(tile.cities) else None
            if new is not None and new in new_cities:
                new = next((c for c in tile.cities if c not in new_cities), None)
            city_map[old] = new
            if new is not None:
                new_cities.append(new)
        return city_map

    def lay(self, tile: "Tile") -> None:
        """Put a tile on this hex, carrying over reservations, tokens and borders."""
        city_map = self.city_map_for(tile)
        for old, new in city_map.items():
            if new is not None:
                new.reservations.extend(old.reservations)
                new.groups = old.groups
            old.reservations = []
        self.tile.hex = None
        tile.hex = self
        if len(city_map) == 1:
            old, new = next(iter(city_map.items()))
            for idx, token in enumerate(old.tokens):
                if token is not None and new is not None:
                    new.exchange_token(token, cheater=idx >= old.slots)
            for token in old.extra_tokens:
                if new is not None:
                    new.exchange_token(token, extra_slot=True)
            old.reset()
        elif len(city_map) > 1:
            grouped: dict[int, tuple[City, list[Any]]] = {}
            for old, new in city_map.items():
                toks = [t for t in old.tokens if t is not None]
                if new is None:
                    continue
                grouped.setdefault(id(new), (new, []))[1].extend(toks)
            for new, toks in grouped.values():
                toks.sort(key=lambda t: 1 if t.cheater else 0)
                reserved = len(new.reservations)
                for i, token in enumerate(toks):
                    new.exchange_token(token, cheater=(reserved + i) >= new.slots)
            for old, new in city_map.items():
                if new is not None:
                    for token in old.extra_tokens:
                        new.exchange_token(token, extra_slot=True)
                old.reset()
        tile.future_label = tile.definition.future_label
        if self.tile.future_label is not None:
            if self.tile.future_label.color != tile.color:   # not yet reached: the new tile carries it on
                tile.future_label = self.tile.future_label
            self.tile.future_label = self.tile.definition.future_label
        tile.reservations = self.tile.reservations
        self.tile.reservations = []
        tile.borders.extend(self.tile.borders)
        self.tile.borders = []
        self.tile = tile
        self.touch()

    def __repr__(self) -> str:
        return f"<Hex {self.id}>"


__all__ = ["Hex", "invert"]
