"""A stranger's title cannot hang railbook: rule hooks run under a budget.

Every loop and comprehension step of a hook call counts against its budget, and every value a loop
assigns is held to the size limits (railbook/dsl/budget.py); a hook that exceeds either, divides by
zero or indexes past a list's end fails with an error naming the hook and its line. ``validate``
warns, before any game, about loops nested three deep and values a loop multiplies by themselves.

The runaway hooks are folders in tests/corpus/hooks/, one each: rules.hooks (its ``setup`` hook runs
when a game starts), expected.txt (what ``railbook new`` must say) and, where validate can tell,
warning.txt (the warning it must give).
"""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main
from railbook.dsl import budget

TESTS = Path(__file__).parent
HOOKS = TESTS / "corpus" / "hooks"
CASES = sorted(p for p in HOOKS.iterdir() if p.is_dir())


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str, str]:
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def title_with_hooks(case: Path, tmp_path: Path) -> Path:
    title = tmp_path / "titles" / "tiny"
    shutil.copytree(TESTS / "negative" / "_base", title)
    shutil.copy(case / "rules.hooks", title / "rules.hooks")
    return title


@pytest.mark.parametrize("case", CASES, ids=[p.name for p in CASES])
def test_a_runaway_hook_fails_naming_the_hook_and_its_line(case: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    title = title_with_hooks(case, tmp_path)
    code, out, err = run(title.parent, monkeypatch, "new", "tiny", "--players", "2", "-o", "game.json",
                         "--titles", str(title.parent))
    assert code == 1
    assert "Traceback" not in out + err
    assert err.strip() == "railbook: " + (case / "expected.txt").read_text(encoding="utf-8").strip()
    assert not (title.parent / "game.json").exists()


@pytest.mark.parametrize("case", CASES, ids=[p.name for p in CASES])
def test_validate_warns_about_what_may_grow_without_bound(case: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    title = title_with_hooks(case, tmp_path)
    code, out, err = run(title.parent, monkeypatch, "validate", "tiny")
    assert code == 0, out + err  # a budget stops it at play; the title itself is well formed
    warnings = [line for line in err.splitlines() if ": warning: " in line]
    expected = case / "warning.txt"
    if expected.exists():
        assert warnings[0] == expected.read_text(encoding="utf-8").strip()
    else:
        assert warnings == []


def test_the_titles_hooks_get_no_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(TESTS.parent, monkeypatch, "validate")
    assert code == 0
    assert ": warning: " not in err


def test_the_generated_code_counts_every_loop_and_bounds_what_a_loop_assigns() -> None:
    from railbook.dsl.checker import Names
    from railbook.dsl.compile import compile_hooks
    from railbook.problems import Problems

    text = ("on setup() {\n    let n = 0\n    for p in players() {\n        n += len([q for q in players()])\n"
            "    }\n}\n")
    problems = Problems()
    compiled = compile_hooks(text, "rules.hooks", Names(), problems)
    assert not problems, list(problems)
    assert "for v_p in api.each(api.players(), 3):" in compiled.source
    assert "for v_q in api.each(api.players(), 4)" in compiled.source
    assert "v_n = api.bounded(v_n + (" in compiled.source


def test_the_budgets_are_far_above_what_a_real_hook_needs() -> None:
    # 1894 and 1893 hooks iterate over a handful of players, corporations or stops
    assert budget.STEPS >= 10_000 and budget.MAX_LENGTH >= 10_000 and budget.MAX_INT >= 2 ** 62
