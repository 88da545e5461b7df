"""Laying and upgrading track: the tile rules every title shares.

A tile may be laid if its colour is the next after the hex's, it keeps the old
track, its labels and city/town counts match, its new exits lead onto the map,
the corporation reaches one of them, and the tile is in the supply and allowed
in the current phase. Terrain and border costs are paid; private abilities may
lay extra or unconnected tiles.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

from railbook.precompiled import dataclass  # dataclasses.dataclass, methods compiled ahead of time

from railbook.engine.map.tile import COLORS, path_within
from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.rules.privates import price_range, purchasable_companies
from railbook.engine.rules.track import (
    after_lay_tile,
    extra_upgrade,
    check_lay_permission,
    first_track,
    pay_tile_income,
    paths_reached_once_laid,
    forfeit_tile_lays,
    reconnect_hex,
    restriction_refusal,
    sides_allow,
    splits_city,
    tile_lays,
    update_tile_lists,
    upgrade_cost,
    upgrades_to,
)
from railbook.engine.legal import LegalAction, simple, track_layout
from railbook.engine.points import Point
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds
from railbook.hexgrid import invert
from railbook.title.model import TileLay

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.map.hex import Hex
    from railbook.engine.map.tile import Tile


@dataclass(frozen=True)
class LayPlan:
    """What a lay the rules allow costs, and what is judged only with the tile on the board."""

    cost: int                  # terrain, borders and the lay's own cost, less discounts
    teleport_cost: int         # what a teleporting private charges
    split: bool                # the lay splits a city: its stations are lifted and put back
    restricted: bool           # the title's track restriction is checked once the tile is down
    terrain: tuple[str, ...] = ()   # the terrain kinds the lay pays for (tile_income privates earn on them)


#: a title's tile lay as one turn resolves it, by the lay and what the turn allows (lays are frozen
#: and few: each is resolved once per process, not once per question)
_RESOLVED_LAYS: dict[tuple[TileLay, bool, bool], TileLay] = {}


class Tracker:
    """Tile laying shared by the track step and private abilities."""

    game: Any
    round: Any
    current_entity: Callable[[], Any]   # the step's
    #: while the lays are listed: the walks that judge the track restriction, kept for every tile of a hex
    foresee_memo: dict[Any, Any] | None = None

    def tracker_setup(self) -> None:
        self.round.num_laid_track = 0
        self.round.num_upgraded_track = 0
        self.round.upgraded_track = False
        self.round.laid_city = False
        self.round.laid_hexes = []

    def get_tile_lay(self, entity: Any) -> TileLay | None:
        """The tile lay the entity has next this turn, as it stands now (``not_if_upgraded``
        resolved; an upgrade costs what a lay costs unless the title says otherwise)."""
        corp = entity.owner if entity.is_company() else entity
        if corp is None or not corp.is_corporation():   # a player's private lays for the corporation operating
            corp = self.game.current_operator()
            if corp is None:
                return None
        lays = tile_lays(self.game, corp)
        idx = self.round.num_laid_track
        if idx >= len(lays):
            return None
        lay = lays[idx]
        if lay.lay == "not_if_upgraded_or_city":
            may_lay = not self.round.upgraded_track and not self.round.laid_city
        else:
            may_lay = (not self.round.upgraded_track) if lay.lay == "not_if_upgraded" else bool(lay.lay)
        may_upgrade = (not self.round.upgraded_track) if lay.upgrade == "not_if_upgraded" else bool(lay.upgrade)
        key = (lay, may_lay, may_upgrade)
        resolved = _RESOLVED_LAYS.get(key)
        if resolved is None:
            resolved = _RESOLVED_LAYS[key] = dataclasses.replace(
                lay, lay=may_lay, upgrade=may_upgrade,
                upgrade_cost=lay.cost if lay.upgrade_cost is None else lay.upgrade_cost)
        return resolved

    def raw_tile_lay(self, entity: Any) -> bool | str | None:
        """What the title says of the turn's next lay (``lay``), unresolved."""
        corp = entity.owner if entity.is_company() else entity
        if corp is None or not corp.is_corporation():
            corp = self.game.current_operator()
        lays = tile_lays(self.game, corp) if corp is not None else []
        idx = self.round.num_laid_track
        return lays[idx].lay if idx < len(lays) else None

    def can_lay_tile(self, entity: Any) -> bool:
        if self.tile_lay_abilities_should_block(entity):
            return True
        if self.can_buy_tile_laying_company(entity, "track"):
            return True
        lay = self.get_tile_lay(entity)
        if lay is None:
            return False
        return bool(entity.tokens) and entity.cash >= lay.cost and bool(lay.lay or lay.upgrade)

    def can_buy_tile_laying_company(self, entity: Any, time: str) -> bool:
        """The corporation could still buy a private that lays track now: the track step waits for it."""
        game = self.game
        if entity is not self.current_entity() or "privates_buyable_by_corporations" not in game.phase.status:
            return False
        for company in purchasable_companies(game, entity):
            if price_range(game, company, entity)[0] > entity.cash:
                continue
            if any(a.type == "tile_lay" and time in a.when for a in company.abilities):
                return True
        return False

    def tile_lay_abilities_should_block(self, entity: Any) -> bool:
        for time in ("track", "owning_player_track"):
            for a in usable_abilities(self.game, entity, "tile_lay", time=[time], passive_ok=False):
                if not a.consume_tile_lay:
                    return True
        return False

    def lay_tile_action(self, action: "Action", entity: Any = None, spender: Any = None) -> None:
        lay = self.check_tile_lay(action.entity, action.hex, action.tile)
        upgrade = action.hex.tile.color != "white"
        extra_cost = lay.cost if action.tile.color == "yellow" else (lay.upgrade_cost or 0)
        self.lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        if upgrade:
            self.round.upgraded_track = True
            self.round.num_upgraded_track += 1
        if action.tile.cities:
            self.round.laid_city = True
        self.round.num_laid_track += 1
        self.round.laid_hexes.append(action.hex)

    def check_tile_lay(self, entity: Any, hex_: "Hex", tile: "Tile") -> TileLay:
        """The tile lay of the turn this tile uses, if one is left for it (else the rule it breaks)."""
        lay = self.get_tile_lay(entity)
        upgrade = hex_.tile.color != "white"
        if upgrade and not (lay and lay.upgrade):
            raise IllegalAction("no upgrade is allowed now (tile lays used up)", "tile lays")
        if tile.color == "yellow" and not (lay and lay.lay):
            raise IllegalAction("no yellow tile may be laid now (tile lays used up)", "tile lays")
        if lay is None:
            raise IllegalAction("no more tiles may be laid this turn", "tile lays")
        if tile.cities and self.round.num_laid_track \
                and self.raw_tile_lay(entity) == "not_if_upgraded_or_city":
            raise IllegalAction("this tile lay may not be a city tile", "tile lays")
        if lay.cannot_reuse_same_hex and hex_ in self.round.laid_hexes:
            raise IllegalAction(f"{hex_.id} already had a tile laid this turn", "tile lays")
        return lay

    def lay_tile(self, action: "Action", extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        entity = entity or action.entity
        spender = spender or entity
        tile: Tile = action.tile
        hex_: Hex = action.hex
        rotation = action.rotation
        old_tile = hex_.tile
        plan = self.plan_lay(entity, spender, hex_, tile, rotation, extra_cost, bool(action.raw.get("consent")))
        if plan.split:
            self.lift_split_tokens(hex_, old_tile)
        tile.rotate(rotation)
        if plan.teleport_cost:
            spender.spend(plan.teleport_cost, game.bank)
        update_tile_lists(game, tile, old_tile)
        hex_.lay(tile)
        self.remove_borders(tile, hex_)
        if old_tile.color in ("blue", "gray", "red"):
            reconnect_hex(game, hex_)
            game.graph.clear()
        else:
            game.graph.invalidate_hex(hex_)
        if plan.restricted:
            # judged on the board with the new tile, as routes will see it (an illegal lay is rolled back)
            self.check_track_restrictions(entity, old_tile, tile)
        cost = plan.cost
        if cost > 0:
            spender.spend(cost, game.bank)
        pay_tile_income(game, list(plan.terrain))
        game.log(f"{spender.name}{' spends ' + game.format_money(cost) + ' and' if cost else ''} lays tile "
                 f"#{tile.name} with rotation {rotation} on {hex_.id}")
        if plan.split:
            self.take_back_own_token(action, spender)
            game.graph.clear_all()
        else:
            self.update_token(action, entity, tile, old_tile)
        forfeit_tile_lays(game, entity, hex_)
        after_lay_tile(game, spender if spender.is_corporation() else entity, hex_, tile)

    def lay_abilities(self, entity: Any, hex_: "Hex", tile: "Tile") -> list[Any]:
        """The entity's own tile-lay and teleport abilities usable now for this tile on this hex."""
        times = self.ability_times()
        return [a for a in usable_abilities(self.game, entity, "tile_lay", time=times)
                + usable_abilities(self.game, entity, "teleport", time=times)
                if a.owner is entity and (not a.hexes or hex_.id in a.hexes) and (not a.tiles or tile.name in a.tiles)]

    def plan_lay(self, entity: Any, spender: Any, hex_: "Hex", tile: "Tile", rotation: int, extra_cost: int = 0,
                 consent: bool = False, foresee: bool = False) -> "LayPlan":
        """Every rule of a lay the board as it stands can judge, without changing anything: the
        tile is free, allowed now and here, upgrades the old one in this rotation, and is paid for.
        Raises the rule a lay breaks; returns what laying it costs. The track restriction is judged
        once the tile is down; ``foresee`` judges it now, from the track around the hex (listing
        the legal lays)."""
        game = self.game
        old_tile = hex_.tile
        if tile.hex is not None:
            raise IllegalAction(f"tile {tile.id} is already on {tile.hex.id}", "tile supply")
        if tile not in game.tiles:
            raise IllegalAction(f"tile {tile.id} is not in the supply", "tile supply")
        blocker = self.ability_blocking_hex(entity, hex_)
        if blocker is not None:
            raise IllegalAction(f"{hex_.id} is blocked by {blocker.owner.name}", "blocked hex")
        check_lay_permission(game, spender if spender.is_corporation() else None, hex_, tile, consent=consent)
        if tile.color not in game.phase.tiles and tile.color in COLORS:
            raise IllegalAction(f"{tile.color} tiles are not available in phase {game.phase.name}", "phase tiles")
        if tile.blocks_lay and not entity.is_company():
            raise IllegalAction(f"tile {tile.name} is laid only with a private's ability", "tile supply")
        split = splits_city(game, old_tile, tile)
        had_token = split and any(c.tokened_by(spender) for c in old_tile.cities)
        # the abilities this lay uses: a private's lays ignore the tile's label and city count
        # unless its ability says they do not (special: false)
        abilities = self.lay_abilities(entity, hex_, tile) if entity.is_company() else None
        special = abilities is not None and (not abilities or any(a.type == "teleport" or a.special
                                                                  for a in abilities))
        before = tile.rotation
        tile.rotate(rotation)
        try:
            if not upgrades_to(game, old_tile, tile, special=special, hex_=hex_):
                raise IllegalAction(f"{old_tile.name} on {hex_.id} cannot be upgraded to {tile.name}", "tile upgrade")
            legal = self.legal_split_rotation(spender, hex_, tile, had_token) if split \
                else self.legal_tile_rotation(entity, hex_, tile)
            if not legal:
                raise IllegalAction(f"tile {tile.name} with rotation {rotation} is not a legal lay on {hex_.id}",
                                    "tile placement")
            border_cost = self.border_cost(tile, hex_, spender)
            crossed = self.border_types(tile, hex_)
            restricted = entity.is_operator() and not split and replacement_rotation(tile, old_tile) is None
        finally:
            tile.rotate(before)
        # the abilities used by this lay
        free = False
        discount = 0
        teleport = False
        teleport_cost = 0
        found = False
        for ability in abilities if abilities is not None else self.lay_abilities(entity, hex_, tile):
            found = True
            if ability.type == "teleport":
                teleport = True
                free = free or ability.free_tile_lay
                teleport_cost += ability.cost
            else:
                if ability.reachable and hex_.id not in spender.coordinates and \
                        hex_ not in game.graph.connected_hexes(spender):
                    raise IllegalAction(f"track laid must connect to a station of {spender.name}", "connectivity")
                free = free or ability.free
                discount += ability.discount
                extra_cost += ability.cost
        if entity.is_company() and not found:
            raise IllegalAction(f"{entity.name} has no ability to lay tile {tile.name} on {hex_.id}", "private ability")
        if free:
            cost = extra_cost
        else:
            base = upgrade_cost(game, old_tile, hex_, entity) + border_cost + extra_cost
            cost = base - min(base, discount)
        if cost + teleport_cost > 0 and spender.cash < cost + teleport_cost:
            raise InsufficientFunds(f"{spender.name} cannot pay {game.format_money(cost + teleport_cost)} for the "
                                    "tile", "tile cost")
        restricted = restricted and not teleport
        if restricted and foresee:
            tile.rotate(rotation)
            try:
                memo = self.foresee_memo
                refusal = restriction_refusal(
                    game, old_tile, tile,
                    lambda paths: bool(paths & paths_reached_once_laid(game, entity, hex_, tile, memo)))
            finally:
                tile.rotate(before)
            if refusal is not None:
                raise refusal
        terrain = tuple(old_tile.terrain_kinds()) + (() if free else tuple(crossed))
        return LayPlan(cost=cost, teleport_cost=teleport_cost, split=split, restricted=restricted, terrain=terrain)

    # -- every legal lay
    def legal_lays(self, entity: Any, hexes: Any, check: Callable[..., Any],
                   tiles: tuple[str, ...] = ()) -> list[LegalAction]:
        """Each lay ``check(hex, tile, rotation, consent)`` accepts, of a free copy of each tile (only
        ``tiles``, if named) on each of ``hexes``; rotations that lay the same track are listed once.
        A lay on a hex reserved for another corporation is listed with its president's consent."""
        game = self.game
        supply: dict[str, Tile] = {}
        for t in game.tiles:
            if t.hex is None and (not tiles or t.name in tiles):
                supply.setdefault(t.name, t)
        out: list[LegalAction] = []
        self.foresee_memo = {}
        try:
            for hex_ in hexes:
                out.extend(self.legal_lays_on(entity, hex_, supply, check))
        finally:
            self.foresee_memo = None
        return out

    def legal_lays_on(self, entity: Any, hex_: "Hex", supply: dict[str, Tile],
                      check: Callable[..., Any]) -> list[LegalAction]:
        """The lays ``check`` accepts on one hex, of the tiles of ``supply``."""
        out = []
        old = hex_.tile
        for tile in supply.values():
            if not may_replace(self.game, old, tile):
                continue
            layouts = set()
            for rotation in range(6):
                layout = track_layout(tile, rotation)
                if layout in layouts:
                    continue
                consent: dict[str, Any] = {}
                try:
                    check(hex_, tile, rotation, False)
                except IllegalAction as exc:
                    if exc.rule != "reserved hex":
                        continue
                    try:
                        check(hex_, tile, rotation, True)
                    except IllegalAction:
                        continue
                    consent = {"consent": True}
                layouts.add(layout)
                out.append(simple("lay_tile", entity, hex=hex_.id, tile=tile.id, rotation=rotation, **consent))
        return out

    def check_turn_lay(self, entity: Any, spender: Any, hex_: "Hex", tile: "Tile", rotation: int,
                       consent: bool) -> None:
        """``lay_tile_action``'s rules, judged without laying: a lay of the turn."""
        lay = self.check_tile_lay(entity, hex_, tile)
        extra_cost = lay.cost if tile.color == "yellow" else (lay.upgrade_cost or 0)
        self.plan_lay(entity, spender, hex_, tile, rotation, extra_cost,
                      consent, foresee=True)

    # -- a city splitting in two (title option split_city_tokens: choose_again)
    def lift_split_tokens(self, hex_: "Hex", old_tile: "Tile") -> None:
        """The old city's stations are lifted (each owner puts its own back later, for free) and a
        reservation on it becomes a reservation of the whole hex."""
        city = old_tile.cities[0]
        reserved = [r for r in city.reservations if r is not None]
        if reserved:
            city.reservations = []
            old_tile.reservations.append(reserved[0])
        saved = []
        for token in [t for t in city.tokens if t is not None]:
            token.price = 0
            saved.append({"entity": token.corporation, "hexes": [hex_], "token": token})
            token.remove()
        self.game.saved_tokens = saved
        self.game.saved_tokens_hex = hex_ if saved else None

    def legal_split_rotation(self, entity: Any, hex_: "Hex", tile: "Tile", had_token: bool) -> bool:
        old = hex_.tile
        if sorted(old.exits) != sorted(tile.exits):
            return False
        if not all(e in hex_.neighbors for e in tile.exits):
            return False
        if not all(any(path_within(p, q) for q in tile.paths) for p in old.paths):
            return False
        if had_token:  # its own station was in the city: it may lay whichever way keeps the track
            return True
        return self.reaches_sides(entity, hex_, set(tile.exits))

    def take_back_own_token(self, action: "Action", corp: Any) -> None:
        """The corporation that splits the city puts its own lifted station back at once."""
        mine = next((t for t in self.game.saved_tokens if t["entity"] is corp), None)
        if mine is None:
            return
        self.round.pending_tokens.append(dict(mine))
        self.game.saved_tokens.remove(mine)
        self.game.log(f"{corp.name} must choose a city for its token")

    def ability_times(self) -> list[str]:
        return ["track", "owning_corp_or_turn", "owning_player_or_turn", "owning_player_track", "or_between_turns",
                "stock_round", "sold", "any"]

    def ability_blocking_hex(self, entity: Any, hex_: "Hex") -> Any:
        game = self.game
        for holder in list(game.companies) + list(game.minors) + list(game.corporations):
            if getattr(holder, "closed", False) or holder is entity:
                continue
            for ability in usable_abilities(game, holder, "blocks_hexes"):
                if hex_.id in ability.hexes:
                    return ability
        return None

    def hex_neighbors(self, entity: Any, hex_: "Hex") -> list[int] | None:
        return self.game.graph.connected_hexes(entity).get(hex_)

    def reaches_sides(self, entity: Any, hex_: "Hex", sides: set[int]) -> bool:
        """Whether the entity's reach holds one of these sides of the hex (one of ``hex_neighbors``):
        the route graph's walk stops at the first it marks, where the step keeps the graph's answer
        (a step that says itself what an entity reaches, overriding ``hex_neighbors``, is asked)."""
        if type(self).hex_neighbors is not Tracker.hex_neighbors:
            return bool(sides & set(self.hex_neighbors(entity, hex_) or []))
        return self.game.graph.reaches_sides(entity, hex_, sides)

    def legal_tile_rotation(self, entity: Any, hex_: "Hex", tile: "Tile") -> bool:
        old = hex_.tile
        replaced = replacement_rotation(tile, old)
        if replaced is not None:  # the tile replaces the old one outright: its own rotation, old track may go
            return tile.rotation == replaced and hex_ in self.game.graph.connected_hexes(entity)
        reaches = partial(self.reaches_sides, entity, hex_)
        if extra_upgrade(self.game, old, tile):  # its exits stay, its stops may go
            return (all(e in hex_.neighbors for e in tile.exits) and set(old.exits) <= set(tile.exits)
                    and reaches(set(tile.exits)) and sides_allow(self.game, old, tile, reaches))
        if old.definition.upgrade_placed_by_reservation and any(c.definition.reserved_for for c in tile.cities):
            # the reserved city fixes the rotation: reaching the hex is enough (the old track is still kept)
            return (hex_ in self.game.graph.connected_hexes(entity)
                    and all(any(path_within(p, q) for q in tile.paths) for p in old.paths)
                    and all(e in hex_.neighbors for e in tile.exits))
        old_ct = old.city_town_edges()
        new_exits = tile.exits
        new_ct = tile.city_town_edges()
        added = max(0, len(new_ct) - len(old_ct))
        multi = len(tile.cities) > 1 and len(old.cities) > 1
        if not all(e in hex_.neighbors for e in new_exits):
            return False
        if not all(any(path_within(p, q) for q in tile.paths) for p in old.paths):
            return False
        # a stop with no exits of its own (a city joined only to a town on the tile) is never a new one
        if added < sum(1 for n in new_ct if n and all(not (set(n) & set(o)) for o in old_ct)):
            return False
        if multi and not all(sum(1 for n in new_ct if set(o) <= set(n)) == 1 for o in old_ct):
            return False
        # the reach last: the board's own checks are cheaper than the walk
        return reaches(set(new_exits)) and sides_allow(self.game, old, tile, reaches)

    def check_track_restrictions(self, entity: Any, old_tile: "Tile", new_tile: "Tile") -> None:
        if not entity.is_operator():
            return
        graph = self.game.graph
        refusal = restriction_refusal(self.game, old_tile, new_tile,
                                      lambda paths: graph.reaches_any_path(entity, paths))
        if refusal is not None:
            raise refusal

    def border_cost(self, tile: "Tile", hex_: "Hex", spender: Any = None) -> int:
        """What the borders with a cost the lay crosses cost, each less the spender's discounts for
        terrain of its kind (a tile_discount whose terrain is the border's type)."""
        total = 0
        for b in tile.borders + hex_.tile.borders:
            if not b.cost:
                continue
            neighbor = hex_.neighbors.get(b.edge)
            if neighbor is None:
                continue
            if b.edge in tile.exits and neighbor.targeting(hex_):
                total += b.cost - min(b.cost, border_discount(spender, b.type))
        return total

    def border_types(self, tile: "Tile", hex_: "Hex") -> list[str]:
        """The kinds of the borders with a cost this lay crosses (as border_cost counts them)."""
        kinds = []
        for b in tile.borders + hex_.tile.borders:
            neighbor = hex_.neighbors.get(b.edge)
            if b.cost and neighbor is not None and b.edge in tile.exits and neighbor.targeting(hex_):
                kinds.append(b.type or "")
        return kinds

    def remove_borders(self, tile: "Tile", hex_: "Hex") -> None:
        keep = []
        for b in tile.borders:
            neighbor = hex_.neighbors.get(b.edge)
            if b.cost and neighbor is not None and hex_.targeting(neighbor) and neighbor.targeting(hex_):
                neighbor.tile.borders = [nb for nb in neighbor.tile.borders if nb.edge != invert(b.edge)]
                continue
            keep.append(b)
        tile.borders = keep

    def update_token(self, action: "Action", entity: Any, tile: "Tile", old_tile: "Tile") -> None:
        """The first track on a hex: on a hex of several cities the stations there are lifted, each
        waiting for the corporation laying to place it again (the 18xx rule: the printed hex did
        not say which city is which); then the title's first_track hook may place them itself."""
        if old_tile.paths or not tile.paths:
            return
        lifted = []
        if len(tile.cities) > 1:
            actor = entity.owner if entity.is_company() else entity
            for token in [t for c in tile.cities for t in c.tokens if t is not None]:
                choice = {"entity": actor, "hexes": [action.hex], "token": token}
                self.round.pending_tokens.append(choice)
                token.remove()
                lifted.append(choice)
        first_track(self.game, action.hex, tile)
        for choice in lifted:
            if any(p is choice for p in self.round.pending_tokens):
                self.game.log(f"{choice['entity'].name} must choose a city for {choice['token'].corporation.name}'s "
                              f"token")


def border_discount(spender: Any, kind: str | None) -> int:
    if spender is None or kind is None or not hasattr(spender, "all_abilities"):
        return 0
    return sum(a.discount for a in spender.all_abilities() if a.type == "tile_discount" and a.spec.terrain == kind
               and not a.hexes)


def may_replace(game: Any, old: "Tile", new: "Tile") -> bool:
    """What ``upgrades_to`` asks first, for any rotation: an extra upgrade, the title's list of upgrades,
    or the next colour."""
    if extra_upgrade(game, old, new):
        return True
    restriction = game.title.model.upgrades.get(old.name)
    if restriction is not None:
        return new.name in restriction
    if new.color in COLORS and new.color not in game.phase.tiles:
        return False
    return old.color in COLORS and new.color in COLORS and COLORS.index(new.color) == COLORS.index(old.color) + 1


def replacement_rotation(new: "Tile", old: "Tile") -> int | None:
    """The rotation a tile takes when it replaces the old tile outright (tiles.yaml ``replaces``), else None."""
    spec = new.definition.replaces
    if spec is None or old.name not in spec.tiles:
        return None
    return spec.rotation


TRACK_LEFT_ALONE = Point("track", "left alone", "(step, corporation) -> bool: yes, the step offers it nothing")


class TrackStep(Step, Tracker):
    type_name = "track"
    POINTS: tuple[Point, ...] = (TRACK_LEFT_ALONE,)

    def description(self) -> str:
        return "Lay Track"

    def pass_description(self) -> str:
        return "Done (Track)" if self.acted else "Skip (Track)"

    def setup(self) -> None:
        self.tracker_setup()

    def actions(self, entity: Any) -> list[str]:
        if "track" in self.game.skipped_steps:
            return []
        if self.game.extensions.yes(TRACK_LEFT_ALONE, self, entity):
            return []
        if entity is not self.current_entity() or entity.is_company() or not self.can_lay_tile(entity):
            return []
        return ["lay_tile", "pass"]

    def process_lay_tile(self, action: "Action") -> None:
        self.lay_tile_action(action)
        if not self.can_lay_tile(action.entity):
            self.pass_()

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        lays = self.legal_lays(entity, list(self.game.graph.connected_hexes(entity)),
                               lambda h, t, r, c: self.check_turn_lay(entity, entity, h, t, r, c))
        return lays + [simple("pass", entity)]

    def refusal(self, action: "Action") -> IllegalAction | None:
        if action.type != "lay_tile" or action.entity is not self.round.entities[self.round.entity_index]:
            return None
        if self.round.num_laid_track:
            return IllegalAction(f"{action.entity.name} has laid all the tiles it may this turn", "tile lays")
        return IllegalAction(f"{action.entity.name} may not lay track now", "tile lays")
