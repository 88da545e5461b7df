"""Balance studies: each game a pure function of its task, results the same bytes whatever the
workers or the backend, resumable, stopped without losing a finished row, every row's log
replaying to its scores; a sweep's variants found in its rows; the report's page. (Data changes
themselves: tests/test_data_changes.py.)

Games here are short (three random bots end a game of 1830 in about 900 actions, half a second):
what is checked is the machinery, not balance. One study is played once (``reference``) and the
others are held against its bytes.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from docs_support import CHROMIUM_FLAGS, chromium

from railbook.cli.main import main
from railbook.engine.title import Title
from railbook.errors import StudyError
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay
from railbook.paths import title_ids
from railbook.simulate import results
from railbook.simulate.report.figures import groups, short_labels
from railbook.simulate.runner import simulate
from railbook.simulate.study import Study, parse_set
from railbook.simulate.task import run_task

HAS_ARROW = importlib.util.find_spec("pyarrow") is not None
HAS_RAY = importlib.util.find_spec("ray") is not None


def small(games: int = 3, **kw: object) -> Study:
    args: dict[str, object] = {"title": "1830", "games": games, "players": (3,), "bots": ("random",), "seed": 1,
                               "max_actions": 3000}
    args.update(kw)
    return Study(**args)  # type: ignore[arg-type]


# ---------------------------------------------------------------- what a study plays

def test_set_takes_one_value_or_several_for_a_sweep() -> None:
    assert parse_set("trains[4].price=350") == ("trains[4].price", (350,))
    assert parse_set("trains[4].price=300, 350,400") == ("trains[4].price", (300, 350, 400))
    assert parse_set("phases[2].tiles=[yellow, green],[yellow]") == ("phases[2].tiles",
                                                                      (["yellow", "green"], ["yellow"]))
    with pytest.raises(StudyError, match="PATH=VALUE"):
        parse_set("trains[4].price")


def test_a_sweep_plays_every_value_on_the_same_seeds() -> None:
    study = small(games=2, players=(3, 4), sets=(("trains[4].price", (250, 350)),))
    assert [(t.players, t.changes, t.seed) for t in study.tasks()] == [
        (p, (f"trains[4].price={v}",), seed) for p in (3, 4) for v in (250, 350) for seed in (1, 2)]


def test_the_report_finds_the_variants_in_the_rows_by_what_sets_them_apart() -> None:
    def row(players: int, changes: list[str], seed: int) -> dict[str, object]:
        return {"title": "1830", "players": players, "changes": changes, "options": [], "bots": ["random"] * players,
                "max_actions": 3000, "seed": seed}

    rows = [row(3, ["trains[4].price=250", "bank=9000"], 1), row(3, ["trains[4].price=250", "bank=9000"], 2),
            row(3, ["trains[4].price=350", "bank=9000"], 1), row(4, ["bank=9000"], 1)]
    assert [(g.label, len(g.rows), g.first_row) for g in groups(rows)] == [
        ("3 players, trains[4].price=250", 2, 1), ("3 players, trains[4].price=350", 1, 3),
        ("4 players, trains[4].price as the title has it", 1, 4)]
    assert [g.label for g in groups(rows[:2])] == ["all games"]
    assert short_labels(["trains[4].price=250", "trains[4].price=350"]) == (["250", "350"], "trains[4].price")
    assert short_labels(["3 players", "4 players"]) == (["3 players", "4 players"], "")


def test_rotating_seats_moves_the_bots_one_seat_each_game() -> None:
    study = small(games=3, bots=("greedy", "random", "random"), rotate=True)
    assert [t.bots for t in study.tasks()] == [("greedy", "random", "random"), ("random", "random", "greedy"),
                                               ("random", "greedy", "random")]


def test_a_study_with_a_bad_change_stops_before_any_game() -> None:
    with pytest.raises(StudyError, match="trains\\[9\\]"):
        small(sets=(("trains[9].price", (1,)),)).check()
    with pytest.raises(StudyError, match="for 2-6 players, not 7"):
        small(players=(7,)).check()


# ---------------------------------------------------------------- one game, one row

def test_a_game_is_a_pure_function_of_its_task() -> None:
    task = small(games=1).tasks()[0]
    first, again = run_task(task), run_task(task)
    assert first == again
    assert first["seed"] == 1 and first["title_hash"] == Title.load("1830").module.SOURCE_HASH


@pytest.mark.parametrize("title", title_ids())
def test_every_title_can_be_studied(title: str) -> None:
    players = Title.load(title).rules.players.min
    row = run_task(small(games=1, title=title, players=(players,), max_actions=150).tasks()[0])
    assert row["title_hash"] == Title.load(title).module.SOURCE_HASH
    if row["error"] is not None and not row.get("seats"):    # the engine failed: the row says where
        assert "simulate/" not in row["error"] and re.search(r"\(\w+/[\w/]+\.py:\d+\)$", row["error"]), row["error"]
        return
    assert len(row["seats"]) == players and row["corporations"] and row["privates"] is not None
    assert row["finished"] or row["error"] or row["actions"] == 150


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three games of small(), played in this process, in their results file."""
    out = tmp_path_factory.mktemp("reference") / "r.jsonl"
    simulate(small(), out, workers=1, progress=False)
    return out


def test_a_row_says_who_won_and_what_each_seat_held(reference: Path) -> None:
    for row in results.read_rows(reference):
        assert row["finished"] and row["end_reason"] and not row["error"] and not row["refused"]
        seats = {s["seat"]: s for s in row["seats"]}
        best = max(s["score"] for s in seats.values())
        assert row["winners"] == [n for n, s in seats.items() if s["score"] == best]
        assert all(seats[n]["rank"] == 1 for n in row["winners"])
        assert len(json.loads(row["log"])["actions"]) == row["actions"]
        assert row["operating_rounds"] > 0 and row["stock_rounds"] > 0 and row["sets"] > 0
        parred = [c for c in row["corporations"] if c["par"] is not None]
        assert parred and all(c["max_price"] >= c["par"] for c in parred)
        bought = [p for p in row["privates"] if p["buyer_seat"] is not None]
        assert bought and all(p["price"] > 0 for p in bought)
        assert row["phases"][0] == {"phase": "2", "or": 0, "action": 0}


def test_any_rows_log_replays_to_its_scores(reference: Path) -> None:
    for row in results.read_rows(reference):
        again = replay(eighteen_xx.from_dict(json.loads(row["log"])))
        assert again.error is None
        assert {str(s["seat"]): s["score"] for s in row["seats"]} == again.scores


def test_a_rows_log_replays_with_its_data_changes() -> None:
    row = run_task(small(games=1, sets=(("trains[2].price", (95,)),)).tasks()[0])
    log = json.loads(row["log"])
    assert log["settings"]["data_changes"] == [{"set": "trains[2].price", "to": 95}]
    again = replay(eighteen_xx.from_dict(log))
    assert again.error is None and again.game is not None
    assert {t.name: t.price for t in again.game.title.model.trains}["2"] == 95
    assert {str(s["seat"]): s["score"] for s in row["seats"]} == again.scores


# ---------------------------------------------------------------- a study's results file

def test_two_workers_write_the_same_bytes_and_a_stopped_study_keeps_its_rows(reference: Path,
                                                                             tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"

    def stop(row: dict[str, object]) -> None:
        raise KeyboardInterrupt     # Ctrl-C, as the first game comes in

    stopped = simulate(small(), out, workers=2, progress=False, on_row=stop)
    assert stopped.interrupted and (stopped.played, stopped.rows) == (1, 1)
    assert not results.journal_path(out).exists() and len(results.read_rows(out)) == 1
    resumed = simulate(small(), out, workers=2, progress=False)
    assert (resumed.played, resumed.skipped, resumed.rows) == (2, 1, 3)
    assert out.read_bytes() == reference.read_bytes()
    assert [r["seed"] for r in results.read_rows(out)] == [1, 2, 3]


def test_a_study_run_again_plays_only_the_games_missing(reference: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert simulate(small(games=2), out, progress=False).played == 2
    again = simulate(small(games=3), out, progress=False)
    assert (again.played, again.skipped, again.rows) == (1, 2, 3)
    assert out.read_bytes() == reference.read_bytes()
    assert simulate(small(games=3), out, progress=False).played == 0 and out.read_bytes() == reference.read_bytes()


def test_a_killed_study_resumes_from_its_journal(reference: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    journal = results.journal_path(out)
    rows = results.read_rows(reference)
    journal.write_text("".join(json.dumps(r) + "\n" for r in rows[:2]) + '{"title": "18', "utf-8")  # torn last line
    outcome = simulate(small(), out, progress=False)
    assert (outcome.played, outcome.skipped) == (1, 2) and not journal.exists()
    assert out.read_bytes() == reference.read_bytes()


def test_results_of_other_title_data_are_not_mixed_in(reference: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    row = results.read_rows(reference)[0]
    out.write_text(json.dumps({**row, "title_hash": "0" * 64}) + "\n", encoding="utf-8")
    with pytest.raises(StudyError, match="other title data"):
        simulate(small(), out, progress=False)


@pytest.mark.skipif(not HAS_ARROW, reason="pyarrow is not installed (railbook[cluster])")
def test_parquet_results_are_the_same_rows_and_the_same_bytes_again(reference: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.parquet", tmp_path / "b.parquet"
    results.write_rows(first, results.read_rows(reference))
    simulate(small(games=1), second, progress=False)
    simulate(small(), second, progress=False)        # resumed: one row from the file, two played
    assert first.read_bytes() == second.read_bytes()
    assert results.read_rows(second) == results.read_rows(reference)


@pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed (pip install 'railbook[cluster]')")
def test_the_ray_backend_gives_the_same_rows(reference: Path, tmp_path: Path) -> None:
    out = tmp_path / "ray.jsonl"
    simulate(small(), out, backend="ray", workers=2, progress=False)   # a Ray instance on the loopback address
    assert out.read_bytes() == reference.read_bytes()


def test_without_ray_the_ray_backend_is_a_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)      # as if Ray were not installed
    with pytest.raises(StudyError, match=r"pip install 'railbook\[cluster\]'"):
        simulate(small(games=1), tmp_path / "r.jsonl", backend="ray", progress=False)


def test_without_pyarrow_a_parquet_study_is_refused_before_any_game(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)   # as if pyarrow were not installed
    played: list[object] = []
    with pytest.raises(StudyError, match=r"Parquet results need pyarrow"):
        simulate(small(games=1), tmp_path / "r.parquet", progress=False, on_row=played.append)
    assert played == [] and list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- the commands

def test_simulate_and_replay_a_row_from_the_command_line(reference: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    out.write_bytes(reference.read_bytes())
    assert main(["simulate", "1830", "--games", "3", "--players", "3", "--bots", "random", "--max-actions", "3000",
                 "--workers", "1", "-q", "-o", str(out)]) == 0
    assert "3 rows (3 games asked; 0 played now, 3 already there)" in capsys.readouterr().out
    assert out.read_bytes() == reference.read_bytes()
    saved = tmp_path / "game.json"
    assert main(["replay", str(out), "--row", "2", "--save", str(saved)]) == 0
    assert "replayed" in capsys.readouterr().out
    assert json.loads(saved.read_text(encoding="utf-8"))["settings"]["seed"] == 2


def test_a_bad_study_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "r.jsonl")
    assert main(["simulate", "1830", "--bots", "clever", "-o", out]) == 1
    assert "unknown bot clever" in capsys.readouterr().err
    assert main(["simulate", "1830", "--set", "trains[4].price=dear", "-o", out]) == 1
    assert "expected a whole number" in capsys.readouterr().err
    assert main(["simulate", "1830", "--address", "127.0.0.1:6379", "-o", out]) == 1
    assert "--backend ray" in capsys.readouterr().err
    assert main(["replay", out, "--row", "1"]) == 1


# ---------------------------------------------------------------- the report

@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sweep over the price of the 2-train, two games each, and its report (seed 5: random players
    of 1830 mostly go broke in phase 2; in these games some reach phase 3, so every figure has bars)."""
    folder = tmp_path_factory.mktemp("sweep")
    simulate(small(games=2, seed=5, sets=(("trains[2].price", (60, 100)),)), folder / "r.jsonl", progress=False)
    assert main(["report", str(folder / "r.jsonl"), "-o", str(folder / "report.html"), "--pictures",
                 str(folder / "pictures")]) == 0
    return folder / "report.html"


def test_a_sweeps_report_shows_each_value_side_by_side_with_intervals(sweep: Path) -> None:
    page = sweep.read_text(encoding="utf-8")
    for section in ("seats", "sweep", "length", "ends", "prices", "presidents", "privates", "phases"):
        panels = re.search(f'<section id="{section}">(.*?)</section>', page, re.S)
        assert panels is not None, section
        if section != "sweep":      # one panel a value; the sweep's own figure has a bar a value instead
            assert [t for t in re.findall(r"<svg[^>]*>\s*<title>([^<]*)</title>", panels.group(1))] != []
            assert "trains[2].price=60" in panels.group(1) and "trains[2].price=100" in panels.group(1)
    assert page.count('class="interval"') >= 8                   # 95% intervals drawn
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page
    assert "<script" not in page and "<link" not in page        # the page loads nothing
    again = sweep.with_name("again.html")
    assert main(["report", str(sweep.with_name("r.jsonl")), "-o", str(again)]) == 0
    assert again.read_bytes() == sweep.read_bytes()


def test_each_figure_is_also_one_picture(sweep: Path) -> None:
    pictures = sorted(p.name for p in (sweep.parent / "pictures").iterdir())
    assert {"seats.svg", "sweep.svg", "length.svg", "prices.svg"} <= set(pictures)
    seats = (sweep.parent / "pictures" / "seats.svg").read_text(encoding="utf-8")
    assert seats.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="figure"') and seats.count("<svg") == 3
    for name in pictures:     # a picture stands alone: well-formed XML (an image viewer is no forgiving HTML parser)
        ElementTree.fromstring((sweep.parent / "pictures" / name).read_text(encoding="utf-8"))


@pytest.mark.skipif(chromium() is None, reason="chromium is not installed (make test installs it as root)")
def test_the_report_renders_in_a_browser_without_console_messages(sweep: Path, tmp_path: Path) -> None:
    browser = chromium()
    assert browser is not None
    out = subprocess.run([browser, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                          "--enable-logging=stderr", "--v=0", "--dump-dom", sweep.as_uri()],
                         capture_output=True, text=True, timeout=90)
    assert out.returncode == 0, out.stderr[-2000:]
    console = [line for line in out.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
    assert not console, console
    assert out.stdout.count("<svg") == sweep.read_text(encoding="utf-8").count("<svg") >= 15


def test_a_report_of_nothing_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "none.jsonl"), "-o", str(tmp_path / "r.html")]) == 1
    assert "no such results file" in capsys.readouterr().err
    (tmp_path / "bad.jsonl").write_text('{"title": 1}\n', encoding="utf-8")
    assert main(["report", str(tmp_path / "bad.jsonl"), "-o", str(tmp_path / "r.html")]) == 1
    assert "bad.jsonl:1: not a results row" in capsys.readouterr().err


@pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed (pip install 'railbook[cluster]')")
def test_ray_that_does_not_start_is_a_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import ray

    def timed_out(**options: object) -> None:
        raise Exception("The current node timed out during startup.\nThis could happen because ...")

    monkeypatch.setattr(ray, "init", timed_out)
    with pytest.raises(StudyError, match="Ray did not start: The current node timed out during startup.$"):
        simulate(small(games=1), tmp_path / "r.jsonl", backend="ray", progress=False)


def test_a_worker_finds_a_title_from_the_folders_the_study_listed(tmp_path: Path) -> None:
    """A study's workers are fresh processes: each task carries the ``--titles`` folders it needs."""
    import shutil

    from railbook.paths import use_title_folders
    from railbook.simulate.study import GameTask
    from railbook.simulate.task import run_task

    shutil.copytree(Path(__file__).parent / "titles" / "tiny", tmp_path / "tiny")
    use_title_folders([])   # as in a fresh worker
    try:
        row = run_task(GameTask(title="tiny", players=2, bots=("random", "random"), seed=1, max_actions=400,
                                title_folders=(str(tmp_path),)))
    finally:
        use_title_folders([])
    assert row["title"] == "tiny" and row.get("error") is None


def test_a_quick_study_writes_its_page_and_the_first_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    shutil.copytree(Path(__file__).parent / "titles" / "tiny", tmp_path / "tiny")
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "tiny", "--quick", "--games", "3", "--max-actions", "600", "--workers", "1", "-q",
                 "--titles", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "tiny-quick.jsonl: 3 rows" in out and "wins by seat: 1:" in out and "how they ended:" in out
    assert (tmp_path / "tiny-quick.html").is_file()
    rows = results.read_rows(tmp_path / "tiny-quick.jsonl")
    assert {r["players"] for r in rows} == {3} and {tuple(r["bots"]) for r in rows} == {("random",) * 3}


def test_a_study_without_a_results_file_is_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "1830", "--games", "1"]) == 1
    assert "needs -o RESULTS" in capsys.readouterr().err
