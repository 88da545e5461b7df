"""Real recorded games replay to the same scores, with the same state after
every action as the reference engine recorded (STATE_DIGEST.md).

The games live outside the project, in $RAILBOOK_FIXTURES (default
../shared/fidelity); without them these tests skip.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import fixtures_dir

from railbook.cli.play_commands import compare_traces
from railbook.errors import GameError
from railbook.importers.replay import replay_file

GAMES = sorted(fixtures_dir().rglob("*.json")) if fixtures_dir().is_dir() else []
# titles whose engine support is complete: their games must replay exactly
REQUIRED = {"1830", "1894", "1893", "1889", "18Chesapeake", "18AL", "18GA", "18TN", "18MS", "1836Jr30", "1882", "1846",
            "1856", "18ChesapeakeOfftheRails", "18462pVariant"}
# games of required titles that do not replay yet, each with the rule it lacks
KNOWN_OPEN: dict[str, str] = {}


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("path", GAMES, ids=[_id(p) for p in GAMES])
def test_recorded_game_replays_exactly(path: Path) -> None:
    title = path.parent.name
    if _id(path) in KNOWN_OPEN:
        pytest.xfail(KNOWN_OPEN[_id(path)])
    problems = []
    try:
        result = replay_file(path, want_trace=True)
    except GameError as exc:
        if title in REQUIRED:
            raise
        pytest.xfail(f"{title} engine support is incomplete: {exc}")
    if result.error is not None:
        problems.append(f"stops at action {(result.error_action or {}).get('id')}: {result.error}")
    elif result.matches_result is False:
        problems.append(f"scores {result.scores} differ from {result.log.result}")
    else:
        trace = path.with_suffix("").with_suffix(".trace.jsonl")
        if trace.exists():
            diff = compare_traces(trace, result.trace)
            if diff:
                problems.append(diff)
    if problems and title not in REQUIRED:
        pytest.xfail(f"{title} engine support is incomplete: {problems[0]}")
    assert not problems, problems[0]


def test_fixtures_are_found_or_skipped_cleanly() -> None:
    if not GAMES:
        pytest.skip(f"no recorded games at {fixtures_dir()}")
    assert any(p.parent.name == "1830" for p in GAMES)
