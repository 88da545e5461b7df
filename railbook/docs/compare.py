"""The comparison with the baseline title (which one is configuration, not code).

When the rule-diff engine (``railbook.diff``) is present, its numbered prose
points are used. Until then — or if it fails on a title — a structured
comparison of the two titles' facts is written here: one numbered point per
rule family that differs, each stating both titles' figures.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from railbook.docs import words as w
from railbook.docs.i18n import Lang

Point = dict[str, str]


# one diff per pair of loaded titles, shared by the five languages of a site build
_DIFFS: dict[tuple[int, int], tuple[Any, Any, Any]] = {}


def _diff_engine() -> tuple[Callable[..., Any], Callable[..., list[str]]] | None:
    try:
        from railbook.diff import diff_titles
        from railbook.diff.prose import prose_points
    except ImportError:
        return None
    return diff_titles, prose_points


def engine_points(L: Lang, base_model: dict[str, Any], model: dict[str, Any], base_hooks: Any = None,
                  hooks: Any = None) -> list[Point] | None:
    """Points from the diff engine, or None when it is absent or cannot compare these titles."""
    engine = _diff_engine()
    if engine is None:
        return None
    diff_titles, prose_points = engine
    try:
        key = (id(base_model), id(model))
        if key not in _DIFFS:
            # the models are kept with their diff, so their ids cannot be reused while cached
            _DIFFS[key] = (base_model, model, diff_titles(base_model, model, hooks_a=base_hooks, hooks_b=hooks))
        points = prose_points(_DIFFS[key][2], L.code)
    except Exception:  # the engine is another package's work in progress: fall back, don't fail the site
        return None
    out = []
    for p in points:
        head, _, rest = str(p).strip().partition("\n")
        head = re.sub(r"^\s*\d+[.)]\s*", "", head)  # the template numbers the points itself
        out.append({"title": head.strip(), "text": rest.strip()} if rest else {"title": "", "text": head.strip()})
    return out


def _players(L: Lang, f: dict[str, Any]) -> str:
    return L.t("cmp.players_range", low=L.num(f["players"]["min"]), high=L.num(f["players"]["max"]))


def _bank(L: Lang, f: dict[str, Any]) -> str:
    return L.t("bank.unlimited") if f["bank"]["unlimited"] else L.t("bank.cash", cash=L.money(f["bank"]["cash"]))


def _floats(L: Lang, f: dict[str, Any]) -> str:
    return L.join([L.pct(p) for p, _ in f["float_percents"]], "or")


def _zone_effects(f: dict[str, Any]) -> list[str]:
    return sorted({e for z in f["market"]["zones"] for e in z["effects"]})


def structured_points(L: Lang, base: dict[str, Any], f: dict[str, Any], BL: Lang) -> list[Point]:
    """One point per rule family where the two titles differ, with both sides' figures."""
    a, b = base["meta"]["name"], f["meta"]["name"]
    pts: list[Point] = []

    def point(key: str, **kw: Any) -> None:
        pts.append({"title": L.t(f"cmp.{key}.title"), "text": L.t(f"cmp.{key}.text", base=a, title=b, **kw)})

    point("setting", base_players=_players(L, base), players=_players(L, f),
          base_place=L.place(base["meta"].get("location")) or a, place=L.place(f["meta"].get("location")) or b,
          base_bank=_bank(BL, base), bank=_bank(L, f))
    if base["capitalizations"] != f["capitalizations"] or _floats(L, base) != _floats(L, f):
        point("float", base_float=_floats(L, base), float=_floats(L, f),
              base_cap=L.join([L.t(f"cmp.cap.{c}") for c in base["capitalizations"]]),
              cap=L.join([L.t(f"cmp.cap.{c}") for c in f["capitalizations"]]))
    if [s for s, _ in base["corporation_shares"]] != [s for s, _ in f["corporation_shares"]]:
        def shares(x: dict[str, Any]) -> str:
            return L.join([L.t("cmp.shares_group", corps=L.join(syms), n=len(s), shares=" + ".join(L.pct(v) for v in s))
                           for s, syms in x["corporation_shares"]], "and")
        point("shares", base_shares=shares(base), shares=shares(f))
    if (base["holding_limit"], base["pool_limit"]) != (f["holding_limit"], f["pool_limit"]):
        point("limits", base_holding=L.pct(base["holding_limit"]), holding=L.pct(f["holding_limit"]),
              base_pool=L.pct(base["pool_limit"]), pool=L.pct(f["pool_limit"]))
    if (base["auction"].get("kind"), len(base["privates"])) != (f["auction"].get("kind"), len(f["privates"])):
        point("privates", base_n=L.num(len(base["privates"])), n=L.num(len(f["privates"])),
              base_auction=L.t(f"cmp.auction.{base['auction'].get('kind', 'none')}"),
              auction=L.t(f"cmp.auction.{f['auction'].get('kind', 'none')}"))
    late = [c["sym"] for c in f["corporations"] if c["available_event"]]
    choice = [c["sym"] for c in f["corporations"] if c["home_choice"]]
    if (len(base["corporations"]), len(base["minors"])) != (len(f["corporations"]), len(f["minors"])) or late or choice:
        extra = []
        if late:
            extra.append(L.t("cmp.corps.late", corps=L.join(late)))
        if choice:
            extra.append(L.t("cmp.corps.choice", corps=L.join(choice)))
        if f["minors"]:
            extra.append(L.t("cmp.corps.minors", n=len(f["minors"])))
        point("corps", base_n=L.num(len(base["corporations"])), n=L.num(len(f["corporations"])),
              extra=" ".join(extra))
    if _zone_effects(base) != _zone_effects(f):
        def zones(x: dict[str, Any]) -> str:
            return L.join([L.t("cmp.zone", zone=w.colour(L, z["zone"], "f"),
                                effects=L.join([L.t(f"cmp.effect.{e}") if L.has(f"cmp.effect.{e}") else w.humanize(e)
                                               for e in z["effects"]]))
                           for z in x["market"]["zones"] if z["effects"] and z["zone"]], "and") or L.t("cmp.none")
        point("market", base_zones=zones(base), zones=zones(f))
    steps_new = [s for s in f["or_steps"] if s not in base["or_steps"]]
    if steps_new:
        point("steps", steps=L.join([L.t(f"cmp.step.{s}") for s in steps_new]))
    if base["exchanges"] != f["exchanges"] or len(base["trains"]) != len(f["trains"]):
        def ex(x: dict[str, Any]) -> str:
            pairs = [L.t("trains.exchange_pair", old=e["from"], new=e["to"], cost=L.money(e["cost"]) if x is f
                         else BL.money(e["cost"])) for e in x["exchanges"]]
            return L.join(pairs) or L.t("cmp.none")
        point("trains", base_n=L.num(len(base["trains"])), n=L.num(len(f["trains"])),
              base_ex=ex(base), ex=ex(f))
    if len(base["tile_lays"]) != len(f["tile_lays"]):
        point("track", base_n=L.num(len(base["tile_lays"])), n=L.num(len(f["tile_lays"])))
    bt = [g["trigger"] for g in base["game_end"]]
    ft = [g["trigger"] for g in f["game_end"]]
    if sorted(bt) != sorted(ft):
        def ends(x: dict[str, Any], lang: Lang) -> str:
            return L.join([L.t(f"end.trigger.{g['trigger']}", price=lang.money(g.get("price")),
                               phase=w.phase(L, x, g["phase"]) if g.get("phase") else "",
                               train=w.train(L, g["train"]) if g.get("train") else "")
                           for g in x["game_end"]], "or")
        point("end", base_end=ends(base, BL), end=ends(f, L))
    if len(base["phases"]) != len(f["phases"]):
        point("phases", base_n=L.num(len(base["phases"])), n=L.num(len(f["phases"])))
    for topic, texts in f["texts"].items():
        if topic.startswith("compare"):
            pts.append({"title": "", "text": L.text(texts)})
    return pts


def comparison(L: Lang, f: dict[str, Any], model: dict[str, Any], base: tuple[Any, ...] | None,
               hooks: Any = None) -> dict[str, Any] | None:
    """The comparison section, or None when there is no baseline (or this is the baseline).

    ``base`` is the baseline's (model, facts, hooks).
    """
    if base is None:
        return None
    base_model, base_facts, base_hooks = (tuple(base) + (None,))[:3]
    if base_facts["id"] == f["id"]:
        return None
    BL = Lang(L.code, base_facts["currency"], L.missing)
    points = engine_points(L, base_model, model, base_hooks, hooks)
    source = "engine"
    if points is None:
        points = structured_points(L, base_facts, f, BL)
        source = "structured"
    return {"title": L.t("sum.compare", base=base_facts["meta"]["name"]), "points": points, "source": source,
            "base": base_facts["meta"]["name"]}
