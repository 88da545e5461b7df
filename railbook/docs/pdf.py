"""Print a rules summary to an A4 PDF with headless Chromium.

The page's own print style sheet (``templates/style.css``, ``@media print``) sets A4,
margins and page breaks; Chromium's ``--print-to-pdf`` lays it out exactly as a
reader's browser would print it. Where no Chromium is installed a ``DocsError``
says so (``make test`` installs Debian's ``chromium`` when run as root).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

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
