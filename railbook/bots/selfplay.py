"""Self-play: bots play whole games of a title through its legal actions.

Each game is saved as a normal game log (the 18xx.games shape ``railbook replay``
reads, with its final scores as the result), so a self-played game is reproduced
and checked like any recorded one. A game ends by a rule of its title; a game
that does not end within :data:`MAX_ACTIONS` actions stops there, unfinished,
and says so. The same title, players, seed and bots give the same game, byte
for byte.

A game may change its title's data as an optional rule does (``changes``, saved in the
log's settings so that it replays), and observers may watch it being played, action by
action, without taking part (a balance study's per-game statistics are one).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from railbook.bots.base import Bot
from railbook.bots.greedy import GreedyBot
from railbook.bots.random_bot import RandomBot
from railbook.engine.game import Game
from railbook.engine.legal import ANY
from railbook.engine.title import DataChange, Title
from railbook.errors import EngineError, GameError

#: the documented cap: a self-played game stops unfinished after this many actions
MAX_ACTIONS = 20_000

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


class Observer(Protocol):
    """Watches a self-played game: told when it starts, after each action it takes, and when it stops."""

    def started(self, game: Game) -> None: ...

    def acted(self, game: Game, action: dict[str, Any]) -> None: ...

    def ended(self, game: Game) -> None: ...


@dataclass
class SelfPlayResult:
    title: str
    seed: int
    bots: list[str]
    log: dict[str, Any]
    actions: int = 0
    finished: bool = False
    end_reason: str | None = None
    scores: list[tuple[str, int]] = field(default_factory=list)
    refused: list[tuple[dict[str, Any], str]] = field(default_factory=list)   # listed, yet refused: listing bugs
    error: str | None = None        # an engine error, or a position with nothing legal
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None and not self.refused

    def summary(self) -> str:
        how = f"ended ({self.end_reason})" if self.finished else f"stopped unfinished after {self.actions} actions"
        scores = ", ".join(f"{name} {value}" for name, value in self.scores)
        line = f"{self.title} seed {self.seed}: {self.actions} actions, {how} in {self.seconds:.1f} s; {scores}"
        if self.refused:
            line += f"; {len(self.refused)} listed actions refused (first: {self.refused[0][1]})"
        if self.error:
            line += f"; ERROR: {self.error}"
        return line

    def as_row(self) -> dict[str, Any]:
        return {"title": self.title, "seed": self.seed, "bots": self.bots, "actions": self.actions,
                "finished": self.finished, "end_reason": self.end_reason, "scores": dict(self.scores),
                "refused": len(self.refused), "error": self.error, "seconds": round(self.seconds, 2)}


def controller(entity: Any) -> Any:
    """The player who decides for an entity: itself, a corporation's president, a private's owner."""
    seen = 0
    while entity is not None and not entity.is_player() and seen < 4:
        entity = entity.owner
        seen += 1
    return entity


def play(title: str, players: int, seed: int, bots: list[str], max_actions: int = MAX_ACTIONS,
         optional_rules: tuple[str, ...] = (), progress: Callable[[int], None] | None = None,
         changes: Sequence[DataChange] = (), observers: Sequence[Observer] = ()) -> SelfPlayResult:
    """One game between bots (``bots[i]`` plays seat i), saved as a game log in ``result.log``."""
    started = time.perf_counter()
    names = [(i + 1, f"{bots[i % len(bots)].capitalize()} {i + 1}") for i in range(players)]
    settings: dict[str, Any] = {"seed": seed, "optional_rules": list(optional_rules)}
    if changes:
        settings["data_changes"] = [{"set": path, "to": value} for path, value in changes]
    log: dict[str, Any] = {"id": seed, "title": title, "description": f"self-play: {', '.join(bots)}",
                           "players": [{"id": pid, "name": name} for pid, name in names],
                           "settings": settings, "actions": []}
    seats = [bots[i % len(bots)] for i in range(players)]
    result = SelfPlayResult(title=title, seed=seed, bots=seats, log=log)
    game = Game(Title.load(title, optional_rules, tuple(changes)), names, seed=seed, game_id=seed)
    for observer in observers:
        observer.started(game)
    players_bots = {p: BOTS[seats[i]](seed * 1000 + i) for i, p in enumerate(game.players)}
    spare = BOTS[seats[0]](seed * 1000 + 999)   # decides for an entity no player stands behind
    while not game.finished and result.actions < max_actions:
        try:
            listed = game.legal_actions()
        except EngineError as exc:
            result.error = f"listing the legal actions after action {result.actions}: {exc}"
            break
        legal = [la for la in listed if ANY not in la.open]   # a kind listed without details is no action yet
        if not legal:
            kinds = sorted({la.type for la in listed})
            result.error = (f"{game.describe_entity(game.current_entity)} may only {', '.join(kinds)}, which the "
                            "steps do not list in detail" if kinds else
                            f"nothing is legal for {game.describe_entity(game.current_entity)} and the game is "
                            "not over")
            break
        while legal:
            entity = game.current_entity
            chosen = players_bots.get(controller(entity), spare).choose(game, legal)
            action = {**chosen, "id": result.actions + 1}
            try:
                game.process(action)
            except EngineError as exc:
                result.error = f"action {action['id']} {action}: {exc}"
                break
            except GameError as exc:  # a listed action the rules refuse: the listing is wrong
                result.refused.append((action, str(exc)))
                found = game.find_legal(chosen)
                legal = [la for la in legal if (dict(la.action) != dict(found.action) if found is not None
                                                else la.type != chosen.get("type"))]
                continue
            log["actions"].append(action)
            result.actions += 1
            for observer in observers:
                observer.acted(game, action)
            break
        else:
            result.error = f"every listed action was refused at action {result.actions + 1}"
        if result.error:
            break
        if progress is not None:
            progress(result.actions)
    for observer in observers:
        observer.ended(game)
    result.finished = game.finished
    result.end_reason = game.game_end_reason if game.finished else None
    result.scores = [(p.name, value) for p, value in game.result_players()]
    if game.finished:
        log["result"] = game.result()
    result.seconds = time.perf_counter() - started
    return result
