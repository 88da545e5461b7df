"""What a title's rule hooks say about its special rules: hook names, events and
the comment written above each hook.

The diff reads only this metadata, never the hook code, so it reports "this title
has a special route bonus" in the author's own words and nothing it would have to
guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


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
    else:
        names, events, docs = getattr(hooks, "hooks", {}), getattr(hooks, "events", {}), getattr(hooks, "docs", {})
    return HookInfo(
        hooks={n: str(docs.get(n, "") or "") for n in sorted(names)},
        events={e: str(docs.get(f"event {e}", "") or "") for e in sorted(events)},
    )
