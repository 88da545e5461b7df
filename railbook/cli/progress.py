"""Progress for the long commands (``site``, ``matrix``, ``legal --check``, ``fidelity``, ``routes
--check``, ``fuzz``): a tqdm bar on standard error, shown where a person watches a terminal (never
in a pipe or a log file, where it would be noise; ``RAILBOOK_PROGRESS=1`` shows it anyway and
``RAILBOOK_PROGRESS=0`` never), so a command of minutes says how far it has come."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable


def shown() -> bool | None:
    """Whether to draw the bar: forced by ``RAILBOOK_PROGRESS``, else where standard error is a terminal
    (None: tqdm's own test of the stream)."""
    forced = os.environ.get("RAILBOOK_PROGRESS", "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    return None


def bar(total: int | None, what: str, unit: str = "it") -> Any:
    """A progress bar of ``total`` steps called ``what`` (update it with ``.update(n)``, close it with
    ``.close()`` or use it as a context manager)."""
    from tqdm import tqdm

    want = shown()
    return tqdm(total=total, desc=what, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True,
                disable=None if want is None else not want, mininterval=0.5)


def follow(progress: Any) -> Callable[[int, int], None]:
    """A callback for a long job that counts its own steps (``done`` of ``total``): it moves the bar."""
    def advance(done: int, total: int) -> None:
        progress.total = total
        progress.n = done
        progress.refresh()
    return advance
