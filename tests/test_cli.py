"""The railbook command line: every command explains itself, and a game can be
started, played and shown from the shell."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from railbook.cli.main import build_parser, main
from railbook.dsl import api


def _commands() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return sorted(sub.choices)


@pytest.mark.parametrize("command", _commands())
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: railbook {command}")


def test_a_command_line_builds_only_its_command_and_the_table_of_modules_is_true() -> None:
    from railbook.cli import commands

    def names(parser: object) -> list[str]:
        sub = next(a for a in parser._actions if a.dest == "command")   # type: ignore[attr-defined]
        return list(sub.choices)

    assert names(build_parser()) == list(commands.MODULES)   # every command, in --help order
    for command, module in commands.MODULES.items():
        assert names(build_parser(command)) == [command]
        assert command in importlib.import_module(f"railbook.cli.{module}").REGISTER
    assert names(build_parser("no-such-command")) == list(commands.MODULES)


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


def test_hooks_lists_every_hook_point_function_and_method(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hooks"]) == 0
    out = capsys.readouterr().out
    for name in [*api.HOOK_POINTS, *api.FUNCTIONS]:
        assert f"  {name}(" in out, name
    for methods in api.METHODS.values():
        for name in methods:
            assert f"  .{name}" in out, name


def test_hooks_prints_one_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hooks", "Route"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Route") and "route_bonus" not in out


def test_titles_lists_the_four_titles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["titles"]) == 0
    out = capsys.readouterr().out
    for tid in ("1830", "1894", "1893", "1826"):
        assert tid in out


def test_a_game_is_started_played_undone_and_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    assert main(["new", "1830", "--players", "4", "--names", "Ann,Bo,Cy,Di", "-o", str(saved)]) == 0
    assert "Ann" in capsys.readouterr().out

    # the first player bids on the cheapest private: it is bought outright
    assert main(["act", str(saved), '{"type": "bid", "company": "SV", "price": 20}']) == 0
    capsys.readouterr()
    state = json.loads(saved.read_text())
    assert [a["type"] for a in state["actions"]] == ["bid"]

    assert main(["show", str(saved), "--json"]) == 0
    digest = json.loads(capsys.readouterr().out)
    ann = digest["players"]["1"]  # players are keyed by seat id
    assert ann["cash"] == 600 - 20
    assert ann["companies"] == ["SV"]

    assert main(["act", str(saved), "--undo"]) == 0
    capsys.readouterr()
    assert main(["show", str(saved), "--json"]) == 0
    digest = json.loads(capsys.readouterr().out)
    assert digest["players"]["1"]["cash"] == 600


def test_an_illegal_action_is_refused_and_the_saved_game_is_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    assert main(["new", "1830", "--players", "3", "-o", str(saved)]) == 0
    before = saved.read_bytes()
    assert main(["act", str(saved), '{"type": "bid", "company": "SV", "price": 5}']) == 1
    err = capsys.readouterr().err
    assert err.startswith("railbook: ")
    assert saved.read_bytes() == before


def test_bad_json_is_a_message_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    assert main(["new", "1830", "--players", "3", "-o", str(saved)]) == 0
    assert main(["act", str(saved), "{type: pass"]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_unknown_title_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "1999", "--players", "3", "-o", str(tmp_path / "g.json")]) == 1
    err = capsys.readouterr().err
    assert "unknown title '1999'" in err and "1830" in err  # and which titles there are


def test_a_log_of_an_unknown_title_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"id": 1, "title": "1999", "players": [{"id": 1, "name": "A"}], "actions": []}))
    assert main(["replay", str(log)]) == 1
    assert "unknown title '1999'" in capsys.readouterr().err


def test_show_numbers_the_legal_actions_and_act_takes_one_by_its_number(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    assert main(["new", "1830", "--players", "3", "--names", "Ann,Bob,Cy", "-o", str(saved)]) == 0
    assert main(["show", str(saved)]) == 0
    shown = capsys.readouterr().out
    assert '1  {"type": "bid", "entity": 1, "entity_type": "player", "company": "SV", "price": 20}' in shown
    assert "minimum bid $45" in shown
    assert main(["act", str(saved), "1"]) == 0
    assert capsys.readouterr().out.startswith("> Ann buys SV for $20")
    assert main(["act", str(saved), "1", "50"]) == 0          # Bob buys CS for 50 (from 40 to his cash)
    assert "> Bob buys CS for $50" in capsys.readouterr().out


def test_act_reads_natural_values_against_the_legal_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    assert main(["new", "1830", "--players", "3", "--names", "Ann,Bob,Cy", "-o", str(saved)]) == 0
    assert main(["act", str(saved), '{"type": "bid", "entity": "ann", "company": "SV"}']) == 0
    assert "> Ann buys SV" in capsys.readouterr().out
    assert main(["act", str(saved), '{"type": "bid", "company": "CS", "price": 1000}']) == 1
    assert "railbook: " in capsys.readouterr().err
