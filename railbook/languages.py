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


# ---------------------------------------------------------------- numbers and plural forms (CLDR, via Babel)

def number(n: int | float, lang: str) -> str:
    """A number written the reader's way (CLDR through Babel): 12,000 · 12.000 · 12 000."""
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=lang, decimal_quantization=False))


def percent(n: int | float, lang: str) -> str:
    """A percentage (``n`` in percent: 50 -> 50% / 50 % / 50 %), as CLDR writes it."""
    from babel.numbers import format_percent

    return str(format_percent(n / 100, locale=lang, decimal_quantization=False))


def plural(lang: str, n: int | float) -> str:
    """The CLDR plural category of ``n`` in ``lang``: zero, one, two, few, many or other."""
    from babel import Locale

    return str(Locale.parse(lang).plural_form(abs(n)))
