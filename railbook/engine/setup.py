"""Building a game's pieces from its title: the tile supply, the map (printed tiles,
home reservations, hexes a private blocks, which hexes connect) and the certificates
privates bring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.map.hex import Hex, neighbors_changed
from railbook.engine.map.token import Token
from railbook.engine.map.tile import City, Tile
from railbook.errors import GameError
from railbook.hexgrid import DIRECTIONS
from railbook.title.model import CertificatesAtStart, TileDef

if TYPE_CHECKING:
    from railbook.engine.entities.company import Company
    from railbook.engine.entities.corporation import Corporation
    from railbook.engine.entities.share import Share
    from railbook.engine.title import Title

#: printed hexes no track enters, unless their own track points at the neighbour
IMPASSABLE_COLORS = ("blue", "gray", "red")


def new_tile(title: "Title", definition: TileDef, index: int, unlimited: bool = False,
             like: Tile | None = None) -> Tile:
    """A copy of a manifest tile (``like``: another copy of it, whose shape it shares). A city of it
    kept for a corporation (``reserved_for``) keeps the reservation when laid in any legal rotation:
    the corporation's station follows its track."""
    t = Tile(definition, index, shape=like.shape if like is not None else title.tile_shape(definition))
    t.reservation_blocks = title.rules.operating_round.reservations_block_others
    t.unlimited = unlimited
    return t


def tile_supply(title: "Title") -> list[Tile]:
    tiles = []
    for name, count in title.model.tile_counts.items():
        definition = title.model.tiles[name]
        for i in range(count if count is not None else 1):
            tiles.append(new_tile(title, definition, i, count is None))
    return tiles


def board(title: "Title", companies: list["Company"], corporations: list["Corporation"]) -> list[Hex]:
    """The map's hexes with their printed tiles, homes reserved (for these corporations and minors)
    and the hexes these privates block marked."""
    m = title.model.map
    hexes = []
    blockers: dict[str, list[Any]] = {}
    for c in companies:
        for a in c.abilities:
            if a.type == "blocks_hexes":
                for h in a.hexes:
                    blockers.setdefault(h, []).append(a)
    for hex_id, printed in m.hexes.items():
        index = printed.tile.preprinted_index
        tile = Tile(printed.tile, index, preprinted=True, tile_id=f"{hex_id}-{index}",
                    shape=title.tile_shape(printed.tile))
        tile.reservation_blocks = title.rules.operating_round.reservations_block_others
        if printed.rotation:
            tile.rotate(printed.rotation)
        hex_ = Hex(hex_id, m.layout, m.axes, tile, printed.name)
        for a in blockers.get(hex_id, []):
            tile.blockers.append(a.owner)
            a.hex_objects.append(hex_)
        hexes.append(hex_)
    by_id = {h.id: h for h in hexes}
    for corp in corporations:
        city = corp.city
        for idx, coord in enumerate(corp.coordinates):
            home = by_id.get(coord)
            if home is None:
                continue
            home.tile.add_reservation(corp, city[idx] if isinstance(city, tuple) else city)
    reservers: list[Any] = list(corporations) + list(companies)
    for reserver in reservers:   # reservation abilities: a slot, the first by default, kept until they end
        for a in reserver.abilities:
            if a.type == "reservation" and a.spec.hex in by_id:
                cities = by_id[a.spec.hex].tile.cities
                cities[a.spec.city if isinstance(a.spec.city, int) else 0].add_reservation(reserver, a.spec.slot or 0)
                a.reserved_hex = by_id[a.spec.hex]
    for hex_ in hexes:
        for i in hex_.tile.shape.reserved:   # the cities the data keeps for a corporation
            stop = hex_.tile.stops[i]
            assert isinstance(stop, City)
            who = stop.definition.reserved_for
            holder = next((c for c in corporations if c.id == who), None)
            if holder is not None and not stop.reserved_by(holder):
                stop.add_reservation(holder)
    return hexes


def lend_neutral_tokens(corporations: list["Corporation"]) -> None:
    """A corporation whose data names a ``neutral_token`` holds one more station, free, that belongs to
    that other corporation (placed, it becomes that corporation's neutral station)."""
    by_sym = {c.id: c for c in corporations}
    for corp in corporations:
        lender = by_sym.get(corp.definition.neutral_token or "")
        if lender is not None:
            corp.tokens.append(Token(lender, price=0, type="neutral"))


def connect_hexes(hexes: list[Hex]) -> None:
    """Each hex learns its neighbours, and which of them track may enter."""
    coords = {(h.x, h.y): h for h in hexes}
    for h in hexes:
        for edge, (dx, dy) in DIRECTIONS[h.layout].items():
            n = coords.get((h.x + dx, h.y + dy))
            if n is None:
                continue
            h.all_neighbors[edge] = n
            if n.tile.color in IMPASSABLE_COLORS and not n.targeting(h):
                continue
            if any(b.edge == edge and b.type == "impassable" for b in h.tile.borders):
                continue
            h.neighbors[edge] = n
    neighbors_changed(hexes)


def resolve_share_abilities(companies: list["Company"], share_by_id: Callable[[str], "Share | None"],
                            corporations: list[Any], draw: Callable[[], int], log: Callable[[str], None]) -> None:
    """A private that brings certificates names them by id; the game's own certificates replace the ids.
    ``random_president`` draws a corporation (one draw of the game's generator, modulo the number of
    corporations, as 18xx.games does) and brings its president's certificate; ``first_president`` the
    first corporation's. A close ability naming the ``attached`` corporation then names that one."""
    for c in companies:
        for a in c.abilities:
            if a.type == "shares":
                shares = []
                for sid in a.shares:
                    if sid in ("random_president", "first_president") and corporations:
                        corp = corporations[0 if sid == "first_president" else draw() % len(corporations)]
                        s = corp.shares_list[0]
                        log(f"{c.name} comes with the president's certificate of {corp.name}")
                        shares.append(s)
                        continue
                    s = share_by_id(sid)
                    if s is None:
                        raise GameError(f"{c.name} names an unknown share {sid}", "title data")
                    shares.append(s)
                a.shares = shares
        attached = next((a.shares[0].corporation for a in c.abilities if a.type == "shares" and a.shares), None)
        for a in c.abilities:
            if a.type == "close" and a.corporation == "attached" and attached is not None:
                a.corporation = attached.name


def change_certificates_at_start(rule: "CertificatesAtStart", corporations: list["Corporation"],
                                 companies: list["Company"], pool: Any, bank: Any) -> None:
    """The title's ``certificates_at_start`` (two-player variants): for every corporation whose president's
    certificate no private brings, the president's certificate takes its new size and the last certificates
    leave the game (the bank keeps them, out of play). Run once the privates' certificates are chosen."""
    if rule.presidents_percent is None and not rule.leave_game:
        return
    brought = {s.corporation for c in companies for a in c.abilities if a.type == "shares"
               for s in a.shares if getattr(s, "president", False)}
    for corp in corporations:
        if corp in brought or corp.presidents_share is None:
            continue
        if rule.presidents_percent is not None:
            corp.presidents_share.percent = rule.presidents_percent
        unsold = corp.ipo_owner.shares_of(corp)
        for share in list(unsold[len(unsold) - rule.leave_game:] if rule.leave_game else []):
            pool.transfer_shares(share.to_bundle(), bank, allow_president_change=False)
