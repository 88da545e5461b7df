"""Adding a rule to whatever step class a round already uses.

Several mechanics may change the same step (the dividend step, say, by company
type and by loans). Rather than replacing the class, and losing what another
mechanic put there, a mechanic mixes its rules in front of the class in use:
``mix_into(steps, DividendStep, InterestDividend)`` turns every step class
that is a DividendStep (or a subclass) into a subclass of both.
"""

from __future__ import annotations

from typing import Any

_CACHE: dict[tuple[type, type], type] = {}


def mixed(mixin: type, cls: type) -> type:
    key = (mixin, cls)
    if key not in _CACHE:
        if issubclass(cls, mixin):
            _CACHE[key] = cls
        else:
            _CACHE[key] = type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {"__module__": mixin.__module__})
    return _CACHE[key]


def mix_into(steps: list[Any], base: type, mixin: type) -> list[Any]:
    """A copy of a round's step list where every step class derived from ``base`` has ``mixin`` in front."""
    out = []
    for spec in steps:
        cls, opts = spec if isinstance(spec, tuple) else (spec, None)
        if isinstance(cls, type) and issubclass(cls, base):
            cls = mixed(mixin, cls)
        out.append((cls, opts) if opts is not None else cls)
    return out


def insert_before(steps: list[Any], base: type, new: Any) -> list[Any]:
    """A copy of the step list with ``new`` placed before the first step derived from ``base`` (else last)."""
    out = list(steps)
    for i, spec in enumerate(out):
        cls = spec[0] if isinstance(spec, tuple) else spec
        if isinstance(cls, type) and issubclass(cls, base):
            out.insert(i, new)
            return out
    out.append(new)
    return out


def has_step(steps: list[Any], base: type) -> bool:
    return any(isinstance(c, type) and issubclass(c, base)
               for c in (s[0] if isinstance(s, tuple) else s for s in steps))
