"""Phases: which tiles may be laid, the train limit, how many operating rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railbook.engine.entities.train import Train
    from railbook.engine.game import Game


class Phase:
    def __init__(self, phases: list[dict[str, Any]], game: "Game"):
        self.phases = phases
        self.game = game
        self.index = 0
        self.setup_phase(initial=True)

    @property
    def current(self) -> dict[str, Any]:
        return self.phases[self.index]

    @property
    def name(self) -> str:
        return self.current["name"]

    @property
    def operating_rounds(self) -> int:
        return self.current["operating_rounds"]

    @property
    def tiles(self) -> list[str]:
        return self.current["tiles"]

    @property
    def status(self) -> list[str]:
        return self.current["flags"]

    def train_limit(self, entity: Any) -> int:
        limit = self.current["train_limit"]
        if isinstance(limit, dict):
            return limit.get(entity.type, 0)
        return limit

    def next_on(self) -> list[str]:
        if self.index + 1 < len(self.phases):
            return self.phases[self.index + 1]["on"]
        return []

    def previous(self) -> list[dict[str, Any]]:
        return self.phases[: self.index]

    def future(self) -> list[dict[str, Any]]:
        return self.phases[self.index + 1:]

    def available(self, phase_name: str | None) -> bool:
        if not phase_name:
            return False
        idx = next((i for i, p in enumerate(self.phases) if p["name"] == phase_name), None)
        return idx is not None and idx <= self.index

    def buying_train(self, entity: Any, train: "Train", source: Any) -> None:
        while train.id in self.next_on() or train.sym in self.next_on():
            self.next()
        self.game.rust_trains(train, entity)
        self.game.depot.depot_trains(clear=True)
        for event in train.events:
            self.game.fire_event(event)
        train.events = []

    def setup_phase(self, initial: bool = False) -> None:
        self.game.log(f"-- Phase {self.name} (Operating Rounds: {self.operating_rounds} | "
                      f"Train Limit: {self.current['train_limit']} | Available Tiles: "
                      f"{', '.join(c.capitalize() for c in self.tiles)}) --")
        self.game.trigger_phase_abilities(self.name)
        if not initial:
            for event in self.current.get("events", []):
                self.game.fire_event(event)

    def next(self) -> None:
        self.index += 1
        self.setup_phase()
