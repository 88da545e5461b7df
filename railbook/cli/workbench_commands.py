"""The title designer's commands: init-title (and lint)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable


def cmd_init_title(args: argparse.Namespace) -> int:
    from railbook.errors import RailbookError
    from railbook.workbench.init_title import init_title

    try:
        started = init_title(args.name, Path(args.dir), force=args.force)
    except (RailbookError, OSError) as exc:
        print(f"railbook init-title: {exc}", file=sys.stderr)
        return 1
    folder, parent = started.folder, started.folder.parent
    print(f"wrote {len(started.files)} files to {folder}: {', '.join(started.files)}")
    print("it validates and plays as it is; next:")
    print(f"  railbook validate {folder}")
    print(f"  railbook new {args.name} --players 3 --titles {parent} -o game.json   (then: railbook show game.json)")
    print(f"  railbook selfplay {args.name} --titles {parent} --players 4 --games 10 --bots random -o runs/")
    return 0


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
    p.set_defaults(func=cmd_init_title)


REGISTER: dict[str, Callable[[Any], None]] = {"init-title": register_init_title}
