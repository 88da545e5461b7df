"""Only regular files are read, their size known first; symbolic links stay inside the title folder.

Issue 31's cases: ``trains.yaml -> /dev/zero`` (MemoryError), ``rules.hooks -> /dev/urandom`` or a
FIFO (hangs), a symbolic link to a secret file (validate printed its contents in a schema error),
``railbook show /dev/zero`` (exhausted memory). Each is refused in a located line, at once.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main

TESTS = Path(__file__).parent
SECRET = "the-secret-password-1234"


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    assert time.perf_counter() - started < 10
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text
    return code, text


@pytest.fixture
def title(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    shutil.copytree(TESTS / "negative" / "_base", folder)
    return folder


@pytest.mark.parametrize("name, target", [("trains.yaml", "/dev/zero"), ("rules.hooks", "/dev/urandom"),
                                          ("map.yaml", "/dev/zero")])
def test_a_symbolic_link_out_of_the_title_folder_is_refused(title: Path, monkeypatch: pytest.MonkeyPatch,
                                                            name: str, target: str) -> None:
    (title / name).unlink(missing_ok=True)
    (title / name).symlink_to(target)
    code, text = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 1
    assert f"tiny/{name}:1:1: not read: it is a symbolic link to a file outside its folder" in text


def test_a_symbolic_link_to_a_secret_file_never_shows_its_contents(title: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\n")
    (title / "trains.yaml").unlink()
    (title / "trains.yaml").symlink_to(secret)
    code, text = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 1 and SECRET not in text


def test_a_symbolic_link_inside_the_title_folder_is_read(title: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (title / "trains.yaml").rename(title / "trains-list.yaml")
    (title / "trains.yaml").symlink_to("trains-list.yaml")
    code, text = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 0, text


@pytest.mark.parametrize("name", ["rules.hooks", "tiles.yaml"])
def test_a_pipe_in_a_title_folder_is_refused_without_waiting(title: Path, monkeypatch: pytest.MonkeyPatch,
                                                             name: str) -> None:
    (title / name).unlink(missing_ok=True)
    os.mkfifo(title / name)
    code, text = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 1 and "is not a regular file" in text


def test_a_title_file_too_large_is_refused_before_it_is_read(title: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open(title / "map.yaml", "ab") as fh:
        fh.truncate(5 * 1024 * 1024)          # a sparse file: its size says enough
    code, text = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 1 and "bytes: at most" in text


def test_a_schema_error_quotes_only_a_short_excerpt(title: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_text = "x" * 5000 + SECRET
    (title / "trains.yaml").write_text(json.dumps(long_text) + "\n")
    code, text = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 1 and SECRET not in text
    assert max(len(line) for line in text.splitlines()) < 600


@pytest.mark.parametrize("command", ["show", "replay", "act"])
def test_show_and_act_refuse_a_device_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    argv = [command, "/dev/zero"] + (["1"] if command == "act" else [])
    code, text = run(tmp_path, monkeypatch, *argv)
    assert code != 0 and "/dev/zero" in text and "regular file" in text


@pytest.mark.parametrize("command", ["show", "act"])
def test_show_and_act_refuse_a_pipe_without_waiting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     command: str) -> None:
    os.mkfifo(tmp_path / "g.json")
    argv = [command, "g.json"] + (["1"] if command == "act" else [])
    code, text = run(tmp_path, monkeypatch, *argv)
    assert code != 0 and "regular file" in text


def test_a_game_file_larger_than_the_limit_is_refused_before_reading(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with open(tmp_path / "g.json", "wb") as fh:
        fh.truncate(65 * 1024 * 1024)
    code, text = run(tmp_path, monkeypatch, "show", "g.json")
    assert code != 0 and "at most" in text
