"""Write a fact's value for readers, in one language: money in the title's
currency, percentages, engine words translated, lists joined.

Every format is a small function; ``keys.FORMATS`` says which one a key uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from railbook.diff.catalogue import Catalogue
from railbook.diff.keys import value_format
from railbook.languages import choose_text
from railbook.languages import number as cldr_number
from railbook.languages import percent as cldr_percent


@dataclass(frozen=True)
class Context:
    """What writing a value needs: the language and the currency of the value's title."""

    cat: Catalogue
    currency: dict[str, str]


def number(n: Any, ctx: Context) -> str:
    if not isinstance(n, int) or isinstance(n, bool):
        return str(n)
    return cldr_number(n, ctx.cat.lang)


def money(v: Any, ctx: Context) -> str:
    if v == "unlimited":
        return ctx.cat.word("unlimited")
    if isinstance(v, dict):   # an amount per player count
        return by_players(money)(v, ctx)
    if not isinstance(v, int):
        return auto(v, ctx)
    sym = ctx.currency.get("symbol", "$")
    amount = number(v, ctx)
    return f"{sym}{amount}" if ctx.currency.get("placement", "prefix") == "prefix" else f"{amount} {sym}"


def percent(v: Any, ctx: Context) -> str:
    return cldr_percent(v, ctx.cat.lang) if isinstance(v, int) and not isinstance(v, bool) else auto(v, ctx)


def join(items: list[str], ctx: Context) -> str:
    """A list as readers write it: "a, b and c"."""
    items = [i for i in items if i != ""]
    if not items:
        return ctx.cat.word("none")
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {ctx.cat.word('and')} " + items[-1]


def listing(items: list[str], ctx: Context) -> str:
    """A sequence whose order matters (a roster, ORs per phase): "2, 3, 4"."""
    return ", ".join(items) if items else ctx.cat.word("none")


def pair(key: str, value: str, ctx: Context) -> str:
    """"name: value" as the language writes it (French puts a space before the colon)."""
    return ctx.cat.template("pair", key=key, value=value)


def enum(v: Any, ctx: Context) -> str:
    if isinstance(v, bool):
        return yes_no(v, ctx)
    return ctx.cat.value(v) if isinstance(v, str) else auto(v, ctx)


def yes_no(v: Any, ctx: Context) -> str:
    return ctx.cat.word("yes" if v else "no") if isinstance(v, bool) else auto(v, ctx)


def by_players(fmt: Callable[[Any, Context], str]) -> Callable[[Any, Context], str]:
    def render(v: Any, ctx: Context) -> str:
        if not isinstance(v, dict):
            return auto(v, ctx)
        return listing([ctx.cat.template("per_players", n=n, value=fmt(x, ctx)) for n, x in v.items()], ctx)
    return render


def by_name(fmt: Callable[[Any, Context], str], key_fmt: Callable[[Any, Context], str] | None = None
            ) -> Callable[[Any, Context], str]:
    def render(v: Any, ctx: Context) -> str:
        if not isinstance(v, dict):
            return auto(v, ctx)
        show = key_fmt or (lambda k, c: str(k))
        return listing([pair(show(k, ctx), fmt(x, ctx), ctx) for k, x in v.items()], ctx)
    return render


def count(v: Any, ctx: Context) -> str:
    if isinstance(v, dict):   # a number per player count
        return by_players(count)(v, ctx)
    return ctx.cat.word("unlimited") if v == "unlimited" else number(v, ctx)


def value_range(fmt: Callable[[Any, Context], str]) -> Callable[[Any, Context], str]:
    def render(v: Any, ctx: Context) -> str:
        if isinstance(v, list) and len(v) == 2:
            return fmt(v[0], ctx) if v[0] == v[1] else f"{fmt(v[0], ctx)}–{fmt(v[1], ctx)}"
        if isinstance(v, dict) and "min" in v:
            return value_range(fmt)([v["min"], v["max"]], ctx)
        return auto(v, ctx)
    return render


def arrows(arrow: str) -> Callable[[Any, Context], str]:
    """``{"D": ["4", "5"]}`` -> "D ← 4, 5": what a thing comes from or becomes."""
    def render(v: Any, ctx: Context) -> str:
        if not isinstance(v, dict):
            return auto(v, ctx)
        return "; ".join(f"{k} {arrow} {', '.join(str(x) for x in xs)}" for k, xs in v.items()) or ctx.cat.word("none")
    return render


def distance(v: Any, ctx: Context) -> str:
    if not isinstance(v, dict):
        return auto(v, ctx)
    kind = v.get("kind")
    if kind == "unlimited":
        return ctx.cat.word("unlimited")
    if kind == "stops":
        return str(v.get("n"))
    if kind == "hexes":
        return ctx.cat.template("hexes", n=v.get("n"))
    if kind == "rows":
        # a row paying 99 or more counts every stop of its kinds: "any"
        # a row that pays for no stop (towns an E-train runs through) adds nothing to the range
        rows = sorted((r for r in v.get("rows") or [] if r.get("pay", 0) > 0),
                      key=lambda r: (r.get("pay", 0) >= 99, -r.get("pay", 0)))
        return " + ".join(
            f"{ctx.cat.word('any_number') if r.get('pay', 0) >= 99 else r.get('pay')}"
            + (f" ×{r['multiplier']}" if r.get("multiplier", 1) > 1 else "")
            + f" ({join([ctx.cat.value(k) for k in r.get('stops') or []], ctx)})" for r in rows)
    return auto(v, ctx)


def market_shape(v: Any, ctx: Context) -> str:
    if not isinstance(v, dict):
        return auto(v, ctx)
    return ctx.cat.template("market_shape", rows=v.get("rows"), columns=v.get("columns"), cells=v.get("cells"))


def map_size(v: Any, ctx: Context) -> str:
    if not isinstance(v, dict):
        return auto(v, ctx)
    return ctx.cat.template("map_size", rows=v.get("rows"), columns=v.get("columns"))


def colour_from_phase(v: Any, ctx: Context) -> str:
    if not isinstance(v, dict):
        return auto(v, ctx)
    return listing([ctx.cat.template("colour_from_phase", colour=ctx.cat.value(c), n=n) for c, n in v.items()], ctx)


def triggers(v: Any, ctx: Context) -> str:
    if not isinstance(v, list):
        return auto(v, ctx)
    out = []
    for t in v:
        if isinstance(t, dict) and len(t) == 1:
            (what, name), = t.items()
            out.append(ctx.cat.template(f"trigger_{what}", name=name))
        else:
            out.append(auto(t, ctx))
    return join(out, ctx)


def terrain(v: Any, ctx: Context) -> str:
    if not isinstance(v, dict):
        return auto(v, ctx)
    parts = []
    for kind, costs in v.items():
        each = ", ".join(ctx.cat.template("times", value=money(int(c), ctx), n=n) for c, n in costs.items())
        parts.append(f"{ctx.cat.value(kind)} {each}")
    return "; ".join(parts) or ctx.cat.word("none")


def game_end(v: Any, ctx: Context) -> str:
    if isinstance(v, list):
        return join([game_end(x, ctx) for x in v], ctx)
    if not isinstance(v, dict):
        return auto(v, ctx)
    text = enum(v.get("timing"), ctx)
    extra = {k: x for k, x in v.items() if k != "timing"}
    if extra:
        text += " (" + "; ".join(pair(ctx.cat.attr(k), auto(x, ctx), ctx) for k, x in extra.items()) + ")"
    return text


def availability(v: Any, ctx: Context) -> str:
    if v == "start":
        return ctx.cat.word("from_start")
    if isinstance(v, dict) and "event" in v:
        return ctx.cat.template("after_event", event=ctx.cat.value(v["event"]))
    return auto(v, ctx)


def availability_by_name(v: Any, ctx: Context) -> str:
    if not isinstance(v, dict):
        return auto(v, ctx)
    groups: dict[str, list[str]] = {}
    for sym, when in v.items():
        groups.setdefault(availability(when, ctx), []).append(sym)
    return "; ".join(f"{join(syms, ctx)} ({when})" for when, syms in groups.items())


def first_sentence(text: str) -> str:
    """A doc comment's summary: its first sentence (the rest is usually how, not what)."""
    m = re.search(r"[.!?](?=\s+[A-Z0-9])", text)
    return text[: m.end()] if m else text


def _borrowed(text: str, lang: str, ctx: Context) -> str:
    """A text in another language than the reader's is marked with that language, never passed off."""
    return text if lang == ctx.cat.lang else f"[{lang}] {text}"


def doc(v: Any, ctx: Context) -> str:
    """A hook's doc comment: its ``# de: ...`` line in the reader's language, else the
    English comment, marked as English."""
    if not v:
        return ctx.cat.word("no_description")
    translated = (getattr(v, "texts", None) or {}).get(ctx.cat.lang)
    if translated and ctx.cat.lang != "en":
        return ctx.cat.template("quote", text=" ".join(translated.split()))
    return _borrowed(ctx.cat.template("quote", text=first_sentence(" ".join(str(v).split()))), "en", ctx)


def texts(v: Any, ctx: Context) -> str:
    """A title's own explanation, in the reader's language if the title has it."""
    if not isinstance(v, dict):
        return auto(v, ctx)
    lang, text = choose_text(v, ctx.cat.lang)
    return _borrowed(ctx.cat.template("quote", text=" ".join(text.split())), lang or ctx.cat.lang, ctx)


def changes(v: Any, ctx: Context) -> str:
    """An optional rule's changes: what it sets, and to what when that fits in a phrase."""
    if not isinstance(v, list):
        return auto(v, ctx)
    out = []
    for c in v:
        if not isinstance(c, dict):
            out.append(auto(c, ctx))
        elif c.get("remove"):
            out.append(f"{c['remove']}: {ctx.cat.word('removed')}")
        elif isinstance(c.get("to"), (dict, list)):
            out.append(str(c.get("set")))
        else:
            out.append(f"{c.get('set')} = {auto(c.get('to'), ctx)}")
    return "; ".join(out)


def limit(v: Any, ctx: Context) -> str:
    """A train limit: one number, or one per kind of company ("major 3 / minor 2")."""
    if isinstance(v, dict):
        return " / ".join(f"{ctx.cat.value(k)} {number(x, ctx)}" for k, x in v.items())
    return number(v, ctx) if isinstance(v, int) else auto(v, ctx)


def abilities(v: Any, ctx: Context) -> str:
    if not isinstance(v, list):
        return auto(v, ctx)
    return join([ctx.cat.value(a.get("type"), "ability") if isinstance(a, dict) else auto(a, ctx) for a in v], ctx)


def ability_types(v: Any, ctx: Context) -> str:
    if not isinstance(v, list):
        return auto(v, ctx)
    return join([ctx.cat.value(t, "ability") for t in v], ctx)


def stops(v: Any, ctx: Context) -> str:
    if not isinstance(v, list):
        return auto(v, ctx)
    out = []
    for s in v:
        if not isinstance(s, dict):
            out.append(auto(s, ctx))
            continue
        rev = s.get("revenue")
        text = ctx.cat.value(s.get("kind", "stop"))
        if rev not in (None, 0):
            text += " " + (money(rev, ctx) if isinstance(rev, int) else by_name(money, enum_key)(rev, ctx))
        extra = {k: x for k, x in s.items() if k not in ("kind", "revenue") and not (k == "slots" and x == 1)
                 and not (k == "visit_cost" and x == 1) and not (k == "route" and x == "mandatory")}
        if extra:
            text += " (" + ", ".join(pair(ctx.cat.attr(k), auto(x, ctx), ctx) for k, x in extra.items()) + ")"
        out.append(text)
    return join(out, ctx)


def enum_key(k: Any, ctx: Context) -> str:
    return ctx.cat.value(k)


def auto(v: Any, ctx: Context) -> str:
    """Any JSON value, compactly, for values no format is written for."""
    if v is None:
        return ctx.cat.word("none")
    if isinstance(v, bool):
        return yes_no(v, ctx)
    if isinstance(v, int):
        return number(v, ctx)
    if isinstance(v, str):
        return ctx.cat.value(v)
    if isinstance(v, list):
        return listing([auto(x, ctx) for x in v], ctx)
    if isinstance(v, dict):
        return "; ".join(pair(ctx.cat.attr(str(k)), auto(x, ctx), ctx) for k, x in v.items()) or ctx.cat.word("none")
    return str(v)


FORMATTERS: dict[str, Callable[[Any, Context], str]] = {
    "int": lambda v, ctx: number(v, ctx),
    "ints": lambda v, ctx: listing([number(x, ctx) if isinstance(x, int) else auto(x, ctx) for x in v], ctx)
    if isinstance(v, list) else auto(v, ctx),
    "limit": limit,
    "limits": lambda v, ctx: listing([limit(x, ctx) for x in v], ctx) if isinstance(v, list) else auto(v, ctx),
    "prices_by_name": by_name(lambda x, ctx: listing([money(p, ctx) for p in x], ctx) if isinstance(x, list)
                              else auto(x, ctx)),
    "money": money,
    "moneys": lambda v, ctx: listing([money(x, ctx) for x in v], ctx) if isinstance(v, list) else auto(v, ctx),
    "percent": percent,
    "percents": lambda v, ctx: join([percent(x, ctx) for x in v], ctx) if isinstance(v, list) else auto(v, ctx),
    "bool": yes_no,
    "enum": enum,
    "enums": lambda v, ctx: join([enum(x, ctx) for x in v], ctx) if isinstance(v, list) else auto(v, ctx),
    "name": lambda v, ctx: str(v),
    "names": lambda v, ctx: listing([str(x) for x in v], ctx) if isinstance(v, list) else auto(v, ctx),
    "range": value_range(lambda x, ctx: str(x)),
    "money_by_players": by_players(money),
    "int_by_players": by_players(lambda x, ctx: number(x, ctx)),
    "percent_by_name": by_name(percent),
    "money_by_name": by_name(money),
    "count_by_enum": by_name(lambda x, ctx: count(x, ctx), enum_key),
    "count_by_name": by_name(lambda x, ctx: count(x, ctx)),
    "money_range": value_range(money),
    "money_range_by_colour": by_name(value_range(money), lambda k, ctx: ctx.cat.word("all_phases") if k == "all"
                                     else ctx.cat.value(k)),
    "market_shape": market_shape,
    "map_size": map_size,
    "count": count,
    "distance": distance,
    "names_from": arrows("←"),
    "names_to": arrows("→"),
    "colour_from_phase": colour_from_phase,
    "triggers": triggers,
    "terrain": terrain,
    "game_end": game_end,
    "availability": availability,
    "availability_by_name": availability_by_name,
    "doc": doc,
    "texts": texts,
    "changes": changes,
    "abilities": abilities,
    "ability_types": ability_types,
    "stops": stops,
    "tile_lays": auto,
    "mapping": auto,
    "auto": auto,
}


def format_value(pattern: str, value: Any, ctx: Context) -> str:
    """A fact's value as a reader reads it.

    ``enum@ns`` is an engine word looked up as ``ns.word`` first, for words
    that mean something else in another option.
    """
    fmt = value_format(pattern, value)
    if fmt.startswith("enum@") and isinstance(value, str):
        return ctx.cat.value(value, fmt.split("@", 1)[1])
    if fmt.startswith("count_by_enum@"):
        ns = fmt.split("@", 1)[1]
        return by_name(lambda x, c: count(x, c), lambda k, c: c.cat.value(k, ns))(value, ctx)
    if fmt == "entity":
        return format_entity(pattern, value, ctx)
    return FORMATTERS.get(fmt, auto)(value, ctx)


def format_entity(pattern: str, value: Any, ctx: Context) -> str:
    """A whole thing (a train, a zone) as its attributes: "price 700 F; count 3"."""
    if not isinstance(value, dict):
        return auto(value, ctx)
    if not value:
        return ctx.cat.word("present")
    return "; ".join(pair(ctx.cat.attr(k), format_value(f"{pattern}.{k}", v, ctx), ctx) for k, v in value.items())
