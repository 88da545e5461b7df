"""title.yaml: who plays, with what money, the rules of the rounds and the game's end.

What a title leaves out takes the default the typed model states
(:mod:`railbook.title.model`): the normalized document carries those defaults for
the options docs and diffs compare, and each is stated once, there.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from railbook.title import model as M
from railbook.title.changes import change_path_problem, parse_path, resolve_change_path
from railbook.title.normalize.checker import Checker
from railbook.title.normalize.companies import check_mergers
from railbook.title.normalize.tiles import normalize_tile_body
from railbook.title.typed import names_model_field


def _defaults(value: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """Some fields of a model object's defaults, as normalized data (tuples as lists)."""
    def plain(v: Any) -> Any:
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
        if isinstance(v, tuple):
            return [plain(x) for x in v]
        return v
    return {k: plain(getattr(value, k)) for k in keys}


#: the options the normalized document always states (the rest appear where a title sets them)
DEFAULTS: dict[str, Any] = {
    **_defaults(M.TitleRules(id="", name=""), ("certificate_limit_counts_privates", "holding_limit", "pool_limit")),
    "auction": _defaults(M.AuctionRules(), ("min_increment", "bids_in_multiples", "price_drop_when_all_pass")),
    "stock_round": {
        **_defaults(M.StockRoundRules(), (
            "sell_buy_order", "first_sales_after", "sale_price_drop", "sold_out_rise", "priority",
            "multiple_buys_only_from_pool", "must_sell_in_blocks", "holding_limit_forces_sale",
            "presidency_sale_to_pool")),
        "privates_between_players": _defaults(M.PrivateSales(), (
            "phase_flag", "not_in_first_stock_round", "regrants_shares")),
    },
    "operating_round": {
        **_defaults(M.OperatingRoundRules(), (
            "steps", "track_restriction", "reservations_block_others", "home_token", "must_buy_train",
            "discarded_trains", "train_buys_between_corporations", "dividends")),
        "tile_lays": [_defaults(M.TileLay(), ("lay", "upgrade", "cost"))],
        "emergency_buy": _defaults(M.EmergencyBuy(), (
            "from_other_corporations", "president_may_swap", "cheapest_depot_train_only", "sell_more_than_needed")),
    },
    "bankruptcy": _defaults(M.BankruptcyRules(), ("allowed", "ends_game_after")),
}


def _merge(default: Any, given: Any) -> Any:
    if isinstance(default, dict) and isinstance(given, dict):
        out = copy.deepcopy(default)
        for k, v in given.items():
            out[k] = _merge(default.get(k), v) if k in default else copy.deepcopy(v)
        return out
    return copy.deepcopy(default) if given is None else copy.deepcopy(given)


def normalize_title(t: dict[str, Any], chk: Checker) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in ("id", "name", "subtitle", "designer", "publisher", "year", "location", "rules_url"):
        if k in t:
            out[k] = t[k]
    out["blurb"] = dict(t.get("blurb", {}))
    out["texts"] = copy.deepcopy(t.get("texts", {}))
    out["players"] = dict(t.get("players", {"min": 1, "max": 1}))
    out["currency"] = dict(t.get("currency", {"symbol": "$", "placement": "prefix"}))
    for k in ("starting_cash", "certificate_limit"):
        out[k] = {int(n): v for n, v in (t.get(k) or {}).items()}
        pmin, pmax = out["players"].get("min", 1), out["players"].get("max", 1)
        if pmin > pmax:
            chk.add("title.yaml", ("players",), f"min players {pmin} is more than max players {pmax}")
        if pmax > 9:
            continue  # the schema has reported the player count
        for n in range(max(pmin, 1), pmax + 1):
            if t.get(k) and n not in out[k]:
                chk.add("title.yaml", (k,), f"no value for {n} players (the title allows {pmin}-{pmax})")
    out["bank"] = dict(t.get("bank", {"unlimited": True}))
    if isinstance(out["bank"].get("cash"), dict):
        out["bank"]["cash"] = {int(n): v for n, v in out["bank"]["cash"].items()}
    out["capitalization"] = t.get("capitalization", "full")
    for k in ("certificate_limit_counts_privates", "holding_limit", "pool_limit"):
        out[k] = t.get(k, DEFAULTS[k])
    for k in ("escrow_until_float", "full_capitalization_from_phase", "ipo_price",
              "certificates_at_start", "float_timing"):  # only where a title uses them
        if k in t:
            out[k] = t[k]
    out["auction"] = _merge(DEFAULTS["auction"], t.get("auction", {"kind": "none"}))
    for key in ("privates", "corporations"):    # sets of names: in one order
        if isinstance(out["auction"].get(key), list):
            out["auction"][key] = sorted(out["auction"][key])
    out["stock_round"] = _merge(DEFAULTS["stock_round"], t.get("stock_round", {}))
    out["operating_round"] = _merge(DEFAULTS["operating_round"], t.get("operating_round", {}))
    first = out["operating_round"].get("first_or_private_sales")
    if isinstance(first, dict) and isinstance(first.get("privates"), list):   # a set of privates: in one order
        first["privates"] = sorted(first["privates"])
    out["game_end"] = copy.deepcopy(t.get("game_end", []))
    out["bankruptcy"] = _merge(DEFAULTS["bankruptcy"], t.get("bankruptcy", {}))
    out["optional_rules"] = copy.deepcopy(t.get("optional_rules", []))
    seen: set[str] = set()
    for i, rule in enumerate(out["optional_rules"]):
        if rule.get("id") in seen:
            chk.add("title.yaml", ("optional_rules", i, "id"), f"optional rule {rule['id']!r} is defined twice")
        seen.add(rule.get("id"))
    return out


def check_operating_refs(model: dict[str, Any], chk: Checker) -> None:
    """Hex reservations name corporations; phase names given in title.yaml exist."""
    syms = {c["sym"] for c in model["corporations"]} | {m["sym"] for m in model["minors"]}
    for coord, h in model["map"]["hexes"].items():
        if h.get("reserved_for") and h["reserved_for"] not in syms:
            chk.add("map.yaml", ("hexes",), f"hex {coord} is reserved for {h['reserved_for']!r}, which is not a corporation")
    phase = model["title"].get("full_capitalization_from_phase")
    if phase and phase not in [p["name"] for p in model["phases"]]:
        chk.add("title.yaml", ("full_capitalization_from_phase",), f"unknown phase {phase!r}")


def check_title_refs(model: dict[str, Any], chk: Checker) -> None:
    phase_names = [p["name"] for p in model["phases"]]
    private_syms = {p["sym"] for p in model["privates"]}
    corp_syms = {c["sym"] for c in model["corporations"]}
    auction = model["title"]["auction"]
    for key, known, what in (("privates", private_syms, "private"), ("corporations", corp_syms, "corporation")):
        for k, sym in enumerate(auction.get(key, [])):
            if sym not in known:
                chk.add("title.yaml", ("auction", key, k), f"unknown {what} {sym!r}")
    first = model["title"]["operating_round"].get("first_or_private_sales") or {}
    for sym in first.get("privates", []) if isinstance(first, dict) else []:
        if sym not in private_syms:
            chk.add("title.yaml", ("operating_round", "first_or_private_sales", "privates"),
                    f"unknown private {sym!r}")
    all_flags = {f for p in model["phases"] for f in p["flags"]}
    title = model["title"]
    flag = title["stock_round"]["privates_between_players"].get("phase_flag")
    title_doc = chk.docs.get("title.yaml")
    given = (title_doc.data or {}) if title_doc is not None else {}
    if flag and flag not in all_flags and "privates_between_players" in (given.get("stock_round") or {}):
        chk.add("title.yaml", ("stock_round", "privates_between_players", "phase_flag"),
                f"no phase has the flag {flag!r}")
    for i, rule in enumerate(title["optional_rules"]):
        for j, change in enumerate(rule.get("changes", [])):
            key = "remove" if "remove" in change else "set"
            found = resolve_change_path(model, change[key])
            if found is None and key == "set" and names_model_field(change["set"]):
                continue   # an option this title leaves unset; the compiler checks the value on the typed model
            if found is None or (key == "remove" and not _selects_item(change[key])):
                problem = change_path_problem(model, change[key])
                chk.add("title.yaml", ("optional_rules", i, "changes", j, key),
                        problem if problem and "does not name" not in problem else
                        f"{change[key]!r} does not name {'an item' if key == 'remove' else 'anything'} in the "
                        "title's data")
            elif found[0] is model["map"]["hexes"] and key == "set":
                change["to"] = _replacement_hex(model, found[1], change["to"], chk,
                                                ("optional_rules", i, "changes", j, "to"))
    check_mergers(model, chk)
    if phase_names and title["game_end"] == []:
        chk.add("title.yaml", ("game_end",), "no game end trigger")


def _selects_item(path: str) -> bool:
    """The path ends by selecting an item (``[..]``) of a list or a mapping: what a rule may take out."""
    steps = parse_path(path)
    return steps is not None and bool(steps) and steps[-1][1] is not None


def _replacement_hex(model: dict[str, Any], coord: str, body: Any, chk: Checker,
                     pointer: tuple[Any, ...]) -> Any:
    """A change that replaces a whole printed hex is written like a map.yaml hex; normalize it the
    same way. The new hex is a group of its own (preprinted index 0)."""
    if not isinstance(body, dict) or "tile" in body:
        chk.add("title.yaml", pointer, "a replacement hex is a map.yaml hex that spells out its stops and paths")
        return body
    color = body.get("color", "white")
    tile = normalize_tile_body(body, coord, color, chk, "title.yaml", pointer)
    tile["preprinted_index"] = 0
    return {"color": color, "tile": tile, "rotation": int(body.get("rotation", 0)),
            "name": model["map"]["hexes"][coord].get("name")}
