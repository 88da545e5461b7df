"""``railbook serve --titles DIR``: the designer's page shows a title as its files are now."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterator

import pytest

from serve_support import client  # noqa: I001  (skips without the web stack)

from railbook.paths import use_title_folders
from railbook.workbench.init_title import init_title


@pytest.fixture
def designs(tmp_path: Path) -> Iterator[Path]:
    init_title("Prairie", tmp_path / "designs")
    use_title_folders([tmp_path / "designs"])
    yield tmp_path / "designs"
    use_title_folders([])


def test_the_design_list_names_the_titles_of_the_folders_given(designs: Path, tmp_path: Path) -> None:
    page = client(tmp_path / "games").get("/design")
    assert page.status_code == 200 and 'href="/design/Prairie"' in page.text


def test_the_design_page_shows_validation_lint_map_trains_phases_and_market(designs: Path, tmp_path: Path) -> None:
    page = client(tmp_path / "games").get("/design/Prairie")
    assert page.status_code == 200
    text = page.text
    assert "It validates." in text and "railbook lint finds nothing." in text
    assert "<svg" in text and "<th>rusts on</th>" in text and "<th>starts with</th>" in text
    assert 'class="par">100<' in text
    assert "Start a game of this version" in text


def test_a_broken_file_shows_its_located_problem(designs: Path, tmp_path: Path) -> None:
    trains = designs / "Prairie" / "trains.yaml"
    trains.write_text(trains.read_text(encoding="utf-8").replace("price: 80,", "price: -80,"), encoding="utf-8")
    page = client(tmp_path / "games").get("/design/Prairie")
    assert "It does not validate: 1 problem" in page.text and "trains.yaml:" in page.text


def test_the_stamp_changes_when_a_file_changes(designs: Path, tmp_path: Path) -> None:
    c = client(tmp_path / "games")
    before = c.get("/design/Prairie/stamp").json()["stamp"]
    assert c.get("/design/Prairie/stamp").json()["stamp"] == before
    hooks = designs / "Prairie" / "rules.hooks"
    hooks.write_text(hooks.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    os.utime(hooks, ns=(hooks.stat().st_atime_ns, hooks.stat().st_mtime_ns + 10**9))
    assert c.get("/design/Prairie/stamp").json()["stamp"] != before


def test_only_titles_of_the_given_folders_are_shown(designs: Path, tmp_path: Path) -> None:
    c = client(tmp_path / "games")
    assert c.get("/design/1830").status_code == 404
    assert c.get("/design/..%2F..%2Fetc").status_code == 404
    assert c.get("/design/1830/stamp").status_code == 404


def test_a_game_of_the_design_starts_from_its_current_files(designs: Path, tmp_path: Path) -> None:
    c = client(tmp_path / "games")
    r = c.post("/api/games", json={"title": "Prairie", "players": ["A", "B", "C"], "seed": 1})
    assert r.status_code == 200, r.text
    shutil.rmtree(tmp_path / "games", ignore_errors=True)
