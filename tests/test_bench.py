"""``railbook bench``: in-process replay timing, one line per log (a benchmark's figures are
never asserted: only what it reports and that every log replays)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from railbook.cli.main import main
from railbook.importers.bench import chosen_logs, public_logs, time_replay

GAMES = Path(__file__).parent / "fixtures" / "reference_games"


def _short_log(tmp_path: Path, actions: int = 40) -> Path:
    data = json.loads(gzip.decompress((GAMES / "1830_ended_by_agreement.json.gz").read_bytes()))
    data["actions"] = data["actions"][:actions]
    data.pop("result", None)
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_bench_reports_each_log_as_one_json_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _short_log(tmp_path)
    assert main(["bench", str(log), "--runs", "1", "--json"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    row = json.loads(line)
    assert set(row) == {"log", "actions", "cpu_secs", "us_per_action"}
    assert row["log"] == str(log) and row["actions"] == 40
    assert row["cpu_secs"] >= 0 and row["us_per_action"] >= 0


def test_bench_prints_a_table_with_the_median(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", str(_short_log(tmp_path)), "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "short.json" in out and "us/action" in out and out.rstrip().splitlines()[-1].startswith("median")


def test_bench_names_a_missing_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", str(tmp_path / "none.json")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_a_log_that_stops_is_reported_with_the_rule_it_breaks(tmp_path: Path) -> None:
    log = _short_log(tmp_path)
    data = json.loads(log.read_text(encoding="utf-8"))
    data["actions"].append({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "id": 10_000,
                            "hex": "H12", "tile": "57-0", "rotation": 0})
    log.write_text(json.dumps(data), encoding="utf-8")
    row = time_replay(log, runs=1)
    assert row.actions == 40 and row.error


def test_the_public_logs_are_the_recorded_games_of_the_titles_asked_for(tmp_path: Path) -> None:
    for title in ("1830", "1894", "1893", "1882"):
        (tmp_path / "fixtures" / title).mkdir(parents=True)
        (tmp_path / "fixtures" / title / "g.json").write_text("{}", encoding="utf-8")
    (tmp_path / "rails" / "1826").mkdir(parents=True)
    (tmp_path / "rails" / "1826" / "r.report").write_text("", encoding="utf-8")
    names = [f"{p.parent.name}/{p.name}" for p in public_logs(tmp_path, ("1830", "1894", "1893", "1826"))]
    assert names == ["1830/g.json", "1894/g.json", "1893/g.json", "1826/r.report"]


def test_a_benchmark_takes_a_fidelity_folders_public_logs_or_the_logs_it_is_given(tmp_path: Path) -> None:
    for title in ("1830", "1882"):
        (tmp_path / "fixtures" / title).mkdir(parents=True)
        (tmp_path / "fixtures" / title / "g.json").write_text("{}", encoding="utf-8")
    given = tmp_path / "fixtures" / "1882" / "g.json"
    assert [p.parent.name for p in chosen_logs([str(tmp_path)], tmp_path / "elsewhere", ("1830",))] == ["1830"]
    assert chosen_logs([str(given)], tmp_path, ("1830",)) == [given]
    assert [p.parent.name for p in chosen_logs([], tmp_path, ("1830",))] == ["1830"]


def test_bench_counts_the_calls_of_a_replay_where_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _short_log(tmp_path)
    assert main(["bench", str(log), "--runs", "1", "--json", "--calls"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["calls"] > row["actions"] > 0
