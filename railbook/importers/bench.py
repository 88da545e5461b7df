"""Replay timing: how long the engine takes per action on a recorded game.

A log is read and turned into actions once (a Rails report through its importer), replayed
once to warm up (the compiled title loaded, its tables built), then replayed ``runs`` times
on a fresh game each time; the best CPU time of this process is the figure (the machine may
be shared: CPU time is what the replay itself cost, and the best of N is the least disturbed).
The garbage of the run before is collected before each timed run, so that no run pays for another.

``calls=True`` also counts the function calls (Python's and builtins') of one more replay under
:mod:`cProfile`: a figure of the work done that does not move with the machine's load, to compare
two versions of the engine where CPU times on a shared machine are too noisy to.
"""

from __future__ import annotations

import gc
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from railbook.errors import GameError

@dataclass
class BenchRow:
    log: str
    actions: int
    cpu_secs: float
    us_per_action: float
    error: str | None = None
    calls: int | None = None   # function calls of one replay (``calls=True``)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for optional in ("error", "calls"):
            if out[optional] is None:
                del out[optional]
        return out


def chosen_logs(args: list[str], default: Path, titles: Iterable[str]) -> list[Path]:
    """The logs a benchmark's command line names: the public logs (of these titles) of a fidelity
    folder given alone, else the logs given, else the public logs of ``default``."""
    if len(args) == 1 and Path(args[0]).is_dir():
        return public_logs(Path(args[0]), titles)
    return [Path(p) for p in args] or public_logs(default, titles)


def public_logs(base: Path, titles: Iterable[str]) -> list[Path]:
    """The recorded games of these titles under a fidelity folder, title by title: their 18xx.games
    exports (``fixtures/TITLE/*.json``) and their Rails reports (``rails/TITLE/*.report``)."""
    fixtures = base / "fixtures" if (base / "fixtures").is_dir() else base
    out: list[Path] = []
    for title in titles:
        out += sorted((fixtures / title).glob("*.json"))
        out += sorted((fixtures.parent / "rails" / title).glob("*.report"))
    return out


def replayer(path: Path) -> tuple[Callable[[], int], str | None]:
    """A function that replays the log on a fresh game and returns how many actions it took,
    and the error the replay stops at (None: it replays to its end)."""
    from railbook.importers.formats import looks_like_report

    if looks_like_report(path):
        from railbook.importers.report_replay import new_game, replay_report_file

        result = replay_report_file(path)
        actions = result.actions
        report, rules = result.report, result.optional_rules
        error = None if result.error is None else result.error.message

        def replay_report() -> int:
            game, _ = new_game(report, rules)
            n = 0
            for action in actions:
                game.process_action(action)
                n += 1
            return n

        return replay_report, error

    from railbook.importers import eighteen_xx
    from railbook.importers.replay import replay

    log = eighteen_xx.load(path)

    def replay_log() -> int:
        return replay(log).processed

    first = replay(log)
    return replay_log, None if first.error is None else first.error.message


def count_calls(replay: Callable[[], int]) -> int:
    """The function calls one replay makes (cProfile's count: Python functions and builtins)."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    try:
        replay()
    finally:
        profile.disable()
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


def time_replay(path: str | Path, runs: int = 5, calls: bool = False) -> BenchRow:
    """The best of ``runs`` in-process replays of the log, after one to warm up (and, with
    ``calls``, the function calls of one more)."""
    path = Path(path)
    try:
        replay, error = replayer(path)
        n = replay()  # warm-up (the reports' importer already replayed once)
    except GameError as exc:
        return BenchRow(str(path), 0, 0.0, 0.0, error=exc.message)
    best = float("inf")
    for _ in range(max(1, runs)):
        gc.collect()
        start = time.process_time()
        replay()
        best = min(best, time.process_time() - start)
    counted = count_calls(replay) if calls else None
    return BenchRow(str(path), n, round(best, 6), round(best * 1e6 / n, 1) if n else 0.0, error=error,
                    calls=counted)
