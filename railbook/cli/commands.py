"""Which subcommands ``railbook`` has, in the order --help lists them.

Each feature package exposes ``REGISTER``: functions that add their subparsers.
"""

from __future__ import annotations

import importlib

from railbook.cli import hooks_command, title_commands

REGISTRY = list(title_commands.REGISTER) + list(hooks_command.REGISTER)

for _module in ("railbook.cli.docs_commands", "railbook.cli.diff_commands", "railbook.cli.play_commands",
                "railbook.cli.route_commands"):
    try:
        REGISTRY.extend(importlib.import_module(_module).REGISTER)
    except ModuleNotFoundError as _exc:  # a feature package not present in this checkout
        if _exc.name is None or not _module.startswith(_exc.name):
            raise
