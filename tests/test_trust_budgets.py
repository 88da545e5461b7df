"""No input a stranger writes exhausts the machine: every count and amount has a maximum.

Issue 31's cases: a train ``count`` of 10,000,000 validated and ``new`` reached 3.8 GB; the same
through a log's ``data_changes`` or an import; 40,000 undos took more than 120 s to filter; a log's
``seed: "abc"`` gave an engine TypeError. (A chain of ``let``s escaping the hook budget is
tests/corpus/hooks/*_by_a_chain_of_lets, run by tests/test_hook_budgets.py.)
"""

from __future__ import annotations

import io
import json
import re
import shutil
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from railbook.cli.main import main
from railbook.errors import LogError
from railbook.importers.eighteen_xx import filter_undos, schema_maxima
from railbook.play import saves

TESTS = Path(__file__).parent
ROOT = TESTS.parent
SCENARIO = json.loads((TESTS / "scenarios" / "1830_opening.json").read_text())


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


def every_integer(schema: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    found = []
    if isinstance(schema, dict):
        kind = schema.get("type")
        if kind == "integer":
            found.append((path, schema))
        for k, v in schema.items():
            found += every_integer(v, f"{path}/{k}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            found += every_integer(v, f"{path}[{i}]")
    return found


def test_every_count_and_amount_of_the_title_schemas_has_a_maximum() -> None:
    missing = [f"{f.name}{p}" for f in sorted((ROOT / "schema").glob("*.schema.json"))
               for p, node in every_integer(json.loads(f.read_text())) if "maximum" not in node]
    assert missing == []
    assert schema_maxima()["count"] <= 1000


def test_ten_million_trains_are_refused_before_a_game_is_built(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    title = tmp_path / "big"
    shutil.copytree(TESTS / "negative" / "_base", title)
    trains = (title / "trains.yaml").read_text()
    (title / "trains.yaml").write_text(re.sub(r"count: \d+", "count: 10000000", trains, count=1))
    started = time.perf_counter()
    code, text = run(tmp_path, monkeypatch, "validate", "big")
    assert code == 1 and "greater than the maximum of 1000" in text and "Traceback" not in text
    code, text = run(tmp_path, monkeypatch, "new", "big", "--players", "2", "-o", "g.json", "--titles", ".")
    assert code == 1 and "greater than the maximum of 1000" in text
    assert time.perf_counter() - started < 10


def log_with(**settings: Any) -> dict[str, Any]:
    return {**SCENARIO, "settings": {**SCENARIO.get("settings", {}), **settings}, "actions": SCENARIO["actions"][:3]}


@pytest.mark.parametrize("change", [{"set": "trains[0].count", "to": 10_000_000},
                                   {"set": "trains[0]", "to": {"name": "2", "distance": 2, "price": 80,
                                                               "count": 10_000_000}},
                                   {"set": "bank.cash", "to": 10 ** 30}])
def test_a_logs_data_change_is_held_to_the_schemas_maxima(change: dict[str, Any]) -> None:
    started = time.perf_counter()
    with pytest.raises(LogError, match=r"settings.data_changes\[0\].*greater than the maximum"):
        saves.game_of(log_with(data_changes=[change]), source="g.json")
    assert time.perf_counter() - started < 5


def test_an_import_is_held_to_the_same_maxima(tmp_path: Path) -> None:
    from tests.serve_support import client

    c = client(tmp_path)
    text = json.dumps(log_with(data_changes=[{"set": "trains[0].count", "to": 10_000_000}]))
    r = c.post("/api/import", json={"name": "big.json", "text": text})
    assert r.status_code == 400 and "maximum" in r.json()["error"]


@pytest.mark.parametrize("seed", ["abc", -5, 2 ** 70, 1.5, [1]])
def test_a_logs_seed_is_a_whole_number_the_engine_can_take(seed: Any) -> None:
    with pytest.raises(LogError, match="settings.seed"):
        saves.game_of(log_with(seed=seed), source="g.json")


def test_a_seed_written_as_digits_is_read_as_its_number() -> None:
    game = saves.game_of(log_with(seed="12"), source="g.json")
    assert game.rng is not None


def test_forty_thousand_undos_are_filtered_in_linear_time() -> None:
    actions = [{"type": "pass", "id": i} for i in range(1, 20_001)]
    actions += [{"type": "undo", "id": 20_001 + i} for i in range(20_000)]
    actions += [{"type": "undo", "id": 40_001 + i, "action_id": 20_000 - i} for i in range(20_000)]
    started = time.perf_counter()
    live = filter_undos(actions)
    assert time.perf_counter() - started < 5
    assert not any(live)


def test_undo_filtering_still_reads_undo_redo_and_messages_as_18xx_games_does() -> None:
    actions = [{"type": "pass", "id": 1}, {"type": "message", "id": 2}, {"type": "pass", "id": 3},
               {"type": "undo", "id": 4}, {"type": "undo", "id": 5}, {"type": "redo", "id": 6},
               {"type": "pass", "id": 7}, {"type": "undo", "id": 8, "action_id": 1}, {"type": "pass", "id": 9}]
    assert filter_undos(actions) == [True, True, False, False, False, False, False, False, True]
