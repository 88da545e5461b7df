"""Compare two titles' facts: the heart of ``diff_titles``.

Keys present in one title only are added or removed; keys in both with
different values are changed. A thing (train, private, hex...) present in one
title only is one change carrying its attributes, not one per attribute.

An option stated as false or empty in one title and left out in the other is
no difference: options are off unless a title turns them on. (Options whose
engine default is *not* off are stated with that default by ``facts.defaults``,
so a title turning them off does show.)
"""

from __future__ import annotations

from typing import Any

from railbook.diff.facts import AREAS, FactSet, title_facts
from railbook.diff.keys import is_detail
from railbook.diff.result import Change, Diff, TitleRef

# texts topics that name a title's own events and phase flags (docs/authoring.md, "Rules summaries")
NAME_TOPICS = ("event_", "flag_")


def title_ref(model: dict[str, Any]) -> TitleRef:
    t = model.get("title") or {}
    names = {topic: dict(texts) for topic, texts in (t.get("texts") or {}).items()
             if topic.startswith(NAME_TOPICS) and isinstance(texts, dict)}
    texts: dict[str, Any] = {topic: texts for topic, texts in (t.get("texts") or {}).items() if isinstance(texts, dict)}
    if t.get("location"):
        texts["location"] = t["location"] if isinstance(t["location"], dict) else {"en": str(t["location"])}
    return TitleRef(id=str(t.get("id", "")), name=str(t.get("name", t.get("id", ""))),
                    currency=dict(t.get("currency") or {"symbol": "$", "placement": "prefix"}), names=names,
                    texts=texts)


# values that say "nothing here": an option stated with one of them is the same as the option left out
NEUTRAL: tuple[Any, ...] = (False, None, [], {})


def _neutral(value: Any) -> bool:
    return any(value == n and type(value) is type(n) for n in NEUTRAL)


def compare_facts(fa: FactSet, fb: FactSet) -> dict[str, list[Change]]:
    """Changes by area, in the order the facts were stated.

    Changes of one pattern stay together (every train price, then every
    rusting), and a key's place is the earlier of its places in the two
    titles, so the order does not depend on which title comes first and a
    mirrored diff is the same list with sides swapped.
    """
    areas: dict[str, list[Change]] = {area: [] for area in AREAS}
    never = len(fa.facts) + len(fb.facts)

    def places(fs: FactSet) -> tuple[dict[str, int], dict[str, int]]:
        keys: dict[str, int] = {}
        patterns: dict[str, int] = {}
        for i, (k, f) in enumerate(fs.facts.items()):
            keys[k] = i
            patterns.setdefault(f.pattern, i)
        return keys, patterns

    (ka, pa), (kb, pb) = places(fa), places(fb)
    every = {**fb.facts, **fa.facts}

    def rank(k: str) -> tuple[int, int, str]:
        p = every[k].pattern
        return (min(pa.get(p, never), pb.get(p, never)), min(ka.get(k, never), kb.get(k, never)), k)

    order = sorted(every, key=rank)
    for key in order:
        a, b = fa.facts.get(key), fb.facts.get(key)
        fact = a or b
        assert fact is not None
        if fact.parent and (fact.parent not in fa.facts or fact.parent not in fb.facts):
            continue  # its thing is added or removed as a whole
        if a is not None and b is not None:
            if fact.entity or a.value == b.value:
                continue
            kind = "changed"
        else:
            if not fact.entity and _neutral(fact.value):  # fact is the one present
                continue  # an option set to "none"/false is what leaving it out means
            kind = "removed" if b is None else "added"
        change = Change(area=fact.area, key=key, pattern=fact.pattern, params=fact.params, kind=kind,
                        before=None if a is None else a.value, after=None if b is None else b.value,
                        detail=is_detail(fact.pattern))
        areas.setdefault(fact.area, []).append(change)
    return areas


def diff_titles(model_a: dict[str, Any], model_b: dict[str, Any], *, hooks_a: Any = None,
                hooks_b: Any = None) -> Diff:
    """The semantic differences between two compiled title models.

    ``hooks_a``/``hooks_b`` are the titles' rule-hook metadata (a ``CompiledHooks``
    from ``check_title``, or ``{"hooks": ..., "events": ..., "docs": ...}``);
    without them special rules written as hooks are not compared.
    """
    fa = title_facts(model_a, hooks_a)
    fb = title_facts(model_b, hooks_b)
    return Diff(title_ref(model_a), title_ref(model_b), compare_facts(fa, fb), (fa.values(), fb.values()))
