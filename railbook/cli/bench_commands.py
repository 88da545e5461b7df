"""The replay benchmark command.

    railbook bench [LOG ...] [--runs N] [--json] [--calls]   in-process replay time per action of each log
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

from railbook.paths import fidelity_dir, known_titles


def cmd_bench(args: argparse.Namespace) -> int:
    from railbook.importers.bench import public_logs, time_replay

    paths = [Path(p) for p in args.logs] or public_logs(fidelity_dir(), args.title or sorted(known_titles()))
    if not paths:
        print(f"railbook: no recorded games under {fidelity_dir()}", file=sys.stderr)
        return 1
    missing = [p for p in paths if not p.is_file()]
    if missing:
        print(f"railbook: {missing[0]}: no such file", file=sys.stderr)
        return 1
    rows = []
    if not args.json:
        print(f"{'log':<48}{'actions':>8}{'cpu ms':>9}{'us/action':>11}" + (f"{'calls/action':>14}" if args.calls else ""))
    for path in paths:
        row = time_replay(path, args.runs, calls=args.calls)
        rows.append(row)
        if args.json:
            print(json.dumps(row.to_json()), flush=True)
        else:
            name = f"{path.parent.name}/{path.name}"
            note = f"  (stops: {row.error})" if row.error else ""
            per = f"{row.calls / row.actions:>14.1f}" if row.calls is not None and row.actions else ""
            print(f"{name:<48}{row.actions:>8}{row.cpu_secs * 1000:>9.1f}{row.us_per_action:>11.1f}{per}{note}",
                  flush=True)
    import statistics

    timed = [r.us_per_action for r in rows if r.actions]
    if not args.json and timed:
        print(f"median {statistics.median(timed):.1f} us/action over {len(timed)} logs (best of {args.runs} "
              "CPU times each)")
        counted = [r for r in rows if r.calls is not None and r.actions]
        if counted:
            print(f"{sum(r.calls or 0 for r in counted)} calls in all, median "
                  f"{statistics.median((r.calls or 0) / r.actions for r in counted):.1f} per action")
    return 1 if any(r.error for r in rows) else 0


def register_bench(sub: Any) -> None:
    p = sub.add_parser("bench", help="time in-process replays of recorded games (CPU time per action)",
                       description="Replay each log in this process: read once, replayed once to warm up, then "
                                   "--runs times on a fresh game; the best CPU time is reported, with the time per "
                                   "action. Without logs: the recorded games (18xx.games exports, Rails reports) of "
                                   "the fidelity folder for each --title, or for every title railbook has. Exit 1 "
                                   "if a log does not replay to its end.")
    p.add_argument("logs", nargs="*", metavar="LOG", help="an 18xx.games export (JSON) or a Rails report")
    p.add_argument("--title", action="append", metavar="TITLE",
                   help="without logs: the recorded games of this title (repeatable)")
    p.add_argument("--runs", type=int, default=5, help="timed replays per log; the best counts (default 5)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per log: log, actions, cpu_secs, us_per_action (and calls)")
    p.add_argument("--calls", action="store_true",
                   help="also count the function calls of one more replay (cProfile): the work done, a figure "
                        "that does not move with the load of a shared machine")
    p.set_defaults(func=cmd_bench)


REGISTER: dict[str, Callable[[Any], None]] = {"bench": register_bench}
