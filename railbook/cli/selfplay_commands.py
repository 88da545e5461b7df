"""``railbook selfplay``: bots play whole games of a title through its legal actions.

    railbook selfplay TITLE --players N --games K --seed S --bots random|greedy [--json] [-o DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

from railbook.errors import RailbookError


def _fail(message: str) -> int:
    print(f"railbook: {message}", file=sys.stderr)
    return 1


def cmd_selfplay(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from railbook.bots.selfplay import BOTS, MAX_ACTIONS, play
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import replay

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        return _fail(f"unknown bot {', '.join(unknown) or '(none)'}; railbook has: {', '.join(BOTS)}")
    out = Path(args.output) if args.output else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    bad = 0
    bar = tqdm(total=args.games, unit="game", disable=None, file=sys.stderr, leave=False)
    try:
        for k in range(args.games):
            seed = args.seed + k
            bar.set_description(f"{args.title} seed {seed}")
            try:
                result = play(args.title, args.players, seed, bots, max_actions=args.max_actions or MAX_ACTIONS,
                              optional_rules=tuple(args.option or ()))
            except RailbookError as exc:
                bar.close()
                return _fail(str(exc))
            row: dict[str, Any] = result.as_row()
            if out is not None:
                path = out / f"{args.title}-seed{seed}.json"
                path.write_text(json.dumps(result.log, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
                row["log"] = str(path)
            if args.verify:  # the saved log must replay to the same scores
                again = replay(eighteen_xx.from_dict(json.loads(json.dumps(result.log)), source="selfplay"))
                row["replays"] = again.error is None and again.scores == result.log.get("result", again.scores)
            ok = result.ok and row.get("replays", True)
            bad += not ok
            bar.update(1)
            if args.json:
                bar.write(json.dumps(row), file=sys.stdout)
            else:
                bar.write(result.summary() + ("" if row.get("replays", True) else "; its log does NOT replay to "
                                                                               "the same scores"), file=sys.stdout)
    finally:
        bar.close()
    if not args.json:
        print(f"{args.games} games, {args.games - bad} clean")
    return 0 if bad == 0 else 1


def register(sub: Any) -> None:
    p = sub.add_parser("selfplay", help="bots play whole games of a title through its legal actions",
                       description="Bots play whole games of a title, choosing only among Game.legal_actions() "
                                   "(random: any legal action; greedy: best routes, sensible buys). Each game is "
                                   "checked to end by a rule of the title (or stop at the action cap), to raise "
                                   "no engine error and to refuse no listed action, and its saved log to replay "
                                   "to the same scores. One summary line per game (JSON with --json).")
    p.add_argument("title", help="a title id, as 'railbook titles' lists them")
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game k has seed S+k (default 1)")
    p.add_argument("--bots", default="random", help="random, greedy, or a comma-separated list seat by seat")
    p.add_argument("--option", action="append", metavar="RULE", help="an optional rule (repeatable)")
    p.add_argument("--max-actions", type=int, default=None, help="stop a game unfinished after this many actions")
    p.add_argument("--no-verify", dest="verify", action="store_false",
                   help="do not replay each saved log to check its scores")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.add_argument("-o", "--output", metavar="DIR", help="save each game's log in DIR")
    p.set_defaults(func=cmd_selfplay)


REGISTER: dict[str, Callable[[Any], None]] = {"selfplay": register}
