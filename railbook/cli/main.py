"""``railbook``: validate, compile, document, compare and play 18xx titles.

Each subcommand lives in its own module and registers itself here. Errors a
user can fix are printed as messages (never tracebacks) and give exit status 1
(2 for a misused command line).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import warnings
from typing import Any, Callable, NoReturn, Sequence, TextIO

from railbook.version import __version__

Command = Callable[[argparse.Namespace], int]


def _columns() -> int:
    """The terminal's width, as ``shutil.get_terminal_size().columns`` tells it ($COLUMNS, else the
    terminal's, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, given the terminal's width: argparse makes one for every argument
    it adds (to check its metavar), and left to find the width itself it imports ``shutil`` (and with
    it bz2, lzma and zlib) at every start."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _RawTextFormatter(argparse.RawDescriptionHelpFormatter, _Formatter):
    """The top-level help's formatter: its description and epilog (the environment table) are kept
    as written."""


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose help formatter is :class:`_Formatter` unless it is given one (the
    subcommands' parsers are of the same class, so they have it too)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with every command, or (``command``) with that one only."""
    parser = _Parser(
        prog="railbook",
        formatter_class=_RawTextFormatter,
        description="18xx railway games written as data: validate and compile titles, play and replay games,\n"
                    "publish rules summaries and compare titles.",
        epilog="Run 'railbook COMMAND --help' for the options of one command.\n\n"
               "Environment:\n"
               "  RAILBOOK_TITLES     more folders to look title ids up in (like --titles; separated by the system's\n"
               "                      path separator)\n"
               "  RAILBOOK_CACHE      the compile cache's folder (default ~/.cache/railbook; a folder of your own)\n"
               "  RAILBOOK_FIXTURES   the recorded games 'railbook fidelity' and the tests replay\n"
               "                      (default ../shared/fidelity)\n"
               "  RAILBOOK_CHROMIUM   the headless Chromium that prints PDFs (default: the first on PATH)\n"
               "  RAILBOOK_PROGRESS   1 shows progress bars, 0 hides them (default: shown on a terminal)",
    )
    parser.add_argument("--version", action="version", version=f"railbook {__version__}")
    parser.add_argument("--debug", action="store_true",
                        help="show a Python traceback when railbook fails (for reporting a bug)")
    parser.add_argument("--titles", action="append", metavar="DIR",
                        help="also look title ids up in DIR (a title folder or a folder of titles; repeatable); "
                             "a game log names its title by id, found only in titles/, folders listed so and the "
                             "title folders you started a game of with 'new --titles'")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from railbook.cli import commands

    for register in commands.registry_for(command):
        register(sub)
    return parser


def _command(argv: list[str]) -> str | None:
    """The command a command line names: its first word that is not an option (the options before
    the command take no value; ``--titles DIR`` is taken out first)."""
    return next((a for a in argv if not a.startswith("-")), None)


def run() -> NoReturn:
    """The ``railbook`` program (its console script, and ``python -m railbook.cli.main``): :func:`main`,
    in a process that ends with its exit status. A short command (:data:`commands.SHORT`) runs with
    the garbage collector off and ends at once when its output is flushed; the others as Python
    runs them. (Tests call :func:`main`, which never ends the process.)"""
    from railbook.cli.commands import SHORT

    argv = sys.argv[1:]
    short = _command(_title_folders([a for a in argv if a != "--debug"])[0]) in SHORT
    if short:
        gc.disable()
    status = main(argv)
    if not short:
        sys.exit(status)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe (railbook replay LOG | head): nothing more to say
            pass
    os._exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv  # anywhere on the line, before the command or after it
    argv, folders = _title_folders([a for a in argv if a != "--debug"])
    parser = build_parser(_command(argv))
    args = parser.parse_args(argv)
    from railbook.paths import use_title_folders

    use_title_folders(folders)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except RecursionError:
        if debug:
            raise
        print("railbook: the input nests too deeply to handle", file=sys.stderr)
        return 1
    except Exception as exc:
        if debug:
            raise
        from railbook.errors import RailbookError

        if isinstance(exc, RailbookError):  # a command that let its own error through: still a message
            print(f"railbook: {exc}", file=sys.stderr)
            return 1
        print(f"railbook: internal error: {type(exc).__name__}: {exc}\n"
              f"(this is a bug in railbook; run again with --debug for the traceback)", file=sys.stderr)
        return 1


def _title_folders(argv: list[str]) -> tuple[list[str], list[str]]:
    """Take ``--titles DIR`` (or ``--titles=DIR``) out of the command line wherever it stands."""
    rest: list[str] = []
    folders: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--titles" and i + 1 < len(argv):
            folders.append(argv[i + 1])
            i += 2
            continue
        if a.startswith("--titles="):
            folders.append(a.split("=", 1)[1])
        else:
            rest.append(a)
        i += 1
    return rest, folders


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: TextIO | None = None, line: str | None = None) -> None:
    """Warnings read as railbook's own lines, not Python's."""
    print(f"railbook: warning: {message}", file=sys.stderr)


if __name__ == "__main__":
    run()
