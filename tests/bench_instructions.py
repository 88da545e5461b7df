"""Benchmark (not a test): the machine instructions one replay of each recorded game executes.

    python tests/bench_instructions.py [FIXTURES_DIR | LOG ...] [--json]

CPU time on a machine shared with other work moves by up to half between two runs of one build;
the instructions a replay executes hardly move (a few in a thousand: object addresses, and so
the order of some sets, differ from run to run). Under valgrind's callgrind a driver reads the
log, replays it once to warm up, then replays it N more times: run with N = 0 and with N = 1
(side by side, one per core), the difference is one replay's instructions, the start, the
reading and the warm-up cancelled out. Slow — callgrind runs Python some fifty times slower,
about a minute a log — so it is the figure to compare two versions of the engine by, not a
timing: ``make bench`` times, against the 18xx.games engine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from railbook.importers.bench import chosen_logs, replayer  # noqa: E402
from railbook.paths import fidelity_dir  # noqa: E402

from bench_replay import PUBLIC_TITLES  # noqa: E402  # beside this file: the logs make bench times

#: replays the log once to warm up, then N times (argv: log, N)
DRIVER = """
import sys
from pathlib import Path
from railbook.importers.bench import replayer
replay, _ = replayer(Path(sys.argv[1]))
replay()
for _ in range(int(sys.argv[2])):
    replay()
"""


def instructions(valgrind: str, path: Path, replays: int) -> int:
    """What callgrind counts for the driver's whole process with ``replays`` replays after the warm-up."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", DRIVER,
                        str(path), str(replays)], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError(f"callgrind wrote no total for {path}")


def one_replay(valgrind: str, path: Path) -> int:
    """The instructions of one replay: the process with one more replay, less the process without."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        without, with_one = pool.map(lambda n: instructions(valgrind, path, n), (0, 1))
    return with_one - without


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="a fidelity folder, or logs (default: the public logs)")
    parser.add_argument("--json", action="store_true", help="one JSON object per log: log, actions, instructions")
    args = parser.parse_args()
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("valgrind is not installed: nothing to count (apt-get install valgrind)")
        return 0
    paths = chosen_logs(args.paths, fidelity_dir(), PUBLIC_TITLES)
    if not paths:
        print("no recorded games")
        return 0
    if not args.json:
        print(f"{'log':<44}{'actions':>8}{'M instr':>10}{'K instr/action':>16}")
    per_action = []
    for path in paths:
        replay, error = replayer(path)
        actions = replay()
        count = one_replay(valgrind, path)
        per_action.append(count / max(1, actions))
        if args.json:
            print(json.dumps({"log": str(path), "actions": actions, "instructions": count}), flush=True)
            continue
        note = f"  stops: {error}" if error else ""
        print(f"{path.parent.name + '/' + path.stem:<44}{actions:>8}{count / 1e6:>10.1f}"
              f"{count / 1e3 / max(1, actions):>16.1f}{note}", flush=True)
    if not args.json:
        print(f"median {statistics.median(per_action) / 1e3:.1f} K instructions per action over {len(paths)} logs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
