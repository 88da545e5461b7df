"""``railbook docs`` and ``railbook site``: publish rules summaries from the data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

from railbook.languages import LANGUAGES


def _cannot_write(output: str, exc: OSError) -> int:
    where = f" ({exc.filename})" if exc.filename and str(exc.filename) != output else ""
    print(f"railbook: cannot write to {output}{where}: {exc.strerror or exc}", file=sys.stderr)
    return 1


def cmd_docs(args: argparse.Namespace) -> int:
    # the renderer (jinja2, the catalogues) loads only when a summary is written
    from railbook.docs import config as config_mod
    from railbook.docs.render import baseline, load, write_docs
    from railbook.errors import DocsError

    cfg = config_mod.load()
    try:
        t = load(args.title)
    except DocsError as exc:
        print(exc, file=sys.stderr)
        for p in exc.problems or []:
            print(p, file=sys.stderr)
        return 1
    if args.compare_with is not None:
        cfg.per_title[t.title_id] = {"compare_with": args.compare_with or None}
    langs = LANGUAGES if args.lang == "all" else (args.lang,)
    base = baseline(t.title_id, cfg)
    for lang in langs:
        try:
            written = write_docs(t, lang, args.format, Path(args.output), base, cfg.languages)
        except DocsError as exc:
            print(exc, file=sys.stderr)
            return 1
        except OSError as exc:          # a folder that cannot be written: said, not a traceback
            return _cannot_write(args.output, exc)
        print(written[0])
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    from railbook.cli.progress import bar, follow
    from railbook.docs.render import build_site

    out = Path(args.output)

    def pdf_progress(done: int, total: int, pdf: Path) -> None:
        print(f"\rPDF {done}/{total}: {pdf.parent.name}/{pdf.name}".ljust(60), end="" if done < total else "\n",
              file=sys.stderr, flush=True)

    progress = bar(None, "site", "page")
    advance = follow(progress)
    try:
        result = build_site(out, args.titles or None, pdf=not args.no_pdf, progress=advance, pdf_progress=pdf_progress)
    except OSError as exc:
        return _cannot_write(args.output, exc)
    finally:
        progress.close()
    print(f"{out}: {len(result['titles'])} titles × {len(result['languages'])} languages = {result['pages']} pages "
          f"({', '.join(result['titles'])}){' with their PDFs' if result['pdf'] else ''}; open {out / 'index.html'}")
    for tid in result["failed"]:
        print(f"{tid}: not published, the title has problems (run railbook validate {tid})", file=sys.stderr)
    return 1 if result["failed"] and not result["titles"] else 0


def register_docs(sub: Any) -> None:
    p = sub.add_parser("docs", help="write one title's rules summary",
                       description="Write a title's rules summary — every figure computed from its data — as "
                                   "HTML (pictures inline) or Markdown (pictures as SVG files beside it).")
    p.add_argument("title", help="a title id or folder")
    p.add_argument("--lang", default="en", choices=list(LANGUAGES) + ["all"], help="language (default: en)")
    p.add_argument("--format", default="html", choices=["html", "md", "pdf"],
                   help="output format (default: html; pdf prints the HTML page to A4 with headless Chromium)")
    p.add_argument("-o", "--output", default="build/docs", help="output folder (default: build/docs)")
    p.add_argument("--compare-with", default=None, metavar="TITLE",
                   help="baseline title for the comparison (default: compare_with in titles/site.yaml; '' for none)")
    p.set_defaults(func=cmd_docs)


def register_site(sub: Any) -> None:
    p = sub.add_parser("site", help="build the rules-summary site for every title and language",
                       description="Build OUT/index.html and OUT/LANG/TITLE.html for every title in every language "
                                   "of titles/site.yaml, with a language switch on every page.")
    p.add_argument("titles", nargs="*", help="title ids (default: every title)")
    p.add_argument("-o", "--output", default="site", help="output folder (default: site)")
    p.add_argument("--no-pdf", action="store_true", help="skip the A4 PDFs (written, and linked, where Chromium is installed; "
                        "printed by one browser, several pages at a time, with progress on stderr)")
    p.set_defaults(func=cmd_site)


REGISTER: dict[str, Callable[[Any], None]] = {"docs": register_docs, "site": register_site}
