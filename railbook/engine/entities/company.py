"""Private companies and their abilities.

Abilities follow one vocabulary (blocks_hexes, tile_lay, teleport, token,
exchange, shares, close, no_sale_to_corporation, revenue_change, reservation,
tile_discount, ...): the title's data says which a private has, the engine's
steps say when each may be used.
"""

from __future__ import annotations

from typing import Any

from railbook.engine.entities.core import Entity, Passer

# data timing names -> the engine's timing names
WHEN = {
    "owning_corporation_turn": "owning_corp_or_turn",
    "owning_player_turn": "owning_player_or_turn",
    "owning_player_stock_round": "owning_player_sr_turn",
}


class Ability:
    """One ability of a private (or, rarely, of a corporation)."""

    def __init__(self, spec: dict[str, Any], owner: Any):
        self.spec = dict(spec)
        self.type = spec["type"]
        self.owner = owner
        owner_kind = spec.get("owner") or spec.get("while_owned_by")
        self.owner_type = None if owner_kind in (None, "any") else owner_kind
        self.when = [WHEN.get(w, w) for w in spec.get("when", [])]
        self.count = spec.get("count")
        self.start_count = self.count
        self.count_per_or = spec.get("count_per_or")
        self.count_this_or = 0
        self.used = False
        self.hexes: list[str] = list(spec.get("hexes", []) or [])
        self.tiles: list[str] = list(spec.get("tiles", []) or [])
        self.laid_hexes: list[str] = []
        self.passive = not self.when
        # tile_lay defaults
        self.free = bool(spec.get("free", False))
        self.discount = int(spec.get("discount", 0) or 0)
        self.special = spec.get("special", True)
        self.reachable = bool(spec.get("reachable", False))
        self.consume_tile_lay = bool(spec.get("consumes_tile_lay", False))
        self.cost = int(spec.get("cost", 0) or 0)
        self.closed_when_used_up = bool(spec.get("closes_when_used_up", False))
        self.blocks = bool(spec.get("blocks", False))
        # teleport defaults
        if self.type == "teleport":
            if not self.when:
                self.when = ["track"]
            self.passive = False
            self.from_owner = spec.get("from_owner", True)
            self.free_tile_lay = bool(spec.get("free_tile_lay", False))
            self.extra_action = False
        # token defaults
        if self.type == "token":
            self.price_ = spec.get("price")
            self.teleport_price = spec.get("teleport_price")
            self.from_owner = bool(spec.get("from_owner", False))
            self.extra_action = bool(spec.get("extra_action", False))
            self.extra_slot = bool(spec.get("extra_slot", False))
            self.cheater = bool(spec.get("cheater", False))
            self.city = spec.get("city")
            self.connected = bool(spec.get("connected", False))
            self.special_only = bool(spec.get("special_only", False))
        # exchange
        self.corporations = spec.get("corporations")
        self.from_ = list(spec.get("from", []))
        # shares (resolved to Share objects at game setup)
        self.shares: list[Any] = list(spec.get("shares", []))
        # close
        self.corporation = spec.get("corporation")
        self.on = spec.get("on")
        self.on_phase = spec.get("phase") if self.type in ("close", "revenue_change") and spec.get("on") == "phase" \
            else None
        self.revenue = spec.get("revenue")

    def when_any(self, *times: str) -> bool:
        return bool(set(self.when) & set(times))

    def use(self, upgrade: bool = False) -> None:
        self.used = True
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

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.id = data["sym"]
        self.sym = data["sym"]
        self.name = data["sym"]
        self.full_name = data["name"]
        self.value = data["value"]
        self.revenue = data.get("revenue", 0)
        self.discount = 0
        self.min_price = data.get("min_price", (self.value + 1) // 2)
        self.max_price_ = data.get("max_price", self.value * 2)
        self.owner: Any = None
        self.closed = False
        self.passed = False
        self.abilities = [Ability(a, self) for a in data.get("abilities", [])]

    def is_company(self) -> bool:
        return True

    @property
    def player(self) -> Any:
        return self.owner.player if self.owner is not None else None

    @property
    def corporation(self) -> Any:
        return self.owner if self.owner is not None and self.owner.is_corporation() else None

    def min_bid(self) -> int:
        return self.value - self.discount

    def max_price(self, buyer: Any = None) -> int:
        return self.max_price_

    def all_abilities(self) -> list[Ability]:
        return self.abilities

    def remove_ability(self, ability: Ability) -> None:
        self.abilities = [a for a in self.abilities if a is not ability]
        if ability.type == "blocks_hexes":
            for h in getattr(ability, "hex_objects", []):
                h.tile.blockers = [b for b in h.tile.blockers if b is not self]

    def close(self) -> None:
        self.closed = True
        for a in list(self.abilities):
            self.remove_ability(a)
        if self.owner is not None and hasattr(self.owner, "companies"):
            if self in self.owner.companies:
                self.owner.companies.remove(self)
        self.owner = None

    def __repr__(self) -> str:
        return f"<Company {self.sym}>"
