"""Running the app: uvicorn on a local address, the browser opened on the first page."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

from railbook.serve.hall import Hall


def serve(game: Path | None, host: str, port: int, games_dir: Path, open_browser: bool = True,
          bot_delay: float = 0.6) -> None:
    """Serve until interrupted (a game file given: that game is the default table and the API's)."""
    import uvicorn

    from railbook.serve.app import create_app

    hall = Hall(games_dir, bot_delay=bot_delay)
    first = "/lobby"
    if game is not None:
        table = hall.open_file(game, default=True)
        first = f"/game/{table.id}"
    app = create_app(hall)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    url = f"http://{shown}:{port}{first}"
    print(f"railbook serve: {url}  (games are saved in {games_dir}; Ctrl-C stops)", flush=True)
    if open_browser:
        threading.Timer(0.8, lambda: webbrowser.open(url)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
