"""The summary half of a document: capitalization, limits, cash, game end, phases,
trains with computed exchange prices, privates, corporations, mechanics and
emergency money raising — one localized sentence per fact group.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import overview as ov
from railbook.docs import words as w
from railbook.docs.facts import model_default, private_groups
from railbook.docs.i18n import Lang
from railbook.title import model as M

Section = dict[str, Any]

# texts topics the summary places itself; every other topic is a title-specific mechanic
PLACED_TOPICS = ("setup", "stock_round", "operating_round", "game_end", "map", "phases", "emergency",
                 "capitalization", "limits", "trains", "privates", "corporations")


def capitalization(L: Lang, f: dict[str, Any]) -> list[str]:
    items = []
    for cap in f["capitalizations"]:
        syms = [c["sym"] for c in f["corporations"] if c["capitalization"] == cap]
        key = f"cap.{cap}" if len(f["capitalizations"]) == 1 else f"cap.{cap}_some"
        pct = f["float_percents"][0][0] if len(f["float_percents"]) == 1 else None
        items.append(L.t(key, multiple=L.num(f["float_multiple"]), corps=L.join(syms),
                         percent=L.pct(pct) if pct is not None else L.t("cap.float_share")))
    if f["pays_corporation_for"]:
        items.append(L.t("cap.own_dividends", which=L.join([L.t(f"money.held.{x}") for x in f["pays_corporation_for"]])))
    for names, corps, cert in ov.certificate_privates(L, f):
        if cert["president"]:
            items.append(L.t("cap.president_private", private=names, corp=corps))
    extra = w.title_text(L, f, "capitalization")
    if extra:
        items.append(extra)
    return items


def limits(L: Lang, f: dict[str, Any]) -> list[str]:
    items = ov.float_phrase(L, f)
    free = [z["zone"] for z in f["market"]["zones"] if "no_holding_limit" in z["effects"] and z["zone"]]
    items.append(L.t("limits.holding_except" if free else "limits.holding", percent=L.pct(f["holding_limit"]),
                     zones=w.colours(L, free, "or", "loc"), shares=L.num(f["holding_limit"] // f["share_units"][0])))
    pairs = "; ".join(L.t("limits.cert_pair", players=L.num(n), limit=L.num(v)) for n, v in f["certificate_limit"])
    cert = L.t("limits.cert", pairs=pairs)
    if f["privates"]:
        cert += " " + L.t("limits.privates_count" if f["cert_limit_counts_privates"] else "limits.privates_free")
    nocert = [z["zone"] for z in f["market"]["zones"] if "no_cert_limit" in z["effects"] and z["zone"]]
    if nocert:
        cert += " " + L.t("limits.zone_no_cert", zones=w.colours(L, nocert, "or", "loc"))
    items.append(cert)
    if f["no_open_market"]:
        items.append(L.t("limits.offer", percent=L.pct(f["pool_limit"])))
    elif f["pool_limit"]:
        items.append(L.t("limits.pool", shares=L.num(f["pool_shares"]), percent=L.pct(f["pool_limit"])))
    else:
        items.append(L.t("limits.no_pool"))
    extra = w.title_text(L, f, "limits")
    if extra:
        items.append(extra)
    return items


def cash(L: Lang, f: dict[str, Any]) -> list[str]:
    items = [L.t("cash.line", players=L.num(n), cash=L.money(c), n=n) for n, c in f["starting_cash"]]
    bank = f["bank"]["cash"]
    items.append(L.t("cash.bank_unlimited") if f["bank"]["unlimited"]
                 else L.t("cash.bank_by_players" if isinstance(bank, dict) else "cash.bank", cash=L.money(bank)))
    pl = f["players"]
    items.append(L.t("cash.players", low=L.num(pl["min"]), high=L.num(pl["max"])))
    return items


def player_table(L: Lang, f: dict[str, Any]) -> dict[str, Any]:
    """Players, starting cash and certificate limit side by side."""
    limits = dict(f["certificate_limit"])
    return {"headers": [L.t("table.players"), L.t("table.cash"), L.t("table.cert_limit")],
            "rows": [[L.num(n), L.money(c), L.num(limits[n]) if n in limits else ""] for n, c in f["starting_cash"]]}


def phase_summary(L: Lang, f: dict[str, Any]) -> list[str]:
    ph = f["phases"]
    triggers = all(p["on"] for p in ph[1:])
    items = [L.t("phases.count", n=len(ph), names=L.join([w.phase(L, f, p["name"]) for p in ph]))
             + (L.t("phases.triggered") if triggers else "")]
    items.append(L.t("phases.ors", list=L.join([L.t("phases.group", value=L.num(v), phases=w.phase_list(L, f, names))
                                                for v, names in f["or_counts"]])))
    items.append(L.t("phases.limits", list=L.join([L.t("phases.group", value=w.limit(L, v, f), phases=w.phase_list(L, f, names))
                                                   for v, names in f["train_limits"]])))
    for p in ph:
        effects = [e for e in ov.phase_effects(L, f, p)]
        notable = [e for e in effects if e not in (L.t("phase.ors", n=p["operating_rounds"]),
                                                   L.t("phase.limit", limit=w.limit(L, p["train_limit"], f)))]
        if notable and p["index"] > 0:
            items.append(L.t("phases.effects", phase=w.phase(L, f, p["name"]), effects="; ".join(notable)))
    return items


def train_line(L: Lang, f: dict[str, Any], t: dict[str, Any]) -> str:
    n = t["count"]
    count = L.t("trains.unlimited") if n is None else L.t("trains.count", n=n) if not isinstance(n, dict) else \
        L.join([L.t("words.per_players", value=L.t("trains.count", n=v), players=L.num(int(k))) for k, v in n.items()],
               "or")
    parts = [L.t("trains.head", train=w.train(L, t["name"]),
                 colour=(" (" + w.colour(L, t["colour"]) + ")") if t["colour"] else "",
                 price=L.money(t["price"]), count=count)]
    parts.append(w.distance(L, t["distance"]))
    if t["rusts_on"]:
        parts.append(L.t("trains.rusts", train=w.train(L, t["rusts_on"])))
    if t["obsolete_on"]:
        parts.append(L.t("trains.obsolete", train=w.train(L, t["obsolete_on"])))
    if t.get("rusts_after_set"):
        parts.append(L.t("trains.rusts_after_set", number=L.num(t["rusts_after_set"])))
    if t.get("salvage"):
        parts.append(L.t("trains.salvage", amount=L.money(t["salvage"])))
    if t["available_from_phase"]:
        parts.append(L.t("trains.available", phase=w.phase(L, f, t["available_from_phase"])))
    for v in t["variants"]:
        parts.append(L.t("trains.variant", train=w.train(L, v["name"]), price=L.money(v["price"]),
                         distance=w.distance(L, v["distance"])))
    return "; ".join(parts)


def exchange_line(L: Lang, f: dict[str, Any]) -> str:
    pairs = [L.t("trains.exchange_pair", old=e["from"], new=e["to"], cost=L.money(e["cost"]))
             for e in f["exchanges"]]
    text = L.t("trains.exchange", pairs=L.join(pairs))
    if f["trade_ins_per_turn"]:
        text += " " + L.t("trains.exchange_limit", n=f["trade_ins_per_turn"])
    return text


def trains(L: Lang, f: dict[str, Any]) -> list[str]:
    items = [train_line(L, f, t) for t in f["trains"]]
    if f["exchanges"]:
        items.append(exchange_line(L, f))
    extra = w.title_text(L, f, "trains")
    if extra:
        items.append(extra)
    return items


def ability(L: Lang, f: dict[str, Any], a: dict[str, Any]) -> str:
    text = _ability(L, f, a)
    if text and a.get("until_phase"):
        text += ", " + L.t("ability.until", phase=w.phase(L, f, a["until_phase"]))
    return text


def abilities_text(L: Lang, f: dict[str, Any], abilities: list[dict[str, Any]]) -> list[str]:
    """Each ability as a phrase; a marker a corporation places and the bonus it brings are one phrase."""
    out = []
    skip = {i for i, a in enumerate(abilities) if a.get("type") == "assign_corporation"}   # how, not what
    assigned = [a for a in abilities if a.get("type") == "assign_hexes"]
    paid = next((a for a in abilities if a.get("type") == "assign_bonus"), None)
    if assigned and paid is not None:
        # a marker the owner places (again each round, for some) and the bonus the assigned corporation earns: one phrase
        text = L.t("ability.assigned_bonus", places=w.places(L, assigned[0].get("places", []), "or"),
                   amount=L.money(paid.get("amount", 0)))
        if any(a.get("count_per_or") for a in assigned):
            text += " " + L.t("ability.assign_moves")
        if paid.get("until_phase"):
            text += ", " + L.t("ability.until", phase=w.phase(L, f, paid["until_phase"]))
        out.append(text)
        skip |= {i for i, a in enumerate(abilities) if a.get("type") in ("assign_hexes", "assign_bonus")}
    for i, a in enumerate(abilities):
        if i in skip:
            continue
        bonus = next((j for j, b in enumerate(abilities) if b.get("type") == "hex_bonus" and j not in skip
                      and set(b.get("hexes", [])) == set(a.get("hexes", []))), None) \
            if a.get("type") == "assign_hexes" else None
        if bonus is not None:
            skip.add(bonus)
            b = abilities[bonus]
            text = L.t("ability.assign_bonus", amount=L.money(b.get("amount", 0)), places=w.places(L, a.get("places", [])))
            if b.get("until_phase"):
                text += ", " + L.t("ability.until", phase=w.phase(L, f, b["until_phase"]))
            out.append(text)
        else:
            out.append(ability(L, f, a))
    return out


def _ability(L: Lang, f: dict[str, Any], a: dict[str, Any]) -> str:
    kind = a.get("type", "")
    ps = w.places(L, a.get("places", []), "and" if kind in ("blocks_hexes", "hex_bonus", "assign_hexes") else "or")
    tiles = L.join([str(t) for t in a.get("tiles", [])], "or")
    if kind == "shares":
        drawn = [L.t("ability.president_drawn")] if a.get("drawn_president") else []
        return L.join(drawn + [L.t("ability.president" if c["president"] else "ability.share",
                                   corp=c["corporation"], percent=L.pct(c["percent"] or 0))
                               for c in a["certificates"]])
    if kind == "close":
        on = a.get("on", "never")
        if a.get("corporation") == "attached":   # the corporation of the certificate the private brings
            return L.t(f"ability.close.{on}_attached")
        return L.t(f"ability.close.{on}", corp=a.get("corporation", ""),
                   phase=w.phase(L, f, a["phase"]) if a.get("phase") else "")
    if kind == "exchange":
        corps = a.get("corporations")
        corps = L.join(corps) if isinstance(corps, list) else L.t(f"ability.exchange_any.{corps}")
        return L.t("ability.exchange", corps=corps)
    if kind == "revenue_change":
        return L.t(f"ability.revenue_change.{a.get('on', 'sold')}", revenue=L.money(a.get("revenue", 0)),
                   phase=w.phase(L, f, a["phase"]) if a.get("phase") else "")
    if kind == "reservation":
        return L.t("ability.reservation", place=w.place(L, a["place"]))
    if kind == "description":
        return L.text(a.get("text"))
    if kind in ("tile_discount", "train_discount"):
        off = L.pct(a["discount_percent"]) if a.get("discount_percent") else L.money(a.get("discount", 0))
        return L.t(f"ability.{kind}", discount=off,
                   terrain=a.get("terrain", ""), trains=w.trains(L, a.get("trains", [])))
    if kind == "hex_bonus":
        return L.t("ability.hex_bonus", places=ps, amount=L.money(a.get("amount", 0)))
    if kind == "route_bonus":
        return L.t("ability.route_bonus_lost" if a.get("lost_on_president_change") else "ability.route_bonus",
                   places=w.places(L, a.get("places", []), "and"), amount=L.money(a.get("amount", 0)))
    if kind == "reserved_train":
        return L.t("ability.reserved_train", trains=w.trains(L, a.get("trains", [])),
                   phase=w.phase(L, f, a["until_phase"]) if a.get("until_phase") else "")
    if kind == "token":
        price = a.get("price", 0)
        return L.t("ability.token_free" if not price else "ability.token", places=ps, price=L.money(price))
    if kind == "tile_lay":
        key = "ability.tile_lay_cost" if a.get("cost") else \
            "ability.tile_lay_player" if a.get("owner") == "player" else "ability.tile_lay"
        text = L.t(key, places=ps or L.t("ability.anywhere"), tiles=tiles or L.t("ability.a_tile"),
                   cost=L.money(a.get("cost", 0)), n=a.get("count", 1))
        return text + (" " + L.t("ability.free") if a.get("free") else "")
    if kind == "teleport":
        return L.t("ability.teleport", places=ps, tiles=tiles)
    if kind == "blocks_hexes":
        return L.t("ability.blocks", places=ps)
    if kind == "assign_hexes":
        return L.t("ability.assign", places=ps)
    if kind == "no_sale_to_corporation":
        return L.t("ability.no_sale")
    if kind == "no_sale_between_players":
        return L.t("ability.no_sale_players")
    if kind == "train_limit":
        return L.t("ability.train_limit_player" if a.get("owner") == "player" else "ability.train_limit",
                   n=a.get("increase", a.get("amount", 1)))
    if kind == "stops_bonus":
        return L.t("ability.stops_bonus", amount=L.money(a.get("amount", 0)))
    return w.humanize(kind)


def merged_abilities(L: Lang, group: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The abilities of privates of one kind, their corporations joined ('A, B or C')."""
    first: list[dict[str, Any]] = group[0]["abilities"]
    if len(group) == 1:
        return first
    out = []
    for i, a in enumerate(first):
        a = dict(a)
        others = [p["abilities"][i] for p in group if i < len(p["abilities"])]
        if a.get("corporation"):
            a["corporation"] = L.join([o.get("corporation", "") for o in others], "or")
        if a.get("certificates"):
            a["certificates"] = [dict(a["certificates"][0], corporation=L.join(
                [o["certificates"][0]["corporation"] for o in others if o.get("certificates")], "or"))]
        out.append(a)
    return out


def private_markers(L: Lang, f: dict[str, Any], sym: str) -> list[str]:
    """The markers that go with a private (``of_private``): its buyer holds one, the others it sells."""
    return [L.t("ability.marker_private", marker=ov.marker_name(L, m), n=m.get("count") or 0, cost=L.money(m["cost"]))
            for m in f["markers"] if m.get("of_private") == sym]


def corporations_own_privates(f: dict[str, Any]) -> bool:
    """Whether a corporation ever owns a private: it buys them in some phase, or buys a minor's card."""
    return bool(f["flag_phases"].get("privates_buyable_by_corporations")) or "buy_private" in f["or_steps"]


def privates(L: Lang, f: dict[str, Any]) -> list[str]:
    items = []
    for group in private_groups([p for p in f["privates"] if p.get("kind") != "blank"]):
        p = group[0]
        text = L.text(p["text"])
        # the title's own words say what the private does; the computed abilities only where it says nothing
        abilities = [] if text else abilities_text(L, f, merged_abilities(L, group)) + private_markers(L, f, p["sym"])
        desc = "; ".join([a.rstrip(".") for a in abilities if a] + ([text] if text else [])) or \
            L.t("privates.traded" if p["stock_round_trade"] else "privates.no_ability")
        names = [q["name"] for q in group]
        name = L.t("privates.many", n=len(names), name=names[0]) if len(set(names)) == 1 and len(names) > 1 \
            else L.join(names, "or")
        items.append(L.t("privates.line", name=name, value=L.money(p["value"]),
                         revenue=L.money(p["revenue"]), abilities=desc))
    phases = f["flag_phases"].get("privates_buyable_by_corporations")
    if phases and f["privates"]:
        items.append(L.t("privates.buyable", phases=w.phase_list(L, f, phases), range=ov.private_price_range(L, f)))
    if not corporations_own_privates(f) and any(a.get("owner") == "player" for p in f["privates"] for a in p["abilities"]):
        items.append(L.t("privates.consent"))
    extra = w.title_text(L, f, "privates")
    if extra:
        items.append(extra)
    return items


def corporation_line(L: Lang, f: dict[str, Any], c: dict[str, Any]) -> str:
    if len(c["homes"]) > 1:
        home = L.t("corps.homes", n=len(c["homes"]), places=w.places(L, c["homes"]))
    elif c["homes"] and c["home_token_timing"] == "setup" and c["available_event"]:
        home = L.t("corps.home_from_start", place=w.place(L, c["homes"][0]))
    elif c["homes"]:
        home = L.t("corps.home", place=w.place(L, c["homes"][0]))
    elif c["home_choice"]:
        where = c["home_choice"]["region"] or w.places(L, c["home_choice"]["hexes"], "or")
        home = L.t("corps.home_choice", where=where)
    else:
        home = L.t("corps.no_home")
    parts = [w.corp_full(c), home]
    if c["available_phase"]:
        parts.insert(1, L.t("corps.available", phase=w.phase(L, f, c["available_phase"])))
    if c["destination"]:
        parts.append(L.t("corps.destination", place=w.place(L, c["destination"])))
    # a corporation formed from others takes over their stations (its formation says how many): no count of its own
    tokens = "" if not c["tokens"] and c["formation"] else L.t("corps.tokens", n=c["tokens"])
    extras = []
    for extra in c["float_tokens"]:
        if extra.get("if_converted"):
            extras.append(L.t("corps.tokens_if_converted", n=extra.get("add", 1)))
        elif extra.get("from_phase"):
            extras.append(L.t("corps.tokens_from_phase", n=extra.get("add", 1), phase=w.phase(L, f, extra["from_phase"])))
    if tokens:
        parts.append(tokens + (" (" + "; ".join(extras) + ")" if extras else ""))
    if c["formation"]:
        parts.append(formation(L, f, c))
    if c["face_value_trades"]:
        parts.append(L.t("corps.face_value"))
    if c["bonds"]:
        b = c["bonds"]
        parts.append(L.t("corps.bonds", n=b.get("count", 0), price=L.money(b.get("price")),
                         interest=L.money(b.get("interest")), deduction=L.money(b.get("end_game_deduction_per_share"))))
    text = L.text(c["text"])
    if text:
        parts.append(text)
    return " — ".join(parts)


def formation(L: Lang, f: dict[str, Any], c: dict[str, Any]) -> str:
    """How a corporation formed from others (a state railway) comes about, from its ``formation`` data."""
    fm = c["formation"]
    if fm.get("formed_from") == "unpaid_loans":
        parts = [L.t("corps.formation.unpaid_loans", n=fm.get("old_shares_per_share", 2)),
                 L.t("corps.formation.price_mean", price=L.money(fm.get("min_price", 0)))]
        if fm.get("token_limit"):
            parts.append(L.t("corps.formation.stations", n=fm["token_limit"]))
        if fm.get("discard_limit") is not None:
            parts.append(L.t("corps.formation.discard", n=fm["discard_limit"]))
        return "; ".join(parts)
    parts = [L.t("corps.formation.head", n=fm.get("old_shares_per_share", 2))]
    if fm.get("min_price"):
        parts.append(L.t("corps.formation.price", price=L.money(fm["min_price"])))
    loans = fm.get("inherited_loans_become")
    if loans:
        parts.append(L.t(f"corps.formation.loans.{loans}", n=fm.get("max_inherited_loans", model_default(M.FormationDef, "max_inherited_loans"))))
    if fm.get("short_shares") == "bonds":
        parts.append(L.t("corps.formation.short_bonds"))
    if fm.get("capital") == "pool_buys_remaining":
        parts.append(L.t("corps.formation.pool_buys"))
    if fm.get("home_token_exchange"):
        parts.append(L.t("corps.formation.tokens", n=fm.get("extra_token_exchanges", 0)))
    if fm.get("first_operation") == "this_round_unless_merged_operated":
        parts.append(L.t("corps.formation.operates"))
    if fm.get("first_tile_lays"):
        parts.append(L.t("corps.formation.first_lays", n=fm["first_tile_lays"]))
    return "; ".join(parts)


def corporations(L: Lang, f: dict[str, Any]) -> list[str]:
    items = [corporation_line(L, f, c) for c in f["corporations"]]
    costs = {c["token_cost"].get("per_hex") for c in f["corporations"] if c["token_cost"].get("method") == "route_distance"}
    if costs:
        items.append(L.t("corps.token_cost_distance", cost=L.join([L.money(x) for x in sorted(x for x in costs if x)], "or")))
    if len(f["corporation_shares"]) > 1:
        for shares, syms in f["corporation_shares"]:
            sizes = sorted(set(shares), reverse=True)   # "2 × 20 % + 6 × 10 %", as a certificate list is printed
            items.append(L.t("corps.certificates", corps=L.join(syms), n=len(shares),
                             shares=" + ".join(f"{L.num(shares.count(s))} × {L.pct(s)}" for s in sizes)))
    for m in f["minors"]:
        parts = [w.corp_full(m)]
        if m["homes"]:
            parts.append(L.t("corps.home", place=w.place(L, m["homes"][0])))
        if m["value"]:
            parts.append(L.t("minors.value", value=L.money(m["value"])))
        if m["merges_into"]:
            parts.append(L.t("minors.merges", corp=m["merges_into"]))
        text = L.text(m["text"])
        if text:
            parts.append(text)
        items.append(L.t("minors.label") + ": " + " — ".join(parts))
    extra = w.title_text(L, f, "corporations")
    if extra:
        items.append(extra)
    return items


def mechanics(L: Lang, f: dict[str, Any]) -> list[str]:
    """What differs from the common 18xx rules, computed, then the title's own words."""
    items = []
    if len(f["tile_lays"]) > 1:
        first_only = all(lay.get("first_operation_only") for lay in f["tile_lays"][1:])
        items.append(ov.tile_lays(L, f) if first_only else L.t("mech.tile_lays", what=ov.tile_lays(L, f)))
    if f["exchanges"]:
        items.append(L.t("mech.exchange"))
    red = f["share_redemption"]
    if "redeem_shares" in f["or_steps"] and red:
        text = L.t("mech.redeem", n=red["max_shares"], first=L.num(red["max_shares_first_or"]))
        if red.get("reissue_price"):
            text += " " + L.t("mech.reissue", price=L.money(red["reissue_price"]))
        items.append(text)
    elif "redeem_shares" in f["or_steps"] or "issue_shares" in f["or_steps"]:
        items.append(L.t("mech.issue_redeem"))
    if f["treasury_shares"].get("max_percent"):
        items.append(L.t("mech.treasury_shares", percent=L.pct(f["treasury_shares"]["max_percent"])))
    for m in f["markers"]:
        parts = [L.t("mech.marker", marker=ov.marker_name(L, m), cost=L.money(m["cost"]))]
        if m.get("count"):
            parts.append(L.t("mech.marker_count", n=m["count"]))
        if m.get("per_corporation"):
            parts.append(L.t("mech.marker_per_corp", n=m["per_corporation"]))
        cwp = m.get("cost_with_private")
        if cwp:
            parts.append(L.t("mech.marker_private", private=w.private_name(f, cwp["private"]), cost=L.money(cwp["cost"])))
        text = L.text(m.get("text"))
        items.append("; ".join(parts) + (". " + text if text else ""))
    for kind, conf in f["by_type"].items():
        who = w.company_kind(L, kind, f)
        if conf.get("dividends"):
            items.append(L.t("mech.type_dividends", who=who, how=L.join([L.t(f"or.dividend.{d}") for d in conf["dividends"]], "or")))
        if conf.get("must_buy_train"):
            items.append(L.t(f"mech.type_must.{conf['must_buy_train']}", who=who))
        if conf.get("sells_trains_to"):
            items.append(L.t("mech.type_sells", who=who, to=L.join([w.company_kind(L, k, f) for k in conf["sells_trains_to"]], "or")))
    if f["minors"]:
        items.append(L.t("mech.minors", n=len(f["minors"])))
    if f["auction"].get("kind") == "starting_package":
        items.append(L.t("mech.starting_package", drop=L.money(f["auction"]["price_drop_when_all_pass"])))
    items += operating_options(L, f)
    if not f["pool_limit"]:
        items.append(L.t("mech.no_pool"))
    for z in f["market"]["zones"]:
        where = (L.t("mech.zone_name", zone=w.colour(L, z["zone"], "f")) if z["zone"]
                 else L.t("mech.cells", prices=L.join([L.money(p) for p in z["prices"]])))
        effects = [L.t(f"market.effect.{e}") if L.has(f"market.effect.{e}") else w.humanize(e) for e in z["effects"]]
        text = L.text(z["text"])
        if effects or text:
            items.append(L.t("mech.zone_line", where=where, what="; ".join(effects + ([text] if text else []))))
    if f["stock_round"]["priority"] == "first_to_pass":
        items.append(L.t("mech.priority_pass"))
    if "half" in f["operating_round"]["dividends"]:
        items.append(L.t("mech.half_dividend"))
    if f["loans"]:
        text = L.t("mech.loans", amount=L.money(f["loans"].get("amount")), interest=L.money(f["loans"].get("interest", 0)))
        if f["loans"].get("end_game_deduction_per_share"):
            text += "; " + L.t("mech.loans_end", amount=L.money(f["loans"]["end_game_deduction_per_share"]))
        if f["loans"].get("face_value_train_trades"):
            text += "; " + L.t("mech.loans_face_value")
        items.append(text)
    for topic in f["texts"]:
        if topic not in PLACED_TOPICS and not topic.startswith(("event_", "flag_", "compare", "type_", "option_")):
            items.append(L.text(f["texts"][topic]))
    for o in f["optional_rules"]:
        own = w.title_text(L, f, f"option_{o['id']}")   # the title's own words for the rule, in the reader's language
        if o["always"]:   # a variant by player count, not a choice
            players = L.join([L.num(n) for n in o["players"]], "or")
            items.append(L.t("mech.player_variant_text", players=players, text=own) if own else
                         L.t("mech.player_variant", name=o["name"], description=o["description"], players=players))
        else:
            items.append(L.t("mech.optional_text", text=own) if own else
                         L.t("mech.optional", name=o["name"], description=o["description"]))
    return items


def emergency(L: Lang, f: dict[str, Any]) -> list[str]:
    o = f["operating_round"]
    eb = o["emergency_buy"]
    parts = [L.t(f"emergency.must.{o['must_buy_train']}")]
    if o["must_buy_train"] != "never":
        if eb.get("issue_shares_first") and "issue_shares" in f["or_steps"]:
            parts.append(L.t("emergency.issue_first"))
        elif eb.get("loans_first") and f["loans"]:
            parts.append(L.t("emergency.loans_first", n=f["loans"].get("max_per_corporation", model_default(M.LoansDef, "max_per_corporation")),
                             amount=L.money(f["loans"].get("amount"))))
        else:
            parts.append(L.t("emergency.president"))
            if not eb.get("president_may_swap", True):    # no sale that would hand a presidency over
                parts.append(L.t("emergency.no_swap"))
        if eb.get("cheapest_depot_train_only"):
            parts.append(L.t("emergency.cheapest"))
        if eb.get("president_sells_shares", True):
            parts.append(L.t("emergency.sell_more" if eb.get("sell_more_than_needed") else "emergency.sell_needed"))
        else:
            parts.append(L.t("emergency.no_sales"))
        other = eb["from_other_corporations"]
        if other == "any_price" and eb.get("loans_first") and f["loans"] and f["loans"].get("face_value_train_trades"):
            other = "treasury_face_value_with_loans"   # it has taken loans by then: at most the printed price
        parts.append(L.t(f"emergency.other_corps.{other}"))
        borrows = eb.get("president_borrows")
        if borrows:
            parts.append(L.t("emergency.borrows", interest=L.money(borrows.get("interest", 0)),
                             percent=L.pct(borrows.get("debt_interest_percent", 0))))
        parts.append(L.t(f"emergency.bankrupt.{f['bankruptcy']['ends_game_after']}" if f["bankruptcy"]["allowed"]
                         else "emergency.no_bankruptcy"))
    for kind, conf in f["by_type"].items():
        if conf.get("owner_pays_shortfall"):
            who = w.company_kind(L, kind, f)
            parts.append(L.t("emergency.owner_pays", who=who))
    extra = w.title_text(L, f, "emergency")
    paragraphs = [" ".join(parts)]
    if extra:
        paragraphs.append(extra)
    return paragraphs


def sections(L: Lang, f: dict[str, Any]) -> list[Section]:
    out: list[Section] = [
        {"id": "capitalization", "title": L.t("sum.capitalization"), "items": capitalization(L, f)},
        {"id": "limits", "title": L.t("sum.limits"), "items": limits(L, f)},
        {"id": "cash", "title": L.t("sum.cash"), "items": cash(L, f), "table": player_table(L, f)},
        {"id": "end", "title": L.t("sum.end"), "items": ov.end_items(L, f)},
        {"id": "phases", "title": L.t("sum.phases"), "items": phase_summary(L, f)},
        {"id": "trains", "title": L.t("sum.trains"), "items": trains(L, f)},
    ]
    if f["privates"]:
        out.append({"id": "privates", "title": L.t("sum.privates"), "items": privates(L, f)})
    out.append({"id": "corporations", "title": L.t("sum.corporations"), "items": corporations(L, f)})
    mech = mechanics(L, f)
    if mech:
        out.append({"id": "mechanics", "title": L.t("sum.mechanics"), "items": mech})
    out.append({"id": "emergency", "title": L.t("sum.emergency"), "paragraphs": emergency(L, f)})
    return out


def operating_options(L: Lang, f: dict[str, Any]) -> list[str]:
    """Operating-round options of the title that the other sections do not say."""
    rules = f["operating_round"]
    items = []
    if rules.get("privates_bought_from") == "president":
        items.append(L.t("mech.privates_from_president"))
    first = rules.get("first_or_private_sales") or {}
    if first.get("price") == "face_value":
        items.append(L.t("mech.first_or_face_value"))
    if first.get("privates"):
        items.append(L.t("mech.first_or_privates", privates=L.join([w.private_name(f, p) for p in first["privates"]])))
    if first.get("one_per_corporation") or first.get("one_per_seller"):
        items.append(L.t("mech.first_or_one_each"))
    if rules.get("unsellable_once_run_before_rusting"):
        items.append(L.t("mech.unsellable_before_rust"))
    assist = rules.get("president_assist")
    if assist:
        items.append(L.t("mech.president_assist", percent=L.pct(assist.get("min_treasury_percent", 0)),
                         fee=L.money(assist.get("fee", 0))))
    return items
