"""Shared test helpers: where the project and the recorded games are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def fixtures_dir() -> Path:
    base = Path(os.environ.get("RAILBOOK_FIXTURES") or ROOT.parent / "shared" / "fidelity")
    return base / "fixtures" if (base / "fixtures").is_dir() else base


@pytest.fixture(scope="session")
def fixtures() -> Path:
    d = fixtures_dir()
    if not d.is_dir():
        pytest.skip(f"no recorded games at {d} (set RAILBOOK_FIXTURES)")
    return d


@pytest.fixture(autouse=True)
def own_remembered_titles(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests never read or write the user's remembered title folders (``railbook new --titles``
    remembers one): each test has a list of its own, empty at its start, unless it points
    RAILBOOK_CACHE somewhere itself."""
    from railbook import paths

    own = tmp_path_factory.mktemp("remembered")
    real = paths.cache_dir

    def cache_dir() -> Path:
        return real() if os.environ.get("RAILBOOK_CACHE") else own

    monkeypatch.setattr(paths, "_remembered_dir", cache_dir, raising=False)
