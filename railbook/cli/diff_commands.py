"""``railbook diff`` and ``railbook matrix``.

diff exits as diff(1) does: 0 when the titles have the same rules, 1 when they
differ, 2 on an error (a title that does not check: its problems are printed
as FILE:LINE:COL: PATH: MESSAGE).
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from railbook.languages import LANGUAGES

if TYPE_CHECKING:
    from railbook.diff.load import LoadedTitle, TitleLoadError

# The diff machinery (the compiler, catalogues) loads when a diff runs: registering
# these commands must not slow every other railbook command down.

EXIT_SAME, EXIT_DIFFERENT, EXIT_ERROR = 0, 1, 2


def _report_load_error(exc: "TitleLoadError") -> int:
    for p in exc.problems:
        print(p, file=sys.stderr)
    n = len(exc.problems)
    print(f"railbook: {exc.target}: {n} problem{'s' if n != 1 else ''}; cannot compare it", file=sys.stderr)
    return EXIT_ERROR


def _write(text: str, output: str | None) -> None:
    if output and output != "-":
        Path(output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def _use_colour(choice: str, output: str | None) -> bool:
    if choice == "always":
        return True
    if choice == "never" or (output and output != "-") or os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def cmd_diff(args: argparse.Namespace) -> int:
    from railbook.diff.compare import diff_titles
    from railbook.diff.jsonout import diff_json
    from railbook.diff.load import TitleLoadError, load_title
    from railbook.diff.prose import prose_text
    from railbook.diff.render import markdown_report, text_report

    try:
        a, b = load_title(args.a), load_title(args.b)
    except TitleLoadError as exc:
        return _report_load_error(exc)
    diff = diff_titles(a.model, b.model, hooks_a=a.hooks, hooks_b=b.hooks)
    if args.prose:
        text = prose_text(diff, args.lang)
    elif args.format == "json":
        text = diff_json(diff)
    elif args.format == "md":
        text = markdown_report(diff, args.lang, args.all)
    else:
        text = text_report(diff, args.lang, args.all, _use_colour(args.color, args.output))
    _write(text, args.output)
    return EXIT_DIFFERENT if diff.differs else EXIT_SAME


def cmd_matrix(args: argparse.Namespace) -> int:
    from railbook.cli.progress import bar
    from railbook.diff.load import TitleLoadError, is_title_folder, load_title
    from railbook.diff.matrix import build_matrix, matrix_html, matrix_markdown

    loaded: list["LoadedTitle"] = []
    with bar(len(args.titles) + 1, "matrix", "title") as progress:   # loading each title, then comparing them
        for target in args.titles:
            if not is_title_folder(target):
                if Path(target).exists():  # titles/common or a file a shell glob brought along
                    progress.write(f"railbook: skipping {target}: not a title folder", file=sys.stderr)
                    progress.update(1)
                    continue
            try:
                loaded.append(load_title(target))
            except TitleLoadError as exc:
                progress.close()
                return _report_load_error(exc)
            progress.update(1)
        if not loaded:
            progress.close()
            print("railbook: no titles to compare", file=sys.stderr)
            return EXIT_ERROR
        m = build_matrix([(t.model, t.hooks) for t in loaded], args.lang, args.differing)
        progress.update(1)
    fmt = args.format or ("html" if args.output and args.output.endswith((".html", ".htm")) else "md")
    _write(matrix_html(m, args.lang) if fmt == "html" else matrix_markdown(m, args.lang), args.output)
    return 0


def _wrap(*paragraphs: str) -> str:
    """Paragraphs for a help text whose examples keep their own line breaks."""
    return "\n\n".join(textwrap.fill(p, 79) for p in paragraphs)


def register_diff(sub: Any) -> None:
    p = sub.add_parser(
        "diff", help="compare the rules of two titles",
        description=_wrap("Compare two titles' rules area by area (players and cash, bank, capitalization, limits, "
                          "stock market, auction, rounds, trains, phases, privates, corporations and minors, map, "
                          "tiles, game end, special rules and hooks). The titles are compared as compiled data, not "
                          "as text: renaming a file or reordering keys is no difference, a changed price is.",
                          "Exit status: 0 if the rules are the same, 1 if they differ, 2 on an error (a title "
                          "with problems, printed as FILE:LINE:COL: PATH: MESSAGE)."),
        epilog="examples (A and B are title ids or folders):\n  railbook diff A B\n"
               "  railbook diff A B --prose --lang de      numbered points in German\n"
               "  railbook diff titles/A titles/B --format json -o a-b.json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", help="the title compared against: an id (as 'railbook titles' lists it) or a title folder")
    p.add_argument("b", help="the other title")
    p.add_argument("--format", choices=("text", "md", "json"), default="text",
                   help="text (default; coloured on a terminal), md (Markdown tables) or json "
                        "(stable schema: railbook/diff/diff.schema.json)")
    p.add_argument("--prose", action="store_true",
                   help="numbered points in sentences, like a rules summary's 'comparison with' section")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of text, Markdown and prose (default: en)")
    p.add_argument("--all", action="store_true",
                   help="list every single hex, tile and company difference too (otherwise they are counted)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the text report: auto (only on a terminal, and not with NO_COLOR), always, never")
    p.add_argument("-o", "--output", help="write to this file instead of standard output")
    p.set_defaults(func=cmd_diff)


def register_matrix(sub: Any) -> None:
    p = sub.add_parser(
        "matrix", help="a table of rules features: a row per feature, a column per title",
        description=_wrap("Compare many titles at once: one table with a row per rules feature (the same facts "
                          "'railbook diff' compares) and a column per title; rows where the titles differ are "
                          "marked. Arguments that are not title folders (titles/common, a file) are skipped, so "
                          "'railbook matrix titles/*' works."),
        epilog="examples:\n  railbook matrix titles/* -o matrix.html\n  railbook matrix A B --format md --differing",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("titles", nargs="+", help="title ids or folders")
    p.add_argument("--format", choices=("html", "md"),
                   help="html or md (default: html when -o names an .html file, else md)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the labels (default: en)")
    p.add_argument("--differing", action="store_true", help="only the rows where the titles differ")
    p.add_argument("-o", "--output", help="write to this file instead of standard output")
    p.set_defaults(func=cmd_matrix)


REGISTER: dict[str, Callable[[Any], None]] = {"diff": register_diff, "matrix": register_matrix}
