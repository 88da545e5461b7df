"""``railbook serve [GAME.json]``: play in the browser (needs the serve extra: starlette, uvicorn)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        print("railbook: railbook serve needs its web stack: pip install 'railbook[serve]' "
              "(make test and make demo install it)", file=sys.stderr)
        return 1
    from railbook.errors import RailbookError
    from railbook.serve.server import serve

    game = Path(args.game) if args.game else None
    if game is not None and not game.is_file():
        print(f"railbook: {game}: no such file (start a game in the lobby, or with railbook new)", file=sys.stderr)
        return 1
    games_dir = Path(args.games) if args.games else (game.resolve().parent if game else Path.cwd() / "railbook-games")
    try:
        serve(game, args.host, args.port, games_dir, open_browser=not args.no_browser, bot_delay=args.bot_delay)
    except RailbookError as exc:
        print(f"railbook: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"railbook: cannot serve on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def register_serve(sub: Any) -> None:
    p = sub.add_parser("serve", help="play in the browser: a lobby, the table, bots, and a JSON API",
                       description="Serve a local web app to play and playtest any title: start a game, open a "
                                   "saved one or step through a recorded one (18xx.games export or Rails report); "
                                   "the table shows the map, market, players, corporations, privates, depot and "
                                   "phase, with the legal actions as buttons. Seats are played at the table "
                                   "(hotseat), by bots, or by other browsers on the network. Games are saved as "
                                   "the same JSON logs `railbook replay` and `railbook act` read. With GAME.json, "
                                   "that game opens and /api/state, /api/legal, /api/act, /api/undo are its API. "
                                   "With --titles DIR (a title folder or a folder of them), /design shows each "
                                   "of its titles as its files are now: validation, lint, map, market, trains "
                                   "and phases, reloaded when a file changes, and a game of that version.")
    p.add_argument("game", nargs="?", help="a saved game to open (as railbook new writes them)")
    p.add_argument("--port", type=int, default=8018, help="the port (default 8018)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines join)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--games", metavar="DIR", help="where new games are saved (default: the game file's folder, "
                                                     "else ./railbook-games)")
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="S",
                   help="seconds between bot moves, so people can follow them (default 0.6; 0: at once)")
    p.set_defaults(func=cmd_serve)


REGISTER: dict[str, Callable[[Any], None]] = {"serve": register_serve}
