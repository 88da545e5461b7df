"""No class is created while a game runs: a mechanic's rules act at the steps' named extension
points (railbook/engine/points.py), and every step a round uses is a class its module defines.

A class synthesized at run time has no place a reader can find it, and a compiled core cannot
have it; these tests look at every step of every round a game of each title builds, and at the
rounds of recorded games, and at the source for a three-argument ``type(...)``."""

from __future__ import annotations

import ast
import gzip
import importlib
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from railbook.engine.game import Game
from railbook.engine.rounds.base import Round
from railbook.engine.schedule import Schedule
from railbook.engine.title import Title
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay
from railbook.paths import PACKAGE, fidelity_dir, known_titles

TITLES = sorted(known_titles())
REFERENCE = Path(__file__).parent / "fixtures" / "reference_games"


def defined_where_it_says(cls: type) -> bool:
    """The class is the module-level attribute of the module it names (not built on the fly)."""
    module = importlib.import_module(cls.__module__)
    return getattr(module, cls.__qualname__, None) is cls


@pytest.fixture
def seen_steps(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[type]]:
    """Every step class of every round built while the test runs."""
    seen: set[type] = set()
    built = Round.__init__

    def watch(self: Round, game: Any, steps: list[Any], round_num: int = 1) -> None:
        built(self, game, steps, round_num)
        seen.update(type(step) for step in self.steps)

    monkeypatch.setattr(Round, "__init__", watch)
    yield seen


@pytest.mark.parametrize("title", TITLES)
def test_every_round_of_a_title_uses_steps_its_modules_define(title: str, seen_steps: set[type]) -> None:
    """With every optional rule: the first round, a stock round and an operating round."""
    loaded = Title.load(title, [o.id for o in Title.load(title).model.title.optional_rules])
    game = Game(loaded, [(i, f"P{i}") for i in range(1, loaded.rules.players.max + 1)], seed=1)
    schedule = Schedule(game)
    schedule.stock_round()
    schedule.operating_round(1)
    assert seen_steps
    synthesized = sorted(c.__qualname__ for c in seen_steps if not defined_where_it_says(c))
    assert synthesized == [], f"{title}: step classes made at run time: {synthesized}"


def recorded_games() -> list[Path]:
    """The reference games kept with the tests, and a recorded game of each title whose mechanics
    change most steps (1846, 1856) where the fidelity fixtures are at hand."""
    games = sorted(REFERENCE.glob("*.json.gz"))
    fixtures = fidelity_dir()
    for title in ("1846", "1856", "1882"):
        found = sorted((fixtures / title).glob("*.json")) if (fixtures / title).is_dir() else []
        games += [p for p in found if not p.name.endswith(".trace.json")][:1]
    return games


@pytest.mark.parametrize("path", recorded_games(), ids=lambda p: p.name.split(".")[0])
def test_replaying_a_recorded_game_creates_no_class(path: Path, seen_steps: set[type]) -> None:
    data = json.loads(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes())
    result = replay(eighteen_xx.from_dict(data, source=path.name))
    assert result.error is None, result.error
    synthesized = sorted(c.__qualname__ for c in seen_steps if not defined_where_it_says(c))
    assert synthesized == [], f"{path.name}: step classes made at run time: {synthesized}"


def test_the_1846_train_step_has_one_line_of_ancestors(seen_steps: set[type]) -> None:
    """1846's train step is the minors' typed train step: it, the engine's train step, and Step
    (its mechanics' rules are handlers at the step's points, not classes in its ancestry)."""
    game = Game(Title.load("1846"), [(i, f"P{i}") for i in range(1, 5)], seed=1)
    Schedule(game).operating_round(1)
    train = next(c for c in seen_steps if c.__name__.endswith("BuyTrainStep"))
    assert [k.__name__ for k in train.__mro__] == ["TypedBuyTrainStep", "BuyTrainStep", "Step", "object"]


def test_no_three_argument_type_call_in_railbook() -> None:
    """``type(name, bases, namespace)`` builds a class at run time: the package never calls it."""
    calls = []
    for source in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" \
                    and len(node.args) == 3:
                calls.append(f"{source.relative_to(PACKAGE)}:{node.lineno}")
    assert calls == []
