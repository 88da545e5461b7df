"""One game of a study, played to one result row: a pure function of its task.

The row holds the task (so it names its own game), the title's source hash (rows
made from other title data are not mixed in), the figures :class:`GameStats` kept,
how the game ended, and the game log itself as compact JSON — ``railbook replay
RESULTS --row N`` replays it to its scores. Nothing in a row depends on the machine,
the backend, the worker or the time it ran.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

from railbook.simulate.stats import GameStats
from railbook.simulate.study import GameTask


def run_task(task: GameTask) -> dict[str, Any]:
    from railbook.bots.selfplay import play
    from railbook.engine.title import Title
    from railbook.paths import listed_title_folders, use_title_folders

    if task.title_folders and not listed_title_folders():
        use_title_folders(task.title_folders)   # a fresh worker: the folders the study's command listed
    title = Title.load(task.title, task.options, task.data_changes())
    stats = GameStats()
    error = None
    try:
        result = play(task.title, task.players, task.seed, list(task.bots), max_actions=task.max_actions,
                      optional_rules=task.options, changes=task.data_changes(), observers=[stats])
    except Exception as exc:   # a fault of railbook's: the study keeps the row, and says what and where
        error = f"{type(exc).__name__}: {exc} ({_where(exc)})"
        result = None
    row: dict[str, Any] = {
        "title": task.title, "players": task.players, "bots": list(task.bots), "seed": task.seed,
        "options": list(task.options), "changes": list(task.changes), "max_actions": task.max_actions,
        "title_hash": title.module.SOURCE_HASH,
    }
    if result is None:
        row.update({"finished": False, "end_reason": None, "error": error, "refused": 0, "log": ""})
        return row
    row.update(stats.figures)
    row.update({
        "finished": result.finished, "end_reason": result.end_reason, "error": result.error,
        "refused": len(result.refused),
        "log": json.dumps(result.log, separators=(",", ":"), ensure_ascii=False),
    })
    return row


def _where(exc: BaseException) -> str:
    """Where in railbook an exception was raised, as ``engine/steps/track.py:193`` (the same on
    every machine)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/railbook/" in f.filename.replace("\\", "/")]
    if not frames:
        return "outside railbook"
    last = frames[-1]
    return f"{last.filename.replace(chr(92), '/').rsplit('/railbook/', 1)[1]}:{last.lineno}"
