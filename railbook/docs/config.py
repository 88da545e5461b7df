"""Site configuration kept with the titles (titles/site.yaml), not in code.

Which title is the comparison baseline is a fact about the collection of titles,
so it lives next to them; the site file's ``per_title`` map may give one title
another baseline (``per_title: {ID: {compare_with: OTHER}}``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from railbook.languages import LANGUAGES
from railbook.paths import TITLES_DIR

SITE_FILE = TITLES_DIR / "site.yaml"


@dataclass
class SiteConfig:
    languages: list[str] = field(default_factory=lambda: list(LANGUAGES))
    compare_with: str | None = None
    per_title: dict[str, dict[str, Any]] = field(default_factory=dict)

    def baseline_for(self, title_id: str) -> str | None:
        own = self.per_title.get(title_id, {})
        return own.get("compare_with", self.compare_with)


def load(path: Path | None = None) -> SiteConfig:
    path = path or SITE_FILE
    if not path.exists():
        return SiteConfig()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    langs = [str(x) for x in data.get("languages", LANGUAGES) if str(x) in LANGUAGES]
    base = data.get("compare_with")
    return SiteConfig(languages=langs or list(LANGUAGES), compare_with=str(base) if base is not None else None,
                      per_title={str(k): dict(v) for k, v in (data.get("per_title") or {}).items()})
