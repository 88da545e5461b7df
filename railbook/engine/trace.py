"""State digests: the observable state after an action, as the trace contract
(shared/fidelity/STATE_DIGEST.md) defines it, for comparing two engines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.state import GameState



#: the program whose exports the digest follows (tiles.yaml ``recorded_rotations`` may name it)
PROGRAM = "18xx.games"

def _owner_id(owner: Any) -> Any:
    if owner is None:
        return None
    if owner.is_player():
        return str(owner.id)
    return owner.id


def digest(game: "GameState", action_id: int) -> dict[str, Any]:
    players = {}
    for p in game.players:
        shares: dict[str, int] = {}
        for corp, held in p.shares_by_corporation.items():
            pct = sum(s.percent for s in held)
            if pct:
                shares[corp.id] = pct
        players[str(p.id)] = {"cash": p.cash, "shares": dict(sorted(shares.items())),
                              "companies": sorted(c.id for c in p.companies)}
    corporations = {}
    for corp in game.all_corporations:
        if corp.closed or not (corp.ipoed or corp.floated()):
            continue
        own = corp.shares_of(corp) if corp.ipo_owner is corp else corp.ipo_owner.shares_of(corp)
        corporations[corp.id] = {
            "cash": corp.cash,
            "price": corp.share_price.price if corp.share_price is not None else None,
            "floated": corp.floated(),
            "president": _owner_id(corp.owner) if corp.owner is not None and corp.owner.is_player() else None,
            "ipo": sum(s.percent for s in own if s.buyable),
            "market": game.share_pool.percent_of(corp),
            "treasury": sum(s.percent for s in corp.shares_of(corp) if not s.buyable),
            "trains": sorted(t.id for t in corp.trains),
            "tokens": sorted(t.hex.id for t in corp.tokens if t.used and t.hex is not None),
            "companies": sorted(c.id for c in corp.companies),
        }
    for minor in game.minors:
        if minor.closed or not minor.floated():
            continue
        corporations[minor.id] = {
            "cash": minor.cash, "price": None, "floated": True,
            "president": _owner_id(minor.owner) if minor.owner is not None and minor.owner.is_player() else None,
            "ipo": 0, "market": 0, "treasury": 0,
            "trains": sorted(t.id for t in minor.trains),
            "tokens": sorted(t.hex.id for t in minor.tokens if t.used and t.hex is not None),
            "companies": sorted(c.id for c in minor.companies),
        }
    companies = {c.id: {"owner": _owner_id(c.owner), "closed": c.closed} for c in sorted(game.companies, key=lambda c: c.id)}
    tiles = {}
    for h in game.hexes:
        if h.tile is not h.original_tile:   # the rotation as 18xx.games draws the tile
            offset = h.tile.definition.recorded_rotations.get(PROGRAM, 0)
            tiles[h.id] = f"{h.tile.name}@{(h.tile.rotation - offset) % 6}"
    return {
        "action": action_id,
        "round": game.round.name,
        "phase": game.phase.name,
        "players": players,
        "corporations": dict(sorted(corporations.items())),
        "companies": companies,
        "tiles": dict(sorted(tiles.items())),
        "depot": sorted(t.id for t in game.depot.depot_trains()),
        "bank": None if game.bank.unlimited else game.bank.cash,
        "finished": game.finished,
    }
