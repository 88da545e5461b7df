"""Private companies and their abilities.

Abilities follow one vocabulary (blocks_hexes, tile_lay, teleport, token,
exchange, shares, close, no_sale_to_corporation, revenue_change, reservation,
tile_discount, ...): the title's data says which a private has, the engine's
steps say when each may be used.
"""

from __future__ import annotations

from typing import Any

from railbook.engine.entities.core import Entity, Passer
from railbook.title.model import AbilityDef, PrivateDef

# data timing names -> the engine's timing names
WHEN = {
    "owning_corporation_turn": "owning_corp_or_turn",
    "owning_player_turn": "owning_player_or_turn",
    "owning_player_stock_round": "owning_player_sr_turn",
}


class Ability:
    """One ability of a private (or, rarely, of a corporation): its definition, whose it is,
    and what using it has left of it."""

    def __init__(self, spec: AbilityDef, owner: Any):
        self.spec = spec
        self.type = spec.type
        self.owner = owner
        owner_kind = spec.owner or spec.while_owned_by
        self.owner_type = None if owner_kind in (None, "any") else owner_kind
        self.when = [WHEN.get(w, w) for w in spec.when]
        self.passive = not self.when
        # usable by the president's corporation while a player owns the private (a timing of the owning player)
        self.owning_player = "owning_player" in "".join(self.when)
        self.count = spec.count
        self.start_count = self.count
        self.count_per_or = spec.count_per_or
        self.count_this_or = 0
        self.used = False
        self.hexes: list[str] = list(spec.hexes)
        self.tiles: list[str] = list(spec.tiles)
        self.laid_hexes: list[str] = []
        self.hex_objects: list[Any] = []  # the hexes a blocks_hexes ability blocks, once the map is built
        self.free = spec.free
        self.discount = spec.discount
        self.special = spec.special
        self.reachable = spec.reachable
        self.consume_tile_lay = spec.consumes_tile_lay
        self.cost = spec.cost
        self.closed_when_used_up = spec.closes_when_used_up
        self.blocks = spec.blocks
        self.must_lay_together = spec.must_lay_together
        self.must_lay_all = spec.must_lay_together and spec.must_lay_all
        self.lost_if_others_build = spec.lost_if_others_build
        self.from_owner = bool(spec.from_owner)
        self.free_tile_lay = spec.free_tile_lay
        self.price_ = spec.price
        self.teleport_price = spec.teleport_price
        self.extra_action = spec.extra_action
        self.city = spec.city
        self.connected = spec.connected
        self.special_only = spec.special_only
        self.corporations = spec.corporations
        self.from_ = list(spec.from_)
        # the certificates a shares ability brings, by id (the game puts its own certificates here)
        self.shares: list[Any] = list(spec.shares)
        self.corporation = spec.corporation
        self.on = spec.on
        self.on_phase = spec.phase if self.type in ("close", "revenue_change") and spec.on == "phase" else None
        self.revenue = spec.revenue
        self.reserved_shares: list[Any] = []   # exchange with reserves_share: the certificates kept for it
        self.reserved_hex: Any = None    # the hex a reservation ability holds a city slot on, once the map is built

    def teardown(self) -> None:
        """What an ability leaves behind goes when it does: a reserved slot is free again."""
        if self.reserved_hex is not None:
            for city in self.reserved_hex.tile.cities:
                city.remove_reservation(self.owner)
            self.reserved_hex = None

    def when_any(self, *times: str) -> bool:
        return bool(set(self.when) & set(times))

    def use(self, upgrade: bool = False) -> None:
        self.used = True
        if self.spec.closes_at_round_end and getattr(self.owner, "is_company", lambda: False)():
            self.owner.closes_at_round_end = True
        if self.count_per_or:
            self.count_this_or += 1
        if self.count is None:
            return
        self.count -= 1
        if self.count <= 0:
            self.owner.remove_ability(self)

    def __repr__(self) -> str:
        return f"<Ability {self.type} of {getattr(self.owner, 'name', '?')}>"


class Company(Entity, Passer):
    """A private company."""

    def __init__(self, definition: PrivateDef):
        self.definition = definition
        self.id = definition.sym
        self.sym = definition.sym
        self.name = definition.sym
        self.full_name = definition.name
        self.value = definition.value
        self.price = definition.price if definition.price is not None else definition.value
        self.closes_at_round_end = False     # an ability used closes it when the operating round ends
        self.revenue = definition.revenue
        self.discount = 0
        self.min_price = definition.min_price
        self.max_price_ = definition.max_price
        self.owner: Any = None
        self.owner_when_closed: Any = None
        self.closed = False
        self.passed = False
        self.abilities = [Ability(a, self) for a in definition.abilities]

    def is_company(self) -> bool:
        return True

    @property
    def player(self) -> Any:
        return self.owner.player if self.owner is not None else None

    @property
    def corporation(self) -> Any:
        return self.owner if self.owner is not None and self.owner.is_corporation() else None

    def min_bid(self) -> int:
        return self.price - self.discount

    def max_price(self, buyer: Any = None) -> int:
        return self.max_price_

    def all_abilities(self) -> list[Ability]:
        return self.abilities

    def remove_ability(self, ability: Ability) -> None:
        self.abilities = [a for a in self.abilities if a is not ability]
        ability.teardown()
        if ability.type == "blocks_hexes":
            for h in ability.hex_objects:
                h.tile.blockers = [b for b in h.tile.blockers if b is not self]

    def close(self) -> None:
        self.closed = True
        self.owner_when_closed = self.owner
        for a in list(self.abilities):
            for share in a.reserved_shares:    # a closed private's reserved certificates go on sale
                share.buyable = True
            self.remove_ability(a)
        if self.owner is not None and hasattr(self.owner, "companies"):
            if self in self.owner.companies:
                self.owner.companies.remove(self)
        self.owner = None

    def __repr__(self) -> str:
        return f"<Company {self.sym}>"
