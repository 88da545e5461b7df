"""Trains in play: limits, buying (and the phase changes it brings), rusting, trading in,
and the changes to a train type a title's hooks may make during a game.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from railbook.engine.entities.train import Depot, Train
from railbook.engine.rules.abilities import close_companies_on_event
from railbook.engine.rules.events import fire_event
from railbook.engine.rules.phases import advance_phase
from railbook.errors import GameError

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def can_buy_train_from_others(game: "GameState") -> bool:
    return bool(game.rules.operating_round.train_buys_between_corporations)


def train_limit(game: "GameState", entity: Any) -> int:
    """The phase's limit for the entity's type, plus what a mechanic grants it (a private's right, say)."""
    limit = game.phase.train_limit(entity)
    for m in game.mechanics:
        limit += m.extra_train_limit(entity)
    return limit


def num_corp_trains(game: "GameState", entity: Any) -> int:
    """Trains that count towards the limit (obsolete ones do not)."""
    count = 0
    for t in entity.trains:
        if not t.obsolete:
            count += 1
    return count


def crowded_corps(game: "GameState") -> list[Any]:
    """Companies over their train limit, who must discard (cached until a train moves or the phase changes)."""
    key = (game.depot.moves, game.phase.index, len(game.corporations), len(game.minors))
    if game.crowded is None or game.crowded[0] != key:
        crowded = [c for c in game.minors + game.corporations if num_corp_trains(game, c) > train_limit(game, c)]
        game.crowded = (key, crowded)
    return game.crowded[1]


def discountable_trains_for(game: "GameState", corp: Any) -> list[tuple[Train, Train, int]]:
    """(owned train, depot train, price) for every trade-in the corporation could make."""
    out = []
    depot_trains = [t for t in game.depot.depot_trains() if t.discount]
    for owned in corp.trains:
        for dt in depot_trains:
            price = dt.price(owned)
            if dt.price_ > price:
                out.append((owned, dt, price))
    return out


def buy_train(game: "GameState", operator: Any, train: Train, price: int) -> None:
    """The operator pays the seller (the bank for the depot) and takes the train."""
    source = train.owner
    if price > 0:
        operator.spend(price, source.spender() if isinstance(source, Depot) else source)
    game.depot.detach(train)
    train.owner = operator
    operator.trains.append(train)
    game.depot.moves += 1
    close_companies_on_event(game, operator, "bought_train")


def after_train_bought(game: "GameState", train: Train) -> None:
    """The first train of a kind may start a new phase, rust or obsolete older trains and fire its events."""
    while train.id in game.phase.next_on() or train.sym in game.phase.next_on():
        advance_phase(game)
    rust_trains(game, train)
    game.depot.depot_trains(clear=True)
    for event in train.events:
        fire_event(game, event)
    train.events = []


def export_train(game: "GameState") -> None:
    """The end of a set of operating rounds: the depot's next train leaves the game while its type is
    exported then (trains.yaml ``exported_at_or_set_end``), with the phase change, rusting and events
    its purchase would cause."""
    depot = game.depot
    if not depot.upcoming or not depot.upcoming[0].definition.exported_at_or_set_end:
        return
    train = depot.upcoming[0]
    game.log(f"-- Event: a {train.name} train is exported --")
    depot.remove_train(train)
    train.owner = None
    depot.moves += 1
    after_train_bought(game, train)


def end_of_operating_set(game: "GameState") -> None:
    """What the end of a set of operating rounds does: the depot's export, the trains that rust on the
    timetable, the title's ``operating_set_end`` hook. A private auction in which everyone passes
    once its cheapest private is sold plays a set without rounds (the privates pay out, then this),
    as 18xx.games does."""
    export_train(game)
    rust_on_timetable(game)
    game.hook("operating_set_end")


def rust(game: "GameState", train: Train) -> None:
    """The train leaves the game; a corporation that owned it receives its type's ``salvage``."""
    owner = train.owner
    train.rusted = True
    game.depot.detach(train)
    if train in game.depot.reserved:
        game.depot.reserved.remove(train)
    train.owner = None
    salvage = train.definition.salvage
    if salvage and owner is not None and not isinstance(owner, Depot) and owner.is_corporation():
        game.bank.spend(salvage, owner)


def rust_on_timetable(game: "GameState") -> None:
    """A set of operating rounds is over: the types that rust after it (``rusts_after_set``) rust, those
    still in the depot too, and their corporations salvage them."""
    finished_set = game.turn - 1      # the turn has already moved on to the next stock round
    names = {t.definition.name for t in game.depot.trains if t.definition.rusts_after_set == finished_set}
    for name in sorted(names):
        doomed = [t for t in game.depot.trains if t.definition.name == name and not t.rusted]
        owners: dict[str, int] = {}
        for t in doomed:
            if t.owner is not None and not isinstance(t.owner, Depot) and t.owner.is_corporation():
                owners[t.owner.name] = owners.get(t.owner.name, 0) + 1
            rust(game, t)
        if doomed:
            held = ", ".join(f"{corp} x{n}" for corp, n in owners.items())
            game.log(f"-- Event: the {name} trains rust{f' ({held})' if held else ''} --")


def lock_trains_run_before_rusting(game: "GameState", corporation: Any) -> None:
    """``unsellable_once_run_before_rusting``: in the last operating round of a set at whose end a type rusts,
    a corporation that has run its trains can no longer sell its trains of that type."""
    if not game.rules.operating_round.unsellable_once_run_before_rusting \
            or game.round.round_num != game.operating_rounds:
        return
    for t in corporation.trains:
        if t.definition.rusts_after_set == game.turn:
            t.buyable_ = False


def rust_trains(game: "GameState", bought: Train) -> None:
    for t in list(game.depot.trains):
        if not t.obsolete and t.obsolete_on == bought.sym:
            t.obsolete = True
            game.depot.moves += 1
    rusted = []
    for t in list(game.depot.trains):
        if t.rusted:
            continue
        if t.rusts_on == bought.sym or (t.obsolete_on == bought.sym and t in game.depot.discarded):
            rusted.append(t.name)
            rust(game, t)
    if rusted:
        game.log(f"-- Event: {', '.join(dict.fromkeys(rusted))} trains rust --")


def must_buy_train(game: "GameState", entity: Any) -> bool:
    rule = game.rules.operating_round.must_buy_train
    if entity.trains or not game.depot.depot_trains():
        return False
    if rule == "always":
        return True
    if rule in ("when_route_exists", "when_route_and_affordable"):
        # when_route_and_affordable: only while its own cash is more than the cheapest depot train's price
        if rule == "when_route_and_affordable" and entity.cash <= game.depot.min_depot_price():
            return False
        info = game.graph.route_info(entity)
        return bool(info and info.get("route_train_purchase"))
    return False


# ------------------------------------------------------------------ train types changed by hooks
# A title's data is shared by every game of it (and frozen), so a change gives the game's trains of
# the type a new distance; copies made later (of unlimited trains) take their own from the type's first.

def trains_of(game: "GameState", name: str) -> list[Any]:
    return [t for t in game.depot.trains if t.name == name]


def set_train_stops(game: "GameState", name: str, n: int) -> None:
    """A plain distance becomes n; distance rows that pay take n as their pay and visit limit."""
    for train in trains_of(game, name):
        d = train.distance
        if d.kind in ("stops", "hexes"):
            d = dataclasses.replace(d, n=n)
        elif d.kind == "rows":
            d = dataclasses.replace(d, rows=tuple(dataclasses.replace(row, pay=n, visit=n) if row.pay > 0 else row
                                                  for row in d.rows))
        train.distance = d
    game.log(f"{name} trains now reach {n}")


def set_train_multiplier(game: "GameState", name: str, n: int) -> None:
    """Stops count n times their value for this train type (its own and its distance rows' multipliers)."""
    for train in trains_of(game, name):
        train.multiplier = n
        d = train.distance
        if d.kind == "rows":
            d = dataclasses.replace(d, rows=tuple(dataclasses.replace(row, multiplier=n)
                                                  if row.multiplier != 1 or row.pay > 0 else row for row in d.rows))
        train.distance = d
    game.log(f"{name} trains now score {n} times the value of their stops")


def remove_depot_trains(game: "GameState", name: str, n: int) -> int:
    """Take up to n unsold trains of a type out of the game (the last of the depot's first)."""
    depot = game.depot
    unsold = [t for t in depot.upcoming if t.name == name]
    removed = 0
    for train in reversed(unsold):
        if removed >= n:
            break
        depot.remove_train(train)
        train.owner = None
        removed += 1
    if removed:
        depot.depot_trains(clear=True)
        depot.moves += 1
        left = sum(1 for t in depot.upcoming if t.name == name)
        game.log(f"{removed} unsold {name} train{'s are' if removed > 1 else ' is'} removed ({left} left)")
    return removed


def release_reserved_train(game: "GameState", keep_events: list[str]) -> Train | None:
    """One reserved train of the type the depot sells next joins the depot in front of it, taking
    over that train's events but the ones named (which stay with the train they were on)."""
    depot = game.depot
    if not depot.upcoming:
        return None
    first = depot.upcoming[0]
    train = next((t for t in depot.reserved if t.name == first.name), None)
    if train is None:
        return None
    depot.reserved.remove(train)
    train.events = [e for e in first.events if e not in keep_events]
    first.events = [e for e in first.events if e in keep_events]
    train.owner = depot
    depot.upcoming.insert(0, train)
    depot.depot_trains(clear=True)
    depot.moves += 1
    game.log(f"A reserved {train.name} train joins the depot")
    return train


def add_train_event(game: "GameState", name: str, event: str) -> None:
    """The next unsold train of a type fires one more event when it is bought."""
    train = next((t for t in game.depot.upcoming if t.name == name), None)
    if train is None:
        raise GameError(f"no unsold {name} train is left to carry the event {event}", "title rule")
    train.events.append(event)


def take_reserved_train(game: "GameState", corporation: Any, company: Any) -> None:
    """A corporation that buys a private with a ``reserved_train`` ability takes a reserved train of one of
    its types, free, unless the ability's ``until_phase`` has begun or the corporation is at its train
    limit (the train then stays out of play). It is no purchase, and the train can never be sold on."""
    for a in company.abilities:
        if a.type != "reserved_train":
            continue
        until = a.spec.until_phase
        if (until and game.phase.available(until)) or num_corp_trains(game, corporation) >= train_limit(game, corporation):
            continue
        train = next((t for t in game.depot.reserved if not a.spec.trains or t.name in a.spec.trains), None)
        if train is None:
            continue
        game.depot.reserved.remove(train)
        train.owner = corporation
        train.buyable_ = False
        corporation.trains.append(train)
        game.depot.moves += 1
        game.log(f"{corporation.name} receives a free {train.name} train with {company.name}; it cannot be sold")
        close_companies_on_event(game, corporation, "bought_train")
        if a.spec.closes_private:
            game.log(f"{company.name} closes")
            company.close()
            return
