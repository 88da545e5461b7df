"""Entering a phase: the log line players read, the abilities that change with it, its events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.rules.abilities import trigger_phase_abilities
from railbook.engine.rules.events import fire_event

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def start_phase(game: "GameState", initial: bool = False) -> None:
    """The game is in a new phase (``initial``: the first, where the game starts; it fires no events)."""
    phase = game.phase
    game.log(f"-- Phase {phase.name} (Operating Rounds: {phase.operating_rounds} | "
             f"Train Limit: {phase.current.train_limit} | Available Tiles: "
             f"{', '.join(c.capitalize() for c in phase.tiles)}) --")
    trigger_phase_abilities(game, phase.name)
    if not initial:
        for event in phase.current.events:
            fire_event(game, event)


def advance_phase(game: "GameState") -> None:
    game.phase.advance()
    start_phase(game)
