"""Saved games that lose nothing: read under a lock, written atomically, never overwritten by mistake.

A saved game is an 18xx.games-shaped action log (JSON). ``railbook act`` holds an exclusive lock
on the game while it reads, plays and writes it, so two ``act`` processes on one game are served
one after the other: the second reads the first's action and is judged after it (saved in
order, or refused with the rule it then breaks). A writer that holds the lock longer than
:data:`LOCK_WAIT` seconds makes the other refuse, saying so; nothing is silently lost.

The lock is an advisory ``flock`` on the game file itself. Writing replaces the file (a unique
temporary file beside it, flushed, then renamed over it), so a process that waited for the lock
checks it still holds the file the name now points at, and otherwise locks the new one. Temporary
files are removed whatever happens. ``railbook new`` creates its file only where none exists,
unless told ``--force``.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from railbook.errors import GameError, LogError, SaveError

if TYPE_CHECKING:
    from railbook.engine.game import Game

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: saves are still atomic, but not locked
    fcntl = None  # type: ignore[assignment]

#: how long ``act`` waits for another writer of the same game before refusing
LOCK_WAIT = 30.0


@contextmanager
def locked(path: str | os.PathLike[str], wait: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock on the game at ``path`` (it must exist), waiting at most ``wait``
    seconds (:data:`LOCK_WAIT` by default) for another process to let go of it."""
    shown = str(path)
    wait = LOCK_WAIT if wait is None else wait
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            raise LogError(f"{shown}: no such file") from None
        except IsADirectoryError:
            raise LogError(f"{shown}: is a folder, not a game file") from None
        except OSError as exc:
            raise LogError(f"{shown}: cannot open it: {exc.strerror or exc}") from None
        if fcntl is None:  # pragma: no cover
            break
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise SaveError(f"{shown}: another railbook process has been changing this game for "
                                        f"{wait:.0f} s; nothing was saved: try again when it has finished")
                    time.sleep(0.01)
            try:
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
        except BaseException:
            os.close(fd)
            raise
        if same:
            break
        os.close(fd)  # the game was rewritten while we waited: lock the file its name now holds
    try:
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_atomically(path: str | os.PathLike[str], data: dict[str, Any], overwrite: bool = True) -> None:
    """Write the game as JSON to a unique temporary file beside ``path``, then move it into place:
    replacing what is there (``overwrite``) or only where nothing is (else SaveError)."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise SaveError(f"cannot save {target}: there is no folder {folder}")
    if target.is_dir():
        raise SaveError(f"cannot save {target}: it is a folder")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise SaveError(f"cannot save {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        _keep_mode(target, tmp)
        if overwrite:
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)  # fails where a file exists: never two games in one file
            except FileExistsError:
                raise SaveError(f"{target} exists: a game may be in progress there; choose another file, "
                                f"or use --force to replace it") from None
    except OSError as exc:
        raise SaveError(f"cannot save {target}: {exc.strerror or exc}") from None
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


def _keep_mode(target: Path, tmp: str) -> None:
    """The new file gets the old one's permissions (or what the user's umask gives a new file)."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def load_saved(path: str) -> tuple[dict[str, Any], "Game"]:
    """Read a saved game and play it up to now; a broken action is named by its id."""
    from railbook.importers import eighteen_xx
    from railbook.importers.json_input import read_json
    from railbook.importers.replay import new_game

    data = read_json(path)
    log = eighteen_xx.from_dict(data, source=path)
    game = new_game(log)
    for action, keep in zip(log.actions, log.live):
        if keep and action.get("type") not in ("undo", "redo"):
            try:
                game.process_action(action)
            except GameError as exc:
                raise LogError(f"{path}: action {action.get('id')} ({action.get('type')}): {exc}") from None
    return data, game


def next_action_id(data: dict[str, Any]) -> int:
    """One more than the largest id saved (ids are whole numbers; a game file holds them so)."""
    ids = [a.get("id") for a in data.get("actions") or [] if isinstance(a.get("id"), int)]
    return max(ids, default=0) + 1
