"""Every title renders in every language, in both formats, deterministically, with
its pictures, a language switch and visible fallbacks; the commands work."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

import pytest
from docs_support import doc, loaded, visible_text

from railbook.cli import docs_commands as docs_cli
from railbook.docs import config
from railbook.docs.i18n import LANGUAGES
from railbook.docs.render import build_site, write_docs
from railbook.paths import ROOT, title_ids

TITLES = title_ids()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="railbook")
    sub = parser.add_subparsers(dest="command")
    for register in docs_cli.REGISTER.values():
        register(sub)
    return parser


@pytest.mark.parametrize("tid", TITLES)
def test_every_language_renders_with_all_sections(tid: str, tmp_path: Path) -> None:
    t = loaded(tid)
    for lang in LANGUAGES:
        page = write_docs(t, lang, "html", tmp_path, None)[0].read_text(encoding="utf-8")
        assert page.count("<svg") >= 4, (tid, lang)
        for anchor in ("how", "elements", "money", "phases", "map", "market", "summary"):
            assert f'id="{anchor}"' in page, (tid, lang, anchor)
        assert f'<html lang="{lang}">' in page
        assert "{" not in visible_text(page), "an unfilled placeholder"


@pytest.mark.parametrize("tid", TITLES)
def test_output_is_deterministic(tid: str, tmp_path: Path) -> None:
    t = loaded(tid)
    a = write_docs(t, "de", "html", tmp_path / "a", None)[0].read_bytes()
    b = write_docs(t, "de", "html", tmp_path / "b", None)[0].read_bytes()
    assert a == b


def test_markdown_writes_svg_files(tmp_path: Path) -> None:
    tid = TITLES[0]
    files = write_docs(loaded(tid), "fr", "md", tmp_path, None)
    md = files[0].read_text(encoding="utf-8")
    assert md.startswith("# ")
    for kind in ("map", "market", "trains", "phases"):
        svg = tmp_path / f"{tid}.fr.{kind}.svg"
        assert svg.exists() and svg.read_text(encoding="utf-8").startswith("<svg")
        assert f"]({svg.name})" in md


def test_site_has_index_language_switch_and_every_page(tmp_path: Path) -> None:
    result = build_site(tmp_path, pdf=False)   # the PDFs: test_docs_browser
    assert sorted(result["titles"]) == sorted(TITLES) and not result["failed"]
    root = (tmp_path / "index.html").read_text(encoding="utf-8")
    langs = config.load().languages
    for lang in langs:
        assert (tmp_path / lang / "index.html").exists()
        for tid in TITLES:
            page = tmp_path / lang / f"{tid}.html"
            assert page.exists()
            assert f'href="{lang}/{tid}.html"' in root
        other = [c for c in langs if c != lang][0]
        assert f'href="../{other}/{TITLES[0]}.html"' in (tmp_path / lang / f"{TITLES[0]}.html").read_text(encoding="utf-8")


def test_baseline_is_configuration_and_compared(tmp_path: Path) -> None:
    base = config.load().compare_with
    assert base, "titles/site.yaml names the comparison baseline"
    others = [t for t in TITLES if t != base]
    if base not in TITLES or not others:
        pytest.skip("needs the baseline and another title")
    d = doc(others[0], "en")
    assert d["comparison"] and d["comparison"]["points"] and base in d["comparison"]["title"]
    assert doc(base, "en")["comparison"] is None


def test_missing_title_text_is_marked_not_hidden() -> None:
    t = loaded(TITLES[0])
    texts = {"en": "An English-only explanation."}
    t.model["title"]["texts"]["docs_probe"] = texts
    try:
        from railbook.docs import document
        d = document.build(t.model, t.hooks, "pl", None)
        mech = next(s for s in d["summary"] if s["id"] == "mechanics")
        assert "[en] An English-only explanation." in mech["items"]
        assert d["borrowed"]
    finally:
        del t.model["title"]["texts"]["docs_probe"]


def test_docs_command(tmp_path: Path) -> None:
    args = _parser().parse_args(["docs", TITLES[0], "--lang", "it", "--format", "md", "-o", str(tmp_path)])
    assert args.func(args) == 0
    assert (tmp_path / f"{TITLES[0]}.it.md").exists()
    args = _parser().parse_args(["site", "-o", str(tmp_path / "site"), "--no-pdf"])   # PDFs: test_docs_browser
    assert args.func(args) == 0
    assert (tmp_path / "site" / "index.html").exists()


def test_no_title_names_in_the_docs_package() -> None:
    """railbook/docs never names a title: titles are data, the baseline is configuration."""
    out = subprocess.run(["grep", "-rniE", "--include=*.py", "--include=*.j2", "--include=*.yaml", "--include=*.css",
                          "1830|1894|1893|1826|cologne|belge", str(ROOT / "railbook" / "docs")],
                         capture_output=True, text=True)
    assert out.stdout == "", out.stdout


FIXTURES = ROOT / "tests" / "fixtures" / "titles"


@pytest.mark.parametrize("folder", sorted(p for p in FIXTURES.glob("*") if (p / "title.yaml").exists()) if FIXTURES.exists() else [],
                         ids=lambda p: p.name)
def test_minimal_titles_render(folder: Path, tmp_path: Path) -> None:
    """A title with no privates, minors or special rules still gets every section."""
    from railbook.docs.render import load
    t = load(str(folder))
    for lang in LANGUAGES:
        page = write_docs(t, lang, "html", tmp_path, None)[0].read_text(encoding="utf-8")
        assert page.count("<svg") >= 4 and 'id="summary"' in page


def test_structured_comparison_without_the_diff_engine() -> None:
    """The fallback comparison (used when railbook.diff is absent or fails) states both sides' figures."""
    from railbook.docs import compare
    from railbook.docs.i18n import Lang
    base = config.load().compare_with
    others = [t for t in TITLES if t != base]
    if base not in TITLES or not others:
        pytest.skip("needs the baseline and another title")
    b, t = loaded(base), loaded(others[0])
    L = Lang("de", t.facts["currency"])
    points = compare.structured_points(L, b.facts, t.facts, Lang("de", b.facts["currency"]))
    assert len(points) >= 2 and all(p["text"] for p in points)
    first = points[0]["text"]
    assert b.facts["meta"]["name"] in first and t.facts["meta"]["name"] in first
    assert L.t("cmp.players_range", low=L.num(t.facts["players"]["min"]), high=L.num(t.facts["players"]["max"])) in first
