"""The ``railbook`` program as a process: a short command ends at once, with its whole output and
its exit status; the others end as Python does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from railbook.cli import commands

ROOT = Path(__file__).resolve().parent.parent


def _railbook(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "railbook.cli.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_every_short_command_is_a_command() -> None:
    assert commands.SHORT <= set(commands.MODULES)


def test_commands_that_play_many_games_or_serve_are_not_short() -> None:
    for command in ("fidelity", "selfplay", "fuzz", "serve", "bench", "simulate", "site"):
        assert command not in commands.SHORT


def test_a_short_command_prints_all_it_has_to_say_and_its_saves_are_whole(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    done = _railbook("new", "1830", "--players", "4", "--names", "Ann,Bo,Cy,Di", "-o", str(saved))
    assert done.returncode == 0, done.stderr
    assert "Ann" in done.stdout
    done = _railbook("act", str(saved), '{"type": "bid", "company": "SV", "price": 20}')
    assert done.returncode == 0, done.stderr
    assert [a["type"] for a in json.loads(saved.read_text())["actions"]] == ["bid"]
    done = _railbook("show", str(saved), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"]["1"]["cash"] == 600 - 20


def test_a_short_command_that_fails_ends_with_its_status_and_message(tmp_path: Path) -> None:
    done = _railbook("replay", str(tmp_path / "missing.json"))
    assert done.returncode == 1
    assert "no such file" in done.stderr


def test_a_misused_command_line_still_ends_as_argparse_ends_it() -> None:
    done = _railbook("replay")
    assert done.returncode == 2
    assert done.stderr.startswith("usage: railbook replay")
    done = _railbook("replay", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: railbook replay")
