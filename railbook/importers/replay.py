"""Replaying recorded games: import, apply every surviving action, trace, score."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable

from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import EngineError, GameError
from railbook.importers import eighteen_xx


@dataclass
class ReplayResult:
    """What replaying a log gave: the game, how many actions it took, and the first that broke a rule."""

    game: Game | None
    log: eighteen_xx.GameLog
    processed: int = 0
    error: GameError | None = None
    error_action: dict[str, Any] | None = None
    trace: list[dict[str, Any]] = field(default_factory=list)

    @property
    def scores(self) -> dict[str, int]:
        return self.game.result() if self.game is not None else {}

    @property
    def matches_result(self) -> bool | None:
        if self.log.result is None or self.game is None or self.error is not None:
            return None
        return {str(k): v for k, v in self.log.result.items()} == self.scores


def new_game(log: eighteen_xx.GameLog) -> Game:
    """The game a log records, set up (its title, optional rules, data changes and players); an error
    names the log."""
    try:
        title = Title.load(log.title, log.optional_rules, log.changes)
        return Game(title, log.players, seed=log.seed, game_id=log.game_id)
    except GameError as exc:
        if not log.source:
            raise
        raise type(exc)(f"{log.source}: {exc.message}", exc.rule) from None
    except Exception as exc:  # an engine gap must read as an error, not a traceback
        raise EngineError(f"cannot set up {log.title}: {type(exc).__name__}: {exc}") from exc


def replay(log: eighteen_xx.GameLog, until: int | None = None, want_trace: bool = False,
           trace_sink: IO[str] | None = None, progress: Callable[[int, int], None] | None = None) -> ReplayResult:
    """Apply the log's surviving actions in order; stop at the first that breaks a rule."""
    game = new_game(log)
    result = ReplayResult(game=game, log=log)
    live = [(a, keep) for a, keep in zip(log.actions, log.live)]
    total = sum(1 for _, keep in live if keep)
    for action, keep in live:
        if not keep or action.get("type") in ("undo", "redo"):
            continue
        if until is not None and int(action.get("id", 0)) > until:
            break
        try:
            game.process_action(eighteen_xx.as_played(game, action))
        except GameError as exc:
            result.error = exc
            result.error_action = action
            break
        except Exception as exc:  # an engine gap: report it like a broken rule, with the action
            result.error = EngineError(f"engine error: {type(exc).__name__}: {exc}")
            result.error_action = action
            break
        result.processed += 1
        if want_trace or trace_sink is not None:
            d = digest(game, int(action.get("id", 0)))
            if want_trace:
                result.trace.append(d)
            if trace_sink is not None:
                trace_sink.write(json.dumps(d, separators=(",", ":"), ensure_ascii=False) + "\n")
        if progress is not None:
            progress(result.processed, total)
    return result


def replay_file(path: str | Path, **kw: Any) -> ReplayResult:
    return replay(eighteen_xx.load(path), **kw)
