"""The hostile-input corpus (tests/corpus/): games to try its actions on, and how to read its cases.

An action case is one JSON file in tests/corpus/actions/: ``game`` (``1830_opening``, the scenario in
tests/scenarios/, or ``reference/NAME``, a reference game in tests/fixtures/reference_games/), ``at``
(how many of that game's actions are played first), the ``action`` to try, and what it must produce:
the ``rule`` that refuses it and the ``message`` it gives.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from railbook.engine.game import Game
from railbook.importers import eighteen_xx
from railbook.importers.replay import new_game

TESTS = Path(__file__).parent
CORPUS = TESTS / "corpus"


@lru_cache(maxsize=None)
def export(game: str) -> dict[str, Any]:
    """The game as an 18xx.games export: its players, settings and every action played."""
    if game.startswith("reference/"):
        path = TESTS / "fixtures" / "reference_games" / f"{game.split('/', 1)[1]}.json.gz"
        data: dict[str, Any] = json.loads(gzip.open(path).read())
        log = eighteen_xx.from_dict(data)
        data = dict(data, actions=[a for a, keep in zip(log.actions, log.live)
                                   if keep and a.get("type") not in ("undo", "redo")])
        return data
    scenario = json.loads((TESTS / "scenarios" / f"{game}.json").read_text())
    return {"id": 1, "title": "1830", "players": scenario["players"], "settings": scenario["settings"],
            "actions": scenario["actions"]}


def saved_game(game: str, at: int) -> dict[str, Any]:
    """The game after ``at`` actions, as a saved game file holds it."""
    data = export(game)
    return {**{k: v for k, v in data.items() if k != "result"}, "actions": data["actions"][:at]}


def game_at(game: str, at: int) -> Game:
    data = saved_game(game, at)
    played = new_game(eighteen_xx.from_dict(data))
    for action in data["actions"]:
        played.process(action)
    return played


def next_action(game: str, at: int) -> dict[str, Any]:
    action: dict[str, Any] = export(game)["actions"][at]
    return action


def action_cases() -> list[Path]:
    return sorted((CORPUS / "actions").glob("*.json"))
