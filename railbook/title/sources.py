"""Which files a title is made of, and their hash (half of the compile cache's key).

Kept free of the checker's imports so that loading a cached title is cheap.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from railbook.paths import COMMON_DIR

REQUIRED = ("title.yaml", "trains.yaml", "corporations.yaml", "market.yaml", "map.yaml", "tiles.yaml")
OPTIONAL = ("privates.yaml",)
HOOKS_FILE = "rules.hooks"
EXAMPLES_DIR = "examples"          # worked examples: played by the rules summaries, not compiled
EXAMPLE_SCHEMA = "example.schema.json"


def source_files(folder: Path) -> list[Path]:
    """The files a compiled title depends on, in a fixed order (for the cache key)."""
    files = [folder / n for n in REQUIRED + OPTIONAL + (HOOKS_FILE,)]
    files.append(COMMON_DIR / "tiles.yaml")
    return [f for f in files if f.exists()]


def source_hash(folder: Path, extra: bytes = b"") -> str:
    """A hash of a title's sources (and of the compiler, passed in ``extra``: see compiler_digest)."""
    h = hashlib.sha256()
    for f in source_files(folder):
        h.update(f.name.encode())
        h.update(b"\0")
        h.update(f.read_bytes())
        h.update(b"\0")
    h.update(extra)
    return h.hexdigest()
