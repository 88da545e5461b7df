"""Helpers for the rules-summary tests: building documents, reading their text,
decoding a PNG screenshot without third-party packages, and finding Chromium."""

from __future__ import annotations

import html
import os
import re
import shutil
import struct
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from railbook.docs import config, document
from railbook.docs.i18n import Lang
from railbook.docs.render import Loaded, baseline, load
from railbook.paths import ROOT, TITLES_DIR

# the seeds sit in ../shared/seeds beside the checkout, or beside the fidelity fixtures ($RAILBOOK_FIXTURES)
SEEDS = next((p for p in (Path(ROOT).parent / "shared" / "seeds",
                          Path(os.environ.get("RAILBOOK_FIXTURES") or "/nonexistent").parent / "seeds") if p.is_dir()),
             Path(ROOT).parent / "shared" / "seeds")

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def has_title(tid: str) -> bool:
    return (TITLES_DIR / tid / "title.yaml").exists()


_LOADED: dict[str, Loaded] = {}


def loaded(tid: str) -> Loaded:
    if tid not in _LOADED:
        _LOADED[tid] = load(tid)
    return _LOADED[tid]


@lru_cache(maxsize=None)
def doc(tid: str, lang: str) -> dict[str, Any]:
    t = loaded(tid)
    return document.build(t.model, t.hooks, lang, baseline(t.title_id, config.load(), _LOADED), t.examples)


def lang(tid: str, code: str) -> Lang:
    return Lang(code, loaded(tid).facts["currency"])


def section(d: dict[str, Any], sid: str) -> str:
    """All text of one summary section (items and paragraphs), one line per item."""
    for s in d["summary"]:
        if s["id"] == sid:
            return "\n".join(list(s.get("items", [])) + list(s.get("paragraphs", [])))
    raise KeyError(sid)


def line_with(text: str, *needles: str) -> str:
    """The first line of ``text`` holding every needle (or '' when none does)."""
    for line in text.splitlines():
        if all(n in line for n in needles):
            return line
    return ""


def visible_text(page: str) -> str:
    """The text a reader sees in an HTML page (tags, styles and SVG markup dropped)."""
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
    page = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(page))


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGBA pixels) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    height = depth = ctype = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert depth == 8 and ctype in (2, 6), f"unsupported PNG (depth {depth}, colour type {ctype})"
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    i = 0
    for _ in range(height):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 0xFF
            elif ftype == 2:
                line[x] = (line[x] + b) & 0xFF
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line) if bpp == 4 else bytes(
            b for px in range(width) for b in (*line[px * 3:px * 3 + 3], 255)))
        prev = line
    return width, height, rows
