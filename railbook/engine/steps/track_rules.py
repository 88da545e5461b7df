"""Who may lay a tile where, beyond the tile rules themselves.

* The ``can_lay_tile(corporation, hex, tile)`` hook may forbid a lay (a
  normal one or a private's).
* A map hex ``reserved_for`` a corporation: while it still shows its printed
  tile, only that corporation lays there; another needs the consent of that
  corporation's president (the action says ``consent: true``), unless both
  have the same president. A closed corporation reserves nothing.
* ``track_restriction: semi_restrictive_sides``: a tile without a city or
  town must bring its new track to a hex side the corporation already
  reaches; a tile with one need only touch such a side with any of its track
  (the rule of programs that judge connections by hex sides, like Rails).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.game import Game
    from railbook.engine.map.hex import Hex
    from railbook.engine.map.tile import Tile

SIDE_RULES = ("semi_restrictive_sides",)


def check_lay_permission(game: "Game", action: "Action", corp: Any, hex_: "Hex", tile: "Tile") -> None:
    if corp is not None and corp.is_corporation() and game.hook("can_lay_tile", corp, hex_.id, tile) is False:
        raise IllegalAction(f"{corp.name} may not lay track on {hex_.id} now", "title rule")
    who = game.title.data["map"]["hexes"].get(hex_.id, {}).get("reserved_for")
    if not who or hex_.tile is not hex_.original_tile or corp is None:
        return
    holder = game.corporation_by_id(who)
    if holder is None or holder.closed or holder is corp:
        return
    if holder.owner is not None and holder.owner is corp.owner:
        return
    if not action.raw.get("consent"):
        raise IllegalAction(f"{hex_.id} is reserved for {holder.name}: its president must consent", "reserved hex")


def sides_allow(game: "Game", old: "Tile", new: "Tile", reached_sides: list[int]) -> bool:
    """Under a side-based restriction: is this rotation of the new tile connected well enough?"""
    from railbook.engine.steps.track import _path_le

    if game.t["operating_round"]["track_restriction"] not in SIDE_RULES:
        return True
    if new.city_towns:
        return bool(set(new.exits) & set(reached_sides))
    added = [p for p in new.paths if not any(_path_le(p, q) for q in old.paths)]
    sides = {e for p in added for e in p.edges}
    return bool(sides & set(reached_sides)) if sides else bool(set(new.exits) & set(reached_sides))
