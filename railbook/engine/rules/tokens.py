"""Station tokens: homes (chosen or fixed), placing the home token, token prices, reservations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.map.distance import route_distance
from railbook.engine.map.hex import Hex
from railbook.engine.map.tile import Tile

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def home_choices(game: "GameState", corp: Corporation) -> list[Hex]:
    """Hexes a corporation may choose as its home: free of reservations, with a city it could
    enter; hexes still without track are offered first when there are any."""
    choice = corp.definition.home_choice
    if choice is None:
        return []
    hexes = list(choice.hexes)
    if choice.region:
        hexes += [h for h in game.title.model.map.regions.get(choice.region, ()) if h not in hexes]
    out = []
    for hex_id in hexes:
        h = game.hex_by_id(hex_id)
        if h is None or h.tile.reservations:
            continue
        if any(c.tokenable(corp, free=True) for c in h.tile.cities):
            out.append(h)
    unbuilt = [h for h in out if h.tile.color == "white"]
    return unbuilt or out


def set_home(game: "GameState", corp: Corporation, hex_: Hex) -> None:
    """Make a chosen hex the corporation's home and reserve its city there: the only city that is
    not another corporation's home city; else the only one it could enter; else the whole hex."""
    corp.coordinates = [hex_.id]
    tile = hex_.tile
    cities = tile.cities
    game.graph.invalidate_hex(hex_)
    others = set()
    for other in game.all_corporations + game.minors:
        if other is corp or hex_.id not in other.coordinates:
            continue
        hc = other.city[0] if isinstance(other.city, tuple) else other.city
        if hc is not None:
            others.add(hc)
    candidates = [i for i in range(len(cities)) if i not in others]
    if len(candidates) > 1:
        enterable = [i for i in candidates if cities[i].tokenable(corp, free=True)]
        if len(enterable) == 1:
            candidates = enterable
        elif tile.color not in ("white", "yellow", "green"):
            tile.reservations.append(corp)
            return
    if candidates:
        tile.add_reservation(corp, candidates[0])


def place_home_token(game: "GameState", corp: Corporation) -> None:
    if corp.next_token() is None:
        return
    if corp.tokens[0].used:
        return
    for coord in corp.coordinates:
        hex_ = game.hex_by_id(coord)
        if hex_ is None:
            continue
        tile = hex_.tile
        token = next((t for t in corp.tokens if not t.used and t.type == "normal"
                      and not any(p["token"] is t for p in getattr(game.round, "pending_tokens", []))), None)
        if token is None:
            return
        if tile.reserved_by(corp) and tile.paths:
            if any(p["entity"] is corp for p in game.round.pending_tokens):
                continue
            game.log(f"{corp.name} must choose a city for its home token")
            game.round.pending_tokens.append({"entity": corp, "hexes": [hex_], "token": token})
            game.round.clear_cache()
            continue
        cities = tile.cities
        city = next((c for c in cities if c.reserved_by(corp)), cities[0] if cities else None)
        if city is None:
            continue
        if city.tokenable(corp, free=True, tokens=[token]):
            game.log(f"{corp.name} places a token on {hex_.id}")
            city.exchange_token(token)
            if corp in tile.reservations:
                tile.reservations.remove(corp)
            city.remove_reservation(corp)
            game.graph.invalidate_city(city, corp)


def place_station(game: "GameState", corp: Corporation, hex_: Any) -> bool:
    """A station a rule gives a corporation: one of its unused ones, in the hex's first city, free and
    without the route or reservation checks of a station it places itself (hook ``place_station``)."""
    token = next((t for t in corp.tokens if not t.used and t.type == "normal"), None)
    city = hex_.tile.cities[0] if hex_.tile.cities else None
    if token is None or city is None or city.get_slot(corp) is None:
        return False
    city.exchange_token(token)
    game.log(f"{corp.name} places a token on {hex_.id} ({hex_.location_name or hex_.id})")
    game.graph.clear()   # a station blocks the others' routes through its city
    return True


def token_price(game: "GameState", corp: Any, city: Any, token: Any) -> int:
    """A station token's price: the token's own, plus the title's token_cost by distance."""
    rule = corp.definition.token_cost if corp.is_corporation() else None
    if rule is None:
        return int(token.price)
    if rule.method == "route_distance":
        distance = route_distance(corp, city)
        return int(token.price) + rule.per_hex * (distance or 0)
    if rule.method == "hex_distance" and corp.coordinates:
        home = game.hex_by_id(corp.coordinates[0])
        return int(token.price) + rule.per_hex * (home.distance(city.hex) if home is not None else 0)
    return int(token.price)


def settle_hex_reservation(game: "GameState", tile: Tile) -> None:
    """A hex-wide reservation on a tile of several cities settles on a city once only one is
    left that its corporation could enter (where the tile says so: settles_hex_reservation)."""
    if not tile.reservations or len(tile.cities) < 2 or not tile.definition.settles_hex_reservation:
        return
    holder = tile.reservations[0]
    enterable = [c for c in tile.cities if c.tokenable(holder)]
    if len(enterable) == 1:
        enterable[0].add_reservation(holder)
        tile.reservations = []
        if tile.hex is not None:
            game.graph.invalidate_hex(tile.hex)


def before_place_token(game: "GameState", corp: Any, hex_: Hex) -> None:
    game.hook("before_place_token", corp, hex_.id)


def after_place_token(game: "GameState", corp: Any, hex_: Hex) -> None:
    game.hook("after_place_token", corp, hex_.id)
