"""Bonds a corporation has issued (corporations.yaml ``bonds``).

All of a corporation's bonds start in its own treasury, where they pay
nothing. A bond elsewhere (with a player, or in the bank pool) pays its holder
``interest`` in every operating turn of the corporation, before the dividend
(:mod:`.loans` pays it; the pool's interest goes to the bank). In a stock
round a player may buy one bond from the pool at its ``price`` as the turn's
purchase, or sell any of his bonds to the pool at that price (not after
buying). In its treasury step the corporation may buy bonds back: from the
pool first, as many as its cash allows, else from players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, Range, ranged, simple
from railbook.engine.mechanics.base import Mechanic, find, replace_stock_step
from railbook.engine.steps.stock import BuySellParShares
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def issuers(game: "GameState") -> list[Any]:
    return [c for c in game.all_corporations if c.definition.bonds and not c.closed]


def holdings(game: "GameState", corp: Any) -> dict[Any, int]:
    """Who holds the corporation's bonds: the corporation itself, the pool, players."""
    mechanic = find(game, Bonds)
    if mechanic is None:
        return {}
    table = mechanic.holdings
    if corp.id not in table:
        bonds = corp.definition.bonds
        table[corp.id] = {corp: bonds.count} if bonds is not None else {}
    return table[corp.id]


def bonds_of(game: "GameState", corp: Any, holder: Any) -> int:
    return holdings(game, corp).get(holder, 0)


def move_bonds(game: "GameState", corp: Any, frm: Any, to: Any, count: int) -> None:
    held = holdings(game, corp)
    if held.get(frm, 0) < count:
        raise IllegalAction(f"{game.describe_entity(frm)} holds {held.get(frm, 0)} {corp.name} bond(s), "
                            f"not {count}", "bonds")
    held[frm] -= count
    held[to] = held.get(to, 0) + count


def bond_interest_due(game: "GameState", corp: Any) -> dict[Any, int]:
    """What the corporation owes each bond holder now (the pool's share to the bank)."""
    rules = corp.definition.bonds
    if rules is None:
        return {}
    out: dict[Any, int] = {}
    held = holdings(game, corp)
    for holder in list(game.players) + [game.share_pool]:
        n = held.get(holder, 0)
        if n:
            payee = game.bank if holder is game.share_pool else holder
            out[payee] = out.get(payee, 0) + n * rules.interest
    return out


def bond_price(corp: Any) -> int:
    bonds = corp.definition.bonds
    return bonds.price if bonds is not None else 0


class Bonds(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(c.definition.bonds for c in game.all_corporations)

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.holdings: dict[str, dict[Any, int]] = {}  # corporation id -> {holder: bonds}

    def stock_steps(self, steps: list[Any]) -> list[Any]:
        return replace_stock_step(steps, BondTrading)


class BondTrading(BuySellParShares):
    """The stock step where players also trade bonds with the pool: a new kind of action (buying
    and selling bonds) is a stock step of its own, defined here once."""

    def tradable_bonds(self, entity: Any) -> list[tuple[Any, str]]:
        out: list[tuple[Any, str]] = []
        if entity is None or not entity.is_player():
            return out
        for corp in issuers(self.game):
            if not self.bought() and bonds_of(self.game, corp, self.game.share_pool) \
                    and entity.cash >= bond_price(corp):
                out.append((corp, "buy_bonds"))
            if bonds_of(self.game, corp, entity) and not self.bought():
                out.append((corp, "sell_bonds"))
        return out

    def actions(self, entity: Any) -> list[str]:
        out = list(super().actions(entity))
        if entity is self.current_entity() and getattr(self, "pending_home", None) is None:
            extra = [kind for _, kind in self.tradable_bonds(entity)]
            if extra:
                out = [a for a in out if a != "pass"] + [k for k in dict.fromkeys(extra) if k not in out] + ["pass"]
        return out

    def offers(self, entity: Any, kind: str) -> bool:
        """``kind in actions(entity)`` without building the list: the stock step's own answer, else a
        bond trade of that kind (or a pass, which any bond trade brings)."""
        if super().offers(entity, kind):
            return True
        if kind not in ("buy_bonds", "sell_bonds", "pass"):
            return False
        if entity is not self.current_entity() or getattr(self, "pending_home", None) is not None:
            return False
        trades = self.tradable_bonds(entity)
        if kind == "pass":
            return bool(trades)
        for _, k in trades:
            if k == kind:
                return True
        return False

    def has_actions(self, entity: Any) -> bool:
        """``bool(actions(entity))`` without building the list: the stock step's own answer (which
        stops at the first thing the player may do), else whether a bond may be traded."""
        if super().has_actions(entity):
            return True
        return (entity is self.current_entity() and getattr(self, "pending_home", None) is None
                and bool(self.tradable_bonds(entity)))

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """The stock step's actions, and a bond of each issuer bought from the pool or any number of
        the player's sold to it."""
        kinds = self.actions(entity)
        listed: list[LegalAction] = super().legal_actions(entity)
        out = [a for a in listed if a.type != "pass"]
        for corp, kind in self.tradable_bonds(entity):
            if kind not in kinds:
                continue
            if kind == "buy_bonds":
                out.append(simple(kind, entity, corporation=corp.id, count=1, **{"from": "pool"}))
            else:
                out.append(ranged(kind, entity, {"count": Range(1, bonds_of(self.game, corp, entity))},
                                  corporation=corp.id))
        return out + [a for a in listed if a.type == "pass"]

    def bought(self) -> bool:
        if super().bought():
            return True
        for a in self.round.current_actions:
            if a.type == "buy_bonds":
                return True
        return False

    def process_buy_bonds(self, action: "Action") -> None:
        game, entity, corp = self.game, action.entity, action.corporation
        if self.bought():
            raise IllegalAction(f"{entity.name} already bought this turn", "one purchase per turn")
        if action.count != 1:
            raise IllegalAction("a player buys one bond per turn", "bonds")
        if action.choice not in (None, "pool"):
            raise IllegalAction("a player buys bonds from the pool", "bonds")
        price = bond_price(corp)
        if entity.cash < price:
            raise InsufficientFunds(f"{entity.name} cannot pay {game.format_money(price)} for a bond", "money")
        move_bonds(game, corp, game.share_pool, entity, 1)
        entity.spend(price, game.bank)
        game.log(f"{entity.name} buys a {corp.name} bond for {game.format_money(price)}")
        self.round.current_actions.append(action)
        self.round.last_to_act = entity

    def process_sell_bonds(self, action: "Action") -> None:
        game, entity, corp = self.game, action.entity, action.corporation
        if self.bought():
            raise IllegalAction(f"{entity.name} may not sell after buying", "sell after buy")
        move_bonds(game, corp, entity, game.share_pool, action.count)
        game.bank.spend(bond_price(corp) * action.count, entity)
        game.log(f"{entity.name} sells {action.count} {corp.name} bond(s) for "
                 f"{game.format_money(bond_price(corp) * action.count)}")
        self.round.current_actions.append(action)
        self.round.last_to_act = entity


def buy_back(game: "GameState", corp: Any, frm: Any, count: int) -> None:
    """The corporation redeems bonds (from the pool while it holds any, else from a player)."""
    price = bond_price(corp) * count
    if corp.cash < price:
        raise InsufficientFunds(f"{corp.name} cannot pay {game.format_money(price)} for {count} bond(s)", "money")
    if frm is not game.share_pool and bonds_of(game, corp, game.share_pool):
        raise IllegalAction(f"{corp.name} buys back the pool's bonds first", "bonds")
    move_bonds(game, corp, frm, corp, count)
    corp.spend(price, game.bank if frm is game.share_pool else frm)
    game.log(f"{corp.name} buys back {count} bond(s) from {game.describe_entity(frm)} for "
             f"{game.format_money(price)}")
