"""Data changes: a game may change its title's data the way an optional rule does
(``{set: PATH, to: VALUE}``), checked as the compiler checks an optional rule's changes; a game
log names its changes in ``settings.data_changes`` and replays with them. Self-played games take
changes and observers (what a balance study builds on)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from railbook.bots.selfplay import play
from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.errors import GameError, LogError
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay


def test_a_data_change_sets_the_title_data_as_an_optional_rule_would() -> None:
    title = Title.load("1830", (), [("trains[4].price", 350)])
    assert {t.name: t.price for t in title.model.trains}["4"] == 350
    assert title.changes == (("trains[4].price", 350),)
    assert {t.name: t.price for t in Title.load("1830").model.trains}["4"] == 300   # the title itself is unchanged


@pytest.mark.parametrize("path, value, says", [
    ("trains[9].price", 350, "no trains item named '9'"),
    ("trains[4].price", "dear", "expected a whole number"),
    ("no such thing", 1, "not a path"),
])
def test_a_data_change_that_does_not_fit_the_data_is_refused(path: str, value: object, says: str) -> None:
    with pytest.raises(GameError, match=says) as refused:
        Title.load("1830", (), [(path, value)])
    assert refused.value.rule == "data changes"


class Counter:
    """An observer: counts the actions it sees taken."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def started(self, game: Game) -> None:
        self.seen.append("started")

    def acted(self, game: Game, action: dict[str, Any]) -> None:
        self.seen.append(str(action["type"]))

    def ended(self, game: Game) -> None:
        self.seen.append("ended")


def test_a_self_played_game_with_a_data_change_replays_with_it() -> None:
    watching = Counter()
    # seed 6 plays past 300 actions (seed 5 ended at 231 once random bots bought a private from a player at most
    # once a round)
    result = play("1830", 3, 6, ["random"], max_actions=300, changes=[("trains[2].price", 95)], observers=[watching])
    assert result.ok and result.actions == 300
    assert watching.seen[0] == "started" and watching.seen[-1] == "ended" and len(watching.seen) == 302
    assert result.log["settings"]["data_changes"] == [{"set": "trains[2].price", "to": 95}]
    log = eighteen_xx.from_dict(json.loads(json.dumps(result.log)))
    assert log.changes == [("trains[2].price", 95)]
    again = replay(log)
    assert again.error is None and again.game is not None and again.processed == 300
    assert {t.name: t.price for t in again.game.title.model.trains}["2"] == 95


def test_a_logs_data_changes_are_read_with_care() -> None:
    data = {"id": 1, "title": "1830", "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
            "settings": {"seed": 1, "data_changes": [{"to": 95}]}, "actions": []}
    with pytest.raises(LogError, match="each change is"):
        eighteen_xx.from_dict(data, source="g.json")
