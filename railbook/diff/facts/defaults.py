"""What the engine does when a title leaves an option out, for options the
model states only where a title sets them.

Without these a title that sets ``president_sells_shares: false`` would look
the same as one that says nothing (and so sells shares). Each value is the one
the option's description in ``schema/title.schema.json`` gives; options not
listed here are off when left out, which is what the schema's descriptions say
of the rest ("absent: none", "Default: none").
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet

OPTION_DEFAULTS: dict[str, Any] = {
    # "its par price (default), or the corporation's current market price"
    "capitalization.ipo_price": "par",
    # "false: a president who cannot pay the rest is bankrupt at once"
    "rounds.operating_round.emergency_buy.president_sells_shares": True,
    # "false: the president adds cash only for a train from the depot"
    "rounds.operating_round.emergency_buy.president_pays_for_corporation_trains": True,
    # "Default [1]: any payout moves one space"
    "rounds.operating_round.dividend_jump_percents": [1],
    # "absent: no limit"
    "rounds.operating_round.trade_ins_per_turn": "unlimited",
    # "tokens move to the first new city (move_to_first, the default)"
    "rounds.operating_round.split_city_tokens": "move_to_first",
    # "Certificates not listed earn nothing. Default: none."
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
