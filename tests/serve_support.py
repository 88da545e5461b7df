"""Helpers for the tests of ``railbook serve``: an app over a games folder, played through its API
with the framework's test client, and a real server on a free loopback port for the browser tests."""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

for _module in ("starlette", "uvicorn"):
    pytest.importorskip(_module, reason="railbook serve's web stack is not installed (pip install 'railbook[serve]')")
try:
    import httpx2  # noqa: F401
except ImportError:
    pytest.importorskip("httpx", reason="starlette's test client needs httpx2 (pip install 'railbook[test]')")

from starlette.testclient import TestClient  # noqa: E402

from railbook.serve.app import create_app  # noqa: E402
from railbook.serve.hall import Hall  # noqa: E402
from railbook.serve.server import make_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OPENING = json.loads((Path(__file__).parent / "scenarios" / "1830_opening.json").read_text())


def client(games: Path, hall: Hall | None = None) -> TestClient:
    """A browser of the server's own pages: it names the server as localhost."""
    return TestClient(create_app(hall or Hall(games)), base_url="http://localhost")


def start(c: TestClient, title: str = "1830", players: Any = ("Ann", "Bo", "Cy"), **spec: Any) -> str:
    r = c.post("/api/games", json={"title": title, "players": list(players) if not isinstance(players, int)
                                   else players, "seed": 7, **spec})
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def legal(c: TestClient, gid: str) -> list[dict[str, Any]]:
    r = c.get(f"/api/games/{gid}/legal")
    assert r.status_code == 200, r.text
    return list(r.json()["actions"])


def act(c: TestClient, gid: str, body: dict[str, Any], status: int = 200, **headers: str) -> dict[str, Any]:
    r = c.post(f"/api/games/{gid}/act", json=body, headers=headers)
    assert r.status_code == status, r.text
    return dict(r.json())


def opening_file(folder: Path, actions: int) -> Path:
    """The 1830 opening scenario's first ``actions`` actions, saved as a game file."""
    data = {**OPENING, "actions": OPENING["actions"][:actions]}
    path = folder / f"opening-{actions}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(hall: Hall) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port for the length of the block."""
    port = free_port()
    server = make_server(hall, "127.0.0.1", port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        hall.closing.set()
        server.should_exit = True
        thread.join(10)
