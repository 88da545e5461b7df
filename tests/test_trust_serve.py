"""A seat at ``railbook serve`` is its player's, and no other page can play for them.

Issue 31's cases: another browser undid Ann's move; a seat given to a bot was free for anyone to
take; a ``text/plain`` POST from ``Origin: http://evil.example`` was accepted; a foreign ``Host``
was served (DNS rebinding); ``{"players": 10000000}`` built the names first; a 500 MB body was
read whole; ``seed: -5`` left a game the server could not open; imported replays were never let go.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Iterator

from tests.serve_support import act, client, start

from railbook.serve import hall as hall_module
from railbook.serve.hall import Hall


def take(c: Any, gid: str, player: str, key: str | None = None) -> str:
    r = c.post(f"/api/games/{gid}/seats", json={"player": player, "take": True},
               headers={"X-Railbook-Client": key} if key else {})
    assert r.status_code == 200, r.text
    return str(r.json()["key"])


def test_another_browser_cannot_undo_a_held_seats_move(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    ann = take(c, gid, "1")
    act(c, gid, {"index": 1}, **{"X-Railbook-Client": ann})
    r = c.post(f"/api/games/{gid}/undo", json={}, headers={"X-Railbook-Client": "stranger"})
    assert r.status_code == 403 and r.json()["rule"] == "seat"
    bo = take(c, gid, "2")
    assert c.post(f"/api/games/{gid}/undo", json={}, headers={"X-Railbook-Client": bo}).status_code == 403
    assert c.get(f"/api/games/{gid}/state").json()["action"] == 1
    assert c.post(f"/api/games/{gid}/undo", json={}, headers={"X-Railbook-Client": ann}).status_code == 200


def test_the_host_may_undo_any_move(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    c = client(tmp_path, hall)
    r = c.post("/api/games", json={"title": "1830", "players": ["Ann", "Bo", "Cy"], "seed": 7})
    gid, own_host = r.json()["id"], r.json()["host_key"]
    ann = take(c, gid, "1")
    act(c, gid, {"index": 1}, **{"X-Railbook-Client": ann})
    act(c, gid, {"index": 1})
    for key in (own_host, hall.host_key):
        assert c.post(f"/api/games/{gid}/undo", json={}, headers={"X-Railbook-Host": key}).status_code == 200
    assert c.get(f"/api/games/{gid}/state").json()["action"] == 0
    assert c.post(f"/api/games/{gid}/undo", json={}, headers={"X-Railbook-Host": "guess"}).status_code == 422


def test_a_held_seat_given_to_a_bot_stays_its_holders(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    ann = take(c, gid, "2")
    r = c.post(f"/api/games/{gid}/seats", json={"player": "2", "kind": "random"}, headers={"X-Railbook-Client": ann})
    assert r.status_code == 200 and r.json()["seats"]["2"]["taken"]
    stranger = c.post(f"/api/games/{gid}/seats", json={"player": "2", "take": True})
    assert stranger.status_code == 403
    back = c.post(f"/api/games/{gid}/seats", json={"player": "2", "kind": "human"})
    assert back.status_code == 403                       # nor given back to people by another
    assert c.post(f"/api/games/{gid}/seats", json={"player": "2", "kind": "human"},
                  headers={"X-Railbook-Client": ann}).status_code == 200


def test_a_claimed_key_holds_no_seat(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    ann = take(c, gid, "1", key="i-say-i-am-ann")
    assert ann != "i-say-i-am-ann"
    assert act(c, gid, {"index": 1}, status=403, **{"X-Railbook-Client": "i-say-i-am-ann"})["rule"] == "seat"


def test_auto_actions_for_another_seat_are_refused(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    bo = take(c, gid, "2")
    r = c.post(f"/api/games/{gid}/act", json={"action": {"type": "pass", "entity": 1, "entity_type": "player",
                                                         "auto_actions": [{"type": "pass", "entity": 2,
                                                                           "entity_type": "player"}]}})
    assert r.status_code == 403, r.text
    assert bo


def test_a_state_change_must_be_json_from_this_servers_pages(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    body = json.dumps({"index": 1}).encode()
    plain = c.post(f"/api/games/{gid}/act", content=body, headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415
    for origin in ("http://evil.example", "null", "http://localhost.evil.example"):
        r = c.post(f"/api/games/{gid}/act", content=body,
                   headers={"Content-Type": "application/json", "Origin": origin})
        assert r.status_code == 403 and r.json()["rule"] == "origin", origin
    cross = c.post(f"/api/games/{gid}/act", content=body,
                   headers={"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    for path, payload in (("undo", {}), ("seats", {"player": "1", "kind": "random"})):
        r = c.post(f"/api/games/{gid}/{path}", content=json.dumps(payload).encode(),
                   headers={"Content-Type": "text/plain", "Origin": "http://evil.example"})
        assert r.status_code in (403, 415)
    r = c.post("/api/games", content=b'{"title": "1830", "players": 3}', headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    assert c.get(f"/api/games/{gid}/state").json()["action"] == 0
    same = c.post(f"/api/games/{gid}/act", content=body,
                  headers={"Content-Type": "application/json", "Origin": "http://localhost"})
    assert same.status_code == 200


def test_a_foreign_host_is_not_served(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    for url in ("/lobby", f"/api/games/{gid}/state", "/static/common.js"):
        r = c.get(url, headers={"Host": "evil.example:8018"})
        assert r.status_code == 421 and r.json()["rule"] == "host"
    assert c.get(f"/api/games/{gid}/state", headers={"Host": "127.0.0.1:8018"}).status_code == 200


def test_no_other_site_may_read_an_answer(tmp_path: Path) -> None:
    c = client(tmp_path)
    r = c.get("/api/games", headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in {k.lower() for k in r.headers}
    assert r.headers["x-frame-options"] == "DENY"
    assert c.options("/api/games", headers={"Origin": "http://evil.example",
                                            "Access-Control-Request-Method": "POST"}).status_code == 405


def test_a_player_count_is_checked_before_any_name_is_made(tmp_path: Path) -> None:
    c = client(tmp_path)
    started = time.perf_counter()
    r = c.post("/api/games", json={"title": "1830", "players": 10_000_000})
    assert r.status_code == 400 and "10000000" in r.json()["error"]
    assert time.perf_counter() - started < 10


def test_a_lobby_seed_is_a_whole_number_a_game_can_take(tmp_path: Path) -> None:
    c = client(tmp_path)
    for seed in (-5, "abc", 2 ** 40, "9" * 5000, 1.5, True):
        r = c.post("/api/games", json={"title": "1830", "players": 3, "seed": seed})
        assert r.status_code == 400 and "seed" in r.json()["error"], seed
    assert not list(tmp_path.glob("*.json"))
    assert c.post("/api/games", json={"title": "1830", "players": 3, "seed": "12"}).status_code == 200


def test_a_huge_body_is_refused_while_it_streams(tmp_path: Path) -> None:
    """Served by uvicorn, a 500 MB body sent in pieces is answered (400) after its first megabytes."""
    import socket
    from urllib.parse import urlparse

    from tests.serve_support import live_server

    hall = Hall(tmp_path)
    c = client(tmp_path, hall)
    gid = start(c)
    with live_server(hall) as url:
        where = urlparse(url)
        sock = socket.create_connection((where.hostname, where.port), timeout=10)
        sock.sendall((f"POST /api/games/{gid}/act HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n").encode())
        piece = b" " * (1024 * 1024)
        sent, answer = 0, b""
        sock.setblocking(False)
        started = time.perf_counter()
        while sent < 500 and time.perf_counter() - started < 10:
            try:
                sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
                sent += 1
            except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                pass
            try:
                answer += sock.recv(65536)
            except BlockingIOError:
                continue
            if answer:
                break
        sock.close()
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert sent < 100                                   # answered long before 500 MB were sent
    declared = c.post(f"/api/games/{gid}/act", content=b"{}",
                      headers={"Content-Type": "application/json", "Content-Length": "524288000"})
    assert declared.status_code == 400


def test_imported_replays_are_kept_in_a_bounded_cache(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(hall_module, "MAX_REPLAYS", 2)
    fixture = Path(__file__).parent / "scenarios" / "1830_opening.json"
    hall = Hall(tmp_path)
    c = client(tmp_path, hall)
    opened = []
    for k in range(4):
        r = c.post("/api/import", json={"name": f"g{k}.json", "text": fixture.read_text()})
        assert r.status_code == 200, r.text
        opened.append(r.json()["id"])
    assert list(hall.replays) == opened[2:]
    assert c.get(f"/api/replays/{opened[0]}/at/3").status_code == 404
    assert c.get(f"/api/replays/{opened[3]}/at/3").status_code == 200
