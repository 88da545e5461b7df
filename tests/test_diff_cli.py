"""``railbook diff`` and ``railbook matrix`` as a user meets them: exit status as
diff(1), the four output forms, located problems for a broken title."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from diff_support import FIXTURES

from railbook.cli.main import build_parser, main
from railbook.diff.jsonout import json_schema

A, B = str(FIXTURES / "tiny_a"), str(FIXTURES / "tiny_b")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_same_rules_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", A, A)
    assert status == 0 and "no differences" in out


def test_different_rules_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", A, B)
    assert status == 1
    assert "~ Bank: $2,000 → unlimited" in out
    assert "+ Special rule (route bonus)" in out


def test_a_broken_title_exits_2_with_located_problems(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(FIXTURES / "tiny_a", broken)
    (broken / "trains.yaml").write_text(
        (broken / "trains.yaml").read_text().replace('rusts_on: "3"', 'rusts_on: "9"'), encoding="utf-8")
    status, out, err = run(capsys, "diff", A, str(broken))
    assert status == 2 and out == ""
    assert "trains.yaml:2:" in err and "unknown train '9'" in err


def test_a_missing_title_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "diff", A, "no_such_title")
    assert status == 2 and "no_such_title" in err


def test_text_is_not_coloured_when_not_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "diff", A, B)
    assert "\033[" not in out
    _, coloured, _ = run(capsys, "diff", A, B, "--color", "always")
    assert "\033[32m+" in coloured


def test_details_are_counted_unless_all_is_asked(capsys: pytest.CaptureFixture[str]) -> None:
    _, short, _ = run(capsys, "diff", A, B)
    _, full, _ = run(capsys, "diff", A, B, "--all")
    assert "3 more in detail" in short and "Terrain in hex B4" not in short
    assert "Terrain in hex B4: cost: 40; kind: water → cost: 60; kind: water" in full


def test_json_follows_the_documented_schema(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", A, B, "--format", "json")
    data = json.loads(out)
    jsonschema.validate(data, json_schema())
    assert status == 1 and data["differ"] is True and data["schema"] == "railbook.diff/1"
    bank = next(a for a in data["areas"] if a["area"] == "bank")["changes"]
    assert bank == [{"key": "bank.size", "kind": "changed", "before": 2000, "after": "unlimited",
                     "pattern": "bank.size", "params": [], "detail": False}]


def test_json_is_the_same_bytes_every_time(capsys: pytest.CaptureFixture[str]) -> None:
    outs = {run(capsys, "diff", A, B, "--format", "json")[1] for _ in range(3)}
    assert len(outs) == 1


def test_markdown_has_a_table_per_area(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "diff", A, B, "--format", "md")
    assert out.startswith("# Tiny A → Tiny B\n")
    assert "## Bank\n\n| | feature | Tiny A | Tiny B |\n| --- | --- | --- | --- |\n| ~ | Bank | $2,000 | unlimited |" in out


@pytest.mark.parametrize("lang,word", [("en", "players and the bank"), ("de", "Spielerzahl und Bank"),
                                        ("pl", "gracze i bank"), ("it", "giocatori e banca"), ("fr", "joueurs et banque")])
def test_prose_in_every_language(capsys: pytest.CaptureFixture[str], lang: str, word: str) -> None:
    status, out, _ = run(capsys, "diff", A, B, "--prose", "--lang", lang)
    assert status == 1 and word in out
    assert "\n1. " in out and "\n2. " in out


def test_output_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "d.json"
    status, out, _ = run(capsys, "diff", A, B, "--format", "json", "-o", str(target))
    assert status == 1 and out == "" and json.loads(target.read_text())["differ"]


def test_help_explains_the_commands() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    diff_help = sub.choices["diff"].format_help()
    assert "Exit status: 0 if the rules are the same, 1 if they differ, 2 on an error" in diff_help
    assert "--prose" in diff_help and "--lang" in diff_help
    assert "a row per feature, a column per title" in sub.choices["matrix"].description.replace("\n", " ") or \
        "a row per rules feature" in sub.choices["matrix"].description


def test_matrix_as_html_skips_what_is_not_a_title(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "matrix.html"
    status, _, err = run(capsys, "matrix", A, B, str(FIXTURES), "-o", str(target))
    page = target.read_text()
    assert status == 0 and "skipping" in err
    assert page.startswith("<!DOCTYPE html>") and "<th>Tiny A</th><th>Tiny B</th>" in page
    assert '<tr class="differs" id="bank.size"><td class="feature">Bank</td><td>$2,000</td><td>unlimited</td></tr>' in page


def test_matrix_as_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "matrix", A, B, "--format", "md")
    assert status == 0
    assert "| **Bank** | $2,000 | unlimited |" in out  # the titles differ: bold
    assert "| ***Bank*** |  |  |" in out  # the area
    assert "| Players | 2–3 | 2–3 |" in out


def test_matrix_only_differing_rows(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "matrix", A, B, "--format", "md", "--differing")
    assert "| Players |" not in out and "| **Bank** | $2,000 | unlimited |" in out
