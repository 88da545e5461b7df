"""Bots play whole games through the legal actions; their logs replay to the same scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railbook.bots.selfplay import play
from railbook.cli.main import main
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay


def test_random_bots_play_1830_to_its_end_through_listed_actions_only() -> None:
    result = play("1830", 4, 1, ["random"])
    assert result.finished and result.end_reason
    assert result.ok, (result.error, result.refused[:1])


def test_a_self_played_game_replays_to_the_same_scores() -> None:
    result = play("1894", 4, 2, ["random"])
    again = replay(eighteen_xx.from_dict(json.loads(json.dumps(result.log))))
    assert again.error is None and again.matches_result is True


def test_the_same_seed_plays_the_same_game() -> None:
    assert play("1830", 3, 5, ["random"]).log == play("1830", 3, 5, ["random"]).log


def test_selfplay_prints_a_line_per_game_and_saves_the_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "1830", "--players", "3", "--games", "2", "--seed", "4", "--json",
                 "-o", str(tmp_path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["seed"] for r in rows] == [4, 5] and all(r["replays"] for r in rows)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1830-seed4.json", "1830-seed5.json"]


def test_an_unknown_bot_is_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "1830", "--bots", "clever"]) == 1
    assert "unknown bot clever" in capsys.readouterr().err
