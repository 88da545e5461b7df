"""Kinds of value the title model shares: per-language texts and the rules' small vocabularies."""

from __future__ import annotations

from typing import Literal, Mapping

#: per-language texts: language code -> text
Texts = Mapping[str, str]

Timing = Literal["immediately", "end_of_round", "end_of_or", "end_of_or_set", "one_more_or_set"]
Trigger = Literal["bankruptcy", "bank_broken", "stock_market", "final_train", "final_phase", "all_closed", "operating_rounds"]
PriorityOrder = Literal["after_last_to_act", "first_to_pass", "most_cash", "least_cash",
                        "most_cash_then_least_private_value"]
MustBuyTrain = Literal["when_route_exists", "when_route_and_affordable", "always", "never"]
