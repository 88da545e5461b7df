"""Reading a file a stranger may have made: only a regular file, of a size known before reading.

A title folder or a game file may come from anyone. A name in it may be a symbolic link to
``/dev/zero`` (endless), ``/dev/urandom``, a FIFO (a read that never returns) or a secret file
elsewhere (whose text an error message would then print). So every such file is opened without
blocking, checked to be a regular file by the open handle itself (no race between looking and
reading), its size checked against a limit before a byte is read, and read no further than the
limit. A symbolic link is followed only where the caller allows, and then only to a regular file
inside the folder it names (``within``).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class FileRefused(Exception):
    """A file that is not read: ``reason`` says why, in words for the person who named it."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def read_limited(path: str | os.PathLike[str], limit: int, within: Path | None = None,
                 follow_links: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. With ``within``, the file (after any
    symbolic link) must lie inside that folder; with ``follow_links=False`` a symbolic link is
    refused outright. Raises FileNotFoundError, PermissionError (as ``open`` does) or FileRefused."""
    p = Path(path)
    if os.path.islink(p):
        if not follow_links:
            raise FileRefused("is a symbolic link: a title's files are read only as regular files of its folder")
        if within is not None:
            target = p.resolve()
            try:
                target.relative_to(within.resolve())
            except ValueError:
                raise FileRefused("is a symbolic link to a file outside its folder: refused") from None
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileRefused("is a symbolic link: refused") from None
        raise
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileRefused("is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused("is not a regular file (a device, a pipe or a socket): refused")
        if st.st_size > limit:
            raise FileRefused(f"{st.st_size} bytes: at most {limit} are read")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:   # it grew while it was read
                raise FileRefused(f"more than {limit} bytes: at most {limit} are read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text_limited(path: str | os.PathLike[str], limit: int, within: Path | None = None,
                      follow_links: bool = True) -> str:
    """:func:`read_limited`, decoded as UTF-8 (UnicodeDecodeError as ``bytes.decode`` raises it)."""
    return read_limited(path, limit, within, follow_links).decode("utf-8")
