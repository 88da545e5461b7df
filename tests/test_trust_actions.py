"""Every field of a new action is the engine's to work out or check, never the sender's to state.

Issue 31's forged fields: an ``extra_revenue`` that paid $500 out of nothing, a ``created_at``
that changed a rule depending on the date, ``auto_actions`` that moved other players' seats.
Each is refused with the rule it breaks and leaves the game as it was; a replay that meets a
forged field stops at that very action.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import ActionFormatError, GameError, IllegalAction, LogError, RouteError
from railbook.play import saves

SCENARIO = json.loads((Path(__file__).parent / "scenarios" / "1830_opening.json").read_text())
PLAYERS = [(p["id"], p["name"]) for p in SCENARIO["players"]]
ACTIONS = SCENARIO["actions"]
SR1_ANN_TO_ACT = 9
OR2_NYC_ROUTES = 35      # NYC has laid F20 and is to run its trains
HONEST_RUN = {"type": "run_routes", "entity": "NYC", "entity_type": "corporation",
              "routes": [{"train": "2-0", "connections": [["E19", "F20"]]}]}


def game_at(n: int) -> Game:
    game = Game(Title.load("1830"), PLAYERS, seed=1)
    for action in ACTIONS[:n]:
        game.process(action)
    return game


def position(game: Game) -> str:
    return json.dumps(digest(game, 0), sort_keys=True)


def refused(game: Game, action: dict[str, Any], rule: str, error: type[GameError] = IllegalAction) -> GameError:
    before, history = position(game), len(game.history)
    with pytest.raises(error) as info:
        game.process(action)
    assert info.value.rule == rule, info.value.message
    assert position(game) == before and len(game.history) == history
    return info.value


def bank_and_cash(game: Game) -> int:
    return game.bank.cash + sum(p.cash for p in game.players) + sum(c.cash for c in game.all_corporations)


# ---------------------------------------------------------------- extra revenue

@pytest.mark.parametrize("forged", [500, 1_000_000_000, 1])
def test_a_run_earns_no_extra_revenue_the_rules_do_not_give(forged: int) -> None:
    game = game_at(OR2_NYC_ROUTES)
    error = refused(game, {**HONEST_RUN, "extra_revenue": forged}, "extra revenue", RouteError)
    assert str(forged) in error.message


def test_a_recorded_extra_revenue_of_nothing_is_the_rules_own() -> None:
    game = game_at(OR2_NYC_ROUTES)
    money = bank_and_cash(game)
    game.process({**HONEST_RUN, "extra_revenue": 0})
    game.process({"type": "dividend", "entity": "NYC", "entity_type": "corporation", "kind": "payout"})
    assert bank_and_cash(game) == money   # money moves; none is made


def test_a_forged_extra_revenue_is_not_among_the_legal_actions() -> None:
    game = game_at(OR2_NYC_ROUTES)
    assert game.is_legal(HONEST_RUN)
    assert not game.is_legal({**HONEST_RUN, "extra_revenue": 500})


def test_a_tampered_log_stops_at_the_forged_run(tmp_path: Path) -> None:
    log = saves.new_log("1830", [name for _, name in PLAYERS], 1)
    log["players"] = [{"id": pid, "name": name} for pid, name in PLAYERS]
    log["actions"] = copy.deepcopy(ACTIONS[:OR2_NYC_ROUTES]) + [{**HONEST_RUN, "id": 36, "extra_revenue": 500}]
    with pytest.raises(LogError, match=r"action 36 \(run_routes\).*extra revenue"):
        saves.game_of(log, source="tampered.json")


# ---------------------------------------------------------------- created_at

def test_a_new_actions_time_is_the_engines_not_the_senders() -> None:
    game = game_at(SR1_ANN_TO_ACT)
    game.process({"type": "buy_shares", "entity": 1, "entity_type": "player", "shares": ["PRR_2"],
                  "percent": 10, "created_at": 1})
    assert "created_at" not in game.history[-1]
    assert game.recorded_at is None
    game.undo()
    game.process({"type": "buy_shares", "entity": 1, "entity_type": "player", "shares": ["PRR_2"],
                  "percent": 10, "created_at": 1}, at=1_900_000_000)
    assert game.history[-1]["created_at"] == 1_900_000_000 and game.recorded_at == 1_900_000_000


def test_a_replay_keeps_the_recorded_times() -> None:
    log = saves.new_log("1830", [name for _, name in PLAYERS], 1)
    log["players"] = [{"id": pid, "name": name} for pid, name in PLAYERS]
    log["actions"] = [{**a, "created_at": 1_600_000_000 + i} for i, a in enumerate(ACTIONS[:5])]
    game = saves.game_of(log)
    assert [a["created_at"] for a in game.history] == [1_600_000_000 + i for i in range(5)]


def test_a_table_saves_the_servers_time_not_the_senders(tmp_path: Path) -> None:
    from railbook.serve.table import Table

    log = saves.new_log("1830", [name for _, name in PLAYERS], 1)
    log["players"] = [{"id": pid, "name": name} for pid, name in PLAYERS]
    log["actions"] = copy.deepcopy(ACTIONS[:SR1_ANN_TO_ACT])
    path = tmp_path / "g.json"
    saves.write_atomically(path, log)
    table = Table("g", saves.read_log(str(path)), path)
    table.act({"action": {"type": "buy_shares", "entity": 1, "entity_type": "player", "shares": ["PRR_2"],
                          "percent": 10, "created_at": 1}})
    saved = json.loads(path.read_text())["actions"][-1]
    assert saved["created_at"] > 1_700_000_000


# ---------------------------------------------------------------- auto actions

def test_auto_actions_move_only_the_senders_own_seat() -> None:
    game = game_at(SR1_ANN_TO_ACT)
    refused(game, {"type": "pass", "entity": 1, "entity_type": "player",
                   "auto_actions": [{"type": "pass", "entity": 2, "entity_type": "player"},
                                    {"type": "pass", "entity": 3, "entity_type": "player"}]}, "auto actions")


def test_an_auto_action_is_judged_as_its_own_action() -> None:
    game = game_at(SR1_ANN_TO_ACT)
    # Ann's own seat, but not her turn again once she has passed: refused by the turn order
    with pytest.raises(IllegalAction):
        game.process({"type": "pass", "entity": 1, "entity_type": "player",
                      "auto_actions": [{"type": "buy_shares", "entity": 1, "entity_type": "player",
                                        "shares": ["PRR_2"], "percent": 10}]})
    assert len(game.history) == SR1_ANN_TO_ACT


def test_auto_actions_carry_no_auto_actions_of_their_own() -> None:
    game = game_at(SR1_ANN_TO_ACT)
    nested = {"type": "pass", "entity": 1, "entity_type": "player",
              "auto_actions": [{"type": "pass", "entity": 1, "entity_type": "player",
                                "auto_actions": [{"type": "pass", "entity": 2, "entity_type": "player"}]}]}
    with pytest.raises(ActionFormatError, match="auto actions of its own"):
        game.process(nested)
