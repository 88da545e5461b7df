"""Write documents: one title in one language as HTML or Markdown, and the site.

Output is deterministic — the same title data gives the same bytes — so a
published site only changes when a title or a catalogue does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import jinja2

from railbook.compiler.compile import check_title
from railbook.docs import config as config_mod
from railbook.docs import document
from railbook.docs import facts as facts_mod
from railbook.docs.examples import Played, play_all
from railbook.docs.i18n import Lang, load_catalogue
from railbook.docs.pdf import Progress, browser, print_pdf, print_pdfs
from railbook.docs.svg import colour
from railbook.errors import DocsError
from railbook.languages import LANGUAGES
from railbook.paths import title_dir, title_ids

TEMPLATES = Path(__file__).resolve().parent / "templates"

_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES)),
    autoescape=jinja2.select_autoescape(["html", "html.j2"]),
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)
_ENV.filters["palette"] = colour


def ucfirst(text: str) -> str:
    """Sentence case for a list item: the first letter up, the rest untouched (unlike str.capitalize)."""
    text = str(text)
    marker = re.match(r"\[[a-z]{2}\] ", text)          # a visible fallback marker stays as it is
    if marker:
        return marker.group() + ucfirst(text[marker.end():])
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
        if ch not in "[( ":
            return text
    return text


_ENV.filters["ucfirst"] = ucfirst


@dataclass
class Loaded:
    """A checked title: its model and hooks, ready to document."""

    title_id: str
    model: dict[str, Any]
    hooks: Any
    facts: dict[str, Any] = field(default_factory=dict)
    examples: list[Played] = field(default_factory=list)   # the worked examples, played


def load(target: str) -> Loaded:
    folder = title_dir(target)
    src, model, hooks = check_title(folder)
    if model is None or src.problems:
        raise DocsError(f"{target}: the title has problems (run railbook validate)", src.problems)
    tid = str(model["title"].get("id", folder.name))
    return Loaded(tid, model, hooks, facts_mod.compute(model, hooks), play_all(tid, src.examples))


def css() -> str:
    return (TEMPLATES / "style.css").read_text(encoding="utf-8")


def language_name(code: str) -> str:
    return str(load_catalogue(code).get("language.name", code))


def baseline(title_id: str, cfg: config_mod.SiteConfig,
             cache: dict[str, Loaded] | None = None) -> tuple[Any, ...] | None:
    """The configured baseline's (model, facts, hooks), or None (no baseline, or it does not load)."""
    base_id = cfg.baseline_for(title_id)
    if not base_id or base_id == title_id:
        return None
    cache = cache if cache is not None else {}
    if base_id not in cache:
        try:
            cache[base_id] = load(base_id)
        except DocsError:
            return None
    b = cache[base_id]
    return b.model, b.facts, b.hooks


def render_html(doc: dict[str, Any], switch: list[dict[str, Any]], index_url: str | None,
                pdf_url: str | None = None) -> str:
    return _ENV.get_template("page.html.j2").render(doc=doc, switch=switch, index_url=index_url, css=css(),
                                                    pdf_url=pdf_url)


def render_md(doc: dict[str, Any], files: dict[str, str]) -> str:
    return _ENV.get_template("page.md.j2").render(doc=doc, files=files)


def page_name(title_id: str, lang: str, fmt: str) -> str:
    return f"{title_id}.{lang}.{'md' if fmt == 'md' else fmt if fmt == 'pdf' else 'html'}"


def write_docs(t: Loaded, lang: str, fmt: str, out: Path, base: tuple[Any, ...] | None,
               languages: list[str] | None = None) -> list[Path]:
    """``railbook docs``: one title, one language, into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    doc = document.build(t.model, t.hooks, lang, base, t.examples)
    written = []
    if fmt in ("html", "pdf"):
        langs = languages or list(LANGUAGES)
        switch = [{"code": c, "name": language_name(c), "url": page_name(t.title_id, c, "html"), "current": c == lang}
                  for c in langs]
        path = out / page_name(t.title_id, lang, "html")
        path.write_text(render_html(doc, switch, None), encoding="utf-8")
        written.append(path)
        if fmt == "pdf":
            written.insert(0, print_pdf(path, out / page_name(t.title_id, lang, "pdf")))
    else:
        files = {k: f"{t.title_id}.{lang}.{k}.svg" for k in doc["figures"]}
        for k, name in files.items():
            (out / name).write_text(doc["figures"][k] + "\n", encoding="utf-8")
            written.append(out / name)
        path = out / page_name(t.title_id, lang, "md")
        path.write_text(render_md(doc, files), encoding="utf-8")
        written.insert(0, path)
    return written


def build_site(out: Path, targets: list[str] | None = None, cfg: config_mod.SiteConfig | None = None,
               pdf: bool = True, progress: Callable[[int, int], None] | None = None,
               pdf_progress: Progress | None = None) -> dict[str, Any]:
    """Every title in every configured language, an index per language and a root index.

    Layout: ``out/index.html`` (first language), ``out/LANG/index.html``,
    ``out/LANG/TITLE.html`` and, where a browser can print them (``pdf``),
    ``out/LANG/TITLE.pdf``, linked from its page and the index. A title that does
    not check is listed as failed, never half-published. ``progress`` is told how many pages of how
    many are written; the PDFs are printed last, by one browser, several pages at a time
    (``pdf_progress`` hears of each).
    """
    pdf = pdf and browser() is not None
    cfg = cfg or config_mod.load()
    langs = cfg.languages
    cache: dict[str, Loaded] = {}
    loaded: list[Loaded] = []
    failed: list[str] = []
    for tid in targets or title_ids():
        try:
            t = cache.get(tid) or load(tid)
        except DocsError:
            failed.append(tid)
            continue
        cache[t.title_id] = t
        loaded.append(t)
    pages = 0
    printing: list[tuple[Path, Path]] = []
    for t in loaded:
        base = baseline(t.title_id, cfg, cache)
        for lang in langs:
            doc = document.build(t.model, t.hooks, lang, base, t.examples)
            switch = [{"code": c, "name": language_name(c), "url": f"../{c}/{t.title_id}.html", "current": c == lang}
                      for c in langs]
            d = out / lang
            d.mkdir(parents=True, exist_ok=True)
            page = d / f"{t.title_id}.html"
            page.write_text(render_html(doc, switch, "index.html", f"{t.title_id}.pdf" if pdf else None),
                            encoding="utf-8")
            if pdf:
                printing.append((page, d / f"{t.title_id}.pdf"))
            pages += 1
            if progress is not None:
                progress(pages, len(loaded) * len(langs))
    print_pdfs(printing, pdf_progress)
    for i, lang in enumerate(langs):
        _write_index(out / lang / "index.html", lang, langs, loaded, failed, prefix="../", here=f"{lang}/", pdf=pdf)
        if i == 0:
            _write_index(out / "index.html", lang, langs, loaded, failed, prefix="", here="", pdf=pdf)
    return {"titles": [t.title_id for t in loaded], "failed": failed, "languages": langs, "pages": pages, "pdf": pdf}


def _write_index(path: Path, lang: str, langs: list[str], loaded: list[Loaded], failed: list[str],
                 prefix: str, here: str, pdf: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    L = Lang(lang)
    labels = {k: L.t(f"index.{k}") for k in ("site_title", "site_intro", "title", "players", "designer", "failed",
                                             "languages")}
    labels["pdf"] = L.t("label.pdf")
    titles = []
    for t in loaded:
        f = t.facts
        pl = f["players"]
        up = "" if not here else "../"
        titles.append({"name": f["meta"].get("name") or t.title_id, "subtitle": f["meta"].get("subtitle") or "",
                       "blurb": L.text(f["blurb"]), "designer": f["meta"].get("designer") or "",
                       "players": f"{L.num(pl['min'])}–{L.num(pl['max'])}",
                       "links": {c: f"{up}{c}/{t.title_id}.html" for c in langs},
                       "pdfs": {c: f"{up}{c}/{t.title_id}.pdf" for c in langs} if pdf else {}})
    switch = [{"code": c, "name": language_name(c), "current": c == lang,
               "url": (f"{c}/index.html" if not here else f"../{c}/index.html")} for c in langs]
    languages = [{"code": c, "name": language_name(c)} for c in langs]
    html = _ENV.get_template("index.html.j2").render(lang=lang, labels=labels, titles=titles, switch=switch,
                                                     languages=languages, failed=failed, css=css())
    path.write_text(html, encoding="utf-8")
