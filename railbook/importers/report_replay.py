"""Replaying Rails game reports: build the game, convert and apply the events,
compare every cash checkpoint and the final ranking.

A report carries no routes, only revenue amounts: the game is created trusting
stated revenue (``Game(..., trust_stated_revenue=True)``), and the result says
how many revenues were taken on trust. Every other action is checked by the
engine as usual; a report that breaks a rule stops with the report line, the
rule and the engine's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railbook.engine.game import Game
from railbook.engine.rules.game_end import result_players
from railbook.engine.title import Title
from railbook.errors import EngineError, GameError
from railbook.importers import rails
from railbook.importers.rails_actions import Checkpoint, ReportDriver
from railbook.importers.rails_events import HANDLERS


@dataclass
class ReportReplayResult:
    """What replaying a Rails report gave: the game, the actions it converted into, the checkpoints and
    the first error."""

    report: rails.RailsReport
    game: Game | None
    optional_rules: list[str] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: GameError | None = None
    error_line: int | None = None
    error_event: str = ""

    @property
    def first_mismatch(self) -> Checkpoint | None:
        return next((c for c in self.checkpoints if not c.ok), None)

    @property
    def trusted_revenues(self) -> int:
        return sum(1 for a in self.actions if a.get("type") == "run_routes" and "stated_revenue" in a)

    @property
    def scores(self) -> dict[str, int]:
        if self.game is None:
            return {}
        return {p.name: v for p, v in result_players(self.game)}

    @property
    def ranking_matches(self) -> bool | None:
        if not self.report.ranking or self.game is None or self.error is not None or not self.game.finished:
            return None
        return self.report.result == self.scores

    @property
    def exact(self) -> bool:
        return (self.error is None and self.first_mismatch is None and bool(self.checkpoints)
                and self.ranking_matches is True)


def recorded_defaults(title: Title, program: str, players: int) -> list[str]:
    """The title's optional rules the recording program plays by default (``recorded_defaults``)."""
    out = []
    for rule in title.rules.optional_rules:
        if program not in rule.recorded_defaults:
            continue
        if rule.players and players not in rule.players:
            continue
        out.append(rule.id)
    return out


def new_game(report: rails.RailsReport, optional_rules: list[str] | None = None) -> tuple[Game, list[str]]:
    base = Title.load(report.title)
    rules = optional_rules if optional_rules is not None else recorded_defaults(base, rails_program(), len(report.players))
    title = Title.load(report.title, rules)
    players = [(name, name) for name in report.players]
    try:
        game = Game(title, players, seed=0, game_id=Path(report.source).stem or 0, trust_stated_revenue=True,
                    allow_corrections=True)
    except GameError:
        raise
    except Exception as exc:  # an engine gap must read as an error, not a traceback
        raise EngineError(f"cannot set up {report.title}: {type(exc).__name__}: {exc}") from exc
    return game, list(rules)


def rails_program() -> str:
    from railbook.importers.rails_actions import IMPORTER

    return IMPORTER


def replay_report(report: rails.RailsReport, optional_rules: list[str] | None = None) -> ReportReplayResult:
    game, rules = new_game(report, optional_rules)
    result = ReportReplayResult(report=report, game=game, optional_rules=rules)
    driver = ReportDriver(game, report, HANDLERS)
    try:
        driver.run()
    except GameError as exc:
        result.error = exc
    except Exception as exc:  # an engine gap: report it like a broken rule, with the line
        result.error = EngineError(f"engine error: {type(exc).__name__}: {exc}")
    if result.error is not None and driver.event is not None:
        result.error_line = driver.event.line
        result.error_event = str(driver.event)
    result.actions = driver.state.actions
    result.checkpoints = driver.state.checkpoints
    result.notes = driver.state.notes
    return result


def replay_report_file(path: str | Path, optional_rules: list[str] | None = None) -> ReportReplayResult:
    return replay_report(rails.load(path), optional_rules)
