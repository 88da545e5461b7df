"""Words per language: message catalogues, plural forms, number and money formats.

The catalogues hold sentences with named placeholders and no figures; this
module fills them in. A message or title text missing in a language falls back
to English *visibly* (prefixed with ``[en]``) so a reader and a reviewer both
see what still needs translating; nothing is ever silently replaced.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from railbook.languages import FALLBACK, LANGUAGES, choose_text  # noqa: F401  (LANGUAGES re-exported)
from railbook.languages import number as _number
from railbook.languages import percent as _percent
from railbook.languages import plural

CATALOGUE_DIR = Path(__file__).resolve().parent / "catalogues"

NBSP = "\u00a0"
NNBSP = "\u202f"

def plural_category(lang: str, n: int) -> str:
    """CLDR plural category of an integer (the catalogues key plural forms by it)."""
    return plural(lang, n)


def _flatten(node: Any, prefix: str, out: dict[str, Any]) -> None:
    """Nested catalogue sections become dotted keys; a plural form map stays a leaf."""
    if isinstance(node, dict) and not _is_plural(node):
        for k, v in node.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    else:
        out[prefix] = node


def _is_plural(node: dict[str, Any]) -> bool:
    return bool(node) and set(node) <= {"zero", "one", "few", "many", "other"}


@lru_cache(maxsize=None)
def load_catalogue(lang: str) -> dict[str, Any]:
    path = CATALOGUE_DIR / f"{lang}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
    out: dict[str, Any] = {}
    _flatten(data or {}, "", out)
    return out


class _Blank(dict[str, Any]):
    """Leaves an unknown placeholder visible rather than failing the whole page."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass
class Lang:
    """One language's words and formats, bound to one title's currency."""

    code: str
    currency: Mapping[str, Any] = field(default_factory=lambda: {"symbol": "$", "placement": "prefix"})
    missing: set[str] = field(default_factory=set)
    borrowed: list[str] = field(default_factory=list)   # title texts shown in another language

    @property
    def catalogue(self) -> dict[str, Any]:
        return load_catalogue(self.code)

    def has(self, key: str) -> bool:
        return key in self.catalogue or key in load_catalogue(FALLBACK)

    def raw(self, key: str) -> tuple[Any, bool]:
        """The message and whether it is a fallback."""
        if key in self.catalogue:
            return self.catalogue[key], False
        fb = load_catalogue(FALLBACK)
        if key in fb:
            self.missing.add(key)
            return fb[key], True
        self.missing.add(key)
        return "[" + key.replace("{", "(").replace("}", ")") + "]", True

    def t(self, key: str, n: int | None = None, **params: Any) -> str:
        """A message with its placeholders filled; ``n`` picks the plural form."""
        msg, fell_back = self.raw(key)
        lang = FALLBACK if fell_back else self.code
        if isinstance(msg, dict):
            count = n if n is not None else params.get("count", 0)
            cat = plural_category(lang, int(count))
            msg = msg.get(cat) or msg.get("other") or msg.get("many") or next(iter(msg.values()))
        values = _Blank(params)
        if n is not None:
            values.setdefault("n", self.num(n))
        text = string.Formatter().vformat(str(msg), (), values)
        return f"[{FALLBACK}] {text}" if fell_back and self.code != FALLBACK else text

    # ------------------------------------------------------------ formats

    def num(self, n: int | float) -> str:
        """Digits grouped the language's way (CLDR: 1.000 in German, 1 000 in French)."""
        if isinstance(n, float) and n.is_integer():
            n = int(n)
        return _number(n, self.code)

    def count(self, n: int | Mapping[int, int]) -> str:
        """A number, or one per player count."""
        if isinstance(n, Mapping):
            return self.join([self.t("words.per_players", value=self.num(v), players=self.num(int(k)))
                              for k, v in n.items()], "or")
        return self.num(n)

    def money(self, amount: int | float | Mapping[int, int] | None) -> str:
        """An amount in the title's currency, placed as the title defines (or one per player count)."""
        if amount is None:
            return "—"
        if isinstance(amount, Mapping):
            return self.join([self.t("words.per_players", value=self.money(v), players=self.num(int(n)))
                              for n, v in amount.items()], "or")
        sym = str(self.currency.get("symbol", "$"))
        text = self.num(amount)
        if self.currency.get("placement", "prefix") == "prefix":
            return f"{sym}{text}"
        return f"{text}{NBSP}{sym}"

    def pct(self, n: int | float) -> str:
        return _percent(n, self.code)

    def join(self, items: Iterable[str], conj: str = "and") -> str:
        """"A, B and C" with the language's conjunction (``conj``: and / or)."""
        items = [i for i in items if i]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        word = self.t(f"words.{conj}")
        return f"{', '.join(items[:-1])} {word} {items[-1]}"

    def place(self, location: Mapping[str, str] | str | None) -> str:
        """Where a title is set: per-language text, or one string taken as English."""
        if isinstance(location, str):
            return self.text({FALLBACK: location})
        return self.text(location)

    def text(self, texts: Mapping[str, str] | None) -> str:
        """A title's own per-language text; a missing translation is marked, never hidden."""
        lang, text = choose_text(texts, self.code)
        if not text or lang == self.code:
            return text
        if text not in self.borrowed:
            self.borrowed.append(text)
        return f"[{lang}] {text}"
