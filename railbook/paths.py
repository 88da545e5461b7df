"""Where the project's data lives: the titles and their schemas.

In a checkout they are the folders ``titles/`` and ``schema/`` beside the package,
where a designer edits them; an installed wheel carries the same folders inside the
package (``railbook/data/``).
"""

from __future__ import annotations

import os
from pathlib import Path

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
    """Resolve a title argument: a folder path, or a title id under titles/."""
    p = Path(name)
    if p.is_dir():
        return p
    candidate = TITLES_DIR / str(name)
    if candidate.is_dir():
        return candidate
    return p


def title_ids() -> list[str]:
    """Every title folder under titles/ (the common catalogue excluded)."""
    return sorted(
        d.name for d in TITLES_DIR.iterdir()
        if d.is_dir() and d.name != "common" and (d / "title.yaml").exists()
    )
