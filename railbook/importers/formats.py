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
    import os
    import stat

    try:   # never blocks (a pipe) nor reads without end (/dev/zero): the first bytes of a regular file
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        first = os.read(fd, 64)
    except OSError:
        return False
    finally:
        os.close(fd)
    return first.startswith(b"GameIs,")
