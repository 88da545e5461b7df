"""Everything one ``railbook serve`` holds: the tables (games being played, each saved as a game
file), the recorded games opened to step through, and the folder new games are saved in."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

from railbook.bots.selfplay import BOTS
from railbook.errors import ActionFormatError, GameError, LogError, SaveError
from railbook.play import saves
from railbook.serve import replays
from railbook.serve.table import Table

#: the longest player name kept
MAX_NAME = 40


class NotFound(GameError):
    """A table or recorded game this server does not hold."""


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")[:60] or "game"


class Hall:
    def __init__(self, games_dir: Path, bot_delay: float = 0.0):
        self.games_dir = games_dir
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.replays: dict[str, replays.Replay] = {}
        self.default: str | None = None          # the table of the game file served on its own
        self.lock = threading.Lock()
        self.closing = threading.Event()         # set when the server stops: open event streams end

    # ------------------------------------------------------------------ tables
    def table(self, table_id: str | None) -> Table:
        if table_id is None:
            if self.default is None:
                raise NotFound("this server was started without a game file: name a game "
                               "(/api/games/ID/...; /api/games lists them)", "not found")
            table_id = self.default
        found = self.tables.get(table_id)
        if found is None:
            raise NotFound(f"no game {table_id!r} is open here (/api/games lists them)", "not found")
        return found

    def open_file(self, path: Path, default: bool = False) -> Table:
        """Open a saved game (it stays where it is and is saved there)."""
        path = path.resolve()
        with self.lock:
            for t in self.tables.values():
                if t.path == path:
                    return t
            data = saves.read_log(str(path))
            table = Table(self._new_id(slug(path.stem)), data, path, self.bot_delay)
            self.tables[table.id] = table
            if default:
                self.default = table.id
            return table

    def start(self, spec: dict[str, Any]) -> Table:
        """A new game from the lobby: ``title``, ``players`` (names), ``seed``, ``optional_rules``,
        ``bots`` (a bot's name per seat, by position), saved in the games folder."""
        from railbook.engine.title import Title
        from railbook.paths import known_titles

        if not isinstance(spec, dict):
            raise ActionFormatError("send the new game as a JSON object")
        title_id = spec.get("title")
        known = known_titles()   # titles/ and the folders the server was started with (--titles)
        if not isinstance(title_id, str) or title_id not in known:
            raise ActionFormatError(f"no title {title_id!r} (there are: {', '.join(sorted(known))})")
        options = spec.get("optional_rules") or []
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            raise ActionFormatError("optional_rules is a list of rule ids")
        title = Title.load(title_id, options)
        names = spec.get("players")
        if isinstance(names, int) and not isinstance(names, bool):
            names = [f"Player {i + 1}" for i in range(names)]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ActionFormatError("players is a list of names (or how many players)")
        names = [n.strip()[:MAX_NAME] or f"Player {i + 1}" for i, n in enumerate(names)]
        low, high = title.rules.players.min, title.rules.players.max
        if not low <= len(names) <= high:
            raise ActionFormatError(f"{title.rules.name} is for {low} to {high} players, not {len(names)}")
        if len(set(names)) != len(names):
            raise ActionFormatError("every player needs a name of their own")
        seed = spec.get("seed", int(time.time()) % 100000)
        if isinstance(seed, str) and seed.strip().isdigit():
            seed = int(seed)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ActionFormatError("the seed is a whole number")
        bots = spec.get("bots") or []
        if not isinstance(bots, list) or any(b not in ("human", None, "", *BOTS) for b in bots):
            raise ActionFormatError(f"bots is a list with a seat's bot ({', '.join(BOTS)}) or 'human' per seat")
        data = saves.new_log(title_id, names, seed, options)
        with self.lock:
            path = self._new_file(slug(f"{title_id}-{time.strftime('%Y%m%d-%H%M%S')}"), data)
            table = Table(self._new_id(slug(path.stem)), data, path, self.bot_delay)
            self.tables[table.id] = table
        for seat, kind in zip(table.seats.values(), bots):
            if kind and kind != "human":
                seat.kind = kind
        table.kick_bots()
        return table

    def saved_games(self) -> list[dict[str, Any]]:
        """The game files in the games folder, newest first."""
        if not self.games_dir.is_dir():
            return []
        files = sorted(self.games_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        return [{"file": p.name, "modified": time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))}
                for p in files]

    def open_saved(self, name: Any) -> Table:
        """A game file of the games folder, by its name."""
        if not isinstance(name, str) or "/" in name or "\\" in name or name.startswith("."):
            raise ActionFormatError("name a game file of the games folder")
        path = self.games_dir / name
        if not path.is_file():
            raise NotFound(f"no game file {name!r} in {self.games_dir}", "not found")
        return self.open_file(path)

    def _new_file(self, stem: str, data: dict[str, Any]) -> Path:
        """Save a new game in the games folder under a name no file has (never over another game,
        even one another program saves there at the same moment)."""
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot make the games folder {self.games_dir}: {exc.strerror or exc}") from None
        for k in range(1, 1000):
            path = self.games_dir / (f"{stem}.json" if k == 1 else f"{stem}-{k}.json")
            if path.exists():
                continue
            try:
                saves.write_atomically(path, data, overwrite=False)
            except SaveError:
                if path.exists():       # taken a moment ago: the next name
                    continue
                raise
            return path
        raise SaveError(f"{self.games_dir} holds a thousand games named {stem}: choose another folder")

    def _new_id(self, stem: str) -> str:
        if stem not in self.tables and stem not in self.replays:
            return stem
        k = 2
        while f"{stem}-{k}" in self.tables or f"{stem}-{k}" in self.replays:
            k += 1
        return f"{stem}-{k}"

    # ------------------------------------------------------------------ recorded games
    def import_game(self, name: Any, text: Any) -> replays.Replay:
        if not isinstance(name, str) or not isinstance(text, str):
            raise ActionFormatError("send a recorded game as {\"name\": FILE NAME, \"text\": ITS CONTENT}")
        with self.lock:
            replay_id = self._new_id(slug(Path(name).stem))
            self.replays[replay_id] = None  # type: ignore[assignment]  # the id is taken while it loads
        try:
            replay = replays.load(replay_id, name, text)
        except Exception:
            with self.lock:
                del self.replays[replay_id]
            raise
        with self.lock:
            self.replays[replay_id] = replay
        return replay

    def replay(self, replay_id: str) -> replays.Replay:
        found = self.replays.get(replay_id)
        if found is None:
            raise NotFound(f"no recorded game {replay_id!r} is open here", "not found")
        return found

    def continue_replay(self, replay_id: str, position: Any) -> Table:
        replay = self.replay(replay_id)
        if isinstance(position, bool) or not isinstance(position, int):
            raise ActionFormatError("position is a whole number")
        data = replay.continued(position)
        with self.lock:
            path = self._new_file(f"{slug(replay.name)}-from-{position}", data)
            try:
                table = Table(self._new_id(slug(path.stem)), data, path, self.bot_delay)
            except LogError:
                path.unlink(missing_ok=True)
                raise
            self.tables[table.id] = table
        return table
