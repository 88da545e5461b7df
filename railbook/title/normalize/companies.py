"""Corporations, minors and privates: homes are cities, references resolve, certificates add up,
and mergers name what merges."""

from __future__ import annotations

import copy
from typing import Any

from railbook.title.normalize.checker import Checker


def _home_is_city(map_: dict[str, Any], coord: str) -> bool:
    h = map_["hexes"].get(coord)
    return bool(h) and any(s["kind"] == "city" for s in h["tile"]["stops"])


def normalize_corporations(doc: dict[str, Any], model: dict[str, Any], chk: Checker) -> tuple[list[Any], list[Any], Any]:
    defaults = doc.get("defaults", {}) or {}
    default_shares = defaults.get("shares", [20, 10, 10, 10, 10, 10, 10, 10, 10])
    corps = []
    syms: dict[str, int] = {}
    map_ = model["map"]
    for i, c in enumerate(doc.get("corporations", []) or []):
        if c["sym"] in syms:
            chk.add("corporations.yaml", ("corporations", i, "sym"), f"corporation {c['sym']!r} is defined twice")
        syms[c["sym"]] = i
        shares = list(c.get("shares", default_shares))
        if sum(shares) != 100:
            chk.add("corporations.yaml", ("corporations", i, "shares") if "shares" in c else ("defaults", "shares"),
                    f"certificates add up to {sum(shares)}%, not 100%")
        home = c.get("home")
        homes = [] if home is None else ([home] if isinstance(home, str) else list(home))
        for h in homes:
            if h not in map_["hexes"]:
                chk.add("corporations.yaml", ("corporations", i, "home"), f"home {h} is not on the map")
            elif not _home_is_city(map_, h):
                chk.add("corporations.yaml", ("corporations", i, "home"), f"home {h} has no city")
        home_city = c.get("home_city")
        if home_city is not None and homes:
            cities = [s for s in map_["hexes"].get(homes[0], {"tile": {"stops": []}})["tile"]["stops"] if s["kind"] == "city"]
            for hc in ([home_city] if isinstance(home_city, int) else home_city):
                if hc >= len(cities) and cities:
                    chk.add("corporations.yaml", ("corporations", i, "home_city"),
                            f"home city {hc} does not exist: {homes[0]} has {len(cities)} cities")
        choice = c.get("home_choice")
        if choice:
            for j, h in enumerate(choice.get("hexes", [])):
                if h not in map_["hexes"]:
                    chk.add("corporations.yaml", ("corporations", i, "home_choice", "hexes", j), f"unknown hex {h}")
            if "region" in choice and choice["region"] not in map_["regions"]:
                chk.add("corporations.yaml", ("corporations", i, "home_choice", "region"), f"unknown region {choice['region']!r}")
        if not homes and not choice and not c.get("merger") and not c.get("formation") and not c.get("par_needs_token"):
            chk.add("corporations.yaml", ("corporations", i), "missing required key 'home' (or 'home_choice')")
        corps.append({
            "sym": c["sym"], "name": c["name"], "home": homes, "home_city": home_city,
            "home_choice": copy.deepcopy(choice), "tokens": list(c["tokens"]),
            "color": c.get("color", "#888888"), "text_color": c.get("text_color", "white"),
            "float_percent": c.get("float_percent", defaults.get("float_percent", 60)),
            "shares": shares, "type": c.get("type", defaults.get("type", "major")),
            "capitalization": c.get("capitalization", model["title"]["capitalization"]),
            "holding_limit": c.get("holding_limit", model["title"]["holding_limit"]),
            "available": copy.deepcopy(c.get("available", "start")),
            "region": c.get("region"),
            "converts_to": copy.deepcopy(c.get("converts_to")),
            "text": dict(c.get("text", {})),
        })
        for opt in ("home_token_timing", "merger"):  # present only where a title uses them
            if opt in c:
                corps[-1][opt] = copy.deepcopy(c[opt])
        for opt in ("destination", "trades_trains_at_face_value", "bonds", "formation"):  # likewise
            if opt in c:
                corps[-1][opt] = copy.deepcopy(c[opt])
        neutral = c.get("neutral_token", defaults.get("neutral_token"))
        if neutral is not None:
            corps[-1]["neutral_token"] = neutral
        if c.get("par_needs_token"):
            corps[-1]["par_needs_token"] = True
        float_tokens = c.get("float_tokens", defaults.get("float_tokens"))
        if float_tokens:
            corps[-1]["float_tokens"] = copy.deepcopy(float_tokens)
            for j, rule in enumerate(float_tokens):
                if rule.get("from_phase") and rule["from_phase"] not in [p["name"] for p in model["phases"]]:
                    where = ("corporations", i, "float_tokens", j) if "float_tokens" in c else ("defaults", "float_tokens", j)
                    chk.add("corporations.yaml", where + ("from_phase",), f"unknown phase {rule['from_phase']!r}")
        if "token_cost" in doc:
            corps[-1]["token_cost"] = copy.deepcopy(doc["token_cost"])
        if c.get("destination") and c["destination"] not in map_["hexes"]:
            chk.add("corporations.yaml", ("corporations", i, "destination"), f"destination {c['destination']} is not on the map")
    for i, c in enumerate(corps):
        neutral = c.get("neutral_token")
        if neutral is not None and (neutral not in syms or neutral == c["sym"]):
            at: tuple[Any, ...] = ("corporations", i, "neutral_token") \
                if "neutral_token" in doc["corporations"][i] else ("defaults", "neutral_token")
            chk.add("corporations.yaml", at, f"neutral_token {neutral!r} names no other corporation")
    minors = []
    for i, m in enumerate(doc.get("minors", []) or []):
        if m["sym"] in syms:
            chk.add("corporations.yaml", ("minors", i, "sym"), f"{m['sym']!r} is already a corporation or minor")
        syms[m["sym"]] = i
        home = m.get("home")
        homes = [] if home is None else ([home] if isinstance(home, str) else list(home))
        for h in homes:
            if h not in map_["hexes"]:
                chk.add("corporations.yaml", ("minors", i, "home"), f"home {h} is not on the map")
            elif not _home_is_city(map_, h):
                chk.add("corporations.yaml", ("minors", i, "home"), f"home {h} has no city")
        if m.get("merges_into") and m["merges_into"] not in [c["sym"] for c in corps]:
            chk.add("corporations.yaml", ("minors", i, "merges_into"), f"unknown corporation {m['merges_into']!r}")
        minors.append({
            "sym": m["sym"], "name": m["name"], "home": homes, "home_city": m.get("home_city"),
            "tokens": list(m["tokens"]), "color": m.get("color", "#888888"),
            "text_color": m.get("text_color", "white"), "value": m.get("value"),
            "merges_into": m.get("merges_into"), "type": m.get("type", "minor"), "text": dict(m.get("text", {})),
        })
        if "home_token_timing" in m:
            minors[-1]["home_token_timing"] = m["home_token_timing"]
        if "starting_train" in m:
            minors[-1]["starting_train"] = m["starting_train"]
            if m["starting_train"] not in [t["name"] for t in model["trains"]]:
                chk.add("corporations.yaml", ("minors", i, "starting_train"), f"unknown train {m['starting_train']!r}")
    known = {**model, "corporations": corps, "minors": minors}
    for i, c in enumerate(doc.get("corporations", []) or []):
        if c.get("abilities"):
            corps[i]["abilities"] = check_abilities(c["abilities"], ("corporations", i), "corporations.yaml", known, chk)
    return corps, minors, copy.deepcopy(doc.get("loans"))


def normalize_privates(doc: dict[str, Any], model: dict[str, Any], chk: Checker) -> list[dict[str, Any]]:
    out = []
    syms: set[str] = set()
    for i, p in enumerate(doc.get("privates", []) or []):
        if p["sym"] in syms:
            chk.add("privates.yaml", ("privates", i, "sym"), f"private {p['sym']!r} is defined twice")
        syms.add(p["sym"])
        abilities = check_abilities(p.get("abilities", []), ("privates", i), "privates.yaml", model, chk,
                                    sibling_shares=True)
        value = p["value"]
        out.append({
            "sym": p["sym"], "name": p["name"], "value": value, "revenue": p.get("revenue", 0),
            "min_price": p.get("min_price", (value + 1) // 2), "max_price": p.get("max_price", value * 2),
            "min_players": p.get("min_players"), "color": p.get("color"), "kind": p.get("kind"),
            "text": dict(p.get("text", {})), "abilities": abilities,
        })
        if "price" in p:
            out[-1]["price"] = p["price"]
        if p.get("stock_round_trade"):
            out[-1]["stock_round_trade"] = True
        if p.get("sold_in_operating_rounds"):
            out[-1]["sold_in_operating_rounds"] = True
        if p.get("closes_others_when_bought"):
            out[-1]["closes_others_when_bought"] = True
    return out


def check_mergers(model: dict[str, Any], chk: Checker) -> None:
    """A merger's exchanges name minors or privates and distinct certificates of the corporation."""
    minors = {m["sym"]: m for m in model["minors"]}
    privates = {p["sym"] for p in model["privates"]}
    for i, c in enumerate(model["corporations"]):
        merger = c.get("merger")
        if not merger:
            continue
        given: set[int] = set()
        for sym, idx in merger.get("exchanges", {}).items():
            ptr = ("corporations", i, "merger", "exchanges", sym)
            if sym not in minors and sym not in privates:
                chk.add("corporations.yaml", ptr, f"{sym!r} is neither a minor nor a private", key=True)
            if idx >= len(c["shares"]):
                chk.add("corporations.yaml", ptr, f"{c['sym']} has {len(c['shares'])} certificates; there is no {idx}")
            elif idx in given:
                chk.add("corporations.yaml", ptr, f"certificate {idx} is already given for another exchange")
            given.add(idx)
        for sym, m in minors.items():
            if m["merges_into"] == c["sym"] and sym not in merger.get("exchanges", {}):
                chk.add("corporations.yaml", ("corporations", i, "merger", "exchanges"),
                        f"minor {sym} merges into {c['sym']} but no certificate is given for it")


def check_abilities(given: list[dict[str, Any]], at: tuple[Any, ...], file: str, model: dict[str, Any], chk: Checker,
                    sibling_shares: bool = False) -> list[dict[str, Any]]:
    """A private's (or a corporation's) abilities, their hexes, tiles, corporations, certificates,
    phases and trains checked against the title."""
    hexes = model["map"]["hexes"]
    corp_syms = {c["sym"]: c for c in model["corporations"]} | {m["sym"]: m for m in model["minors"]}
    tile_names = set(model["tiles"])
    phases = [ph["name"] for ph in model["phases"]]
    abilities = []
    for j, a in enumerate(given):
        ptr = at + ("abilities", j)
        for k, h in enumerate(a.get("hexes", []) or []):
            if h not in hexes:
                chk.add(file, ptr + ("hexes", k), f"unknown hex {h}")
        if "hex" in a and a["hex"] not in hexes:
            chk.add(file, ptr + ("hex",), f"unknown hex {a['hex']}")
        for k, t in enumerate(a.get("tiles", []) or []):
            if t not in tile_names:
                chk.add(file, ptr + ("tiles", k), f"tile {t!r} is not in the title's tiles")
        corps = a.get("corporations")
        if isinstance(corps, list):
            for k, c in enumerate(corps):
                if c not in corp_syms:
                    chk.add(file, ptr + ("corporations", k), f"unknown corporation {c!r}")
        if "corporation" in a and a["corporation"] not in corp_syms and not (
                a["corporation"] == "attached" and sibling_shares and any(b.get("type") == "shares" for b in given)):
            chk.add(file, ptr + ("corporation",), f"unknown corporation {a['corporation']!r}")
        for k, share in enumerate(a.get("shares", []) or []):
            if share in ("random_president", "first_president"):
                continue   # chosen when the game starts
            sym, _, idx = share.rpartition("_")
            corp = corp_syms.get(sym)
            if corp is None:
                chk.add(file, ptr + ("shares", k), f"unknown corporation {sym!r} in share {share!r}")
            elif "shares" in corp and not (0 <= int(idx) < len(corp["shares"])):
                chk.add(file, ptr + ("shares", k), f"{sym} has {len(corp['shares'])} certificates; there is no {share!r}")
        for key in ("phase", "until_phase"):
            if key in a and a[key] not in phases:
                chk.add(file, ptr + (key,), f"unknown phase {a[key]!r}")
        for k, t in enumerate(a.get("trains", []) or []):
            if t not in [tr["name"] for tr in model["trains"]]:
                chk.add(file, ptr + ("trains", k), f"unknown train {t!r}")
        abilities.append(copy.deepcopy(a))
    return abilities
