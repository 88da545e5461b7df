"""``railbook legal``: the legal actions of a game at a point, and checking them against a recorded log.

    railbook legal GAME.json [--at ID] [--json]
    railbook legal GAME.json --check [--json]
    railbook legal GAME.report --check      a Rails report: the actions it is converted into
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from railbook.errors import LogError, RailbookError


def _fail(message: str) -> int:
    print(f"railbook: {message}", file=sys.stderr)
    return 1


def _as_json(la: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"action": dict(la.action)}
    if la.ranges:
        out["ranges"] = {k: {"low": r.low, "high": r.high, "step": r.step} for k, r in la.ranges.items()}
    if la.subsets:
        out["subsets"] = {k: list(v) for k, v in la.subsets.items()}
    if la.open:
        out["open"] = sorted(la.open)
    return out


def cmd_legal(args: argparse.Namespace) -> int:
    from railbook.importers import eighteen_xx, rails
    from railbook.importers.legality import check_log, check_report

    until = None if args.check else args.at
    try:
        try:
            if rails.looks_like_report(args.game):  # a Rails report: the actions it converts into are checked
                result = check_report(rails.load(args.game), until=until)
            else:
                result = check_log(eighteen_xx.load(args.game), until=until)
        except FileNotFoundError:
            raise LogError(f"{args.game}: no such file") from None
    except RailbookError as exc:
        return _fail(str(exc))
    if args.check:
        first = result.unlisted[0] if result.unlisted else None
        summary = {"log": args.game, "listed": result.listed, "moves": result.moves, "open": result.open,
                   "open_kinds": result.open_kinds,
                   "not_moves": result.not_moves,
                   "first_unlisted": first.action if first else None,
                   "error": str(result.error) if result.error else None}
        if args.json:
            print(json.dumps(summary))
        else:
            kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(result.open_kinds.items()))
            print(f"{args.game}: listed {result.listed}/{result.moves}"
                  + (f" ({result.open} only as open entries: {kinds})" if result.open else "")
                  + f"; {result.not_moves} chat, programs and agreements not counted")
            if first is not None:
                print(f"first unlisted: action {first.action_id}: {json.dumps(first.action)}")
            if result.error is not None:
                print(f"stopped at action {(result.error_action or {}).get('id')}: {result.error}")
        return 0 if result.ok else 1
    game = result.game
    if result.error is not None:
        return _fail(f"stopped at action {(result.error_action or {}).get('id')}: {result.error}")
    assert game is not None
    listed = game.legal_actions()
    if args.json:
        for la in listed:
            print(json.dumps(_as_json(la)))
    else:
        for n, la in enumerate(listed, 1):
            extra = "".join(f"  [{k}: {r}]" for k, r in la.ranges.items())
            extra += "".join(f"  [{k}: any of {', '.join(map(str, v))}]" for k, v in la.subsets.items())
            extra += "  [open: details are checked when it is taken]" if la.open else ""
            print(f"{n:>3}  {json.dumps(dict(la.action))}{extra}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("legal", help="list the legal actions of a game, or check them against a recorded log",
                       description="List every legal action at the end of a game log (or before action ID), "
                                   "or with --check replay the log and check that every recorded move was "
                                   "among the legal actions at its point.")
    p.add_argument("game", help="an 18xx.games game export, a game saved by railbook new, or a Rails game report "
                                "(its events converted into actions)")
    p.add_argument("--at", type=int, default=None, metavar="ID", help="list the legal actions before action ID")
    p.add_argument("--check", action="store_true", help="check every recorded move against the legal list")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(func=cmd_legal)


REGISTER: dict[str, Callable[[Any], None]] = {"legal": register}
