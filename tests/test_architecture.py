"""The house's structure holds: one top-level package, layers that only import downwards,
no import circle between files of different packages, no module too long to read.

Type-only imports count (a ``TYPE_CHECKING`` import is a dependency a reader must follow too).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent

#: circles a package may keep inside itself, each for a reason docs/architecture.md gives
ALLOWED_CIRCLES = [
    # a tile knows the hex it lies on and a hex its tile; a city (a tile's stop) holds tokens, a token its city
    {"railbook.engine.map.hex", "railbook.engine.map.stops", "railbook.engine.map.tile", "railbook.engine.map.token"},
    # a certificate names its corporation, a corporation issues its certificates
    {"railbook.engine.entities.corporation", "railbook.engine.entities.share"},
]
MAX_LINES = 600
MAX_GAME_LINES = 400


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("railbook", include_external_packages=False, exclude_type_checking_imports=False)


def _circles(graph: grimp.ImportGraph) -> list[set[str]]:
    """Strongly connected groups of modules (Tarjan's algorithm, iteratively)."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[set[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            recurse = False
            for j in range(i, len(edges[node])):
                nxt = edges[node][j]
                if nxt not in index:
                    work.append((node, j + 1))
                    work.append((nxt, 0))
                    recurse = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if recurse:
                continue
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    out.append(group)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return out


def test_railbook_is_the_only_top_level_package() -> None:
    packages = sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").exists())
    assert packages == ["railbook"]


def test_no_import_circle_joins_files_of_different_packages(graph: grimp.ImportGraph) -> None:
    circles = _circles(graph)
    across = [sorted(c) for c in circles if len({m.rsplit(".", 1)[0] for m in c}) > 1]
    assert across == []
    assert all(c in ALLOWED_CIRCLES for c in circles), [sorted(c) for c in circles if c not in ALLOWED_CIRCLES]


def test_the_layers_only_import_downwards() -> None:
    """The contracts in pyproject.toml ([tool.importlinter]): packages, and the engine's layers."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_no_module_is_longer_than_a_reader_can_hold() -> None:
    long = []
    for path in (ROOT / "railbook").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if text.startswith('"""Automatically generated'):   # generated (its banner says how), not read
            continue
        n = len(text.splitlines())
        if n > MAX_LINES:
            long.append(f"{path.relative_to(ROOT)}: {n} lines")
    assert long == []


def test_the_game_only_coordinates() -> None:
    game = ROOT / "railbook" / "engine" / "game.py"
    assert len(game.read_text(encoding="utf-8").splitlines()) <= MAX_GAME_LINES
