"""One line of the fidelity run: a recorded game judged, timed, and never a traceback."""

from __future__ import annotations

import time
from typing import Any, Callable

from railbook.errors import RailbookError

Row = dict[str, Any]


def judged_row(name: str, judge: Callable[[Row], bool]) -> Row:
    """Run ``judge`` (it fills ``actions`` and ``detail`` and says whether the game is exact);
    a game that cannot even be set up or read reads as a detail, and the time is taken."""
    row: Row = {"game": name, "ok": False}
    start = time.perf_counter()
    try:
        row["ok"] = judge(row)
    except RailbookError as exc:
        row["detail"] = f"cannot replay: {exc}"
    row["ms"] = round((time.perf_counter() - start) * 1000)
    return row
