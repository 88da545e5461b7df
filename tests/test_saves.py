"""Saves that lose nothing: ``act`` holds the game under a lock, every write is atomic through a
unique temporary file, and ``new`` never overwrites a game without ``--force``."""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from railbook.play import saves
from railbook.cli.main import main

RUNS = 50
#: the concurrency test plays a tiny title (tests/titles/tiny): it sets up in milliseconds
TITLES = str(Path(__file__).parent / "titles")


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


def new_game(path: Path) -> None:
    code, output = run("new", "1830", "--players", "4", "-o", str(path), "--force")
    assert code == 0, output


def actions(path: Path) -> list[dict[str, Any]]:
    saved: list[dict[str, Any]] = json.loads(path.read_text())["actions"]
    return saved


def test_new_refuses_to_overwrite_a_game_without_force(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    new_game(game)
    run("act", str(game), '{"type": "pass"}')
    before = game.read_bytes()
    code, output = run("new", "1830", "--players", "3", "-o", str(game))
    assert code == 1
    assert output.strip() == (f"railbook: {game} exists: a game may be in progress there; choose another file, "
                              f"or use --force to replace it")
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_new_with_force_replaces_the_game(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    new_game(game)
    run("act", str(game), '{"type": "pass"}')
    new_game(game)
    assert actions(game) == []


def test_new_into_a_missing_folder_says_so(tmp_path: Path) -> None:
    code, output = run("new", "1830", "--players", "3", "-o", str(tmp_path / "no" / "game.json"))
    assert code == 1
    assert output.strip() == f"railbook: cannot save {tmp_path / 'no' / 'game.json'}: there is no folder {tmp_path / 'no'}"


def test_a_refused_action_writes_nothing_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    new_game(game)
    before = game.read_bytes()
    code, output = run("act", str(game), '{"type": "bid", "company": "SV", "price": 5}')
    assert code == 1 and "rule:" in output
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_save_keeps_the_files_permissions(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    new_game(game)
    game.chmod(0o640)
    run("act", str(game), '{"type": "pass"}')
    assert game.stat().st_mode & 0o777 == 0o640


def test_act_waits_for_a_writer_and_refuses_when_it_holds_the_game_too_long(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "game.json"
    new_game(game)
    before = game.read_bytes()
    monkeypatch.setattr(saves, "LOCK_WAIT", 0.2)
    with saves.locked(game):
        code, output = run("act", str(game), '{"type": "pass"}')
    assert code == 1
    assert "another railbook process has been changing this game" in output and "nothing was saved" in output
    assert game.read_bytes() == before


def _two_at_once(path: Path, first: str, second: str) -> list[tuple[int, str]]:
    """Two ``railbook act`` processes started together (forked: railbook is loaded already, so both
    are at the lock within a millisecond of each other); their exit codes and last lines."""
    go_read, go_write = os.pipe()
    children = []
    for action in (first, second):
        out_read, out_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: wait for the start, act, report, leave
            os.close(go_write)
            os.read(go_read, 1)
            try:
                code, output = run("act", str(path), action, "--titles", TITLES)
                lines = output.strip().splitlines()
                os.write(out_write, json.dumps([code, lines[-1] if lines else ""]).encode())
            finally:
                os._exit(0)
        os.close(out_write)
        children.append((pid, out_read))
    os.write(go_write, b"go")  # one byte each: both start now
    os.close(go_write)
    os.close(go_read)
    outcome = []
    for pid, out_read in children:
        with os.fdopen(out_read, "rb") as fh:
            code, line = json.loads(fh.read() or b'[99, "no report"]')
        os.waitpid(pid, 0)
        outcome.append((code, line))
    return outcome


@pytest.mark.skipif(not hasattr(os, "fork") or saves.fcntl is None, reason="needs fork and flock")
def test_two_act_processes_at_once_never_lose_an_action(tmp_path: Path) -> None:
    """Both saved in order, or the second refused saying why: never both told yes with one lost."""
    game = tmp_path / "game.json"
    both_saved = refused = 0
    for i in range(RUNS):
        code, output = run("new", "tiny", "--players", "2", "-o", str(game), "--force", "--titles", TITLES)
        assert code == 0, output
        if i % 2 == 0:  # two passes by whoever is to act: both are legal, one after the other
            outcome = _two_at_once(game, '{"type": "pass"}', '{"type": "pass"}')
        else:  # the same player's bid twice: the second comes too late for the same turn
            bid = '{"type": "bid", "entity": 1, "entity_type": "player", "company": "AA", "price": 20}'
            outcome = _two_at_once(game, bid, bid)
        saved = actions(game)
        succeeded = sum(1 for code, _ in outcome if code == 0)
        assert succeeded == len(saved), (outcome, saved)  # every success is in the file
        assert [a["id"] for a in saved] == list(range(1, len(saved) + 1))
        if succeeded == 2:
            both_saved += 1
            assert [a["entity"] for a in saved] == [1, 2]  # in order: the second acted after the first
        else:
            refused += 1
            assert succeeded == 1
            assert any(code == 1 and "rule:" in line for code, line in outcome)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert both_saved == RUNS // 2 and refused == RUNS // 2
