"""Running the app: uvicorn on a local address, the browser opened on the first page."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path
from typing import Any

import uvicorn

from railbook.serve.hall import Hall


class Server(uvicorn.Server):
    """uvicorn's server that, asked to stop, first ends the pages' open event streams (they would
    otherwise hold its graceful shutdown until that times out)."""

    def __init__(self, hall: Hall, config: uvicorn.Config):
        super().__init__(config)
        self.hall = hall

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.hall.closing.set()
        super().handle_exit(sig, frame)


def make_server(hall: Hall, host: str, port: int) -> Server:
    from railbook.serve.app import create_app

    return Server(hall, uvicorn.Config(create_app(hall), host=host, port=port, log_level="warning",
                                       timeout_graceful_shutdown=2))


def serve(game: Path | None, host: str, port: int, games_dir: Path, open_browser: bool = True,
          bot_delay: float = 0.6) -> None:
    """Serve until interrupted (a game file given: that game is the default table and the API's)."""
    hall = Hall(games_dir, bot_delay=bot_delay)
    first = "/lobby"
    if game is not None:
        table = hall.open_file(game, default=True)
        first = f"/game/{table.id}"
    server = make_server(hall, host, port)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    url = f"http://{shown}:{port}{first}"
    print(f"railbook serve: {url}  (games are saved in {games_dir}; Ctrl-C stops)", flush=True)
    from railbook.paths import listed_title_folders

    if listed_title_folders():
        print(f"titles under design ({', '.join(str(f) for f in listed_title_folders())}): "
              f"{url.rstrip('/')}/design", flush=True)
    if open_browser:
        threading.Timer(0.8, lambda: webbrowser.open(url)).start()
    server.run()
