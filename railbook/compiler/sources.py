"""Which files a title is made of, and their hash (the compile cache's key).

Kept free of the checker's imports so that loading a cached title is cheap.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from railbook import __version__
from railbook.paths import COMMON_DIR, SCHEMA_DIR

REQUIRED = ("title.yaml", "trains.yaml", "corporations.yaml", "market.yaml", "map.yaml", "tiles.yaml")
OPTIONAL = ("privates.yaml",)
HOOKS_FILE = "rules.hooks"


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


@functools.lru_cache(maxsize=1)
def compiler_digest() -> bytes:
    """A hash of everything that shapes a compiled module besides the title: the compiler's
    own code, its templates, the DSL and the schemas. A changed compiler recompiles every
    title even where the version number stayed the same (as it does during development)."""
    build = Path(__file__).resolve().parent
    railbook = build.parent
    files = sorted(build.glob("*.py")) + sorted((build / "templates").glob("*")) \
        + sorted((railbook / "dsl").glob("*.py")) + sorted((railbook / "title").glob("*.py")) \
        + sorted(SCHEMA_DIR.glob("*"))
    h = hashlib.sha256(__version__.encode())
    for f in files:
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest().encode()


def module_filename(title_id: str) -> str:
    return f"title_{title_id.lower()}.py"
