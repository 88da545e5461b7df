"""Turn a Rails report into engine actions, against the game as it goes.

A Rails report says what happened, not which certificate, tile copy or train
copy was used, and it leaves out what Rails does not log: passes in the
operating round, the start price chosen in the auction for a private that
brings a president's certificate, the routes. So the events are converted one
at a time against the live game:

* each action event (a bid, a share bought, a tile laid, a train bought...)
  becomes one 18xx.games-shaped action dict naming the game's own ids; the
  operating corporation passes (an unlogged "Done") whatever steps come
  before it;
* revenue is known only as an amount: it becomes ``run_routes`` with no
  routes and a ``stated_revenue``, which the game accepts only because the
  replay created it trusting stated revenue (the routes are not checked);
* what the engine computes by itself (payouts, interest, price moves, floats,
  phase changes, mergers into a state railway) is only compared: ``Has`` cash
  checkpoints strictly, price moves as notes.

This module is the driver (turn order, passes, what the engine waits for,
checkpoints); :mod:`.rails_events` says what each event kind does. Nothing
here knows a title: names come from the report and the title's data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.rules.shares import par_prices_for
from railbook.errors import GameError
from railbook.importers.rails import (
    ACTION_KEYS,
    CORRECTION_PREFIX,
    PASSIVE,
    Event,
    RailsReport,
)

if TYPE_CHECKING:
    from railbook.engine.game import Game

COMPASS = {"SW": 0, "W": 1, "NW": 2, "NE": 3, "E": 4, "SE": 5}
IMPORTER = "rails"


class ReportMismatch(GameError):
    """The report does something the engine's state does not allow or expect."""

    rule = "report"


@dataclass
class Checkpoint:
    """A cash figure a report states (at a line), and what the engine had then."""

    line: int
    name: str
    expected: int
    actual: int | None

    @property
    def ok(self) -> bool:
        return self.expected == self.actual


@dataclass
class DriverState:
    """What converting a report has produced so far: the engine's actions, the checkpoints and notes."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class RoundSnapshots:
    """Cash of every player and corporation at the moment each round ends.

    Rails prints its ``Has`` checkpoints at the end of a round; the engine
    starts the next round (and pays its private income) within the action that
    ends the previous one, so the importer reads the checkpoint from this
    snapshot instead of the live state."""

    def __init__(self) -> None:
        self.by_round: dict[int, dict[str, int]] = {}

    def __call__(self, game: "Game") -> None:
        self.by_round[id(game.round)] = cash_state(game)


def cash_state(game: "Game") -> dict[str, int]:
    out = {str(p.id): p.cash for p in game.players}
    for c in game.all_corporations:
        out.setdefault(c.id, c.cash)
    return out


#: what one kind of report event does to the game, through the driver
Handler = Callable[["ReportDriver", Event], None]


class ReportDriver:
    """Feeds one report's events to one game."""

    def __init__(self, game: "Game", report: RailsReport, handlers: "dict[str, Handler]",
                 on_action: Callable[[dict[str, Any]], None] | None = None):
        self.game = game
        self.handlers = handlers  # what each event kind does (rails_events.HANDLERS)
        self.report = report
        self.state = DriverState()
        self.on_action = on_action
        self.snapshots = RoundSnapshots()
        game.round_observers.append(self.snapshots)
        self.acting_round: Any = game.round
        self.index = 0
        self.event: Event | None = None
        self.delayed_pass: dict[str, Any] | None = None
        self.correction = False  # between CorrectionModeActivate and CorrectionModeDeactivate
        self.deferred: list[tuple[str, int, int]] = []  # price checks waiting for the next action

    # ------------------------------------------------------------------ running
    def run(self) -> DriverState:
        events = self.report.events
        while self.index < len(events):
            self.event = events[self.index]
            if self.game.finished and self.event.key in ACTION_KEYS:
                raise ReportMismatch(f"line {self.event.line}: the game is over in the engine, but the report goes "
                                     f"on: {self.event}", "game end")
            self.settle()
            if self.event.key.startswith(CORRECTION_PREFIX):  # an action forced in correction mode
                self.event = Event(self.event.line, self.event.key[len(CORRECTION_PREFIX):], self.event.args)
                was, self.correction = self.correction, True
                try:
                    handler = self.handlers.get(self.event.key)
                    if handler is not None:
                        handler(self, self.event)
                finally:
                    self.correction = was
                self.index += 1
                continue
            handler = self.handlers.get(self.event.key)
            if handler is None and self.event.key not in PASSIVE:
                self.note(f"unknown report event {self.event.key!r}; ignored")
            elif handler is not None:
                handler(self, self.event)
            self.index += 1
        return self.state

    @property
    def line(self) -> int:
        """The report line of the event being fed (0 before the first one)."""
        return self.event.line if self.event else 0

    def note(self, text: str) -> None:
        self.state.notes.append(f"line {self.line}: {text}")

    def act(self, action: dict[str, Any]) -> None:
        """Process one action (the game's own checks apply)."""
        d = dict(action)
        d.setdefault("entity_type", "player")
        d["id"] = len(self.state.actions) + 1
        self.acting_round = self.game.round
        self.game.process_action(d)
        self.state.actions.append(d)
        if self.on_action is not None:
            self.on_action(d)
        deferred, self.deferred = self.deferred, []
        for corp, price, line in deferred:
            self.check_price(corp, price, line)

    # ------------------------------------------------------------------ lookups
    def player(self, name: str) -> Any:
        p = self.game.player_by_id(name)
        if p is None:
            raise ReportMismatch(f"line {self.line}: unknown player {name!r}", "report")
        return p

    def corporation(self, name: str) -> Any:
        c = self.game.corporation_by_id(name)
        if c is None:
            raise ReportMismatch(f"line {self.line}: unknown corporation {name!r}", "report")
        return c

    def company(self, name: str) -> Any:
        c = self.game.company_by_id(name)
        if c is None:
            raise ReportMismatch(f"line {self.line}: unknown private {name!r}", "report")
        return c

    def entity(self, name: str) -> tuple[Any, dict[str, Any]]:
        """A player or a corporation by its report name, with its action fields."""
        p = self.game.player_by_id(name)
        if p is not None:
            return p, {"entity": p.id, "entity_type": "player"}
        c = self.corporation(name)
        return c, {"entity": c.id, "entity_type": "corporation"}

    # ------------------------------------------------------------------ engine state
    def step_for(self, entity: Any, kind: str) -> Any:
        """The step that would process an action of this kind from the entity now (None: refused)."""
        for step in self.game.round.steps:
            if not step.active():
                continue
            process = kind in step.actions(entity)
            blocking = step.blocking()
            if blocking and not process:
                return None
            if blocking or process:
                return step
        return None

    def accepts(self, entity: Any, kind: str) -> bool:
        return self.step_for(entity, kind) is not None

    def operator(self) -> Any:
        r = self.game.round
        return r.current_operator if r.operating() else None

    def pass_operator(self, done: Callable[[], bool], wanted: str) -> None:
        """The operating corporation passes (Rails' unlogged "Done") until ``done()``."""
        for _ in range(64):
            if done():
                return
            current = self.game.current_entity
            corp = self.operator()
            if corp is None or current is not corp or "pass" not in self.game.legal_action_types(current):
                allowed = ", ".join(self.game.legal_action_types(current)) if current is not None else "nothing"
                who = self.game.describe_entity(current)
                raise ReportMismatch(f"line {self.line}: the report has {wanted} ({self.event}); the engine "
                                     f"waits for {who} ({allowed})", "report")
            self.act({"type": "pass", **corp_fields(corp)})
        raise ReportMismatch(f"line {self.line}: cannot reach {wanted}", "report")

    def ready_for(self, entity: Any, kind: str, wanted: str | None = None) -> None:
        self.pass_operator(lambda: self.accepts(entity, kind), wanted or kind.replace("_", " "))

    def settle(self) -> None:
        """Answer what the engine waits for and Rails does not log (a start price, a token exchange)."""
        step = self.game.round.active_step()
        if step is None:
            return
        name = type(step).__name__
        if name == "CompanyPendingPar":
            self.settle_par(step)
        elif getattr(step, "awaits_token_exchange", False) and not self.upcoming(("ExchangesBaseToken",
                                                                                  "NoBaseTokenExchange")):
            national = step.current_entity()
            self.act({"type": "exchange_tokens", **corp_fields(national), "cities": []})

    def next_action_key(self) -> str | None:

        for e in self.report.events[self.index + 1:]:
            if e.key in ACTION_KEYS:
                return e.key
        return None

    def upcoming(self, keys: tuple[str, ...]) -> bool:
        """One of these events comes before the next event that is an action."""

        for e in self.report.events[self.index:]:
            if e.key in keys:
                return True
            if e.key not in PASSIVE and e.key not in ("CompanyHasGrown", "PRICE_MOVES_LOG", "PRICE_STAYS_LOG"):
                return False
        return False

    def settle_par(self, step: Any) -> None:
        company = self.game.round.companies_pending_par[0]
        corps = [s.corporation for a in usable_abilities(self.game, company, "shares") for s in a.shares if s.president]
        corp = corps[0]
        price = self.lookahead_price(corp.id)
        if price is None:
            raise ReportMismatch(f"line {self.line}: the report never shows {corp.name}'s start price", "report")
        cell = self.par_cell(corp, price)
        self.act({"type": "par", "entity": company.owner.id, "corporation": corp.id, "share_price": cell.id})

    def lookahead_price(self, corp: str) -> int | None:
        """The first price the report gives for a corporation (its start price, chosen but not logged)."""
        for e in self.report.events[self.index:]:
            if e.key == "BUY_SHARE_LOG" and e.arg(2) == corp:
                return e.int_arg(4)
            if e.key == "START_COMPANY_LOG" and e.arg(1) == corp:
                return e.int_arg(2)
            if e.key in ("PRICE_MOVES_LOG", "PRICE_STAYS_LOG") and e.arg(0) == corp:
                return e.int_arg(1)
            if e.key == "FloatsWithCash" and e.arg(0) == corp:
                return None
        return None

    def par_cell(self, corp: Any, price: int) -> Any:
        cells = [p for p in par_prices_for(self.game, corp) if p.price == price]
        if not cells:
            raise ReportMismatch(f"line {self.line}: {price} is not a start price for {corp.name}", "par price")
        return cells[0]

    # ------------------------------------------------------------------ checks
    def check_cash(self, e: Event) -> None:
        name, expected = e.arg(0), e.int_arg(1)
        values = cash_state(self.game)
        if self.game.round is not self.acting_round and id(self.acting_round) in self.snapshots.by_round:
            values = self.snapshots.by_round[id(self.acting_round)]
        actual = values.get(name)
        if actual is None and self.game.player_by_id(name) is None and self.game.corporation_by_id(name) is None:
            raise ReportMismatch(f"line {e.line}: checkpoint names unknown {name!r}", "report")
        self.state.checkpoints.append(Checkpoint(e.line, name, expected, actual))

    def check_price(self, corp_name: str, price: int, line: int | None = None) -> None:
        corp = self.game.corporation_by_id(corp_name)
        actual = corp.share_price.price if corp is not None and corp.share_price is not None else None
        if actual != price:
            where = f"line {line}: " if line is not None else ""
            self.note(f"{where}{corp_name}'s price is {actual} in the engine, {price} in the report")


def corp_fields(corp: Any) -> dict[str, Any]:
    return {"entity": corp.id, "entity_type": "corporation"}
