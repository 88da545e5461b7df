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


# ---------------------------------------------------------------- the messages a player reads

REFERENCE = Path(__file__).parent / "fixtures" / "reference_games"


def _reference(name: str, upto: int | None, folder: Path) -> Path:
    """A reference game's first ``upto`` actions (all but the last ``-upto``), saved as a game file."""
    import gzip

    data = json.loads(gzip.open(REFERENCE / f"{name}.json.gz").read())
    data["actions"] = data["actions"][:upto]
    data.pop("result", None)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_readme_play_example_runs_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Playing a game from the command line", 1)[1].split("```", 2)[1]
    monkeypatch.chdir(tmp_path)
    said: list[str] = []
    for line in block.splitlines():
        if line.startswith("$ railbook "):
            import shlex

            assert main(shlex.split(line)[2:]) == 0, (line, capsys.readouterr().err)
            said = capsys.readouterr().out.splitlines()
        elif line.startswith("> "):
            assert line in said, (line, said[:3])


def test_a_game_finished_by_act_saves_its_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _reference("1893_early_bankruptcy", -1, tmp_path)
    assert main(["legal", str(path)]) == 0
    listed = capsys.readouterr().out.splitlines()
    bankrupt = next(line.split()[0] for line in listed if '"bankrupt"' in line)
    assert main(["act", str(path), bankrupt]) == 0
    assert "game over" in capsys.readouterr().out
    assert json.loads(path.read_text())["result"] == {"11": 906, "21": 649, "41": 633, "31": 370}


def test_legal_and_show_number_a_bankruptcy_alike_so_act_takes_what_legal_lists(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _reference("1893_early_bankruptcy", -1, tmp_path)
    assert main(["legal", str(path)]) == 0
    legal = [line.split(None, 1) for line in capsys.readouterr().out.splitlines()]
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    for number, action in legal:
        assert f"{number:>3}  {action.split('  [')[0]}" in shown


def test_show_prices_an_ipo_share_at_its_ipo_price_and_an_exchange_for_its_private(tmp_path: Path) -> None:
    from railbook.play.listing import describe, numbered
    from railbook.play.saves import game_of, read_log

    data = read_log(_reference("1830_all_phases_to_bank_break", None, tmp_path))
    seen: dict[str, str] = {}

    def look(game: object, _: object) -> None:
        if len(seen) == 2:
            return
        for la in numbered(game):   # type: ignore[arg-type]
            if la.type != "buy_shares":
                continue
            words = describe(game, la)   # type: ignore[arg-type]
            share = game.share_by_id(la.action["shares"][0])   # type: ignore[attr-defined]
            corp = share.corporation
            if la.action.get("entity_type") == "company":
                seen.setdefault("exchange", words)
            elif share.owner is corp and corp.share_price is not None and corp.share_price.price != corp.par_price.price:
                seen.setdefault("ipo", words + f" | par {game.format_money(corp.par_price.price)}")   # type: ignore[attr-defined]
    data["actions"] = data["actions"][:400]
    game_of(data, after=look)
    assert "in exchange for Mohawk" in seen["exchange"] and "at ?" not in seen["exchange"]
    words, par = seen["ipo"].split(" | par ")
    assert f"from the IPO at {par} a share" in words


def test_minors_are_in_the_state_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _reference("1893_early_bankruptcy", -1, tmp_path)
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "minor " in out and "KFBE" in out.split("minor ", 1)[1].split("market", 1)[0]


def test_info_gives_figures_per_player_count_not_python_dicts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", "1846"]) == 0
    out = capsys.readouterr().out
    assert "{" not in out and "xunlimited" not in out
    assert "3p $6500, 4p $7500, 5p $9000" in out or "3p $6,500, 4p $7,500, 5p $9,000" in out


def test_natural_json_says_which_legal_actions_fit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = opening = tmp_path / "o.json"
    scenario = json.loads((Path(__file__).parent / "scenarios" / "1830_opening.json").read_text())
    opening.write_text(json.dumps({**scenario, "actions": scenario["actions"][:22]}), encoding="utf-8")
    assert main(["act", str(path), '{"type": "lay_tile", "entity": "NYC", "hex": "E19"}']) == 1
    err = capsys.readouterr().err
    assert "legal actions fit that lay_tile; say which with" in err and "unknown player" not in err


def test_legal_at_an_action_the_log_has_not_is_a_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _reference("1893_early_bankruptcy", None, tmp_path)
    assert main(["legal", str(path), "--at", "99999"]) == 1
    err = capsys.readouterr().err
    assert f"{path}: --at 99999: there is no action 99999 in this log (its actions are numbered 1 to 237)" in err


def test_routes_names_a_corporation_the_game_has_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _reference("1893_early_bankruptcy", -1, tmp_path)
    assert main(["routes", str(path), "--corporation", "XYZ"]) == 1
    err = capsys.readouterr().err
    assert "no corporation XYZ in this 1893 game" in err and "AGV" in err


def test_fidelity_counts_games_of_titles_railbook_has_not_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "1999").mkdir()
    (tmp_path / "1999" / "1.json").write_text(json.dumps(
        {"id": 1, "title": "1999", "players": [{"id": 1, "name": "A"}], "actions": []}), encoding="utf-8")
    _reference("1893_early_bankruptcy", None, tmp_path)
    assert main(["fidelity", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "unknown" in out and "not a title railbook has (1999)" in out and "DIFFERS" not in out
    assert out.splitlines()[-1] == "games: 2, exact: 1, not a title railbook has: 1"


def test_docs_into_a_folder_that_cannot_be_written_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "1830", "-o", "/proc/x"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("railbook: cannot write to /proc/x") and "bug" not in err


def test_a_long_command_shows_its_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _reference("1893_early_bankruptcy", None, tmp_path)
    monkeypatch.setenv("RAILBOOK_PROGRESS", "1")
    assert main(["fidelity", "-q", str(tmp_path)]) == 0
    assert "fidelity" in capsys.readouterr().err
    assert main(["legal", str(tmp_path / "1893_early_bankruptcy.json"), "--check"]) == 0
    assert "checking" in capsys.readouterr().err
