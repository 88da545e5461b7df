"""No game file crashes railbook: every malformed log gets one located error, never a traceback.

The cases are folders in tests/corpus/logs/, one each: the file to read (a game.json that is not
quite a game, or no game at all), about.txt saying what is wrong with it, and expected.txt, the line
``railbook show`` must print (after ``railbook: ``). ``railbook replay`` must say the same (a broken
action it reports with the game's state, naming the action and its message).
"""

from __future__ import annotations

import io
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main

LOGS = Path(__file__).parent / "corpus" / "logs"
CASES = sorted(p for p in LOGS.iterdir() if p.is_dir())
ACTION_LINE = re.compile(r"^game\.json: action (\d+) \((\w+)\): (.*) \[rule: (.*)\]$")


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


def test_the_corpus_holds_every_malformed_file_the_issue_lists() -> None:
    names = {p.name for p in CASES}
    assert len(names) >= 40
    assert {"actions_as_text", "players_as_number", "settings_as_list", "result_as_list", "invalid_utf8",
            "deeply_nested", "number_of_5000_digits", "game_is_a_folder", "binary_file", "duplicate_player_ids",
            "title_as_a_path", "title_climbing_out"} <= names


def _expected(case: Path) -> str:
    """The line a case must produce; ``{titles}`` stands for the titles railbook has (a list that grows)."""
    from railbook.paths import known_titles

    text = (case / "expected.txt").read_text(encoding="utf-8").strip()
    return text.replace("{titles}", ", ".join(sorted(known_titles())))


@pytest.mark.parametrize("case", CASES, ids=[p.name for p in CASES])
def test_show_reports_a_malformed_game_file_in_one_located_line(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _expected(case)
    code, output = run(case, monkeypatch, "show", "game.json")
    assert code == 1
    assert "Traceback" not in output
    assert output.strip().splitlines() == [f"railbook: {expected}"]


@pytest.mark.parametrize("case", CASES, ids=[p.name for p in CASES])
def test_replay_reports_it_too(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _expected(case)
    code, output = run(case, monkeypatch, "replay", "game.json")
    assert code == 1
    assert "Traceback" not in output
    broken = ACTION_LINE.match(expected)
    if broken:  # replay stops at the action, says why and shows the state there
        action_id, kind, message, rule = broken.groups()
        assert f"action {action_id} ({kind} by " in output and f"breaks a rule: {message}" in output
        assert f"rule: {rule}" in output
    else:
        assert output.strip().splitlines() == [f"railbook: {expected}"]


def test_a_traceback_is_shown_only_with_debug(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from railbook.cli import title_commands

    def broken(args: object) -> int:
        raise KeyError("a fault of railbook's own")

    monkeypatch.setattr(title_commands, "cmd_titles", broken)
    code, output = run(tmp_path, monkeypatch, "titles")
    assert code == 1
    assert "internal error: KeyError" in output and "--debug" in output and "Traceback" not in output
    with pytest.raises(KeyError):
        run(tmp_path, monkeypatch, "titles", "--debug")
