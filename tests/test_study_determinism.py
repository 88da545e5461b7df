"""A study writes the same bytes whatever Python's hash seed: every order the engine, the bots, the
listings and the study make is total (a set of names iterates in an order the string hash's seed
decides, so an order taken from one, or a sort whose key ties, would follow the seed).

Each study runs in its own process under PYTHONHASHSEED 1 and 3: 1856 under the greedy bots (whose
preference table leaves some action kinds tied: before ties were broken by name, these games went
apart at their 16th action) and 1830 under the random bots.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _study(tmp_path: Path, seed: int, *args: str) -> bytes:
    out = tmp_path / f"rows-{seed}.jsonl"
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    subprocess.run([sys.executable, "-m", "railbook.cli.main", "simulate", *args, "--workers", "1", "-q",
                    "-o", str(out)], env=env, check=True, capture_output=True)
    return out.read_bytes()


@pytest.mark.parametrize("study", [
    ("1856", "--games", "1", "--players", "4", "--bots", "greedy", "--seed", "5", "--max-actions", "60"),
    ("1830", "--games", "1", "--players", "3", "--bots", "random", "--seed", "2", "--max-actions", "120"),
], ids=["1856-greedy", "1830-random"])
def test_a_study_writes_the_same_bytes_under_any_hash_seed(tmp_path: Path, study: tuple[str, ...]) -> None:
    assert _study(tmp_path, 1, *study) == _study(tmp_path, 3, *study)
