"""Track rules: the tile lays a corporation has, which tile may replace which, terrain costs,
the tile supply, and the hooks around a lay; and who may lay a tile where, beyond the tile rules:

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

from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.map.hex import Hex, neighbors_changed
from railbook.engine.map.tile import COLORS, Tile, path_within
from railbook.engine.map.walk import tracks_connect
from railbook.engine.setup import new_tile
from railbook.errors import IllegalAction
from railbook.hexgrid import invert
from railbook.title.model import TileLay

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def tile_lays(game: "GameState", corp: Any) -> list[TileLay]:
    """The title's tile lays this corporation has now (some only in its first operating turn,
    some only for some types of corporation)."""
    out = []
    for lay in game.rules.operating_round.tile_lays:
        if lay.first_operation_only and corp.turns_operated > 0:
            continue
        if lay.corporation_types and corp.type not in lay.corporation_types:
            continue
        out.append(lay)
    return out


def splits_city(game: "GameState", old: Tile, new: Tile) -> bool:
    return (game.rules.operating_round.split_city_tokens == "choose_again"
            and len(old.cities) == 1 and len(new.cities) > 1)


def upgrades_to(game: "GameState", old: Tile, new: Tile, special: bool = False, hex_: Hex | None = None) -> bool:
    if game.hook("can_upgrade", hex_.id if hex_ else None, old, new) is False:
        return False
    if extra_upgrade(game, old, new):
        return True   # the lay keeps the old tile's exits (the track step checks them)
    restriction = game.title.model.upgrades.get(old.name)
    if restriction is not None:
        # the title names exactly what this tile becomes
        return new.name in restriction
    if old.color not in COLORS or new.color not in COLORS:
        return False
    if COLORS.index(new.color) != COLORS.index(old.color) + 1:
        return False
    targets = game.hook("upgrade_targets", hex_.id if hex_ else None, old)
    if targets is not None and new.name not in targets:
        return False
    if not old.paths_are_subset_of(new.paths):
        return False
    if special:
        return True
    future = old.future_label
    label = future.label if future is not None and future.color == new.color else old.label
    if (label or None) != (new.label or None):
        return False
    return _upgrades_city_town(old, new)


def extra_upgrade(game: "GameState", old: Tile, new: Tile) -> bool:
    """tiles.yaml ``extra_upgrades``: the old tile may also become this one now."""
    for e in game.title.model.extra_upgrades:
        if old.name in e.tiles and new.name in e.to and (e.from_phase is None or game.phase.available(e.from_phase)):
            return True
    return False


def _upgrades_city_town(old: Tile, new: Tile) -> bool:
    if len(old.towns) != len(new.towns):
        return False
    if not old.label and len(old.cities) != len(new.cities):
        return False
    if len(old.cities) > 1 and len(new.cities) > 1:
        old_cte = old.city_town_edges()
        new_cte = new.city_town_edges()
        if not any(all(any(all((e + r) % 6 in oc for e in c) for oc in new_cte) for c in old_cte)
                   for r in range(6)):
            return False
    if old.label and old.cities and not new.cities:
        return False
    if old.color == "white" and old.label == "OO" and len(old.cities) != len(new.cities):
        return False
    return True


def upgrade_cost(game: "GameState", old_tile: Tile, hex_: Hex, entity: Any) -> int:
    corp = entity.owner if entity.is_company() and entity.owner is not None and entity.owner.is_corporation() \
        else entity
    cost = old_tile.upgrade_cost()
    discount = 0
    for a in (corp.all_abilities() if hasattr(corp, "all_abilities") else []):
        if a.type == "tile_discount" and (not a.hexes or hex_.id in a.hexes):
            terrain = a.spec.terrain
            if terrain is None or terrain in old_tile.terrain_kinds():
                discount += a.discount
    return max(cost - min(cost, discount), game.rules.operating_round.min_tile_cost)


def update_tile_lists(game: "GameState", tile: Tile, old_tile: Tile) -> None:
    """A laid tile leaves the supply (an unlimited tile leaves a fresh copy); the tile it replaced
    goes back, unless it was printed on the map."""
    if tile.unlimited:
        clone = new_tile(game.title, tile.definition, max(t.index for t in game.all_tiles if t.name == tile.name) + 1, True,
                         like=tile)
        game.tiles.append(clone)
        game.all_tiles.append(clone)
        game.index_tile(clone)
    game.tiles.remove(tile)
    if not old_tile.preprinted:
        game.tiles.append(old_tile)


def reconnect_hex(game: "GameState", hex_: Hex) -> None:
    """A tile laid on a formerly impassable hex opens its exits to the neighbours."""
    for edge, n in hex_.all_neighbors.items():
        if any(b.edge == edge and b.type == "impassable" for b in hex_.tile.borders):
            continue
        if edge not in hex_.tile.exits:
            continue
        n.neighbors[invert(edge)] = hex_
        hex_.neighbors[edge] = n
    neighbors_changed([hex_])


def can_run_route(game: "GameState", entity: Any) -> bool:
    info = game.graph.route_info(entity)
    return bool(info and info.get("route_available"))


def forfeit_tile_lays(game: "GameState", layer: Any, hex_: Hex) -> None:
    """A tile laid on a hex that a private's tile lay names, other than with that private: abilities
    with ``lost_if_others_build`` are gone."""
    for c in game.companies:
        if c.closed or c is layer:
            continue
        for a in list(c.abilities):
            if a.type == "tile_lay" and a.lost_if_others_build and hex_.id in a.hexes:
                c.remove_ability(a)
                game.log(f"{c.name} loses the ability to lay track on {', '.join(a.hexes)}")


def after_lay_tile(game: "GameState", corp: Any, hex_: Hex, tile: Tile) -> None:
    game.hook("after_lay_tile", corp, hex_.id, tile)


def first_track(game: "GameState", hex_: Hex, tile: Tile) -> None:
    game.hook("first_track", hex_.id, tile)


SIDE_RULES = ("semi_restrictive_sides",)


def check_lay_permission(game: "GameState", corp: Any, hex_: "Hex", tile: "Tile", consent: bool = False) -> None:
    """Whether the corporation may lay here at all (``consent``: the reserving corporation's president agreed)."""
    if corp is not None and corp.is_corporation() and game.hook("can_lay_tile", corp, hex_.id, tile) is False:
        raise IllegalAction(f"{corp.name} may not lay track on {hex_.id} now", "title rule")
    printed = game.title.model.map.hexes.get(hex_.id)
    who = printed.reserved_for if printed is not None else None
    if not who or hex_.tile is not hex_.original_tile or corp is None:
        return
    holder = game.corporation_by_id(who)
    if holder is None or holder.closed or holder is corp:
        return
    if holder.owner is not None and holder.owner is corp.owner:
        return
    if not consent:
        raise IllegalAction(f"{hex_.id} is reserved for {holder.name}: its president must consent", "reserved hex")


def sides_allow(game: "GameState", old: "Tile", new: "Tile", reaches: Callable[[set[int]], bool]) -> bool:
    """Under a side-based restriction: is this rotation of the new tile connected well enough?
    ``reaches(sides)``: whether the corporation's reach marks the hex at one of those sides."""
    if game.rules.operating_round.track_restriction not in SIDE_RULES:
        return True
    if new.city_towns:
        return reaches(set(new.exits))
    added = [p for p in new.paths if not any(path_within(p, q) for q in old.paths)]
    sides = {e for p in added for e in p.edges}
    return reaches(sides) if sides else reaches(set(new.exits))


def restore_printed_tile(game: "GameState", hex_: Hex) -> bool:
    """A tile laid on the hex goes back to the supply and the printed hex returns with its printed
    borders; stations stay in their cities. False if the hex shows its printed tile."""
    old = hex_.tile
    printed = hex_.original_tile
    if old is printed:
        return False
    hex_.lay(printed)
    printed.borders = list(printed.definition.borders)
    if not old.preprinted:
        game.tiles.append(old)
    game.graph.clear_all()   # every corporation's network and route answer may change
    game.log(f"The tile on {hex_.id} is removed")
    return True


def pay_tile_income(game: "GameState", terrain: list[str]) -> None:
    """Privates with a tile_income ability pay their owner for each terrain of their kind a lay
    included (the hex's terrain, and each costed border it crossed)."""
    for company in game.companies:
        if company.closed or company.owner is None:
            continue
        for a in company.abilities:
            if a.type != "tile_income":
                continue
            times = terrain.count(a.spec.terrain) if a.spec.terrain else 1
            if times:
                income = a.spec.income * times
                game.bank.spend(income, company.owner)
                game.log(f"{company.owner.name} earns {game.format_money(income)} for the {a.spec.terrain} "
                         f"tile built ({company.name})")


def restriction_needs_reach(game: "GameState") -> bool:
    """Whether the title's track restriction asks which of a new tile's paths the corporation reaches."""
    restriction = game.rules.operating_round.track_restriction
    return restriction != "permissive" and restriction not in SIDE_RULES


def restriction_refusal(game: "GameState", old_tile: Tile, new_tile: Tile,
                        reaches: Callable[[set[Any]], bool]) -> IllegalAction | None:
    """The title's track restriction judged on an upgrade: ``reaches(paths)`` says whether the
    corporation's track reaches one of those paths of the new tile (what the graph says once the tile
    is down). A lay is allowed by any one path it reaches that adds track (one within no old path)
    or, under ``semi_restrictive``, changes a stop's value; so the question names those paths, and
    is not asked where the answer is known without it: under a permissive restriction, on a hex
    with no track before, for a city tile under ``city_permissive``."""
    for old_ct in [] if extra_upgrade(game, old_tile, new_tile) else old_tile.city_towns:  # stops may go there
        if not any(set(old_ct.exits) <= set(n.exits) for n in new_tile.city_towns):
            return IllegalAction("the new tile must keep the old track to every city and town", "tile upgrade")
    if not restriction_needs_reach(game):
        return None
    restriction = game.rules.operating_round.track_restriction
    old_paths = old_tile.paths
    if restriction not in ("restrictive", "semi_restrictive", "city_permissive") or not old_paths:
        return None   # no other restriction asks for the reach; all the new track is new on a bare hex
    if restriction == "city_permissive" and new_tile.cities:
        return None
    allowing: set[Any] = set()
    for np_ in new_tile.paths:
        op = next((p for p in old_paths if path_within(np_, p)), None)
        if op is None:
            allowing.add(np_)   # track the old tile did not have
        elif restriction == "semi_restrictive" and \
                sorted(n.max_revenue() for n in op.nodes) != sorted(n.max_revenue() for n in np_.nodes):
            allowing.add(np_)   # a stop's value changed
    if allowing and reaches(allowing):
        return None
    if restriction == "restrictive":
        return IllegalAction("the new tile must add track the corporation can use", "track restriction")
    if restriction == "semi_restrictive":
        return IllegalAction("the new tile must add usable track or change a city's value", "track restriction")
    return IllegalAction("the new tile must be a city tile or add usable track", "track restriction")


def paths_reached_once_laid(game: "GameState", corp: Any, hex_: Hex, tile: Tile,
                            memo: dict[Any, Any] | None = None) -> set[Any]:
    """The paths of ``tile`` (rotated as it would lie) the corporation's track would reach once it
    replaces the tile on ``hex_``, judged without laying it. A path is reached where it meets track
    of a neighbour the corporation reaches without passing through the hex; where it starts at a
    city holding the corporation's station; where it continues a reached path through a stop that
    does not block the corporation; and where it meets track that a reached path leads out to and
    back from (by another side, sharing no side with the way out). A path entered by one of its
    sides leaves by the others only. ``memo`` keeps the walks for the other tiles of one listing."""
    memo = {} if memo is None else memo

    def avoiding(side: int | None) -> dict[Any, bool]:
        key = (corp, hex_, hex_.tile, side)
        if key not in memo:
            if side is None:
                connected = game.graph.connected_paths(corp)
                # no walk crosses the hex when none of its track is reached: the graph as it is
                memo[key] = game.graph.paths_avoiding(corp, hex_) if any(p in connected for p in hex_.tile.paths) \
                    else connected
            else:
                neighbor = hex_.neighbors.get(side)
                entries = [(q, invert(side)) for q in neighbor.tile.paths_at(invert(side))] if neighbor else []
                memo[key] = game.graph.paths_avoiding(corp, hex_, entries) if entries else {}
        return memo[key]

    def meets(p: Any, edge: int, reach: dict[Any, bool]) -> bool:
        neighbor = hex_.neighbors.get(edge)
        return neighbor is not None and any(q in reach and tracks_connect(q.track, p.track)
                                            for q in neighbor.tile.paths_at(invert(edge)))

    city_map = hex_.city_map_for(tile)
    stations = {new for old, new in city_map.items() if new is not None and old.tokened_by(corp)}
    blocked = {new for old, new in city_map.items() if new is not None and old.blocks(corp)} - stations
    entered: dict[Any, set[int | None]] = {}   # each reached path: the sides it is entered by (None: a stop)

    def enter(p: Any, side: int | None) -> bool:
        ways = entered.setdefault(p, set())
        if side in ways:
            return False
        ways.add(side)
        return True

    def leaves_by(p: Any, side: int) -> bool:
        return not p.terminal and side in p.edges and any(way != side for way in entered[p])

    outside = avoiding(None)
    for p in tile.paths:
        if any(node in stations for node in p.nodes):
            enter(p, None)
        for e in p.edges:
            if meets(p, e, outside):
                enter(p, e)
    changed = bool(entered)
    while changed:
        changed = False
        for p in [p for p in entered if not p.terminal]:
            nexts = [q for node in p.nodes if node not in blocked for q in tile.paths if node in q.nodes]
            if p.junction is not None:
                nexts += [q for q in tile.paths if q.junction is p.junction]
            for q in nexts:
                changed = enter(q, None) or changed
        for side in sorted({e for p in tile.paths for e in p.edges}):
            leaving = [set(p.edges) for p in entered if leaves_by(p, side)]
            if not leaving:
                continue
            back = avoiding(side)
            for q in tile.paths:   # coming back by another side onto track that shares none with the way out
                if any(not (set(q.edges) & out) for out in leaving):
                    for e in q.edges:
                        if e != side and meets(q, e, back):
                            changed = enter(q, e) or changed
    return set(entered)
