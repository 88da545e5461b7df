"""A played worked example in one language: its placeholders written out.

The figures come from ``examples.play`` (the engine's state after each step);
this module only writes them the reader's way (money, percentages, train and
phase names) and labels each step with its round and phase.
"""

from __future__ import annotations

from typing import Any

from railbook.docs import words as w
from railbook.docs.examples import PLACEHOLDER, Played, Value
from railbook.docs.i18n import Lang
from railbook.languages import choose_text


def value(L: Lang, f: dict[str, Any], v: Value, played: Played) -> str:
    kind, raw = v
    if kind == "money":
        return L.money(raw)
    if kind == "pct":
        return L.pct(raw)
    if kind == "num":
        return L.num(raw)
    if kind == "player":
        return player(L, played, raw)
    if kind == "trains":
        return " + ".join(raw) if raw else "—"
    if kind in ("train", "trains_label"):
        return w.train(L, raw)
    if kind == "phase":   # "the green phase", "faza zielona": the catalogue's phrase agrees with its noun
        return w.phase(L, f, raw)
    if kind == "moneys":
        return L.join([L.money(x) for x in raw])
    if kind == "stops":
        return " + ".join(L.num(x) for x in raw)
    return str(raw)


def player(L: Lang, played: Played, pid: str) -> str:
    _, name = choose_text(played.players.get(pid) or {}, L.code)
    return name or pid


def fill(L: Lang, f: dict[str, Any], texts: dict[str, str], values: dict[str, Value], played: Played) -> str:
    """A narration in the reader's language (or visibly borrowed), its placeholders filled."""
    text = L.text(texts)

    def one(m: Any) -> str:
        key = m.group(1).strip()
        kind, _, arg = key.partition(":")
        if arg and kind in ("train", "trains"):
            return w.train(L, arg.strip(), plural=kind == "trains")
        return value(L, f, values[key], played)

    return PLACEHOLDER.sub(one, text)


def round_label(L: Lang, r: tuple[str, int, int, int] | None) -> str:
    if r is None:
        return L.t("example.round.start")
    short, turn, num, ors = r
    n = f"{L.num(turn)}.{L.num(num)}" if short == "OR" and ors > 1 else L.num(turn)
    key = f"example.round.{short}"
    return L.t(key, number=n) if L.has(key) else L.t("example.round.other", number=n)


def figure_label(L: Lang, played: Played, kind: str, who: str) -> str:
    if kind == "percent":
        pid, corp = who.split()
        return L.t("example.figure.percent", who=player(L, played, pid), corp=corp)
    name = player(L, played, who) if who in played.players else who
    return L.t(f"example.figure.{kind}", who=name)


def block(L: Lang, f: dict[str, Any], played: Played) -> dict[str, Any]:
    """One example as the templates show it: a heading, an intro and numbered steps."""
    steps = []
    labels = [(kind, who) for fig in played.figures for kind, who in fig.items()]
    for s in played.steps:
        steps.append({
            "n": L.num(s.index),
            "round": round_label(L, s.round),
            "title": fill(L, f, s.title, s.values, played),
            "phase": L.t("example.phase", phase=_capital(w.phase(L, f, s.phase))),
            "text": fill(L, f, s.text, s.values, played),
            "note": fill(L, f, s.note, s.values, played) if s.note else "",
            "figures": [{"label": figure_label(L, played, kind, who), "value": value(L, f, v, played)}
                        for (kind, who), v in zip(labels, s.figures)],
        })
    return {"id": f"example-{played.name}", "title": L.text(played.title) or L.t("label.example"),
            "intro": fill(L, f, played.intro, played.intro_values, played) if played.intro else "",
            "steps": steps}


def _capital(text: str) -> str:
    """A phrase as a label starts: its first letter upper case ("faza zielona" → "Faza zielona")."""
    return text[:1].upper() + text[1:]
