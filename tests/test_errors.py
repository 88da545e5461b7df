"""One error hierarchy: a library user catches what they mean, and every error is a RailbookError."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

import railbook.errors as errors
from railbook.engine.game import Game
from railbook.engine.title import Title
from railbook.errors import (
    ActionError,
    ActionFormatError,
    GameError,
    IllegalAction,
    LogError,
    NotYourTurn,
    RailbookError,
    TitleError,
)
from railbook.importers import eighteen_xx

SCENARIO = json.loads((Path(__file__).parent / "scenarios" / "1830_opening.json").read_text())
PLAYERS = [(p["id"], p["name"]) for p in SCENARIO["players"]]


def test_every_error_class_is_a_railbook_error() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass)
               if issubclass(c, Exception) and c.__module__ == errors.__name__]
    assert len(classes) >= 10
    assert all(issubclass(c, RailbookError) for c in classes)


def test_a_refused_action_is_an_action_error_naming_its_rule() -> None:
    assert issubclass(IllegalAction, ActionError) and issubclass(ActionFormatError, ActionError)
    assert issubclass(ActionError, GameError)
    assert NotYourTurn("x").rule == "turn order"


def test_acting_out_of_turn_raises_not_your_turn() -> None:
    game = Game(Title.load("1830"), PLAYERS, seed=1)
    someone_else = next(p for p in game.players if p is not game.current_entity)
    with pytest.raises(NotYourTurn) as info:
        game.process({"type": "pass", "entity": someone_else.id, "entity_type": "player"})
    assert info.value.rule == "turn order"


def test_an_unreadable_game_log_is_a_log_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(LogError, match="not valid JSON"):
        eighteen_xx.load(broken)
    with pytest.raises(LogError, match="not an 18xx.games game export"):
        eighteen_xx.from_dict({"players": []})


def test_an_unknown_title_is_a_game_error_and_a_broken_title_a_title_error(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="unknown title"):
        Title.load("no-such-title")
    (tmp_path / "title.yaml").write_text("id: broken\n")
    from railbook.compiler.compile import compile_title

    with pytest.raises(TitleError) as info:
        compile_title(tmp_path)
    assert info.value.problems
