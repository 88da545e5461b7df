"""The first half of a summary: how the game works, its elements, where the money
flows and what each phase changes — each item a sentence built from facts.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import words as w
from railbook.docs.facts import private_groups
from railbook.docs.i18n import Lang

Block = dict[str, Any]


def _cash_pairs(L: Lang, f: dict[str, Any]) -> str:
    return L.join([L.t("setup.cash_pair", players=L.num(n), cash=L.money(c)) for n, c in f["starting_cash"]], "or")


def bank_phrase(L: Lang, f: dict[str, Any]) -> str:
    return L.t("bank.unlimited") if f["bank"]["unlimited"] else L.t("bank.cash", cash=L.money(f["bank"]["cash"]))


def president_privates(f: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Privates that carry a certificate, with it: [(private, certificate)]."""
    out = []
    for p in f["privates"]:
        for a in p["abilities"]:
            for cert in a.get("certificates", []):
                out.append((p, cert))
    return out


def certificate_privates(L: Lang, f: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Privates carrying a certificate, those of one kind merged: [(names, corporations, certificate)]."""
    by_sym = {p["sym"]: cert for p, cert in president_privates(f)}
    out = []
    for group in private_groups(f["privates"]):
        members = [p for p in group if p["sym"] in by_sym]
        if not members:
            continue
        names = L.join([p["name"] for p in members], "or")
        corps = L.join([by_sym[p["sym"]]["corporation"] for p in members], "or")
        out.append((names, corps, by_sym[members[0]["sym"]]))
    return out


def setup(L: Lang, f: dict[str, Any]) -> Block:
    items = [L.t("setup.cash", pairs=_cash_pairs(L, f), bank=bank_phrase(L, f))]
    kind = f["auction"].get("kind", "none")
    if f["privates"] and kind != "none":
        items.append(L.t(f"setup.auction.{kind}", n=len([p for p in f["privates"] if not p["stock_round_trade"]]),
                         drop=L.money(f["auction"]["price_drop_when_all_pass"]),
                         increment=L.money(f["auction"]["min_increment"]),
                         order=L.t(f"setup.draft_order.{f['auction']['draft_order']}")))
    for names, corps, cert in certificate_privates(L, f):
        key = "setup.private_president" if cert["president"] else "setup.private_share"
        items.append(L.t(key, private=names, corp=corps, percent=L.pct(cert["percent"] or 0)))
    if f["minors"]:
        items.append(L.t("setup.minors", n=len(f["minors"])))
    extra = w.title_text(L, f, "setup")
    if extra:
        items.append(extra)
    return {"id": "setup", "title": L.t("how.setup"), "items": items}


def float_phrase(L: Lang, f: dict[str, Any]) -> list[str]:
    groups = f["float_percents"]
    if len(groups) == 1:
        return [L.t("float.all", percent=L.pct(groups[0][0]))]
    return [L.t("float.some", percent=L.pct(pct), corps=L.join(syms)) for pct, syms in groups]


def par_phrase(L: Lang, f: dict[str, Any]) -> str:
    """The par prices a president may choose, and those reserved for some corporations."""
    m = f["market"]
    key = "sr.par" if "full" in f["capitalizations"] else \
        "sr.par_market" if f["ipo_price"] == "market" else "sr.par_incremental"
    prices = L.join([L.num(p) for p in m["par_prices"]], "or")
    if m.get("par_private_only"):   # a par only a private carrying a president's certificate may set
        prices += " " + L.t("sr.par_private", prices=L.join([L.num(p) for p in m["par_private_only"]], "or"))
    text = L.t(key, prices=prices, multiple=L.num(f["float_multiple"]))
    if m["par_reserved"]:
        text += " " + L.t("sr.par_reserved", list=L.join([f"{corp} {L.join([L.money(p) for p in prices], 'or')}"
                                                         for corp, prices in m["par_reserved"].items()]))
    return text


def stock_round(L: Lang, f: dict[str, Any]) -> Block:
    sr = f["stock_round"]
    items = [L.t(f"sr.order.{sr['sell_buy_order']}")]
    if sr["first_sales_after"] != "any_time":
        items.append(L.t(f"sr.first_sales.{sr['first_sales_after']}"))
    items += float_phrase(L, f)
    items.append(par_phrase(L, f))
    if sr["sale_price_drop"] != "none":
        items.append(L.t(f"sr.drop.{sr['sale_price_drop']}"))
    if sr["sold_out_rise"]:
        items.append(L.t("sr.sold_out_rise" if f["pool_limit"] and not f["no_open_market"] else "sr.sold_out_rise_no_pool"))
    if sr.get("pool_shares_drop", "none") != "none":
        items.append(L.t("sr.pool_shares_drop"))
    items.append(L.t(f"sr.priority.{sr['priority']}"))
    if sr.get("home_track_on_float"):
        items.append(L.t("sr.home_track"))
    extra = w.title_text(L, f, "stock_round")
    if extra:
        items.append(extra)
    return {"id": "stock", "title": L.t("how.stock_round"), "badge": "×" + L.num(1), "items": items}


def merger_round(L: Lang, f: dict[str, Any]) -> Block | None:
    """Merger rounds, where corporations with a ``merger`` section form from minors and privates."""
    merging = [c for c in f["corporations"] if c["merger"]]
    if not merging:
        return None
    items = [L.t("mr.when", corps=L.join([c["sym"] for c in merging]), n=len(merging))]
    for c in merging:
        forced = c["merger"].get("forced_on")
        forced_phase = next((p["name"] for p in f["phases"] if forced and forced in p["events"]), None)
        if c["available_phase"] and forced_phase:
            items.append(L.t("mr.corp", corp=c["sym"], open=w.phase(L, f, c["available_phase"]),
                             forced=w.phase(L, f, forced_phase)))
    items.append(L.t("mr.vote", percent=L.pct(merging[0]["merger"].get("vote_percent", 50))))
    cash = {c["merger"].get("cash", 0) for c in merging}
    items.append(L.t("mr.exchange", cash=L.join([L.money(x) for x in sorted(cash)], "or")))
    return {"id": "merger", "title": L.t("how.merger_round"), "badge": "×" + f"{L.num(0)}–{L.num(1)}", "items": items}


def tile_lays(L: Lang, f: dict[str, Any]) -> str:
    lays = f["tile_lays"]
    if len(lays) == 1:
        lay = lays[0]
        text = L.t("track.one") if lay.get("upgrade", True) else L.t("track.one_lay_only")
        if lay.get("cost"):
            text += " " + L.t("track.cost", cost=L.money(lay["cost"]))
        return text
    if all(l.get("first_operation_only") for l in lays[1:]):
        return L.t("track.first_two", n=len(lays))
    second_upgrades = all(l.get("upgrade") is True for l in lays[1:])
    key = "track.many_any" if second_upgrades else "track.many_one_upgrade"
    text = L.t(key, n=len(lays))
    costs = [l.get("cost", 0) for l in lays[1:] if l.get("cost")]
    if costs:
        text += " " + L.t("track.extra_cost", cost=L.join([L.money(c) for c in costs], "or"))
    if any(l.get("lay") == "not_if_upgraded_or_city" for l in lays[1:]):
        text += " " + L.t("track.no_city_second")
    return text


def token_phrase(L: Lang, f: dict[str, Any]) -> str:
    prices = f["token_prices"]
    if not prices:
        return L.t("or.token_free")
    return L.t("or.token", prices=L.join([L.money(p) for p in prices], "or"))


def or_steps(L: Lang, f: dict[str, Any]) -> list[str]:
    steps = f["or_steps"]
    out: list[str] = []
    has_minors = bool(f["minors"])
    for s in steps:
        if s == "home_token":
            continue
        if s == "redeem_shares":
            out.append(L.t("or.redeem_issue" if "issue_shares" in steps else "or.redeem"))
        elif s == "issue_shares":
            if "redeem_shares" not in steps:
                out.append(L.t("or.issue"))
        elif s == "loans":
            out.append(L.t("or.loans"))
        elif s == "track":
            out.append(tile_lays(L, f))
        elif s == "token":
            t = token_phrase(L, f)
            out.append(L.t("or.token_corporations_only", what=t) if has_minors and all(m["tokens"] <= 1 for m in f["minors"]) else t)
        elif s == "route":
            out.append(L.t("or.route"))
        elif s == "dividend":
            opts = f["operating_round"]["dividends"]
            text = L.join([L.t(f"or.dividend.{d}") for d in opts], "or")
            kinds = [L.t("mech.type_dividends", who=w.company_kind(L, kind, f),
                         how=L.join([L.t(f"or.dividend.{d}") for d in conf["dividends"]], "or"))
                     for kind, conf in f["by_type"].items() if conf.get("dividends")]
            out.append(text + (" (" + "; ".join(kinds) + ")" if kinds else ""))
        elif s == "buy_train":
            out.append(L.t("or.buy_train_trade" if f["exchanges"] else "or.buy_train"))
        elif s == "buy_private":
            phases = f["flag_phases"].get("privates_buyable_by_corporations")
            if phases and f["privates"]:
                out.append(L.t("or.buy_private", phases=w.phase_list(L, f, phases)))
    return out


def operating_round(L: Lang, f: dict[str, Any]) -> Block:
    lo, hi = f["or_range"]
    items: list[str] = []
    if any(p["revenue"] for p in f["privates"]):
        items.append(L.t("or.private_income"))
    items.append(L.t("or.order_minors" if f["minors"] else "or.order"))
    steps = or_steps(L, f)
    extra = w.title_text(L, f, "operating_round")
    badge = "×" + (L.num(lo) if lo == hi else f"{L.num(lo)}–{L.num(hi)}")
    return {"id": "operating", "title": L.t("how.operating_round"), "badge": badge, "items": items,
            "steps": steps, "after": [extra] if extra else []}


def end_items(L: Lang, f: dict[str, Any], short: bool = False) -> list[str]:
    items = []
    for g in f["game_end"]:
        name = g["trigger"]
        if name == "bankruptcy" and f["bankruptcy"].get("ends_game_after") == "all_but_one":
            name = "bankruptcy_all"   # bankrupt players leave; the game ends with the last but one
        trigger = L.t(f"end.trigger.{name}", price=L.money(g.get("price")), number=L.num(g.get("count") or 0),
                      phase=w.phase(L, f, g["phase"]) if g.get("phase") else "",
                      train=w.train(L, g["train"]) if g.get("train") else "")
        item = L.t("end.item", trigger=trigger, timing=L.t(f"end.timing.{g['timing']}"))
        if g.get("skips"):
            item += L.t("end.skips", steps=L.join([L.t(f"cmp.step.{s}") if L.has(f"cmp.step.{s}") else w.humanize(s)
                                                   for s in g["skips"]], "or"))
        items.append(item)
    if f["bankruptcy"]["allowed"] and not any(g["trigger"] == "bankruptcy" for g in f["game_end"]):
        items.append(L.t(f"end.bankruptcy.{f['bankruptcy']['ends_game_after']}"))
    extra = w.title_text(L, f, "game_end")
    if extra:
        items.append(extra)
    items.append(L.t("end.scoring_privates" if f["privates"] else "end.scoring"))
    return items


def how_it_works(L: Lang, f: dict[str, Any]) -> list[Block]:
    merger = merger_round(L, f)
    return [setup(L, f), stock_round(L, f)] + ([merger] if merger else []) + [operating_round(L, f),
            {"id": "repeat", "title": L.t("how.repeat"), "items": [], "repeat": True},
            {"id": "end", "title": L.t("how.game_end"), "items": end_items(L, f)}]


# ------------------------------------------------------------------ elements


def elements(L: Lang, f: dict[str, Any]) -> list[Block]:
    blocks = []
    limits = L.join([L.num(v) for _, v in f["certificate_limit"]], "or")
    zones_free = [z["zone"] for z in f["market"]["zones"] if "no_holding_limit" in z["effects"] and z["zone"]]
    players = [L.t("el.players.money"),
               L.t("el.players.shares_except" if zones_free else "el.players.shares",
                   percent=L.pct(f["holding_limit"]), zones=w.colours(L, zones_free, "or", "loc"))]
    if f["privates"]:
        players.append(L.t("el.players.privates_count" if f["cert_limit_counts_privates"] else "el.players.privates",
                           limits=limits))
    else:
        players.append(L.t("el.players.limit", limits=limits))
    blocks.append({"id": "players", "title": L.t("el.players.title"), "items": players})
    proper = [p for p in f["privates"] if not p["stock_round_trade"] and p["kind"] not in ("minor", "blank")]
    if proper:
        revs = [p["revenue"] for p in proper]
        # privates of one kind (alternatives of which one is drawn) are one private to a reader
        items = [L.t("el.privates.count", n=len(private_groups(proper)), low=L.money(min(revs)), high=L.money(max(revs)))]
        for names, corps, cert in certificate_privates(L, f):
            key = "el.privates.president" if cert["president"] else "el.privates.share"
            items.append(L.t(key, private=names, corp=corps, percent=L.pct(cert["percent"] or 0)))
        for group in private_groups([p for p in f["privates"] if p["stock_round_trade"]]):
            items.append(L.t("el.privates.traded", n=len(group), name=group[0]["name"],
                             value=L.money(group[0]["value"]), revenue=L.money(group[0]["revenue"])))
        blocks.append({"id": "privates", "title": L.t("el.privates.title"), "items": items})
    corps = f["corporations"]
    items = [L.t(f"el.corps.count.{f['capitalization']}", n=len([c for c in corps if not c["available_event"]]))]
    multi = [c["sym"] for c in corps if len(c["homes"]) > 1]
    if multi:
        items.append(L.t("el.corps.two_homes", corps=L.join(multi)))
    late = [c for c in corps if c["available_event"]]
    if late:
        phases = sorted({c["available_phase"] for c in late if c["available_phase"]})
        items.append(L.t("el.corps.late", corps=L.join([c["sym"] for c in late]), n=len(late),
                         phase=w.phase_list(L, f, phases) if phases else "?"))
    choice = [c["sym"] for c in corps if c["home_choice"]]
    if choice:
        items.append(L.t("el.corps.home_choice", corps=L.join(choice)))
    destinations = [c for c in corps if c["destination"]]
    if destinations:
        items.append(L.t("el.corps.destinations", n=len(destinations)))
    formed = [c["sym"] for c in corps if c["formation"]]
    if formed:
        items.append(L.t("el.corps.formed", corps=L.join(formed)))
    blocks.append({"id": "corporations", "title": L.t("el.corps.title"), "items": items})
    if f["minors"]:
        items = [L.t("el.minors.count", n=len(f["minors"]))]
        targets: dict[str, list[str]] = {}
        for m in f["minors"]:
            if m["merges_into"]:
                targets.setdefault(m["merges_into"], []).append(m["sym"])
        for corp, syms in targets.items():
            items.append(L.t("el.minors.merge", minors=L.join(syms), corp=corp))
        blocks.append({"id": "minors", "title": L.t("el.minors.title"), "items": items})
    bank = [bank_phrase(L, f)]
    if f["no_open_market"]:
        bank.append(L.t("el.bank.offer", percent=L.pct(f["pool_limit"])))
    elif f["pool_limit"]:
        bank.append(L.t("el.bank.pool", percent=L.pct(f["pool_limit"])))
    else:
        bank.append(L.t("el.bank.no_pool"))
    bank.append(L.t("el.bank.trains", trains=L.join([t["name"] for t in f["trains"]])))
    blocks.append({"id": "bank", "title": L.t("el.bank.title"), "items": bank})
    m = f["map"]
    items = []
    if f["meta"].get("location"):
        place = L.place(f["meta"]["location"])
        items.append(place[:1].upper() + place[1:])
    items.append(L.t("el.map.size", hexes=L.num(m["hexes"]), cities=L.num(m["cities"]), towns=L.num(m["towns"]),
                     offboards=L.num(len(m["offboards"]))))
    if m["terrain_costs"]:
        items.append(L.t("el.map.terrain", costs=L.join([L.money(c) for c in m["terrain_costs"]], "or")))
    for mk in f["markers"]:
        if mk.get("opens"):
            items.append(L.t("el.map.marker", places=w.places(L, [facts_place(f, h) for h in mk["opens"]]),
                             marker=marker_name(L, mk), cost=L.money(mk["cost"]),
                             n=mk.get("count", 0)))
    extra = w.title_text(L, f, "map")
    if extra:
        items.append(extra)
    blocks.append({"id": "map", "title": L.t("el.map.title"), "items": items})
    return blocks


# ------------------------------------------------------------------ money


def money_flows(L: Lang, f: dict[str, Any]) -> list[dict[str, str]]:
    P, B, C, M = (L.t(f"role.{r}") for r in ("players", "bank", "corporations", "minors"))
    flows = []
    # a full capitalization's IPO pays the bank; an incremental or escrow one pays the corporation
    what = [L.t("money.ipo_full")] if f["capitalization"] == "full" else []
    if f["no_open_market"]:
        what = [L.t("money.offer")]
    elif f["pool_limit"]:
        what.append(L.t("money.pool"))
    if f["privates"]:
        what.append(L.t("money.package" if f["auction"].get("kind") == "starting_package" else "money.privates"))
    flows.append({"from": P, "to": B, "what": L.join(what)})
    if f["capitalization"] == "escrow":
        flows.append({"from": P, "to": C, "what": L.t("money.ipo_escrow")})
    elif f["capitalization"] == "incremental" or "incremental" in f["capitalizations"]:
        flows.append({"from": P, "to": C, "what": L.t("money.ipo_market_to_corp" if f["ipo_price"] == "market"
                                                      else "money.ipo_to_corp")})
    if any(m["value"] for m in f["minors"]):
        flows.append({"from": P, "to": M, "what": L.t("money.buy_minor")})
    bank_corp = []
    if "full" in f["capitalizations"]:
        bank_corp.append(L.t("money.float", multiple=L.num(f["float_multiple"])))
    if f["pays_corporation_for"]:
        bank_corp.append(L.t("money.own_dividends", which=L.join([L.t(f"money.held.{x}") for x in f["pays_corporation_for"]])))
    if "issue_shares" in f["or_steps"]:
        bank_corp.append(L.t("money.issue"))
    if f["share_redemption"].get("reissue_price"):
        bank_corp.append(L.t("money.reissue", price=L.money(f["share_redemption"]["reissue_price"])))
    if f["loans"]:
        bank_corp.append(L.t("money.loans", amount=L.money(f["loans"].get("amount"))))
    if bank_corp:
        flows.append({"from": B, "to": C, "what": L.join(bank_corp)})
    to_players = [L.t("money.dividends")]
    if any(p["revenue"] for p in f["privates"]):
        to_players.append(L.t("money.private_income"))
    to_players.append(L.t("money.sales"))
    flows.append({"from": B, "to": P, "what": L.join(to_players)})
    if f["minors"]:
        flows.append({"from": M, "to": P, "what": L.t("money.minor_dividends")})
    corp_bank = [L.t("money.trains")]
    if f["map"]["terrain_costs"]:
        corp_bank.append(L.t("money.terrain"))
    if f["token_prices"]:
        corp_bank.append(L.t("money.tokens"))
    if any(l.get("cost") for l in f["tile_lays"]):
        corp_bank.append(L.t("money.tile_costs"))
    if f["loans"] and f["loans"].get("interest"):
        corp_bank.append(L.t("money.interest"))
    if "redeem_shares" in f["or_steps"]:
        corp_bank.append(L.t("money.redeem"))
    for m in f["markers"]:
        if not m.get("of_private"):   # a private's markers pay the corporation owning it
            corp_bank.append(L.t("money.marker", marker=marker_name(L, m)))
    flows.append({"from": C, "to": B, "what": L.join(corp_bank)})
    private_markers = [L.t("money.marker_to_corp", marker=marker_name(L, m)) for m in f["markers"] if m.get("of_private")]
    phases = f["flag_phases"].get("privates_buyable_by_corporations")
    if phases and f["privates"]:
        flows.append({"from": C, "to": P, "what": L.t("money.buy_private", phases=w.phase_list(L, f, phases),
                                                         range=private_price_range(L, f))})
    if f["operating_round"].get("must_buy_train") != "never":
        flows.append({"from": P, "to": C, "what": L.t("money.forced_train")})
    between = ([L.t("money.corp_trains")] if f["operating_round"].get("train_buys_between_corporations") else []) \
        + private_markers
    if between:
        flows.append({"from": C, "to": C, "what": L.join(between)})
    return flows


def facts_place(f: dict[str, Any], coord: str) -> dict[str, Any]:
    return {"hex": coord, "name": f["map"]["names"].get(coord)}


def marker_name(L: Lang, m: dict[str, Any]) -> str:
    """A marker by its data name (its own text explains it where the title has one)."""
    return L.t(f"marker.{m['name']}") if L.has(f"marker.{m['name']}") else w.humanize(m["name"])


def private_price_range(L: Lang, f: dict[str, Any]) -> str:
    """'half to double face value' when every private follows that rule, else the prices."""
    ps = [p for p in f["privates"] if p.get("kind") != "blank"]   # a draft's blank cards are never sold
    half = all(p["min_price"] == (p["value"] + 1) // 2 for p in ps)
    double = all(p["max_price"] == p["value"] * 2 for p in ps)
    if half and double:
        return L.t("money.range_half_double")
    return L.join([L.t("money.range_one", private=p["name"], low=L.money(p["min_price"]), high=L.money(p["max_price"]))
                   for p in ps])


# ------------------------------------------------------------------ phases


def flag_words(L: Lang, f: dict[str, Any], flag: str, ended: bool = False) -> str:
    key = f"flag.{'end.' if ended else ''}{flag}"
    if L.has(key):
        return L.t(key)
    own_end = w.title_text(L, f, f"flag_end_{flag}") if ended else ""
    if own_end:   # the title's own words for what the end of the flag means
        return own_end
    topic = w.title_text(L, f, f"flag_{flag}")
    if topic:
        return topic if not ended else L.t("flag.ended", what=topic)
    return w.humanize(flag) if not ended else L.t("flag.ended", what=w.humanize(flag))


def event_words(L: Lang, f: dict[str, Any], event: str) -> str:
    topic = w.title_text(L, f, f"event_{event}")
    if topic:
        return topic
    return L.t(f"event.{event}") if L.has(f"event.{event}") else L.t("event.hook", name=event)


def phase_effects(L: Lang, f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    out = []
    if p["new_tiles"]:
        out.append(L.t("phase.tiles", colours=w.colours(L, p["new_tiles"], form="pl")))
        values = [c for c in p["new_tiles"] if c in f["map"]["offboard_colours"]]
        if values and p["index"] > 0:
            out.append(L.t("phase.offboard_values", colours=w.colours(L, values, form="pl"),
                           nouns=w.colours(L, values, form="noun")))
    if p["ors_changed"]:
        out.append(L.t("phase.ors", n=p["operating_rounds"]))
    if p["limit_changed"]:
        out.append(L.t("phase.limit", limit=w.limit(L, p["train_limit"], f)))
    if p["rusts"]:
        out.append(L.t("phase.rusts", trains=w.trains(L, p["rusts"], plural=True), n=len(p["rusts"])))
    if p["obsolete"]:
        out.append(L.t("phase.obsolete", trains=w.trains(L, p["obsolete"], plural=True)))
    if p["closes_privates"]:
        later = later_closing_privates(f, p)
        out.append(L.t("phase.close_privates_except", privates=L.join(later)) if later else L.t("phase.close_privates"))
    if p["privates_closing"]:
        out.append(L.t("phase.private_closes", privates=L.join([w.private_name(f, s) for s in p["privates_closing"]])))
    for fl in p["flags_added"]:
        if p["index"] > 0 or fl != "private_sales_between_players":
            out.append(flag_words(L, f, fl))
    for fl in p["flags_removed"]:
        out.append(flag_words(L, f, fl, ended=True))
    if p["trains_available"]:
        out.append(L.t("phase.trains_available", trains=w.trains(L, p["trains_available"])))
    if p["corporations_available"]:
        out.append(L.t("phase.corps_available", corps=L.join(p["corporations_available"]),
                       n=len(p["corporations_available"])))
    for e in p["custom_events"]:
        out.append(event_words(L, f, e))
    if p["last"] and any(g["trigger"] == "final_phase" for g in f["game_end"]):
        out.append(L.t("phase.last_set"))
    return out


def later_closing_privates(f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """Privates that survive a general closing because they close in a later phase."""
    later = {q["name"] for q in f["phases"] if q["index"] > p["index"]}
    out = []
    for pr in f["privates"]:
        if any(a.get("type") == "close" and a.get("on") == "phase" and a.get("phase") in later for a in pr["abilities"]):
            out.append(pr["name"])
    return out


def phases(L: Lang, f: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for p in f["phases"]:
        trigger = w.first_train(L, p["on"][0]) if p["on"] else \
            L.t("phase.starts_at_or", number=L.num(p["starts_at_or"])) if p.get("starts_at_or") else L.t("phase.start")
        train = f"{p['train']['name']} · {L.money(p['train']['price'])}" if p["train"] else ""
        out.append({"name": p["name"], "label": w.phase(L, f, p["name"], detailed=True), "colour": p["colour"],
                    "trigger": trigger, "train": train, "effects": phase_effects(L, f, p)})
    return out


def phase_notes(L: Lang, f: dict[str, Any]) -> list[str]:
    notes = []
    if f["exchanges"]:
        notes.append(L.t("phases.note_exchange"))
    extra = w.title_text(L, f, "phases")
    if extra:
        notes.append(extra)
    return notes


def phase_table(L: Lang, f: dict[str, Any]) -> dict[str, Any]:
    """The phases and their trains at a glance, as a table (the 1-line-per-train digest
    players keep beside the board)."""
    trains = {t["name"]: t for t in f["trains"]}
    headers = [L.t(f"table.{k}") for k in ("phase", "train", "count", "price", "ors", "limit", "tiles", "rusts")]
    rows = []
    for p in f["phases"]:
        t = trains.get(p["train"]["name"]) if p["train"] else None
        count = "" if t is None else (L.t("trains.unlimited") if t["count"] is None else L.count(t["count"]))
        rows.append([w.phase_short(L, f, p["name"]), t["name"] if t else "", count,
                     L.money(t["price"]) if t else "", L.num(p["operating_rounds"]), w.limit(L, p["train_limit"], f),
                     ", ".join(w.colour(L, c) for c in p["tiles"]), ", ".join(p["rusts"])])
    return {"headers": headers, "rows": rows}
