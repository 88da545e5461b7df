"""docs/survey.md is what tools/survey/survey.py makes from the 18xx.games engine source, and the
same source always makes the same page (skipped where the reference source is not unpacked)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
REF = Path(os.environ.get("REF", "/work/ref18xx/lib"))


def load_survey() -> Any:
    spec = importlib.util.spec_from_file_location("survey", ROOT / "tools" / "survey" / "survey.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not (REF / "engine" / "game" / "base.rb").exists(), reason="no 18xx.games source at $REF")
def test_the_survey_in_the_docs_is_the_one_the_source_makes() -> None:
    survey = load_survey()
    page = survey.main(REF)
    assert page == survey.main(REF)
    assert page == (ROOT / "docs" / "survey.md").read_text(encoding="utf-8")
    for family in ("auctions and drafts", "mergers, conversions and acquisitions", "loans and bonds",
                   "nationalisation and state companies"):
        assert f"## Forms: {family}" in page


def test_the_survey_names_railbooks_block_for_the_most_changed_methods() -> None:
    page = (ROOT / "docs" / "survey.md").read_text(encoding="utf-8")
    assert "| setup |" in page and "hook `setup`" in page
