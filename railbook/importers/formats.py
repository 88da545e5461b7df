"""Which importer reads a file, told from the file itself.

Kept apart from the importers so that telling costs a start nothing: ``railbook replay``
asks it of every log, and loads the Rails importer only for a Rails report.
"""

from __future__ import annotations

from pathlib import Path


def looks_like_report(path: str | Path) -> bool:
    """A ``.report`` file, or a file whose first line is a Rails ``GameIs`` line."""
    p = Path(path)
    if p.suffix == ".report":
        return True
    try:
        with open(p, encoding="utf-8", errors="replace") as fh:
            first = fh.readline()
    except OSError:
        return False
    return first.startswith("GameIs,")
