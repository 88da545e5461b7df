"""The compile cache's directory, used only where it is the user's own and private (mode 0700).

The compile cache (:mod:`railbook.compiler.cache`) runs what it finds there, and the compiler's
fingerprint (:mod:`railbook.compiler.fingerprint`) trusts the digest it remembers there: neither
uses a directory another user owns or others may write to.
"""

from __future__ import annotations

import os
import stat
import warnings
from pathlib import Path

from railbook.paths import cache_dir


class CacheWarning(UserWarning):
    """The compile cache found something it would not use (and rebuilt or bypassed it)."""


def private_cache_dir(quiet: bool = False) -> Path | None:
    """The cache directory, created or made private (0700) if need be; None where it cannot be
    trusted (another user's, or writable by others and not ours to fix), with a warning saying
    why unless ``quiet`` (the caller that warns is the compile cache)."""
    folder = cache_dir()

    def refuse(why: str) -> None:
        if not quiet:
            warnings.warn(f"the compile cache {folder} {why}", CacheWarning, stacklevel=4)

    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError as exc:
        refuse(f"cannot be used ({exc.strerror or exc}); compiling in memory")
        return None
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        refuse("is not a directory of its own; compiling in memory")
        return None
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        refuse("belongs to another user; compiling in memory (set RAILBOOK_CACHE to a directory of your own)")
        return None
    if stat.S_IMODE(info.st_mode) & 0o077:
        try:
            folder.chmod(0o700)
        except OSError:
            refuse("is open to other users and cannot be made private; compiling in memory")
            return None
    return folder


def write_whole(path: Path, text: str | bytes) -> None:
    """Write a file of the cache directory so that a reader never sees half of it: to a unique
    temporary file beside it, flushed to disk, then renamed into place (OSError where it cannot)."""
    import tempfile  # only a cache miss writes: a start that loads its title from the cache does not load it

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
