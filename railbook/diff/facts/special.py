"""Special rules: rule hooks and events (with the author's doc comments),
optional rules, and any declarative option this diff has no summary for yet.

The explanations a title writes for its special rules (``texts``) are compared by
topic only (topics that name an event or flag, or compare with another title,
are words, not rules): explaining a topic the other title does not is a difference,
rewording an explanation is not.

The last group keeps the diff honest while the title format grows: an option a
title sets is compared even before anyone teaches this package its meaning.
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet
from railbook.diff.facts.hooks import HookInfo
from railbook.diff.facts.rounds import flatten

# model sections the other fact modules read; anything else is compared here
KNOWN_MODEL = {"title", "trains", "phases", "map", "tiles", "tile_counts", "upgrades", "market", "corporations",
               "minors", "loans", "privates", "hooks"}
KNOWN_TITLE = {"id", "name", "subtitle", "designer", "publisher", "year", "location", "rules_url", "blurb", "texts",
               "currency", "players", "starting_cash", "certificate_limit", "bank", "capitalization",
               "certificate_limit_counts_privates", "holding_limit", "pool_limit", "auction", "stock_round",
               "operating_round", "game_end", "bankruptcy", "optional_rules", "escrow_until_float",
               "full_capitalization_from_phase", "ipo_price", "certificates_at_start", "float_timing"}
# texts topics that are words rather than rules: names of events and flags (used as
# labels), and sentences comparing the title with another (the docs' own)
WORD_TOPICS = ("event_", "flag_", "compare")
KNOWN_MAP = {"layout", "axes", "hexes", "regions"}
KNOWN_MARKET = {"movement", "legend", "grid", "par_cells", "par_prices", "moves"}  # moves follow from the grid


def special(model: dict[str, Any], hooks: HookInfo, out: FactSet) -> None:
    for name, doc in sorted(hooks.hooks.items()):
        out.add("special.hooks.*", doc, name)
    for name, doc in sorted(hooks.events.items()):
        out.add("special.events.*", doc, name)
    for topic, texts in sorted((model["title"].get("texts") or {}).items()):
        if topic.startswith(WORD_TOPICS):
            continue
        out.add("special.texts.*", texts, topic, entity=True)
    for rule in model["title"].get("optional_rules") or []:
        out.entity("special.options.*", (rule["id"],), {
            "changes": rule.get("changes") or None, "players": rule.get("players"),
            "always": rule.get("always") or None,
        })
    for key in sorted(set(model) - KNOWN_MODEL):
        flatten(out, f"special.data.{key}", model[key])
    for section, known in (("title", KNOWN_TITLE), ("map", KNOWN_MAP), ("market", KNOWN_MARKET)):
        data = model.get(section) or {}
        for key in sorted(set(data) - known):
            flatten(out, f"special.data.{section}.{key}", data[key])
