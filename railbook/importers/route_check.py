"""Checking the route optimizer on recorded games: before every ``run_routes`` of a log, the
best routes of that corporation against what the players ran.

An 18xx.games export records routes: the players' revenue is the engine's own score of
them (an older export that gives a route's hexes alone has its recorded amount, *on trust*).
A Rails report records only the amount (``stated_revenue``, on trust too): the report is replayed
once to turn its events into actions, then those actions are played again on a fresh game,
stopping before each revenue. Every answer of the optimizer is rebuilt and scored by the
engine's route rules (:func:`engine_revenues`) as the route step would.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from railbook.engine.game import Game
from railbook.engine.routing import best_routes, engine_revenues
from railbook.errors import GameError, LogError
from railbook.importers import eighteen_xx, rails
from railbook.importers.replay import new_game
from railbook.importers.report_replay import new_game as new_report_game
from railbook.importers.report_replay import replay_report


@dataclass
class Position:
    """One run_routes of a log, and what the optimizer found there."""

    action: int
    corporation: str
    logged: int
    best: int
    ms: float                   # wall clock of the search
    cpu_ms: float = 0.0         # this process's CPU time for it (what it cost on a shared machine)
    on_trust: bool = False      # the logged revenue is a recorded amount the engine could not score
    accepted: bool = True       # the engine rebuilt the optimizer's routes for exactly its revenue
    problem: str = ""

    @property
    def verdict(self) -> str:
        return "equal" if self.best == self.logged else ("higher" if self.best > self.logged else "lower")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "corporation": self.corporation, "logged": self.logged,
                               "best": self.best, "ms": round(self.ms, 2), "cpu_ms": round(self.cpu_ms, 2)}
        if self.on_trust:
            out["on_trust"] = True
        if not self.accepted:
            out["problem"] = self.problem
        return out


def game_and_actions(path: str | Path) -> tuple[Game, list[dict[str, Any]]]:
    """A fresh game for the log and the actions to play on it."""
    if rails.looks_like_report(str(path)):
        report = rails.load(path)
        replayed = replay_report(report)
        if replayed.error is not None:
            raise LogError(f"{path}: the report does not replay: {replayed.error}")
        game, _ = new_report_game(report, replayed.optional_rules)
        return game, list(replayed.actions)
    log = eighteen_xx.load(path)
    actions = [a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")]
    return new_game(log), actions


def _logged(game: Game, action: dict[str, Any]) -> tuple[int, bool]:
    """What the players earned, and whether it is only a recorded amount: a Rails report's
    stated revenue, or routes the engine cannot rebuild from connections (older exports give
    hexes alone)."""
    if action.get("stated_revenue") is not None:
        return int(action["stated_revenue"]), True
    try:
        return sum(engine_revenues(game, action)), False
    except GameError:
        return sum(int(r.get("revenue") or 0) for r in action.get("routes") or []), True


def check_log(path: str | Path, progress: Callable[[int, int], None] | None = None) -> Iterator[Position]:
    """Every run_routes position of the log, in order, with the optimizer's answer (``progress`` is
    told how many actions of how many are played)."""
    game, actions = game_and_actions(path)
    for n, action in enumerate(actions, 1):
        if progress is not None:
            progress(n, len(actions))
        if action.get("type") == "run_routes":
            corp = game.corporation_by_id(action.get("entity"))
            if corp is not None:
                yield _position(game, corp, action)
        game.process_action(eighteen_xx.as_played(game, action))


def _position(game: Game, corp: Any, action: dict[str, Any]) -> Position:
    logged, on_trust = _logged(game, action)
    start, cpu = time.perf_counter(), time.process_time()
    found = best_routes(game, corp, verify=False)
    cpu_ms = (time.process_time() - cpu) * 1000
    ms = (time.perf_counter() - start) * 1000
    position = Position(action=int(action.get("id", 0)), corporation=corp.id, logged=logged, best=found.total,
                        ms=ms, cpu_ms=cpu_ms, on_trust=on_trust)
    try:
        revenues = engine_revenues(game, found.action())
        if revenues != [r.revenue for r in found.routes]:
            position.accepted, position.problem = False, f"the engine scores them {revenues}"
    except GameError as exc:
        position.accepted, position.problem = False, f"the engine refuses them: {exc}"
    return position
