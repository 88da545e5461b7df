"""Benchmark (not a test): the route optimizer's time per position, over the public logs.

    python tests/bench_routes.py [FIXTURES_DIR] [--runs N]

Before every run_routes of every recorded game of 1830, 1894 and 1893 and of the Rails 1826
reports, ``best_routes`` for that corporation (the search and the engine's check of its
answer), best of N runs: wall clock and this process's CPU time. Prints the median, p90 and
max per title and overall, the slowest positions, and the machine's load average before and
after (the machine may be shared: CPU time is what the search itself cost).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from railbook.cli.play_commands import fixtures_dir  # noqa: E402
from railbook.engine.routing import best_routes  # noqa: E402
from railbook.importers.route_check import game_and_actions  # noqa: E402


def logs(base: Path) -> list[tuple[str, Path]]:
    fixtures = base / "fixtures" if (base / "fixtures").is_dir() else base
    rails = fixtures.parent / "rails"
    out = [(t, p) for t in ("1830", "1894", "1893") for p in sorted((fixtures / t).glob("*.json"))]
    out += [("1826", p) for p in sorted((rails / "1826").glob("*.report"))]
    return out


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fixtures", nargs="?", default=str(fixtures_dir()))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows: list[tuple[str, str, int, str, float, float, int]] = []
    for title, path in logs(Path(args.fixtures)):
        game, actions = game_and_actions(path)
        for action in actions:
            if action.get("type") == "run_routes":
                corp = game.corporation_by_id(action["entity"])
                walls, cpus = [], []
                total = 0
                for _ in range(args.runs):
                    w, c = time.perf_counter(), time.process_time()
                    total = best_routes(game, corp).total
                    cpus.append((time.process_time() - c) * 1000)
                    walls.append((time.perf_counter() - w) * 1000)
                rows.append((title, path.stem, int(action["id"]), corp.id, min(walls), min(cpus), total))
            game.process_action(action)
    load_after = os.getloadavg()
    print(f"{'':8} {'positions':>9} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}   (wall; CPU in brackets)")
    for title in ("1830", "1894", "1893", "1826", "all"):
        sel = [r for r in rows if title in ("all", r[0])]
        if not sel:
            continue
        w = [r[4] for r in sel]
        c = [r[5] for r in sel]
        print(f"{title:8} {len(sel):>9} {statistics.median(w):>10.2f} {quantile(w, 0.9):>8.2f} {max(w):>8.2f}"
              f"   ({statistics.median(c):.2f} / {quantile(c, 0.9):.2f} / {max(c):.2f})")
    print("slowest:")
    for r in sorted(rows, key=lambda r: -r[4])[:5]:
        print(f"  {r[1]} action {r[2]} {r[3]}: {r[4]:.1f} ms wall, {r[5]:.1f} ms CPU (total {r[6]})")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} ({os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
