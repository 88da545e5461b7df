"""Which subcommands ``railbook`` has, in the order --help lists them.

Each command module exposes ``REGISTER``: by command, the function that adds its subparser. The
modules import what their commands run only when a command runs, so registering them is cheap;
and a command line that names its command imports only that command's module (:data:`MODULES`)
and registers only that command: building every subparser costs a start more than importing the
engine's track rules (argparse looks its texts up with gettext for every parser).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

#: each command and the module whose ``REGISTER`` adds it, in --help order
#: (``tests/test_cli.py`` checks it against the parser the modules build)
MODULES = {
    "titles": "title_commands", "info": "title_commands", "validate": "title_commands",
    "compile": "title_commands", "explain": "explain_command", "hooks": "hooks_command", "docs": "docs_commands", "site": "docs_commands",
    "diff": "diff_commands", "matrix": "diff_commands", "replay": "play_commands",
    "fidelity": "play_commands", "new": "play_commands", "act": "play_commands", "show": "play_commands",
    "legal": "legal_commands", "selfplay": "selfplay_commands", "fuzz": "fuzz_commands",
    "routes": "route_commands", "serve": "serve_commands", "bench": "bench_commands",
    "simulate": "simulate_commands", "report": "simulate_commands", "init-title": "workbench_commands",
    "lint": "workbench_commands", "reference": "workbench_commands",
}

#: the commands that work on one title or one game and end (``railbook.cli.main.run``): their
#: process is short, so it collects no garbage (the imports and the title allocate some hundred
#: thousand objects that live to the end; collecting while they are made only walks them again:
#: ~4% of a replay's process, and a 900-action replay keeps ~4 MB more) and it ends without tearing
#: down every module it imported (~6%), once its output is flushed. Commands that play many games,
#: serve, or start processes or threads end as Python ends.
SHORT = frozenset({"titles", "info", "replay", "new", "act", "show", "legal", "routes"})


def _register(module: str) -> dict[str, Callable[[Any], None]]:
    return dict(importlib.import_module(f"railbook.cli.{module}").REGISTER)


def registry_for(command: str | None = None) -> list[Callable[[Any], None]]:
    """The functions that add the subparsers a command line needs: only the named command's,
    where :data:`MODULES` knows the command; else every command's (help, a misspelt command)."""
    module = MODULES.get(command or "")
    if module is not None and command is not None:
        return [_register(module)[command]]
    return [register for m in dict.fromkeys(MODULES.values()) for register in _register(m).values()]
