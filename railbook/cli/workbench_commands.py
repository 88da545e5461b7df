"""The title designer's commands: init-title and lint."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable


def cmd_init_title(args: argparse.Namespace) -> int:
    from railbook.errors import RailbookError
    from railbook.workbench.init_title import init_title

    try:
        started = init_title(args.name, Path(args.dir), force=args.force, extends=args.extends)
    except (RailbookError, OSError) as exc:
        print(f"railbook init-title: {exc}", file=sys.stderr)
        return 1
    folder, parent = started.folder, started.folder.parent
    count = len(started.files)
    print(f"wrote {count} file{'s' * (count != 1)} to {folder}: {', '.join(started.files)}")
    print("it validates and plays as it is" + (f" (as {args.extends}, until you add changes)" if args.extends else "")
          + "; next:")
    print(f"  railbook validate {folder}")
    print(f"  railbook new {args.name} --players 3 --titles {parent} -o game.json   (then: railbook show game.json)")
    print(f"  railbook selfplay {args.name} --titles {parent} --players 4 --games 10 --bots random -o runs/")
    return 0


def cmd_lint(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from railbook.compiler.cache import load_compiled
    from railbook.errors import TitleError
    from railbook.paths import title_dir, title_ids
    from railbook.workbench.lint import lint, report

    status = 0
    rows: list[dict[str, Any]] = []
    for name in args.titles or title_ids():
        try:
            model = load_compiled(title_dir(name)).MODEL
        except TitleError as exc:
            print(f"{name}: does not validate (run railbook validate {name}):\n{exc}", file=sys.stderr)
            status = 1
            continue
        findings = lint(model)
        status |= any(f.severity == "mistake" for f in findings)
        if args.json:
            rows.extend({"title": name, **asdict(f)} for f in findings)
        else:
            print(report(name, findings))
    if args.json:
        print(json.dumps(rows, indent=1))
    return status


def register_lint(sub: Any) -> None:
    p = sub.add_parser(
        "lint", help="design checks beyond the schema, each with its reason",
        description="Check titles as a designer would before a playtest: trains that rust before they can be "
                    "bought, phases no train starts, hexes no tile fits, homes the map cuts off, a market "
                    "without par prices, a bank the starting cash empties, privates whose abilities name what "
                    "is not there. A 'mistake' means the game cannot go as written; a 'check' that it can, "
                    "with a reason to look. Exit 1 if any title has a mistake or does not validate.")
    p.add_argument("titles", nargs="*", help="title ids or folders (default: every title in titles/)")
    p.add_argument("--json", action="store_true", help="the findings as JSON (title, check, severity, file, "
                                                        "message, reason)")
    p.set_defaults(func=cmd_lint)


def cmd_reference(args: argparse.Namespace) -> int:
    from railbook.workbench.reference import markdown

    text = markdown()
    if args.check:
        current = Path(args.output).read_text(encoding="utf-8") if Path(args.output).is_file() else ""
        if current != text:
            print(f"{args.output} is not the reference the schemas give: run railbook reference -o {args.output}",
                  file=sys.stderr)
            return 1
        print(f"{args.output} is current")
        return 0
    if args.output == "-":
        print(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    return 0


def register_reference(sub: Any) -> None:
    p = sub.add_parser(
        "reference", help="the option reference of the author's guide, from the schemas",
        description="Write the option reference (every option of every title file: meaning, values, default, "
                    "the titles that use it, an example) as Markdown, generated from schema/ and titles/.")
    p.add_argument("-o", "--output", default="docs/reference.md", help="where to write it ('-': print it; "
                                                                       "default docs/reference.md)")
    p.add_argument("--check", action="store_true", help="only say whether the file is current (exit 1 if not)")
    p.set_defaults(func=cmd_reference)


def register_init_title(sub: Any) -> None:
    p = sub.add_parser(
        "init-title", help="start a new title folder that validates and plays at once",
        description="Write a new title folder NAME (in DIR, default the current folder): a small but complete "
                    "title (four corporations, five trains, two privates, a rule hook) whose files say in "
                    "comments what to change. It validates and plays as it is; docs/authoring.md explains "
                    "every file.")
    p.add_argument("name", help="the new title's id (letters, digits, '_', '+', '-'): also its folder's name")
    p.add_argument("--dir", default=".", help="the folder to write the title's folder in (default: here)")
    p.add_argument("--force", action="store_true", help="write over the files of a folder that is not empty")
    p.add_argument("--extends", metavar="TITLE", help="start a variant of a title railbook has: one title.yaml with "
                                                      "'extends: TITLE' and the changes to make (none yet)")
    p.set_defaults(func=cmd_init_title)


REGISTER: dict[str, Callable[[Any], None]] = {"init-title": register_init_title, "lint": register_lint,
                                                   "reference": register_reference}
