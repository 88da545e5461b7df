"""What the engine does when a title leaves an option out, for options the
normalized document states only where a title sets them.

Without these a title that sets ``president_sells_shares: false`` would look
the same as one that says nothing (and so sells shares). The values are the
typed model's defaults (:mod:`railbook.title.model`, the one place a default is
stated); where the model says "none" with an empty value, the diff says what
that means to a reader. Options not listed here are off when left out.
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet
from railbook.title import model as M

_RULES, _OR = M.TitleRules(id="", name=""), M.OperatingRoundRules()

OPTION_DEFAULTS: dict[str, Any] = {
    "capitalization.ipo_price": _RULES.ipo_price,
    "rounds.operating_round.emergency_buy.president_sells_shares": _OR.emergency_buy.president_sells_shares,
    "rounds.operating_round.emergency_buy.president_pays_for_corporation_trains":
        _OR.emergency_buy.president_pays_for_corporation_trains,
    "rounds.operating_round.split_city_tokens": _OR.split_city_tokens,
    # the model's "none" in words: any payout moves one space; no limit; no certificate earns for it
    "rounds.operating_round.dividend_jump_percents": [1],
    "rounds.operating_round.trade_ins_per_turn": "unlimited",
    "rounds.operating_round.pays_corporation_for": [],
}


def state_defaults(out: FactSet, prefix: str, moot: tuple[str, ...] = ()) -> None:
    """Add the default of every option under ``prefix`` the title left out.

    ``moot`` options have nothing to act on in this title (how the stations of a
    splitting city move, in a title with no splitting city): their default
    would be true but say nothing, so it is not stated.
    """
    for key, value in OPTION_DEFAULTS.items():
        if key.startswith(prefix + ".") and key not in out.facts and key not in moot:
            out.add(key, value)
