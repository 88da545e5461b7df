"""Where the project's data lives: the titles and their schemas.

In a checkout they are the folders ``titles/`` and ``schema/`` beside the package,
where a designer edits them; an installed wheel carries the same folders inside the
package (``railbook/data/``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Sequence

PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = PACKAGE.parent
ROOT = _CHECKOUT if (_CHECKOUT / "titles").is_dir() and (_CHECKOUT / "schema").is_dir() else PACKAGE / "data"
TITLES_DIR = ROOT / "titles"
SCHEMA_DIR = ROOT / "schema"
COMMON_DIR = TITLES_DIR / "common"
GRAMMAR_FILE = SCHEMA_DIR / "hooks.lark"


def fidelity_dir() -> Path:
    """The recorded games of the fidelity run: $RAILBOOK_FIXTURES, else ../shared/fidelity
    beside the checkout; a fidelity folder's fixtures/ is used if present."""
    base = Path(os.environ.get("RAILBOOK_FIXTURES") or _CHECKOUT.parent / "shared" / "fidelity")
    return base / "fixtures" if (base / "fixtures").is_dir() else base


def cache_dir() -> Path:
    """The compile cache: $RAILBOOK_CACHE, else ~/.cache/railbook."""
    env = os.environ.get("RAILBOOK_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "railbook"


def title_dir(name: str | os.PathLike[str]) -> Path:
    """Resolve a title argument a person typed on the command line: a folder path, or a title id.

    Never for a title a game log names: a log's title is an id, looked up by :func:`find_title`."""
    p = Path(name)
    if p.is_dir():
        return p
    found = find_title(str(name))
    return found if found is not None else p


def title_ids() -> list[str]:
    """Every title folder under titles/ (the common catalogue excluded)."""
    return sorted(
        d.name for d in TITLES_DIR.iterdir()
        if d.is_dir() and d.name != "common" and (d / "title.yaml").exists()
    )


#: a title id: a name, never a path (no separators, no "..", nothing hidden)
TITLE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+-]{0,63}$")

_user_folders: list[Path] = []


def use_title_folders(folders: Sequence[str | os.PathLike[str]]) -> None:
    """Folders of titles a person listed explicitly (``--titles DIR``): each is a title folder (it
    holds title.yaml) or a folder of them. With titles/ and $RAILBOOK_TITLES, these are the only
    places a title id is looked up."""
    _user_folders.clear()
    _user_folders.extend(Path(f) for f in folders)


def listed_title_folders() -> list[Path]:
    """The folders the user listed with ``--titles`` (a worker process of a study is told them)."""
    return list(_user_folders)


def title_folders() -> list[Path]:
    """Where title ids are looked up, first match winning: the folders the user listed (on the
    command line, then in $RAILBOOK_TITLES, separated by the system's path separator), then titles/."""
    env = [Path(p) for p in os.environ.get("RAILBOOK_TITLES", "").split(os.pathsep) if p]
    return [*_user_folders, *env, TITLES_DIR]


def titles_in(folder: Path) -> list[Path]:
    """The title folders a listed folder holds: itself where it is one, else its sub-folders that are."""
    if not folder.is_dir():
        return []
    candidates = [folder] if (folder / "title.yaml").is_file() else sorted(folder.iterdir())
    return [d for d in candidates
            if d.is_dir() and d.name != "common" and (d / "title.yaml").is_file() and TITLE_ID.match(d.name)]


def known_titles() -> dict[str, Path]:
    """Every title id railbook may load, with its folder."""
    out: dict[str, Path] = {}
    for folder in title_folders():
        for d in titles_in(folder):
            out.setdefault(d.name, d)
    return out


def find_title(title_id: str) -> Path | None:
    """The folder of a title named by its id (as a game log names it), or None: a path, a name
    with a separator or "..", or an id no known folder holds, is not a title. Where no folder
    listed holds it, a title folder this user started a game of (:func:`remember_title`) does."""
    if not isinstance(title_id, str) or not TITLE_ID.match(title_id):
        return None
    for folder in title_folders():
        if (folder / "title.yaml").is_file() and folder.name == title_id:
            return folder
        candidate = folder / title_id
        if (candidate / "title.yaml").is_file():
            return candidate
    remembered = remembered_titles().get(title_id)
    if remembered is not None and remembered.name == title_id and (remembered / "title.yaml").is_file():
        return remembered
    return None


#: where the title folders a user started games of are remembered (in the cache directory)
REMEMBERED_FILE = "remembered-titles.json"


def _remembered_dir() -> Path:
    """The folder of the remembered titles' file: the cache directory (the tests give each test
    its own)."""
    return cache_dir()
#: at most this many remembered titles (the oldest are forgotten first)
REMEMBERED_MAX = 64


def remembered_titles() -> dict[str, Path]:
    """The title folders this user started a game of with ``--titles`` (id -> folder), so that the
    game's later commands find its title without ``--titles``. Only the user's own command line
    adds to it, never a game file: a log names an id, never a path."""
    import json

    path = _remembered_dir() / REMEMBERED_FILE
    try:
        if not path.is_file() or path.stat().st_size > 64 * 1024:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: Path(v) for k, v in data.items()
            if isinstance(k, str) and TITLE_ID.match(k) and isinstance(v, str) and os.path.isabs(v)}


def remember_title(title_id: str, folder: Path) -> bool:
    """Remember the folder of a title a game was started of (True if it was not remembered so
    already). Titles under titles/ need no remembering; a cache that cannot be written forgets."""
    import json

    folder = folder.resolve()
    if not TITLE_ID.match(title_id) or folder.parent == TITLES_DIR.resolve():
        return False
    known = remembered_titles()
    if known.get(title_id) == folder:
        return False
    known.pop(title_id, None)
    known[title_id] = folder
    while len(known) > REMEMBERED_MAX:
        known.pop(next(iter(known)))
    import tempfile

    base = _remembered_dir()
    try:
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=base, prefix=".remembered.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({k: str(v) for k, v in known.items()}, fh, indent=1)
            os.replace(tmp, base / REMEMBERED_FILE)   # a reader sees the old list or the new, whole
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    return True
