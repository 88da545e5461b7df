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


def test_a_random_bot_passes_at_least_one_time_in_four_where_it_may() -> None:
    """Among ten raises and a pass a uniform choice passes one time in eleven: bots raising bids with
    every payout of a waterfall auction's all-pass never left 1894's auction (the fuzz, seed 17)."""
    from railbook.bots.random_bot import PASS_AT_LEAST, RandomBot
    from railbook.engine.legal import LegalAction

    legal = [LegalAction({"type": "bid", "entity": 1, "entity_type": "player", "company": "LS", "price": 90 + 5 * k})
             for k in range(10)] + [LegalAction({"type": "pass", "entity": 1, "entity_type": "player"})]
    bot = RandomBot(17)
    passes = sum(bot.choose(None, legal)["type"] == "pass" for _ in range(2000))   # type: ignore[arg-type]
    assert passes / 2000 >= 1 / PASS_AT_LEAST
