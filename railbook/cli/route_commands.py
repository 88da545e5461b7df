"""The route optimizer's command.

    railbook routes GAME.json [--corporation SYM] [--json]   the best routes now
    railbook routes GAME.json --check [--json]               the best routes before every run_routes of a log
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable

from railbook.errors import RailbookError


def _fail(message: str) -> int:
    print(f"railbook: {message}", file=sys.stderr)
    return 1


def cmd_routes(args: argparse.Namespace) -> int:
    try:
        return _check(args) if args.check else _now(args)
    except FileNotFoundError:
        return _fail(f"{args.game}: no such file")
    except RailbookError as exc:
        return _fail(str(exc))


def _now(args: argparse.Namespace) -> int:
    from railbook.engine.routing import best_routes
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import replay

    result = replay(eighteen_xx.load(args.game))
    game = result.game
    assert game is not None
    if result.error is not None:
        return _fail(f"action {(result.error_action or {}).get('id')} breaks a rule: {result.error.message}")
    if args.corporation is not None and game.corporation_by_id(args.corporation) is None:
        known = ", ".join(str(c.id) for c in list(game.all_corporations) + list(game.minors))
        return _fail(f"no corporation {args.corporation} in this {game.rules.name} game (there are: {known})")
    corp = args.corporation or getattr(game.current_entity, "id", None)
    if corp is None or game.corporation_by_id(corp) is None:
        return _fail("no corporation operates now; name one with --corporation")
    found = best_routes(game, corp)
    if args.json:
        print(json.dumps({"corporation": found.corporation, "total": found.total, "action": found.action()}))
        return 0
    print(f"{found.corporation}: {found.total}")
    for r in found.routes:
        print(f"  {r.train}: {'-'.join(r.hexes)} = {r.revenue}")
    print(json.dumps(found.action()))
    return 0


def _check(args: argparse.Namespace) -> int:
    from railbook.cli.progress import bar, follow
    from railbook.importers.route_check import check_log

    positions = []
    progress = bar(None, "routes", "action")

    advance = follow(progress)
    try:
        for p in check_log(args.game, advance):
            positions.append(p)
            _print_position(p, args.json, progress)
    finally:
        progress.close()
    summary = summarize(positions)
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        print(f"{summary['positions']} positions: {summary['equal']} equal, {summary['higher']} higher, "
              f"{summary['lower']} lower ({summary['lower_on_trust']} of them against revenue logged on trust); "
              f"{summary['refused']} refused by the engine; median {summary['median_ms']} ms, p90 {summary['p90_ms']} "
              f"ms, max {summary['max_ms']} ms (CPU: median {summary['median_cpu_ms']}, max {summary['max_cpu_ms']}; "
              f"load {summary['load']})")
    # less than routes the engine scored is the optimizer's fault; less than an amount taken on
    # trust says the recorded routes are not legal on the engine's board and rules
    return 1 if summary["lower"] > summary["lower_on_trust"] or summary["refused"] else 0


def _print_position(p: Any, as_json: bool, progress: Any) -> None:
    """One position's line, written above the progress bar."""
    if as_json:
        line = json.dumps(p.to_dict())
    else:
        mark = {"equal": "=", "higher": "+", "lower": "LOWER"}[p.verdict]
        bad = "" if p.accepted else f"  REFUSED: {p.problem}"
        trust = " (logged on trust)" if p.on_trust and p.verdict == "lower" else ""
        line = (f"action {p.action:>5}  {p.corporation:<8} logged {p.logged:>5}  best {p.best:>5}  {mark:<5} "
                f"{p.ms:8.2f} ms{bad}{trust}")
    if progress.disable:
        print(line, flush=True)
    else:
        progress.write(line, file=sys.stdout)


def summarize(positions: list[Any]) -> dict[str, Any]:
    import statistics  # only the --check summary needs it: not loaded by every command

    ms = sorted(p.ms for p in positions)
    return {
        "positions": len(positions),
        "equal": sum(1 for p in positions if p.verdict == "equal"),
        "higher": sum(1 for p in positions if p.verdict == "higher"),
        "lower": sum(1 for p in positions if p.verdict == "lower"),
        "lower_on_trust": sum(1 for p in positions if p.verdict == "lower" and p.on_trust),
        "refused": sum(1 for p in positions if not p.accepted),
        "median_ms": round(statistics.median(ms), 2) if ms else 0,
        "median_cpu_ms": round(statistics.median(p.cpu_ms for p in positions), 2) if ms else 0,
        "max_cpu_ms": round(max(p.cpu_ms for p in positions), 2) if ms else 0,
        "p90_ms": round(ms[int(0.9 * (len(ms) - 1))], 2) if ms else 0,
        "max_ms": round(ms[-1], 2) if ms else 0,
        "load": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }


def register_routes(sub: Any) -> None:
    p = sub.add_parser("routes", help="the best routes of a corporation's trains (exact optimizer)",
                       description="The routes of all of a corporation's trains with the maximum total revenue, "
                                   "proved best, as a ready run_routes action: for the corporation operating at "
                                   "the end of a log (or --corporation). With --check, before every run_routes of "
                                   "a recorded log (an 18xx.games export or a Rails report) the optimizer's best "
                                   "against what the players ran: one line per position, then a summary (exit 1 "
                                   "if the optimizer found less than routes the engine scored, or the engine "
                                   "refused its routes; a revenue only recorded, as Rails reports give it, is "
                                   "logged on trust).")
    p.add_argument("game", help="the game export (JSON) or, with --check, a Rails report")
    p.add_argument("--check", action="store_true", help="check every run_routes position of the log")
    p.add_argument("--corporation", metavar="SYM", help="whose routes (default: the operating corporation)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(func=cmd_routes)


REGISTER: dict[str, Callable[[Any], None]] = {"routes": register_routes}
