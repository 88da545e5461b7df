"""The compile cache runs only what railbook wrote there for these very sources.

It lives in a private directory of the user's own; entries are written atomically; an entry's
header records the key it was compiled for and the digest of the module, both checked against the
bytes read before they run. A planted, corrupt, truncated or stale entry is rebuilt, with a warning.
An entry's bytecode is kept beside it, and loaded only when it was compiled from that very module.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from railbook.compiler import cache, fingerprint
from railbook.compiler.cache import CacheWarning, cached_module_path, entry_text, load_compiled, verified_source
from railbook.paths import TITLES_DIR

TINY = Path(__file__).parent / "titles" / "tiny"


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RAILBOOK_CACHE", str(folder))
    monkeypatch.setattr(cache, "_loaded", {})
    return folder


def test_the_cache_directory_is_made_private(fresh_cache: Path) -> None:
    load_compiled(TINY)
    assert stat.S_IMODE(fresh_cache.stat().st_mode) == 0o700
    entries = sorted((p for p in fresh_cache.iterdir() if p.name != fingerprint.MEMO), key=lambda p: p.suffix)
    # the entry and its bytecode (and perhaps the compiler's digest), no temporary file left behind
    assert [p.suffix for p in entries] == [".code", ".py"] and entries[0].stem == entries[1].stem


def test_a_cache_directory_open_to_others_is_made_private(fresh_cache: Path) -> None:
    fresh_cache.mkdir(mode=0o777)
    fresh_cache.chmod(0o777)
    load_compiled(TINY)
    assert stat.S_IMODE(fresh_cache.stat().st_mode) == 0o700


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs to give a folder to another user")
def test_a_cache_directory_of_another_user_is_not_used(fresh_cache: Path) -> None:
    fresh_cache.mkdir()
    os.chown(fresh_cache, 4242, -1)
    with pytest.warns(CacheWarning, match="belongs to another user"):
        module = load_compiled(TINY)
    assert module.MODEL.title.id == "tiny"
    assert list(fresh_cache.iterdir()) == []


def test_a_planted_entry_is_never_run(fresh_cache: Path, tmp_path: Path) -> None:
    path, key = cached_module_path(TINY)
    fresh_cache.mkdir(mode=0o700)
    marker = tmp_path / "planted-code-ran"
    path.write_text(f"open({str(marker)!r}, 'w').write('x')\nSOURCE_HASH = 'x'\nMODEL = None\n")
    with pytest.warns(CacheWarning, match="corrupt or was not written by railbook"):
        module = load_compiled(TINY)
    assert not marker.exists()
    assert module.MODEL.title.id == "tiny"
    assert verified_source(path.read_bytes(), key) is not None  # rebuilt in its place


def test_a_planted_entry_that_copies_the_header_of_another_title_is_never_run(fresh_cache: Path,
                                                                             tmp_path: Path) -> None:
    path, key = cached_module_path(TINY)
    _, other_key = cached_module_path(TITLES_DIR / "1830")
    fresh_cache.mkdir(mode=0o700)
    marker = tmp_path / "planted-code-ran"
    path.write_text(entry_text(other_key, f"open({str(marker)!r}, 'w').write('x')\n"))
    with pytest.warns(CacheWarning):
        load_compiled(TINY)
    assert not marker.exists()


def test_a_corrupt_entry_is_rebuilt_with_a_warning(fresh_cache: Path) -> None:
    load_compiled(TINY)
    path, key = cached_module_path(TINY)
    path.write_bytes(path.read_bytes()[:500] + b"\x00garbage")
    cache._loaded.clear()
    with pytest.warns(CacheWarning, match="rebuilding it"):
        module = load_compiled(TINY)
    assert module.MODEL.title.id == "tiny"
    assert verified_source(path.read_bytes(), key) is not None


def test_an_entry_whose_body_was_edited_is_rebuilt(fresh_cache: Path, tmp_path: Path) -> None:
    load_compiled(TINY)
    path, key = cached_module_path(TINY)
    marker = tmp_path / "edited-code-ran"
    path.write_bytes(path.read_bytes() + f"\nopen({str(marker)!r}, 'w').write('x')\n".encode())
    cache._loaded.clear()
    with pytest.warns(CacheWarning):
        load_compiled(TINY)
    assert not marker.exists()


def test_a_good_entry_loads_without_recompiling(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_compiled(TINY)
    cache._loaded.clear()

    def no_compiling(folder: Path) -> str:
        raise AssertionError("a verified entry is loaded, not compiled again")

    monkeypatch.setattr(cache, "_compile", no_compiling)
    assert load_compiled(TINY).MODEL.title.id == "tiny"


def test_an_entry_keeps_its_bytecode_and_a_start_loads_it_without_compiling(
        fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_compiled(TINY)
    path, _ = cached_module_path(TINY)
    assert path.with_suffix(".code").exists()
    cache._loaded.clear()

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("the entry's bytecode is loaded, not compiled again")

    monkeypatch.setattr(cache, "compile", no_compiling, raising=False)
    assert load_compiled(TINY).MODEL.title.id == "tiny"


def test_bytecode_that_does_not_match_its_header_is_compiled_again(fresh_cache: Path) -> None:
    load_compiled(TINY)
    path, _ = cached_module_path(TINY)
    code_path = path.with_suffix(".code")
    good = code_path.read_bytes()
    code_path.write_bytes(good[:-40] + b"\x00" * 40)   # the payload no longer has the recorded digest
    cache._loaded.clear()
    assert load_compiled(TINY).MODEL.title.id == "tiny"
    assert code_path.read_bytes() == good   # written again


def test_bytecode_of_another_module_is_never_run(fresh_cache: Path, tmp_path: Path) -> None:
    load_compiled(TINY)
    path, _ = cached_module_path(TINY)
    marker = tmp_path / "planted-code-ran"
    planted = compile(f"open({str(marker)!r}, 'w').write('x')", str(path), "exec")
    import marshal
    payload = marshal.dumps(planted)
    head = cache._code_header("0" * 64, payload)   # compiled from some other source
    path.with_suffix(".code").write_bytes(head + payload)
    cache._loaded.clear()
    assert load_compiled(TINY).MODEL.title.id == "tiny"
    assert not marker.exists()


# ---------------------------------------------------------------- the sources' hash

def copy_of_tiny(tmp_path: Path) -> Path:
    import shutil

    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    return folder


def settle(folder: Path, seconds_ago: int) -> None:
    """Give every file of the folder a modification time that long ago."""
    import time

    when = time.time_ns() - seconds_ago * 1_000_000_000
    for f in folder.rglob("*"):
        os.utime(f, ns=(when, when))


def test_a_title_edited_since_it_was_hashed_is_hashed_again(tmp_path: Path) -> None:
    from railbook.title.sources import source_hash

    folder = copy_of_tiny(tmp_path)
    settle(folder, 60)
    before = source_hash(folder)
    title = folder / "title.yaml"
    title.write_text(title.read_text() + "\n")
    settle(folder, 30)   # an edit of a while ago: a new modification time
    assert source_hash(folder) != before


def test_an_edit_of_the_same_size_just_made_is_never_taken_for_the_file_before_it(tmp_path: Path) -> None:
    # two quick writes may share a modification time on a coarse clock: a file changed in the last
    # seconds is read again, however often it is asked
    from railbook.title.sources import source_hash

    folder = copy_of_tiny(tmp_path)
    title = folder / "title.yaml"
    text = title.read_text()
    title.write_text(text)   # written just now
    before = source_hash(folder)
    stamp = title.stat().st_mtime_ns
    title.write_text(text.replace("a", "b", 1))
    os.utime(title, ns=(stamp, stamp))   # the clock has not ticked since
    assert len(title.read_text()) == len(text)
    assert source_hash(folder) != before


def test_a_settled_title_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from railbook.title.sources import source_hash

    folder = copy_of_tiny(tmp_path)
    settle(folder, 60)
    first = source_hash(folder)
    reads: list[Path] = []
    monkeypatch.setattr(Path, "read_bytes", lambda self: reads.append(self) or b"")
    assert source_hash(folder) == first and not reads
