"""A diff's result: areas, each a list of changes with stable keys.

This is the public shape other packages (the rules-summary docs) rely on. A
change says what differs, never how a file was written: ``kind`` is
``added`` (only the second title has it), ``removed`` (only the first) or
``changed`` (both, with different values).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator

SCHEMA_ID = "railbook.diff/1"
KINDS = ("added", "removed", "changed")


@dataclass(frozen=True)
class TitleRef:
    """Which title a side of the diff is, how it writes money, and what it calls
    its own events and phase flags in each language (its ``event_NAME`` and
    ``flag_NAME`` texts; not part of the JSON)."""

    id: str
    name: str
    currency: dict[str, str] = field(default_factory=lambda: {"symbol": "$", "placement": "prefix"})
    names: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, repr=False)
    texts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)   # its own words by topic

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "currency": dict(self.currency)}


@dataclass(frozen=True)
class Change:
    """One difference.

    ``key`` is stable across releases (``trains.D.price``); ``pattern`` and
    ``params`` are the key split into what catalogues translate (``trains.*.price``)
    and the names from the data (``("D",)``). ``before`` is None when added,
    ``after`` None when removed. ``detail`` marks per-hex, per-tile and
    per-company changes a summary may leave out.
    """

    area: str
    key: str
    pattern: str
    params: tuple[str, ...]
    kind: str
    before: Any
    after: Any
    detail: bool = False

    def mirrored(self) -> "Change":
        kind = {"added": "removed", "removed": "added"}.get(self.kind, self.kind)
        return replace(self, kind=kind, before=self.after, after=self.before)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "before": self.before, "after": self.after,
                "pattern": self.pattern, "params": list(self.params), "detail": self.detail}


@dataclass(frozen=True)
class Diff:
    """Two titles' differences by area; every area of ``AREAS`` is present, in order."""

    a: TitleRef
    b: TitleRef
    areas: dict[str, list[Change]]
    # each title's facts by key (what the comparison's prose reads beside the changes; not in the JSON)
    facts: tuple[dict[str, Any], dict[str, Any]] | None = field(default=None, compare=False, repr=False)

    def __bool__(self) -> bool:
        return self.differs

    @property
    def differs(self) -> bool:
        return any(self.areas.values())

    def changes(self, include_details: bool = True) -> Iterator[Change]:
        for changes in self.areas.values():
            for c in changes:
                if include_details or not c.detail:
                    yield c

    def get(self, key: str) -> Change | None:
        return next((c for c in self.changes() if c.key == key), None)

    def keys(self) -> list[str]:
        return [c.key for c in self.changes()]

    def mirrored(self) -> "Diff":
        """The diff of the titles the other way round."""
        facts = (self.facts[1], self.facts[0]) if self.facts else None
        return Diff(self.b, self.a, {area: [c.mirrored() for c in cs] for area, cs in self.areas.items()}, facts)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see ``diff.schema.json``)."""
        return {
            "schema": SCHEMA_ID,
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "differ": self.differs,
            "areas": [{"area": area, "changes": [c.to_json() for c in cs]} for area, cs in self.areas.items()],
        }
