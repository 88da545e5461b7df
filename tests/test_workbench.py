"""The title designer's workbench: a new title from ``railbook init-title`` validates and plays at once."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.bots.selfplay import play
from railbook.cli.main import main
from railbook.paths import use_title_folders
from railbook.workbench.init_title import FILES, InitError, init_title


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


@pytest.fixture
def started(tmp_path: Path) -> Path:
    code, output = run("init-title", "Prairie", "--dir", str(tmp_path))
    assert code == 0, output
    assert "wrote 8 files" in output
    return tmp_path / "Prairie"


def test_a_new_title_validates_as_it_is(started: Path) -> None:
    code, output = run("validate", str(started))
    assert code == 0 and output.strip().endswith("ok"), output


def test_a_new_title_carries_its_id_and_says_what_to_change(started: Path) -> None:
    title = (started / "title.yaml").read_text(encoding="utf-8")
    assert 'id: "Prairie"' in title and "__" not in title
    assert all((started / f).read_text(encoding="utf-8").lstrip().startswith("#") for f in FILES)


def test_a_new_title_plays_to_its_end_with_random_bots(started: Path) -> None:
    use_title_folders([started.parent])
    try:
        for seed in (1, 2):
            result = play("Prairie", 3, seed, ["random"])
            assert result.finished and result.end_reason, result.error
            assert result.ok, (result.error, result.refused[:1])
    finally:
        use_title_folders([])


def test_init_title_refuses_a_name_that_is_not_an_id(tmp_path: Path) -> None:
    with pytest.raises(InitError, match="not a title id"):
        init_title("../escape", tmp_path)
    code, output = run("init-title", "a/b", "--dir", str(tmp_path))
    assert code == 1 and "not a title id" in output


def test_init_title_never_writes_over_a_folder_with_files(started: Path) -> None:
    code, output = run("init-title", "Prairie", "--dir", str(started.parent))
    assert code == 1 and "already exists" in output
    assert run("init-title", "Prairie", "--dir", str(started.parent), "--force")[0] == 0
