"""``railbook lint``: design checks beyond the schema, each with the reason it matters.

The schema and the compiler say whether a title is well formed; a title can be well formed and
still not be the game its designer meant: a train scrapped before it can be bought, a phase no
train starts, a city no tile of the next colour fits, a home station cut off from the map, a market
with no par price, a bank that the players' starting cash already empties, a private whose ability
names a hex, tile or corporation that is not there. Each check reads the typed title model only.

A finding is a ``mistake`` (the game cannot go as written) or a ``check`` (it can, but a designer
should look: the reason says why).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Literal

from railbook.hexgrid import DIRECTIONS, default_axes, invert, xy
from railbook.title.model import TitleModel

Severity = Literal["mistake", "check"]



@dataclass(frozen=True)
class Finding:
    """One thing a designer should look at: which check found it, in which file, what and why."""

    check: str
    severity: Severity
    file: str
    message: str
    reason: str


def lint(model: TitleModel) -> list[Finding]:
    """Every finding of every check, in the order of the title's files."""
    findings: list[Finding] = []
    for check in CHECKS:
        findings.extend(check(model))
    return findings


# ---------------------------------------------------------------- trains and phases

def trains_rusting_before_they_are_sold(model: TitleModel) -> Iterator[Finding]:
    order = {t.name: i for i, t in enumerate(model.trains)}
    for i, train in enumerate(model.trains):
        for what, by in (("rusts", train.rusts_on), ("becomes obsolete", train.obsolete_on)):
            if by is None:
                continue
            if by not in order:
                yield Finding("train-rusts-on-nothing", "mistake", "trains.yaml",
                              f"the {train.name}-train {what} on a '{by}' train, which the depot never sells",
                              "a train only rusts when a train of that name is first bought: it never does")
            elif order[by] <= i:
                yield Finding("train-rusts-before-sold", "mistake", "trains.yaml",
                              f"the {train.name}-train {what} on the {by}-train, which the depot sells "
                              f"{'as the same train' if order[by] == i else 'before it'}",
                              "the depot sells trains in order: it would be scrap as soon as it could be bought")


def phases_no_train_reaches(model: TitleModel) -> Iterator[Finding]:
    sold = {t.name for t in model.trains if t.count is None or _some(t.count)}
    names = {t.name for t in model.trains}
    order = {t.name: i for i, t in enumerate(model.trains)}
    last = -1
    for phase in model.phases[1:]:
        if not phase.on and phase.starts_at_or is None:
            yield Finding("phase-never-starts", "mistake", "trains.yaml",
                          f"phase {phase.name} names no train that starts it (on) and no operating round",
                          "a phase begins with the first purchase of a train it names: this one never begins")
            continue
        missing = [t for t in phase.on if t not in names]
        unsold = [t for t in phase.on if t in names and t not in sold]
        if missing or (phase.on and len(unsold) == len(phase.on) and phase.starts_at_or is None):
            yield Finding("phase-never-starts", "mistake", "trains.yaml",
                          f"phase {phase.name} starts with the {', '.join(phase.on)}-train, which the depot "
                          "never sells" + (f" ({', '.join(missing)}: no such train)" if missing else ""),
                          "a phase begins with the first purchase of a train it names: this one never begins")
            continue
        first = min((order[t] for t in phase.on if t in order), default=last)
        if first < last:
            yield Finding("phase-out-of-order", "check", "trains.yaml",
                          f"phase {phase.name} starts with a train the depot sells before the previous phase's",
                          "phases follow one another in the order written: a later phase's train bought first "
                          "skips the phases between")
        last = max(last, first)


def _some(count: object) -> bool:
    if isinstance(count, int):
        return count > 0
    return any(v > 0 for v in count.values())  # type: ignore[attr-defined]


# ---------------------------------------------------------------- tiles

def cities_without_a_next_tile(model: TitleModel) -> Iterator[Finding]:
    """A city or town hex no tile fits: an empty one no yellow tile of its label and number of stops
    fits is never built; a city whose yellow tile no green tile of its label follows stops upgrading
    (later colours are the designer's taste: many titles end some cities in brown)."""
    allowed = {c for p in model.phases for c in p.tiles}
    available = [t for name, t in model.tiles.items()
                 if model.tile_counts.get(name, 0) is None or (model.tile_counts.get(name) or 0) > 0]
    fits: set[tuple[str | None, str, int, int]] = set()
    for tile in available:
        fits.add((tile.label, tile.color, _count(tile.stops, "city"), _count(tile.stops, "town")))
    never: dict[tuple[str | None, int, int], list[str]] = {}
    stuck: dict[str | None, list[str]] = {}
    for coord, hexdef in sorted(model.map.hexes.items()):
        cities, towns = _count(hexdef.tile.stops, "city"), _count(hexdef.tile.stops, "town")
        label = hexdef.tile.label
        if hexdef.color == "white" and (cities or towns) and "yellow" in allowed:
            if not any(f[0] == label and f[1] == "yellow" and f[2] == cities and f[3] == towns for f in fits) \
                    and not (towns and any(f[0] == label and f[1] == "yellow" and f[2] for f in fits)):
                never.setdefault((label, cities, towns), []).append(coord)
                continue
        if cities and hexdef.color in ("white", "yellow") and "green" in allowed:
            if not any(f[0] == label and f[1] == "green" and f[2] for f in fits):
                stuck.setdefault(label, []).append(coord)
    for (label, cities, towns), coords in sorted(never.items(), key=lambda kv: (str(kv[0][0]), kv[0][1:])):
        stops = " and ".join(x for x in (_stops(cities, "city", "cities"), _stops(towns, "town", "towns")) if x)
        yield Finding("tiles-never-fit", "mistake", "tiles.yaml",
                      f"no yellow tile with {stops}{_label(label)} for {', '.join(coords)}",
                      "no track can ever be laid there: those hexes stay empty all game")
    for label, coords in sorted(stuck.items(), key=lambda kv: str(kv[0])):
        yield Finding("tiles-short", "check", "tiles.yaml",
                      f"no green tile with a city{_label(label)} for {', '.join(coords)}, though the phases "
                      "allow green",
                      "those cities stay yellow all game: one station slot and their yellow revenue")


def _count(stops: Iterable[object], kind: str) -> int:
    return sum(getattr(s, "kind", None) == kind for s in stops)


def _stops(n: int, one: str, many: str) -> str:
    return "" if not n else f"one {one}" if n == 1 else f"{n} {many}"


def _label(label: str | None) -> str:
    return f" labelled {label}" if label else " without a label"


# ---------------------------------------------------------------- the map

def homes_cut_off(model: TitleModel) -> Iterator[Finding]:
    hexes = model.map.hexes
    for corp in (*model.corporations, *model.minors):
        targets = [("home", h) for h in corp.home] + ([("destination", corp.destination)] if corp.destination else [])
        for what, coord in targets:
            if coord not in hexes:
                yield Finding(f"{what}-not-on-map", "mistake", "corporations.yaml",
                              f"{corp.sym}'s {what} {coord} is not a hex of the map",
                              "a station can only stand on a hex of map.yaml")
                continue
            stops = hexes[coord].tile.stops
            if what == "home" and not any(s.kind == "city" for s in stops) and hexes[coord].color != "white":
                yield Finding("home-without-city", "mistake", "corporations.yaml",
                              f"{corp.sym}'s home {coord} has no city",
                              "a home station stands in a city")
            elif not _connected(model, coord):
                yield Finding(f"{what}-cut-off", "mistake", "map.yaml",
                              f"{corp.sym}'s {what} {coord} has no neighbouring hex that track can reach",
                              "no route can leave or reach it: borders or the map's edge close it in")


def _connected(model: TitleModel, coord: str) -> bool:
    """Whether track could ever leave the hex: an edge facing a hex of the map that neither side's
    border makes impassable (a printed gray or red hex counts only through its own paths)."""
    hexes = model.map.hexes
    axes = model.map.axes or default_axes(model.map.layout)
    here = hexes[coord]
    if here.color in ("gray", "red"):
        return any(p.a < 6 or p.b < 6 for p in here.tile.paths)
    by_xy = {xy(c, axes): c for c in hexes}
    x, y = xy(coord, axes)
    blocked = {b.edge for b in here.tile.borders if b.type == "impassable"}
    for edge, (dx, dy) in DIRECTIONS[model.map.layout].items():
        if edge in blocked:
            continue
        other = by_xy.get((x + dx, y + dy))
        if other is None:
            continue
        facing = hexes[other]
        if any(b.edge == invert(edge) and b.type == "impassable" for b in facing.tile.borders):
            continue
        if facing.color in ("gray", "red") and not any(invert(edge) in (p.a, p.b) for p in facing.tile.paths):
            continue
        return True
    return False


# ---------------------------------------------------------------- the market and the bank

def par_prices_out_of_reach(model: TitleModel) -> Iterator[Finding]:
    """Par prices the players cannot pay: the president's certificate at the cheapest par costs more
    than a player's starting cash (nobody can start a corporation), or at the dearest par (that par is
    never chosen in the first stock round)."""
    prices = sorted({cell.price for r, c in model.market.par_cells
                     if (cell := model.market.grid[r][c]) is not None})
    presidents = [c.shares[0] for c in model.corporations if c.shares]
    if not prices or not presidents:
        return
    percent = min(presidents)
    for n in range(model.title.players.min, model.title.players.max + 1):
        cash = model.title.starting_cash.get(n)
        if cash is None:
            continue
        cheapest, dearest = prices[0] * percent // 10, prices[-1] * percent // 10
        if cheapest > cash:
            yield Finding("par-unaffordable", "mistake", "market.yaml",
                          f"with {n} players each starts with {cash}; a president's certificate costs at least "
                          f"{cheapest} (par {prices[0]}, {percent}%)", "nobody can start a corporation")
        elif dearest > cash:
            yield Finding("par-unaffordable", "check", "market.yaml",
                          f"with {n} players each starts with {cash}; a president's certificate at par "
                          f"{prices[-1]} costs {dearest}",
                          "that par price cannot be chosen in the first stock round")
    syms = {c.sym for c in (*model.corporations, *model.minors)}
    for sym in model.market.par_prices:
        if sym not in syms:
            yield Finding("par-for-nobody", "mistake", "market.yaml",
                          f"par prices are reserved for {sym}, which is no corporation of the title",
                          "reserved par cells are for the corporation they name")


def bank_too_small(model: TitleModel) -> Iterator[Finding]:
    bank = model.title.bank
    if bank.unlimited:
        return
    trains = sum(t.price * (t.count if isinstance(t.count, int) else 1) for t in model.trains if t.count != 0)
    for n in range(model.title.players.min, model.title.players.max + 1):
        cash = bank.cash if isinstance(bank.cash, int) else bank.cash.get(n, 0)
        start = model.title.starting_cash.get(n, 0) * n
        left = cash - start
        if left <= 0:
            yield Finding("bank-pays-no-start", "mistake", "title.yaml",
                          f"with {n} players the bank holds {cash} and owes {start} of starting cash",
                          "the bank is broken before the first round")
        elif left * 4 < trains:
            yield Finding("bank-small", "check", "title.yaml",
                          f"with {n} players the bank keeps {left} after the starting cash; the depot's trains "
                          f"cost {trains} in all",
                          "revenue comes from the bank: it may break (and end the game) long before the later "
                          "trains are bought")


# ---------------------------------------------------------------- privates

def privates_that_cannot_act(model: TitleModel) -> Iterator[Finding]:
    hexes = set(model.map.hexes)
    tiles = {n for n, c in model.tile_counts.items() if c is None or c > 0}
    syms = {c.sym for c in (*model.corporations, *model.minors)}
    trains = {t.name for t in model.trains}
    closing = _privates_close(model)
    for private in model.privates:
        for ability in private.abilities:
            kind = ability.type
            named_hexes = tuple(getattr(ability, "hexes", ()) or ()) + _one(getattr(ability, "hex", None))
            for coord in named_hexes:
                if coord not in hexes:
                    yield _private(private.sym, kind, f"hex {coord}, which is not on the map")
            if kind in ("tile_lay", "teleport"):
                for tile in getattr(ability, "tiles", ()) or ():
                    if tile not in tiles:
                        yield _private(private.sym, kind, f"tile {tile}, which tiles.yaml does not ship")
            corps = getattr(ability, "corporations", None)
            named = (corps if isinstance(corps, tuple) else ()) + tuple(
                c for c in _one(getattr(ability, "corporation", None)) if c not in SPECIAL_CORPORATIONS)
            for sym in named:
                if sym not in syms:
                    yield _private(private.sym, kind, f"corporation {sym}, which the title does not have")
            for train in getattr(ability, "trains", ()) or ():
                if train not in trains:
                    yield _private(private.sym, kind, f"the {train}-train, which the depot never sells")
            if kind == "tile_lay" and closing is not None:
                colours = {model.tiles[t].color for t in getattr(ability, "tiles", ()) or () if t in model.tiles}
                opens = [i for i, p in enumerate(model.phases) if colours & set(p.tiles)]
                if colours and opens and opens[0] >= closing[0]:
                    yield Finding("private-closes-first", "mistake", "privates.yaml",
                                  f"{private.sym}'s tile_lay ability lays {'/'.join(sorted(colours))} tiles, first "
                                  f"allowed in phase {model.phases[opens[0]].name}; the privates close with the "
                                  f"{closing[1]}-train, in phase {model.phases[closing[0]].name}",
                                  "the private is closed before its tiles may be laid")


def _privates_close(model: TitleModel) -> tuple[int, str] | None:
    """The phase (index) in which the first train whose purchase closes the privates is bought, and
    that train's name."""
    for i, train in enumerate(model.trains):
        if "close_privates" in train.events:
            started = [k for k, p in enumerate(model.phases) if any(
                [t.name for t in model.trains].index(o) <= i for o in p.on if o in {t.name for t in model.trains})]
            return (max(started) if started else 0), train.name
    return None


#: words an ability may name instead of a corporation (the corporation the private is attached to)
SPECIAL_CORPORATIONS = frozenset({"attached", "owner", "any"})


def _one(value: str | None) -> tuple[str, ...]:
    return (value,) if value else ()


def _private(sym: str, kind: str, what: str) -> Finding:
    return Finding("private-names-nothing", "mistake", "privates.yaml", f"{sym}'s {kind} ability names {what}",
                   "the ability can never be used there")


CHECKS = (trains_rusting_before_they_are_sold, phases_no_train_reaches, cities_without_a_next_tile, homes_cut_off,
          par_prices_out_of_reach, bank_too_small, privates_that_cannot_act)


def report(title: str, findings: Iterable[Finding]) -> str:
    """The findings as a designer reads them in a minute: mistakes first, grouped by file."""
    found = sorted(findings, key=lambda f: (f.severity != "mistake", f.file, f.check, f.message))
    if not found:
        return f"{title}: no findings ({len(CHECKS)} checks)"
    mistakes = sum(f.severity == "mistake" for f in found)
    lines = [f"{title}: {mistakes} mistake{'s' * (mistakes != 1)}, {len(found) - mistakes} to check"]
    for f in found:
        lines.append(f"  {f.file}: {f.severity} [{f.check}] {f.message}")
        lines.append(f"      why: {f.reason}")
    return "\n".join(lines)
