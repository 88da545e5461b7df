"""Random-play fuzzing: random games through the legal actions and perturbations of them, every
position checked.

A fuzzed game is a self-played game (:mod:`railbook.bots.selfplay`) with a hostile player at the
table: before some actions it plays a perturbation of a listed action (:mod:`railbook.bots.perturb`).
Most seats are random bots (any listed action, which ends many games early, in bankruptcy); in
some games greedy bots sit at the table too, which carry games into their late phases. What the
fuzz holds the engine to:

- every listed action is accepted; a perturbation is accepted exactly when it is listed (where
  the listing judges it: a route is judged only as it runs);
- a refused action leaves the game exactly as it was (its state digest, :mod:`railbook.engine.trace`,
  and its log);
- no action raises anything but a refusal naming its rule (an engine error is a crash);
- the invariants (:mod:`railbook.bots.invariants`) hold after every action and at the end of every
  stock round;
- the game ends by a rule of its title within :data:`MAX_ACTIONS` actions, and every position
  until then has something legal to do (otherwise it stalls);
- its log, replayed in a new game, reaches the position it ended in.

Every game is fixed by its title, player count, optional rules and seed: a failure names them
and the action, and ``result.log`` is the game up to it, so it is reproduced exactly.
"""

from __future__ import annotations

import json
import random
import signal
import time
import traceback
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Callable

from railbook.bots.invariants import Invariants, share_holders
from railbook.bots.perturb import judged, perturb
from railbook.bots.selfplay import BOTS, controller
from railbook.engine.game import Game
from railbook.engine.legal import ANY, LegalAction
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import EngineError, GameError

#: a fuzzed game that has not ended after this many actions has stalled
MAX_ACTIONS = 20_000
#: how often a perturbation is tried before an action (the chance in each position)
PERTURB_RATE = 0.1
#: how often each of a title's optional rules is in play in a fuzzed game
OPTION_RATE = 0.25
#: how often a game has greedy bots at its table (each seat then greedy or random, as likely)
GREEDY_RATE = 0.3
#: how often a bot that could go on is kept from declaring a bankruptcy the rules allow (random bots
#: would otherwise end most games at their first chance, before their later phases are played)
KEEP_GOING = 0.95


@dataclass
class Failure:
    kind: str            # crash, stall, invariant, listing, rollback
    message: str
    action: dict[str, Any] | None = None

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}" + (f" (action {self.action})" if self.action is not None else "")


@dataclass
class FuzzResult:
    title: str
    players: int
    seed: int
    optional_rules: tuple[str, ...]
    bots: tuple[str, ...]
    log: dict[str, Any]
    actions: int = 0                  # actions played (listed ones and accepted perturbations)
    perturbations: int = 0            # perturbations tried
    refused: int = 0                  # of them, refused
    checks: int = 0                   # invariant checks made
    finished: bool = False
    end_reason: str | None = None
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def tried(self) -> int:
        """Every action tried: those played and the perturbations refused."""
        return self.actions + self.refused

    @property
    def ok(self) -> bool:
        return not self.failures

    def name(self) -> str:
        options = f" with {', '.join(self.optional_rules)}" if self.optional_rules else ""
        bots = "" if set(self.bots) == {"random"} else f", {'/'.join(self.bots)}"
        return f"{self.title} ({self.players} players{bots}{options}) seed {self.seed}"

    def summary(self) -> str:
        how = f"ended ({self.end_reason})" if self.finished else "did not end"
        line = (f"{self.name()}: {self.actions} actions, {self.perturbations} perturbations ({self.refused} "
                f"refused), {self.checks} checks, {how} in {self.seconds:.1f} s")
        return line + "".join(f"; {f}" for f in self.failures)

    def as_row(self) -> dict[str, Any]:
        return {"title": self.title, "players": self.players, "seed": self.seed, "bots": list(self.bots),
                "optional_rules": list(self.optional_rules), "actions": self.actions, "tried": self.tried,
                "perturbations": self.perturbations, "refused": self.refused, "checks": self.checks,
                "finished": self.finished, "end_reason": self.end_reason,
                "failures": [str(f) for f in self.failures], "seconds": round(self.seconds, 2)}


def where(exc: BaseException) -> str:
    """Where in railbook an unexpected error was raised (file:line of the innermost frame), to fix it by."""
    cause = exc.__cause__ if exc.__cause__ is not None else exc
    frames = [f for f in traceback.extract_tb(cause.__traceback__) if "railbook" in f.filename]
    return f" at {frames[-1].filename.split('railbook/', 1)[-1]}:{frames[-1].lineno}" if frames else ""


@dataclass(frozen=True)
class Setup:
    """What a fuzzed game is: its title, players, optional rules and bots (seat by seat)."""

    title: str
    seed: int
    players: int
    optional_rules: tuple[str, ...]
    bots: tuple[str, ...]


def game_setup(title: str, seed: int) -> Setup:
    """The player count, optional rules and bots of a fuzzed game, drawn from its seed."""
    rng = random.Random(f"setup {title} {seed}")
    base = Title.load(title)
    players = rng.randint(base.rules.players.min, base.rules.players.max)
    options = tuple(o.id for o in base.model.title.optional_rules if rng.random() < OPTION_RATE)
    greedy = rng.random() < GREEDY_RATE
    bots = tuple("greedy" if greedy and rng.random() < 0.5 else "random" for _ in range(players))
    return Setup(title, seed, players, options, bots)


class Fuzzer:
    """One fuzzed game, played position by position (:meth:`step`) until it ends or fails."""

    def __init__(self, setup: Setup, perturb_rate: float = PERTURB_RATE, max_actions: int = MAX_ACTIONS,
                 stop_after: int | None = None):
        seed, bots = setup.seed, setup.bots
        names = [(i + 1, f"{bots[i].capitalize()} {i + 1}") for i in range(setup.players)]
        log: dict[str, Any] = {"id": seed, "title": setup.title, "description": "fuzz: bots, perturbed actions",
                               "players": [{"id": pid, "name": name} for pid, name in names],
                               "settings": {"seed": seed, "optional_rules": list(setup.optional_rules)},
                               "actions": []}
        self.result = FuzzResult(setup.title, setup.players, seed, setup.optional_rules, bots, log)
        self.game = Game(Title.load(setup.title, setup.optional_rules), names, seed=seed, game_id=seed)
        self.bots = {p: BOTS[bots[i]](seed * 1000 + i) for i, p in enumerate(self.game.players)}
        self.spare = BOTS["random"](seed * 1000 + 999)
        self.rng = random.Random(f"perturb {seed}")
        self.perturb_rate = perturb_rate
        self.max_actions = max_actions
        self.stop_after = stop_after   # a shorter run (a test's) stops here without calling it a stall
        self.invariants = Invariants(self.game)
        self.round_ends: list[str] = []   # what a stock round that just ended broke
        self.game.round_observers.append(self._round_ended)

    def _round_ended(self, game: Game) -> None:
        if game.round.kind == "stock":   # a stock round proper (not a merger round, which is one in kind)
            self.round_ends.extend(self.invariants.at_stock_round_end(game))

    def fail(self, kind: str, message: str, action: dict[str, Any] | None = None) -> None:
        self.result.failures.append(Failure(kind, message, action))

    @property
    def over(self) -> bool:
        r = self.result
        return self.game.finished or bool(r.failures) or r.actions >= min(self.max_actions, self.stop_after or
                                                                              self.max_actions)

    def play(self, progress: Callable[[int], None] | None = None) -> FuzzResult:
        started = time.perf_counter()
        while not self.over:
            self.step()
            if progress is not None:
                progress(self.result.actions)
        return self.finish(time.perf_counter() - started)

    def finish(self, seconds: float) -> FuzzResult:
        r, game = self.result, self.game
        if "finished" not in game.__dict__ and r.failures:   # stopped by its time limit midway through a rebuild
            r.finished, r.end_reason, r.checks = False, None, self.invariants.checks
            r.seconds += seconds
            return r
        if not r.failures and not game.finished and r.actions >= self.max_actions:
            self.fail("stall", f"the game has not ended after {r.actions} actions")
        if not r.failures and game.finished and game.game_end_reason == "dnf":
            self.fail("stall", f"the game reached the engine's limit of {game.turn} turns (every round passed by) "
                               "without ending by a rule")
        if not r.failures:
            self.check_replay()
        r.finished = game.finished
        r.end_reason = game.game_end_reason if game.finished else None
        if game.finished and not r.failures:
            r.log["result"] = game.result()
        r.checks = self.invariants.checks
        r.seconds += seconds
        return r

    def check_replay(self) -> None:
        """The game's log, replayed in a new game, reaches the very position the game is in: every
        refusal on the way was rolled back exactly."""
        log, game = self.result.log, self.game
        again = Game(Title.load(log["title"], log["settings"]["optional_rules"]),
                     [(p["id"], p["name"]) for p in log["players"]], seed=self.result.seed, game_id=self.result.seed)
        try:
            for action in log["actions"]:
                again.process(action)
        except GameError as exc:
            self.fail("rollback", f"the game's log does not replay: {exc}")
            return
        if digest(again, 0) != digest(game, 0):
            self.fail("rollback", "the game's log, replayed, reaches another position than the game")
        elif holdings_order(again) != holdings_order(game):
            self.fail("rollback", "the game's log, replayed, holds the same certificates in another order than "
                                  "the game (listings follow that order, so bots would choose otherwise)")

    def step(self) -> None:
        """One position: perhaps a perturbation first, then a listed action."""
        game = self.game
        try:
            listed = game.legal_actions()
        except Exception as exc:  # listing must never fail
            self.fail("crash", f"listing the legal actions: {exc!r}{where(exc)}")
            return
        legal = [la for la in listed if ANY not in la.open]   # a kind listed without details is no action yet
        if not legal:
            kinds = sorted({la.type for la in listed})
            who = game.describe_entity(game.current_entity)
            self.fail("stall", f"{who} may only {', '.join(kinds)}, which the steps do not list in detail" if kinds
                      else f"nothing is legal for {who} and the game is not over")
            return
        empty = next((la for la in legal for r in la.ranges.values() if r.low > r.high), None)
        if empty is not None:
            self.fail("listing", f"an action is listed with an empty range: {empty}")
            return
        if self.rng.random() < self.perturb_rate:
            played = self.try_perturbation(self.rng.choice(legal))
            if played or self.over:
                return
        entity = game.current_entity
        # where a player may go bankrupt at will (bankruptcy.voluntary), random bots would end every game
        # in its first operating round: they go bankrupt only when nothing else is left
        if len({la.type for la in legal}) > 1 and (game.rules.bankruptcy.voluntary or self.rng.random() < KEEP_GOING):
            legal = [la for la in legal if la.type != "bankrupt"] or legal
        try:
            chosen = self.bots.get(controller(entity), self.spare).choose(game, legal)
        except Exception as exc:  # a bot's tools (the route optimizer) fail: the game cannot go on
            self.fail("crash", f"choosing among the legal actions: {exc}{where(exc)}")
            return
        action = {**chosen, "id": self.result.actions + 1}
        try:
            game.process(action)
        except EngineError as exc:
            self.fail("crash", f"{exc}{where(exc)}", action)
            return
        except GameError as exc:
            self.fail("listing", f"a listed action was refused: {exc}", action)
            return
        self.played(action)

    def try_perturbation(self, la: LegalAction) -> bool:
        """Try a perturbation of a listed action; whether it was played (it was legal and accepted)."""
        game, r = self.game, self.result
        label, action = perturb(game, la, self.rng)
        action["id"] = r.actions + 1
        r.perturbations += 1
        try:
            found = game.find_legal(action)
        except Exception as exc:
            self.fail("crash", f"judging a perturbation ({label}): {exc!r}{where(exc)}", action)
            return False
        before, count = digest(game, 0), len(game.history)
        try:
            game.process(action)
        except GameError as exc:
            r.refused += 1
            self.round_ends = []   # rebuilding replays rounds that ended before
            if digest(game, 0) != before or len(game.history) != count:
                self.fail("rollback", f"a refused perturbation ({label}: {exc}) changed the game", action)
            elif isinstance(exc, EngineError):
                self.fail("crash", f"perturbation ({label}): {exc}{where(exc)}", action)
            elif found is not None and not found.open and judged(action.get("type")):
                self.fail("listing", f"a perturbation ({label}) is listed, yet refused: {exc}", action)
            return False
        except Exception as exc:
            self.fail("crash", f"perturbation ({label}) raised {exc!r}{where(exc)}", action)
            return False
        if found is None and judged(action.get("type")):
            self.fail("listing", f"a perturbation ({label}) that is not listed was accepted", action)
        self.played(action)
        return True

    def played(self, action: dict[str, Any]) -> None:
        """An action was accepted: it joins the log, and the position is checked."""
        game, r = self.game, self.result
        r.log["actions"].append(action)
        r.actions += 1
        broken = self.round_ends + self.invariants.after_action(game)
        self.round_ends = []
        for problem in broken:
            self.fail("invariant", f"after action {action['id']} ({action.get('type')}): {problem}", action)


def holdings_order(game: Game) -> list[tuple[str, list[tuple[str, list[int]]]]]:
    """Every holder's certificates in the order it holds them, corporation by corporation: what the
    digest leaves out (it sums percents), but listings and sales follow."""
    return [(str(getattr(h, "id", h.name)), [(c.id, [s.index for s in shares])
                                           for c, shares in h.shares_by_corporation.items()])
            for h in share_holders(game)]


def fuzz_game(title: str, seed: int, perturb_rate: float = PERTURB_RATE, max_actions: int = MAX_ACTIONS,
              stop_after: int | None = None) -> FuzzResult:
    """One fuzzed game of a title, set up as its seed draws it (:func:`game_setup`)."""
    return Fuzzer(game_setup(title, seed), perturb_rate, max_actions, stop_after).play()


class GameTimeout(BaseException):
    """A game ran past its time limit (an engine that loops: a stall). Not an Exception, so that no
    handler inside the engine swallows it."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise GameTimeout()


@dataclass(frozen=True)
class FuzzTask:
    """One game of a fuzz run, as a worker process receives it: everything that fixes the game, and
    how long it may take. A pure function of itself (:func:`run_fuzz_task`), so the run's rows are
    the same whatever the number of workers."""

    number: int
    title: str
    seed: int
    perturb_rate: float = PERTURB_RATE
    max_actions: int = MAX_ACTIONS
    stop_after: int | None = None
    timeout: int = 0                  # seconds; 0 for none


def run_fuzz_task(task: FuzzTask) -> tuple[int, FuzzResult]:
    """Play one fuzzed game under its time limit (a game past it has stalled); its number and result.

    The limit is a SIGALRM, which only the main thread of a process may set: the run's own process
    or a worker's, never a thread."""
    fuzzer = Fuzzer(game_setup(task.title, task.seed), task.perturb_rate, task.max_actions, task.stop_after)
    timed = task.timeout > 0 and hasattr(signal, "SIGALRM")
    if timed:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(task.timeout)
    try:
        result = fuzzer.play()
    except GameTimeout:
        fuzzer.fail("stall", f"the game did not end within {task.timeout} s")
        result = fuzzer.finish(float(task.timeout))
    finally:
        if timed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    return task.number, result


def failure_case(result: FuzzResult) -> str:
    """A failed game as a file to play again (JSON): its log up to the failure, and the failing action."""
    failure = result.failures[0]
    case = {"about": str(failure),
            "setup": {"title": result.title, "seed": result.seed, "players": result.players,
                      "optional_rules": list(result.optional_rules), "bots": list(result.bots)},
            "log": result.log, "action": failure.action}
    return json.dumps(case, indent=1) + "\n"
