"""Everything a title's model states, as facts by stable key, area by area.

``title_facts`` is the one entry point; each area has its own module so a
reader finds "how are trains compared?" in ``trains.py``.
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts import (
    board,
    companies,
    economy,
    market,
    rounds,
    special,
    trains,
)
from railbook.diff.facts.base import Fact, FactSet, canon, key_of
from railbook.diff.facts.hooks import HookInfo, hook_info

# The areas of a diff, in the order a reader meets them in a rules summary.
AREAS: tuple[str, ...] = ("players", "bank", "capitalization", "limits", "market", "auction", "rounds", "trains",
                          "phases", "privates", "corporations", "map", "tiles", "game_end", "special")


def title_facts(model: dict[str, Any], hooks: Any = None) -> FactSet:
    """The facts of one title; ``hooks`` is its hook metadata (see ``hook_info``)."""
    out = FactSet()
    economy.players(model, out)
    economy.bank(model, out)
    economy.capitalization(model, out)
    economy.limits(model, out)
    market.market(model, out)
    rounds.auction(model, out)
    rounds.rounds(model, out)
    trains.trains(model, out)
    trains.phases(model, out)
    companies.privates(model, out)
    companies.corporations(model, out)
    board.map_(model, out)
    board.tiles(model, out)
    rounds.game_end(model, out)
    special.special(model, hook_info(hooks if hooks is not None else model.get("hooks")), out)
    return out


__all__ = ["AREAS", "Fact", "FactSet", "HookInfo", "canon", "hook_info", "key_of", "title_facts"]
