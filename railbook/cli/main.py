"""``railbook``: validate, compile, document, compare and play 18xx titles.

Each subcommand lives in its own module and registers itself here. Errors a
user can fix are printed as messages (never tracebacks) and give exit status 1
(2 for a misused command line).
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from railbook.version import __version__

Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="railbook",
        description="18xx railway games written as data: validate and compile titles, play and replay games, "
                    "publish rules summaries and compare titles.",
        epilog="Run 'railbook COMMAND --help' for the options of one command.",
    )
    parser.add_argument("--version", action="version", version=f"railbook {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from railbook.cli import commands

    for register in commands.REGISTRY:
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
