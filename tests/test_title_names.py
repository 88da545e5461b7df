"""Titles are named, not pathed: a game log names its title by id, and an id is looked up only
among titles/ and the folders a person listed (``--titles DIR``, ``$RAILBOOK_TITLES``)."""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main
from railbook.engine.title import Title
from railbook.errors import GameError
from railbook.paths import TITLES_DIR, find_title, known_titles, use_title_folders

TINY = Path(__file__).parent / "titles" / "tiny"


@pytest.fixture(autouse=True)
def no_listed_folders() -> None:
    use_title_folders([])


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("name", ["/etc", "..", "../titles/1830", "titles/1830", "1830/", "./1830", "", ".",
                                  "common", "1830\x00", "~/x", "C:\\titles\\1830"])
def test_a_title_id_is_never_a_path(name: str) -> None:
    assert find_title(name) is None
    with pytest.raises(GameError) as refused:
        Title.load(name)
    assert refused.value.rule == "title"


def test_the_titles_folder_holds_the_known_titles() -> None:
    assert find_title("1830") == TITLES_DIR / "1830"
    assert {"1830", "1894", "1893", "1826"} <= set(known_titles())


def test_a_log_naming_a_folder_as_its_title_is_refused(tmp_path: Path) -> None:
    shutil.copytree(TINY, tmp_path / "tiny")
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"title": str(tmp_path / "tiny"), "players": [1, 2]}))
    code, output = run("show", str(game))
    assert code == 1
    assert "a title is named by its id, never by a path" in output


def test_a_folder_listed_on_the_command_line_makes_its_titles_known(tmp_path: Path) -> None:
    shutil.copytree(TINY, tmp_path / "mine" / "tiny")
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"title": "tiny", "players": [1, 2]}))
    code, output = run("show", str(game))
    assert code == 1 and "unknown title 'tiny'" in output
    code, output = run("show", str(game), "--titles", str(tmp_path / "mine"))
    assert code == 0, output
    code, output = run("--titles", str(tmp_path / "mine" / "tiny"), "show", str(game))  # a title folder itself
    assert code == 0, output


def test_a_folder_listed_in_the_environment_makes_its_titles_known(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(TINY, tmp_path / "mine" / "tiny")
    assert find_title("tiny") is None
    monkeypatch.setenv("RAILBOOK_TITLES", str(tmp_path / "mine"))
    assert find_title("tiny") == tmp_path / "mine" / "tiny"


def test_a_program_may_still_load_a_title_from_a_folder_it_chooses() -> None:
    assert Title.from_folder(TINY).id == "tiny"


def test_a_game_started_with_titles_finds_its_title_again_without_it(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILBOOK_CACHE", str(tmp_path / "cache"))
    mine = tmp_path / "designs" / "tiny"
    shutil.copytree(TINY, mine)
    game = tmp_path / "g.json"
    code, output = run("new", "tiny", "--players", "2", "-o", str(game), "--titles", str(mine.parent))
    assert code == 0 and "remembered" in output
    use_title_folders([])
    code, output = run("show", str(game))
    assert code == 0, output
    assert find_title("tiny") == mine.resolve()


def test_a_remembered_title_is_only_ever_one_the_user_started(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A game file names an id; only the user's own ``new --titles`` adds a folder to look in."""
    monkeypatch.setenv("RAILBOOK_CACHE", str(tmp_path / "cache"))
    mine = tmp_path / "designs" / "tiny"
    shutil.copytree(TINY, mine)
    log = {"id": 1, "title": "tiny", "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
           "actions": [], "settings": {"title_folder": str(mine.parent)}}
    game = tmp_path / "g.json"
    game.write_text(json.dumps(log), encoding="utf-8")
    code, _ = run("show", str(game))
    assert code != 0
    assert find_title("tiny") is None


def test_a_forgotten_folder_is_no_title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILBOOK_CACHE", str(tmp_path / "cache"))
    mine = tmp_path / "designs" / "tiny"
    shutil.copytree(TINY, mine)
    from railbook.paths import remember_title

    assert remember_title("tiny", mine)
    shutil.rmtree(mine)
    assert find_title("tiny") is None
