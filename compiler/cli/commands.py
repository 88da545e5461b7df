"""Which subcommands ``railbook`` has, in the order --help lists them."""

from __future__ import annotations

from . import title_commands

REGISTRY = list(title_commands.REGISTER)

try:  # the engine's commands (replay, play, fidelity) come from the runtime package
    from runtime.cli import REGISTER as _RUNTIME
    REGISTRY.extend(_RUNTIME)
except ImportError:  # pragma: no cover - runtime is part of every install
    pass
