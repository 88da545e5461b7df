"""Which files a title is made of, and their hash (half of the compile cache's key).

Kept free of the checker's imports so that loading a cached title is cheap.
"""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path

from railbook.files import FileRefused, read_limited
from railbook.paths import COMMON_DIR, find_title, known_titles

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
    """The files a compiled title depends on, in a fixed order (for the cache key): a title that
    extends another depends on its parent's files too (a change in the parent compiles it again)."""
    files = [f / n for f in lineage(folder) for n in REQUIRED + OPTIONAL + (HOOKS_FILE,)]
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
        h.update(f.name.encode() if f.parent == folder or f.parent == COMMON_DIR else
                 f"extends:{f.parent.name}/{f.name}".encode())
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


# ---------------------------------------------------------------- titles that extend another

_EXTENDS = re.compile(r"^extends:[ \t]*[\"']?([A-Za-z0-9][A-Za-z0-9_+-]{0,63})[\"']?[ \t]*(?:#.*)?$", re.MULTILINE)

#: what each settled title.yaml extends, by its path, size and modification time (read once)
_EXTENDS_SEEN: dict[tuple[str, int, int], str | None] = {}

#: how many titles deep ``extends`` may go (a chain longer than this is a mistake, or a loop)
MAX_EXTENDS_DEPTH = 8


def extends_of(folder: Path) -> str | None:
    """The id of the title this folder's title.yaml ``extends`` (read without parsing the YAML, so
    that hashing a title for the compile cache stays cheap), or None."""
    path = folder / "title.yaml"
    try:
        st = path.stat()
        key = (str(path), st.st_size, st.st_mtime_ns)
        settled = st.st_mtime_ns < time.time_ns() - RACY_NS
        if settled and key in _EXTENDS_SEEN:
            return _EXTENDS_SEEN[key]
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    m = _EXTENDS.search(text)
    found = m.group(1) if m else None
    if settled:
        _EXTENDS_SEEN[key] = found
    return found


def parent_folder(folder: Path, parent_id: str) -> Path | None:
    """Where the title a child ``extends`` lives: beside the child first (a folder of titles carries
    its parents), then wherever title ids are looked up."""
    sibling = folder.parent / parent_id
    if parent_id != folder.name and (sibling / "title.yaml").is_file():
        return sibling
    found = find_title(parent_id)
    return found if found is not None and found.resolve() != folder.resolve() else None


def lineage(folder: Path) -> list[Path]:
    """The folders a title is built from: its own, then its parent's, its grandparent's, ... (a loop or
    a missing parent ends the list; the loader reports them)."""
    chain = [folder]
    seen = {folder.resolve()}
    while len(chain) <= MAX_EXTENDS_DEPTH:
        parent_id = extends_of(chain[-1])
        parent = parent_folder(chain[-1], parent_id) if parent_id else None
        if parent is None or parent.resolve() in seen:
            break
        seen.add(parent.resolve())
        chain.append(parent)
    return chain


# ---------------------------------------------------------------- a title named by an alias

#: the aliases of each title folder, by the title.yaml's path, size and modification time
_ALIASES: dict[tuple[str, int, int], tuple[str, ...]] = {}


def aliases_of(folder: Path) -> tuple[str, ...]:
    """The other names a title answers to (``aliases:`` in its title.yaml): how 18xx.games game exports
    name it, with spaces and colons a title id cannot have."""
    path = folder / "title.yaml"
    try:
        st = path.stat()
    except OSError:
        return ()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _ALIASES:
        from railbook.title.yaml_source import YamlSyntaxError, load_yaml

        try:
            data = load_yaml(path).data
        except (OSError, UnicodeDecodeError, YamlSyntaxError):
            data = None
        found = data.get("aliases") if isinstance(data, dict) else None
        _ALIASES[key] = tuple(a for a in found if isinstance(a, str)) if isinstance(found, list) else ()
    return _ALIASES[key]


def find_title_or_alias(name: str) -> Path | None:
    """The folder of the title a game log names: by its id, else by one of its aliases (an id wins
    over an alias; among aliases, the first title in lookup order)."""
    found = find_title(name)
    if found is not None or not isinstance(name, str):
        return found
    for folder in known_titles().values():
        if name in aliases_of(folder):
            return folder
    return None
