"""Trains and the depot that sells them."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from railbook.title.model import TrainDef

if TYPE_CHECKING:
    from railbook.engine.entities.core import Spender
    from railbook.engine.entities.phase import Phase


class Train:
    """One train of a type (the type's ``index``-th copy); its distance may change in a game
    (a title's hooks may make a type run further), its definition never does."""

    def __init__(self, definition: TrainDef, index: int):
        self.definition = definition
        self.sym = definition.name
        self.name = definition.name
        self.distance = definition.distance
        self.price_ = definition.price
        self.index = index
        self.rusts_on = definition.rusts_on
        self.obsolete_on = definition.obsolete_on
        self.available_on = definition.available_from_phase
        self.discount: dict[str, int] = dict(definition.trade_in)
        self.multiplier = definition.multiplier
        self.requires_token = definition.requires_token
        self.unlimited = definition.count is None
        # events fire on the first train of a kind, or on the copy the data names (copy_events)
        later = definition.copy_events
        self.events = [e for e in definition.events if later.get(e, 1) == index + 1]
        self.owner: Any = None
        self.rusted = False
        self.obsolete = False
        self.operated = False
        self.ever_operated = False
        self.buyable_ = True
        self.variants = {definition.name: definition}
        for v in definition.variants:
            self.variants[v.name] = dataclasses.replace(definition, name=v.name, distance=v.distance, price=v.price,
                                                        rusts_on=v.rusts_on or definition.rusts_on)

    def become_variant(self, name: str) -> None:
        """Bought as another variant of its type (a 2D as a 4D): it runs and is priced as that one."""
        d = self.variants[name]
        self.name, self.distance, self.price_ = d.name, d.distance, d.price
        self.rusts_on, self.multiplier = d.rusts_on, d.multiplier

    @property
    def id(self) -> str:
        return f"{self.sym}-{self.index}"

    def variant_price(self, variant: str | None) -> int:
        """What the train costs bought as one of its variants (its own name: as it is)."""
        found = self.variants.get(variant) if variant else None
        return found.price if found is not None else self.price_

    def set_variant(self, variant: str | None) -> None:
        """The train is bought as one of its variants: it takes that variant's name, distance and price."""
        found = self.variants.get(variant) if variant else None
        if found is None or variant == self.name:
            return
        self.name = found.name
        self.distance = found.distance
        self.price_ = found.price
        self.rusts_on = found.rusts_on

    def price(self, exchange_train: "Train | None" = None) -> int:
        discount = self.discount.get(exchange_train.name, 0) if exchange_train is not None else 0
        return self.price_ - discount

    def set_operated(self, value: bool) -> None:
        self.ever_operated = self.ever_operated or value
        self.operated = value

    def buyable(self, allow_obsolete: bool = False) -> bool:
        return self.buyable_ and (not self.obsolete or allow_obsolete)

    def from_depot(self) -> bool:
        return isinstance(self.owner, Depot)

    def local(self) -> bool:
        return self.distance.kind == "stops" and self.distance.n == 1

    def clone_unlimited(self) -> "Train":
        """The next copy of an unlimited train: it runs as this one does (a hook may have changed the type)."""
        clone = Train(self.definition, self.index + 1)
        clone.distance = self.distance
        clone.multiplier = self.multiplier
        return clone

    def __repr__(self) -> str:
        return f"<Train {self.id}>"


class Depot:
    """The trains the bank still sells: upcoming in order, plus discarded ones.

    Every train of the game is registered here (by its id), whoever owns it; a
    train changes hands only through :meth:`detach` (from its owner) and the
    rules that give it a new owner, and each change bumps ``moves`` (what the
    rules' caches of train facts key on).
    """

    name = "The Depot"

    def __init__(self, trains: list[Train], phase: "Phase", bank: "Spender", discards_to_depot: bool,
                 trades_between_corporations: bool, sales: Any = None):
        self.phase = phase
        self.bank = bank
        self.discards_to_depot = discards_to_depot          # discarded trains are sold again (else removed)
        self.trades_between_corporations = trades_between_corporations
        # operating_round.corporation_train_sales: the lowest price, and whether an only train is kept
        self.other_min_price: int = sales.min_price if sales is not None else 1
        self.keeps_last_train: bool = sales.keeps_last_train if sales is not None else False
        self.trains = list(trains)
        self.by_id: dict[str, Train] = {t.id: t for t in self.trains}
        for t in self.trains:
            t.owner = self
        self.upcoming = list(self.trains)
        self.discarded: list[Train] = []
        self.reserved: list[Train] = []     # held back from the offer until a rule releases them
        self.moves = 0
        self._depot_trains: list[Train] | None = None

    def hold_back_reserved(self) -> None:
        """Trains a title keeps in reserve (trains.yaml ``reserved``): the last copies of their type
        leave the offer until a rule releases one."""
        for definition in {t.definition.name: t.definition for t in self.trains}.values():
            if not definition.reserved:
                continue
            copies = [t for t in self.upcoming if t.name == definition.name]
            for train in copies[len(copies) - definition.reserved:]:
                self.remove_train(train)
                train.owner = None
                self.reserved.append(train)

    def is_player(self) -> bool:
        return False

    def is_corporation(self) -> bool:
        return False

    def spender(self) -> "Spender":
        return self.bank

    @property
    def player(self) -> None:
        return None

    @property
    def owner(self) -> None:
        return None

    def train(self, train_id: str) -> Train | None:
        return self.by_id.get(train_id)

    def clear_cache(self) -> None:
        self._depot_trains = None

    def depot_trains(self, clear: bool = False) -> list[Train]:
        if clear or self._depot_trains is None:
            seen: set[str] = set()
            disc = []
            for t in self.discarded:
                if t.name not in seen:
                    seen.add(t.name)
                    disc.append(t)
            self._depot_trains = self.available_upcoming_trains() + disc
        return self._depot_trains

    def available_upcoming_trains(self) -> list[Train]:
        out: list[Train] = []
        names: set[str] = set()
        candidates = ([self.upcoming[0]] if self.upcoming else []) + \
            [t for t in self.upcoming if self.phase.available(t.available_on)]
        for t in candidates:
            if t.name not in names:
                names.add(t.name)
                out.append(t)
        return out

    def min_depot_train(self) -> Train | None:
        trains = self.depot_trains()
        return min(trains, key=lambda t: t.price_) if trains else None

    def min_depot_price(self) -> int:
        t = self.min_depot_train()
        if t is None:
            return 0
        return min(v.price for v in t.variants.values())

    def max_depot_price(self) -> int:
        trains = self.depot_trains()
        if not trains:
            return 0
        t = max(trains, key=lambda t: t.price_)
        return max(v.price for v in t.variants.values())

    def other_trains(self, corporation: Any) -> list[Train]:
        if not self.trades_between_corporations:
            return []
        if self.other_min_price > 1 and getattr(corporation, "cash", 0) < self.other_min_price:
            return []
        keeps = self.keeps_last_train and bool(getattr(corporation, "trains", None))
        out = []
        for t in self.trains:   # most trains are the depot's or nobody's: asked first
            owner = t.owner
            if owner is None or owner is self or owner is corporation:
                continue
            if t.buyable() and not t.rusted and not (keeps and len(owner.trains) < 2):
                out.append(t)
        return out

    def available(self, corporation: Any) -> list[Train]:
        return self.depot_trains() + self.other_trains(corporation)

    def min_price(self, corporation: Any) -> int | None:
        prices = [self.other_min_price if not t.from_depot() else t.price_ for t in self.available(corporation)]
        return min(prices) if prices else None

    def detach(self, train: Train) -> None:
        """Take a train from whoever owns it (the depot, a corporation); it has no owner yet."""
        self.moves += 1
        owner = train.owner
        if owner is None:
            return
        if owner is self:
            self.remove_train(train)
            return
        if train in owner.trains:
            owner.trains.remove(train)

    def remove_train(self, train: Train) -> None:
        self.delete_from_upcoming(train)
        if train in self.discarded:
            self.discarded.remove(train)
        self._depot_trains = None

    def delete_from_upcoming(self, train: Train) -> None:
        if train not in self.upcoming:
            return
        index = self.upcoming.index(train)
        self.upcoming.remove(train)
        if not train.unlimited:
            return
        if index < len(self.upcoming) and self.upcoming[index].name == train.name:
            return
        clone = train.clone_unlimited()
        clone.owner = self
        self.trains.append(clone)
        self.upcoming.insert(index, clone)
        self.by_id[clone.id] = clone

    def reclaim_train(self, train: Train) -> None:
        """A discarded or traded-in train comes back: sold again, unless the title removes such trains
        (or it is obsolete)."""
        if train.owner is None:
            return
        self.detach(train)
        if self.discards_to_depot and not train.obsolete:
            train.owner = self
            self.discarded.append(train)
        else:
            train.owner = None  # out of the game
        self._depot_trains = None

    def empty(self) -> bool:
        return not self.depot_trains()
