"""Small phrases shared by every section: a train, a place, a corporation, a colour.

Kept in one place so the same thing is called the same way everywhere in a
document, in every language.
"""

from __future__ import annotations

from typing import Any

from railbook.docs.i18n import Lang


def train(L: Lang, name: str, plural: bool = False) -> str:
    """'2-train', '2er-Zug', 'pociąg 2' ... (a diesel is just its name)."""
    if name.isalpha():
        return name
    if not name.isdigit() and L.has("train.label_mixed"):
        key = "train.label_mixed_pl" if plural and L.has("train.label_mixed_pl") else "train.label_mixed"
        return L.t(key, name=name)
    return L.t("train.label_pl" if plural and L.has("train.label_pl") else "train.label", name=name)


def first_train(L: Lang, name: str) -> str:
    return L.t("train.first", train=train(L, name))


def trains(L: Lang, names: list[str], plural: bool = False) -> str:
    return L.join([train(L, n, plural) for n in names])


def colour(L: Lang, c: str | None, form: str = "") -> str:
    """A colour word; ``form`` picks an inflected form where the language has one:
    ``f`` agrees with a feminine noun (phase, zone), ``loc`` follows "in the … zone",
    ``pl`` describes tiles, ``noun`` names a phase (German "Phase Gelb")."""
    if not c:
        return ""
    if form and c in load_forms(L, form):
        return load_forms(L, form)[c]
    return L.t(f"colour.{c}") if L.has(f"colour.{c}") else c


def load_forms(L: Lang, form: str) -> dict[str, str]:
    prefix = f"colour_{form}."
    return {k[len(prefix):]: str(v) for k, v in L.catalogue.items() if k.startswith(prefix)}


def colours(L: Lang, cs: list[str], conj: str = "and", form: str = "") -> str:
    return L.join([colour(L, c, form) for c in cs], conj)


def place(L: Lang, p: dict[str, Any]) -> str:
    """'Mechelen (E16)', or the bare coordinate where the map names nothing."""
    return f"{p['name']} ({p['hex']})" if p.get("name") else str(p["hex"])


def places(L: Lang, ps: list[dict[str, Any]], conj: str = "and") -> str:
    return L.join([place(L, p) for p in ps], conj)


def phase(L: Lang, f: dict[str, Any], name: str, detailed: bool = False) -> str:
    """A phase by its name; a heading (``detailed``) adds its colour where the name is not one."""
    ph = next((p for p in f["phases"] if p["name"] == name), None)
    if ph is None:
        return name
    if name.lower() in (ph["colour"], colour(L, ph["colour"]).lower()):
        return L.t("phase.label_colour", colour=colour(L, ph["colour"], "f"), noun=colour(L, ph["colour"], "noun"))
    if detailed:
        return L.t("phase.label", name=name, colour=colour(L, ph["colour"]), colour_f=colour(L, ph["colour"], "f"))
    return L.t("phase.label_plain", name=name)


def phase_short(L: Lang, f: dict[str, Any], name: str) -> str:
    """A phase's name for a small label: its colour in the reader's language when the
    data names it by colour ("Yellow" → "Gelb"), else its own name ("3", "8+x")."""
    ph = next((p for p in f["phases"] if p["name"] == name), None)
    if ph is None or name.lower() not in (ph["colour"], colour(L, ph["colour"]).lower()):
        return name
    word = colour(L, ph["colour"], "noun")
    return word[:1].upper() + word[1:]


def phase_list(L: Lang, f: dict[str, Any], names: list[str]) -> str:
    return L.join([phase(L, f, n) for n in names])


def corp(f: dict[str, Any], sym: str) -> str:
    return sym


def corp_full(c: dict[str, Any]) -> str:
    return f"{c['name']} ({c['sym']})" if c["name"] != c["sym"] else c["sym"]


def private_name(f: dict[str, Any], sym: str) -> str:
    p = next((p for p in f["privates"] if p["sym"] == sym), None)
    return p["name"] if p else sym


def humanize(ident: str) -> str:
    """An identifier the catalogue has no words for, shown as itself (never hidden)."""
    return ident.replace("_", " ")


def title_text(L: Lang, f: dict[str, Any], topic: str) -> str:
    """A per-language text the title carries on this topic ('' when it has none)."""
    return L.text(f["texts"].get(topic))


def distance(L: Lang, d: dict[str, Any]) -> str:
    if d["kind"] == "unlimited":
        return L.t("distance.unlimited")
    if d["kind"] == "stops":
        return L.t("distance.stops", n=d["n"])
    if d["kind"] == "hexes":
        return L.t("distance.hexes", n=d["n"])
    parts = []
    for row in sorted(d["rows"], key=lambda r: (bool(r.get("any")), -r["pay"])):
        if not row["pay"] and not row.get("any"):
            continue  # stops a train passes without counting them say nothing about its reach
        if row.get("any"):
            kinds = L.join([L.t(f"stop.{k}", n=2) for k in row["stops"]], "or")
            parts.append(L.t("distance.row_any", kinds=kinds))
            continue
        kinds = L.join([L.t(f"stop.{k}", n=row["pay"]) for k in row["stops"]], "or")
        parts.append(L.t("distance.row", n=row["pay"], kinds=kinds))
    return L.t("distance.rows", rows=L.join(parts))


def company_kind(L: Lang, kind: str, f: dict[str, Any] | None = None) -> str:
    """A kind of company (major, minor, or a title's own like 'five_share'): the title's
    ``type_KIND`` text, else the catalogue's word, else the identifier itself."""
    own = title_text(L, f, f"type_{kind}") if f else ""
    if own:
        return own
    return L.t(f"company.{kind}") if L.has(f"company.{kind}") else humanize(kind)


def limit(L: Lang, value: Any, f: dict[str, Any] | None = None) -> str:
    """A train limit: one number, or one per kind of company."""
    if isinstance(value, dict):
        return ", ".join(f"{company_kind(L, k, f)} {L.num(v)}" for k, v in value.items())
    return L.num(value)
