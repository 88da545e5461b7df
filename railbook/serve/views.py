"""What the table page shows, as plain data for its templates and for the JSON API: the state
(players, corporations, privates, depot and phase), the legal actions as buttons and forms
(numbered as ``railbook show`` numbers them), the pictures, and the log in words."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from railbook.engine.legal import ANY, LegalAction
from railbook.engine.rules.game_end import result_players
from railbook.engine.rules.shares import cert_limit, num_certs
from railbook.play.listing import as_json as listed_entry, explain, group, numbered
from railbook.serve import board

if TYPE_CHECKING:
    from railbook.engine.game import Game
    from railbook.serve.table import Table


def legal_entry(game: "Game", index: int, la: LegalAction) -> dict[str, Any]:
    """One legal action as the API lists it and the page shows it."""
    a = dict(la.action)
    entry: dict[str, Any] = {
        **listed_entry(index, la), "group": group(game, la), "label": label(game, la),
        "ranges": {k: {"low": r.low, "high": r.high, "step": r.step} for k, r in la.ranges.items()},
        "open": sorted(la.open), "free_form": ANY in la.open,
    }
    if la.type == "lay_tile":
        tile = game.tile_by_id(a.get("tile"))
        entry.update(hex=a.get("hex"), tile=tile.name if tile is not None else a.get("tile"),
                     rotation=a.get("rotation"))
    elif la.type == "place_token":
        city = game.city_by_id(a.get("city"))
        if city is not None and city.tile.hex is not None:
            entry.update(hex=city.tile.hex.id, stop=city.index)
    return entry


def legal_list(game: "Game") -> list[dict[str, Any]]:
    return [legal_entry(game, i, la) for i, la in enumerate(numbered(game), 1)]


def label(game: "Game", la: LegalAction) -> str:
    """A button's words: what the action does, and to what."""
    a = la.action
    m = game.format_money
    kind = la.type
    if ANY in la.open:
        return f"{kind.replace('_', ' ')} (write the details)"
    if kind == "bid":
        target = a.get("company") or a.get("corporation") or a.get("minor")
        company = game.company_by_id(target) if target is not None else None
        name = company.full_name if company is not None else str(target)
        price = la.ranges.get("price")
        if price is not None and company is not None and price.low == company.value - company.discount:
            return f"{name} ({target}): buy or bid from {m(price.low)}"
        return f"{name} ({target}): bid from {m(price.low)}" if price is not None else f"bid on {name}"
    if kind == "par":
        corp = game.corporation_by_id(a.get("corporation"))
        return f"par {corp.id if corp else a.get('corporation')} — {explain(game, la)}"
    if kind in ("buy_shares", "sell_shares"):
        return f"{'buy' if kind == 'buy_shares' else 'sell'} {explain(game, la)}"
    if kind == "run_routes":
        return "run trains (write the routes)"
    if kind == "dividend":
        words = {"payout": "Pay out", "withhold": "Withhold", "half": "Pay half"}.get(str(a.get("kind")), str(a.get("kind")))
        effect = dividend_effect(game, la)
        return f"{words}: {effect['words']}" if effect else words
    if kind in ("buy_train", "lay_tile", "place_token"):
        words = explain(game, la)
        price = la.ranges.get("price")
        if kind == "buy_train":
            train = game.train_by_id(a.get("train"))
            words = f"buy {words}" + (f" for {m(price.low)} to {m(price.high)}" if price is not None else
                                      f" for {m(a.get('price', train.price_ if train else 0))}")
        return words or kind.replace("_", " ")
    if kind in ("buy_company", "sell_company"):
        company = game.company_by_id(a.get("company"))
        price = la.ranges.get("price")
        name = company.full_name if company is not None else str(a.get("company"))
        return f"{kind.split('_')[0]} {name}" + (f" for {m(price.low)} to {m(price.high)}" if price else "")
    if kind == "choose":
        return str(a.get("choice"))
    words = explain(game, la)
    return kind.replace("_", " ") + (f": {words}" if words else "")


def dividend_effect(game: "Game", la: LegalAction) -> dict[str, Any] | None:
    """What a dividend choice does, found by trying it on a copy of the game: the amount each share
    is paid, what the corporation keeps, and where its share price goes."""
    from railbook.engine.actions import resolve_entity
    from railbook.errors import GameError

    corp = resolve_entity(game, dict(la.action))
    if corp is None or not corp.is_corporation():
        return None
    fork = game.fork()
    try:
        fork.process_action({**la.action, "id": (game.history[-1].get("id", 0) if game.history else 0) + 1})
    except GameError:
        return None
    after = fork.corporation_by_id(corp.id)
    if after is None:
        return None
    m = game.format_money
    kept = after.cash - corp.cash
    per_share = 0.0
    for p, q in zip(game.players, fork.players):
        held = p.num_shares_of(corp, ceil=False)
        if held:
            per_share = (q.cash - p.cash) / held
            break
    if corp.minor:
        owner = corp.owner
        paid = next((q.cash - p.cash for p, q in zip(game.players, fork.players) if p is owner), 0)
        words = f"{m(paid)} to {owner.name}" if paid else "nothing paid"
    else:
        each = int(per_share) if per_share == int(per_share) else round(per_share, 1)
        words = f"{m(each)} a share" if per_share else "nothing a share"
    words += f" · {corp.name} keeps {m(kept)}"
    before_price = corp.share_price.price if corp.share_price is not None else None
    after_price = after.share_price.price if after.share_price is not None else None
    move = ""
    if before_price is not None and after_price is not None:
        arrow = "↑" if after_price > before_price else "↓" if after_price < before_price else "→"
        move = f"{m(before_price)} {arrow} {m(after_price)}"
        words += f" · price {move}"
    return {"words": words, "per_share": per_share, "kept": kept, "price": move}


def lay_cost(game: "Game", la: LegalAction) -> int | None:
    """What laying this tile costs (terrain, borders), as the track step judges it before the lay."""
    from railbook.engine.actions import resolve_entity

    a = la.action
    entity = resolve_entity(game, dict(a))
    hex_ = game.hex_by_id(a.get("hex"))
    tile = game.tile_by_id(a.get("tile"))
    if entity is None or hex_ is None or tile is None:
        return None
    spender = entity.owner if entity.is_company() and entity.owner is not None and entity.owner.is_corporation() \
        else entity
    for step in [game.round.active_step(), *getattr(game.round, "steps", [])]:
        plan_lay = getattr(step, "plan_lay", None)
        if plan_lay is None:
            continue
        before = tile.rotation
        try:
            plan = plan_lay(entity, spender, hex_, tile, int(a.get("rotation") or 0), foresee=True)
        except Exception:   # a lay only the step's own turn can judge: its cost is not shown
            return None
        finally:
            tile.rotate(before)
        return int(plan.cost) + int(plan.teleport_cost)
    return None


def grouped(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries under their headings, in order (tile lays and tokens gathered per hex for the map)."""
    out: list[dict[str, Any]] = []
    for e in entries:
        if out and out[-1]["heading"] == e["group"]:
            out[-1]["entries"].append(e)
        else:
            out.append({"heading": e["group"], "type": e["type"], "entries": [e]})
    return out


def players(game: "Game", table: "Table | None", client: str | None) -> list[dict[str, Any]]:
    m = game.format_money
    acting = _acting_player(game)
    out = []
    for i, p in enumerate(game.players):
        seat = table.seats.get(str(p.id)) if table is not None else None
        out.append({
            "id": str(p.id), "name": p.name, "cash": m(p.cash), "certs": f"{num_certs(game, p)}/{cert_limit(game, p)}",
            "shares": [f"{c.name} {p.percent_of(c)}%" for c in p.shares_by_corporation if p.percent_of(c)],
            "privates": [c.name for c in p.companies], "bankrupt": p.bankrupt, "acting": p is acting,
            "priority": i == 0 and game.round.stock(),
            "seat": seat.kind if seat else "human", "taken": bool(seat and seat.client),
            "mine": bool(seat and client and seat.client == client),
        })
    return out


def _acting_player(game: "Game") -> Any:
    from railbook.bots.selfplay import controller

    return controller(game.current_entity) if game.current_entity is not None else None


def corporations(game: "Game") -> list[dict[str, Any]]:
    m = game.format_money
    out = []
    minors = [c for c in game.minors if c.owner is not None]
    for c in sorted(game.all_corporations, key=lambda c: c.sort_key() or (0,)) + minors:
        if c.closed:
            continue
        started = c.ipoed or c.floated()
        used = [t for t in c.tokens if t.used]
        ipo = sum(s.percent for s in c.ipo_shares()) if not c.minor else 0
        d = c.definition
        out.append({
            "id": c.id, "name": c.full_name, "color": board.colour(d.color, "#888"),
            "text_color": board.ink_on(board.colour(d.color, "#888"), d.text_color),
            "started": started, "floated": c.floated(),
            "price": m(c.share_price.price) if c.share_price else (m(c.par_price.price) if c.par_price else "—"),
            "cash": m(c.cash), "president": c.owner.name if c.owner is not None and c.owner.is_player() else "—",
            "ipo": ipo, "pool": game.share_pool.percent_of(c) if not c.minor else 0,
            "trains": [t.name for t in c.trains], "tokens": f"{len(used)}/{len(c.tokens)}",
            "stations": [t.hex.id for t in used if t.hex is not None], "privates": [p.name for p in c.companies],
            "home": ", ".join(d.home), "acting": c is game.current_entity, "minor": bool(c.minor),
        })
    return out


def privates(game: "Game") -> list[dict[str, Any]]:
    m = game.format_money
    return [{"id": c.id, "name": c.full_name, "value": m(c.value), "revenue": m(c.revenue) if isinstance(c.revenue, int)
             else str(c.revenue), "owner": game.describe_entity(c.owner) if c.owner is not None else "for sale",
             "closed": c.closed} for c in game.companies]


def depot(game: "Game") -> dict[str, Any]:
    m = game.format_money
    d = game.depot
    phase = game.phase
    upcoming: list[dict[str, Any]] = []
    for t in d.upcoming:
        if upcoming and upcoming[-1]["name"] == t.name:
            upcoming[-1]["count"] += 1
        else:
            upcoming.append({"name": t.name, "price": m(t.price_), "count": 1})
    for u in upcoming:   # a train reads as its name ("D"); how many are left is said apart ("×2")
        u["label"] = u["name"]
        u["left"] = "" if u["count"] == 1 else f"×{u['count']}"
    return {"available": [f"{t.name} {m(t.price_)}" for t in d.depot_trains()],
            "upcoming": upcoming, "discarded": [t.name for t in d.discarded],
            "phase": phase.name, "tiles": list(phase.tiles), "operating_rounds": phase.operating_rounds,
            "train_limit": phase.train_limit(game.current_entity) if game.current_entity is not None
            and game.current_entity.is_corporation() else None}


def header(game: "Game") -> dict[str, Any]:
    m = game.format_money
    rnd = game.round
    where = rnd.name + (f" {game.turn}.{rnd.round_num}" if rnd.operating() else f" {game.turn}")
    entity = game.current_entity
    out = {"title": game.rules.name, "round": where, "phase": game.phase.name,
           "bank": "unlimited" if game.bank.unlimited else m(game.bank.cash), "broken": game.bank.broken,
           "finished": game.finished, "actor": game.describe_entity(entity) if entity is not None else "",
           "may": sorted(set(game.legal_action_types(entity))) if entity is not None and not game.finished else [],
           "result": [f"{p.name} {m(v)}" for p, v in result_players(game)] if game.finished else []}
    return out


def log(game: "Game", marks: list[int]) -> list[dict[str, Any]]:
    """The log in words, action by action, newest first, each with the action's id (to undo back to);
    ``marks`` are how many lines the log had when the game was set up, then after each action (none
    known: the whole log as one entry)."""
    lines = game.log_lines
    if not marks:
        return [{"id": None, "type": "setup", "lines": list(lines)}] if lines else []
    out = []
    start = marks[0]
    for action, end in zip(game.history, marks[1:]):
        words = lines[start:end]
        start = end
        kind = str(action.get("type", "")).replace("_", " ")
        said = f"{_who(game, action)} passes" if kind == "pass" else f"{kind} by {_who(game, action)}"
        out.append({"id": action.get("id"), "type": action.get("type"), "lines": words or [said]})
    out.reverse()
    if marks[0]:
        out.append({"id": None, "type": "setup", "lines": lines[:marks[0]]})
    return out


def _who(game: "Game", action: dict[str, Any]) -> str:
    """Who took a logged action, by name (a player's or a corporation's)."""
    from railbook.engine.actions import resolve_entity

    try:
        return game.describe_entity(resolve_entity(game, dict(action)))
    except Exception:  # an entity the game no longer knows (a closed minor): its id as logged
        return str(action.get("entity"))


def table_view(game: "Game", table: "Table | None", client: str | None, readonly: bool = False,
               marks: list[int] | None = None) -> dict[str, Any]:
    """Everything the table page shows."""
    entries = [] if readonly else legal_list(game)
    name = game.rules.name
    lays = [e for e in entries if e["type"] == "lay_tile"]
    tokens = [e for e in entries if e["type"] == "place_token" and "hex" in e]
    acting = _acting_player(game)
    mine = table is None or acting is None or table.may_act(acting, client)
    bot = bot_turn(game, table)
    if bot:
        mine = False
    return {
        "bot": bot, "spreadsheet": spreadsheet(game), "tiles": tiles(game), "pars": pars(entries),
        "trains": trains_to_run(game, entries),
        "header": header(game), "players": players(game, table, client), "corporations": corporations(game),
        "privates": privates(game), "depot": depot(game),
        "map": board.map_svg(game, f"{name}: the map", board.last_routes(game)),
        "market": board.market_svg(game, f"{name}: the stock market"),
        "groups": grouped(entries), "legal": entries, "mine": mine,
        "lay_hexes": sorted({e["hex"] for e in lays}), "token_hexes": sorted({e["hex"] for e in tokens}),
        "routes_open": any(e["type"] == "run_routes" for e in entries),
        "log": log(game, marks if marks is not None else []),
        "notes": list(table.notes[-3:]) if table is not None else [],
        "paused": bool(table and table.paused and table.bot_waiting()),
        "at": len(game.history), "readonly": readonly,
    }


def bot_turn(game: "Game", table: "Table | None") -> str:
    """Who plays the turn now if a bot does ("Bo (greedy bot)"): its turn is shown as it happens."""
    acting = _acting_player(game)
    if table is None or acting is None or game.finished:
        return ""
    seat = table.seats.get(str(acting.id))
    return f"{acting.name} ({seat.kind} bot)" if seat is not None and seat.kind != "human" else ""


def pars(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The par choices gathered per corporation (one picker each, not a button per price)."""
    out: dict[str, dict[str, Any]] = {}
    for e in entries:
        if e["type"] != "par" or e.get("free_form"):
            continue
        corp = str(e["action"].get("corporation"))
        pick = out.setdefault(corp, {"corporation": corp, "group": e["group"], "choices": []})
        pick["choices"].append({"index": e["index"], "label": e["label"].split("par at ", 1)[-1]})
    return list(out.values())


def trains_to_run(game: "Game", entries: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The operating corporation's trains that may run now (the route builder makes a route for each)."""
    if not any(e["type"] == "run_routes" for e in entries):
        return []
    entity = game.current_entity
    runnable = entity.runnable_trains() if entity is not None and hasattr(entity, "runnable_trains") else []
    return [{"id": t.id, "name": t.name} for t in runnable]


def spreadsheet(game: "Game") -> dict[str, Any]:
    """The spreadsheet view: each player's cash, shares of each corporation, certificates and value;
    each corporation's price, cash, trains and income in each operating round it has run."""
    m = game.format_money
    corps = [c for c in sorted(game.all_corporations, key=lambda c: c.sort_key() or (0,))
             if (c.ipoed or c.floated()) and not c.closed]
    rounds = sorted({k for c in corps for k in c.operating_history})
    rows = []
    for p in game.players:
        rows.append({"name": p.name, "cash": m(p.cash), "certs": f"{num_certs(game, p)}/{cert_limit(game, p)}",
                     "shares": [f"{p.percent_of(c)}%" if p.percent_of(c) else "" for c in corps],
                     "privates": ", ".join(c.name for c in p.companies), "value": m(p.value())})
    companies = []
    for c in corps:
        history = c.operating_history
        income = []
        for k in rounds:
            h = history.get(k)
            if h is None:
                income.append("")
                continue
            revenue = h.get("revenue", 0) if isinstance(h, dict) else 0
            kind = h.get("kind", "") if isinstance(h, dict) else ""
            income.append(m(revenue) + ("" if kind == "payout" else " w" if kind == "withhold" else " ½" if kind == "half" else ""))
        companies.append({"id": c.id, "color": board.colour(c.definition.color, "#888"),
                          "text_color": board.ink_on(board.colour(c.definition.color, "#888"), c.definition.text_color),
                          "price": m(c.share_price.price) if c.share_price else "—", "cash": m(c.cash),
                          "ipo": sum(s.percent for s in c.ipo_shares()), "pool": game.share_pool.percent_of(c),
                          "trains": " ".join(t.name for t in c.trains), "income": income})
    def place(c: Any) -> tuple[int, int, int]:   # higher first; on one cell, the first to arrive first
        cell = c.share_price
        stack = list(cell.corporations)
        return (-cell.price, -cell.coordinates[1], stack.index(c) if c in stack else len(stack))
    standing = sorted((c for c in corps if c.share_price is not None), key=place)
    return {"market": [{"id": c.id, "price": m(c.share_price.price), "color": board.colour(c.definition.color, "#888"),
                        "text_color": board.ink_on(board.colour(c.definition.color, "#888"), c.definition.text_color)}
                       for c in standing if c.share_price is not None],
            "corporations": [{"id": c.id, "color": board.colour(c.definition.color, "#888"),
                              "text_color": board.ink_on(board.colour(c.definition.color, "#888"), c.definition.text_color)}
                             for c in corps],
            "players": rows, "companies": companies, "rounds": [f"{t}.{r}" for t, r in rounds]}


def tiles(game: "Game") -> list[dict[str, Any]]:
    """The tile supply: each tile kind, its colour, how many are left of how many, and a picture."""
    left: dict[str, int] = {}
    total: dict[str, int] = {}
    first: dict[str, Any] = {}
    for t in game.all_tiles:
        total[t.name] = total.get(t.name, 0) + 1
        first.setdefault(t.name, t)
    for t in game.tiles:
        left[t.name] = left.get(t.name, 0) + 1
    order = {"yellow": 0, "green": 1, "brown": 2, "gray": 3}
    kinds = sorted(first, key=lambda k: (order.get(first[k].color, 9), len(k), k))
    return [{"name": k, "color": first[k].color, "left": left.get(k, 0), "total": total[k],
             "picture": board.tile_picture(game, first[k])} for k in kinds if first[k].color in order]


def hex_options(game: "Game", hex_id: str) -> dict[str, Any]:
    """What may be done on one hex now: the tiles and rotations that may be laid there, each with a
    picture and a preview to put on the map, and the cities a token may go to."""
    from railbook.serve.hall import NotFound

    h = game.hex_by_id(hex_id)
    if h is None:
        raise NotFound(f"there is no hex {hex_id!r} on this map", "not found")
    listed = numbered(game)
    entries = [legal_entry(game, i, la) for i, la in enumerate(listed, 1)]
    lays = []
    for e in entries:
        if e["type"] == "lay_tile" and e.get("hex") == hex_id:
            on_map, picture = board.preview(game, hex_id, e["action"]["tile"], int(e["action"]["rotation"]))
            la = listed[e["index"] - 1]
            cost = lay_cost(game, la)
            lays.append({**e, "preview": on_map, "picture": picture, "cost": cost,
                         "cost_label": game.format_money(cost) if cost else "free"})
    tokens = [e for e in entries if e["type"] == "place_token" and e.get("hex") == hex_id]
    return {"hex": hex_id, "name": h.location_name, "tile": h.tile.name, "lays": lays, "tokens": tokens}


def as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
