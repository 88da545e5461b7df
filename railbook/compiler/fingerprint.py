"""What else a compiled module depends on besides its title: the compiler itself.

A hash of the compiler's code, templates, DSL and schemas is the other half of
the compile cache's key, so a changed compiler recompiles every title even where
the version number stayed the same (as it does during development).

Reading and hashing those ~50 files was a tenth of the start of a short command, for the same
answer every time: the digest is remembered in the private cache directory beside the files'
sizes and modification times it was made from, and read again only once one of them changes,
as Python itself decides whether the compiler's bytecode is current (by its source's size and
time). A file changed in the last seconds is always read: a coarse clock gives two quick edits of
one size the same time (git calls such an entry racy).
"""

from __future__ import annotations

import functools
import hashlib
import os
import time

from railbook.compiler.private_dir import private_cache_dir, write_whole
from railbook.paths import SCHEMA_DIR
from railbook.title.sources import RACY_NS
from railbook.version import __version__

#: the file beside the compile cache's entries that remembers the digest (one line: stamp, digest)
MEMO = "compiler.digest"
#: this folder (railbook/compiler), the package's and the one that holds it (names in the digest are from there)
_COMPILER = os.path.dirname(os.path.abspath(__file__))
_RAILBOOK = os.path.dirname(_COMPILER)
_BASE = os.path.dirname(_RAILBOOK)


def _under(folder: str, suffix: str) -> list[str]:
    """Every file whose name ends with ``suffix`` in a folder and its subfolders, in the order
    ``sorted(Path(folder).rglob(...))`` gives (by path component)."""
    found = [os.path.join(top, name) for top, _, names in os.walk(folder) for name in names
             if name.endswith(suffix)]
    return sorted(found, key=lambda f: f.split(os.sep))


def _in(folder: str) -> list[str]:
    """The files directly in a folder, sorted."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [f for f in (os.path.join(folder, n) for n in names) if os.path.isfile(f)]


def compiler_files() -> list[str]:
    """The files whose content shapes a compiled module besides the title, in the digest's order."""
    return (_under(_COMPILER, ".py") + _in(os.path.join(_COMPILER, "templates"))
            + _under(os.path.join(_RAILBOOK, "dsl"), ".py") + _under(os.path.join(_RAILBOOK, "title"), ".py")
            + _in(str(SCHEMA_DIR)))


def content_digest(files: list[str]) -> bytes:
    """The digest of the files' names (from the package's parent folder) and contents."""
    h = hashlib.sha256(__version__.encode())
    for f in files:
        with open(f, "rb") as fh:
            h.update(os.path.relpath(f, _BASE).encode() + b"\0" + fh.read() + b"\0")
    return h.hexdigest().encode()


def _stamp(files: list[str]) -> str | None:
    """A hash of the files' paths, sizes and modification times; None where one changed in the last
    :data:`RACY_NS` (or cannot be looked at)."""
    h = hashlib.sha256(__version__.encode())
    settled = time.time_ns() - RACY_NS
    try:
        for f in files:
            st = os.stat(f)
            if st.st_mtime_ns >= settled:
                return None
            h.update(f"{f}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    except OSError:
        return None
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def compiler_digest() -> bytes:
    """A hash of everything that shapes a compiled module besides the title: the compiler's
    own code, its templates, the DSL and the schemas (:func:`content_digest`), remembered in
    the private cache directory for files of the same sizes and times."""
    files = compiler_files()
    stamp = _stamp(files)
    folder = private_cache_dir(quiet=True) if stamp is not None else None
    memo = folder / MEMO if folder is not None else None
    if memo is not None:
        try:
            remembered, _, digest = memo.read_text(encoding="ascii").strip().partition(" ")
        except (OSError, UnicodeDecodeError):
            remembered, digest = "", ""
        if remembered == stamp and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest):
            return digest.encode()
    made = content_digest(files)
    if memo is not None:
        try:
            write_whole(memo, f"{stamp} {made.decode()}\n")
        except OSError:
            pass   # remembered next time
    return made


def module_filename(title_id: str) -> str:
    return f"title_{title_id.lower()}.py"
