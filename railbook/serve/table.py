"""One game at the table: its log, the game it describes, who sits where, and every change to it.

Every change goes through :class:`Table` under its lock, so two browsers acting at once are
served one after the other: the second is judged after the first (accepted in order, or
refused with the rule it then breaks; with ``at``, the number of actions it saw, refused as
stale if the game moved on). After each change the log is saved atomically where the table
has a file, and a file someone else changed (``railbook act`` on the same game) is read again
before the next change.

Seats: every player's seat is played at the table (hotseat, anyone may act for it) unless a
browser takes it (then only that browser acts for it) or a bot does (random, greedy). Bots
move after each human action until a human is to act; ``undo`` pauses them until someone
acts or resumes them, so an undone bot move is not simply made again.

A taken seat is its holder's: the holder proves it with the secret key the server gave it when it
took the seat (``client``), and only the holder (or the host, ``host=True``) acts for it, undoes
its moves, gives it to a bot or back, or leaves it. A held seat given to a bot stays held: nobody
else can take it while the bot plays it.
"""

from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from railbook.bots.selfplay import BOTS, controller
from railbook.engine.legal import ANY
from railbook.errors import ActionFormatError, EngineError, GameError, RailbookError
from railbook.play import apply, saves

if TYPE_CHECKING:
    from railbook.bots.base import Bot
    from railbook.engine.game import Game

#: at most this many bot moves in a row before a human is asked (a game of bots alone goes on by steps)
BOT_BURST = 400


class SeatError(GameError):
    """An action for a seat this browser does not hold (or that a bot plays)."""


class StaleView(GameError):
    """An action chosen on a view of the game that is no longer the game's."""


@dataclass
class Seat:
    kind: str = "human"                  # human, or a bot's name
    client: str | None = None            # the browser that took it (None: anyone at the table)
    name: str = ""


class Table:
    """A game being played: ``data`` is its log (the saved file's content), ``game`` the game."""

    def __init__(self, table_id: str, data: dict[str, Any], path: Path | None = None, bot_delay: float = 0.0):
        self.id = table_id
        self.path = path
        self.bot_delay = bot_delay
        self.lock = threading.RLock()
        self.version = 0                 # one more with every change: what live pages follow
        self.watchers = 0                # the pages following the table now (open event streams)
        self.paused = False
        self.notes: list[str] = []       # what the table itself says (a bot that could not move)
        self.data = data
        self.game: "Game"
        self.marks: list[int] = []       # how many log lines the game had when set up, then after each live action
        self._stamp: tuple[int, int, int] | None = None
        self._bots: dict[str, "Bot"] = {}
        self._bot_thread: threading.Thread | None = None
        self._load()
        self.seats = {str(p.id): Seat(name=p.name) for p in self.game.players}

    # ------------------------------------------------------------------ the log and the game
    def _load(self) -> None:
        self.game = self._reread(self.data)
        self._stamp = self._file_stamp()

    def _reread(self, data: dict[str, Any]) -> "Game":
        """The game ``data`` is the log of, with the log's length after each action kept in ``marks``."""
        marks: list[int] = []
        game = saves.game_of(data, source=str(self.path or self.id), after=lambda g, _: marks.append(len(g.log_lines)))
        self.marks = marks
        return game

    def _file_stamp(self) -> tuple[int, int, int] | None:
        """What tells the file as this table last wrote or read it: every save replaces the file, so a
        new inode means someone else saved the game (the time and size catch an editor's rewrite)."""
        if self.path is None:
            return None
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def refresh(self) -> None:
        """Read the game again if its file was changed by someone else."""
        with self.lock:
            if self.path is None or self._file_stamp() == self._stamp:
                return
            data = saves.read_log(str(self.path))
            kept = self.data
            self.data = data
            try:
                self._load()
            except BaseException:      # a file spoilt elsewhere: the table keeps the game it had
                self.data = kept
                self._load()
                raise
            self.version += 1

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """Hold the game to change it: this table's lock, and the game file's (as ``railbook act``
        takes it), with the file read again if someone else saved it meanwhile."""
        with self.lock:
            if self.path is None:
                yield
                return
            with saves.locked(self.path):
                self.refresh()
                yield

    @property
    def at(self) -> int:
        """How many live actions the game has had (what a view of it was made at)."""
        return len(self.game.history)

    # ------------------------------------------------------------------ acting
    def act(self, body: dict[str, Any], client: str | None = None) -> list[str]:
        """Take one action: ``{"index": N, "value": V}`` (the Nth legal action, as listed),
        ``{"best_routes": true}`` (the optimizer's routes), or an action as JSON (natural form);
        ``at`` says how many actions the sender saw. Returns what happened, in words."""
        if not isinstance(body, dict):
            raise ActionFormatError("send an action as a JSON object")
        with self._changing():
            self._check_at(body)
            action = self._chosen(body)
            self._check_seat(action, client)
            before = len(self.game.log_lines)
            self._apply(action)
            happened = self.game.log_lines[before:]
            self.paused = False
            self.version += 1
        self.kick_bots()
        return happened

    def _check_at(self, body: dict[str, Any]) -> None:
        at = body.get("at")
        if at is not None and at != self.at:
            raise StaleView(f"the game has moved on since your view of it (it has had {self.at} actions, you saw "
                            f"{at}): look again and choose again", "stale view")

    def _chosen(self, body: dict[str, Any]) -> dict[str, Any]:
        return apply.chosen(self.game, body)

    def _seat_of(self, action: dict[str, Any]) -> Seat | None:
        from railbook.engine.actions import resolve_entity

        player = controller(resolve_entity(self.game, action))
        return self.seats.get(str(player.id)) if player is not None and player.is_player() else None

    def _check_seat(self, action: dict[str, Any], client: str | None) -> None:
        """The action, and each auto action it carries, is for a seat the sender may play."""
        for d in [action, *(action.get("auto_actions") or [])]:
            seat = self._seat_of(d) if isinstance(d, dict) else None
            if seat is None:
                continue
            if seat.kind != "human":
                raise SeatError(f"{seat.name}'s seat is played by the {seat.kind} bot", "seat")
            if seat.client is not None and seat.client != client:
                raise SeatError(f"{seat.name}'s seat is taken by another browser", "seat")

    def _check_held(self, action: dict[str, Any], client: str | None, what: str) -> None:
        """A recorded move's seat is not held by another browser (bots included: a held seat's bot
        moves are its holder's)."""
        try:
            seat = self._seat_of(action)
        except GameError:      # an entity gone since (a closed corporation): its seat is not known
            seat = None
        if seat is not None and seat.client is not None and seat.client != client:
            raise SeatError(f"{seat.name}'s seat is held by another browser: only its holder (or the host) may "
                            f"{what}", "seat")

    def _apply(self, action: dict[str, Any]) -> None:
        try:
            apply.commit(self.data, self.game, action, self.path)
        except BaseException as exc:  # refused by the rules: the game is exactly as it was, nothing saved;
            if not isinstance(exc, GameError) or isinstance(exc, EngineError):
                self._load()          # else not saved: the table goes back to the game its file holds
            raise
        self._stamp = self._file_stamp()
        self.marks.append(len(self.game.log_lines))

    def undo(self, body: dict[str, Any] | None = None, client: str | None = None, host: bool = False) -> None:
        """Take back the last action, or every action after ``action_id`` ("undo to here"): each
        move taken back must be the sender's to take back (its seat not held by another browser),
        unless the host asks."""
        body = body or {}
        with self._changing():
            self._check_at(body)
            target = body.get("action_id")
            if isinstance(target, bool):
                raise ActionFormatError("action_id is the id of an action (a whole number)")
            if not host:       # every move taken back must be the sender's to take back
                ids = [a.get("id") for a in self.game.history]
                undone = self.game.history[ids.index(target) + 1:] if target in ids else self.game.history[-1:]
                for d in undone:
                    self._check_held(d, client, "undo its moves")
            try:
                self.game = apply.commit_undo(self.data, self.game, self.path, self._reread, target)
            except BaseException:     # not saved: the table goes back to the game its file holds
                self._load()
                raise
            self._stamp = self._file_stamp()
            self.paused = True
            self.version += 1

    # ------------------------------------------------------------------ seats and bots
    def seat(self, player: str, kind: str | None = None, client: str | None = None, take_it: bool | None = None,
             host: bool = False) -> None:
        """Give a player's seat to a bot or back to people (``kind``), or take or leave it
        (``take_it``; ``client`` is the key the server gave the taker). A held seat is changed only
        by its holder or the host; it stays held while a bot plays it."""
        with self.lock:
            seat = self.seats.get(str(player)[:40])
            if seat is None:
                raise ActionFormatError(f"no player {str(player)[:40]!r} sits at this table")
            if kind is not None and (not isinstance(kind, str) or (kind != "human" and kind not in BOTS)):
                raise ActionFormatError(f"no bot is called {str(kind)[:40]!r} (there are: {', '.join(BOTS)})")
            if take_it is not None and not isinstance(take_it, bool):
                raise ActionFormatError("take is true or false")
            held_by_other = seat.client is not None and seat.client != client and not host
            if kind is not None:
                if held_by_other:
                    raise SeatError(f"{seat.name}'s seat is held by another browser: only its holder (or the "
                                    "host) gives it to a bot or back", "seat")
                seat.kind = kind
            if take_it is not None:
                if take_it and seat.client not in (None, client):
                    raise SeatError(f"{seat.name}'s seat is taken by another browser", "seat")
                if take_it and client is None:
                    raise SeatError("taking a seat needs the key the server gives the taker", "seat")
                if not take_it and held_by_other:
                    raise SeatError(f"{seat.name}'s seat is another browser's to leave", "seat")
                seat.client = client if take_it else None
                if take_it:
                    seat.kind = "human"
            self.paused = False
            self.version += 1
        self.kick_bots()

    def resume_bots(self) -> None:
        with self.lock:
            self.paused = False
            self.version += 1
        self.kick_bots()

    def bot_to_move(self) -> "Bot | None":
        """The bot whose turn it is, if any."""
        game = self.game
        if game.finished or self.paused or game.current_entity is None:
            return None
        player = controller(game.current_entity)
        seat = self.seats.get(str(player.id)) if player is not None and player.is_player() else None
        if seat is None or seat.kind == "human":
            return None
        key = f"{player.id}:{seat.kind}"
        if key not in self._bots:
            index = next(i for i, p in enumerate(game.players) if p is player)
            self._bots[key] = BOTS[seat.kind](int(self.data.get("settings", {}).get("seed") or 0) * 1000 + index)
        return self._bots[key]

    def bot_waiting(self) -> bool:
        """Whether a bot would move now if the bots were not paused."""
        with self.lock:
            was, self.paused = self.paused, False
            try:
                return self.bot_to_move() is not None
            finally:
                self.paused = was

    def bot_step(self) -> bool:
        """One bot move, if a bot is to move (False: none is, or it could not)."""
        with self._changing():
            bot = self.bot_to_move()
            if bot is None:
                return False
            legal = [la for la in self.game.legal_actions() if ANY not in la.open]
            if not legal:
                self._stop_bots(f"{self.game.describe_entity(self.game.current_entity)} has nothing a bot can choose")
                return False
            try:
                self._apply(bot.choose(self.game, legal))
            except RailbookError as exc:
                self._stop_bots(f"the {bot.name} bot's move was refused: {exc}")
                return False
            self.version += 1
            return True

    def _stop_bots(self, why: str) -> None:
        self.notes.append(why)
        self.paused = True
        self.version += 1

    def kick_bots(self) -> None:
        """Let the bots move: at once (no delay), or one move every ``bot_delay`` seconds in the background."""
        if self.bot_delay <= 0:
            for _ in range(BOT_BURST):
                if not self.bot_step():
                    break
            return
        with self.lock:
            if self._bot_thread is not None and self._bot_thread.is_alive():
                return
            if self.bot_to_move() is None:
                return
            self._bot_thread = threading.Thread(target=self._bots_in_background, name=f"bots-{self.id}", daemon=True)
            self._bot_thread.start()

    def _bots_in_background(self) -> None:
        for _ in range(BOT_BURST):
            time.sleep(self.bot_delay)
            if not self.bot_step():
                return

    def wait_for_bots(self, timeout: float = 30.0) -> None:
        thread = self._bot_thread
        if thread is not None:
            thread.join(timeout)

    def seat_of(self, client: str | None) -> list[str]:
        return [pid for pid, s in self.seats.items() if client is not None and s.client == client]

    def may_act(self, player: Any, client: str | None) -> bool:
        """Whether this browser may act for the player's seat now."""
        seat = self.seats.get(str(player.id)) if player is not None and player.is_player() else None
        return seat is None or (seat.kind == "human" and seat.client in (None, client))
