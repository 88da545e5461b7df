"""``railbook explain TITLE [STEP]``: how a title's rounds work, step by step and point by point.

It builds a game of the title (as ``railbook new`` would) and its first, stock and operating
rounds, then prints each round's steps in order and, at each step's extension points
(:mod:`railbook.engine.points`), the mechanics that act there in the order they act, each with the
first paragraph of its handler's docstring, and the title's own DSL hooks that act in that step.
Everything printed is read from the engine as it runs a game, so it cannot drift from it: a
newcomer reads here which rules a title adds to the engine's steps, and where.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
import textwrap
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from railbook.engine.game import Game
    from railbook.engine.points import Point, Registration

_WIDTH = 100

#: where the title's DSL hooks act: hook name -> the steps (by the name a title lists) or moments
#: (in brackets) where the engine calls it; a hook not listed here is shown under "other moments"
HOOK_PLACES: dict[str, tuple[str, ...]] = {
    "setup": ("[set-up]",),
    "operating_round_start": ("[operating round start]",), "private_income": ("[operating round start]",),
    "operating_set_end": ("[operating round end]",), "stock_round_end": ("[stock round end]",),
    "may_par": ("stock",), "after_par": ("stock",), "sold_out_rise": ("[stock round end]",),
    "can_lay_tile": ("track", "track_and_token", "special_track"),
    "can_upgrade": ("track", "track_and_token", "special_track"),
    "upgrade_targets": ("track", "track_and_token", "special_track"),
    "after_lay_tile": ("track", "track_and_token", "special_track"),
    "after_place_token": ("token", "track_and_token", "special_token", "home_token"),
    "check_route": ("route",), "route_bonus": ("route",), "run_bonus": ("route",),
    "run_moves_price": ("dividend",), "after_run": ("dividend",),
    "after_buy_train": ("buy_train", "special_buy_train"), "after_buy_private": ("buy_private",),
    "can_redeem": ("redeem_shares",),
    "after_float": ("[a corporation floats]",), "first_track": ("track", "track_and_token", "special_track"),
    "before_place_token": ("token", "track_and_token", "special_token", "home_token"),
    "round_start": ("[each round's start]",), "round_end": ("[each round's end]",),
    "operating_turn_start": ("[each operating turn's start]",), "operating_turn_end": ("[each operating turn's end]",),
    "priority_deal": ("[after a stock round, the priority deal]",),
}

#: the steps every round has in front (messages, programmed actions, ending by agreement)
_BYSTANDERS = ("EndGameStep", "MessageStep", "ProgramStep")


def _paragraph(doc: str | None) -> str:
    """A docstring's first paragraph, on one line."""
    text = inspect.cleandoc(doc or "").split("\n\n")[0]
    return " ".join(text.split())


def _wrap(text: str, indent: int) -> list[str]:
    return textwrap.wrap(text, _WIDTH, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2)) or [""]


def step_name(cls: type) -> str:
    """The name a title lists the step by (a mechanic's subclass goes by its parent's name)."""
    from railbook.engine.schedule import operating_step_kinds
    from railbook.engine.steps.stock import BuySellParShares

    kinds = [(name, spec[0] if isinstance(spec, tuple) else spec) for name, spec in operating_step_kinds().items()]
    for name, kind in kinds:
        if kind is cls:
            return name
    if issubclass(cls, BuySellParShares):
        return "stock"
    for klass in cls.__mro__[1:]:
        for name, kind in kinds:
            if kind is klass:
                return name
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__.removesuffix("Step")).lower()


def _where(obj: Any) -> str:
    module = sys.modules.get(obj.__module__)
    path = getattr(module, "__file__", "") or ""
    found = re.search(r"railbook/.*\.py$", path.replace("\\", "/"))
    return found.group(0) if found else obj.__module__


def _rounds(game: "Game") -> list[tuple[str, list[Any]]]:
    """The game's first round and a stock and an operating round, with their steps (built on the game,
    which is thrown away)."""
    from railbook.engine.rounds.operating import OperatingRound
    from railbook.engine.rounds.stock import StockRound
    from railbook.engine.schedule import Schedule

    out: list[tuple[str, list[Any]]] = []
    first = game.round
    if not isinstance(first, (StockRound, OperatingRound)):
        out.append((f"First round: {first.name}", list(first.steps)))
    schedule = Schedule(game)
    out.append(("Stock round", list(schedule.stock_round().steps)))
    out.append(("Operating round", list(schedule.operating_round(1).steps)))
    return out


def _points(cls: type) -> list["Point"]:
    """The extension points a step class calls (its own, and those it inherits), in order."""
    seen: dict[Any, None] = {}
    for klass in reversed(cls.__mro__):
        for point in klass.__dict__.get("POINTS", ()):
            seen[point] = None
    return list(seen)


def _handler_line(reg: "Registration") -> str:
    name = getattr(reg.handler, "__name__", "handler")
    return f"{reg.owner}.{name}: {_paragraph(reg.handler.__doc__) or '(no docstring)'}"


def explain(game: "Game", only: str | None = None) -> str:
    """The title's rounds as text: each step, the mechanics at its points, the title's hooks there."""
    from railbook.dsl import api

    extensions = game.extensions
    by_point: dict[Any, list[Registration]] = {}
    for reg in extensions.registrations:
        by_point.setdefault(reg.point, []).append(reg)
    title = game.title
    hooks = sorted(title.module.HOOKS) if hasattr(title.module, "HOOKS") else []
    events = sorted(getattr(title.module, "EVENT_HOOKS", {}) or {})
    rounds = _rounds(game)
    out: list[str] = []
    name = game.rules.name
    if only is None:
        out.append(f"{name}: how a game runs, round by round and step by step")
        out += _wrap("Each round offers its steps in order; the first step that blocks and has something to do "
                     "decides who acts. At a step's extension points the title's mechanics act, in the order "
                     "shown; a step with none acts by the engine's own rules alone. Every round also takes "
                     "messages, programmed actions and ending the game by agreement.", 0)
        out.append("")
        out.append("Mechanics (in the order they act):")
        if not game.mechanics:
            out.append("  none: the engine's own rounds and steps")
        for m in game.mechanics:
            doc = type(m).__doc__ or sys.modules[type(m).__module__].__doc__
            out += _wrap(f"{type(m).__name__} ({_where(type(m))}): {_paragraph(doc)}", 2)
        moments = [h for h in hooks if any(p.startswith("[") for p in HOOK_PLACES.get(h, ("[other]",)))]
        if moments or events:
            out.append("")
            out.append("Title hooks outside the steps:")
            for hook in moments:
                places = ", ".join(p.strip("[]") for p in HOOK_PLACES.get(hook, ("[other moments]",)))
                hook_point = api.HOOK_POINTS.get(hook)
                out += _wrap(f"{hook} ({places}): {hook_point.doc if hook_point else ''}", 2)
            for event in events:
                out += _wrap(f"event {event}: when a train or phase fires the event {event!r}", 2)
    found = False
    for round_name, steps in rounds:
        shown = [s for s in steps if type(s).__name__ not in _BYSTANDERS]
        if only is not None:
            shown = [s for s in shown if only.lower() in (step_name(type(s)), type(s).__name__.lower())]
            if not shown:
                continue
        found = True
        out.append("")
        out.append(f"{round_name}:")
        for number, step in enumerate(shown, 1):
            cls = type(step)
            kind = step_name(cls)
            try:
                described = step.description()
            except Exception:   # a description that needs a turn in play: the class says it
                described = cls.__name__
            out.append(f"  {number}. {kind}: {described} ({cls.__name__}, {_where(cls)})")
            if only is not None and cls.__doc__:
                out += _wrap(_paragraph(cls.__doc__), 6)
            for point in _points(cls):
                regs = by_point.get(point, [])
                if not regs and only is None:
                    continue
                out += _wrap(f"at \"{point.name}\"" + (f": {point.doc}" if only is not None else ""), 6)
                if not regs:
                    out.append("          nothing: the step's own rules")
                for reg in regs:
                    out += _wrap(_handler_line(reg), 10)
            for hook in hooks:
                if kind in HOOK_PLACES.get(hook, ()):
                    point_doc = api.HOOK_POINTS.get(hook)
                    out += _wrap(f"title hook {hook}: {point_doc.doc if point_doc else ''}", 6)
    if only is not None and not found:
        raise LookupError(only)
    other = [h for h in hooks if h not in HOOK_PLACES]
    if other and only is None:
        out.append("")
        out.append("Title hooks at other moments:")
        for hook in other:
            point_doc = api.HOOK_POINTS.get(hook)
            out += _wrap(f"{hook}: {point_doc.doc if point_doc else ''}", 2)
    return "\n".join(out).rstrip() + "\n"


def step_names(game: "Game") -> list[str]:
    """Every step name a round of the game has (what ``railbook explain TITLE STEP`` takes)."""
    names: dict[str, None] = {}
    for _, steps in _rounds(game):
        for step in steps:
            if type(step).__name__ not in _BYSTANDERS:
                names[step_name(type(step))] = None
    return list(names)


def _game(title_id: str, options: list[str]) -> "Game":
    from railbook.engine.game import Game
    from railbook.engine.title import Title

    title = Title.load(title_id, options)
    players = title.rules.players.min
    return Game(title, [(i, f"Player {i}") for i in range(1, players + 1)], seed=1)


def cmd_explain(args: argparse.Namespace) -> int:
    from railbook.errors import GameError

    try:
        game = _game(args.title, args.option or [])
        text = explain(game, args.step)
    except GameError as exc:
        print(f"railbook explain: {args.title}: {exc.message}", file=sys.stderr)
        return 1
    except LookupError:
        known = ", ".join(step_names(_game(args.title, args.option or [])))
        print(f"railbook explain: {args.title} has no step {args.step!r}; its rounds have: {known}", file=sys.stderr)
        return 1
    print(text, end="")
    return 0


def register_explain(sub: Any) -> None:
    p = sub.add_parser("explain", help="how a title's rounds work: each step, and which mechanic acts where",
                       description="Print a title's first, stock and operating rounds step by step: at each "
                                   "step's extension points, the mechanics that act there in the order they "
                                   "act (with why, from the handler's docstring), and the title's own hooks "
                                   "that act in that step. Read from a game of the title as the engine builds "
                                   "it.")
    p.add_argument("title", metavar="TITLE", help="a title id (see 'railbook titles')")
    p.add_argument("step", nargs="?", metavar="STEP",
                   help="only this step, as the title lists it (buy_train, dividend, stock, ...), with every "
                        "point it has, even where nothing acts")
    p.add_argument("--option", action="append", metavar="ID",
                   help="with this optional rule of the title (repeatable)")
    p.set_defaults(func=cmd_explain)


REGISTER: dict[str, Callable[[Any], None]] = {"explain": register_explain}
