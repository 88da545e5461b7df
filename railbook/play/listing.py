"""The legal actions as a player reads them: numbered, grouped, described, with what a player
needs beside them (the privates for sale and their bids, the tiles on the map, the priority
deal, train limits), and what happened after an action. ``railbook show`` prints them and
``railbook serve`` makes them buttons: both number them the same way."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction

if TYPE_CHECKING:
    from railbook.engine.game import Game

#: the order groups are listed in (others follow in the order the steps offer them)
ORDER = ["bid", "buy_company", "par", "buy_shares", "sell_shares", "lay_tile", "place_token", "run_routes",
         "dividend", "buy_train", "discard_train", "choose", "assign", "pass", "bankrupt"]


def group(game: "Game", la: LegalAction) -> str:
    """The heading a listed action goes under."""
    a = la.action
    who = game.describe_entity(_entity(game, a))
    kind = la.type
    if kind == "lay_tile":
        return f"{who}: lay a tile on {a['hex']}"
    if kind in ("buy_shares", "sell_shares"):
        share = game.share_by_id(a["shares"][0])
        corp = share.corporation.name if share is not None else "?"
        return f"{who}: {'buy' if kind == 'buy_shares' else 'sell'} {corp} shares"
    if kind == "par":
        return f"{who}: start (par) {a['corporation']}"
    return f"{who}: {kind.replace('_', ' ')}"


def _entity(game: "Game", a: Any) -> Any:
    from railbook.engine.actions import resolve_entity

    return resolve_entity(game, dict(a))


def numbered(game: "Game") -> list[LegalAction]:
    """Every legal action now in the order ``railbook show`` numbers them (``act GAME N`` takes the Nth)."""
    listed = game.legal_actions()
    rank = {k: i for i, k in enumerate(ORDER)}
    return sorted(listed, key=lambda la: (rank.get(la.type, len(ORDER)), group(game, la)))


def as_json(index: int, la: LegalAction) -> dict[str, Any]:
    """One listed action as ``railbook legal --json``, ``railbook show --json`` and ``/api/legal`` give
    it: its number (what ``act GAME N`` and ``{"index": N}`` take), the action, and its freedoms."""
    out: dict[str, Any] = {"index": index, "type": la.type, "action": dict(la.action)}
    if la.ranges:
        out["ranges"] = {k: {"low": r.low, "high": r.high, "step": r.step} for k, r in la.ranges.items()}
    if la.subsets:
        out["subsets"] = {k: list(v) for k, v in la.subsets.items()}
    if la.open:
        out["open"] = sorted(la.open)
    return out


def listed_json(game: "Game") -> list[dict[str, Any]]:
    """Every legal action now, numbered as :func:`numbered` numbers them, as JSON."""
    return [as_json(i, la) for i, la in enumerate(numbered(game), 1)]


def describe(game: "Game", la: LegalAction) -> str:
    """One listed action: its JSON, and what it allows beyond it."""
    a = {k: v for k, v in la.action.items()}
    notes = []
    for key, r in la.ranges.items():
        notes.append(f"{key} {game.format_money(r.low)} to {game.format_money(r.high)}"
                     + (f" in steps of {game.format_money(r.step)}" if r.step != 1 else ""))
    extra = explain(game, la)
    if extra:
        notes.append(extra)
    if "routes" in la.open:
        notes.append(best_routes_note(game))
    return json.dumps(a, ensure_ascii=False) + (f"   [{'; '.join(notes)}]" if notes else "")


def best_routes_note(game: "Game") -> str:
    """The route optimizer's best routes for whoever runs trains now, in a line."""
    from railbook.engine.routing import best_routes

    best = best_routes(game, game.current_entity)
    runs = "; ".join(f"{r.train} {'-'.join(r.hexes)} {game.format_money(r.revenue)}" for r in best.routes)
    return f"best routes: {runs or 'none pays'} = {game.format_money(best.total)}"


def explain(game: "Game", la: LegalAction) -> str:
    """What a listed action means beyond its kind, in words (a share's source and price, a tile's rotation)."""
    a = la.action
    m = game.format_money
    if la.type in ("buy_shares", "sell_shares"):
        share = game.share_by_id(a["shares"][0])
        if share is None:
            return ""
        owner = share.owner
        source = "pool" if owner.is_share_pool() else "IPO" if owner is share.corporation.ipo_owner \
            else game.describe_entity(owner)
        percent = a.get("percent", share.percent)
        if la.type == "sell_shares":
            return f"{percent}% at {m(share.price_per_share())} a share"
        if a.get("entity_type") == "company":      # a private traded for the share: nothing is paid
            company = game.company_by_id(a.get("entity"))
            named = a.get("entity") if company is None else company.name if company.full_name in (None, "", company.name) \
                else f"{company.full_name} ({company.name})"
            return f"{percent}% from the {source} in exchange for {named}"
        return f"{percent}% from the {source} at {m(share.price_per_share())} a share"
    if la.type == "par":
        cell = game.stock_market.by_id(str(a["share_price"]))
        return f"par at {m(cell.price)}" if cell is not None else ""
    if la.type == "lay_tile":
        return f"tile {str(a['tile']).rsplit('-', 1)[0]}, rotation {a['rotation']}" \
               + (", with the consent of the reserving corporation's president" if a.get("consent") else "")
    if la.type == "place_token":
        city = game.city_by_id(a["city"])
        return f"a station in {city.tile.hex.id}" if city is not None and city.tile.hex is not None else ""
    if la.type == "buy_train":
        train = game.train_by_id(a["train"])
        if train is None:
            return ""
        source = game.describe_entity(train.owner) if train.owner is not None else "the depot"
        return f"a {train.name} train from {source}" + (f", trading in {a['exchange']}" if a.get("exchange") else "")
    return ""


def context(game: "Game") -> list[str]:
    """What a player needs beside the actions: privates for sale, the map's tiles, priority, train limits."""
    m = game.format_money
    lines = []
    step: Any = game.round.active_step()
    companies = getattr(step, "companies", None) if hasattr(step, "min_bid") else None
    if companies:
        for c in companies:
            bids = step.bids.get(c, [])
            minimum = step.min_bid(c)
            offers = ", ".join(f"{game.describe_entity(b.entity)} {m(b.price)}" for b in bids)
            named = f"{c.full_name} ({c.id})" if c.full_name and c.full_name != c.id else str(c.id)
            lines.append(f"for sale: {named} value {m(c.value)}, minimum bid {m(minimum)}"
                         + (f"; bids: {offers}" if offers else ""))
    laid = [h for h in game.hexes if h.tile is not h.original_tile]
    if laid:
        lines.append("tiles laid: " + ", ".join(f"{h.id} {h.tile.name}/{h.tile.rotation}" for h in laid))
    if game.round.stock():
        lines.append(f"priority deal: {game.players[0].name}")
    current = game.current_entity
    if current is not None and current.is_corporation():
        from railbook.engine.rules.trains import train_limit

        lines.append(f"{current.name}: {m(current.cash)}, trains {' '.join(t.name for t in current.trains) or 'none'}"
                     f" (limit {train_limit(game, current)})")
    return lines + ([""] if lines else [])


def what_happened(lines: list[str]) -> str:
    """The game's own account of an action (the log lines it added), as ``railbook act`` prints it."""
    return "\n".join(f"> {line}" for line in lines) if lines else "> (nothing to report)"


#: the longest number a person types to choose an action (or a value): more is no choice listed
MAX_DIGITS = 12


def whole_number(text: str, what: str) -> int:
    """A number a person typed (an action's number, a value), or a located refusal saying what it is."""
    from railbook.errors import ActionFormatError

    stripped = text.strip()
    shown = stripped if len(stripped) <= 20 else stripped[:17] + "..."
    body = stripped[1:] if stripped[:1] == "-" else stripped
    if not (body.isascii() and body.isdigit()):
        raise ActionFormatError(f"{shown!r} is not a whole number ({what})")
    if len(body) > MAX_DIGITS:
        raise ActionFormatError(f"{shown!r} has {len(body)} digits: no {what} is that large")
    return int(stripped)


def take(game: "Game", n: int, value: Any = None) -> dict[str, Any]:
    """The ``n``th legal action (from 1, as :func:`numbered` lists them), with ``value`` for its one
    ranged field (a bid, a price) where given."""
    from railbook.errors import ActionFormatError

    listed = numbered(game)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(listed):
        shown = repr(n) if len(repr(n)) <= 20 else repr(n)[:17] + "..."
        raise ActionFormatError(f"there are {len(listed)} legal actions now; {shown} is not one")
    la = listed[n - 1]
    if value is None:
        return dict(la.action)
    if len(la.ranges) != 1:
        raise ActionFormatError(f"action {n} has no range of values to choose from")
    key, bounds = next(iter(la.ranges.items()))
    if isinstance(value, str):
        value = whole_number(value, f"{key} of action {n}")
    if value not in bounds:
        raise ActionFormatError(f"{key} must be from {bounds.low} to {bounds.high}"
                                + (f" in steps of {bounds.step}" if bounds.step != 1 else ""))
    return la.with_value(**{key: value})
