"""Bots play whole games through the legal actions; their logs replay to the same scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from railbook.bots.base import raises_own_leading_bid, worth_playing
from railbook.bots.greedy import GreedyBot
from railbook.bots.random_bot import RandomBot
from railbook.bots.selfplay import play
from railbook.cli.main import main
from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay


def test_random_bots_play_1830_to_its_end_through_listed_actions_only() -> None:
    result = play("1830", 4, 1, ["random"])
    assert result.finished and result.end_reason
    assert result.ok, (result.error, result.refused[:1])


@pytest.mark.parametrize("title, seed, bots", [("1893", 3, ["random", "greedy"]), ("1826", 2, ["random", "greedy"]),
                                              ("1894", 1, ["random", "greedy"])])
def test_bots_play_the_optional_mechanics_through_listed_actions_only(title: str, seed: int, bots: list[str]) -> None:
    # the starting package, 1893's stock turns, loans, conversions, formations... each listed and accepted
    result = play(title, 4, seed, bots)
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


def _bid_on_the_second_private(title: str) -> tuple[Game, dict[str, Any]]:
    """A waterfall auction where the first player bids on the second-cheapest private and
    everyone else passes: his turn comes round again with his bid still the only one."""
    game = Game(Title.load(title), [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Di")], seed=1)
    second = game.round.active_step().companies[1]
    bid = {"type": "bid", "entity": 1, "entity_type": "player", "company": second.id,
           "price": game.round.active_step().min_bid(second)}
    game.process(bid)
    for player in (2, 3, 4):
        game.process({"type": "pass", "entity": player, "entity_type": "player"})
    return game, bid


def test_raising_a_bid_one_already_leads_is_legal_but_no_bot_plays_it() -> None:
    game, bid = _bid_on_the_second_private("1894")
    legal = game.legal_actions()
    own = [la for la in legal if la.type == "bid" and la.action["company"] == bid["company"]]
    assert own and raises_own_leading_bid(game, own[0])   # listed: the rules let the bid go up
    assert own[0] not in worth_playing(game, legal)
    for seed in range(40):
        assert RandomBot(seed).choose(game, legal).get("company") != bid["company"]
        assert GreedyBot(seed).choose(game, legal).get("company") != bid["company"]


def test_random_1894_auctions_end_when_nobody_raises_his_own_bid() -> None:
    # seed 1010 used to go round the auction until the action cap: two players raised the bids
    # they led while each round of passes paid their privates' revenue
    result = play("1894", 4, 1010, ["random"])
    assert result.finished and result.end_reason and result.ok
