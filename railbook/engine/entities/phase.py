"""Phases: which tiles may be laid, the train limit, how many operating rounds.

The phase is a position in the title's list of phases; what happens when the
game enters one (its events, the abilities that change with it) is the rules'
affair (:mod:`railbook.engine.rules.phases`).
"""

from __future__ import annotations

from typing import Any


class Phase:
    def __init__(self, phases: list[dict[str, Any]]):
        self.phases = phases
        self.index = 0

    @property
    def current(self) -> dict[str, Any]:
        return self.phases[self.index]

    @property
    def name(self) -> str:
        return str(self.current["name"])

    @property
    def operating_rounds(self) -> int:
        return int(self.current["operating_rounds"])

    @property
    def tiles(self) -> list[str]:
        return list(self.current["tiles"])

    @property
    def status(self) -> list[str]:
        return list(self.current["flags"])

    def train_limit(self, entity: Any) -> int:
        limit = self.current["train_limit"]
        if isinstance(limit, dict):
            return int(limit.get(entity.type, 0))
        return int(limit)

    def next_on(self) -> list[str]:
        """The trains whose purchase starts the next phase."""
        if self.index + 1 < len(self.phases):
            return list(self.phases[self.index + 1]["on"])
        return []

    def previous(self) -> list[dict[str, Any]]:
        return self.phases[: self.index]

    def future(self) -> list[dict[str, Any]]:
        return self.phases[self.index + 1:]

    def available(self, phase_name: str | None) -> bool:
        """Whether the game has reached the named phase."""
        if not phase_name:
            return False
        idx = next((i for i, p in enumerate(self.phases) if p["name"] == phase_name), None)
        return idx is not None and idx <= self.index

    def is_last(self) -> bool:
        return self.index == len(self.phases) - 1

    def advance(self) -> None:
        self.index += 1
