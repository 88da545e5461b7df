"""Per-language word catalogues for diffs: area titles, fact labels, value
words and sentence templates, in ``catalogues/<lang>.yaml``.

Words live here; numbers and names always come from the titles' data. A word
missing in one language falls back to English, and a label missing everywhere
is made from the key itself, so a new rule is never silently dropped (the
catalogue test lists what still needs a translation).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from railbook.errors import RailbookError
from railbook.languages import LANGUAGES

CATALOGUE_DIR = Path(__file__).resolve().parent / "catalogues"
SECTIONS = ("words", "templates", "areas", "labels", "values", "attrs")


class UnknownLanguage(RailbookError, ValueError):
    """A language without a catalogue."""


@functools.lru_cache(maxsize=None)
def _load(lang: str) -> dict[str, dict[str, str]]:
    path = CATALOGUE_DIR / f"{lang}.yaml"
    if lang not in LANGUAGES or not path.exists():
        raise UnknownLanguage(f"no diff catalogue for language {lang!r} (have: {', '.join(LANGUAGES)})")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {s: {str(k): str(v) for k, v in (data.get(s) or {}).items()} for s in SECTIONS}


def humanize(name: str) -> str:
    """A readable stand-in for a name no catalogue has: ``sold_out_rise`` -> ``sold out rise``."""
    return name.replace("_", " ")


@dataclass(frozen=True)
class Catalogue:
    """The words of one language, with English and then the key itself as fallbacks."""

    lang: str

    def __post_init__(self) -> None:
        _load(self.lang)

    def _get(self, section: str, key: str) -> str | None:
        got = _load(self.lang)[section].get(key)
        if got is None and self.lang != "en":
            got = _load("en")[section].get(key)
        return got

    def has(self, section: str, key: str, own_only: bool = False) -> bool:
        if own_only:
            return key in _load(self.lang)[section]
        return self._get(section, key) is not None

    def word(self, key: str) -> str:
        return self._get("words", key) or humanize(key)

    def template(self, name: str, /, **values: Any) -> str:
        text = self._get("templates", name)
        if text is None:
            raise KeyError(f"template {name!r} is missing from the English catalogue")
        return text.format(**values)

    def area(self, area: str) -> str:
        return self._get("areas", area) or humanize(area)

    def value(self, name: Any, ns: str = "") -> str:
        """A value word (an enum the engine knows: ``waterfall``, ``first_to_pass``).

        ``ns`` picks a meaning where two vocabularies share a word (an ability
        ``close`` is not a market zone's ``close``): ``ability.close`` first.
        """
        if ns:
            got = self._get("values", f"{ns}.{name}")
            if got is not None:
                return got
        return self._get("values", str(name)) or humanize(str(name))

    def attr(self, name: str) -> str:
        return self._get("attrs", name) or humanize(name)

    def label(self, pattern: str, params: tuple[str, ...], params_are_values: bool = False) -> str:
        """The label of a fact, its parameters filled in (translated if they are engine words)."""
        shown = [self.value(p) if params_are_values else p for p in params]
        text = self._get("labels", pattern)
        if text is not None:
            return text.format(*shown)
        return _fallback_label(pattern, shown, self)


def _fallback_label(pattern: str, shown: list[str], cat: Catalogue) -> str:
    """``rounds.operating_round.new_rule`` -> "operating round: new rule"."""
    parts = pattern.split(".")
    # the nearest labelled ancestor names the group
    for cut in range(len(parts) - 1, 0, -1):
        head = ".".join(parts[:cut])
        n = head.count("*")
        if cat.has("labels", head):
            group = cat.label(head, tuple(shown[:n]))
            rest = [humanize(p) for p in parts[cut:] if p != "*"]
            return f"{group}: {' '.join(rest)}" if rest else group
    words = [humanize(p) for p in parts[1:] if p != "*"] + shown
    return " ".join(words) or humanize(pattern)
