"""The stable keys a diff can report: how each pattern's values are written,
and which patterns are details (per hex, per tile, per company) rather than the
summary a reader compares titles by.

A pattern not listed here still diffs correctly; it is shown with a value
format guessed from its value and a label made from its name, and the
catalogue test points it out so someone can name it in every language.
"""

from __future__ import annotations

import fnmatch
from typing import Any

# pattern -> value format (see values.py)
FORMATS: dict[str, str] = {
    "players.count": "range",
    "players.starting_cash": "money_by_players",
    "bank.size": "money",
    "bank.pool_limit": "percent",
    "capitalization.kind": "enum",
    "capitalization.overrides": "names",
    "capitalization.float_percent": "percents",
    "capitalization.ipo_price": "enum@ipo_price",
    "limits.certificate_limit": "int_by_players",
    "limits.certificate_limit_counts_privates": "bool",
    "limits.holding_limit": "percent",
    "limits.holding_limit_overrides": "percent_by_name",
    "market.movement": "enum",
    "market.shape": "market_shape",
    "market.price_range": "money_range",
    "market.par_prices": "moneys",
    "market.reserved_par_prices": "prices_by_name",
    "market.zones.*": "entity",
    "market.zones.*.effects": "enums",
    "market.zones.*.cells": "int",
    "market.cell_effects.*": "int",
    "market.sale_price_drop": "enum",
    "market.sold_out_rise": "bool",
    "auction.kind": "enum",
    "auction.min_increment": "money",
    "auction.bids_in_multiples": "bool",
    "auction.price_drop_when_all_pass": "money",
    "auction.draft.order": "enum",
    "auction.draft.offer_extra": "int",
    "auction.draft.last_card_price_drop": "money",
    "rounds.operating_round.steps.*": "bool",
    "rounds.operating_round.step_order": "enums",
    "rounds.operating_round.track_actions": "int",
    "rounds.operating_round.tile_lays": "tile_lays",
    "rounds.operating_round.dividends": "enums",
    "rounds.operating_rounds": "ints",
    "rounds.operating_round.share_redemption.reissue_price": "money",
    "rounds.operating_round.trade_ins_per_turn": "count",
    "rounds.operating_round.split_city_tokens": "enum",
    "rounds.operating_round.pays_corporation_for": "enums",
    "rounds.operating_round.dividend_jump_percents": "percents",
    "rounds.operating_round.min_tile_cost": "money",
    "rounds.operating_round.first_operating_order": "enum",
    "rounds.operating_round.issue_redeem.issue_price": "enum",
    "rounds.operating_round.issue_redeem.redeem_price": "enum",
    "rounds.operating_round.markers.*": "entity",
    "rounds.operating_round.markers.*.cost": "money",
    "rounds.operating_round.by_type.*.dividends": "enums",
    "rounds.operating_round.by_type.*.sells_trains_to": "enums",
    "auction.floor_percent": "percent",
    "auction.next_priority": "enum",
    "auction.minor_min_treasury": "money",
    "rounds.stock_round.privates_between_players.phases": "names",
    "trains.roster": "names",
    "trains.*": "entity",
    "trains.*.distance": "distance",
    "trains.*.price": "money",
    "trains.*.count": "count",
    "trains.*.rusts_on": "name",
    "trains.*.obsolete_on": "name",
    "trains.*.available_from_phase": "name",
    "trains.*.trade_in": "money_by_name",
    "trains.*.multiplier": "int",
    "trains.*.requires_token": "bool",
    "trains.*.variants": "mapping",
    "phases.count": "int",
    "phases.train_limits": "limits",
    "phases.tile_colours": "colour_from_phase",
    "phases.flags.*": "names",
    "phases.events.*": "triggers",
    "phases.*": "entity",
    "phases.*.on": "names",
    "phases.*.tiles": "enums",
    "phases.*.train_limit": "limit",
    "phases.*.operating_rounds": "int",
    "phases.*.flags": "enums",
    "phases.*.events": "names",
    "privates.count": "int",
    "privates.value_range": "money_range",
    "privates.revenue_range": "money_range",
    "privates.ability_types": "ability_types",
    "privates.kinds": "count_by_enum",
    "privates.*": "entity",
    "privates.*.value": "money",
    "privates.*.revenue": "money",
    "privates.*.min_price": "money",
    "privates.*.price": "money",
    "privates.*.max_price": "money",
    "privates.*.min_players": "int",
    "privates.*.kind": "enum",
    "privates.*.abilities": "abilities",
    "corporations.count": "int",
    "corporations.types": "count_by_enum",
    "corporations.share_structures": "names",
    "corporations.token_counts": "ints",
    "corporations.token_prices": "moneys",
    "corporations.homes": "count_by_enum",
    "corporations.home_choice": "names",
    "corporations.late": "availability_by_name",
    "corporations.conversions": "names",
    "corporations.minors": "int",
    "corporations.minor_merges": "names_from",
    "corporations.loans": "mapping",
    "corporations.features.*": "names",
    "corporations.*": "entity",
    "corporations.*.home": "names",
    "corporations.*.home_city": "auto",
    "corporations.*.home_choice": "mapping",
    "corporations.*.tokens": "moneys",
    "corporations.*.float_percent": "percent",
    "corporations.*.shares": "name",
    "corporations.*.type": "enum",
    "corporations.*.capitalization": "enum",
    "corporations.*.holding_limit": "percent",
    "corporations.*.available": "availability",
    "corporations.*.region": "name",
    "corporations.*.converts_to": "mapping",
    "corporations.minor.*": "entity",
    "corporations.minor.*.home": "names",
    "corporations.minor.*.home_city": "auto",
    "corporations.minor.*.tokens": "moneys",
    "corporations.minor.*.value": "money",
    "corporations.minor.*.merges_into": "name",
    "corporations.minor.*.type": "enum",
    "map.layout": "enum",
    "map.hexes": "int",
    "map.size": "map_size",
    "map.cities": "int",
    "map.towns": "int",
    "map.offboards": "int",
    "map.offboard_revenue": "money_range_by_colour",
    "map.regions": "count_by_name",
    "map.terrain": "terrain",
    "map.borders": "count_by_enum@border",
    "map.hex.*": "entity",
    "map.hex.*.color": "enum",
    "map.hex.*.stops": "stops",
    "map.hex.*.paths": "names",
    "map.hex.*.label": "name",
    "map.hex.*.terrain": "mapping",
    "map.hex.*.borders": "mapping",
    "map.hex.*.rotation": "int",
    "map.hex.*.stubs": "ints",
    "map.hex.*.future_label": "mapping",
    "map.hex.*.hidden": "bool",
    "map.hex.*.printed_tile": "name",
    "tiles.kinds": "int",
    "tiles.by_colour": "count_by_enum",
    "tiles.count.*": "count",
    "tiles.upgrades.*": "names",
    "tiles.city_splits": "names_to",
    "game_end.triggers.*": "game_end",
    "special.hooks.*": "doc",
    "special.events.*": "doc",
    "special.texts.*": "texts",
    "special.options.*": "entity",
    "special.options.*.changes": "changes",
    "special.options.*.players": "ints",
    "special.options.*.always": "bool",
}

# details: shown in full with --all; summaries are always shown
DETAIL_PATTERNS: tuple[str, ...] = (
    "map.hex.*", "tiles.count.*", "tiles.upgrades.*", "phases.*", "privates.*", "corporations.*",
    "corporations.minor.*", "rounds.operating_round.step_order", "rounds.operating_round.tile_lays", "market.zones.*.cells",
)
def is_detail(pattern: str) -> bool:
    """Per-thing facts are details; everything a reader compares titles by is a summary.

    Patterns are compared literally: ``phases.*`` covers ``phases.*.tiles`` but
    not the summary ``phases.count``.
    """
    return any(pattern == d or pattern.startswith(d + ".") for d in DETAIL_PATTERNS)


def value_format(pattern: str, value: Any) -> str:
    """The format a pattern's values are written in; guessed from the value if unlisted."""
    fmt = FORMATS.get(pattern)
    if fmt:
        return fmt
    for known, f in FORMATS.items():
        if "*" in known and fnmatch.fnmatchcase(pattern, known) and known.count(".") == pattern.count("."):
            return f
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "enum"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "enums"
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return "ints"
    return "auto"
