"""Routes: rebuilt from the hexes a recorded route names, checked, and scored.

A route is a chain of *connections*, each a run of track between two stops with
no stop in between. A recorded route gives each connection as the list of hexes
it passes; the engine finds the track that matches, then checks every route
rule itself and computes the revenue — the recorded revenue is never trusted.

Older 18xx.games exports give a route only as the hexes it passes, in order, and
its revenue (no connections): :func:`railbook.engine.rules.recorded_routes.routes_from_hexes`
finds every way to cut
those hexes into connections that the track allows and the rules accept. Where
the ways disagree on the revenue, the route cannot be known, and the recorded
revenue is taken on trust (``Route.stated_revenue``; the game counts it).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.map.tile import Path, Stop, hex_of
from railbook.engine.map.walk import path_record, walk_path
from railbook.engine.rules.insolvency import leased_revenue
from railbook.errors import RouteError
from railbook.hexgrid import invert

if TYPE_CHECKING:
    from railbook.engine.entities.train import Train
    from railbook.engine.state import GameState

Chain = dict[str, Any]


def chain_id(paths: list[Path]) -> list[str]:
    if len(paths) == 1 and paths[0].tile.ambiguous_connection():
        n0, n1 = sorted(n.index for n in paths[0].nodes)
        return [f"{hex_of(paths[0]).id} {n0}.{n1}"]
    seen_junctions: set[int] = set()
    out = []
    for p in paths:
        a_j = not isinstance(p.a, int) and p.a.is_junction()
        b_j = not isinstance(p.b, int) and p.b.is_junction()
        if not ((a_j and id(p.a) in seen_junctions) or (b_j and id(p.b) in seen_junctions)):
            out.append(hex_of(p).id)
        if a_j:
            seen_junctions.add(id(p.a))
        if b_j:
            seen_junctions.add(id(p.b))
    return out


def node_chains(start: Stop, end: Stop, cache: dict[tuple[int, int], list[Chain]]) -> list[Chain]:
    """Every run of track from one stop to another with no stop in between."""
    key = (id(start), id(end))
    if key in cache:
        return cache[key]
    chains: list[Chain] = []
    for start_path in start.paths:
        def visit(current: Path, visited: dict[Path, bool], counter: Any, converging: bool) -> None:
            if end not in current.nodes:
                return
            paths = list(visited)
            chains.append({"nodes": [start, end], "paths": paths, "id": chain_id(paths)})
        walk_path(start_path, visit, visited={}, counter={})
    chains.sort(key=lambda c: len(c["paths"]))
    cache[key] = chains
    return chains


def guided_chains(start: Stop, end_hex: Any, hex_ids: list[str]) -> dict[Stop, list[Chain]]:
    """The chains from ``start`` to each stop of the last hex whose paths lie in exactly these
    hexes, in order (the same walk as :func:`node_chains`, pruned to the recorded hexes: the
    i-th path of the chain must be in the i-th hex). One walk serves every end stop."""
    n = len(hex_ids)
    found: dict[Stop, list[Chain]] = {}
    for start_path in start.paths:
        if hex_of(start_path).id != hex_ids[0]:
            continue

        def visit(current: Path, visited: dict[Path, bool], counter: Any, converging: bool) -> None:
            if current.junction is not None:
                return
            k = len(visited)
            if k != n or current.tile.hex is not end_hex:
                return
            paths = list(visited)
            if chain_id(paths) != hex_ids:
                return
            for end in current.nodes:
                if end is not start:
                    found.setdefault(end, []).append({"nodes": [start, end], "paths": paths, "id": hex_ids})

        _walk_limited(start_path, visit, hex_ids)
    for chains in found.values():
        chains.sort(key=lambda c: len(c["paths"]))
    return found


def _walk_limited(start_path: Path, visit: Any, hex_ids: list[str]) -> None:
    """A path walk that only steps into the next recorded hex (over the network walk's records of
    the paths, :func:`railbook.engine.map.walk.path_record`: the same steps in the same order)."""
    visited: dict[Path, bool] = {}
    used: set[int] = set()
    n = len(hex_ids)

    def step(path: Path, skip: int | None) -> None:
        # the caller saw that the path is not in the walk
        record = path.links
        if record is None or record[0] != path.tile.hex.stamp:   # type: ignore[union-attr]  # on the map
            record = path_record(path)
        for key in record[1]:
            if key in used:
                return
        visited[path] = True
        visit(path, visited, used, True)
        k = len(visited)
        if k < n:
            nxt = hex_ids[k]
            for edge, key, _, np_edge, np in record[4]:
                if edge == skip or np in visited or np.tile.hex.id != nxt:
                    continue
                used.add(key)
                step(np, np_edge)
                used.discard(key)
        visited.pop(path, None)

    step(start_path, None)


class Route:
    def __init__(self, game: "GameState", train: "Train", corporation: Any, connections: list[list[str]],
                 other_paths: set[Path] | None = None):
        self.game = game
        self.train = train
        self.corporation = corporation
        self.phase_tiles = list(game.phase.revenue_colors)
        self.connection_hexes = connections
        self.connection_data: list[tuple[Stop, Stop, Chain]] = []
        self._stops_seen: tuple[list[Any], int, tuple[Stop, ...]] | None = None   # visited_stops, as last made
        self._cache: dict[tuple[int, int], list[Chain]] = {}
        self.stated_revenue: int | None = None   # a revenue taken on trust (the route is ambiguous)
        self.siblings: list["Route"] = [self]    # the routes the corporation's trains run together
        self.halts: int | None = None            # the halts the route asks to stop at (None: as many as fit)
        self.leased = False                      # an insolvent corporation's depot train (operating_round.insolvency)
        if connections:
            self._build(other_paths or set())

    # -- rebuilding from recorded hexes
    def _matching_chains(self, hex_ids: list[str]) -> list[Chain]:
        if not hex_ids:
            return []
        start_hex = self.game.hex_by_id(hex_ids[0].split()[0])
        end_hex = self.game.hex_by_id(hex_ids[-1].split()[0])
        if start_hex is None or end_hex is None:
            raise RouteError(f"route names a hex that is not on the map: {hex_ids}", "routes")
        guided = " " not in hex_ids[0] and not any(h.tile.junction for h in (start_hex, end_hex))
        key = None
        if guided:
            # a guided walk sees only the recorded hexes: while their tiles keep their layout
            # the chains are the same (a corporation runs the same route OR after OR)
            hexes = [h for h in (self.game.hex_by_id(hid) for hid in hex_ids) if h is not None]
            if len(hexes) == len(hex_ids):
                key = (tuple(hex_ids), tuple(h.tile.layout for h in hexes))
                known = self.game.route_chains.get(key)
                if known is not None:
                    return list(known)
        out: list[Chain] = []
        for s in start_hex.tile.nodes:
            by_end = guided_chains(s, end_hex, hex_ids) if guided else None
            for e in end_hex.tile.nodes:
                if s is e:
                    continue
                if by_end is not None:
                    out.extend(by_end.get(e, ()))
                else:
                    out.extend(c for c in node_chains(s, e, self._cache) if c["id"] == hex_ids)
        if key is not None:
            self.game.route_chains[key] = tuple(out)
        return out

    def _build(self, other_paths: set[Path]) -> None:
        conns = self.connection_hexes
        if not conns:
            raise RouteError(f"the {self.train.name} train's route has no track", "routes")
        possibilities = [self._matching_chains(h) for h in conns]
        for h, p in zip(conns, possibilities):
            if not p:
                raise RouteError(f"no track runs {'-'.join(h)} between two stops for "
                                 f"{self.corporation.name}'s {self.train.name} train", "routes")
        if len(possibilities) == 1:
            chain = next((c for c in possibilities[0]
                          if any(n.tokened_by(self.corporation) for n in c["nodes"])
                          and not (set(c["paths"]) & other_paths)), None)
            if chain is None:
                raise RouteError(f"the {self.train.name} train's route {'-'.join(conns[0])} does not start or "
                                 f"end at a {self.corporation.name} station (or reuses track)", "routes")
            self.connection_data.append((chain["nodes"][0], chain["nodes"][1], chain))
            return
        used = set(other_paths)
        for index, (pa, pb) in enumerate(itertools.pairwise(possibilities)):
            found = self._pairwise(pa, pb, used)
            if found is None:
                raise RouteError(f"the connections of the {self.train.name} train's route "
                                 f"({' / '.join('-'.join(c) for c in conns)}) do not join up", "routes")
            a, b, left, right, middle = found
            if index == 0:
                self.connection_data.append((left, middle, a))
            self.connection_data.append((middle, right, b))
            used |= set(a["paths"])

    @staticmethod
    def _pairwise(chains_a: list[Chain], chains_b: list[Chain], other: set[Path]) -> tuple[Any, ...] | None:
        chains_a = [a for a in chains_a if not (set(a["paths"]) & other)]
        chains_b = [b for b in chains_b if not (set(b["paths"]) & other)]
        for a in chains_a:
            for b in chains_b:
                middle = [n for n in a["nodes"] if n in b["nodes"]]
                if len(middle) != 1:
                    continue
                if set(a["paths"]) & set(b["paths"]):
                    continue
                left = next(n for n in a["nodes"] if n is not middle[0])
                right = next(n for n in b["nodes"] if n is not middle[0])
                return (a, b, left, right, middle[0])
        return None

    # -- what the route is
    @property
    def paths(self) -> list[Path]:
        return [p for _, _, c in self.connection_data for p in c["paths"]]

    def ordered_paths(self) -> list[Path]:
        out: list[Path] = []
        for left, _, chain in self.connection_data:
            cp = chain["paths"]
            if not cp:
                continue
            out.extend(cp if left in cp[0].nodes else list(reversed(cp)))
        return out

    def visited_stops(self) -> list[Stop]:
        """The stops the route visits, in order, each once. Kept while its connections are the same
        list of the same length (the route rules and revenue hooks ask it many times per route)."""
        data = self.connection_data
        known = self._stops_seen
        if known is not None and known[0] is data and known[1] == len(data):
            return list(known[2])
        out: list[Stop] = []
        for left, right, _ in data:
            for n in (left, right):
                if n not in out:
                    out.append(n)
        self._stops_seen = (data, len(data), tuple(out))
        return out

    def hexes(self) -> list[str]:
        return [hex_of(n).id for n in self.visited_stops()]

    # -- rules
    def check(self) -> None:
        visited = self.visited_stops()
        if len(visited) < 2 and not self.train.local():
            raise RouteError(f"a route must have at least 2 stops ({self.train.name} train)", "routes")
        if self.train.requires_token and not any(s.tokened_by(self.corporation) for s in visited):
            raise RouteError(f"the {self.train.name} train's route must include a {self.corporation.name} station",
                             "routes")
        groups: dict[str, int] = {}
        for s in visited:
            for g in s.groups:
                groups[g] = groups.get(g, 0) + 1
        for g, n in groups.items():
            if n > 1:
                raise RouteError(f"a route may use {g} only once", "routes")
        if not self.game.rules.operating_round.routes_end_at_halts and "halt" in (visited[0].kind, visited[-1].kind):
            raise RouteError(f"the {self.train.name} train's route cannot begin or end at a halt", "routes")
        ordered = self.ordered_paths()
        if len(self.paths) >= 3 and any(p.terminal for p in ordered[1:-1]):
            raise RouteError("a route cannot pass through a terminal (offboard) stop", "routes")
        check_route(self.game, self)
        seen: set[int] = set()
        for left, right, _ in self.connection_data:
            seen.add(id(left))
            if id(right) in seen:
                raise RouteError(f"a route cannot visit {hex_of(right).id} twice", "routes")
            seen.add(id(right))
        self.check_distance(visited)
        bypassed = self.check_bypasses()
        for a, b in itertools.pairwise(ordered):
            if not _connects(a, b, self.corporation, bypassed):
                raise RouteError(f"the {self.train.name} train's route is not connected at {hex_of(a).id}: "
                                 "a city full of other corporations' stations blocks it", "routes")

    def bypassed_cities(self) -> list[Stop]:
        """The cities the route passes through that block its corporation (every slot another's station)."""
        return [s for s in self.visited_stops()[1:-1] if s.is_city() and s.blocks(self.corporation)]

    def check_bypasses(self) -> list[Stop]:
        """``operating_round.tokened_out_bypass``: the blocking cities the route may pass through (so
        many a route, on so many of the run's routes); those it passes."""
        allow = self.game.rules.operating_round.tokened_out_bypass
        if not allow.per_route:
            return []
        bypassed = self.bypassed_cities()
        if not bypassed:
            return []
        if len(bypassed) > allow.per_route:
            raise RouteError(f"the {self.train.name} train's route passes {len(bypassed)} cities full of other "
                             f"corporations' stations; a route may pass {allow.per_route}", "routes")
        others = sum(1 for r in self.siblings if r is not self and r.connection_data and r.bypassed_cities())
        if others >= allow.routes:
            raise RouteError(f"only {allow.routes} of a corporation's routes may pass a city full of other "
                             "corporations' stations", "routes")
        return bypassed

    def check_distance(self, visits: list[Stop]) -> None:
        d = self.train.distance
        kind = d.kind
        if kind == "unlimited":
            return
        if kind == "stops":
            n = sum(s.visit_cost for s in visits)
            if n > d.n:
                raise RouteError(f"{n} stops is too many for a {self.train.name} train", "train distance")
            return
        if kind == "hexes":  # hex borders crossed, centre to centre (a route never enters a hex twice)
            n = len({p.tile.hex for p in self.paths}) - 1
            if n > d.n:
                raise RouteError(f"the route crosses {n} hex borders, too many for a {self.train.name} train",
                                 "train distance")
            return
        info: dict[str, list[dict[str, int]]] = {}
        rows = [{"visit": r.visit} for r in d.rows]   # what each row may still visit
        for r, spec in zip(rows, d.rows):
            for t in spec.stops:
                info.setdefault(t, []).append(r)
        grouped: dict[str, list[Stop]] = {}
        for v in visits:
            grouped.setdefault(v.kind, []).append(v)
        for kind_, group in sorted(grouped.items(), key=lambda kv: len(info.get(kv[0], []))):
            num = sum(v.visit_cost for v in group)
            for r in info.get(kind_, []):
                if r["visit"] <= 0:
                    continue
                take = min(num, r["visit"])
                r["visit"] -= take
                num -= take
                if num <= 0:
                    break
            if num > 0:
                raise RouteError(f"the route has too many stops for a {self.train.name} train", "train distance")

    # -- revenue
    def stops(self) -> list[Stop]:
        visits = self.visited_stops()
        d = self.train.distance
        if d.kind != "rows":
            return visits
        rows = sorted(d.rows, key=lambda r: len(r.stops))
        halts = [s for s in visits if s.kind == "halt"]
        if halts:
            return self.stops_with_halts(visits, halts, rows)
        max_stops = min(sum(r.pay for r in rows), len(visits))
        for n in range(max_stops, 0, -1):
            best: tuple[int, list[Stop]] | None = None
            for combo in itertools.combinations(visits, n):
                if self.train.requires_token and not any(s.tokened_by(self.corporation) for s in combo):
                    continue
                if not self.rows_take(rows, combo):
                    continue
                rev = self.base_revenue(list(combo)) + route_bonus(self.game, self, list(combo))
                if best is None or rev > best[0]:
                    best = (rev, list(combo))
            if best is not None and best[0] > 0:
                return best[1]
        return []

    def stops_with_halts(self, visits: list[Stop], halts: list[Stop], rows: list[Any]) -> list[Stop]:
        """A route's stops where it passes halts: its cities and offboards; the halts it asks for
        (``halts``, first in the order visited; a request the allowance cannot meet is no request);
        the best towns of what allowance is left (the revenue may be lower than the best choice);
        then, where it asks for none, as many halts as still fit."""
        taken = [s for s in visits if s.kind not in ("town", "halt")]
        most = max((n for n in range(len(halts) + 1) if self.rows_take(rows, taken + halts[:n])), default=0)
        requested = self.halts if self.halts is not None and 0 < most and self.halts <= most else None
        taken += halts[:requested or 0]
        towns = [s for s in visits if s.kind == "town"]
        for n in range(len(towns), 0, -1):
            fitting: list[list[Stop]] = [list(c) for c in itertools.combinations(towns, n)
                                         if self.rows_take(rows, taken + list(c))]
            if fitting:
                best: list[Stop] = max(fitting, key=self.base_revenue)
                taken += best
                break
        if requested is None:
            for halt in halts:
                if self.rows_take(rows, taken + [halt]):
                    taken.append(halt)
        return [s for s in visits if s in taken]

    @staticmethod
    def rows_take(rows: list[Any], combo: Any) -> bool:
        """Whether the distance's rows can count these stops: each in a row of its kind, then (where a row
        ``lends_unused``) in what such a row has left."""
        used = [0] * len(rows)
        left = []
        for stop in combo:
            row = next((i for i, r in enumerate(rows) if stop.kind in r.stops and used[i] < r.pay), None)
            if row is None:
                left.append(stop)
            else:
                used[row] += 1
        for stop in left:
            row = next((i for i, r in enumerate(rows) if r.lends_unused and used[i] < r.pay), None)
            if row is None:
                return False
            used[row] += 1
        return True

    def base_revenue(self, stops: list[Stop]) -> int:
        return sum(s.revenue_in(self.phase_tiles, self.train) for s in stops)

    def revenue(self) -> int:
        if self.stated_revenue is not None and not self.connection_data:
            return self.stated_revenue   # a recorded revenue taken on trust, its route unknown
        self.check()
        if self.stated_revenue is not None:
            return self.stated_revenue
        if self.leased:   # as many stops as the train's first row counts, each at the same price
            rows = self.train.distance.rows
            count = min(len(self.visited_stops()), rows[0].pay) if rows else len(self.visited_stops())
            return leased_revenue(self.game, count)
        stops = self.stops()
        return self.base_revenue(stops) + route_bonus(self.game, self, stops)


def _connects(a: Path, b: Path, corporation: Any, passable: list[Stop] | tuple[Stop, ...] = ()) -> bool:
    """The two paths join, at an edge, a junction or a stop that does not block the corporation (or
    that it may pass: ``passable``)."""
    for part in (a.a, a.b):
        if isinstance(part, int):
            neighbor = hex_of(a).neighbors.get(part)
            if neighbor is not None and neighbor is b.tile.hex and invert(part) in b.edges:
                return True
        elif part.is_junction():
            if b.junction is part:
                return True
        elif part in b.nodes and (not part.blocks(corporation) or part in passable):
            return True
    return False


def rebuild_routes(game: "GameState", entity: Any, specs: list[dict[str, Any]],
                   from_hexes: Callable[[dict[str, Any], set[Any]], Route] | None = None,
                   leased: "Train | None" = None) -> list[Route]:
    """The routes of a run_routes action (each ``{"train": Train, "connections": [[hex ids...]...]}``)
    rebuilt on the board in order: each train the entity's own and not yet run, each route's
    track found apart from the track the trains before it took (a train that runs on its own
    may share it), and no track shared (:func:`check_overlap`). Revenue is the routes' own.
    A route recorded as its hexes alone (no connections) is built by ``from_hexes`` (spec, track
    taken), where the caller reads such routes. An insolvent corporation runs the ``leased`` depot train."""
    routes: list[Route] = []
    seen: set[Any] = set()
    used_paths: set[Any] = set()
    for spec in specs:
        train = spec["train"]
        if train.owner is not entity and train is not leased:
            raise RouteError(f"{entity.name} cannot run {train.id}: it is not its train", "routes")
        if train in seen:
            raise RouteError(f"train {train.id} cannot run twice", "routes")
        if train.operated:
            raise RouteError(f"train {train.id} has already run this round", "routes")
        seen.add(train)
        apart = bool(train.definition.route_may_overlap)  # runs on its own: may share the others' track
        other = set() if apart else used_paths
        if from_hexes is not None and not spec["connections"] and spec.get("hexes"):
            route = from_hexes(spec, other)
        else:
            route = Route(game, train, entity, spec["connections"], other_paths=other)
        halts = spec.get("halts")
        route.halts = int(halts) if halts is not None else None
        route.leased = train is leased
        if not apart:
            used_paths |= set(route.paths)
        routes.append(route)
    check_overlap(routes)
    for route in routes:
        route.siblings = routes
    return routes


def check_overlap(routes: list[Route]) -> None:
    """No two trains of a corporation may share a piece of track."""
    used: set[Any] = set()
    for route in routes:
        if route.train.definition.route_may_overlap:
            continue  # a train that runs on its own (a TGV) may share the others' track
        for p in route.paths:
            hid = hex_of(p).id
            keys = [("edge", hid, e) for e in p.edges]
            if len(p.nodes) > 1:
                keys.append(("path", hid, id(p)))
            for k in keys:
                if k in used:
                    raise RouteError(f"two trains cannot share track on {hid}", "routes")
                used.add(k)


def route_bonus(game: "GameState", route: Route, stops: list[Stop]) -> int:
    """What a route earns beyond its stops' values: a mechanic's bonus (a private's hex), a ``stops_bonus``
    of the corporation's, the title's hook."""
    bonus = sum(m.route_bonus(route.corporation, stops) for m in game.mechanics) + stops_bonus(route)
    fn = game.title.hook("route_bonus")
    if fn is None:
        return bonus
    return bonus + int(game.api.run(fn, game.api.wrap_route(route, stops)) or 0)


def stops_bonus_amount(corp: Any) -> int:
    """What the corporation's ``stops_bonus`` abilities pay for each stop of its longest route."""
    return sum(a.spec.amount for a in getattr(corp, "all_abilities", lambda: [])()
               if a.type == "stops_bonus" and (a.owner_type != "corporation" or corp.is_corporation()))


def earns_stops_bonus(routes: list[Any]) -> Any:
    """Of routes run together, the one a ``stops_bonus`` pays: the one that visits the most stops (of
    equal ones, the train whose id sorts last)."""
    return max(routes, key=lambda r: (len(r.visited_stops()), r.train.id)) if routes else None


def stops_bonus(route: Route) -> int:
    """A ``stops_bonus`` ability of the corporation: its route that visits the most stops (of equal ones,
    the train whose id sorts last) earns the amount for each stop it visits."""
    amount = stops_bonus_amount(route.corporation)
    if not amount:
        return 0
    return amount * len(route.visited_stops()) if earns_stops_bonus(route.siblings) is route else 0


def check_route(game: "GameState", route: Route) -> None:
    """The title's own route rules (its check_route hook refuses a route with a reason)."""
    fn = game.title.hook("check_route")
    if fn is not None:
        game.api.run(fn, game.api.wrap_route(route, route.visited_stops()))
