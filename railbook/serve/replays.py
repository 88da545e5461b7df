"""Recorded games to step through: an 18xx.games export or a Rails report, opened at any position.

The game at position K is the game after its first K actions. One game follows the slider: a
later position is reached by playing on from where it stands; an earlier one by playing forward
from whichever is cheaper, a new game or the nearest copy kept on the way (one every
:data:`EVERY` actions, made as the recorded game is first checked), judged by what each took
then. An 18xx.games export can be continued from any position as a new game at the table (the
log up to there, the same JSON shape).
"""

from __future__ import annotations

import bisect
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from railbook.errors import LogError

if TYPE_CHECKING:
    from railbook.engine.game import Game

T = TypeVar("T")

#: a copy of the game is kept every this many actions (a copy costs as much as a few hundred actions)
EVERY = 150

#: the largest recorded game railbook reads here (bytes)
MAX_IMPORT = 32 * 1024 * 1024


@dataclass
class Replay:
    id: str
    name: str
    title: str
    players: list[str]
    actions: list[dict[str, Any]]
    fresh: Callable[[], "Game"]
    data: dict[str, Any] | None = None        # the export (None: a Rails report, which cannot be continued)
    problem: str | None = None                # where the recorded game stops being legal, if it does
    _kept: dict[int, "Game"] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _cursor: "Game | None" = None                 # the game the slider moves
    _cursor_at: int = 0
    #: what things took when the game was checked (seconds): a new game, one action, one copy
    costs: dict[str, float] = field(default_factory=lambda: {"fresh": 0.2, "action": 0.003, "copy": 0.5})

    @property
    def positions(self) -> int:
        return len(self.actions)

    def at(self, position: int, use: Callable[["Game"], T]) -> T:
        """``use`` applied to the game after its first ``position`` actions (clamped to the recorded
        game); the game is the replay's own, so ``use`` may read it but not change it."""
        position = max(0, min(int(position), len(self.actions)))
        with self.lock:
            game = self._move_to(position)
            return use(game)

    def _move_to(self, position: int) -> "Game":
        cost = self.costs
        if self._cursor is None or position < self._cursor_at:
            kept = max((k for k in self._kept if k <= position), default=0)
            anew = cost["fresh"] + position * cost["action"]
            copied = cost["copy"] + (position - kept) * cost["action"] if kept else anew
            if copied < anew:
                self._cursor, self._cursor_at = self._kept[kept].fork(), kept
            else:
                self._cursor, self._cursor_at = self.fresh(), 0
        game = self._cursor
        for k in range(self._cursor_at, position):
            game.process_action(self.as_played(game, self.actions[k]))
            self._cursor_at = k + 1
        return game

    def as_played(self, game: "Game", action: dict[str, Any]) -> dict[str, Any]:
        """An export's action in this project's terms (a report's actions already are)."""
        if self.data is None:
            return action
        from railbook.importers.eighteen_xx import as_played

        return as_played(game, action)

    def continued(self, position: int) -> dict[str, Any]:
        """The export's log up to ``position``, as a game to play on."""
        if self.data is None:
            raise LogError("a Rails report records no routes, so it cannot be continued as a game; "
                           "step through it instead")
        out = {k: v for k, v in self.data.items() if k not in ("actions", "result")}
        out["actions"] = [dict(a) for a in self.actions[:max(0, min(position, len(self.actions)))]]
        return out


def from_export(replay_id: str, name: str, data: dict[str, Any]) -> Replay:
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import new_game

    log = eighteen_xx.from_dict(data, source=name)
    actions = [a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")]
    replay = Replay(replay_id, name, log.title, [str(p.get("name")) for p in data.get("players", [])],
                    actions, lambda: new_game(log), data=data)
    _check(replay)
    return replay


def from_report(replay_id: str, name: str, text: str) -> Replay:
    from railbook.importers import report_replay
    from railbook.importers.rails import from_text

    report = from_text(text, source=name)
    fd, tmp = tempfile.mkstemp(suffix=".report")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        result = report_replay.replay_report_file(tmp)
    finally:
        os.unlink(tmp)
    rules = list(result.optional_rules)
    replay = Replay(replay_id, name, report.title, list(report.players), list(result.actions),
                    lambda: report_replay.new_game(report, rules)[0])
    if result.error is not None:
        replay.problem = f"line {result.error_line} ({result.error_event}): {result.error.message}"
    return replay


def _check(replay: Replay) -> None:
    """Play the whole game once: where an action is refused, the replay ends before it, saying why.
    On the way copies are kept, and what a new game, an action and a copy take is measured."""
    began = time.perf_counter()
    game = replay.fresh()
    replay.costs["fresh"] = time.perf_counter() - began
    began, copying = time.perf_counter(), 0.0
    for k, action in enumerate(replay.actions):
        try:
            game.process_action(replay.as_played(game, action))
        except Exception as exc:  # a recorded game railbook cannot follow: it ends here, saying why
            replay.problem = f"action {action.get('id')} ({action.get('type')}): {exc}"
            replay.actions = replay.actions[:k]
            break
        if (k + 1) % EVERY == 0:
            started = time.perf_counter()
            replay._kept[k + 1] = game.fork()
            copying += time.perf_counter() - started
    if replay._kept:
        replay.costs["copy"] = copying / len(replay._kept)
    if replay.actions:
        replay.costs["action"] = (time.perf_counter() - began - copying) / len(replay.actions)
    if replay.problem is None:                  # the game as it ends is where the slider starts
        replay._cursor, replay._cursor_at = game, len(replay.actions)


def load(replay_id: str, name: str, text: str) -> Replay:
    """A recorded game from its text: JSON is an 18xx.games export, anything else a Rails report."""

    if len(text) > MAX_IMPORT:
        raise LogError(f"{name}: larger than {MAX_IMPORT // (1024 * 1024)} MB: railbook does not read it here")
    stripped = text.lstrip()
    if stripped.startswith("{"):
        from railbook.importers.json_input import parse_json

        data = parse_json(text, name)
        if not isinstance(data, dict):
            raise LogError(f"{name}: an 18xx.games export is a JSON object")
        return from_export(replay_id, name, data)
    return from_report(replay_id, name, text)
