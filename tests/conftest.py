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
