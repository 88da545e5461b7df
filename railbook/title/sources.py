"""Which files a title is made of, and their hash (half of the compile cache's key).

Kept free of the checker's imports so that loading a cached title is cheap.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from railbook.files import FileRefused, read_limited
from railbook.paths import COMMON_DIR

REQUIRED = ("title.yaml", "trains.yaml", "corporations.yaml", "market.yaml", "map.yaml", "tiles.yaml")
OPTIONAL = ("privates.yaml",)
HOOKS_FILE = "rules.hooks"
EXAMPLES_DIR = "examples"          # worked examples: played by the rules summaries, not compiled
EXAMPLE_SCHEMA = "example.schema.json"
#: the largest title file read (the largest map of the shipped titles is a few hundred KB)
MAX_TITLE_FILE = 4 * 1024 * 1024   # as yaml_source.MAX_BYTES


def read_source(path: Path, folder: Path | None = None) -> bytes:
    """A title file's bytes: a regular file of at most :data:`MAX_TITLE_FILE` bytes, inside its title
    folder if it is a symbolic link (railbook/files.py says why). Raises OSError or FileRefused."""
    return read_limited(path, MAX_TITLE_FILE, within=folder if folder is not None else path.parent)


def source_files(folder: Path) -> list[Path]:
    """The files a compiled title depends on, in a fixed order (for the cache key)."""
    files = [folder / n for n in REQUIRED + OPTIONAL + (HOOKS_FILE,)]
    files.append(COMMON_DIR / "tiles.yaml")
    return [f for f in files if f.exists()]


#: the hashes made in this process, by the files' paths, sizes and modification times: a service
#: setting up game after game of one title reads and hashes its sources again only once they change.
#: A file changed in the last seconds is read every time (as git does with a "racy" entry): a clock
#: that ticks coarsely gives two quick edits of one size the same time
_HASHED: dict[tuple[object, ...], str] = {}
RACY_NS = 2_000_000_000


def source_hash(folder: Path, extra: bytes = b"") -> str:
    """A hash of a title's sources (and of the compiler, passed in ``extra``: see compiler_digest)."""
    files = source_files(folder)
    try:
        stats = [f.stat() for f in files]
    except OSError:
        stats = []
    settled = bool(stats) and max(st.st_mtime_ns for st in stats) < time.time_ns() - RACY_NS
    key = (extra, *((str(f), st.st_size, st.st_mtime_ns) for f, st in zip(files, stats))) if settled else None
    if key is not None and key in _HASHED:
        return _HASHED[key]
    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode())
        h.update(b"\0")
        try:
            h.update(read_source(f))
        except (OSError, FileRefused) as exc:   # the loader reports it; the hash only tells it apart
            h.update(f"unreadable: {exc}".encode())
        h.update(b"\0")
    h.update(extra)
    digest = h.hexdigest()
    if key is not None:
        _HASHED[key] = digest
    return digest
