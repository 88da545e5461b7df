"""Benchmark (not a test): replay time per recorded game, beside the 18xx.games engine's.

    python tests/bench_replay.py [FIXTURES_DIR | LOG ...] [--runs N] [--ref 18XX_LIB] [--json]

For each log (by default the public logs: the 1830, 1894 and 1893 exports and the Rails
1826 reports of the fidelity folder):
- in-process, railbook: ``railbook bench`` — read once, replayed once to warm up, then the
  best of N CPU times of a replay on a fresh game (the compiled title loaded once, as a
  long-running service would have it);
- in-process, the 18xx.games engine (``tools/refcheck/bench.rb`` under Ruby, where its
  ``lib/`` is given by --ref or $REF): the same, in its own process, for 18xx.games exports;
- whole process: ``railbook replay LOG`` as a fresh process, best of 3 after one that may write
  the bytecode cache: CPU time (user + system, of the child) and wall clock; and once with
  ``python -X importtime``, the time its imports took.
Every figure is CPU time unless it says wall: the machine may be shared with other work.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from railbook.importers.bench import chosen_logs, time_replay  # noqa: E402
from railbook.paths import fidelity_dir  # noqa: E402

#: the public logs, as the benchmarks have always measured them: the four titles railbook began with
PUBLIC_TITLES = ("1830", "1894", "1893", "1826")


def ruby_times(ref: Path | None, paths: list[Path], runs: int) -> dict[str, float]:
    """The 18xx.games engine's in-process µs per action, by log path (empty without Ruby or its lib)."""
    ruby = shutil.which("ruby")
    games = [p for p in paths if p.suffix == ".json"]
    if ref is None or ruby is None or not (ref / "engine.rb").is_file() or not games:
        return {}
    cmd = [ruby, "-I", str(ROOT / "tools" / "refcheck"), "-I", str(ref), str(ROOT / "tools" / "refcheck" / "bench.rb"),
           "--runs", str(runs)] + [str(p) for p in games]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    out = {}
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            if not row.get("error"):
                out[row["log"]] = float(row["us_per_action"])
    return out


def whole_process(path: Path, runs: int = 3) -> tuple[float, float]:
    """``railbook replay`` as a fresh process: the best CPU seconds (the child's user + system) and
    the best wall seconds of ``runs``, after one run that may write the bytecode cache."""
    # as a user's machine runs it: with Python's bytecode cache (some sandboxes switch it off)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cpus, walls = [], []
    for _ in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "railbook.cli.main", "replay", str(path)], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(cpus[1:]), min(walls[1:])


def import_secs(path: Path) -> float:
    """What ``python -X importtime`` says ``railbook replay LOG`` spent importing (its top-level imports)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "railbook.cli.main", "replay", str(path)],
                          cwd=ROOT, capture_output=True, text=True, check=False, env=env)
    total = 0
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if cumulative.strip().isdigit() and not name.startswith("  ") and name.strip():
            total += int(cumulative)   # a top-level import: its figure includes what it imported
    return total / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="a fidelity folder, or logs (default: the public logs)")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--ref", default=os.environ.get("REF"), help="the 18xx.games engine's lib/ ($REF)")
    parser.add_argument("--json", action="store_true", help="one JSON object per log")
    args = parser.parse_args()
    paths = chosen_logs(args.paths, fidelity_dir(), PUBLIC_TITLES)
    if not paths:
        print("no recorded games")
        return 0
    ref = Path(args.ref) if args.ref else None
    load_before = os.getloadavg()
    ruby = ruby_times(ref, paths, max(1, args.runs // 2))
    if not ruby:
        print("(the 18xx.games engine is not timed: give its lib/ with --ref or $REF, and Ruby)")
    if not args.json:
        print(f"{'log':<40}{'actions':>8}{'us/act':>8}{'ruby us':>9}{'ratio':>7}{'proc cpu ms':>12}"
              f"{'wall ms':>9}{'import ms':>10}")
    rows: list[dict[str, Any]] = []
    for path in paths:
        row = time_replay(path, args.runs).to_json()
        cpu, wall = whole_process(path)
        row.update(process_cpu_secs=round(cpu, 3), process_wall_secs=round(wall, 3),
                   import_secs=round(import_secs(path), 3))
        if str(path) in ruby:
            row["ruby_us_per_action"] = ruby[str(path)]
            row["ratio"] = round(ruby[str(path)] / row["us_per_action"], 2) if row["us_per_action"] else None
        rows.append(row)
        if args.json:
            print(json.dumps(row), flush=True)
            continue
        name = f"{path.parent.name}/{path.stem}"
        rb = f"{row['ruby_us_per_action']:>9.0f}{row['ratio']:>7.1f}" if "ratio" in row else f"{'-':>9}{'-':>7}"
        print(f"{name:<40}{row['actions']:>8}{row['us_per_action']:>8.1f}{rb}{cpu * 1000:>12.0f}{wall * 1000:>9.0f}"
              f"{row['import_secs'] * 1000:>10.0f}" + (f"  stops: {row['error']}" if row.get("error") else ""),
              flush=True)
    if not args.json:
        us = [r["us_per_action"] for r in rows if r["actions"]]
        ratios = [r["ratio"] for r in rows if r.get("ratio")]
        procs = [r["process_cpu_secs"] for r in rows]
        print(f"median {statistics.median(us):.1f} us/action" + (
            f"; 18xx.games / railbook: median {statistics.median(ratios):.1f}x, lowest {min(ratios):.1f}x"
            if ratios else "") + f"; whole process: at most {max(procs) * 1000:.0f} ms CPU")
        print(f"load average before {load_before[0]:.1f}, after {os.getloadavg()[0]:.1f} (2 cores are shared: "
              "CPU times, best of N)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
