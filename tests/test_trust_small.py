"""Issue 31's small ones: each a located error (never "internal error"), or nothing left behind.

``act g.json ²`` and a 5,000-digit index; orphan temporary files after writers are killed; a hook
error naming the original title's path instead of the copy's; ``make fuzz`` interrupted writing no
report. (A log's ``seed: "abc"`` and the lobby's ``seed: -5`` are in test_trust_budgets.py and
test_trust_serve.py.)
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main
from railbook.play import saves

TESTS = Path(__file__).parent
ROOT = TESTS.parent
SCENARIO = json.loads((TESTS / "scenarios" / "1830_opening.json").read_text())


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text and "internal error" not in text
    return code, text


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    path.write_text(json.dumps({**SCENARIO, "actions": SCENARIO["actions"][:3]}))
    return path


@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000, "1" * 13])
def test_an_action_number_that_is_no_number_is_refused_in_words(game: Path, monkeypatch: pytest.MonkeyPatch,
                                                               typed: str) -> None:
    before = game.read_text()
    code, text = run(game.parent, monkeypatch, "act", "g.json", typed)
    assert code == 1 and ("not a whole number" in text or "digits" in text)
    assert len(text) < 2000 and game.read_text() == before


def test_a_value_of_five_thousand_digits_is_refused_in_words(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = run(game.parent, monkeypatch, "show", "g.json")
    assert code == 0
    code, text = run(game.parent, monkeypatch, "act", "g.json", "1", "9" * 5000)
    assert code == 1 and len(text) < 2000


def test_a_killed_writer_leaves_no_temporary_file_behind_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    data = {**SCENARIO, "actions": SCENARIO["actions"] * 200}      # a big file: a write takes a while
    saves.write_atomically(path, data)
    script = ("import json, sys\nfrom railbook.play import saves\n"
              "data = json.load(open(sys.argv[1]))\nprint('ready', flush=True)\n"
              "while True:\n    saves.write_atomically(sys.argv[1], data)\n")
    for k in range(12):
        writer = subprocess.Popen([sys.executable, "-c", script, str(path)], cwd=ROOT, stdout=subprocess.PIPE)
        assert writer.stdout is not None and writer.stdout.readline().startswith(b"ready")
        time.sleep(0.05 + 0.01 * k)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    saves.write_atomically(path, data)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
    assert saves.read_log(str(path))["actions"] == data["actions"]


def test_a_living_writers_temporary_file_is_left_alone(tmp_path: Path) -> None:
    import fcntl

    path = tmp_path / "g.json"
    saves.write_atomically(path, {"a": 1})
    orphan = tmp_path / ".g.json.orphan.tmp"
    orphan.write_text("{")
    living = tmp_path / ".g.json.living.tmp"
    living.write_text("{")
    fd = os.open(living, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        saves.write_atomically(path, {"a": 2})
        assert not orphan.exists() and living.exists()
    finally:
        os.close(fd)


def test_a_hook_error_names_the_copy_it_came_from(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hooks = (TESTS / "corpus" / "hooks" / "division_by_zero" / "rules.hooks").read_text()
    for where in ("original", "copy"):
        title = tmp_path / where / "tiny"
        shutil.copytree(TESTS / "negative" / "_base", title)
        (title / "rules.hooks").write_text(hooks)
    run(tmp_path / "original", monkeypatch, "new", "tiny", "--players", "2", "-o", "g.json", "--titles", ".")
    code, text = run(tmp_path, monkeypatch, "new", "tiny", "--players", "2", "-o", "g.json",
                     "--titles", str(tmp_path / "copy"))
    assert code == 1
    assert "copy/tiny/rules.hooks:2:" in text and "original" not in text


def test_an_interrupted_fuzz_run_writes_its_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from railbook.bots.fuzz import run_fuzz_task
    from railbook.cli import fuzz_commands

    def one_then_interrupted(tasks: list, workers: int):  # type: ignore[no-untyped-def]
        yield run_fuzz_task(tasks[0])
        raise KeyboardInterrupt

    monkeypatch.setattr(fuzz_commands, "_results", one_then_interrupted)
    code, _ = run(tmp_path, monkeypatch, "fuzz", "1889", "--games", "5", "--stop-after", "20",
                  "--report", "report.json")
    assert code == 130
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["summary"]["interrupted"] is True and report["summary"]["played"] == 1
    assert len(report["games"]) == 1 and not list(tmp_path.glob(".report.json*"))
