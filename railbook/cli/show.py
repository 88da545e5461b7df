"""A readable text picture of a game: who has what, the market, and what may happen now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.rules.game_end import result_players
from railbook.engine.rules.shares import cert_limit, num_certs

if TYPE_CHECKING:
    from railbook.engine.game import Game


def render_state(game: "Game") -> str:
    m = game.format_money
    lines = []
    rnd = game.round
    where = rnd.name + (f" {game.turn}.{rnd.round_num}" if rnd.operating() else f" {game.turn}")
    lines.append(f"{game.rules.name} · {where} · phase {game.phase.name} · bank "
                 + ("unlimited" if game.bank.unlimited else m(game.bank.cash))
                 + (" (broken)" if game.bank.broken else ""))
    if game.finished:
        lines.append("game over: " + ", ".join(f"{p.name} {m(v)}" for p, v in result_players(game)))
    lines.append("")
    lines.append(f"{'player':<16}{'cash':>8}{'certs':>7}  shares / privates")
    for p in game.players:
        shares = ", ".join(f"{c.name} {p.percent_of(c)}%" for c in p.shares_by_corporation if p.percent_of(c))
        privates = ", ".join(c.name for c in p.companies)
        flag = " (bankrupt)" if p.bankrupt else ""
        lines.append(f"{p.name + flag:<16}{m(p.cash):>8}{num_certs(game, p):>4}/{cert_limit(game, p):<3} "
                     f"{shares}{' | ' + privates if privates else ''}")
    started = [c for c in game.all_corporations if c.ipoed or c.floated()]
    if started:
        lines.append("")
        lines.append(f"{'corporation':<12}{'price':>7}{'cash':>8}  {'president':<14}{'IPO':>5}{'pool':>5}  trains · tokens")
        for c in sorted(started, key=lambda c: c.sort_key() or (0,)):
            price = m(c.share_price.price) if c.share_price else "-"
            pres = c.owner.name if c.owner is not None and c.owner.is_player() else "-"
            ipo = sum(s.percent for s in c.ipo_shares())
            trains = " ".join(t.name for t in c.trains) or "no trains"
            tokens = " ".join(t.hex.id for t in c.tokens if t.hex is not None)
            floated = "" if c.floated() else " (not floated)"
            lines.append(f"{c.name:<12}{price:>7}{m(c.cash):>8}  {pres:<14}{ipo:>4}%{game.share_pool.percent_of(c):>4}%  "
                         f"{trains} · {tokens}{floated}")
    minors = [c for c in game.minors if c.owner is not None and not c.closed]
    if minors:
        lines.append("")
        lines.append(f"{'minor':<12}{'cash':>8}  {'owner':<14}trains · tokens")
        for c in minors:
            owner = game.describe_entity(c.owner)
            trains = " ".join(t.name for t in c.trains) or "no trains"
            tokens = " ".join(t.hex.id for t in c.tokens if t.hex is not None)
            lines.append(f"{c.name:<12}{m(c.cash):>8}  {owner:<14}{trains} · {tokens}")
    lines.append("")
    lines.append(market_picture(game))
    depot = game.depot.depot_trains()
    if depot:
        lines.append("depot: " + ", ".join(f"{t.name} {m(t.price_)}" for t in depot)
                     + f" · {len([t for t in game.depot.upcoming])} trains left")
    lines.append("")
    if not game.finished:
        entity = game.current_entity
        acts = list(dict.fromkeys(la.type for la in game.legal_actions()))
        lines.append(f"now: {game.describe_entity(entity)} may {', '.join(a.replace('_', ' ') for a in acts) or 'nothing'}")
    return "\n".join(lines)


def market_picture(game: "Game") -> str:
    """The stock market as a grid of prices, with corporations marked where they stand."""
    rows = []
    where: dict[tuple[int, int], list[str]] = {}
    for c in game.all_corporations:
        if c.share_price is not None and not c.closed:
            where.setdefault(c.share_price.coordinates, []).append(c.name)
    width = 5
    for r, row in enumerate(game.stock_market.grid):
        cells = []
        for col, sp in enumerate(row):
            if sp is None:
                cells.append(" " * width)
                continue
            mark = "*" if (r, col) in where else ("p" if sp.can_par else " ")
            cells.append(f"{sp.price:>{width - 1}}{mark}")
        rows.append("".join(cells).rstrip())

    def price_at(r: int, c: int) -> int:
        sp = game.stock_market.grid[r][c]
        if sp is None:  # a corporation stands only on a cell of the market
            raise RuntimeError(f"a corporation stands outside the stock market, at {(r, c)}")
        return sp.price

    legend = "; ".join(f"{', '.join(v)} at {price_at(r, c)}" for (r, c), v in sorted(where.items()))
    return "market (* corporation, p par):\n" + "\n".join(rows) + (f"\n{legend}" if legend else "")
