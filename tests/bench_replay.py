"""Benchmark (not a test): replay time per recorded game, in-process and as a whole process.

    python tests/bench_replay.py [FIXTURES_DIR] [--runs N]

In-process: the best of N replays of an already imported log (the compiled title
is loaded once, as a long-running service would). Whole process: `railbook replay
GAME` as a fresh process, best of 3 after one to warm the caches (Python start-up,
imports with their bytecode cache, the compiled title from the compile cache).
Timed with the CPU clock of this process (in-process) and the wall clock (whole
process).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from railbook.cli.play_commands import fixtures_dir  # noqa: E402
from railbook.importers import eighteen_xx  # noqa: E402
from railbook.importers.replay import replay  # noqa: E402


def in_process(path: Path, runs: int) -> tuple[float, float, int, bool | None]:
    log = eighteen_xx.load(path)
    result = replay(log)  # warm-up: compile cache, title tables
    times = []
    for _ in range(runs):
        start = time.process_time()
        replay(log)
        times.append(time.process_time() - start)
    return min(times) * 1000, statistics.median(times) * 1000, result.processed, result.matches_result


def whole_process(path: Path, runs: int = 3) -> float:
    # as a user's machine runs it: with Python's bytecode cache (some sandboxes switch it off)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "railbook.cli.main", "replay", str(path)], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        times.append(time.perf_counter() - start)
    return min(times[1:]) * 1000  # the first run may write the bytecode cache


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default=str(fixtures_dir()))
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    games = sorted(Path(args.dir).rglob("*.json"))
    if not games:
        print(f"no games under {args.dir}")
        return 0
    print(f"{'game':<44}{'actions':>8}{'best ms':>9}{'median ms':>11}{'process ms':>12}  scores")
    for path in games:
        try:
            best, median, n, ok = in_process(path, args.runs)
        except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not stop
            print(f"{path.parent.name + '/' + path.stem:<44}  cannot replay: {exc}")
            continue
        proc = whole_process(path)
        mark = {True: "match", False: "DIFFER", None: "-"}[ok]
        print(f"{path.parent.name + '/' + path.stem:<44}{n:>8}{best:>9.0f}{median:>11.0f}{proc:>12.0f}  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
