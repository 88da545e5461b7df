"""Worked examples: short scenarios a title writes as data, played on the engine.

A title's ``examples/*.yaml`` (schema: ``schema/example.schema.json``) lists the
actions of a few rounds, as 18xx.games records them, with a narration per step
in each language. ``play`` runs them on a new game and records, after every
step, the state its narration and its figures quote: cash, treasuries, prices,
holdings, trains, routes, the phase and the round. The narration holds no
figure of its own: ``{S1.cash}`` is whatever the engine says S1 holds then, so
a rule change that alters an example's numbers changes the printed numbers,
and an example that no longer plays (an action refused, a refusal that no
longer happens, a placeholder naming nothing) stops the build with the
example file's line and column.

Placeholders (``railbook/docs/example_text.py`` writes them in a language):

- ``{P.cash}``, ``{P.name}``, ``{P.percent.C}`` for a player ``P``;
- ``{C.treasury}``, ``{C.price}``, ``{C.par}``, ``{C.trains}``, ``{C.ipo}`` (percent
  in its IPO), ``{C.ipo_shares}``, ``{C.market}`` (percent in the market),
  ``{C.revenue}`` and ``{C.dividend}`` (its last run, and what it paid per share),
  ``{C.name}`` for a corporation or minor ``C``;
- ``{X.value}``, ``{X.revenue}``, ``{X.min_price}``, ``{X.max_price}``, ``{X.name}``
  for a private ``X``;
- any of them with ``.before`` (at the step's start) or ``.change`` (the difference);
- ``{train:N}`` / ``{trains:N}`` (a train's name, singular / plural), ``{price:N}``,
  ``{count:N}`` (a train type's price and number, from the data), ``{route:K}``,
  ``{stops:K}`` (the K-th route of the step's last run: revenue, and its stops'
  values), ``{revenue}`` (that run's total) and ``{phase}``;
- ``{hex:ID}`` (what the first stop on a hex pays now), ``{cert_limit}`` (this game's certificate
  limit), ``{credit:OLD>NEW}`` and ``{credit_percent:OLD>NEW}`` (what trading a train in is worth
  towards a new one, in money and as a share of the old train's price);
- ``{C.pars}`` (the par prices corporation ``C`` may start at in a stock round), ``{C.merger_cash}``
  (what a corporation formed by a merger receives from the bank), ``{C.president}`` (its president's
  certificate), ``{C.unit}`` (one share), ``{C.total_shares}``, ``{C.float_percent}`` and
  ``{C.train_limit}`` (the trains it may own now).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from railbook.errors import DocsError, RailbookError
from railbook.problems import Problems
from railbook.title.yaml_source import YamlDoc

PLACEHOLDER = re.compile(r"\{([^{}]+)\}")

Value = tuple[str, Any]            # (kind, raw value): money, pct, num, text, trains, train, phase, stops


@dataclass
class Step:
    """One step as played: its texts and what the engine said about it."""

    index: int
    title: dict[str, str]
    text: dict[str, str]
    note: dict[str, str]
    round: tuple[str, int, int, int] | None        # (short name, stock round number, OR number, ORs in the set)
    phase: str
    values: dict[str, Value]                        # placeholder -> value
    figures: list[Value]


@dataclass
class Played:
    """An example played to its end."""

    name: str
    title: dict[str, str]
    intro: dict[str, str]
    players: dict[str, dict[str, str]]             # id -> name per language
    figures: list[dict[str, str]]                  # [{kind: entity}] from the file
    steps: list[Step] = field(default_factory=list)
    intro_values: dict[str, Value] = field(default_factory=dict)
    order: int = 0


def _texts(node: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in (node or {}).items()}


def placeholders(texts: dict[str, str]) -> list[str]:
    return sorted({m.group(1).strip() for t in texts.values() for m in PLACEHOLDER.finditer(t)})


def typed_figures(text: str, hexes: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Digits a narration writes itself (outside placeholders; the map's hex names, E16, aside)."""
    bare = PLACEHOLDER.sub(" ", text)
    bare = re.sub(r"\b[A-Z]{1,2}-?\d{1,3}\b", lambda m: " " if m.group() in hexes else m.group(), bare)
    return re.findall(r"\d+", bare)


# ---------------------------------------------------------------- reading the game

class State:
    """The engine's state, read the way placeholders ask for it."""

    def __init__(self, game: Any, players: set[str], last_run: list[dict[str, Any]]):
        self.game = game
        self.players = players
        self.last_run = last_run

    def corp(self, sym: str) -> Any:
        """A corporation or a minor by its symbol (None for anything else)."""
        return self.game.corporation_by_id(sym)

    def value(self, path: str) -> Value:
        game = self.game
        if ":" in path:
            kind, _, arg = path.partition(":")
            arg = arg.strip()
            if kind in ("train", "trains"):
                self._train_def(arg)
                return (kind, arg)
            if kind == "price":
                return ("money", self._train_def(arg).price)
            if kind == "count":
                n = self._train_def(arg).count
                return ("num", n) if n is not None else ("text", "∞")
            if kind in ("credit", "credit_percent"):
                old, _, new = arg.partition(">")
                discount = dict(self._train_def(new.strip()).trade_in).get(old.strip())
                if discount is None:
                    raise KeyError(f"a {old} cannot be traded in for a {new}")
                if kind == "credit":
                    return ("money", discount)
                return ("pct", round(100 * discount / self._train_def(old.strip()).price))
            if kind == "hex":
                h = game.hex_by_id(arg)
                stops = [s for s in (h.tile.stops if h is not None else []) if not s.is_junction()]
                if not stops:
                    raise KeyError(f"no stop on hex {arg!r}")
                return ("money", stops[0].revenue_in(list(game.phase.revenue_colors)))
            if kind in ("route", "stops"):
                k = int(arg) - 1
                if not 0 <= k < len(self.last_run):
                    raise KeyError(f"the step's last run has no route {arg}")
                r = self.last_run[k]
                return ("money", r["revenue"]) if kind == "route" else ("stops", r["stops"])
            raise KeyError(f"unknown placeholder kind {kind!r}")
        if path == "revenue":
            if not self.last_run:
                raise KeyError("no run in this step")
            return ("money", sum(r["revenue"] for r in self.last_run))
        if path == "phase":
            return ("phase", game.phase.name)
        if path == "cert_limit":
            from railbook.engine.rules.shares import cert_limit
            return ("num", cert_limit(game))
        who, _, attr = path.partition(".")
        if who in self.players:
            return self._player(who, attr)
        corp = self.corp(who)
        if corp is not None:
            return self._corporation(corp, attr)
        company = game.company_by_id(who)
        if company is not None:
            return self._private(company, attr)
        raise KeyError(f"{who!r} is no player, corporation, minor or private of this game")

    def _train_def(self, name: str) -> Any:
        for t in self.game.title.model.trains:
            if t.name == name:
                return t
        raise KeyError(f"no train {name!r}")

    def _player(self, pid: str, attr: str) -> Value:
        p = self.game.player_by_id(pid)
        if attr == "cash":
            return ("money", p.cash)
        if attr == "name":
            return ("player", pid)
        if attr.startswith("percent."):
            corp = self.corp(attr.split(".", 1)[1])
            if corp is None:
                raise KeyError(f"no corporation {attr.split('.', 1)[1]!r}")
            return ("pct", p.percent_of(corp))
        raise KeyError(f"a player has no {attr!r} (cash, name, percent.CORPORATION)")

    def _corporation(self, c: Any, attr: str) -> Value:
        if attr in ("cash", "treasury"):
            return ("money", c.cash)
        if attr == "price":
            return ("money", c.share_price.price if c.share_price is not None else None)
        if attr == "par":
            par = getattr(c, "par_price", None)
            return ("money", par.price if par is not None else None)
        if attr == "trains":
            return ("trains", train_names(self.game, c))
        if attr == "name":
            return ("text", c.full_name if getattr(c, "full_name", None) else c.name)
        if attr == "president":
            return ("pct", c.presidents_percent)
        if attr == "unit":
            return ("pct", c.share_percent)
        if attr == "total_shares":
            return ("num", c.total_shares)
        if attr == "float_percent":
            return ("pct", c.float_percent)
        if attr == "train_limit":
            from railbook.engine.rules.trains import train_limit
            return ("num", train_limit(self.game, c))
        if attr == "pars":
            from railbook.engine.rules.shares import par_prices_for, reserved_par_cells
            others = [id(x) for sym, cells in reserved_par_cells(self.game).items() if sym != c.id for x in cells]
            return ("moneys", sorted({p.price for p in par_prices_for(self.game, c, via_private=False)
                                      if id(p) not in others}))
        if attr == "merger_cash":
            merger = c.definition.merger
            if merger is None:
                raise KeyError(f"{c.id} does not form by a merger")
            return ("money", merger.cash)
        if attr in ("ipo", "ipo_shares"):
            shares = c.ipo_shares()
            return ("pct", sum(s.percent for s in shares)) if attr == "ipo" else ("num", len(shares))
        if attr == "market":
            return ("pct", self.game.share_pool.percent_of(c))
        if attr in ("revenue", "dividend"):
            history = getattr(c, "operating_history", {}) or {}
            if not history:
                raise KeyError(f"{c.id} has not run yet")
            last = history[max(history)]
            if attr == "revenue":
                return ("money", last["revenue"])
            per = last["revenue"] / c.total_shares if last["kind"] == "payout" and c.total_shares else 0
            return ("money", int(per) if float(per).is_integer() else per)
        raise KeyError(f"a corporation has no {attr!r} (treasury, price, par, trains, ipo, ipo_shares, market, "
                       "revenue, dividend, name, pars, merger_cash, president, unit, total_shares, float_percent, train_limit)")

    def _private(self, x: Any, attr: str) -> Value:
        if attr in ("value", "revenue", "min_price", "max_price"):
            v = getattr(x, attr)
            return ("money", v() if callable(v) else v)
        if attr == "name":
            return ("text", x.name)
        raise KeyError(f"a private has no {attr!r} (value, revenue, min_price, max_price, name)")

    def figure(self, kind: str, who: str) -> Value:
        if kind == "cash":
            return ("money", self.game.player_by_id(who).cash)
        if kind == "percent":
            pid, corp = who.split()
            return self._player(pid, f"percent.{corp}")
        c = self.corp(who)
        if c is None:
            raise KeyError(f"no corporation or minor {who!r}")
        if kind == "treasury":
            return ("money", c.cash if c.floated() else None)
        if kind == "price":
            return self._corporation(c, "price")
        return ("trains", train_names(self.game, c))


def train_names(game: Any, c: Any) -> list[str]:
    order = [t.name for t in game.title.model.trains]
    names = [t.name for t in c.trains]
    return sorted(names, key=lambda n: (order.index(n) if n in order else len(order), n))


def run_of(game: Any, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The routes a run_routes action is about to run (read before the engine processes it, since
    a minor's automatic dividend clears them at once): each route's revenue and its stops' values."""
    from railbook.engine.rules.routes import Route

    out = []
    entity = game.corporation_by_id(action["entity"])
    try:
        for spec in action.get("routes", []):
            route = Route(game, game.train_by_id(spec["train"]), entity, spec["connections"])
            stops = route.stops()
            out.append({"revenue": route.revenue(),
                        "stops": [s.revenue_in(route.phase_tiles, route.train) for s in stops]})
    except RailbookError:
        return []   # the engine refuses the run itself, and says why
    return out


# ---------------------------------------------------------------- playing

def _entity_type(game: Any, entity: Any) -> str:
    if game.player_by_id(entity) is not None:
        return "player"
    corp = State(game, set(), []).corp(str(entity))
    if corp is not None:
        return "minor" if getattr(corp, "minor", False) else "corporation"
    return "company"


def _action(game: Any, raw: dict[str, Any]) -> dict[str, Any]:
    action = dict(raw)
    action.setdefault("entity_type", _entity_type(game, action["entity"]))
    return action


def _players(node: Any) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for p in node:
        if isinstance(p, str):
            out[p] = {}
        else:
            out[str(p["id"])] = _texts(p.get("name"))
    return out


def play(title_id: str, doc: YamlDoc, name: str) -> Played:
    """Play one example on a new game; a located DocsError where it stops."""
    from railbook import Game, Title
    from railbook.errors import IllegalAction

    data = doc.data
    problems = Problems()

    def fail(pointer: tuple[Any, ...], message: str) -> DocsError:
        line, col = doc.where(pointer)
        problems.add(doc.file, line, col, "/".join(str(p) for p in pointer), message)
        return DocsError(f"{doc.file}:{line}:{col}: the worked example does not play: {message}", problems)

    def refuse(game: Any, r: dict[str, Any], pointer: tuple[Any, ...]) -> None:
        try:
            game.process(_action(game, r["action"]))
        except IllegalAction as exc:
            if exc.rule != r["rule"]:
                raise fail(pointer + ("rule",), f"refused under {exc.rule!r}, not {r['rule']!r} ({exc})") from exc
            return
        raise fail(pointer + ("action",), "the engine no longer refuses this action")

    players = _players(data["players"])
    played = Played(name=name, title=_texts(data.get("title")), intro=_texts(data.get("intro")), players=players,
                    figures=[{str(k): str(v) for k, v in f.items()} for f in data.get("figures", [])],
                    order=int(data.get("order", 0)))
    try:
        title = Title.load(title_id, optional_rules=list(data.get("optional_rules", [])))
        game = Game(title, [(p, p) for p in players], seed=int(data.get("seed", 1)))
    except (RailbookError, TypeError) as exc:
        raise fail((), f"the game cannot start: {exc}") from exc
    pids = set(players)
    hexes = {h.id for h in game.hexes}

    def snapshot(paths: list[str], state: State, where: tuple[Any, ...]) -> dict[str, Value]:
        out = {}
        for path in paths:
            try:
                out[path] = state.value(path)
            except (KeyError, ValueError, AttributeError, TypeError) as exc:
                raise fail(where, f"placeholder {{{path}}}: {exc}") from exc
        return out

    for key in ("intro", "title"):
        for lang, text in played.__dict__[key].items():
            if typed_figures(text, hexes):
                raise fail((key, lang), "a figure typed into the text: write it as a {placeholder}")
    played.intro_values = snapshot(placeholders(played.intro), State(game, pids, []), ("intro",))
    for i, step in enumerate(data["steps"]):
        texts = {k: _texts(step.get(k)) for k in ("title", "text", "note")}
        for k, t in texts.items():
            for lang, text in t.items():
                if typed_figures(text, hexes):
                    raise fail(("steps", i, k, lang), "a figure typed into the text: write it as a {placeholder}")
        paths = placeholders({f"{k}.{lang}": v for k, t in texts.items() for lang, v in t.items()})
        bases = sorted({p.rsplit(".", 1)[0] for p in paths if p.endswith((".before", ".change"))})
        where = ("steps", i, "text")
        before = snapshot(bases, State(game, pids, []), where)
        last_run: list[dict[str, Any]] = []
        round_at: tuple[str, int, int, int] | None = None
        actions = list(step.get("actions", []))
        refusals = list(enumerate(step.get("refused", [])))
        for j in range(len(actions) + 1):
            for n, r in refusals:
                if int(r.get("at", 0)) == j:
                    refuse(game, r, ("steps", i, "refused", n))
            if j == len(actions):
                break
            raw = actions[j]
            round_at = _round(game)
            if raw["type"] == "run_routes":
                last_run = run_of(game, raw)
            try:
                game.process(_action(game, raw))
            except RailbookError as exc:
                raise fail(("steps", i, "actions", j), f"{type(exc).__name__}: {exc}") from exc
        if step.get("round") == "next":
            round_at = _round(game)
        state = State(game, pids, last_run)
        values = snapshot([p for p in paths if not p.endswith((".before", ".change"))], state, where)
        after = snapshot(bases, state, where)
        for base in bases:
            values[base + ".before"] = before[base]
            now, then = after[base][1], before[base][1]
            if isinstance(now, (int, float)) and isinstance(then, (int, float)):
                values[base + ".change"] = (after[base][0], abs(now - then))
            elif base + ".change" in paths:
                raise fail(where, f"placeholder {{{base}.change}}: not a number before and after the step")
        try:
            figures = [state.figure(kind, who) for f in played.figures for kind, who in f.items()]
        except (KeyError, ValueError, AttributeError) as exc:
            raise fail(("figures",), str(exc)) from exc
        played.steps.append(Step(index=i + 1, title=texts["title"], text=texts["text"], note=texts["note"],
                                 round=round_at, phase=game.phase.name, values=values, figures=figures))
    return played


def _round(game: Any) -> tuple[str, int, int, int]:
    r = game.round
    return (str(getattr(r, "short_name", "R")), int(game.turn), int(getattr(r, "round_num", 1) or 1),
            int(getattr(game, "operating_rounds", 1) or 1))


def play_all(title_id: str, examples: dict[str, YamlDoc]) -> list[Played]:
    """Every example of a title, in their ``order`` (then file name)."""
    out = [play(title_id, doc, name.removesuffix(".yaml")) for name, doc in sorted(examples.items())]
    return sorted(out, key=lambda p: (p.order, p.name))
