"""The published pages open in a real browser: headless Chromium (Debian's
``chromium``; ``make test`` installs it where it can) renders them without a
console message, and a screenshot shows the map drawn at its size.

Skips only where no Chromium is installed.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from docs_support import CHROMIUM_FLAGS, chromium, doc, loaded, read_png

from railbook.docs.render import write_docs
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


@pytest.mark.parametrize("tid,lang", [("1894", "de"), ("1826", "pl")])
def test_the_summary_prints_to_an_a4_pdf(tid: str, lang: str, tmp_path: Path) -> None:
    if tid not in title_ids():
        pytest.skip(f"no title {tid}")
    pdf = write_docs(loaded(tid), lang, "pdf", tmp_path, None)[0]
    data = pdf.read_bytes()
    assert pdf.suffix == ".pdf" and data.startswith(b"%PDF-")
    pages = re.findall(rb"/Type\s*/Page[^s]", data)
    assert len(pages) >= 6, len(pages)           # a booklet, a chapter a page at least
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", data)
    assert box and (round(float(box.group(1))), round(float(box.group(2)))) == (595, 842)   # A4 in points


def test_the_site_links_each_pages_pdf(tmp_path: Path) -> None:
    from railbook.docs.config import SiteConfig
    from railbook.docs.render import build_site

    result = build_site(tmp_path, [TITLE], SiteConfig(languages=["en", "pl"]), pdf=True)
    assert result["pdf"]
    for lang in result["languages"]:
        page = (tmp_path / lang / f"{TITLE}.html").read_text(encoding="utf-8")
        assert f'href="{TITLE}.pdf"' in page and (tmp_path / lang / f"{TITLE}.pdf").read_bytes().startswith(b"%PDF-")
    assert f'href="en/{TITLE}.pdf"' in (tmp_path / "index.html").read_text(encoding="utf-8")
