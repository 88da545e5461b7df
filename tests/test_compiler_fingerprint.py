"""The compiler's fingerprint (half of the compile cache's key) is the digest of its files' contents;
it is remembered beside the cache by the files' sizes and times, and made again from the contents
whenever they differ, the memo is not one railbook wrote, or a file has just changed."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Iterator

import pytest

from railbook.compiler import fingerprint
from railbook.paths import SCHEMA_DIR
from railbook.version import __version__


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RAILBOOK_CACHE", str(folder))
    fingerprint.compiler_digest.cache_clear()
    yield folder
    fingerprint.compiler_digest.cache_clear()


def _read_every_file() -> bytes:
    """The digest as the compiler's files are: every one read (pathlib's sorted globs)."""
    compiler = Path(fingerprint.__file__).resolve().parent
    railbook = compiler.parent
    files = sorted(compiler.rglob("*.py")) + sorted((compiler / "templates").glob("*")) \
        + sorted((railbook / "dsl").rglob("*.py")) + sorted((railbook / "title").rglob("*.py")) \
        + sorted(SCHEMA_DIR.glob("*"))
    h = hashlib.sha256(__version__.encode())
    for f in files:
        if f.is_file():
            h.update(str(f.relative_to(railbook.parent)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest().encode()


def test_the_fingerprint_is_the_digest_of_the_compilers_files(fresh_cache: Path) -> None:
    assert fingerprint.compiler_digest() == _read_every_file()


def test_the_fingerprint_is_remembered_and_the_memo_is_believed_for_the_same_files(
        fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint, "RACY_NS", 0)    # the checkout's files count as settled
    made = fingerprint.compiler_digest()
    memo = fresh_cache / fingerprint.MEMO
    stamp, digest = memo.read_text().split()
    assert digest.encode() == made
    memo.write_text(f"{stamp} {'a' * 64}\n")
    fingerprint.compiler_digest.cache_clear()
    assert fingerprint.compiler_digest() == b"a" * 64    # not read again: the memo answers


@pytest.mark.parametrize("memo_text", ["", "garbage", f"{'0' * 64} {'a' * 64}\n", "x" * 200 + "\n"])
def test_a_memo_of_other_files_or_not_railbooks_own_is_not_believed(
        fresh_cache: Path, monkeypatch: pytest.MonkeyPatch, memo_text: str) -> None:
    monkeypatch.setattr(fingerprint, "RACY_NS", 0)
    fresh_cache.mkdir(mode=0o700)
    (fresh_cache / fingerprint.MEMO).write_text(memo_text)
    assert fingerprint.compiler_digest() == _read_every_file()
    assert (fresh_cache / fingerprint.MEMO).read_text().split()[1].encode() == _read_every_file()


def test_a_file_changed_in_the_last_seconds_is_always_read(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint, "RACY_NS", 10 ** 20)   # every file counts as just changed
    fresh_cache.mkdir(mode=0o700)
    stamp = "0" * 64
    (fresh_cache / fingerprint.MEMO).write_text(f"{stamp} {'a' * 64}\n")
    assert fingerprint.compiler_digest() == _read_every_file()
    assert (fresh_cache / fingerprint.MEMO).read_text() == f"{stamp} {'a' * 64}\n"   # nor remembered


def test_the_stamp_changes_with_a_files_size_or_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint, "RACY_NS", 0)
    f = tmp_path / "rules.py"
    f.write_text("x = 1\n")
    os.utime(f, ns=(1_000_000_000, 1_000_000_000))
    first = fingerprint._stamp([str(f)])
    os.utime(f, ns=(1_000_000_000, 2_000_000_000))
    assert fingerprint._stamp([str(f)]) not in (None, first)
    f.write_text("x = 12\n")
    os.utime(f, ns=(1_000_000_000, 1_000_000_000))
    assert fingerprint._stamp([str(f)]) not in (None, first)


def test_a_memo_in_a_cache_directory_open_to_others_is_not_used(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint, "RACY_NS", 0)
    monkeypatch.setattr(fingerprint, "private_cache_dir", lambda quiet=False: None)
    fresh_cache.mkdir(mode=0o700)
    stamp = fingerprint._stamp(fingerprint.compiler_files())
    (fresh_cache / fingerprint.MEMO).write_text(f"{stamp} {'a' * 64}\n")
    assert fingerprint.compiler_digest() == _read_every_file()
