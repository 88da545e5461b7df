"""The game: a title's pieces, driven action by action.

``Game.process(action)`` is atomic: an illegal action raises an error naming
the rule it breaks and leaves the game exactly as it was (the game is rebuilt
from its action log). ``undo()`` drops the last action the same way. What may
happen now is ``current_entity`` and ``legal_action_types()``.

The game coordinates; it decides nothing itself. Its pieces are
:class:`~railbook.engine.state.GameState`'s, the rules live in
:mod:`railbook.engine.rules`, the rounds' steps in :mod:`railbook.engine.steps`,
the optional rule engines in :mod:`railbook.engine.mechanics`, and which round
comes next in :mod:`railbook.engine.schedule`.
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from functools import partial
from typing import Any, Callable

from railbook.engine import actions as A
from railbook.engine import corrections
from railbook.engine.hooks.api import HookAPI
from railbook.engine.legal import LegalAction, move
from railbook.engine.mechanics.registry import install as install_mechanics
from railbook.engine.rounds.base import Round
from railbook.engine.rules.abilities import teleport_reach
from railbook.engine.rules.corporations import close_corporation
from railbook.engine.rules.game_end import (
    end_game,
    end_now,
    game_end_check,
    result_players,
)
from railbook.engine.rules.phases import start_phase
from railbook.engine.rules.tokens import settle_hex_reservation
from railbook.engine.schedule import Schedule
from railbook.engine.setup import change_certificates_at_start, connect_hexes, resolve_share_abilities
from railbook.engine.state import GameState
from railbook.engine.title import Title
from railbook.engine.trace import digest
from railbook.errors import EngineError, GameError, IllegalAction

CORRECTIONS = {"map_correction": corrections.apply_map_correction,
               "token_correction": corrections.apply_token_correction,
               "cash_correction": corrections.apply_cash_correction}

#: a game without end: after this many sets of rounds it stops, unfinished ("dnf")
MAX_TURNS = 1000


class Game(GameState):
    """A game of a title for these players (ids and names), as its rules and data say."""

    round: Round

    def __init__(self, title: Title, players: list[tuple[Any, str]], seed: int | None = None, game_id: Any = 0,
                 trust_stated_revenue: bool = False, allow_corrections: bool = False):
        self.init_args = (title, list(players), seed, game_id, trust_stated_revenue, allow_corrections)
        self.checkpoint: Game | None = None   # the game as the last rebuild left it (see _rebuild)
        super().__init__(title, players, seed, game_id, trust_stated_revenue, allow_corrections)
        self.history: list[dict[str, Any]] = []
        self.actions_processed = 0
        self.recorded_at: int | None = None   # when the action being replayed was recorded (a log's created_at)
        # called with the game when a round has ended, before the next begins (what an importer may watch)
        self.round_observers: list[Callable[[Game], None]] = []
        self.api = HookAPI(self)
        self.graph.teleports = partial(teleport_reach, self)
        start_phase(self, initial=True)
        install_mechanics(self)
        self.schedule = Schedule(self)
        self.round = self.schedule.first_round()
        connect_hexes(self.hexes)
        resolve_share_abilities(self.companies, self.share_by_id, self.corporations, self.rng.next, self.log)
        change_certificates_at_start(self.rules.certificates_at_start, self.all_corporations, self.companies,
                                     self.share_pool, self.bank)
        self.hook("setup")
        self.start_round()

    # ------------------------------------------------------------------ processing
    def process(self, action: dict[str, Any] | A.Action, at: int | None = None) -> "Game":
        """Apply one new action atomically: on any error the game is left exactly as before.

        A new action's time is the engine's to stamp, never the sender's: ``created_at`` becomes
        ``at`` (the moment the caller received it), or is left out; rules that depend on the date a
        move was made (``recorded_before``) read it. Replays keep the recorded times
        (:meth:`process_action`). What the game keeps is ``history[-1]``: save that one."""
        if not isinstance(action, (A.Action, dict)):
            A.check_shape(action)  # refuses it, naming what an action is
        d = action.to_dict() if isinstance(action, A.Action) else dict(action)
        if "id" not in d:
            d["id"] = (self.history[-1].get("id", len(self.history)) + 1) if self.history else 1
        if "created_at" in d:
            A.check_shape(d)     # a malformed time is refused as such before it is replaced
            del d["created_at"]
        if at is not None:
            d["created_at"] = at
        snapshot = len(self.history)
        try:
            resolved = A.from_dict(self, d)
            A.check_auto_actions(self, resolved)
        except GameError:   # refused while its ids resolve: nothing has changed yet, no rebuild is needed
            raise
        except Exception as exc:
            raise EngineError(f"internal error while reading {d.get('type')}: {exc!r}") from exc
        try:
            self.process_action(d, resolved)
        except GameError:
            self._rebuild(self.history[:snapshot])
            raise
        except Exception as exc:  # an engine fault must not corrupt the game either
            self._rebuild(self.history[:snapshot])
            raise EngineError(f"internal error while processing {d.get('type')}: {exc!r}") from exc
        return self

    def undo(self) -> None:
        if not self.history:
            raise IllegalAction("there is nothing to undo", "undo")
        self._rebuild(self.history[:-1])

    def _rebuild(self, history: list[dict[str, Any]]) -> None:
        """Set the game up again in place and replay ``history``: every object the game makes
        (rounds, steps, mechanics, the phase, the graph) points back at this very game. The replay
        starts from the copy of the game a rebuild kept, where that copy's actions begin
        ``history``, else from the start: a refusal late in a long game replays the actions since
        that copy, not the whole game. A copy costs as much as replaying a few hundred actions, so
        a new one is kept only when this rebuild replayed more than :data:`CHECKPOINT_EVERY`."""
        init_args, observers, start = self.init_args, self.round_observers, self.checkpoint
        if start is not None and start.history != history[:len(start.history)]:
            start = None
        self.__dict__.clear()
        if start is None:
            type(self).__init__(self, *init_args)
        else:   # a copy of the checkpoint whose every reference to the checkpoint is to this game
            self.__dict__.update(deep_copy(start.__dict__, {id(start): self, id(start.round_observers): observers,
                                                            **shared_history(start)}))
        self.round_observers = observers
        replayed = history[len(self.history):]
        for d in replayed:
            self.process_action(d)
        self.checkpoint = None
        self.checkpoint = start if start is not None and len(replayed) <= CHECKPOINT_EVERY else self.fork()

    def process_action(self, d: dict[str, Any], resolved: A.Action | None = None) -> None:
        """Apply an action (and its recorded auto actions) without the rollback guard."""
        action = resolved if resolved is not None else A.from_dict(self, d)
        self.history.append(d)
        stamp = d.get("created_at")
        self.recorded_at = stamp if isinstance(stamp, int) and not isinstance(stamp, bool) else None
        self.process_single_action(action)
        for sub in action.auto_actions:
            self.process_single_action(A.from_dict(self, sub))
        self.actions_processed += 1

    def process_single_action(self, action: A.Action) -> None:
        correction = CORRECTIONS.get(action.type)
        if correction is not None:
            correction(self, action)
            return
        if action.type in self.api.withheld_from(action.entity):
            raise IllegalAction(f"{self.describe_entity(action.entity)} may not {action.type.replace('_', ' ')} "
                                f"again in this round", "title rule")
        self.round.process_action(action)
        self.after_action(action)
        reason, timing = game_end_check(self)
        if timing == "immediately":
            end_game(self, reason)
        opened = False            # the round now ending opened a turn, and no action came since
        idle: dict[str, Any] | None = None   # the position as such a round ended
        while self.round.finished() and not self.finished:
            for e in self.round.entities:
                e.unpass()
            if opened:
                idle = self.stalemate_check(idle)
                if self.finished:
                    break
            if end_now(self, timing):
                end_game(self, reason)
            elif self.turn >= MAX_TURNS:
                end_game(self, "dnf")
            else:
                turn = self.turn
                self.next_round()
                if self.finished:
                    break
                self.round.at_start = True
                self.start_round()
                opened = self.turn != turn
                reason, timing = game_end_check(self)   # the round's start may pay out (a bank breaks)
                if timing == "immediately":
                    end_game(self, reason)

    def stalemate_check(self, idle: dict[str, Any] | None) -> dict[str, Any]:
        """A whole turn passed by, nobody able to act, and left the game as it found it: nothing can ever
        change again (everyone broke, no corporation to run), so the game ends, in a stalemate."""
        position = {k: v for k, v in digest(self, 0).items() if k not in ("round", "action")}
        if idle == position:
            end_game(self, "stalemate")
        return position

    def after_action(self, action: A.Action) -> None:
        """What follows any action: a hex reservation may settle on a city; a corporation whose
        price reached a closing cell closes."""
        if action.type == "place_token" and action.city is not None:
            settle_hex_reservation(self, action.city.tile)
        if not self.stock_market.has_close_cell:
            return
        closing = [c for c in self.corporations if c.share_price is not None and c.share_price.close_cell]
        for c in closing:
            close_corporation(self, c)
            force = getattr(self.round, "force_next_entity", None)
            if force is not None and self.round.current_operator is c:
                force()   # it was its turn: the next one operates
        if closing:
            self.round.clear_cache()
            self.round.after_closing()   # what the one in turn could do may have closed with them

    def next_round(self) -> None:
        self.hook("round_end")
        for observe in self.round_observers:
            observe(self)
        self.round = self.schedule.next_round()

    def start_round(self) -> None:
        """The round just made starts: the title's round_start hook, then the round's own start."""
        self.hook("round_start")
        self.round.setup()

    # ------------------------------------------------------------------ what may happen now
    @property
    def current_entity(self) -> Any:
        return self.round.current_entity

    def legal_action_types(self, entity: Any = None) -> list[str]:
        entity = entity if entity is not None else self.current_entity
        withheld = self.api.withheld_from(entity)
        return [a for a in self.round.actions_for(entity) if a not in ("message", "log")
                and not a.startswith("program_") and a not in withheld]

    def actors(self) -> list[Any]:
        """Who may act now: the entity whose turn it is, the player behind it (a president adds cash
        or sells shares for a train), and the privates they own (abilities usable in another's turn)."""
        current = self.current_entity
        if current is None or self.finished:
            return []
        out = [current]
        owner = current.owner if current.is_corporation() else None
        if owner is not None and owner.is_player():
            out.append(owner)
        for holder in list(out):
            out.extend(c for c in getattr(holder, "companies", []) if not c.closed and c not in out)
        return out

    def legal_actions(self, entity: Any = None) -> list[LegalAction]:
        """Every legal action now: of one entity, or of everyone who may act (``actors``)."""
        if self.finished:
            return []
        entities = [entity] if entity is not None else self.actors()
        try:
            return [a for e in entities for a in self.round.legal_actions(e)
                    if a.type not in self.api.withheld_from(e)]
        except GameError:
            raise
        except Exception as exc:   # a fault of the listing, named as the engine's
            raise EngineError(f"internal error while listing the legal actions: {exc!r}") from exc

    def is_legal(self, action: dict[str, Any]) -> bool:
        """Whether the action is among the legal ones (its entity's, as the action names it)."""
        return self.find_legal(action) is not None

    def find_legal(self, action: dict[str, Any]) -> LegalAction | None:
        """The listed legal action this action is (the same move, whatever ids name it), if any."""
        try:
            entity = A.resolve_entity(self, action)
            resolved = A.from_dict(self, dict(action))
            A.check_auto_actions(self, resolved)
            done = move(resolved)
        except GameError:
            return None
        resolve = partial(A.from_dict, self)
        found = next((la for la in self.legal_actions(entity) if la.matches(action, done, resolve)), None)
        if found is not None and resolved.auto_actions:   # the listing lists none: judged as they run
            found = dataclasses.replace(found, open=found.open | {"auto_actions"})
        return found

    def fork(self) -> "Game":
        """An independent copy of the game as it stands (to try an action on without touching this one)."""
        fork: Game = deep_copy(self, {id(self.round_observers): [], id(self.checkpoint): None, **shared_history(self)})
        return fork

    def refusal(self, action: dict[str, Any]) -> GameError | None:
        """What processing the action now would refuse it with (None: it would be accepted), tried on a fork."""
        d = dict(action)
        d.setdefault("id", (self.history[-1].get("id", len(self.history)) + 1) if self.history else 1)
        try:
            self.fork().process_action(d)   # the fork is thrown away: no rollback needed
        except GameError as exc:
            return exc
        except Exception as exc:
            return EngineError(f"internal error while processing {d.get('type')}: {exc!r}")
        return None

    def active_players(self) -> list[Any]:
        out = []
        for e in self.round.active_entities():
            p = e.player if e is not None else None
            if p is not None and p not in out:
                out.append(p)
        return out or [p for p in self.players if not p.bankrupt]

    # ------------------------------------------------------------------ the score
    def result_players(self) -> list[tuple[Any, int]]:
        """Players with their final values, best first."""
        return result_players(self)

    def result(self) -> dict[str, int]:
        return {str(p.id): v for p, v in result_players(self)}


#: a rollback replaying more actions than this keeps a new copy of the game to start the next one from
CHECKPOINT_EVERY = 200

#: the recursion a copy of a game may need: ``copy.deepcopy`` walks the map hex by neighbouring hex,
#: some ten frames a hex, so a full board of a mid-sized map needs some 950 frames, near Python's default of 1000
COPY_RECURSION = 10_000


def shared_history(game: Game) -> dict[int, Any]:
    """A copy's memo entry for the game's history: a list of its own, of the same action dicts (an
    action is never changed once processed, and a long game's history is a sixth of its objects)."""
    return {id(game.history): list(game.history)}


def deep_copy(obj: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy`` with room for a game's depth, whatever the caller's stack (the recursion
    limit is raised once, never lowered: another thread may be copying a game too)."""
    if sys.getrecursionlimit() < COPY_RECURSION:
        sys.setrecursionlimit(COPY_RECURSION)
    return copy.deepcopy(obj, memo)
