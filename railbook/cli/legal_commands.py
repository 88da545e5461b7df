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


def _check_at(source: str, actions: list[dict[str, Any]], at: int | None) -> None:
    """``--at ID`` names an action of the log (or the one after its last): anything else is a located error."""
    if at is None:
        return
    ids = sorted({int(a["id"]) for a in actions if isinstance(a.get("id"), int)})
    if at in ids or (ids and at == ids[-1] + 1) or (not ids and at == 1):
        return
    span = f"its actions are numbered {ids[0]} to {ids[-1]}" if ids else "it has no actions yet"
    raise LogError(f"{source}: --at {at}: there is no action {at} in this log ({span})")


def cmd_legal(args: argparse.Namespace) -> int:
    from railbook.importers import eighteen_xx, rails
    from railbook.cli.progress import bar, follow
    from railbook.importers.legality import check_log, check_report
    from railbook.play.listing import as_json, numbered

    until = None if args.check else args.at
    progress = bar(None, "checking", "action") if args.check else None

    advance = follow(progress) if progress is not None else None
    try:
        try:
            if rails.looks_like_report(args.game):  # a Rails report: the actions it converts into are checked
                result = check_report(rails.load(args.game), until=until, progress=advance)
            else:
                log = eighteen_xx.load(args.game)
                _check_at(args.game, log.actions, until)
                result = check_log(log, until=until, progress=advance)
        except FileNotFoundError:
            raise LogError(f"{args.game}: no such file") from None
    except RailbookError as exc:
        return _fail(str(exc))
    finally:
        if progress is not None:
            progress.close()
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
    listed = numbered(game)      # numbered as `show` and the browser number them: `act GAME N` takes N
    if args.json:
        for n, la in enumerate(listed, 1):
            print(json.dumps(as_json(n, la)))
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
