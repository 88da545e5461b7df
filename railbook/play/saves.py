"""Saved games that lose nothing, for every front end (``railbook act``, ``railbook serve``): read
under a lock, written atomically, never overwritten by mistake.

A saved game is the log of every action taken, undos included (an ``undo`` action takes back the
last move, or every move after ``action_id``), exactly as 18xx.games exports it: ``railbook
replay`` reads it, ``railbook act`` and ``railbook serve`` add to it. Whoever changes a game holds
an exclusive lock on it while they read, play and write it, so two writers of one game (two
``act`` processes, ``act`` and a browser) are served one after the other: the second reads the
first's action and is judged after it (saved in order, or refused with the rule it then breaks).
A writer that holds the lock longer than :data:`LOCK_WAIT` seconds makes the other refuse, saying
so; nothing is silently lost.

The lock is an advisory ``flock`` on the game file itself. Writing replaces the file (a unique
temporary file beside it, flushed, then renamed over it), so a process that waited for the lock
checks it still holds the file the name now points at, and otherwise locks the new one. Temporary
files are removed whatever happens. A new game's file is created only where none exists, unless
told to replace it.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from railbook.errors import GameError, LogError, SaveError

if TYPE_CHECKING:
    from railbook.engine.game import Game

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: saves are still atomic, but not locked
    fcntl = None  # type: ignore[assignment]

#: how long a writer waits for another writer of the same game before refusing
LOCK_WAIT = 30.0


@contextmanager
def locked(path: str | os.PathLike[str], wait: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock on the game at ``path`` (it must exist), waiting at most ``wait``
    seconds (:data:`LOCK_WAIT` by default) for another process to let go of it."""
    shown = str(path)
    wait = LOCK_WAIT if wait is None else wait
    deadline = time.monotonic() + wait
    while True:
        try:   # without blocking: a pipe named as a game must not hang the command
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            raise LogError(f"{shown}: no such file") from None
        except IsADirectoryError:
            raise LogError(f"{shown}: is a folder, not a game file") from None
        except OSError as exc:
            raise LogError(f"{shown}: cannot open it: {exc.strerror or exc}") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise LogError(f"{shown}: is not a regular file (a device, a pipe or a socket): not a game file")
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
    remove_orphans(target)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise SaveError(f"cannot save {target}: {exc.strerror or exc}") from None
    held = _hold(fd)   # the temporary file is this writer's while it lives: see remove_orphans
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
        if held is not None:
            os.close(held)


def _hold(fd: int) -> int | None:
    """Lock a temporary file for as long as its writer lives (a second descriptor keeps the lock
    after the file's own is closed, until the file is in place). A writer killed midway (kill -9,
    a power cut) leaves its temporary file unlocked: :func:`remove_orphans` knows it by that."""
    if fcntl is None:  # pragma: no cover
        return None
    held = os.dup(fd)
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(held)
        return None
    return held


def remove_orphans(target: Path) -> None:
    """Remove the temporary files beside a game that a killed writer left: those no living writer
    holds locked (every writer locks its own while it writes)."""
    if fcntl is None:  # pragma: no cover
        return
    try:
        candidates = list(target.parent.glob(f".{glob_escape(target.name)}.*.tmp"))
    except OSError:
        return
    for tmp in candidates:
        try:
            fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue          # a living writer's
            try:
                if os.stat(tmp).st_ino == os.fstat(fd).st_ino:
                    os.unlink(tmp)
            except OSError:
                pass
        finally:
            os.close(fd)


def glob_escape(name: str) -> str:
    """A file name as a glob pattern that matches only itself."""
    import glob

    return glob.escape(name)


def _keep_mode(target: Path, tmp: str) -> None:
    """The new file gets the old one's permissions (or what the user's umask gives a new file)."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def read_log(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A saved game's log as it is in its file (read with the game files' limits)."""
    from railbook.importers.json_input import read_json

    data = read_json(str(path))
    if not isinstance(data, dict):       # said as every reader of game files says it
        from railbook.importers import eighteen_xx

        eighteen_xx.from_dict(data, source=str(path))
        raise LogError(f"{path}: a game log is a JSON object")
    return data


def game_of(data: dict[str, Any], source: str = "",
            after: "Callable[[Game, dict[str, Any] | None], None] | None" = None) -> "Game":
    """The game a log describes, played up to its last live action (``after`` is told of the game
    as set up, with no action, then after each action); a broken action is named by its id."""
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import new_game

    log = eighteen_xx.from_dict(data, source=source)
    game = new_game(log)
    if after is not None:
        after(game, None)
    for action, keep in zip(log.actions, log.live):
        if keep and action.get("type") not in ("undo", "redo"):
            try:
                game.process_action(action)
            except GameError as exc:
                raise LogError(f"{source}: action {action.get('id')} ({action.get('type')}): {exc}") from None
            if after is not None:
                after(game, action)
    return game


def load_saved(path: str) -> tuple[dict[str, Any], "Game"]:
    """Read a saved game and play it up to now."""
    data = read_log(path)
    return data, game_of(data, source=path)


def new_log(title: str, names: list[str], seed: int, optional_rules: list[str] | None = None,
            description: str = "") -> dict[str, Any]:
    """The log of a game not yet begun."""
    return {"id": seed, "title": title, "description": description,
            "players": [{"id": i + 1, "name": n} for i, n in enumerate(names)],
            "settings": {"seed": seed, "optional_rules": list(optional_rules or [])},
            "actions": []}


def next_action_id(data: dict[str, Any]) -> int:
    """One more than the largest id saved (ids are whole numbers; a game file holds them so)."""
    ids = [a.get("id") for a in data.get("actions") or [] if isinstance(a.get("id"), int)]
    return max(ids, default=0) + 1


def record(data: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The action numbered as the log's next and stamped with the time now, whatever time it came
    with (the caller has the game process it with that time and appends ``game.history[-1]``
    once the game has accepted it)."""
    out = dict(action)
    out["id"] = next_action_id(data)
    out["created_at"] = int(time.time())
    return out


def undo_record(data: dict[str, Any], game: "Game", action_id: int | None = None) -> dict[str, Any]:
    """The ``undo`` action that takes back the last move (or every move after ``action_id``),
    by whoever made the last one."""
    last = game.history[-1] if game.history else {}
    out: dict[str, Any] = {"type": "undo", "entity": last.get("entity"),
                           "entity_type": last.get("entity_type", "player"), "id": next_action_id(data),
                           "created_at": int(time.time())}
    if action_id is not None:
        out["action_id"] = action_id
    return out
