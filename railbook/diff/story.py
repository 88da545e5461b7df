"""The comparison as a reader wants it: a few numbered points, most important first.

A diff lists every difference by area (``prose.area_points`` still does); a rules
summary's comparison says, in at most ten points, what changes play most: each
point names a theme, says what the baseline does, then what this title does.
Themes are groups of the semantic diff's changes (players and bank and game end
make the setting; late corporations, chosen homes and share structures make the
corporations...), so a point exists only where the data differ, and its words
come from ``catalogues/story_LANG.yaml`` with the figures and names from the data.
What only words can say comes from the titles' own texts (``texts`` topics and
the hooks' doc comments) in the reader's language. No identifier is printed:
engine words are translated, a title's own words quoted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml

from railbook.diff.result import Diff
from railbook.languages import FALLBACK, choose_text
from railbook.languages import number as cldr_number
from railbook.languages import percent as cldr_percent
from railbook.title.model import ShareRedemption

#: the share redemption a title that does not set one plays (the engine's defaults)
_REDEMPTION = ShareRedemption()

CATALOGUE_DIR = Path(__file__).resolve().parent / "catalogues"
MAX_POINTS = 10


@lru_cache(maxsize=None)
def _words(lang: str) -> dict[str, Any]:
    path = CATALOGUE_DIR / f"story_{lang}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}


@dataclass
class Side:
    """One title as a theme reads it: its name, facts, currency and own texts."""

    name: str
    facts: dict[str, Any]
    currency: dict[str, str]
    texts: dict[str, dict[str, str]]

    def get(self, key: str, default: Any = None) -> Any:
        return self.facts.get(key, default)

    def keys(self, prefix: str) -> list[str]:
        return [k for k in self.facts if k.startswith(prefix)]


class Words:
    """One language's story sentences (English where a language lacks one, marked)."""

    def __init__(self, lang: str):
        self.lang = lang
        self.missing: list[str] = []

    def raw(self, key: str) -> str:
        node: Any = _words(self.lang)
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if node is None and self.lang != FALLBACK:
            self.missing.append(key)
            node = _words(FALLBACK)
            for part in key.split("."):
                node = node.get(part) if isinstance(node, dict) else None
        if node is None:
            raise KeyError(f"story sentence {key!r} is missing from the English catalogue")
        return str(node)

    def has(self, key: str) -> bool:
        node: Any = _words(FALLBACK)
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        return node is not None

    def t(self, key: str, **values: Any) -> str:
        return self.raw(key).format(**values)

    def num(self, n: Any) -> str:
        return cldr_number(n, self.lang) if isinstance(n, (int, float)) and not isinstance(n, bool) else str(n)

    def pct(self, n: Any) -> str:
        return cldr_percent(n, self.lang)

    def money(self, v: Any, side: Side) -> str:
        if v == "unlimited" or v is None:
            return self.t("words.unlimited")
        if isinstance(v, dict):   # an amount per player count
            return self.join([self.t("words.per_players", value=self.money(x, side), n=self.num(int(n)))
                              for n, x in v.items()], "or")
        sym = side.currency.get("symbol", "$")
        amount = self.num(v)
        return f"{sym}{amount}" if side.currency.get("placement", "prefix") == "prefix" else f"{amount}\u00a0{sym}"

    def join(self, items: list[str], conj: str = "and") -> str:
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self.t('words.' + conj)} " + items[-1]

    def own(self, texts: Any) -> str:
        """A title's own words in the reader's language, whitespace tidied; another language marked."""
        if isinstance(texts, str):
            translated = (getattr(texts, "texts", None) or {}).get(self.lang)
            if translated:
                return " ".join(translated.split())
            return ("" if self.lang == FALLBACK else "[en] ") + first_sentence(" ".join(texts.split()))
        lang, text = choose_text(texts, self.lang)
        text = " ".join(text.split())
        return text if not text or lang == self.lang else f"[{lang}] {text}"


def first_sentence(text: str) -> str:
    # "St. Louis", "Mt. Hood": an abbreviation's full stop ends no sentence
    m = re.search(r"(?<!\bSt)(?<!\bMt)(?<!\bDr)(?<!\bFt)[.!?](?=\s+[A-Z0-9])", text)
    return text[: m.end()] if m else text


@dataclass
class Point:
    weight: int
    title: str
    text: str
    theme: str = ""


Theme = Callable[[Side, Side, Words, set[str]], "Point | None"]
THEMES: list[Theme] = []


def theme(fn: Theme) -> Theme:
    THEMES.append(fn)
    return fn


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?»“”\"" else text + "."


# ---------------------------------------------------------------- the themes, in no particular order

def _players(s: Side, w: Words) -> str:
    c = s.get("players.count") or {}
    lo, hi = c.get("min"), c.get("max")
    return w.num(lo) if lo == hi else f"{w.num(lo)}–{w.num(hi)}"


def _end(s: Side, w: Words) -> str:
    parts = []
    all_but_one = s.get("game_end.bankruptcy.ends_game_after") == "all_but_one"
    for key in s.keys("game_end.triggers."):
        trigger = key.rsplit(".", 1)[1]
        if trigger == "bankruptcy" and all_but_one:
            continue   # a bankrupt player leaves; only the last but one ends the game
        v = s.get(key) or {}
        v = v[0] if isinstance(v, list) and v else v
        timing = v.get("timing", "") if isinstance(v, dict) else ""
        name = f"end.{trigger}.{timing}" if w.has(f"end.{trigger}.{timing}") else f"end.{trigger}.any"
        if w.has(name):
            parts.append(w.t(name))
    if all_but_one:
        parts.append(w.t("end.all_but_one"))
    return w.join(parts, "or")


@theme
def setting(a: Side, b: Side, w: Words, keys: set[str]) -> Point:
    def one(s: Side) -> str:
        where = w.own(s.texts.get("location")) if s.texts.get("location") else ""
        bank = s.get("bank.size")
        return w.t("setting.side", title=s.name, players=_players(s, w),
                   where=w.t("setting.where", place=where) if where else "",
                   bank=w.t("setting.unlimited") if bank == "unlimited" else w.t("setting.bank", cash=w.money(bank, s)),
                   end=_end(s, w))
    return Point(100, w.t("setting.title"), " ".join(_sentence(one(s)) for s in (a, b)))


def _per_players(s: Side, w: Words, values: Any, money: bool) -> str:
    """'$2,400 with 2 players, ...' (or bare numbers), from a {players: value} table."""
    if isinstance(values, dict) and len(set(values.values())) == 1:
        values = next(iter(values.values()))   # the same for every player count
    if not isinstance(values, dict):
        return w.money(values, s) if money else w.num(values)
    return w.join([w.t("words.per_players", value=w.money(v, s) if money else w.num(v), n=w.num(int(n)))
                   for n, v in sorted(values.items(), key=lambda kv: int(kv[0]))], "or")


def _roster(s: Side, w: Words) -> str:
    """Each train with its price and number: '2 $80 × 6, ...'."""
    out = []
    for name in s.get("trains.roster") or []:
        count = s.get(f"trains.{name}.count")
        n = w.t("words.unlimited") if count in (None, "unlimited") else \
            "/".join(w.num(v) for _, v in sorted(count.items(), key=lambda kv: int(kv[0]))) if isinstance(count, dict) \
            else w.num(count)   # by player count, fewest players first
        out.append(f"{name} {w.money(s.get(f'trains.{name}.price'), s)} × {n}")
    return ", ".join(out)


def figures(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    """The numbers a player meets first: starting cash, certificate limits, the trains' prices and numbers.
    Not yet a theme of the story (its ten points and the seeds' eight leave it no room); ready for the prose diff."""
    trains_differ = any(k.startswith("trains.") and k.rsplit(".", 1)[-1] in ("price", "count", "roster") or k == "trains.roster"
                        for k in keys)
    said = [("cash", "players.starting_cash" in keys), ("limit", "limits.certificate_limit" in keys),
            ("trains", trains_differ)]
    if not any(differs for _, differs in said):
        return None

    def one(s: Side) -> str:
        parts = []
        for what, differs in said:
            if not differs:
                continue
            if what == "cash":
                parts.append(w.t("figures.cash", list=_per_players(s, w, s.get("players.starting_cash"), money=True)))
            elif what == "limit":
                parts.append(w.t("figures.limit", list=_per_players(s, w, s.get("limits.certificate_limit"), money=False)))
            else:
                parts.append(w.t("figures.trains", list=_roster(s, w)))
        return w.t("words.in_title", title=s.name) + " " + "; ".join(parts)
    return Point(95, w.t("figures.title"), " ".join(_sentence(one(s)) for s in (a, b)))


def _auction(s: Side, w: Words) -> str:
    kind = s.get("auction.kind") or "none"
    return w.t(f"setup.auction.{kind}") if w.has(f"setup.auction.{kind}") else w.t("setup.auction.other")


def _president_privates(s: Side) -> list[tuple[str, str]]:
    out = []
    for key in s.keys("privates."):
        if key.count(".") == 2 and key.endswith(".abilities"):
            for a in s.get(key) or []:
                if isinstance(a, dict) and a.get("type") == "shares":
                    for share in a.get("shares", []):
                        sym, _, idx = str(share).rpartition("_")
                        if idx == "0":
                            out.append((key.split(".")[1], sym))
    return out


@theme
def setup(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    if not (keys & {"auction.kind"} or b.texts.get("setup") or _president_privates(a) != _president_privates(b)):
        return None

    def one(s: Side) -> str:
        same = s is b and _auction(a, w) == _auction(b, w)
        text = w.t("setup.same", title=s.name) if same else w.t("setup.side", title=s.name, auction=_auction(s, w))
        pres = _president_privates(s)
        if pres:
            text = _sentence(text) + " " + w.t("setup.president", corps=w.join(list(dict.fromkeys(c for _, c in pres))))
        if s.texts.get("setup"):
            text = _sentence(text) + " " + w.own(s.texts["setup"])
        return text
    return Point(90, w.t("setup.title"), " ".join(_sentence(one(s)) for s in (a, b)))


@theme
def minors(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    n = b.get("corporations.minors") or 0
    if not n or n == a.get("corporations.minors"):
        return None
    merges = b.get("corporations.minor_merges") or {}
    text = w.t("minors.base", title=a.name) + " " + w.t("minors.this", title=b.name, n=w.num(n))
    if merges:
        text += " " + w.t("minors.merge", into=w.join(list(merges)))
    if b.texts.get("minors"):
        text += " " + w.own(b.texts["minors"])
    if b.texts.get("mergers"):
        text += " " + w.own(b.texts["mergers"])
    return Point(85, w.t("minors.title"), text)


@theme
def corporations(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    parts = []
    late = b.get("corporations.late") or {}
    choice = (b.get("corporations.homes") or {}).get("choice")
    if late:
        parts.append(w.t("corps.late", corps=w.join(sorted(late))))
    if choice:
        parts.append(w.t("corps.choice", n=w.num(choice)))
    several = (b.get("corporations.homes") or {}).get("several")
    if several:
        parts.append(w.t("corps.several", n=w.num(several)))
    structures = b.get("corporations.share_structures") or []
    if structures != a.get("corporations.share_structures"):
        parts.append(w.t("corps.shares", shares=", ".join([_structure(x, w) for x in structures])))
    if b.get("corporations.features.destination"):
        parts.append(w.t("corps.destination"))
    own_texts = []
    if b.texts.get("five_share"):
        own_texts.append(w.own(b.texts["five_share"]))
    if b.get("corporations.features.formation"):
        if b.texts.get("nationals"):
            own_texts.append(w.own(b.texts["nationals"]))
        else:
            parts.append(w.t("corps.formation", corps=w.join(b.get("corporations.features.formation"))))
    parts += own_texts
    if not parts:
        return None
    base = w.t("corps.base", title=a.name, shares=", ".join([_structure(x, w) for x in
                                                             a.get("corporations.share_structures") or []]))
    own = [p for p in parts if p in own_texts]
    said = [p for p in parts if p not in own_texts]
    text = _sentence(base) + " " + (_sentence(w.t("corps.this", title=b.name, what="; ".join(said))) if said else "")
    return Point(80, w.t("corps.title"), (text + " " + " ".join(_sentence(p) for p in own)).strip())


def _structure(s: str, w: Words) -> str:
    """'20+8×10' as a reader says it: a 20% president's certificate and eight 10% shares."""
    pieces = []
    for part in str(s).split("+"):
        n, _, pct = part.partition("×")
        if not pct:
            n, pct = "1", n
        pieces.append(w.t("corps.piece", n=w.num(int(n)), percent=w.pct(int(pct))))
    return " + ".join(pieces)


@theme
def capital(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    if not keys & {"capitalization.kind", "capitalization.float_percent", "bank.pool_limit", "capitalization.ipo_price",
                   "rounds.stock_round.ipo_moves_to_pool", "capitalization.escrow_until_float"}:
        return None

    def one(s: Side) -> str:
        cap = s.get("capitalization.kind") or "full"
        if cap == "incremental" and s.get("capitalization.ipo_price") == "market":
            cap = "incremental_market"   # shares from the treasury at the current price, not at par
        floats = s.get("capitalization.float_percent") or [60]
        text = w.t(f"capital.{cap}" if w.has(f"capital.{cap}") else "capital.full", title=s.name,
                   float=w.join([w.pct(x) for x in floats], "or"))
        pool = s.get("bank.pool_limit")
        if s.get("rounds.stock_round.ipo_moves_to_pool") or not pool:
            text = _sentence(text) + " " + w.t("capital.no_pool")
        else:
            text = _sentence(text) + " " + w.t("capital.pool", percent=w.pct(pool))
        return text
    return Point(75, w.t("capital.title"), " ".join(_sentence(one(s)) for s in (a, b)))


def _zone(s: Side, key: str, w: Words) -> str:
    colour = key.rsplit(".", 1)[1]
    effects = (s.get(key) or {}).get("effects", [])
    said = [w.t(f"market.effect.{e}") for e in effects if w.has(f"market.effect.{e}")]
    return w.t("market.zone", colour=w.t(f"market.colour.{colour}") if w.has(f"market.colour.{colour}") else colour,
               effects=w.join(said))


@theme
def market(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    if not any(k.startswith("market.zones.") for k in keys):
        return None

    def one(s: Side) -> str:
        zones = [k for k in s.keys("market.zones.") if k.count(".") == 2]
        if not zones:
            return w.t("market.none", title=s.name)
        return w.t("market.side", title=s.name, zones=w.join([_zone(s, k, w) for k in zones]))
    return Point(70, w.t("market.title"), " ".join(_sentence(one(s)) for s in (a, b)))


@theme
def own_shares(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    red = {k.rsplit(".", 1)[1]: b.get(k) for k in b.keys("rounds.operating_round.share_redemption.")}
    treasury = b.get("rounds.operating_round.treasury_shares.max_percent")
    steps = {k.rsplit(".", 1)[1] for k in b.keys("rounds.operating_round.steps.")}
    if not (red or treasury or steps & {"redeem_shares", "issue_shares"}) or a.keys("rounds.operating_round.share_redemption."):
        return None
    parts = [w.t("own.base", title=a.name)]
    if red:
        # a value the title leaves out is the engine's: the typed model's default
        parts.append(w.t("own.redeem", title=b.name, n=w.num(red.get("max_shares", _REDEMPTION.max_shares)),
                         first=w.num(red.get("max_shares_first_or", _REDEMPTION.max_shares_first_or))))
        if red.get("reissue_price"):
            parts.append(w.t("own.reissue", price=w.money(red["reissue_price"], b)))
    else:
        parts.append(w.t("own.issue", title=b.name))
    if treasury:
        parts.append(w.t("own.treasury", percent=w.pct(treasury)))
    return Point(65, w.t("own.title"), " ".join(_sentence(p) for p in parts))


@theme
def loans(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    loan = b.get("corporations.loans") or {}
    amount = loan.get("amount")
    if not amount or a.get("corporations.loans"):
        return None
    # how many: one per share players hold, or the title's own limit (the typed model's default where it sets none)
    limit = "loans.this_per_share" if loan.get("max_per_player_share") else "loans.this"
    text = w.t("loans.base", title=a.name) + " " + w.t(
        limit, title=b.name, amount=w.money(amount, b), interest=w.money(loan.get("interest"), b),
        n=w.num(loan.get("max_per_corporation") or 1))
    if b.texts.get("loans"):
        text = _sentence(w.t("loans.base", title=a.name)) + " " + w.t("words.in_title", title=b.name) + " " + \
            w.own(b.texts["loans"])
    deduction = loan.get("end_game_deduction_per_share")
    if deduction:
        text = _sentence(text) + " " + _sentence(w.t("loans.end", amount=w.money(deduction, b)))
    return Point(64, w.t("loans.title"), text)


@theme
def trains(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    def trades(s: Side) -> list[str]:
        return [k for k in s.keys("trains.") if k.endswith(".trade_in") and s.get(k)]
    roster_a, roster_b = a.get("trains.roster") or [], b.get("trains.roster") or []
    hexes = [t for t in roster_b if (b.get(f"trains.{t}.distance") or {}).get("kind") == "hexes"]
    if trades(a) == trades(b) and not hexes and len(roster_a) == len(roster_b):
        return None
    parts = [w.t("trains.base", title=a.name, n=w.num(len(roster_a)), names=", ".join(roster_a))]
    parts.append(w.t("trains.this", title=b.name, n=w.num(len(roster_b)), names=", ".join(roster_b)))
    if len(trades(b)) > len(trades(a)) and not b.texts.get("trains"):
        per = b.get("rounds.operating_round.trade_ins_per_turn")
        limit = "" if not per else w.t("trains.trade_once") if per == 1 else \
            w.t("trains.trade_limit", n=w.num(per)) if isinstance(per, int) else w.t("trains.trade_any")
        parts.append(w.t("trains.trade") + (" " + limit if limit else ""))
    if hexes and not b.texts.get("express_trains"):
        parts.append(w.t("trains.hexes", names=w.join(hexes)))
    if b.texts.get("express_trains"):
        parts.append(w.own(b.texts["express_trains"]))
    elif b.texts.get("trains"):
        parts.append(w.own(b.texts["trains"]))
    return Point(60, w.t("trains.title"), " ".join(_sentence(p) for p in parts))


@theme
def track(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    splits = b.get("tiles.city_splits")
    lays_b = b.get("rounds.operating_round.tile_lays") or []
    lays_a = a.get("rounds.operating_round.tile_lays") or []
    if not splits and len(lays_a) == len(lays_b):
        return None

    def lays(s: Side, lays_: list[Any]) -> str:
        """What one title's track step allows, said of that title (never the other's words)."""
        if len(lays_) <= 1:
            return w.t("track.one_in", title=s.name)
        first_only = all(isinstance(l, dict) and l.get("first_operation_only") for l in lays_[1:])
        return w.t("track.first_turn_in" if first_only else "track.two_in", title=s.name, n=w.num(len(lays_)))
    # the base's sentence: its own track step; "a city keeps its connections" only where the other splits cities
    parts = [w.t("track.base", title=a.name) if splits and len(lays_a) <= 1 else lays(a, lays_a)]
    if splits:
        parts.append(w.t("track.split", title=b.name))
    if len(lays_b) != len(lays_a):
        parts.append(lays(b, lays_b))
    return Point(55, w.t("track.title"), " ".join(_sentence(p) for p in parts))


@theme
def routes(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    markers = [k for k in b.keys("rounds.operating_round.markers.") if k.count(".") == 3]
    bonus = b.get("special.hooks.route_bonus")
    check = b.get("special.hooks.check_route")
    if not (markers or (bonus and not a.get("special.hooks.route_bonus")) or (check and not a.get("special.hooks.check_route"))):
        return None
    parts = [w.t("routes.base", title=a.name)]
    for i, k in enumerate(markers):
        m = b.get(k) or {}
        if m.get("bonus"):   # a marker that adds to routes to some places, opening none
            parts.append((w.t("words.in_title", title=b.name) + " " if not i else "") + w.t(
                "routes.bonus_marker", cost=w.money(m.get("cost"), b), n=w.num(m.get("count") or 0),
                bonus=w.money(m["bonus"], b), places=w.join([str(h) for h in m.get("bonus_hexes", [])], "or")))
        elif m.get("opens"):   # a marker that opens places closed to the others
            parts.append(w.t("routes.marker" if i else "routes.marker_in", title=b.name, n=w.num(m.get("count", 0)),
                             cost=w.money(m.get("cost"), b)))
    docs = [w.own(doc) for doc in (check, bonus) if doc]
    if docs and not markers:
        docs[0] = w.t("words.in_title", title=b.name) + " " + docs[0]
    return Point(50, w.t("routes.title"), " ".join(_sentence(p) for p in parts + docs))


@theme
def dividends(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    da, db = a.get("rounds.operating_round.dividends") or [], b.get("rounds.operating_round.dividends") or []
    if "half" not in db or "half" in da:
        return None
    return Point(45, w.t("dividends.title"), w.t("dividends.base", title=a.name) + " " + w.t("dividends.this", title=b.name))


@theme
def map_(a: Side, b: Side, w: Words, keys: set[str]) -> Point | None:
    text = b.texts.get("map")
    if not text:
        return None
    return Point(52, w.t("map.title"), _sentence(w.t("map.base", title=a.name)) + " " + w.own(text))


# ---------------------------------------------------------------- assembling

def sides(diff: Diff) -> tuple[Side, Side]:
    fa, fb = diff.facts if diff.facts else ({}, {})
    return (Side(diff.a.name, fa, dict(diff.a.currency), dict(diff.a.texts)),
            Side(diff.b.name, fb, dict(diff.b.currency), dict(diff.b.texts)))


def story(diff: Diff, lang: str) -> list[Point]:
    """The comparison's points, most important first, at most ``MAX_POINTS``; the title's own
    ``compare…`` texts close it."""
    if not diff.differs:
        return []
    a, b = sides(diff)
    w = Words(lang)
    keys = {c.key for c in diff.changes()}
    points = []
    for fn in THEMES:
        p = fn(a, b, w, keys)
        if p is not None:
            p.theme = fn.__name__.rstrip("_")
            points.append(p)
    points.sort(key=lambda p: -p.weight)
    # a title's compare_THEME text completes that theme's point; any other compare text is a point of its own
    used = set()
    for p in points:
        extra = b.texts.get(f"compare_{p.theme}")
        if extra:
            p.text = p.text.rstrip() + " " + _sentence(w.own(extra))
            used.add(f"compare_{p.theme}")
    own = [Point(0, w.t("other.title"), _sentence(w.own(t))) for topic, t in sorted(b.texts.items())
           if topic.startswith("compare") and topic not in used]
    return (points + own)[:MAX_POINTS]


def story_points(diff: Diff, lang: str) -> list[str]:
    """The points as text: "N. Title" on the first line, then the point."""
    return [f"{i}. {p.title}\n{p.text}" for i, p in enumerate(story(diff, lang), 1)]
