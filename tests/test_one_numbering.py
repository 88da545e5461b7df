"""One numbering of the legal actions: at positions of recorded games of 1830, 1846 and 1893,
``railbook legal --json``, ``railbook show --json`` and ``/api/legal`` give the same numbered list,
and ``railbook act GAME N`` takes the Nth action of it (the log gains exactly that action)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from serve_support import client

from railbook.cli.main import main
from railbook.paths import fidelity_dir
from railbook.serve.hall import Hall

HERE = Path(__file__).parent / "fixtures" / "reference_games"
#: positions sampled from each game (its fourth action, and spread over its first SPAN)
SAMPLES = 4


def _logs() -> list[tuple[str, Any]]:
    """Recorded games of the three titles: the reference games kept with the tests, and a public log
    of 1846 where the fidelity fixtures are at hand."""
    out: list[tuple[str, Any]] = [
        (name, json.loads(gzip.open(HERE / name).read()))
        for name in ("1830_all_phases_to_bank_break.json.gz", "1893_early_bankruptcy.json.gz")]
    folder = fidelity_dir() / "1846"
    public = sorted(p for p in folder.glob("*.json")) if folder.is_dir() else []
    if public:
        out.append((public[0].name, json.loads(public[0].read_text())))
    return out


#: positions are sampled from the first actions of a game (auctions, stock and operating rounds all
#: come early; every position costs a few replays of the log up to it)
SPAN = 300


def _positions(data: dict[str, Any]) -> list[int]:
    live = [i for i, a in enumerate(data["actions"][:SPAN]) if a.get("type") not in ("undo", "redo", "message")]
    step = max(1, len(live) // SAMPLES)
    return sorted({live[min(len(live) - 1, k)] for k in [3] + list(range(step // 2, len(live), step))})


def _numbered_file(tmp: Path, data: dict[str, Any], upto: int) -> Path:
    """The game up to action ``upto`` (its undos dropped with what they undid: a plain saved game)."""
    actions = [a for a in data["actions"][:upto]]
    path = tmp / f"at-{upto}.json"
    path.write_text(json.dumps({**{k: v for k, v in data.items() if k != "result"}, "actions": actions}),
                    encoding="utf-8")
    return path


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name,data", _logs(), ids=lambda v: v if isinstance(v, str) else "")
def test_legal_show_and_the_api_number_the_actions_alike_and_act_takes_the_nth(
        name: str, data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checked = 0
    for upto in _positions(data):
        path = _numbered_file(tmp_path, data, upto)
        from railbook.play.saves import load_saved

        try:
            _, game = load_saved(str(path))
        except Exception:     # a position inside an action's consequences the log alone does not give
            continue
        if game.finished:
            continue
        legal = [json.loads(line) for line in _cli_json(capsys, "legal", str(path), "--json").splitlines()]
        shown = json.loads(_cli_json(capsys, "show", str(path), "--json"))["legal"]
        hall = Hall(tmp_path / "games")
        hall.open_file(path, default=True)
        api = client(tmp_path / "games", hall).get("/api/legal").json()["actions"]
        assert legal == shown, f"{name} before action {upto}"
        assert [(e["index"], e["action"]) for e in api] == [(e["index"], e["action"]) for e in legal]
        for n in sorted({1, len(legal)}):
            chosen = legal[n - 1]
            if chosen.get("open") or chosen.get("ranges") or chosen.get("subsets"):
                continue                      # details the player adds: not the listed action alone
            trial = tmp_path / f"act-{upto}-{n}.json"
            trial.write_text(path.read_text(), encoding="utf-8")
            assert main(["act", str(trial), str(n)]) == 0, capsys.readouterr().err
            capsys.readouterr()
            saved = json.loads(trial.read_text())["actions"][-1]
            assert {k: v for k, v in saved.items() if k not in ("id", "created_at")} == chosen["action"]
            checked += 1
    assert checked >= 3
