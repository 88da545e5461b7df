"""The published pages open in a real browser: headless Chromium (Debian's
``chromium``; ``make test`` installs it where it can) renders them without a
console message, a screenshot shows the map drawn at its size, and every title's
summary in every language prints to an A4 PDF linked from its page.

Chromium is an optional extra: without it these tests skip, and nothing else needs it.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from docs_support import CHROMIUM_FLAGS, chromium, doc, loaded, read_png

from railbook.docs.render import write_docs
from railbook.languages import LANGUAGES
from railbook.paths import title_ids

BROWSER = chromium()
pytestmark = pytest.mark.skipif(BROWSER is None, reason="chromium is not installed (make test installs it as root)")
TITLE = "1894" if "1894" in title_ids() else title_ids()[0]


def _run(args: list[str], tmp: Path, timeout: int = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run([BROWSER, *CHROMIUM_FLAGS, f"--user-data-dir={tmp / 'profile'}", *args],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_page_renders_without_console_messages(lang: str, tmp_path: Path) -> None:
    page = write_docs(loaded(TITLE), lang, "html", tmp_path, None)[0]
    out = _run(["--enable-logging=stderr", "--v=0", "--dump-dom", page.as_uri()], tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    console = [line for line in out.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
    assert not console, console
    dom = out.stdout
    assert dom.count("<svg") >= 4                    # the browser parsed every picture
    assert len(re.findall(r'<g class="hex"', dom)) == len(loaded(TITLE).model["map"]["hexes"])
    assert 'class="home"' in dom                      # corporations' homes on the map


def test_map_screenshot_is_drawn_at_its_size(tmp_path: Path) -> None:
    svg = doc(TITLE, "en")["figures"]["map"]
    width = int(float(re.search(r'width="([\d.]+)"', svg).group(1)) + 0.999)
    height = int(float(re.search(r'height="([\d.]+)"', svg).group(1)) + 0.999)
    html = tmp_path / "map.html"
    html.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}'
                    'svg{display:block}</style></head><body>' + svg + "</body></html>", encoding="utf-8")
    shot = tmp_path / "map.png"
    out = _run(["--hide-scrollbars", f"--window-size={width},{height}", f"--screenshot={shot}", html.as_uri()], tmp_path)
    assert out.returncode == 0 and shot.exists(), out.stderr[-2000:]
    w, h, rows = read_png(shot.read_bytes())
    assert (w, h) == (width, height)
    pixels = [tuple(row[i:i + 3]) for row in rows[::4] for i in range(0, len(row), 16)]
    white = sum(1 for p in pixels if p == (255, 255, 255))
    assert white / len(pixels) < 0.2, "the map is (almost) blank"
    colours = set(pixels)
    assert len(colours) > 20, "a map has terrain, tiles, track and text in many colours"
    dark = sum(1 for r, g, b in pixels if r + g + b < 150)
    assert dark / len(pixels) > 0.01, "track and text are drawn"


def _pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def _a4(data: bytes) -> bool:
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", data)
    return bool(box) and (round(float(box.group(1))), round(float(box.group(2)))) in ((595, 842), (842, 595))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The whole site, every title in every language, each page printed to its PDF by Chromium."""
    from railbook.docs.config import load as load_config
    from railbook.docs.render import build_site

    out = tmp_path_factory.mktemp("site")
    return out, build_site(out, None, load_config(), pdf=True)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tid", title_ids())
def test_every_summary_prints_to_an_a4_booklet(site: tuple[Path, dict[str, Any]], tid: str, lang: str) -> None:
    """Chromium prints every title's summary in every language: an A4 booklet of several pages
    (a chapter a page at least, the map on a page of its own), linked from its page."""
    out, result = site
    assert result["pdf"]
    pdf = out / lang / f"{tid}.pdf"
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-") and _a4(data)
    assert _pages(data) >= 6, _pages(data)
    assert f'href="{tid}.pdf"' in (out / lang / f"{tid}.html").read_text(encoding="utf-8")


def test_the_site_index_links_each_pages_pdf(site: tuple[Path, dict[str, Any]]) -> None:
    out, result = site
    index = (out / "index.html").read_text(encoding="utf-8")
    for tid in title_ids():
        assert f'href="{result["languages"][0]}/{tid}.pdf"' in index


def test_a_page_prints_on_its_own_to_a_pdf(tmp_path: Path) -> None:
    """``railbook docs TITLE --format pdf`` prints one page, without a site."""
    pdf = write_docs(loaded(TITLE), "de", "pdf", tmp_path, None)[0]
    data = pdf.read_bytes()
    assert pdf.suffix == ".pdf" and data.startswith(b"%PDF-") and _a4(data) and _pages(data) >= 6
