"""One title in one language as a document tree: headings, items and pictures.

The tree is what both the HTML and the Markdown templates render, so the two
formats always carry the same sections and the same figures.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import (
    compare,
    example_text,
    overview,
    summary,
    svg_map,
    svg_market,
    svg_phases,
    svg_trains,
)
from railbook.docs import facts as facts_mod
from railbook.docs.examples import Played
from railbook.docs.i18n import Lang

Baseline = tuple[Any, ...]  # the baseline title's (model, facts, hooks)


def header(L: Lang, f: dict[str, Any]) -> dict[str, Any]:
    meta = f["meta"]
    pl = f["players"]
    players = (L.t("header.players_range", low=L.num(pl["min"]), high=L.num(pl["max"])) if pl["min"] != pl["max"]
               else L.t("header.players_one", n=pl["min"]))
    links = []
    if meta.get("rules_url"):
        links.append({"label": L.t("header.rules"), "url": meta["rules_url"]})
    return {"name": meta.get("name") or f["id"], "subtitle": meta.get("subtitle") or "",
            "designer": L.t("header.designer", designer=meta["designer"]) if meta.get("designer") else "",
            "publisher": meta.get("publisher") or "", "year": str(meta["year"]) if meta.get("year") else "",
            "players": players, "blurb": L.text(f["blurb"]), "links": links}


def build(model: dict[str, Any], hooks: Any, lang: str, base: Baseline | None = None,
          examples: list[Played] | None = None) -> dict[str, Any]:
    """Everything one page shows, with every string already in ``lang``; ``examples`` are the
    title's worked examples, played (``examples.play_all``)."""
    f = facts_mod.compute(model, hooks)
    L = Lang(lang, f["currency"])
    doc: dict[str, Any] = {"lang": lang, "id": f["id"], "header": header(L, f)}
    doc["how"] = overview.how_it_works(L, f)
    doc["elements"] = overview.elements(L, f)
    doc["money"] = overview.money_flows(L, f)
    doc["phases"] = overview.phases(L, f)
    doc["phase_notes"] = overview.phase_notes(L, f)
    doc["phase_table"] = overview.phase_table(L, f)
    doc["examples"] = [example_text.block(L, f, p) for p in examples or []]
    doc["summary"] = summary.sections(L, f)
    doc["comparison"] = compare.comparison(L, f, model, base, hooks)
    for b in doc["how"] + doc["elements"] + doc["summary"]:
        for key, empty in (("repeat", False), ("badge", ""), ("steps", []), ("after", []), ("items", []),
                           ("paragraphs", []), ("table", None)):
            b.setdefault(key, empty)
    name = doc["header"]["name"]
    doc["figures"] = {
        "map": svg_map.render(model, L.t("fig.map", title=name), L),
        "market": svg_market.render(model, L, L.t("fig.market", title=name)),
        "trains": svg_trains.render(f, L, L.t("fig.trains", title=name)),
        "phases": svg_phases.render(f, L, L.t("fig.phases", title=name)),
    }
    import re as _re
    size = _re.search(r'width="([\d.]+)" height="([\d.]+)"', doc["figures"]["map"])
    # the map prints on a page of its own, turned to landscape when it is wider than tall
    doc["map_orientation"] = "landscape" if size and float(size.group(1)) > float(size.group(2)) else "portrait"
    doc["labels"] = {k: L.t(f"label.{k}", title=name) for k in (
        "contents", "how", "elements", "money", "phases", "summary", "map", "market", "trains", "phase_chart",
        "repeat", "from", "to", "what", "languages", "all_titles", "generated", "missing", "example", "pdf", "zoom")}
    toc = [{"id": k, "label": doc["labels"][k]} for k in ("how", "elements", "money", "phases")]
    toc += [{"id": e["id"], "label": e["title"]} for e in doc["examples"]]
    toc += [{"id": k, "label": doc["labels"][k]} for k in ("map", "market", "summary")]
    doc["toc"] = toc
    doc["summary_title"] = L.t("sum.title", title=name)
    doc["missing"] = sorted(L.missing)
    doc["borrowed"] = L.t("label.borrowed", n=len(L.borrowed)) if L.borrowed else ""
    doc["facts"] = f
    return doc
