"""Where the project's data lives, relative to this checkout."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TITLES_DIR = ROOT / "titles"
SCHEMA_DIR = ROOT / "schema"
COMMON_DIR = TITLES_DIR / "common"
GRAMMAR_FILE = SCHEMA_DIR / "hooks.lark"


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
