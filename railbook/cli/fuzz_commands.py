"""``railbook fuzz``: random games through the legal actions and perturbations of them, every
position checked (railbook/bots/fuzz.py says what is checked).

    railbook fuzz [TITLE ...] --games N --seed S [--workers N] [--perturb-rate R] [--stop-after N]
                  [--report FILE] [-o DIR]

Game k is of title k mod (number of titles), with seed S + k; its players, optional rules and bots
are drawn from its seed, so any game is played again with the same title and seed. Exit 1 if any
game crashed, stalled or broke an invariant.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

from railbook.errors import RailbookError


class GameTimeout(BaseException):
    """A game ran past its time limit (an engine that loops: a stall). Not an Exception, so that no
    handler inside the engine swallows it."""


def _fail(message: str) -> int:
    print(f"railbook: {message}", file=sys.stderr)
    return 1


def _results(tasks: list[Any], workers: int) -> Iterator[tuple[int, Any]]:
    """The games' results as they finish (the study runner's pool, :func:`railbook.simulate.backends.in_workers`)."""
    from railbook.bots.fuzz import run_fuzz_task
    from railbook.simulate.backends import in_workers

    return in_workers(run_fuzz_task, tasks, workers)


def cmd_fuzz(args: argparse.Namespace) -> int:
    from railbook.cli.progress import bar as progress_bar

    from railbook.bots.fuzz import MAX_ACTIONS, PERTURB_RATE, FuzzTask, failure_case, game_setup
    from railbook.paths import find_title, known_titles

    titles = list(args.titles) or sorted(known_titles())
    unknown = [t for t in titles if find_title(t) is None]
    if unknown:
        return _fail(f"unknown title {', '.join(unknown)}; railbook has: {', '.join(sorted(known_titles()))}")
    if args.workers < 1:
        return _fail("--workers must be at least 1")
    out = Path(args.output) if args.output else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    tasks = [FuzzTask(k, titles[k % len(titles)], args.seed + k, args.perturb_rate or PERTURB_RATE,
                      args.max_actions or MAX_ACTIONS, args.stop_after, max(args.game_timeout, 0))
             for k in range(args.games)]
    if args.only:
        strangers = sorted(set(args.only) - set(titles))
        if strangers:
            return _fail(f"--only names {', '.join(strangers)}, which the run does not play")
        tasks = [t for t in tasks if t.title in args.only]
    try:
        for title in titles:   # a title that does not load is not the fuzz's to judge: say so once, here
            game_setup(title, args.seed)
    except RailbookError as exc:
        return _fail(str(exc))
    rows: dict[int, dict[str, Any]] = {}
    totals: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    started = time.perf_counter()
    bar = progress_bar(len(tasks), f"fuzz ({args.workers} worker{'s' if args.workers > 1 else ''})", "game")
    try:
        for number, result in _results(tasks, args.workers):
            row = result.as_row()
            rows[number] = row
            for key in ("actions", "tried", "perturbations", "refused", "checks"):
                totals[key] += row[key]
            ends[result.end_reason or ("failed" if result.failures else "stopped")] += 1
            kinds.update(f.kind for f in result.failures)
            if result.failures and out is not None:
                path = out / f"{result.title}-seed{result.seed}.json"
                path.write_text(failure_case(result), encoding="utf-8")
                row["log"] = str(path)
            bar.update(1)
            bar.set_postfix(tried=totals["tried"], failures=sum(kinds.values()))
            if args.json:
                bar.write(json.dumps(row), file=sys.stdout)
            elif result.failures or args.verbose:
                bar.write(result.summary(), file=sys.stdout)
    except KeyboardInterrupt:
        bar.close()
        print(f"railbook: stopped after {len(rows)} of {len(tasks)} games", file=sys.stderr)
        interrupted = True
    else:
        interrupted = False
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    ordered = [rows[k] for k in sorted(rows)]
    summary = {"games": len(tasks), "titles": [t for t in titles if not args.only or t in args.only], "seed": args.seed, "workers": args.workers, **totals,
               "end_reasons": dict(sorted(ends.items())), "failures": dict(sorted(kinds.items())),
               "failed_games": sum(1 for r in ordered if r["failures"]), "seconds": round(seconds, 1),
               "game_seconds": round(sum(r["seconds"] for r in ordered), 1)}
    if interrupted:   # the games played so far are reported: an interrupted run's figures are not lost
        summary = {**summary, "interrupted": True, "played": len(ordered)}
    if args.report:
        _write_report(Path(args.report), {"summary": summary, "games": ordered})
    if interrupted:
        return 130
    if not args.json:
        print(_figures(summary))
    return 0 if not kinds else 1


def _write_report(path: Path, report: dict[str, Any]) -> None:
    """The report, written whole or not at all (a second Ctrl-C must not leave half a file)."""
    import os

    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _figures(s: dict[str, Any]) -> str:
    ends = ", ".join(f"{n} {why}" for why, n in s["end_reasons"].items())
    failures = ", ".join(f"{n} {kind}" for kind, n in s["failures"].items()) or "none"
    workers = f" ({s['game_seconds']} s of play on {s['workers']} workers)" if s.get("workers", 1) > 1 else ""
    return (f"{s['games']} games of {', '.join(s['titles'])} in {s['seconds']} s{workers}: {s.get('actions', 0)} actions "
            f"played, {s.get('tried', 0)} tried ({s.get('perturbations', 0)} perturbations, {s.get('refused', 0)} "
            f"refused), {s.get('checks', 0)} invariant checks; games ended by {ends}; failures: {failures}")


def register(sub: Any) -> None:
    p = sub.add_parser("fuzz", help="random games with perturbed actions, every position checked",
                       description="Plays random games through Game.legal_actions(), with perturbations of listed "
                                   "actions (illegal ones must be refused and leave the game as it was), checking "
                                   "after every action that money is conserved, no cash is negative and each "
                                   "corporation's certificates make 100%, and at the end of every stock round "
                                   "the certificate and holding limits. A crash, a stall or a broken invariant "
                                   "fails the run; the figures say how many actions were tried.")
    p.add_argument("titles", nargs="*", metavar="TITLE", help="titles to play (default: every title railbook has)")
    p.add_argument("--games", type=int, default=20, help="how many games, shared among the titles (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game k has seed S+k (default 1)")
    p.add_argument("--perturb-rate", type=float, default=None,
                   help="the chance of a perturbation before each action (default 0.1)")
    p.add_argument("--max-actions", type=int, default=None,
                   help="a game not over after this many actions has stalled (default 20000)")
    p.add_argument("--stop-after", type=int, default=None, metavar="N",
                   help="stop each game after N actions, unfinished but not stalled (a quick run)")
    p.add_argument("--game-timeout", type=int, default=900, help="a game running longer (seconds) has stalled")
    p.add_argument("--only", action="append", metavar="TITLE",
                   help="of the run's games, play only those of TITLE (repeatable): part of a run again, "
                        "each game with the seed it has in the whole run")
    p.add_argument("-j", "--workers", type=int, default=1, metavar="N",
                   help="play N games at a time in worker processes (default 1; the figures are the same)")
    p.add_argument("--report", metavar="FILE", help="write the figures and a row per game as JSON")
    p.add_argument("-o", "--output", metavar="DIR", help="save each failed game (its log and failing action) in DIR")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.add_argument("-v", "--verbose", action="store_true", help="a line per game, not only per failed game")
    p.set_defaults(func=cmd_fuzz)


REGISTER: dict[str, Callable[[Any], None]] = {"fuzz": register}
