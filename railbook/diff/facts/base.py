"""Facts: the comparable statements a title's model makes, one per stable key.

A diff compares two titles fact by fact, never file by file, so renaming a
file, reordering keys or renaming a zone letter changes no fact, while a
changed price does. Each fact has a *pattern* (``trains.*.price``) with its
parameters (``("D",)``); the key is the pattern with the parameters filled in
(``trains.D.price``). Patterns are what the catalogues translate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

COLOUR_ORDER = ("white", "yellow", "green", "blue", "brown", "red", "gray", "grey", "purple", "orange", "sepia", "diesel")


def natural_key(k: Any) -> tuple[int, Any, str]:
    """Order dict keys the way a reader expects: colours by phase, numbers by value, then text."""
    s = str(k)
    if s in COLOUR_ORDER:
        return (0, COLOUR_ORDER.index(s), s)
    try:
        return (1, int(s), s)
    except ValueError:
        return (2, 0, s)


def canon(value: Any) -> Any:
    """A JSON-native, order-stable copy: dict keys become strings in natural order."""
    if isinstance(value, dict):
        return {str(k): canon(value[k]) for k in sorted(value, key=natural_key)}
    if isinstance(value, (list, tuple)):
        return [canon(v) for v in value]
    return value


def key_of(pattern: str, params: tuple[str, ...]) -> str:
    """Fill a pattern's ``*`` placeholders with its parameters, in order."""
    parts = pattern.split("*")
    if len(parts) - 1 != len(params):
        raise ValueError(f"pattern {pattern!r} takes {len(parts) - 1} parameters, got {params!r}")
    out = parts[0]
    for p, rest in zip(params, parts[1:]):
        out += str(p) + rest
    return out


@dataclass(frozen=True)
class Fact:
    """One comparable statement about a title.

    ``entity`` facts stand for a whole thing (a train, a private): they are
    compared only for presence, and their value (the thing's attributes) is
    what a reader sees when the thing exists in one title only. Attribute facts
    name their entity in ``parent`` and are compared only when both titles have it.
    """

    pattern: str
    params: tuple[str, ...]
    value: Any
    parent: str | None = None
    entity: bool = False

    @property
    def key(self) -> str:
        return key_of(self.pattern, self.params)

    @property
    def area(self) -> str:
        return self.pattern.split(".", 1)[0]


@dataclass
class FactSet:
    """The facts of one title, by key, in the order they were stated."""

    facts: dict[str, Fact] = field(default_factory=dict)

    def add(self, pattern: str, value: Any, *params: Any, parent: str | None = None, entity: bool = False) -> str:
        fact = Fact(pattern, tuple(str(p) for p in params), canon(value), parent, entity)
        if fact.key in self.facts:
            raise ValueError(f"fact {fact.key!r} stated twice")
        self.facts[fact.key] = fact
        return fact.key

    def key_for(self, pattern: str, params: tuple[Any, ...]) -> str:
        key = key_of(pattern, tuple(str(p) for p in params))
        if key in self.facts:
            raise ValueError(f"fact {key!r} stated twice")
        return key

    def entity(self, pattern: str, params: tuple[Any, ...], attrs: dict[str, Any]) -> None:
        """State a thing and each of its attributes (``pattern.attr``); None means "not stated"."""
        stated = {k: v for k, v in attrs.items() if v is not None}
        key = self.key_for(pattern, params)
        # a thing's attributes keep the order this package states them in, not the file's
        self.facts[key] = Fact(pattern, tuple(str(p) for p in params), {k: canon(v) for k, v in stated.items()},
                               None, True)
        for attr, value in stated.items():
            self.add(f"{pattern}.{attr}", value, *params, parent=key)

    def values(self) -> dict[str, Any]:
        return {k: f.value for k, f in self.facts.items()}
