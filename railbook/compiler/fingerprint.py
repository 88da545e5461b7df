"""What else a compiled module depends on besides its title: the compiler itself.

A hash of the compiler's code, templates, DSL and schemas is the other half of
the compile cache's key, so a changed compiler recompiles every title even where
the version number stayed the same (as it does during development).
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from railbook.paths import SCHEMA_DIR
from railbook.version import __version__


@functools.lru_cache(maxsize=1)
def compiler_digest() -> bytes:
    """A hash of everything that shapes a compiled module besides the title: the compiler's
    own code, its templates, the DSL and the schemas. A changed compiler recompiles every
    title even where the version number stayed the same (as it does during development)."""
    compiler = Path(__file__).resolve().parent
    railbook = compiler.parent
    files = sorted(compiler.rglob("*.py")) + sorted((compiler / "templates").glob("*")) \
        + sorted((railbook / "dsl").rglob("*.py")) + sorted((railbook / "title").rglob("*.py")) \
        + sorted(SCHEMA_DIR.glob("*"))
    h = hashlib.sha256(__version__.encode())
    for f in files:
        if f.is_file():
            h.update(str(f.relative_to(railbook.parent)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest().encode()


def module_filename(title_id: str) -> str:
    return f"title_{title_id.lower()}.py"
