"""Reading a JSON file someone else wrote, with limits: every way it can be wrong is a located
:class:`LogError`, never a traceback.

A game file may be missing, a folder, binary, not UTF-8, not JSON, nested too deeply for the
parser, or hold numbers too long to read; each gets its own sentence with ``FILE:LINE:COL``
where there is a place to point at.
"""

from __future__ import annotations

import json
import io
import os
from pathlib import Path
from typing import Any

from railbook.errors import LogError

#: the largest game file read (the longest recorded games are a few megabytes)
MAX_BYTES = 64 * 1024 * 1024
#: how deeply a game file's values may nest (an export needs five or six levels)
MAX_DEPTH = 32
#: the most digits a number in a game file may have (ids and timestamps need a dozen or so)
MAX_DIGITS = 30


def _where(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


class _TooLong(ValueError):
    pass


def _number(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(literal)
    return int(literal)


def _float(literal: str) -> float:
    if len(literal) > MAX_DIGITS + 10:
        raise _TooLong(literal)
    value = float(literal)
    if value in (float("inf"), float("-inf")):
        raise _TooLong(literal)
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def parse_json(text: str, source: str) -> Any:
    """Parse JSON text; refuse (located) numbers too long to read, NaN and Infinity, and nesting
    deeper than :data:`MAX_DEPTH`.

    A game file is read first as plainly as ``json`` reads (its integers read by the C scanner, not
    one Python call each) and then walked once for what the limits refuse; a file that fails or
    breaks a limit is read again the exact way, which says what is wrong and where."""
    if not text.strip():
        raise LogError(f"{source}: an empty file, not a game")
    try:
        data = json.loads(text, parse_float=_float, parse_constant=_constant)
    except (ValueError, RecursionError):
        pass
    else:
        depth, too_long = _measure(data)
        if depth <= MAX_DEPTH and not too_long:
            return data
    return _parse_exactly(text, source)


#: the least integer of more than MAX_DIGITS digits (JSON writes integers without leading zeros)
_TOO_LONG = 10 ** MAX_DIGITS


def _measure(data: Any) -> tuple[int, bool]:
    """How deeply containers nest in ``data`` (counted no further than the first level beyond
    :data:`MAX_DEPTH`), and whether an integer has more than :data:`MAX_DIGITS` digits
    (iteratively: a deep value cannot exhaust the stack)."""
    deepest, too_long = 0, False
    work: list[tuple[Any, int]] = [([data], 0)]   # data as the child of a container at depth 0
    while work:
        value, depth = work.pop()
        if depth > MAX_DEPTH:
            return depth, too_long
        deepest = max(deepest, depth)
        for child in (value.values() if type(value) is dict else value):
            kind = type(child)
            if kind is dict or kind is list:
                work.append((child, depth + 1))
            elif kind is int and not -_TOO_LONG < child < _TOO_LONG:
                too_long = True
    return deepest, too_long


def _parse_exactly(text: str, source: str) -> Any:
    """:func:`parse_json` the exact way: every integer checked as it is read, so the first one too
    long is the one named."""
    try:
        data = json.loads(text, parse_int=_number, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise LogError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except _TooLong as exc:
        literal = str(exc)
        pos = text.find(literal)
        line, col = _where(text, max(pos, 0))
        if len(literal) <= MAX_DIGITS + 10:  # short, but beyond what a float holds
            raise LogError(f"{source}:{line}:{col}: the number {literal} is too large to read") from None
        raise LogError(f"{source}:{line}:{col}: a number of {len(literal)} characters: game files hold numbers "
                       f"of at most {MAX_DIGITS} digits") from None
    except ValueError as exc:  # NaN, Infinity
        raise LogError(f"{source}: not valid JSON: {exc}") from None
    except RecursionError:
        raise LogError(f"{source}: nested too deeply to read (game files nest at most {MAX_DEPTH} levels)") from None
    depth, _ = _measure(data)
    if depth > MAX_DEPTH:
        raise LogError(f"{source}: nested {depth} levels deep; game files nest at most {MAX_DEPTH} levels")
    return data


def _gunzip(raw: bytes, source: str) -> bytes:
    import gzip  # only reference games are gzipped: a start reading a plain log does not load it

    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as fh:
            out = fh.read(MAX_BYTES + 1)
    except (OSError, EOFError) as exc:
        raise LogError(f"{source}: not a readable gzip file: {exc}") from None
    if len(out) > MAX_BYTES:
        raise LogError(f"{source}: more than {MAX_BYTES} bytes unpacked; game files are at most that")
    return out


def read_text(path: str | os.PathLike[str]) -> str:
    """A file's text: it must exist, be a file, not be too large and be UTF-8."""
    from railbook.files import FileRefused, read_limited

    source = str(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise LogError(f"{source}: is a folder, not a game file")
        try:   # a regular file only (not /dev/zero, not a pipe), its size known before reading
            raw = read_limited(p, MAX_BYTES)
        except FileRefused as exc:
            raise LogError(f"{source}: {exc.reason}" + ("; game files are at most that" if "bytes" in exc.reason
                                                          else "")) from None
        if source.endswith(".gz"):  # reference games are kept gzipped: unpacked within the same limit
            raw = _gunzip(raw, source)
    except FileNotFoundError:
        raise LogError(f"{source}: no such file") from None
    except PermissionError:
        raise LogError(f"{source}: not allowed to read it") from None
    except OSError as exc:
        raise LogError(f"{source}: cannot read it: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8", errors="replace")
        line, col = _where(before, len(before))
        raise LogError(f"{source}:{line}:{col}: not UTF-8 text (byte 0x{raw[exc.start]:02x}): "
                       f"is this a game file?") from None
    if "\x00" in text:
        line, col = _where(text, text.index("\x00"))
        raise LogError(f"{source}:{line}:{col}: a NUL character: this is not a game file")
    return text.removeprefix("\ufeff")


def read_json(path: str | os.PathLike[str]) -> Any:
    return parse_json(read_text(path), str(path))
