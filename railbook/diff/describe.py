"""One change, in words: its label and its values, for any renderer.

Text, Markdown and prose all describe a change the same way; they differ only
in layout, so they share this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from railbook.diff.catalogue import Catalogue
from railbook.diff.result import Change, Diff, TitleRef
from railbook.diff.values import Context, format_value

# patterns whose parameters are engine words a catalogue translates (a step, a hook point)
_VALUE_PARAMS = ("rounds.operating_round.steps.*", "rounds.operating_round.by_type.*", "special.hooks.*",
                 "special.events.*", "phases.flags.*", "phases.events.*", "game_end.triggers.*", "market.zones.*",
                 "market.cell_effects.*", "corporations.features.*")


def params_are_values(pattern: str) -> bool:
    return any(pattern == p or pattern.startswith(p + ".") for p in _VALUE_PARAMS)


@dataclass(frozen=True)
class Described:
    label: str
    before: str
    after: str


# patterns whose parameter is an event or a phase flag a title may name in its own texts
_NAMED_BY_TITLE = {"phases.events.*": "event_", "special.events.*": "event_", "phases.flags.*": "flag_"}


def own_name(pattern: str, params: tuple[str, ...], refs: tuple[TitleRef, ...], lang: str) -> str | None:
    """What the title itself calls this event or flag in ``lang`` (its ``event_NAME`` text), if it says."""
    prefix = _NAMED_BY_TITLE.get(pattern)
    if not prefix or not params:
        return None
    for ref in refs:
        texts = ref.names.get(prefix + params[0])
        if texts and texts.get(lang):
            return texts[lang]
    return None


def label_of(pattern: str, params: tuple[str, ...], cat: Catalogue, refs: tuple[TitleRef, ...] = ()) -> str:
    named = own_name(pattern, params, refs, cat.lang)
    if named is not None:
        return cat.label(pattern, (named,) + tuple(params[1:]))
    return cat.label(pattern, params, params_are_values(pattern))


def describe(change: Change, diff: Diff, cat: Catalogue) -> Described:
    """A change's label and its values as readers read them (money in each title's own currency)."""
    refs = (diff.b, diff.a) if change.kind != "removed" else (diff.a, diff.b)
    label = label_of(change.pattern, change.params, cat, refs)
    before = "" if change.kind == "added" else format_value(change.pattern, change.before, Context(cat, diff.a.currency))
    after = "" if change.kind == "removed" else format_value(change.pattern, change.after, Context(cat, diff.b.currency))
    return Described(label, before, after)


def is_flag(change: Change) -> bool:
    """A presence fact (an OR step, say): added or removed says all there is to say."""
    return change.kind != "changed" and (change.before is True or change.after is True)


def sentence(change: Change, diff: Diff, cat: Catalogue) -> str:
    """One prose sentence for one change."""
    d = describe(change, diff, cat)
    kind = change.kind + ("_flag" if is_flag(change) else "")
    return cat.template(kind, label=d.label, before=d.before, after=d.after, a=diff.a.name, b=diff.b.name)
