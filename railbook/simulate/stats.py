"""What a balance study keeps of each game: an observer of a self-played game
(:class:`railbook.bots.selfplay.Observer`) that watches the state after every action
and sums it up as one row.

Times are counted in operating rounds: ``or`` is how many operating rounds had begun
when a thing happened (0: before the first), so "floated in OR 0" means in the first
stock round. Every figure is a whole number or a string: a row is the same bytes
whatever machine computed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.game import Game


@dataclass
class CorporationStats:
    sym: str
    par: int | None = None
    floated_or: int | None = None
    max_price: int | None = None
    final_price: int | None = None
    trains_bought: int = 0
    dividends: int = 0          # dividend decisions taken (paid, withheld or half)
    withheld: int = 0
    closed_or: int | None = None
    president_seat: int | None = None
    prices: list[int | None] = field(default_factory=list)   # the share price after each operating round

    def as_dict(self) -> dict[str, Any]:
        return {"sym": self.sym, "par": self.par, "floated_or": self.floated_or, "max_price": self.max_price,
                "final_price": self.final_price, "trains_bought": self.trains_bought,
                "dividends": self.dividends, "withheld": self.withheld, "closed_or": self.closed_or,
                "president_seat": self.president_seat, "prices": list(self.prices)}


@dataclass
class PrivateStats:
    sym: str
    buyer_seat: int | None = None     # the first player to own it
    price: int | None = None          # what that player bid for it (its price when bought outright)
    bought_or: int | None = None
    closed_or: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"sym": self.sym, "buyer_seat": self.buyer_seat, "price": self.price,
                "bought_or": self.bought_or, "closed_or": self.closed_or}


class GameStats:
    """Watches one game and sums it up (:meth:`summary`)."""

    def __init__(self) -> None:
        self.ors = 0
        self.srs = 0
        self.actions = 0
        self.round_counter = -1
        self.round_kind = ""
        self.corporations: dict[str, CorporationStats] = {}
        self.privates: dict[str, PrivateStats] = {}
        self.phases: list[dict[str, Any]] = []
        self.rusts: list[dict[str, Any]] = []
        self.rusted: dict[str, int] = {}
        self.bankrupt_or: dict[int, int] = {}
        self.bids: dict[tuple[str, Any], int] = {}
        self.seat_of: dict[Any, int] = {}
        self.figures: dict[str, Any] = {}     # the summing-up, once the game has stopped

    # -- the observer's moments
    def started(self, game: "Game") -> None:
        self.seat_of = {p.id: i + 1 for i, p in enumerate(game.players)}
        self.corporations = {c.id: CorporationStats(str(c.id)) for c in game.corporations}
        self.privates = {c.id: PrivateStats(str(c.id)) for c in game.companies}
        self.phases = [{"phase": game.phase.name, "or": 0, "action": 0}]
        self.look(game)

    def acted(self, game: "Game", action: dict[str, Any]) -> None:
        self.actions += 1
        kind = action.get("type")
        entity = action.get("entity")
        if kind == "buy_train" and action.get("entity_type") == "corporation" and entity in self.corporations:
            self.corporations[entity].trains_bought += 1
        elif kind == "dividend" and entity in self.corporations:
            self.corporations[entity].dividends += 1
            self.corporations[entity].withheld += action.get("kind") == "withhold"
        elif kind == "bid" and action.get("company") is not None and isinstance(action.get("price"), int):
            self.bids[(str(action["company"]), entity)] = action["price"]
        self.look(game)

    def ended(self, game: "Game") -> None:
        if self.round_kind == "operating":
            self.record_prices(game)
        for c in game.corporations:
            stats = self.corporations.get(c.id)
            if stats is None:
                continue
            stats.final_price = c.share_price.price if c.share_price is not None and not c.closed else None
            owner = c.owner
            stats.president_seat = self.seat_of.get(owner.id) if owner is not None and owner.is_player() else None
        self.figures = self.summary(game)

    # -- what is watched after each action
    def look(self, game: "Game") -> None:
        if game.round_counter != self.round_counter:
            if self.round_kind == "operating":
                self.record_prices(game)
            self.round_counter = game.round_counter
            self.round_kind = game.round.kind
            self.ors += self.round_kind == "operating"
            self.srs += self.round_kind == "stock"
        if game.phase.name != self.phases[-1]["phase"]:
            self.phases.append({"phase": game.phase.name, "or": self.ors, "action": self.actions})
        for c in game.corporations:
            stats = self.corporations.get(c.id)
            if stats is None:
                continue
            price = c.share_price.price if c.share_price is not None else None
            if stats.par is None and c.par_price is not None:
                stats.par = c.par_price.price
            if price is not None and (stats.max_price is None or price > stats.max_price):
                stats.max_price = price
            if stats.floated_or is None and c.floated():
                stats.floated_or = self.ors
            if stats.closed_or is None and c.closed:
                stats.closed_or = self.ors
        for company in game.companies:
            pstats = self.privates.get(company.id)
            if pstats is None:
                continue
            owner = company.owner
            if pstats.buyer_seat is None and owner is not None and owner.is_player():
                pstats.buyer_seat = self.seat_of.get(owner.id)
                pstats.price = self.bids.get((str(company.id), owner.id), company.value)
                pstats.bought_or = self.ors
            if pstats.closed_or is None and company.closed:
                pstats.closed_or = self.ors
        rusted: dict[str, int] = {}
        for train in game.depot.trains:
            if train.rusted:
                rusted[train.name] = rusted.get(train.name, 0) + 1
        for name, count in rusted.items():
            if name not in self.rusted:
                self.rusts.append({"train": name, "or": self.ors, "action": self.actions, "count": count})
        self.rusted = rusted
        for p in game.players:
            if p.bankrupt and self.seat_of[p.id] not in self.bankrupt_or:
                self.bankrupt_or[self.seat_of[p.id]] = self.ors

    def record_prices(self, game: "Game") -> None:
        for c in game.corporations:
            stats = self.corporations.get(c.id)
            if stats is not None:
                stats.prices.append(c.share_price.price if c.share_price is not None and not c.closed else None)

    # -- the row
    def summary(self, game: "Game") -> dict[str, Any]:
        """The game's figures: length, seats (score, rank, what each held at the end), corporations,
        privates, phases, rusting and bankruptcies."""
        scores = game.result_players()
        score = {player.id: value for player, value in scores}     # as the title scores a game (its hooks too)
        rank = {player.id: 1 + sum(1 for _, other in scores if other > value) for player, value in scores}
        seats = []
        for player in game.players:
            shares: dict[str, int] = {}
            for share in player.shares:
                sym = str(share.corporation.id)
                shares[sym] = shares.get(sym, 0) + share.percent
            seats.append({
                "seat": self.seat_of[player.id], "player": player.name, "score": score[player.id],
                "rank": rank[player.id], "cash": player.cash, "bankrupt": player.bankrupt,
                "bankrupt_or": self.bankrupt_or.get(self.seat_of[player.id]),
                "shares": [{"corporation": k, "percent": v} for k, v in sorted(shares.items())],
                "privates": sorted(str(c.id) for c in player.companies if not c.closed),
                "presidencies": sorted(str(c.id) for c in game.corporations
                                       if c.owner is player and not c.closed),
            })
        return {
            "actions": self.actions, "operating_rounds": self.ors, "stock_rounds": self.srs, "sets": game.turn,
            "phase": game.phase.name, "seats": seats,
            "winners": sorted(self.seat_of[p.id] for p, _ in scores if rank[p.id] == 1),
            "bankruptcies": sum(1 for p in game.players if p.bankrupt),
            "corporations": [s.as_dict() for s in self.corporations.values()],
            "privates": [s.as_dict() for s in self.privates.values()],
            "phases": list(self.phases), "rusts": list(self.rusts),
        }
