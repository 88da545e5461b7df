"""Which subcommands ``railbook`` has, in the order --help lists them.

Each command module exposes ``REGISTER``: functions that add their subparsers. The modules
import what their commands run only when a command runs, so registering them is cheap.
"""

from __future__ import annotations

from railbook.cli import (
    bench_commands,
    diff_commands,
    docs_commands,
    fuzz_commands,
    hooks_command,
    legal_commands,
    play_commands,
    selfplay_commands,
    route_commands,
    serve_commands,
    simulate_commands,
    title_commands,
)

REGISTRY = (list(title_commands.REGISTER) + list(hooks_command.REGISTER) + list(docs_commands.REGISTER)
            + list(diff_commands.REGISTER) + list(play_commands.REGISTER) + list(legal_commands.REGISTER)
            + list(selfplay_commands.REGISTER) + list(fuzz_commands.REGISTER) + list(route_commands.REGISTER)
            + list(serve_commands.REGISTER) + list(bench_commands.REGISTER) + list(simulate_commands.REGISTER))
