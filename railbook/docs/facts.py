"""Every figure a rules summary states, computed from the compiled model.

The result is language-neutral plain data: numbers, names, identifiers and
lists. The prose layer only chooses words for it, so a figure can never be
typed into a template or a catalogue by hand, and the tests can compare these
facts with the hand-written seeds directly.
"""

from __future__ import annotations

import dataclasses
from functools import reduce
from math import gcd
from typing import Any, Iterable

from railbook.title import model as M
from railbook.title import typed

# steps of an operating round a summary mentions; the others are bookkeeping
SUMMARY_STEPS = ("redeem_shares", "issue_shares", "loans", "home_token", "track", "token", "route",
                 "dividend", "buy_train", "buy_private")
# steps that do two of those in one (issue_redeem, track_and_token): a reader sees both
COMBINED_STEPS = {"issue_redeem": ("redeem_shares", "issue_shares"), "track_and_token": ("track", "token")}

# colour names a phase takes when it does not say its own: the newest tile colour
TILE_ORDER = ("yellow", "green", "brown", "gray")


def hex_name(model: dict[str, Any], coord: str) -> str | None:
    h = model["map"]["hexes"].get(coord)
    return h.get("name") if h else None


def place(model: dict[str, Any], coord: str) -> dict[str, Any]:
    """A hex as a reader meets it: its coordinate and, where the map has one, its name."""
    return {"hex": coord, "name": hex_name(model, coord)}


def share_unit(shares: Iterable[int]) -> int:
    """The smallest share a corporation's certificates are made of (10 for 20/10/10/...)."""
    return reduce(gcd, [int(s) for s in shares] or [10])


def _group(pairs: Iterable[tuple[Any, Any]]) -> list[tuple[Any, list[Any]]]:
    """Group keys by equal value, keeping first-seen order: [(value, [keys])]."""
    out: list[tuple[Any, list[Any]]] = []
    for key, value in pairs:
        for v, keys in out:
            if v == value:
                keys.append(key)
                break
        else:
            out.append((value, [key]))
    return out


def _events(model: dict[str, Any]) -> dict[str, list[dict[str, str]]]:
    """Which train or phase fires each event."""
    fired: dict[str, list[dict[str, str]]] = {}
    for t in model["trains"]:
        for e in t["events"]:
            fired.setdefault(e, []).append({"by": "train", "name": t["name"]})
    for p in model["phases"]:
        for e in p["events"]:
            fired.setdefault(e, []).append({"by": "phase", "name": p["name"]})
    return fired


def _phase_of_train(model: dict[str, Any], train: str) -> str | None:
    return next((p["name"] for p in model["phases"] if train in p["on"]), None)


def _train_colour(model: dict[str, Any], t: dict[str, Any]) -> str | None:
    if t.get("color"):
        colour: str = t["color"]
        return colour
    phase = next((p for p in model["phases"] if t["name"] in p["on"]), None)
    if phase is None and model["phases"] and not model["phases"][0]["on"] and t is model["trains"][0]:
        phase = model["phases"][0]
    return phase_colour(phase) if phase else None


def phase_colour(phase: dict[str, Any]) -> str:
    if phase.get("color"):
        return str(phase["color"])
    newest = [c for c in TILE_ORDER if c in phase["tiles"]]
    return newest[-1] if newest else "white"


def stop_counts(model: dict[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for h in model["map"]["hexes"].values():
        for s in h["tile"]["stops"]:
            counts[s["kind"]] = counts.get(s["kind"], 0) + 1
    return counts


def distance(d: dict[str, Any], counts: dict[str, int] | None = None) -> dict[str, Any]:
    """A train's reach as numbers: stops, unlimited, hexes, or rows of stop kinds.

    A row that pays more stops than the map has of those kinds means "any number"
    (titles write 8+x's towns as pay 99), and is flagged so rather than printed."""
    if d["kind"] == "rows":
        rows = []
        for r in d["rows"]:
            on_map = sum((counts or {}).get(k, 0) for k in r["stops"])
            rows.append({"stops": list(r["stops"]), "pay": r["pay"], "any": bool(counts) and r["pay"] >= on_map})
        return {"kind": "rows", "rows": rows}
    return dict(d)


def trains(model: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    phase_names = [p["name"] for p in model["phases"]]
    counts = stop_counts(model)
    for t in model["trains"]:
        rusted_by = t["rusts_on"]
        out.append({
            "name": t["name"],
            "price": t["price"],
            "count": t["count"],
            "distance": distance(t["distance"], counts),
            "rusts_on": rusted_by,
            "obsolete_on": t["obsolete_on"],
            "rusts_after_set": t.get("rusts_after_set"),
            "salvage": t.get("salvage", 0),
            "rusts_in_phase": _phase_of_train(model, rusted_by) if rusted_by else None,
            "available_from_phase": t["available_from_phase"],
            "starts_phase": _phase_of_train(model, t["name"]),
            "events": list(t["events"]),
            "colour": _train_colour(model, t),
            "multiplier": t.get("multiplier"),
            "variants": [{"name": v["name"], "price": v["price"], "distance": distance(v["distance"], counts)}
                         for v in t.get("variants", [])],
            "trade_in": [{"from": old, "discount": disc, "cost": t["price"] - disc}
                         for old, disc in t["trade_in"].items()],
            "first_phase": phase_names[0] if phase_names and t is model["trains"][0] else None,
        })
    return out


def exchanges(model: dict[str, Any]) -> list[dict[str, Any]]:
    """Every trade-in the data allows: old → new for the new price minus the discount."""
    out = []
    for t in model["trains"]:
        for old, disc in t["trade_in"].items():
            out.append({"from": old, "to": t["name"], "price": t["price"], "discount": disc,
                        "cost": t["price"] - disc})
    return out


def _phase_facts(model: dict[str, Any], fired: dict[str, list[dict[str, str]]]) -> list[dict[str, Any]]:
    phases = model["phases"]
    trains_by_name = {t["name"]: t for t in model["trains"]}
    out = []
    prev: dict[str, Any] | None = None
    for i, p in enumerate(phases):
        trigger = [trains_by_name[n] for n in p["on"] if n in trains_by_name]
        if i == 0 and not trigger and model["trains"]:
            on_sale = model["trains"][0]
        else:
            on_sale = trigger[0] if trigger else None
        events = list(p["events"])
        for t in trigger:
            events.extend(e for e in t["events"] if e not in events)
        rusts = [t["name"] for t in model["trains"] if t["rusts_on"] and t["rusts_on"] in p["on"]]
        obsolete = [t["name"] for t in model["trains"] if t["obsolete_on"] and t["obsolete_on"] in p["on"]]
        available = [t["name"] for t in model["trains"] if t["available_from_phase"] == p["name"]]
        corps = []
        for c in model["corporations"]:
            avail = c.get("available")
            if isinstance(avail, dict) and avail.get("event") in events:
                corps.append(c["sym"])
        closing = []
        for pr in model["privates"]:
            for a in pr["abilities"]:
                if a.get("type") == "close" and a.get("on") == "phase" and a.get("phase") == p["name"]:
                    closing.append(pr["sym"])
        prev_flags = set(prev["flags"]) if prev else set()
        out.append({
            "name": p["name"],
            "index": i,
            "colour": phase_colour(p),
            "on": list(p["on"]),
            "starts_at_or": p.get("starts_at_or"),
            "train": {"name": on_sale["name"], "price": on_sale["price"]} if on_sale else None,
            "tiles": list(p["tiles"]),
            "new_tiles": [c for c in p["tiles"] if not prev or c not in prev["tiles"]],
            "train_limit": p["train_limit"],
            "limit_changed": prev is None or p["train_limit"] != prev["train_limit"],
            "operating_rounds": p["operating_rounds"],
            "ors_changed": prev is None or p["operating_rounds"] != prev["operating_rounds"],
            "rusts": rusts,
            "obsolete": obsolete,
            "events": events,
            "closes_privates": "close_privates" in events,
            "custom_events": [e for e in events if e != "close_privates" and
                              not any(isinstance(c.get("available"), dict) and c["available"].get("event") == e
                                      for c in model["corporations"])],
            "flags": list(p["flags"]),
            "flags_added": [f for f in p["flags"] if f not in prev_flags],
            "flags_removed": [f for f in (prev["flags"] if prev else []) if f not in p["flags"]],
            "trains_available": available,
            "corporations_available": corps,
            "privates_closing": closing,
            "last": i == len(phases) - 1,
        })
        prev = p
    return out


def _market(model: dict[str, Any]) -> dict[str, Any]:
    m = model["market"]
    cells = [(r, c, cell) for r, row in enumerate(m["grid"]) for c, cell in enumerate(row) if cell]
    zones = []
    for letter, leg in m["legend"].items():
        prices = sorted({cell["price"] for _, _, cell in cells if letter in cell["zones"]})
        zones.append({"letter": letter, "zone": leg["zone"], "par": leg["par"], "effects": list(leg["effects"]),
                      "text": dict(leg["text"]), "prices": prices})
    reserved_codes = {str(code) for codes in (m.get("par_prices") or {}).values() for code in codes}
    private_only = {letter for letter, leg in m["legend"].items() if "par_via_private_only" in leg["effects"]}
    par_cells = [m["grid"][r][c] for r, c in m["par_cells"]
                 if f'{m["grid"][r][c]["price"]}{m["grid"][r][c]["zones"]}' not in reserved_codes]
    par_prices = sorted({cell["price"] for cell in par_cells if not set(cell["zones"]) & private_only})
    par_private = sorted({cell["price"] for cell in par_cells if set(cell["zones"]) & private_only})
    reserved = {corp: sorted({int("".join(ch for ch in str(code) if ch.isdigit())) for code in codes})
                for corp, codes in (m.get("par_prices") or {}).items()}
    end_prices = sorted({cell["price"] for _, _, cell in cells
                         if any("end_game" in m["legend"].get(z, {}).get("effects", []) for z in cell["zones"])})
    close_prices = sorted({cell["price"] for _, _, cell in cells
                           if any("close" in m["legend"].get(z, {}).get("effects", []) for z in cell["zones"])})
    prices = [cell["price"] for _, _, cell in cells]
    return {
        "movement": m["movement"], "rows": len(m["grid"]),
        "columns": max((len(r) for r in m["grid"]), default=0),
        "zones": zones, "par_prices": par_prices, "par_private_only": par_private,
        "end_game_price": end_prices[0] if end_prices else None,
        "close_price": close_prices[-1] if close_prices else None,
        "min_price": min(prices) if prices else None, "max_price": max(prices) if prices else None,
        "par_reserved": reserved,
    }


def _corporations(model: dict[str, Any], fired: dict[str, list[dict[str, str]]],
                  phases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for c in model["corporations"]:
        avail = c.get("available")
        avail_event = avail.get("event") if isinstance(avail, dict) else None
        avail_phase = next((p["name"] for p in phases if c["sym"] in p["corporations_available"]), None)
        choice = c.get("home_choice") or {}
        token_prices = [int(x) for x in c["tokens"]]
        out.append({
            "sym": c["sym"], "name": c["name"],
            "homes": [place(model, h) for h in c["home"]],
            "home_city": c.get("home_city"),
            "home_choice": {"hexes": [place(model, h) for h in choice.get("hexes", [])],
                            "region": choice.get("region")} if choice else None,
            "tokens": len(token_prices), "token_prices": token_prices,
            "colour": c["color"], "text_colour": c["text_color"],
            "float_percent": c["float_percent"], "shares": list(c["shares"]),
            "certificates": len(c["shares"]), "president_share": c["shares"][0] if c["shares"] else None,
            "unit": share_unit(c["shares"]),
            "type": c["type"], "capitalization": c["capitalization"], "holding_limit": c["holding_limit"],
            "available_event": avail_event, "available_phase": avail_phase,
            "fired_by": fired.get(avail_event, []) if avail_event else [],
            "converts_to": c.get("converts_to"), "region": c.get("region"), "text": dict(c.get("text", {})),
            "destination": place(model, c["destination"]) if c.get("destination") else None,
            "float_tokens": [dict(x) for x in c.get("float_tokens") or []],
            "token_cost": dict(c.get("token_cost") or {}),
            "formation": dict(c.get("formation") or {}), "bonds": dict(c.get("bonds") or {}),
            "merger": dict(c.get("merger") or {}), "face_value_trades": bool(c.get("trades_trains_at_face_value")),
            "home_token_timing": c.get("home_token_timing"),
        })
    return out


def _minors(model: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"sym": m["sym"], "name": m["name"], "homes": [place(model, h) for h in m["home"]],
             "tokens": len(m["tokens"]), "value": m.get("value"), "merges_into": m.get("merges_into"),
             "colour": m["color"], "text_colour": m["text_color"], "text": dict(m.get("text", {}))}
            for m in model["minors"]]


def private_groups(privates: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Privates of one kind with the same value and income are one line for a reader
    (five major shareholdings of one kind, say); others stand alone."""
    groups: list[list[dict[str, Any]]] = []
    for p in privates:
        for g in groups:
            q = g[0]
            if p["kind"] and q["kind"] == p["kind"] and (q["value"], q["revenue"], q["text"]) == (p["value"], p["revenue"], p["text"]):
                g.append(p)
                break
        else:
            groups.append([p])
    return groups


def _privates(model: dict[str, Any]) -> list[dict[str, Any]]:
    corps = {c["sym"]: c for c in model["corporations"]}
    out = []
    for p in model["privates"]:
        abilities = []
        for a in p["abilities"]:
            a = dict(a)
            if "hexes" in a:
                a["places"] = [place(model, h) for h in a["hexes"]]
            if "hex" in a:
                a["place"] = place(model, a["hex"])
            if a.get("type") == "shares":
                certs = []
                for share in a["shares"]:
                    if share in ("random_president", "first_president"):   # chosen when the game starts
                        a["drawn_president"] = True
                        continue
                    sym, _, idx = share.rpartition("_")
                    corp = corps.get(sym)
                    i = int(idx)
                    pct = corp["shares"][i] if corp and i < len(corp["shares"]) else None
                    certs.append({"corporation": sym, "percent": pct, "president": i == 0})
                a["certificates"] = certs
            abilities.append(a)
        out.append({"sym": p["sym"], "name": p["name"], "value": p["value"], "revenue": p["revenue"],
                    "min_price": p["min_price"], "max_price": p["max_price"], "min_players": p.get("min_players"),
                    "kind": p.get("kind"), "text": dict(p.get("text", {})), "abilities": abilities,
                    "stock_round_trade": bool(p.get("stock_round_trade"))})
    return out


def _map(model: dict[str, Any]) -> dict[str, Any]:
    hexes = model["map"]["hexes"]
    kinds: dict[str, int] = {}
    terrain_costs: set[int] = set()
    offboards = []
    for coord, h in hexes.items():
        for s in h["tile"]["stops"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
            if s["kind"] == "offboard":
                offboards.append({"hex": coord, "name": h.get("name"), "revenue": s["revenue"]})
        for t in h["tile"]["terrain"]:
            if t["cost"]:
                terrain_costs.add(t["cost"])
        for b in h["tile"]["borders"]:
            if b.get("cost"):
                terrain_costs.add(int(b["cost"]))
    value_colours = sorted({c for o in offboards if isinstance(o["revenue"], dict) for c in o["revenue"]},
                           key=lambda c: TILE_ORDER.index(c) if c in TILE_ORDER else len(TILE_ORDER))
    return {"layout": model["map"]["layout"], "hexes": len(hexes), "cities": kinds.get("city", 0),
            "offboard_colours": value_colours,
            "towns": kinds.get("town", 0), "offboards": offboards, "terrain_costs": sorted(terrain_costs),
            "regions": sorted(model["map"]["regions"]),
            "names": {c: h["name"] for c, h in hexes.items() if h.get("name")}}


def _game_end(model: dict[str, Any], market: dict[str, Any], phases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for g in model["title"]["game_end"]:
        item = dict(g)
        if g["trigger"] == "stock_market":
            item["price"] = market["end_game_price"]
        if g["trigger"] in ("final_phase", "final_train") and phases:
            item["phase"] = phases[-1]["name"]
            item["train"] = phases[-1]["train"]["name"] if phases[-1]["train"] else None
        item["skips"] = list(g.get("last_set_skips", []))
        out.append(item)
    return out


def model_default(cls: type, name: str) -> Any:
    """The typed model's default for a field (what the engine takes where a title leaves it out)."""
    field = cls.__dataclass_fields__[name]  # type: ignore[attr-defined]
    return field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default


def typed_rules(model: dict[str, Any]) -> dict[str, Any]:
    """title.yaml's rules as the typed model holds them (railbook.title.model.TitleRules), as plain data: the
    docs state the engine's defaults, never defaults of their own."""
    data: dict[str, Any] = typed.as_data(typed.from_data(M.TitleRules, model["title"], "title"))
    return data


def compute(model: dict[str, Any], hooks: Any = None) -> dict[str, Any]:
    """All the facts of one title, in a fixed order so output is deterministic."""
    t = model["title"]
    rules = typed_rules(model)
    fired = _events(model)
    phases = _phase_facts(model, fired)
    market = _market(model)
    corps = _corporations(model, fired, phases)
    units = sorted({c["unit"] for c in corps}) or [10]
    or_counts = [p["operating_rounds"] for p in model["phases"]] or [1]
    steps = [s for step in t["operating_round"]["steps"] for s in COMBINED_STEPS.get(step, (step,)) if s in SUMMARY_STEPS]
    token_prices = sorted({p for c in corps for p in c["token_prices"][1:] if p})
    flags_phases: dict[str, list[str]] = {}
    for p in model["phases"]:
        for f in p["flags"]:
            flags_phases.setdefault(f, []).append(p["name"])
    return {
        "id": str(t.get("id", "")),
        "meta": {k: t.get(k) for k in ("name", "subtitle", "designer", "publisher", "year", "location", "rules_url")},
        "blurb": dict(t.get("blurb", {})),
        "texts": dict(t.get("texts", {})),
        "players": dict(t["players"]),
        "currency": dict(t["currency"]),
        "starting_cash": sorted(t["starting_cash"].items()),
        "certificate_limit": sorted(t["certificate_limit"].items()),
        "cert_limit_counts_privates": t["certificate_limit_counts_privates"],
        "bank": {"unlimited": bool(t["bank"].get("unlimited")), "cash": t["bank"].get("cash")},
        "capitalization": t["capitalization"],
        "capitalizations": sorted({c["capitalization"] for c in corps}),
        # what a share bought from the IPO costs: its par, or the current market price
        "ipo_price": rules["ipo_price"],
        "float_percents": _group((c["sym"], c["float_percent"]) for c in corps),
        "share_units": units,
        "float_multiple": 100 // units[0],
        "holding_limit": t["holding_limit"],
        "pool_limit": t["pool_limit"],
        "pool_shares": t["pool_limit"] // units[0] if units else None,
        # no open market: a corporation's shares wait in the bank's offer, where sold ones go back too
        "no_open_market": bool(rules["stock_round"]["ipo_moves_to_pool"]),
        # the rounds' rules as the engine reads them: every option the title leaves out at the typed model's default
        "auction": rules["auction"],
        "stock_round": rules["stock_round"],
        "operating_round": rules["operating_round"],
        "or_steps": steps,
        "pays_corporation_for": list(rules["operating_round"]["pays_corporation_for"] or []),
        "trade_ins_per_turn": rules["operating_round"]["trade_ins_per_turn"],
        "share_redemption": rules["operating_round"]["share_redemption"],
        "treasury_shares": rules["operating_round"]["treasury_shares"] or {},
        "markers": rules["operating_round"]["markers"],
        "by_type": rules["operating_round"]["by_type"],
        "tile_lays": rules["operating_round"]["tile_lays"],
        "token_prices": token_prices,
        "or_range": [min(or_counts), max(or_counts)],
        "game_end": _game_end(model, market, phases),
        "bankruptcy": rules["bankruptcy"],
        "optional_rules": [{"id": o["id"], "name": o["name"], "description": o["description"],
                            "players": list(o.get("players") or []), "always": bool(o.get("always"))}
                           for o in t["optional_rules"]],
        "trains": trains(model),
        "exchanges": exchanges(model),
        "phases": phases,
        "flag_phases": flags_phases,
        "train_limits": _group((p["name"], p["train_limit"]) for p in model["phases"]),
        "or_counts": _group((p["name"], p["operating_rounds"]) for p in model["phases"]),
        "market": market,
        "corporations": corps,
        "corporation_shares": _group((c["sym"], tuple(c["shares"])) for c in corps),
        "minors": _minors(model),
        "privates": _privates(model),
        "loans": model.get("loans"),
        "map": _map(model),
        "events": fired,
        "hooks": sorted(getattr(hooks, "hooks", {}) or {}),
        "hook_events": sorted(getattr(hooks, "events", {}) or {}),
    }
