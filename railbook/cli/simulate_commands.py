"""``railbook simulate`` and ``railbook report``: balance studies of seeded bot games.

    railbook simulate TITLE --games N --players P[,P...] --bots greedy[,random...] --seed S
        [--set PATH=VALUE[,VALUE...] ...] [--option NAME ...] [--workers K] [--backend process|ray]
        [--address ADDR] -o RESULTS
    railbook report RESULTS -o report.html
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

from railbook.errors import RailbookError


def _fail(message: str) -> int:
    print(f"railbook: {message}", file=sys.stderr)
    return 1


def _players(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(p) for p in text.split(",") if p.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a player count, or several separated by commas") from None
    if not counts:
        raise argparse.ArgumentTypeError("a player count, or several separated by commas")
    return counts


#: a quick study: this many games of random bots (about half a second each): a first look in under a minute
QUICK_GAMES = 40


def _quick_defaults(args: argparse.Namespace) -> None:
    """``--quick``: what the options left out become, for a first look at a title under design."""
    from railbook.compiler.cache import load_compiled
    from railbook.paths import title_dir

    if args.games is None:
        args.games = QUICK_GAMES
    if args.bots is None:
        args.bots = "random"
    if args.players is None:
        players = load_compiled(title_dir(args.title)).MODEL.title.players
        args.players = ((players.min + players.max + 1) // 2,)
    if args.output is None:
        args.output = f"{args.title}-quick.jsonl"


def cmd_simulate(args: argparse.Namespace) -> int:
    from railbook.bots.selfplay import MAX_ACTIONS
    from railbook.simulate.runner import simulate
    from railbook.simulate.study import Study, parse_set

    started = time.perf_counter()
    try:
        if args.quick:
            _quick_defaults(args)
        elif args.output is None:
            return _fail("simulate needs -o RESULTS (or --quick, which writes TITLE-quick.jsonl and its page)")
        args.games = 100 if args.games is None else args.games
        args.bots = "greedy" if args.bots is None else args.bots
        args.players = (4,) if args.players is None else args.players
        study = Study(title=args.title, games=args.games, players=args.players,
                      bots=tuple(b.strip() for b in args.bots.split(",") if b.strip()), seed=args.seed,
                      options=tuple(args.option or ()), sets=tuple(parse_set(s) for s in args.set or ()),
                      rotate=args.rotate_seats, max_actions=args.max_actions or MAX_ACTIONS)
        outcome = simulate(study, Path(args.output), backend=args.backend, workers=args.workers,
                           address=args.address, progress=not args.quiet)
    except RailbookError as exc:
        return _fail(str(exc))
    seconds = time.perf_counter() - started
    variants = len(study.variants())
    what = f"{variants} variants × {study.games} games" if variants > 1 else f"{study.games} games"
    print(f"{args.output}: {outcome.rows} rows ({what} asked; {outcome.played} played now, "
          f"{outcome.skipped} already there) in {seconds:.0f} s"
          + (f"; {outcome.errors} games stopped on an error or had listed actions refused" if outcome.errors else ""))
    if outcome.interrupted:
        print("interrupted: the finished games are kept; run the same command again to play the rest",
              file=sys.stderr)
        return 130
    if args.quick:
        return _quick_summary(Path(args.output))
    return 0


def _quick_summary(results: Path) -> int:
    """A quick study's page and the few figures a designer reads first."""
    from railbook.simulate.report.page import write_report
    from railbook.simulate.results import read_rows

    page = write_report(results, results.with_suffix(".html"), None)
    rows = read_rows(results, logs=False)
    finished = [r for r in rows if r.get("finished")]
    print(f"{len(finished)} of {len(rows)} games ended by a rule"
          + (f"; {len(rows) - len(finished)} did not (errors or the action cap)" if len(finished) < len(rows) else ""))
    ends: dict[str, int] = {}
    for r in finished:
        ends[str(r.get("end_reason"))] = ends.get(str(r.get("end_reason")), 0) + 1
    print("how they ended: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items(), key=lambda kv: -kv[1])))
    lengths = sorted(int(r.get("operating_rounds") or 0) for r in finished)
    if lengths:
        print(f"operating rounds: median {lengths[len(lengths) // 2]}, from {lengths[0]} to {lengths[-1]}")
    wins: dict[int, float] = {}
    for r in finished:
        for seat in r.get("winners") or []:
            wins[int(seat)] = wins.get(int(seat), 0.0) + 1 / len(r["winners"])
    if finished:
        seats = sorted({int(s) for r in finished for s in range(1, int(r["players"]) + 1)})
        print("wins by seat: " + ", ".join(f"{s}: {100 * wins.get(s, 0) / len(finished):.0f}%" for s in seats))
        broke = sum(int(r.get("bankruptcies") or 0) > 0 for r in finished)
        print(f"games with a bankruptcy: {100 * broke / len(finished):.0f}%")
    print(f"the whole page: {page}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from railbook.simulate.report.page import write_report

    try:
        out = write_report(Path(args.results), Path(args.output), Path(args.pictures) if args.pictures else None)
    except RailbookError as exc:
        return _fail(str(exc))
    print(f"wrote {out}" + (f" and its figures in {args.pictures}/" if args.pictures else ""))
    return 0


def register_simulate(sub: Any) -> None:
    p = sub.add_parser("simulate", help="a balance study: many seeded bot games of a title, one row each",
                       description="Play many seeded games of a title between bots (see 'railbook selfplay') and "
                                   "write one row per game: scores and ranks by seat and bot, the game's length "
                                   "(actions, operating rounds, sets), how it ended, bankruptcies, each "
                                   "corporation's float, prices, trains and withheld dividends, the phases and "
                                   "rusting, and the game log (railbook replay RESULTS --row N). Each game is a "
                                   "pure function of title, options, data changes, players, bots and seed: the "
                                   "same command writes the same bytes, whatever the backend or the workers. "
                                   "Rows already in RESULTS are kept and their games not played again.")
    p.add_argument("title", help="a title id, as 'railbook titles' lists them")
    p.add_argument("--quick", action="store_true",
                   help=f"a first look in under a minute: {QUICK_GAMES} games of random bots at the middle player "
                        "count (unless given), written to TITLE-quick.jsonl with its page TITLE-quick.html, and "
                        "the figures a designer reads first")
    p.add_argument("--games", type=int, default=None, help="games per variant (default 100)")
    p.add_argument("--players", type=_players, default=None, metavar="P[,P...]",
                   help="number of players; several make a sweep (default 4)")
    p.add_argument("--bots", default=None, help="greedy (default), random, or a comma-separated list seat by seat")
    p.add_argument("--rotate-seats", action="store_true", help="the bots move one seat on from game to game")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game k has seed S+k (default 1)")
    p.add_argument("--set", action="append", metavar="PATH=VALUE[,VALUE...]",
                   help="change the title's data as an optional rule does (trains[4].price=350); several values "
                        "make a sweep, played on the same seeds (repeatable)")
    p.add_argument("--option", action="append", metavar="RULE", help="an optional rule (repeatable)")
    p.add_argument("--max-actions", type=int, default=None, help="stop a game unfinished after this many actions")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes (default: the CPUs)")
    p.add_argument("--backend", default="process", choices=["process", "ray"],
                   help="process: a pool on this machine (default); ray: Ray tasks (pip install 'railbook[cluster]')")
    p.add_argument("--address", help="with --backend ray: the cluster's address (default: start Ray here)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("-o", "--output", metavar="RESULTS",
                   help="the results file: .parquet (needs pyarrow) or .jsonl")
    p.set_defaults(func=cmd_simulate)


def register_report(sub: Any) -> None:
    p = sub.add_parser("report", help="a page of plots from a balance study's results",
                       description="Write one HTML page from the results of 'railbook simulate': win rates by seat "
                                   "and by bot, game lengths, end reasons, bankruptcies, price paths, what the "
                                   "winners held; for a sweep the same figures side by side per value, with 95% "
                                   "confidence intervals. The plots are SVG in the page; it loads nothing.")
    p.add_argument("results", help="the results file (.parquet or .jsonl)")
    p.add_argument("-o", "--output", default="report.html", help="the page to write (default report.html)")
    p.add_argument("--pictures", metavar="DIR", help="also write each figure as one SVG picture, DIR/ID.svg")
    p.set_defaults(func=cmd_report)


REGISTER: dict[str, Callable[[Any], None]] = {"simulate": register_simulate, "report": register_report}
