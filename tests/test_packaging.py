"""What a packager and a user setting up railbook rely on: the declared build floor and the
documented environment."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _read_env_variables() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "railbook").rglob("*.py"):
        names.update(re.findall(r"\bRAILBOOK_[A-Z_]+\b", path.read_text(encoding="utf-8")))
    return names


def test_build_floor_knows_the_licence_expression():
    """``license = "MIT"`` with ``license-files`` is PEP 639's form, which setuptools reads from 77 on
    (a build with 75.8 fails): the declared floor must be at least that."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    floor = re.search(r'requires\s*=\s*\["setuptools>=(\d+)', text)
    assert floor is not None and int(floor.group(1)) >= 77
    assert 'license = "MIT"' in text


def test_every_environment_variable_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = _read_env_variables()
    assert names, "railbook reads no RAILBOOK_ variable?"
    missing = sorted(n for n in names if f"`{n}`" not in readme)
    assert missing == []


def test_every_environment_variable_is_in_the_top_level_help():
    out = subprocess.run([sys.executable, "-m", "railbook.cli.main", "--help"], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    missing = sorted(n for n in _read_env_variables() if n not in out)
    assert missing == []


@pytest.mark.parametrize("name", ["RAILBOOK_TITLES", "RAILBOOK_CACHE"])
def test_the_environment_table_says_what_each_variable_sets(name):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith(f"| `{name}`"))
    assert row.count("|") == 4
