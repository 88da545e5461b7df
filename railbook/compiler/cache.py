"""The compile cache: titles are compiled once per version of their sources.

An entry's key is a hash of every source file of the title and of the compiler itself, so
editing a YAML file or a hook recompiles on next use, and an unchanged title loads straight
from the cached module.

The cache only ever runs what railbook wrote there itself:

- it lives in a directory of the user's own (``$RAILBOOK_CACHE``, else
  ``$XDG_CACHE_HOME/railbook``, else ``~/.cache/railbook``), made private (mode 0700); a
  cache directory another user owns, or one others may write to that cannot be made private,
  is not used at all (titles are compiled in memory, with a warning);
- an entry is written to a unique temporary file, flushed and renamed into place, so a reader
  never sees half of one;
- an entry's first line records the key it was compiled for and a SHA-256 digest of the rest;
  before an entry is imported both are checked against the title's sources and the bytes just
  read (the very bytes then run). A corrupt, truncated, planted or stale entry is rebuilt, with
  a warning;
- beside an entry, its bytecode (``.code``: what compiling the entry's module gives, so a start
  does not compile a title's module again): its first line records the digest of the module it
  was compiled from, the interpreter's bytecode version and the digest of the rest, all checked
  before it is loaded; one that does not match is ignored and written again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import linecache
import marshal
import os
import sys
import warnings
from pathlib import Path
from types import CodeType, ModuleType

from railbook.compiler.fingerprint import compiler_digest, module_filename
from railbook.compiler.private_dir import CacheWarning, private_cache_dir, write_whole
from railbook.paths import cache_dir, title_dir
from railbook.title.sources import source_hash

_loaded: dict[str, ModuleType] = {}

HEADER = "# railbook cache entry: key {key} sha256 {digest}\n"
CODE_HEADER = "# railbook bytecode of module sha256 {source} for {magic} sha256 {digest}\n"


def cached_module_path(folder: Path) -> tuple[Path, str]:
    digest = source_hash(folder, compiler_digest())
    name = folder.resolve().name
    return cache_dir() / f"{module_filename(name)[:-3]}-{digest[:16]}.py", digest


def entry_text(key: str, source: str) -> str:
    """A cache entry: the header line (its key and the digest of what follows), then the module."""
    return HEADER.format(key=key, digest=hashlib.sha256(source.encode("utf-8")).hexdigest()) + source


def verified_source(raw: bytes, key: str) -> str | None:
    """The module source of an entry whose header names this key and whose body has the digest the
    header records; None for anything else."""
    head, sep, body = raw.partition(b"\n")
    if not sep:
        return None
    expected = HEADER.format(key=key, digest=hashlib.sha256(body).hexdigest()).encode("ascii")
    if head + sep != expected:
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _compile(folder: Path) -> str:
    from railbook.compiler.compile import compile_title  # the compiler loads only on a cache miss

    return compile_title(folder).source


def load_compiled(title: str | os.PathLike[str]) -> ModuleType:
    """Return the compiled module of a title (an id under titles/ or a folder).

    Raises railbook.errors.TitleError if the title does not compile.
    """
    folder = title_dir(title)
    path, key = cached_module_path(folder)
    if key in _loaded:
        return _loaded[key]
    cache = private_cache_dir()
    source = None
    if cache is not None:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raw = None
        except OSError as exc:
            warnings.warn(f"cannot read the compile cache entry {path} ({exc.strerror or exc}); rebuilding it",
                          CacheWarning, stacklevel=2)
            raw = None
        if raw is not None:
            source = verified_source(raw, key)
            if source is None:
                warnings.warn(f"the compile cache entry {path} is corrupt or was not written by railbook for "
                              f"these sources; rebuilding it", CacheWarning, stacklevel=2)
    module_name = f"railbook_compiled_{path.stem.replace('-', '_')}"
    module = _run(module_name, path, source, cache is not None) if source is not None else None
    if module is None:
        source = _compile(folder)
        if cache is not None:
            try:
                write_whole(path, entry_text(key, source))
            except OSError as exc:
                warnings.warn(f"cannot write the compile cache entry {path} ({exc.strerror or exc})",
                              CacheWarning, stacklevel=2)
        module = _run(module_name, path, source, cache is not None)
        if module is None:  # pragma: no cover - the compiler's own output always runs
            raise RuntimeError(f"the compiled module of {folder} does not run")
    sys.modules[module_name] = module
    _loaded[key] = module
    return module


def _code_header(source_digest: str, payload: bytes) -> bytes:
    magic = importlib.util.MAGIC_NUMBER.hex()
    return CODE_HEADER.format(source=source_digest, magic=magic,
                              digest=hashlib.sha256(payload).hexdigest()).encode("ascii")


def _code(path: Path, source: str, cached: bool) -> CodeType:
    """The module's bytecode: from its ``.code`` file where that was compiled from this very source
    by this interpreter (both digests checked), else compiled (and the file written, where the
    cache is used)."""
    code_path = path.with_suffix(".code")
    source_digest = hashlib.sha256(source.encode("utf-8")).hexdigest()
    if cached:
        try:
            raw = code_path.read_bytes()
        except OSError:
            raw = b""
        head, sep, payload = raw.partition(b"\n")
        if sep and head + sep == _code_header(source_digest, payload):
            try:
                code = marshal.loads(payload)
            except (EOFError, ValueError, TypeError):
                code = None
            if isinstance(code, CodeType):
                return code
    code = compile(source, str(path), "exec")
    if cached:
        payload = marshal.dumps(code)
        try:
            write_whole(code_path, _code_header(source_digest, payload) + payload)
        except OSError:
            pass   # the bytecode is compiled again next time
    return code


def _run(name: str, path: Path, source: str, cached: bool = False) -> ModuleType | None:
    """Execute verified module source (the bytes checked, not the file again); None if it fails."""
    module = ModuleType(name)
    module.__file__ = str(path)
    # tracebacks and inspect (the route optimizer reads a hook's source to bound it) see the verified
    # source, never the file again: its first line is the entry's header, and it may have changed since
    linecache.cache[str(path)] = (len(source), None, source.splitlines(True), str(path))
    try:
        code = _code(path, source, cached)
        exec(code, module.__dict__)
    except Exception as exc:
        warnings.warn(f"the compile cache entry {path} does not run ({type(exc).__name__}); rebuilding it",
                      CacheWarning, stacklevel=3)
        return None
    if not hasattr(module, "MODEL") or not hasattr(module, "SOURCE_HASH"):
        return None
    return module
