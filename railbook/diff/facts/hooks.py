"""What a title's rule hooks say about its special rules: hook names, events and
the comment written above each hook.

The diff reads only this metadata, never the hook code, so it reports "this title
has a special route bonus" in the author's own words and nothing it would have to
guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


class Doc(str):
    """A hook's doc comment: compared as its English text (rewording a translation is no
    rule change), written in the reader's language where the comment has a ``# de: ...`` line."""

    texts: dict[str, str]

    def __new__(cls, text: str, texts: Mapping[str, str] | None = None) -> "Doc":
        doc = super().__new__(cls, text)
        doc.texts = dict(texts or {})
        return doc

    def __reduce__(self) -> tuple[Any, ...]:
        return (Doc, (str(self), self.texts))


@dataclass(frozen=True)
class HookInfo:
    """Hook points and events a title handles, each with its doc comment ("" if none)."""

    hooks: dict[str, str] = field(default_factory=dict)
    events: dict[str, str] = field(default_factory=dict)


def hook_info(hooks: Any) -> HookInfo:
    """Accept what callers have: nothing, a ``CompiledHooks``, a HookInfo or a plain mapping.

    A mapping may be ``{"hooks": [...] or {...}, "events": ..., "docs": {...}}``,
    the shape ``CompiledHooks`` has, where docs are keyed by hook name and by
    ``"event NAME"``.
    """
    if hooks is None:
        return HookInfo()
    if isinstance(hooks, HookInfo):
        return hooks
    if isinstance(hooks, Mapping):
        names, events, docs = hooks.get("hooks", {}), hooks.get("events", {}), hooks.get("docs", {}) or {}
        texts = hooks.get("doc_texts", {}) or {}
    else:
        names, events, docs = getattr(hooks, "hooks", {}), getattr(hooks, "events", {}), getattr(hooks, "docs", {})
        texts = getattr(hooks, "doc_texts", {}) or {}

    def doc(key: str) -> Doc:
        return Doc(str(docs.get(key, "") or ""), texts.get(key))

    return HookInfo(
        hooks={n: doc(n) for n in sorted(names)},
        events={e: doc(f"event {e}") for e in sorted(events)},
    )
