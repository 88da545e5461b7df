"""The languages railbook publishes in (rules summaries, diff prose), and how a text that
a title writes per language is chosen for a reader."""

from __future__ import annotations

from typing import Mapping

LANGUAGES: tuple[str, ...] = ("en", "de", "pl", "it", "fr")
FALLBACK = "en"


def choose_text(texts: Mapping[str, str] | None, lang: str) -> tuple[str, str]:
    """(language, text): the reader's language if the texts have it, else English, else the
    first language that has one; ("", "") for no text. A caller that gets another language
    than the reader's marks it as borrowed."""
    for candidate in (lang, FALLBACK, *LANGUAGES):
        if texts and texts.get(candidate):
            return candidate, str(texts[candidate])
    return "", ""
