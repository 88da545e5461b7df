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


def start_timed_phases(game: "GameState") -> None:
    """A new operating round begins: the next phase starts if it begins with this one (``starts_at_or``)."""
    while not game.phase.is_last():
        due = game.phase.future()[0].starts_at_or
        if due is None or game.operating_rounds_played < due:
            return
        advance_phase(game)
