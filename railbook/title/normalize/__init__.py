"""Normalize a schema-checked title into the document the compiler builds the typed model from,
checking what a schema cannot: references resolve, homes are cities, upgrades are consistent,
hexes fit the layout, market moves stay in the grid.

The result is plain data (dicts, lists, numbers, strings) in a fixed order, so compiling the
same sources always gives the same bytes; docs and diffs read it as it is.
"""

from __future__ import annotations

from typing import Any

from railbook.title.loader import TitleSource
from railbook.title.normalize.board import normalize_extra_upgrades, normalize_map, normalize_tiles
from railbook.title.normalize.checker import Checker
from railbook.title.normalize.companies import (
    normalize_corporations,
    normalize_privates,
)
from railbook.title.normalize.market import normalize_market
from railbook.title.normalize.rules import (
    check_operating_refs,
    check_title_refs,
    normalize_title,
)
from railbook.title.normalize.trains import normalize_trains

#: events the engine fires itself; any other a train or phase fires needs a hook
BUILTIN_EVENTS = ("close_privates", "close_minors")

__all__ = ["BUILTIN_EVENTS", "Checker", "build_model"]


def build_model(src: TitleSource) -> dict[str, Any]:
    """Normalize and check; problems go to ``src.problems``."""
    chk = Checker(src.problems, src.docs)
    title = src.data("title.yaml")
    trains_doc = src.data("trains.yaml")
    privates_doc = src.data("privates.yaml")
    corps_doc = src.data("corporations.yaml")
    market_doc = src.data("market.yaml")
    map_doc = src.data("map.yaml")
    tiles_doc = src.data("tiles.yaml")
    common = (src.common_tiles.data if src.common_tiles and src.common_tiles.data else {}) or {}

    model: dict[str, Any] = {}
    model["title"] = normalize_title(title, chk)
    model["trains"], model["phases"] = normalize_trains(trains_doc, chk)
    model["map"] = normalize_map(map_doc, common, chk)
    model["tiles"], model["tile_counts"], model["upgrades"] = normalize_tiles(tiles_doc, common, model["map"], chk)
    extra = normalize_extra_upgrades(tiles_doc, model["tile_counts"], chk)
    if extra:
        model["extra_upgrades"] = extra
    model["market"] = normalize_market(market_doc, chk)
    model["corporations"], model["minors"], model["loans"] = normalize_corporations(corps_doc, model, chk)
    model["privates"] = normalize_privates(privates_doc, model, chk)
    check_title_refs(model, chk)
    check_operating_refs(model, chk)
    return model
