"""Checking the legal-action lists against recorded games: every recorded move must be listed
at its point, and (for tests) every listed action must be accepted.

A recorded game is replayed action by action; before each move (what a player does: chat,
programmed actions and ending the game by agreement are not moves) the game lists its entity's
legal actions and the recorded action must match one of them. Moves a program made for a
player (a log's ``auto_actions``) are checked one by one, each at its own point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from railbook.engine import actions as A
from railbook.engine.game import Game
from railbook.engine.legal import ANY, LegalAction, is_move
from railbook.errors import EngineError, GameError
from railbook.importers.eighteen_xx import GameLog
from railbook.importers.rails import RailsReport
from railbook.importers.replay import new_game
from railbook.importers.report_replay import new_game as new_report_game
from railbook.importers.report_replay import replay_report


@dataclass
class Unlisted:
    """A recorded move the legal list did not have."""

    action_id: int
    action: dict[str, Any]
    listed: list[LegalAction]


@dataclass
class LegalityResult:
    log: GameLog | None = None   # the log checked (None: a list of actions, e.g. converted from a Rails report)
    moves: int = 0              # recorded moves checked
    listed: int = 0             # of which the legal list had
    open: int = 0               # of which only an open entry (the step does not list details yet)
    open_kinds: dict[str, int] = field(default_factory=dict)
    not_moves: int = 0          # chat, programs, agreements
    unlisted: list[Unlisted] = field(default_factory=list)
    error: GameError | None = None
    error_action: dict[str, Any] | None = None
    game: Game | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.unlisted


#: which recorded moves to check (the others are applied unchecked and not counted)
Selection = Callable[[Game, dict[str, Any]], bool]


def _check(game: Game, d: dict[str, Any], result: LegalityResult, which: Selection | None = None) -> None:
    kind = str(d.get("type"))
    if not is_move(kind):
        result.not_moves += 1
        return
    if which is not None and not which(game, d):
        return
    result.moves += 1
    found = game.find_legal(d)
    if found is None:
        entity = A.resolve_entity(game, d)
        result.unlisted.append(Unlisted(int(d.get("id") or 0), d, game.legal_actions(entity)))
        return
    result.listed += 1
    if ANY in found.open:
        result.open += 1
        result.open_kinds[kind] = result.open_kinds.get(kind, 0) + 1


def check_log(log: GameLog, until: int | None = None, stop_at_first: bool = False,
              progress: Callable[[int, int], None] | None = None, which: Selection | None = None) -> LegalityResult:
    """Replay the log and check every recorded move (or those ``which`` selects) against the legal
    list at its point."""
    live = [a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")]
    result = check_actions(new_game(log), live, until, stop_at_first, progress, which)
    result.log = log
    return result


def check_actions(game: Game, actions: list[dict[str, Any]], until: int | None = None, stop_at_first: bool = False,
                  progress: Callable[[int, int], None] | None = None, which: Selection | None = None) -> LegalityResult:
    """Apply the actions to the game in order and check each move against the legal list at its point
    (the actions of a recorded game, or those a Rails report was converted into)."""
    result = LegalityResult(game=game)
    for n, d in enumerate(actions, 1):
        if until is not None and int(d.get("id") or 0) >= until:
            break
        try:
            _check(game, d, result, which)
            subs = list(d.get("auto_actions") or [])
            parent = A.from_dict(game, {k: v for k, v in d.items() if k != "auto_actions"})
            game.history.append(d)
            game.process_single_action(parent)
            for sub in subs:
                _check(game, sub, result, which)
                game.process_single_action(A.from_dict(game, sub))
            game.actions_processed += 1
        except GameError as exc:
            result.error, result.error_action = exc, d
            break
        except Exception as exc:  # an engine gap reads as an error, with the action
            result.error, result.error_action = EngineError(f"{type(exc).__name__}: {exc}"), d
            break
        if stop_at_first and result.unlisted:
            break
        if progress is not None:
            progress(n, len(actions))
    return result


def check_report(report: RailsReport, until: int | None = None, stop_at_first: bool = False,
                 which: Selection | None = None, progress: Callable[[int, int], None] | None = None) -> LegalityResult:
    """Convert a Rails report into actions (replaying it), then check those actions on a fresh game."""
    replayed = replay_report(report)
    game, _ = new_report_game(report, replayed.optional_rules)
    result = check_actions(game, replayed.actions, until, stop_at_first, progress, which)
    if result.error is None and replayed.error is not None:
        result.error = replayed.error
    return result
