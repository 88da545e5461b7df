"""What each corporation can reach from its stations.

Computed lazily per corporation and cached until the board changes (a tile
laid, a token placed or removed); ``route_info`` survives clears once a
corporation is known to have a route worth buying a train for, because new
track and tokens can only add routes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.map.tile import City, Path, Stop
from railbook.engine.map.walk import Found, walk_from_path, walk_network, walk_node

if TYPE_CHECKING:
    from railbook.engine.map.hex import Hex


class Graph:
    def __init__(self, hex_order: dict["Hex", int],
                 teleports: Callable[[Any], tuple[list["Hex"], list[City]]] = lambda corporation: ([], [])):
        # the map order of hexes: the walk starts from token cities in this order (which token a
        # shared path is credited to depends on it)
        self.hex_order = hex_order
        # what a corporation reaches without track, by an ability it holds: whole hexes, and cities
        self.teleports = teleports
        self.connected_hexes_: dict[Any, dict["Hex", list[int]]] = {}
        self.connected_nodes_: dict[Any, dict[Stop, bool]] = {}
        self.connected_paths_: dict[Any, dict[Path, bool]] = {}
        self.reachable_hexes_: dict[Any, dict["Hex", bool]] = {}
        self.routes: dict[Any, dict[str, bool]] = {}
        self.tokens: dict[Any, bool] = {}
        # what a walk cut short had reached (its paths, its stops, the hex sides it marked) when it
        # stopped: part of the whole walk's reach, so a place in it is reached (kept until the board
        # changes for the corporation, like the rest; see :meth:`reaches`)
        self.partial_: dict[Any, tuple[dict[Path, bool], dict[Stop, bool], dict[int, tuple["Hex", int]]]] = {}

    def clear(self) -> None:
        self.connected_hexes_.clear()
        self.connected_nodes_.clear()
        self.connected_paths_.clear()
        self.reachable_hexes_.clear()
        self.tokens.clear()
        self.partial_.clear()
        self.routes = {k: v for k, v in self.routes.items() if v.get("route_train_purchase")}

    def clear_for(self, corporation: Any) -> None:
        """Everything, and the corporation's route answer too (it lost a station, say)."""
        self.clear()
        self.routes.pop(corporation, None)

    def clear_all(self) -> None:
        self.clear()
        self.routes.clear()

    # -- incremental invalidation: only corporations that can see a change lose their cache
    def _forget(self, corporation: Any) -> None:
        self.connected_hexes_.pop(corporation, None)
        self.connected_nodes_.pop(corporation, None)
        self.connected_paths_.pop(corporation, None)
        self.reachable_hexes_.pop(corporation, None)
        self.tokens.pop(corporation, None)
        self.partial_.pop(corporation, None)
        routes = self.routes.get(corporation)
        if routes is not None and not routes.get("route_train_purchase"):
            del self.routes[corporation]

    def invalidate_hex(self, hex_: "Hex") -> None:
        """A tile changed on a hex: it can change the network only of corporations whose track
        reaches the hex (a corporation that does not touch it sees the same graph as before), or
        that reach a city there without track (a token ability's: that city left with the old tile)."""
        self._forget_reaching(self.connected_hexes_, hex_)
        for corp in [c for c, nodes in self.connected_nodes_.items() if any(n.tile.hex is None for n in nodes)]:
            self._forget(corp)

    def invalidate_city(self, city: Stop, corporation: Any = None) -> None:
        """A station was placed (or a reservation changed) in a city, by ``corporation``: its network
        has a new station. To the others a station only blocks, and a city blocks only when every
        slot is taken: while one is open their walks are as they were, and only where they could
        place a station may have changed; a city filled up matters to those whose track reaches it."""
        if corporation is not None:
            self._forget(corporation)
        if isinstance(city, City) and any(t is None for t in city.tokens):
            self.tokens.clear()
            return
        self._forget_reaching(self.connected_nodes_, city)

    def _forget_reaching(self, reach: dict[Any, Any], place: Any) -> None:
        """Forget the corporations whose reach (hexes or nodes) includes the place, and those
        whose whole reach is not known (their route or token answers were cached without it, or a
        walk cut short kept what it had reached)."""
        for corp in [c for c, where in reach.items() if place in where]:
            self._forget(corp)
        for corp in [c for c in list(self.routes) + list(self.tokens) + list(self.partial_) if c not in reach]:
            self._forget(corp)

    # -- queries
    def route_info(self, corporation: Any) -> dict[str, bool] | None:
        if corporation not in self.routes:
            self.compute(corporation, routes_only=True)
        return self.routes.get(corporation)

    def can_token(self, corporation: Any) -> bool:
        """Whether the corporation reaches a city where it may place a station (slots and
        reservations allowing; the price is the caller's question)."""
        if corporation in self.tokens:
            return self.tokens[corporation]
        tokens = corporation.tokens_by_type()

        def tokenable(node: Stop) -> bool:
            return isinstance(node, City) and node.tokenable(corporation, free=True, tokens=tokens)

        nodes = self.connected_nodes_.get(corporation)
        found = any(tokenable(n) for n in nodes) if nodes is not None else self.reaches(corporation, tokenable)
        self.tokens[corporation] = found
        return found

    def connects(self, corporation: Any, node: Stop) -> bool:
        """Whether the corporation's track reaches the stop."""
        nodes = self.connected_nodes_.get(corporation)
        if nodes is not None:
            return node in nodes
        partial = self.partial_.get(corporation)
        if partial is not None and node in partial[1]:
            return True
        return self._found(corporation, near=node.tile.hex, wanted=lambda n: n is node)

    def reaches_hex(self, corporation: Any, hex_: "Hex") -> bool:
        """Whether the corporation's track reaches the hex (a path there is in its reach): a hex
        the part of the reach a walk cut short kept has track in is reached without walking again."""
        if corporation not in self.connected_paths_:
            partial = self.partial_.get(corporation)
            if partial is not None and any(p.tile.hex is hex_ for p in partial[0]):
                return True
            if self._found(corporation, near=hex_, wanted_hex=hex_):
                return True
        return hex_ in self.reachable_hexes(corporation)

    def reaches_sides(self, corporation: Any, hex_: "Hex", sides: "set[int] | frozenset[int]") -> bool:
        """Whether the corporation's reach marks the hex at one of these sides (``connected_hexes``
        holds one of them for the hex): where a tile may be laid and turned. Asked before every lay, so
        a walk not yet made stops at the first such side it marks (a yes is the whole walk's, as in
        :meth:`reaches`); a side a walk cut short marked is reached without walking again."""
        hexes = self.connected_hexes_.get(corporation)
        if hexes is None:
            partial = self.partial_.get(corporation)
            keys = {hex_.edge_base + e for e in sides}   # the walk's keys of the hex's sides
            if partial is not None and not keys.isdisjoint(partial[2]):
                return True
            if self._found(corporation, near=hex_, wanted_marks=keys):
                return True
            hexes = self.connected_hexes_[corporation]
        return any(e in sides for e in hexes.get(hex_, ()))

    def reaches_any_path(self, corporation: Any, candidates: "set[Path] | frozenset[Path]") -> bool:
        """Whether the corporation's track reaches one of these paths (``connected_paths`` holds one):
        the walk stops at the first it records (a yes is the whole walk's, as in :meth:`reaches`)."""
        paths = self.connected_paths_.get(corporation)
        if paths is None:
            partial = self.partial_.get(corporation)
            if partial is not None and any(p in partial[0] for p in candidates):
                return True
            if self._found(corporation, near=next(iter(candidates)).tile.hex if candidates else None,
                           wanted_paths=candidates):
                return True
            paths = self.connected_paths_[corporation]
        return any(p in paths for p in candidates)

    def reaches(self, corporation: Any, wanted: Callable[[Stop], bool]) -> bool:
        """Whether the corporation reaches a stop ``wanted`` accepts: its network walk, stopped at the
        first such stop (a walk cut short finds only stops the whole walk finds, so a yes is the
        whole walk's answer). A walk that finds none has gone all the way, and is kept; one cut
        short keeps what it had reached (:meth:`connects`, :meth:`reaches_hex` answer from it:
        most stations are placed in the city whose track the question found first)."""
        return self._found(corporation, wanted=wanted)

    def _found(self, corporation: Any, near: "Hex | None" = None, **wanted: Any) -> bool:
        """The network walk, stopped at what ``wanted`` names (:meth:`compute`'s ``wanted_*``): True
        if it found it (the walk cut short), False if the whole walk went by without (and is kept)."""
        try:
            self.compute(corporation, near=near, **wanted)
        except Found:
            return True
        return False

    def connected_hexes(self, corporation: Any) -> dict["Hex", list[int]]:
        if corporation not in self.connected_hexes_:
            self.compute(corporation)
        return self.connected_hexes_[corporation]

    def connected_nodes(self, corporation: Any) -> dict[Stop, bool]:
        if corporation not in self.connected_nodes_:
            self.compute(corporation)
        return self.connected_nodes_[corporation]

    def connected_paths(self, corporation: Any) -> dict[Path, bool]:
        if corporation not in self.connected_paths_:
            self.compute(corporation)
        return self.connected_paths_[corporation]

    def reachable_hexes(self, corporation: Any) -> dict["Hex", bool]:
        """The hexes the corporation's track reaches (made from its paths when first asked)."""
        reach = self.reachable_hexes_.get(corporation)
        if reach is None:
            paths = self.connected_paths(corporation)
            reach = self.reachable_hexes_[corporation] = {p.tile.hex: True for p in paths if p.tile.hex is not None}
        return reach

    def paths_avoiding(self, corporation: Any, hex_: "Hex",
                       entries: list[tuple[Path, int]] | None = None) -> dict[Path, bool]:
        """The paths the corporation's track reaches without crossing ``hex_`` (its tile's track
        taken away): from its stations, or from ``entries`` (paths entered across one of their sides).
        Not cached: what a lay on the hex would change is judged from it."""
        skip = {p: True for p in hex_.tile.paths}
        paths: dict[Path, bool] = {}

        def visit(path: Path, vp: dict[Path, bool], vn: dict[Stop, bool]) -> None:
            paths[path] = True

        if entries is not None:
            for path, edge in entries:
                walk_from_path(path, edge, visit, corporation, skip)
            return paths
        tokens = self.stations(corporation)
        for node in tokens:
            walk_node(node, visit, visited={t: True for t in tokens if t is not node}, corporation=corporation,
                      converging_path=False, skip_paths=skip)
        return paths

    def stations(self, corporation: Any) -> list[City]:
        """The cities of the corporation's stations on the map, in map order (the order its network walk
        goes from them: which station a shared path is credited to depends on it)."""
        order = self.hex_order
        cities = {t.city for t in corporation.tokens if t.used and t.city is not None and t.city.tile.hex is not None}
        return sorted(cities, key=lambda c: (order.get(c.tile.hex, 0), c.index))

    # -- the walk
    def compute(self, corporation: Any, routes_only: bool = False,
                wanted: Callable[[Stop], bool] | None = None, wanted_hex: "Hex | None" = None,
                wanted_paths: "set[Path] | frozenset[Path] | None" = None,
                wanted_marks: "set[int] | None" = None, near: "Hex | None" = None) -> None:
        """The corporation's network walk, from each station in map order; ``wanted``, ``wanted_hex``,
        ``wanted_paths``, ``wanted_marks``: raise :class:`Found` at the first stop it accepts, the first
        path on that hex, the first of those paths, the first path marking one of those hex sides
        (``edge_base + edge``; keeping what was reached, :attr:`partial_`).

        ``near``: the question is about one place (a hex, a side of it, a path or a stop there), so the
        stations nearest it walk first. Each station's walk goes the same way whatever walked before it
        (another station's walk only keeps it from recording a path again; the stations it may not
        pass through are all the others either way), so what all of them reach, and a yes, do not
        depend on the order. Which station first records a stop does (the route answer counts each
        station's first-recorded stops), and so does the order in which the reach is kept: a walk out
        of map order leaves the route answer alone, and one that finds nothing is walked again in map
        order before it is kept (a no is rare: the lays and stations of a recorded game are legal)."""
        marked: dict[int, tuple["Hex", int]] = {}   # (hex, edge) by the side's key, in the order first marked
        nodes: dict[Stop, bool] = {}
        paths: dict[Path, bool] = {}
        stations: list[Stop] = list(self.stations(corporation))   # walked from in this order
        # the sides reached by hex: first the hexes reached whole, every side marked (each listed
        # even with no neighbour to mark), then the rest in the order the walk marks them
        connected: dict["Hex", list[int]] = {}

        def reach_whole(hex_: "Hex") -> None:
            connected[hex_] = []
            base = hex_.edge_base
            for e in hex_.neighbors:
                marked[base + e] = (hex_, e)

        for city in stations:
            hex_ = city.tile.hex
            assert hex_ is not None   # stations are on the map
            reach_whole(hex_)
            nodes[city] = True
        # hexes and cities an ability lets the corporation reach without track
        teleport_hexes, teleport_cities = self.teleports(corporation)
        for hex_ in teleport_hexes:
            reach_whole(hex_)
            for city in hex_.tile.cities:
                nodes[city] = True
        for city in teleport_cities:
            nodes[city] = True
        if (wanted is not None and any(wanted(n) for n in nodes)) or \
                (wanted_marks is not None and not wanted_marks.isdisjoint(marked)):
            self.partial_[corporation] = (paths, nodes, marked)
            raise Found
        routes = self.routes.get(corporation) or {}
        reordered = False
        if near is not None and not routes_only and len(stations) > 1:
            by_distance = sorted(stations, key=lambda c: _distance(c, near))   # ties in map order
            reordered = by_distance != stations
            stations = by_distance
        for node in stations:
            if routes.get("route_train_purchase") and routes_only:
                return
            local_nodes: dict[Stop, bool] = {}
            # the walk from one station never passes through another (that one walks itself)
            others = [t for t in stations if t is not node]
            # asked only for the route answer, a station's walk stops at its second mandatory stop
            # (the walk asks ``wanted`` of each stop as it first records it for this station)
            second_mandatory = _second_mandatory() if routes_only and wanted is None else wanted
            try:
                walk_network(node, others, corporation, paths, nodes, local_nodes, marked, second_mandatory,
                             wanted_hex, wanted_paths, wanted_marks)
            except Found:
                self.partial_[corporation] = (paths, nodes, marked)
                if second_mandatory is wanted:
                    raise
                routes["route_available"] = True
                routes["route_train_purchase"] = True
                self.routes[corporation] = routes
                return
            if reordered or routes.get("route_train_purchase"):   # out of map order: no route answer
                continue
            mandatory = sum(1 for n in local_nodes if n.route == "mandatory")
            optional = sum(1 for n in local_nodes if n.route == "optional")
            if mandatory > 1:
                routes["route_available"] = True
                routes["route_train_purchase"] = True
                self.routes[corporation] = routes
            elif mandatory == 1 and optional > 0:
                routes["route_available"] = True
        if reordered:   # nothing found: the whole walk, in map order, is what is kept
            self.compute(corporation, routes_only, wanted, wanted_hex, wanted_paths, wanted_marks)
            return
        self.routes[corporation] = routes
        for hex_, e in marked.values():
            edges = connected.get(hex_)
            if edges is None:
                connected[hex_] = [e]
            else:
                edges.append(e)
        self.connected_hexes_[corporation] = connected
        self.connected_nodes_[corporation] = nodes
        self.connected_paths_[corporation] = paths
        self.reachable_hexes_.pop(corporation, None)
        self.partial_.pop(corporation, None)


def _distance(station: Stop, place: "Hex") -> int:
    """How many hexes from the station to the place (a station is on the map)."""
    hex_ = station.tile.hex
    return hex_.distance(place) if hex_ is not None else 0


def _second_mandatory() -> Callable[[Stop], bool]:
    """A station walk's ``wanted`` that accepts the second mandatory stop it records: the walk has found
    a route worth buying a train for, and need not go on."""
    seen: set[Stop] = set()

    def wanted(node: Stop) -> bool:
        if node.route == "mandatory":
            seen.add(node)
        return len(seen) > 1

    return wanted
