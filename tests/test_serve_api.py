"""``railbook serve``'s JSON API, through the framework's test client: the state and the legal
actions of a game, actions by number, by value and in natural form, undo, seats and bots,
saves that the command line replays and continues, and bad requests refused with a 4xx and a
message, never a 500."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from serve_support import OPENING, ROOT, act, client, legal, opening_file, start

from railbook.cli.main import main
from railbook.engine.trace import digest
from railbook.paths import title_ids
from railbook.play.listing import numbered
from railbook.play.saves import load_saved
from railbook.serve.hall import Hall


def test_the_lobby_lists_every_title_with_its_players_and_optional_rules(tmp_path: Path) -> None:
    c = client(tmp_path)
    assert c.get("/lobby").status_code == 200
    titles = {t["id"]: t for t in c.get("/api/titles").json()["titles"]}
    assert sorted(titles) == sorted(title_ids())
    assert titles["1830"]["min"] == 2 and titles["1830"]["max"] == 6
    assert titles["1894"]["min"] == 3
    assert any(o["id"] == "optional_6_train" for o in titles["1830"]["optional_rules"])


def test_a_game_started_in_the_browser_is_a_log_the_command_line_replays_and_continues(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = client(tmp_path)
    gid = start(c)
    for _ in range(4):
        act(c, gid, {"index": 1})
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    assert [a["id"] for a in data["actions"]] == [1, 2, 3, 4]
    assert main(["replay", str(path)]) == 0
    assert main(["act", str(path), "1"]) == 0
    capsys.readouterr()
    state = c.get(f"/api/games/{gid}/state").json()        # the server reads the file the CLI changed
    assert state["action"] == 5
    _, game = load_saved(str(path))
    assert state == digest(game, 5)


def test_state_is_what_show_json_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = opening_file(tmp_path, 20)
    hall = Hall(tmp_path)
    hall.open_file(path, default=True)
    c = client(tmp_path, hall)
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    listed = shown.pop("legal")
    assert c.get("/api/state").json() == shown
    assert listed == [{k: e[k] for k in ("index", "type", "action") if k in e}
                      | {k: e[k] for k in ("ranges", "open") if e[k]} for e in c.get("/api/legal").json()["actions"]]


def test_legal_numbers_the_actions_as_show_does(tmp_path: Path) -> None:
    path = opening_file(tmp_path, 6)
    hall = Hall(tmp_path)
    table = hall.open_file(path, default=True)
    listed = client(tmp_path, hall).get("/api/legal").json()
    assert [e["index"] for e in listed["actions"]] == list(range(1, len(listed["actions"]) + 1))
    assert [e["action"] for e in listed["actions"]] == [dict(la.action) for la in numbered(table.game)]
    par = [e for e in listed["actions"] if e["type"] == "par"]
    assert par and all(e["action"]["corporation"] == "B&O" for e in par)   # the B&O's buyer pars it at once


def test_a_bid_takes_a_value_within_its_range(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    bid = next(e for e in legal(c, gid) if e["type"] == "bid" and e["action"]["company"] == "CS")
    assert bid["ranges"]["price"]["low"] == 45
    act(c, gid, {"index": bid["index"], "value": 60})
    state = c.get(f"/api/games/{gid}/state").json()
    assert state["players"]["1"]["cash"] == 800                       # a bid holds no cash in 1830
    refused = act(c, gid, {"index": bid["index"], "value": 10 ** 9}, status=400)
    assert "price must be from" in refused["error"]


def test_actions_in_natural_form_are_read_against_the_legal_list(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    act(c, gid, {"type": "bid", "entity": "Ann", "company": "SV", "price": 20})
    assert c.get(f"/api/games/{gid}/state").json()["players"]["1"]["companies"] == ["SV"]


def test_bad_requests_are_refused_with_a_message_and_a_4xx(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    before = c.get(f"/api/games/{gid}/state").json()
    cases = [
        (c.post(f"/api/games/{gid}/act", content=b"{not json", headers={"Content-Type": "application/json"}), 400, "not valid JSON"),
        (c.post(f"/api/games/{gid}/act", json=[1, 2]), 400, "JSON object"),
        (c.post(f"/api/games/{gid}/act", json={"index": 999}), 400, "not one"),
        (c.post(f"/api/games/{gid}/act", json={"index": "first"}), 400, "not one"),
        (c.post(f"/api/games/{gid}/act", json={"type": "pass", "entity": "Bo"}), 422, "turn"),
        (c.post(f"/api/games/{gid}/act", json={"type": "fly"}), 400, ""),
        (c.post(f"/api/games/{gid}/act", json={"index": 1, "at": 5}), 409, "moved on"),
        (c.post(f"/api/games/{gid}/undo", json={}), 422, "nothing to undo"),
        (c.post(f"/api/games/{gid}/undo", json={"action_id": "x"}), 422, "nothing to undo"),
        (c.post("/api/games/nope/act", json={"index": 1}), 404, "no game"),
        (c.get("/api/state"), 404, "without a game file"),
        (c.get(f"/api/games/{gid}/act"), 405, "POST"),
        (c.post(f"/api/games/{gid}/seats", json={"player": "9", "kind": "human"}), 400, "no player"),
        (c.post(f"/api/games/{gid}/seats", json={"player": "1", "kind": "genius"}), 400, "no bot"),
        (c.get(f"/api/games/{gid}/routes"), 400, "run trains"),
        (c.post("/api/games", json={"title": "nowhere", "players": 3}), 400, "no title"),
        (c.post("/api/games", json={"title": "1830", "players": 9}), 400, "2 to 6 players"),
        (c.post("/api/games", json={"title": "1830", "players": ["A", "A"]}), 400, "name of their own"),
        (c.post("/api/games", json={"title": "1830", "players": 3, "optional_rules": ["none"]}), 422, "optional rule"),
        (c.post("/api/import", json={"name": "x.json", "text": "{\"title\": 5"}), 400, "not valid JSON"),
        (c.post("/api/import", json={"name": "x.report", "text": "nothing like a report"}), 400, ""),
        (c.post("/api/saved/open", json={"file": "../../etc/passwd"}), 400, "games folder"),
        (c.get("/api/replays/nope/at/3"), 404, "no recorded game"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, (response.request.url, response.text)
        body = response.json()
        assert words in body["error"] and body["kind"], body
    assert c.get(f"/api/games/{gid}/state").json() == before       # nothing changed the game


def test_an_illegal_action_names_the_rule_and_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    path = next(tmp_path.glob("*.json"))
    saved = path.read_bytes()
    refused = act(c, gid, {"type": "bid", "entity": "Ann", "company": "SV", "price": 5}, status=422)
    assert refused["rule"] and refused["kind"]
    assert path.read_bytes() == saved


def test_undo_takes_back_the_last_action_and_undo_to_here_every_later_one(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    for _ in range(5):
        act(c, gid, {"index": 1})
    assert c.post(f"/api/games/{gid}/undo", json={}).json()["at"] == 4
    ids = [a["id"] for a in json.loads(next(tmp_path.glob("*.json")).read_text())["actions"]]
    assert c.post(f"/api/games/{gid}/undo", json={"action_id": ids[1]}).json()["at"] == 2
    path = next(tmp_path.glob("*.json"))
    _, game = load_saved(str(path))
    assert len(game.history) == 2
    assert main(["replay", str(path)]) == 0


def test_two_browsers_acting_at_once_lose_nothing(tmp_path: Path) -> None:
    """Both act on the view they saw: one is taken, the other refused as stale (never both, never lost)."""
    c = client(tmp_path)
    gid = start(c)
    results: list[int] = []
    barrier = threading.Barrier(2)

    def click(who: str) -> None:
        barrier.wait()
        results.append(c.post(f"/api/games/{gid}/act", json={"index": 1, "at": 0},
                              headers={"X-Railbook-Client": who}).status_code)

    threads = [threading.Thread(target=click, args=(w,)) for w in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]
    # without "at", both are judged in turn: each a move of its own player
    barrier = threading.Barrier(2)
    done: list[int] = []

    def send(entity: str) -> None:
        barrier.wait()
        done.append(c.post(f"/api/games/{gid}/act", json={"type": "pass", "entity": entity}).status_code)

    threads = [threading.Thread(target=send, args=(e,)) for e in ("Bo", "Cy")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    data = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert len(data["actions"]) == 1 + done.count(200)
    assert sorted(done) in ([200, 200], [200, 422])
    _, game = load_saved(str(next(tmp_path.glob("*.json"))))
    assert len(game.history) == len(data["actions"])


def test_a_seat_taken_by_a_browser_is_played_only_from_it(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    taken = c.post(f"/api/games/{gid}/seats", json={"player": "1", "take": True},
                   headers={"X-Railbook-Client": "ann"})
    assert taken.status_code == 200
    ann = taken.json()["key"]                                          # the server's key, not the one claimed
    assert ann != "ann"
    refused = act(c, gid, {"index": 1}, status=403, **{"X-Railbook-Client": "bo"})
    assert refused["rule"] == "seat"
    assert act(c, gid, {"index": 1}, status=403, **{"X-Railbook-Client": "ann"})["rule"] == "seat"
    act(c, gid, {"index": 1}, **{"X-Railbook-Client": ann})
    act(c, gid, {"index": 1}, **{"X-Railbook-Client": "bo"})          # Bo's seat is still anyone's
    assert c.post(f"/api/games/{gid}/seats", json={"player": "1", "take": False},
                  headers={"X-Railbook-Client": "bo"}).status_code == 403


def test_bots_take_their_seats_until_a_person_is_to_act(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c, bots=["human", "greedy", "random"])
    state = c.get(f"/api/games/{gid}/state").json()
    assert state["action"] == 0                                       # Ann bids first
    act(c, gid, {"index": 1})
    listed = c.get(f"/api/games/{gid}/legal").json()
    assert listed["entity"] == "Ann" or listed["finished"]           # the bots moved, and wait for Ann
    assert c.get(f"/api/games/{gid}/state").json()["action"] >= 3
    refused = c.post(f"/api/games/{gid}/seats", json={"player": "2", "kind": "human"})
    assert refused.status_code == 200


def test_a_game_of_bots_alone_moves_on_by_bursts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("railbook.serve.table.BOT_BURST", 40)
    c = client(tmp_path)
    gid = start(c, bots=["greedy", "greedy", "greedy"])
    assert c.get(f"/api/games/{gid}/state").json()["action"] == 40
    c.post(f"/api/games/{gid}/bots", json={})
    assert c.get(f"/api/games/{gid}/state").json()["action"] == 80


def test_best_routes_are_shown_before_they_are_run(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_file(opening_file(tmp_path, 35), default=True)
    c = client(tmp_path, hall)
    shown = c.get("/api/routes").json()
    assert shown["action"]["type"] == "run_routes" and shown["action"]["entity"] == "NYC"
    assert shown["total"] == sum(r["revenue"] for r in shown["routes"]) > 0
    assert "<polyline" in shown["svg"]
    assert c.get("/api/state").json()["action"] == 35                # nothing ran yet
    ran = c.post("/api/act", json={"action": shown["action"], "at": shown["at"]}).json()
    assert ran["ok"] and c.get("/api/state").json()["action"] == 36
    assert "<polyline" in c.get("/api/view").json()["html"]           # the route stays drawn on the map
    c.post("/api/undo", json={})
    assert c.post("/api/act", json={"best_routes": True}).status_code == 200


def test_a_hex_lists_the_tiles_and_rotations_it_may_take_with_previews(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    table = hall.open_file(opening_file(tmp_path, 22), default=True)
    c = client(tmp_path, hall)
    view = c.get("/api/view").json()
    assert "E19" in view["lay_hexes"]
    options = c.get("/api/hex/E19").json()
    assert options["lays"] and all("<g class=\"hex\"" in o["preview"] and "<svg" in o["picture"]
                                   for o in options["lays"])
    lay = next(o for o in options["lays"] if o["tile"] == "57" and o["rotation"] == 2)
    c.post("/api/act", json={"index": lay["index"]})
    assert table.game.hex_by_id("E19").tile.name == "57"


def test_every_title_opens_and_plays_its_first_actions(tmp_path: Path) -> None:
    c = client(tmp_path)
    for tid in title_ids():
        titles = {t["id"]: t for t in c.get("/api/titles").json()["titles"]}
        gid = start(c, tid, players=min(max(3, titles[tid]["min"]), titles[tid]["max"]))
        assert c.get(f"/game/{gid}").status_code == 200
        for _ in range(3):
            view = c.get(f"/api/games/{gid}/view").json()
            assert "<svg" in view["html"] and view["legal"], tid
            first = next((e for e in view["legal"] if not e["free_form"]), None)
            assert first is not None, (tid, view["legal"])
            act(c, gid, {"index": first["index"]})


def test_a_recorded_game_is_stepped_through_and_continued(tmp_path: Path) -> None:
    c = client(tmp_path)
    opened = c.post("/api/import", json={"name": "opening.json", "text": json.dumps(OPENING)}).json()
    assert opened["positions"] == len(OPENING["actions"]) and opened["problem"] is None
    rid = opened["id"]
    assert c.get(f"/replay/{rid}").status_code == 200
    at_9 = c.get(f"/api/replays/{rid}/at/9").json()
    assert at_9["position"] == 9 and at_9["state"]["corporations"]["PRR"]["price"] == 67
    assert c.get(f"/api/replays/{rid}/at/99999").json()["position"] == len(OPENING["actions"])
    back = c.get(f"/api/replays/{rid}/at/3").json()
    assert back["state"]["corporations"] == {}
    table = c.post(f"/api/replays/{rid}/continue", json={"position": 22}).json()
    state = c.get(f"/api/games/{table['id']}/state").json()
    assert state["action"] == 22


def test_a_rails_report_is_stepped_through(tmp_path: Path, fixtures: Path) -> None:
    reports = sorted((fixtures.parent / "rails").rglob("*.report")) if (fixtures.parent / "rails").is_dir() else []
    if not reports:
        pytest.skip("no Rails reports beside the fixtures")
    c = client(tmp_path)
    opened = c.post("/api/import", json={"name": reports[0].name, "text": reports[0].read_text(encoding="utf-8")})
    assert opened.status_code == 200, opened.text
    body = opened.json()
    assert body["positions"] > 10
    middle = c.get(f"/api/replays/{body['id']}/at/{body['positions'] // 2}").json()
    assert middle["state"]["players"]
    refused = c.post(f"/api/replays/{body['id']}/continue", json={"position": 3})
    assert refused.status_code == 400 and "cannot be continued" in refused.json()["error"]


def test_every_watching_page_is_told_of_each_change_whoever_makes_it(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    hall = Hall(tmp_path)
    c = client(tmp_path, hall)
    gid = start(c)
    table = hall.table(gid)
    bodies: list[str] = []

    def watch() -> None:
        bodies.append(c.get(f"/api/games/{gid}/events").text)

    pages = [threading.Thread(target=watch) for _ in range(2)]
    for page in pages:
        page.start()
    deadline = time.monotonic() + 30
    while table.watchers < 2:
        assert time.monotonic() < deadline, "the event streams did not open"
        time.sleep(0.02)
    act(c, gid, {"index": 1})                                          # a browser's move
    assert main(["act", str(table.path), "1"]) == 0                     # and one from the command line
    capsys.readouterr()
    hall.closing.set()                                                  # the server stops: the streams end
    for page in pages:
        page.join(30)
    assert len(bodies) == 2
    for body in bodies:
        told = [json.loads(line[len("data: "):]) for line in body.splitlines() if line.startswith("data: ")]
        assert told[0] == {"version": 0, "at": 0}
        assert told[-1] == {"version": table.version, "at": 2}
        assert [t["version"] for t in told] == sorted({t["version"] for t in told})
    assert table.watchers == 0


def test_everything_a_page_loads_ships_in_the_package(tmp_path: Path) -> None:
    """No CDN: the pages load only the package's own files, and the wheel carries every one."""
    import re
    import tomllib
    from fnmatch import fnmatch

    serve = ROOT / "railbook" / "serve"
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["railbook"]
    files = [p for folder in ("static", "templates") for p in (serve / folder).iterdir() if p.is_file()]
    for path in files:
        name = path.relative_to(ROOT / "railbook").as_posix()
        assert any(fnmatch(name, pattern) for pattern in shipped), f"{name} is not in the package data"
        text = path.read_text(encoding="utf-8")
        assert not re.findall(r"(?:https?:)?//(?!www\.w3\.org/)[a-z0-9.-]+\.[a-z]{2,}/", text), path
    c = client(tmp_path)
    pages = c.get("/lobby").text + c.get("/game/none").text
    for ref in re.findall(r'(?:src|href)="([^"]+)"', pages):
        assert ref.startswith("/"), ref
        assert c.get(ref).status_code == 200, ref


def test_a_move_that_cannot_be_saved_is_not_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = client(tmp_path)
    gid = start(c)
    act(c, gid, {"index": 1})
    path = next(tmp_path.glob("*.json"))
    saved = path.read_bytes()
    before = c.get(f"/api/games/{gid}/state").json()

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("railbook.serve.table.saves.write_atomically", full_disk)
    for request in ({"index": 1}, None):
        r = (c.post(f"/api/games/{gid}/act", json=request) if request is not None
             else c.post(f"/api/games/{gid}/undo", json={}))
        assert r.status_code >= 400
        assert c.get(f"/api/games/{gid}/state").json() == before
    assert path.read_bytes() == saved


def test_the_browser_and_railbook_act_at_once_lose_nothing(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The table takes the game file's lock as ``railbook act`` does: both saved in order, or one
    refused under the rule it then breaks; every success is in the file, and the table sees it."""
    hall = Hall(tmp_path)
    c = client(tmp_path, hall)
    for _ in range(4):
        gid = start(c)
        table = hall.table(gid)
        barrier = threading.Barrier(2)
        codes: dict[str, int] = {}

        def browser() -> None:
            barrier.wait()
            codes["browser"] = c.post(f"/api/games/{gid}/act", json={"type": "pass", "entity": "Ann"}).status_code

        def command_line() -> None:
            barrier.wait()
            codes["cli"] = main(["act", str(table.path), '{"type": "pass", "entity": "Bo"}'])

        both = [threading.Thread(target=browser), threading.Thread(target=command_line)]
        for t in both:
            t.start()
        for t in both:
            t.join()
        capsys.readouterr()
        saved = json.loads(table.path.read_text())["actions"]
        succeeded = (codes["browser"] == 200) + (codes["cli"] == 0)
        assert len(saved) == succeeded >= 1, (codes, saved)
        assert [a["id"] for a in saved] == list(range(1, len(saved) + 1))
        state = c.get(f"/api/games/{gid}/state").json()
        assert state == digest(load_saved(str(table.path))[1], saved[-1]["id"])


def test_a_game_held_too_long_by_another_program_is_not_saved_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from railbook.play import saves

    c = client(tmp_path)
    gid = start(c)
    path = next(tmp_path.glob("*.json"))
    before = path.read_bytes()
    monkeypatch.setattr(saves, "LOCK_WAIT", 0.2)
    with saves.locked(path):
        refused = act(c, gid, {"index": 1}, status=503)
    assert "another railbook process" in refused["error"] and "nothing was saved" in refused["error"]
    assert path.read_bytes() == before
    act(c, gid, {"index": 1})


HOSTILE = [None, 1, "x", [], {}, {"index": True}, {"index": 1.5}, {"index": -1}, {"index": 1, "value": "abc"},
           {"index": 1, "value": [1]}, {"action": 5}, {"action": None}, {"type": "lay_tile", "hex": 5},
           {"type": "lay_tile", "hex": "E19", "tile": None, "rotation": "x"}, {"type": "run_routes", "routes": "x"},
           {"type": "run_routes", "routes": [{"train": "2-0", "hexes": 7}]}, {"type": "place_token", "city": {"a": 1}},
           {"type": "buy_train", "train": []}, {"type": "bid", "entity": [], "company": {}, "price": "5"},
           {"type": 5}, {"type": "pass", "id": 7}, {"best_routes": "yes"}, {"at": "x", "index": 1},
           {"action_id": [1]}, {"action_id": 10 ** 30}, {"player": [1]}, {"player": "1", "kind": 5},
           {"title": 5}, {"title": "1830", "players": [1, 2]}, {"title": "1830", "players": 3, "seed": 10 ** 40},
           {"title": "1830", "players": 3, "bots": "greedy"}, {"name": 5, "text": 5}, {"name": "a.json", "text": "[]"},
           {"name": "a.json", "text": json.dumps({"title": "1830", "players": 5})},
           {"name": "a.json", "text": "[" * 5000 + "]" * 5000}, {"file": 5}, {"position": 10 ** 30}]


def test_no_hostile_request_gets_a_500_or_changes_the_game(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_file(opening_file(tmp_path, 35), default=True)
    c = client(tmp_path, hall)
    before = c.get("/api/state").json()
    fresh = start(c)                                     # undo has nothing to take back here
    for path in ("/api/act", f"/api/games/{fresh}/undo", "/api/seats", "/api/games", "/api/import",
                 "/api/saved/open", f"/api/replays/{fresh}/continue"):
        for body in HOSTILE:
            r = c.post(path, content=b"" if body is None else json.dumps(body).encode())
            if path in ("/api/games", "/api/seats") and r.status_code == 200:
                continue                                 # {} is not hostile to the lobby
            assert 400 <= r.status_code < 500, (path, body, r.text)
            assert r.json()["error"], (path, body)
    assert c.post("/api/act", content=b'{"index": ' + b"9" * 5000 + b"}",
                  headers={"Content-Type": "application/json"}).status_code == 400
    for url in ("/api/hex/ZZ99", "/api/replays/x/at/-5", "/api/games/%2e%2e/state", "/static/../app.py"):
        assert c.get(url).status_code in (400, 404), url
    assert c.get("/api/state").json() == before


# ---------------------------------------------------------------- the table a player would choose

def _reference_file(folder: Path, name: str, upto: int) -> Path:
    import gzip

    data = json.loads(gzip.open(ROOT / "tests" / "fixtures" / "reference_games" / f"{name}.json.gz").read())
    data["actions"] = data["actions"][:upto]
    data.pop("result", None)
    path = folder / f"{name}-{upto}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _view(tmp_path: Path, path: Path) -> tuple[Any, dict[str, Any]]:
    hall = Hall(tmp_path)
    hall.open_file(path, default=True)
    c = client(tmp_path, hall)
    return c, c.get("/api/view").json()


def test_par_is_one_picker_per_corporation_not_a_button_per_price(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    for _ in range(12):                                   # the auction, until a par is legal
        listed = legal(c, gid)
        if any(e["type"] == "par" for e in listed):
            break
        act(c, gid, {"index": next(e["index"] for e in listed if e["type"] == "bid" and not e["free_form"])})
    view = c.get(f"/api/games/{gid}/view").json()
    pars = [e for e in view["legal"] if e["type"] == "par"]
    corporations = {e["action"]["corporation"] for e in pars}
    html = view["html"]
    assert html.count('<form class="par-picker"') == len(corporations) >= 1
    assert html.count("<option value=") >= len(pars)         # every price is a choice of its picker
    assert 'data-type="par"' not in html.replace('class="group" data-type="par"', "")


def test_dividend_buttons_say_the_amount_a_share_what_the_corporation_keeps_and_the_price_move(tmp_path: Path) -> None:
    _, view = _view(tmp_path, opening_file(tmp_path, 36))
    labels = [e["label"] for e in view["legal"] if e["type"] == "dividend"]
    assert labels == ["Pay out: $3 a share · NYC keeps $0 · price $65 ↑ $67",
                      "Withhold: nothing a share · NYC keeps $30 · price $65 ↓ $58"]
    assert 'class="act dividend"' in view["html"]


def test_routes_built_by_hand_are_scored_as_they_grow_and_run_as_built(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    table = hall.open_file(opening_file(tmp_path, 35), default=True)
    c = client(tmp_path, hall)
    best = c.get("/api/routes").json()["routes"][0]
    hexes = [h for run in best["connections"] for h in run]
    hexes = [h for k, h in enumerate(hexes) if k == 0 or h != hexes[k - 1]]
    partial = c.post("/api/routes", json={"routes": [{"train": best["train"], "hexes": hexes[:1]}]}).json()
    assert partial["action"] is None and "click the hexes" in partial["routes"][0]["problem"]
    whole = c.post("/api/routes", json={"routes": [{"train": best["train"], "hexes": hexes}]}).json()
    assert whole["total"] == best["revenue"] and whole["routes"][0]["revenue"] == best["revenue"]
    assert "<polyline" in whole["svg"] and table.at == 35             # nothing ran yet
    ran = c.post("/api/act", json={"action": whole["action"], "at": whole["at"]}).json()
    assert ran["ok"] and table.game.history[-1]["routes"][0]["revenue"] == best["revenue"]
    refused = c.post("/api/routes", json={"routes": [{"train": "9-9", "hexes": ["A1"]}]})
    assert refused.status_code == 400


def test_each_tile_shows_what_laying_it_costs(tmp_path: Path) -> None:
    c, view = _view(tmp_path, _reference_file(tmp_path, "1830_all_phases_to_bank_break", 84))
    assert "I17" in view["lay_hexes"]
    lays = c.get("/api/hex/I17").json()["lays"]
    assert lays and all(o["cost"] == 80 and o["cost_label"] == "$80" for o in lays)


def test_a_bots_turn_is_shown_as_it_happens_never_as_buttons(tmp_path: Path) -> None:
    hall = Hall(tmp_path, bot_delay=30.0)                  # the bot thinks slowly: its turn is seen
    table = hall.start({"title": "1830", "players": ["Ann", "Bo", "Cy"], "bots": ["greedy", "human", "human"]})
    c = client(tmp_path, hall)
    view = c.get(f"/api/games/{table.id}/view").json()
    assert view["legal"] == [] and 'id="bot-turn"' in view["html"]
    assert "Ann (greedy bot) is choosing a move for Ann" in view["html"]
    assert '<button type="button" class="act' not in view["html"] and "par-picker" not in view["html"]


def test_tooltips_keep_inside_their_attribute(tmp_path: Path) -> None:
    _, view = _view(tmp_path, opening_file(tmp_path, 36))
    assert 'title="{"' not in view["html"]
    assert 'title="{&#34;entity&#34;: &#34;NYC&#34;' in view["html"]          # the action's JSON, escaped


def test_the_depot_names_a_train_by_its_name_and_counts_the_rest_apart(tmp_path: Path) -> None:
    _, view = _view(tmp_path, opening_file(tmp_path, 36))
    html = view["html"]
    assert '<span class="train">D</span>' in html and "1×D" not in html
    assert '<span class="train">3</span>' in html and "×5" in html


def test_market_tokens_carry_the_symbol_and_cards_read_on_their_colour(tmp_path: Path) -> None:
    from railbook.serve.board import ink_on

    _, view = _view(tmp_path, opening_file(tmp_path, 36))
    html = view["html"]
    assert 'class="marker" data-corporation="NYC"' in html and ">NYC</text>" in html
    assert ink_on("#d88e39") == "#000"                         # NYNH: black on tan, never tan on tan
    assert ink_on("#d88e39", "#d88e39") == "#000" and ink_on("#0a0a70", None) == "#fff"
    for tab in ("entities", "market", "spreadsheet", "tiles", "log"):
        assert f'id="pane-{tab}"' in html
    assert "<th class=\"num\">OR 1.1</th>" in html             # the spreadsheet's income per operating round


def test_a_private_on_offer_at_its_face_value_is_bought_not_only_bid_for(tmp_path: Path) -> None:
    c = client(tmp_path)
    gid = start(c)
    html = c.get(f"/api/games/{gid}/view").json()["html"]
    assert "Schuylkill Valley (SV): buy or bid from $20" in html and ">buy / bid</button>" in html


def test_routes_built_by_hand_are_read_within_bounds(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_file(opening_file(tmp_path, 35), default=True)
    c = client(tmp_path, hall)
    train = c.get("/api/routes").json()["routes"][0]["train"]
    twice = c.post("/api/routes", json={"routes": [{"train": train, "hexes": ["E19"]}] * 2})
    assert twice.status_code == 400 and "two routes" in twice.json()["error"]
    long = c.post("/api/routes", json={"routes": [{"train": train, "hexes": ["E19"] * 31}]})
    assert long.status_code == 400 and "at most 30 hexes" in long.json()["error"]
    assert c.post("/api/routes", json=[]).status_code == 400
