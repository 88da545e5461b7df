"""Nothing illegal gets in: every action is held to its declared shape before the rules judge it,
and values the rules fix are the engine's, never the action's.

The hostile actions are files, one case each, in tests/corpus/actions/ (tests/corpus_support.py says
how a case reads): a game, how far into it, the action, and the rule and message it must meet. Each
is tried on the game in memory (refused, the game exactly as it was) and through ``railbook act`` on
a saved game (one line of error, no traceback, the file untouched).
"""

from __future__ import annotations

import gzip
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from conftest import fixtures_dir
from corpus_support import action_cases, game_at, next_action, saved_game

from railbook.cli.main import main
from railbook.engine.action_shapes import SHAPES, check_shape
from railbook.engine.trace import digest
from railbook.errors import ActionFormatError, GameError

CASES = action_cases()


def _case(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(path.read_text())
    return case


def test_the_corpus_has_a_case_for_every_failure_the_issue_lists() -> None:
    names = {p.stem for p in CASES}
    assert len(names) >= 50
    for needed in ("buy_percent_negative", "buy_percent_zero", "buy_percent_above_the_certificate",
                   "buy_the_same_certificate_twice", "buy_a_share_of_an_unparred_corporation",
                   "buy_two_certificates_at_once", "sell_percent_negative", "buy_percent_negative_in_1894",
                   "sell_percent_negative_in_1894", "run_routes_train_as_list", "lay_tile_rotation_as_text",
                   "lay_tile_rotation_seven", "lay_tile_rotation_negative", "bid_price_as_text"):
        assert needed in names


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_hostile_action_is_refused_naming_its_rule_and_leaves_the_game_as_it_was(path: Path) -> None:
    case = _case(path)
    game = game_at(case["game"], case["at"])
    before = json.dumps(digest(game, 0), sort_keys=True)
    history = len(game.history)
    with pytest.raises(GameError) as refused:
        game.process(case["action"])
    assert (refused.value.rule, refused.value.message) == (case["rule"], case["message"])
    assert json.dumps(digest(game, 0), sort_keys=True) == before
    assert len(game.history) == history
    # the game plays on: what was recorded next is still legal
    game.process(next_action(case["game"], case["at"]))


def run_cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_act_refuses_a_hostile_action_in_one_line_and_leaves_the_file_untouched(path: Path, tmp_path: Path) -> None:
    case = _case(path)
    game_file = tmp_path / "game.json"
    game_file.write_text(json.dumps(saved_game(case["game"], case["at"]), indent=1))
    before = game_file.read_bytes()
    action = case["action"]
    if isinstance(action, dict) and isinstance(action.get("id"), int) and action["id"] >= 0:
        action = {k: v for k, v in action.items() if k != "id"}  # act numbers the actions it saves itself
    code, output = run_cli("act", str(game_file), json.dumps(action))
    assert code == 1
    assert "Traceback" not in output
    assert output.strip().splitlines() == [f"railbook: {case['message']} [rule: {case['rule']}]"]
    assert game_file.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left behind


# ---------------------------------------------------------------- every real action fits its shape

def _recorded_logs() -> list[Path]:
    folder = fixtures_dir()
    return sorted(folder.rglob("*.json")) if folder.is_dir() else []


def _walk(action: dict[str, Any]) -> list[dict[str, Any]]:
    return [action, *[sub for a in action.get("auto_actions") or [] for sub in _walk(a)]]


def test_every_action_of_every_recorded_game_fits_its_declared_shape() -> None:
    """Every recorded game of a title railbook has (a title it lacks may use action kinds railbook has
    not met yet: those games are counted apart, as railbook fidelity counts them)."""
    from railbook.title.sources import find_title_or_alias

    logs = _recorded_logs()
    if not logs:
        pytest.skip(f"no recorded games at {fixtures_dir()}")
    seen: set[str] = set()
    for path in logs:
        data = json.loads(path.read_text())
        if find_title_or_alias(str(data.get("title", ""))) is None:
            continue
        for action in data["actions"]:
            check_shape(action)
            seen.update(a["type"] for a in _walk(action))
    assert len(seen) >= 25


def test_every_action_of_the_reference_games_and_scenarios_fits_its_declared_shape() -> None:
    folder = Path(__file__).parent
    for path in sorted((folder / "fixtures" / "reference_games").glob("*.json.gz")):
        if ".trace." in path.name:
            continue
        for action in json.loads(gzip.open(path).read())["actions"]:
            check_shape(action)
    for path in sorted((folder / "scenarios").glob("*.json")):
        for action in json.loads(path.read_text())["actions"]:
            check_shape(action)


def test_a_shape_names_every_field_it_allows_once() -> None:
    for kind, shape in SHAPES.items():
        assert not set(shape.required) & set(shape.optional), kind
        assert not set(shape.unsupported) & set(shape.fields()), kind


@pytest.mark.parametrize("value", [True, "3", 3.0, -1, 6, None])
def test_a_rotation_is_a_whole_number_from_0_to_5_and_nothing_is_coerced(value: Any) -> None:
    with pytest.raises(ActionFormatError, match="rotation"):
        check_shape({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "tile": "57-0",
                     "hex": "H10", "rotation": value})


def test_a_misspelled_field_is_refused_with_the_field_it_meant() -> None:
    with pytest.raises(ActionFormatError, match="no field 'percnt' \\(did you mean 'percent'\\?\\)"):
        check_shape({"type": "buy_shares", "entity": 1, "shares": ["PRR_2"], "percnt": 10})


def test_a_sale_may_leave_part_of_the_presidents_certificate_behind() -> None:
    # the recorded games sell 50% of a holding of the 20% president's certificate and four 10% ones
    game = game_at("1830_opening", 30)
    bo = game.player_by_id(2)
    assert sorted(s.id for s in bo.shares_of(game.corporation_by_id("B&O"))) == ["B&O_0", "B&O_1", "B&O_2"]
    from railbook.engine.actions import bundle_percent

    shares = [game.share_by_id(s) for s in ("B&O_1", "B&O_2", "B&O_0")]
    assert bundle_percent("sell_shares", shares, 30) == 30
    assert bundle_percent("sell_shares", shares, None) == 40
    with pytest.raises(ActionFormatError, match="share percent|30%"):
        bundle_percent("buy_shares", shares, 30)
