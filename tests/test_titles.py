"""The four titles as data: valid, compiled deterministically, and importable."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from railbook.compiler.compile import check_title, compile_title
from railbook.paths import ROOT, TITLES_DIR, title_ids
from railbook.problems import Problems
from railbook.title.loader import load_common_tiles

TITLES = title_ids()


def test_the_four_titles_are_here() -> None:
    assert {"1830", "1894", "1893", "1826"} <= set(TITLES)


@pytest.mark.parametrize("title", TITLES)
def test_title_validates(title: str) -> None:
    src, model, _ = check_title(TITLES_DIR / title)
    assert not src.problems, "\n".join(str(p) for p in src.problems)
    assert model is not None


def test_the_whole_common_catalogue_matches_the_schema() -> None:
    problems = Problems()
    doc = load_common_tiles(problems)
    assert doc is not None
    assert not problems, "\n".join(str(p) for p in problems)


@pytest.mark.parametrize("title", TITLES)
def test_compiling_twice_gives_identical_bytes(title: str, tmp_path: Path) -> None:
    a = compile_title(TITLES_DIR / title).source
    b = compile_title(TITLES_DIR / title).source
    assert a == b
    path = tmp_path / f"title_{title}.py"
    path.write_text(a)
    spec = importlib.util.spec_from_file_location(f"compiled_{title}", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    assert module.MODEL.title.id == title
    assert module.TRAINS and module.PHASES and module.CORPORATIONS and module.MAP.hexes
    assert "automatically generated, do not modify" in a.splitlines()[1]


def test_compiled_tables_are_frozen_dataclasses() -> None:
    import dataclasses

    from railbook.compiler.cache import load_compiled

    module = load_compiled("1830")
    assert isinstance(module.TRAINS, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        module.TRAINS[0].price = 1
    assert module.HOOKS == {} or all(callable(f) for f in module.HOOKS.values())


def test_tile_paths_are_precomputed_for_every_rotation() -> None:
    from railbook.compiler.cache import load_compiled

    tile = load_compiled("1830").TILES["57"]
    assert [r.exits for r in tile.rotations] == [(0, 3), (1, 4), (2, 5), (0, 3), (1, 4), (2, 5)]


def test_no_title_is_named_in_the_railbook_package() -> None:
    pattern = re.compile(r"\b(1830|1894|1893|1826|1882|1846|1836jr30|1849|1856|1860|1817|1889|18chesapeake|18al|18ga|18tn|18ms|cologne|belge|plm)\b", re.IGNORECASE)
    hits = []
    for folder in ("railbook",):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".j2", ".json", ".yaml", ".lark", ".html", ".css", ".md") or "templates" in path.parts:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "\n".join(hits[:20])
