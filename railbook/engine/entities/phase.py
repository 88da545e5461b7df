"""Phases: which tiles may be laid, the train limit, how many operating rounds.

The phase is a position in the title's list of phases; what happens when the
game enters one (its events, the abilities that change with it) is the rules'
affair (:mod:`railbook.engine.rules.phases`).
"""

from __future__ import annotations

from typing import Any

from railbook.title.model import PhaseDef


#: the value columns a stop may print, in order (schema/trains.schema.json: revenue_column)
REVENUE_COLUMNS = ("yellow", "green", "brown", "gray", "diesel")


class Phase:
    def __init__(self, phases: tuple[PhaseDef, ...]):
        self.phases = phases
        self.index = 0
        self._index_of = {p.name: i for i, p in enumerate(phases)}

    @property
    def current(self) -> PhaseDef:
        return self.phases[self.index]

    @property
    def name(self) -> str:
        return self.current.name

    @property
    def operating_rounds(self) -> int:
        return self.current.operating_rounds

    @property
    def tiles(self) -> tuple[str, ...]:
        return self.current.tiles

    @property
    def revenue_colors(self) -> tuple[str, ...]:
        """The colours whose values stops pay in now (a stop pays its value of the latest it has):
        the phase's tile colours, or every column up to the phase's ``revenue_column``."""
        column = self.current.revenue_column
        if column is None:
            return self.current.tiles
        return REVENUE_COLUMNS[: REVENUE_COLUMNS.index(column) + 1]

    @property
    def status(self) -> tuple[str, ...]:
        return self.current.flags

    def train_limit(self, entity: Any) -> int:
        limit = self.current.train_limit
        if isinstance(limit, int):   # one limit, else one per corporation type
            return limit
        return int(limit.get(entity.type, 0))

    def next_on(self) -> tuple[str, ...]:
        """The trains whose purchase starts the next phase."""
        if self.index + 1 < len(self.phases):
            return self.phases[self.index + 1].on
        return ()

    def previous(self) -> tuple[PhaseDef, ...]:
        return self.phases[: self.index]

    def future(self) -> tuple[PhaseDef, ...]:
        return self.phases[self.index + 1:]

    def available(self, phase_name: str | None) -> bool:
        """Whether the game has reached the named phase."""
        if not phase_name:
            return False
        idx = self._index_of.get(phase_name)
        return idx is not None and idx <= self.index

    def is_last(self) -> bool:
        return self.index == len(self.phases) - 1

    def advance(self) -> None:
        self.index += 1
