"""Malformed titles give errors a person can act on: file:line:col, a path into
the document, a plain sentence — and never a traceback.

Each case is a folder under tests/negative/: the files that differ from the tiny
valid title in tests/negative/_base, and expected.txt, the first line
``railbook validate`` must print.
"""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main

NEGATIVE = Path(__file__).parent / "negative"
CASES = sorted(p.name for p in NEGATIVE.iterdir() if p.is_dir() and not p.name.startswith("_"))


def build_case(name: str, tmp_path: Path) -> Path:
    title = tmp_path / "tiny"
    shutil.copytree(NEGATIVE / "_base", title)
    for f in (NEGATIVE / name).iterdir():
        if f.name == "expected.txt":
            continue
        if f.name == "DELETE":
            for gone in f.read_text().split():
                (title / gone).unlink()
            continue
        shutil.copy(f, title / f.name)
    return title


def validate(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(folder.parent)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["validate", folder.name])
    return code, out.getvalue() + err.getvalue()


def test_there_are_at_least_thirty_distinct_cases() -> None:
    assert len(CASES) >= 30
    kinds = {c.split("_")[0] for c in CASES}
    assert {"yaml", "file", "schema", "ref", "dsl"} <= kinds


def test_the_base_title_is_valid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(NEGATIVE / "_base", tmp_path / "tiny")
    code, output = validate(tmp_path / "tiny", monkeypatch)
    assert code == 0, output
    assert "ok" in output


@pytest.mark.parametrize("case", CASES)
def test_malformed_title_is_reported_with_its_location(case: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder = build_case(case, tmp_path)
    code, output = validate(folder, monkeypatch)
    expected = (NEGATIVE / case / "expected.txt").read_text(encoding="utf-8").strip()
    assert code == 1
    assert "Traceback" not in output
    first = output.splitlines()[0]
    assert first == expected
    # every problem line has the shape FILE:LINE:COL: ...
    for line in output.splitlines():
        if line.startswith("tiny/"):
            file_part, line_no, col, _ = line.split(":", 3)
            assert line_no.isdigit() and col.isdigit(), line


def test_validate_reports_every_problem_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = build_case("schema_negative_price", tmp_path)
    text = (folder / "corporations.yaml").read_text().replace("home: C3", "home: D4")
    (folder / "corporations.yaml").write_text(text)
    code, output = validate(folder, monkeypatch)
    assert code == 1
    assert "trains[1].price: -80 is less than the minimum of 0" in output
    assert "home D4 is not on the map" in output
