"""Print a rules summary to an A4 PDF with headless Chromium.

The page's own print style sheet (``templates/style.css``, ``@media print``) sets A4,
margins and page breaks; Chromium's ``--print-to-pdf`` lays it out exactly as a
reader's browser would print it. ``print_pdfs`` prints a site's pages with one browser, several at a time. Where no Chromium is installed a ``DocsError``
says so (``make test`` installs Debian's ``chromium`` when run as root).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from railbook.errors import DocsError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-pdf-header-footer", "--run-all-compositor-stages-before-draw"]


def browser() -> str | None:
    """The headless browser that prints PDFs ($RAILBOOK_CHROMIUM, else the first on PATH)."""
    own = os.environ.get("RAILBOOK_CHROMIUM")
    if own:
        return own if Path(own).exists() or shutil.which(own) else None
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def print_pdf(html: Path, pdf: Path, timeout: int = 120) -> Path:
    """Print the HTML page ``html`` to ``pdf``; a DocsError if it cannot."""
    exe = browser()
    if exe is None:
        raise DocsError("cannot write a PDF: no Chromium found (install Debian's chromium, or set RAILBOOK_CHROMIUM)")
    pdf.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="railbook-pdf-") as profile:
        args = [exe, *FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf.resolve()}", html.resolve().as_uri()]
        try:
            out = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise DocsError(f"cannot write {pdf}: {exc}") from exc
    if out.returncode != 0 or not pdf.exists() or pdf.stat().st_size == 0:
        raise DocsError(f"cannot write {pdf}: the browser said: {out.stderr.strip()[-400:]}")
    return pdf


Progress = Callable[[int, int, Path], None]


def print_pdfs(jobs: list[tuple[Path, Path]], progress: Progress | None = None, workers: int = 4) -> list[Path]:
    """Print many pages (``[(html, pdf)]``) with one browser, ``workers`` pages at a time.

    One Chromium started once and driven by Playwright (where it is installed) prints
    a page in a fraction of a second; starting a browser per page costs seconds each.
    Without Playwright the pages are printed by ``print_pdf`` subprocesses, ``workers``
    at a time. ``progress(done, total, pdf)`` hears of each page printed.
    """
    if not jobs:
        return []
    exe = browser()
    if exe is None:
        raise DocsError("cannot write a PDF: no Chromium found (install Debian's chromium, or set RAILBOOK_CHROMIUM)")
    for _, pdf in jobs:
        pdf.parent.mkdir(parents=True, exist_ok=True)
    try:
        import playwright.async_api  # noqa: F401  (optional: the browser extra)
    except ImportError:
        return _print_with_subprocesses(jobs, progress, workers)
    return asyncio.run(_print_with_playwright(exe, jobs, progress, workers))


def _print_with_subprocesses(jobs: list[tuple[Path, Path]], progress: Progress | None, workers: int) -> list[Path]:
    done: list[Path] = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for pdf in pool.map(lambda job: print_pdf(*job), jobs):
            done.append(pdf)
            if progress:
                progress(len(done), len(jobs), pdf)
    return done


async def _print_with_playwright(exe: str, jobs: list[tuple[Path, Path]], progress: Progress | None,
                                 workers: int) -> list[Path]:
    from playwright.async_api import async_playwright

    done: list[Path] = []
    gate = asyncio.Semaphore(workers)
    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        context = await chromium.new_context()

        async def one(html: Path, pdf: Path) -> None:
            async with gate:
                page = await context.new_page()
                try:
                    await page.goto(html.resolve().as_uri(), wait_until="load")
                    # the page's print style sheet sets A4 and its margins (@page), as --print-to-pdf reads it
                    await page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
                except Exception as exc:   # any browser failure is the page's: say which
                    raise DocsError(f"cannot write {pdf}: {exc}") from exc
                finally:
                    await page.close()
            done.append(pdf)
            if progress:
                progress(len(done), len(jobs), pdf)
        try:
            await asyncio.gather(*(one(h, p) for h, p in jobs))
        finally:
            await chromium.close()
    return done
