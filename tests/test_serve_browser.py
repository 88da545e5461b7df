"""``railbook serve`` in a real browser: Debian's chromium, headless, driven by Playwright's Python
package (the system browser; nothing is downloaded). A new player starts 1830 and 1894 from the
lobby and plays them by mouse alone to the first operating round; in 1830 on to laying a tile by
clicking the map, running the route optimizer's routes and undoing; every title opens and plays;
two browsers share a game live; a recorded game is stepped through. No page logs a console
error, and a screenshot of the table is kept (build/artifacts/serve_table.png).

Which button to press is chosen by the greedy bot, reading the same legal list the page shows;
every move is then made by clicking the page. Skips where no Chromium is installed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")
from serve_support import OPENING, ROOT, live_server  # noqa: E402

from railbook.bots.greedy import GreedyBot  # noqa: E402
from railbook.engine.legal import ANY  # noqa: E402
from railbook.paths import title_ids  # noqa: E402
from railbook.play.listing import numbered  # noqa: E402
from railbook.serve.hall import Hall  # noqa: E402
from railbook.serve.table import Table  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (make test installs it as root)")
ARTIFACTS = ROOT / "build" / "artifacts"
WAIT = 60_000  # ms: generous, a shared CI machine may be slow; a stuck page still fails


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        yield b
        b.close()


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[Hall, str]]:
    hall = Hall(tmp_path / "games")
    with live_server(hall) as url:
        yield hall, url


@pytest.fixture()
def seat(browser: Any, served: Any) -> Iterator[Callable[[], "Player"]]:
    """A new browser at the served table; every one is closed before the server stops."""
    made: list[Player] = []

    def make() -> Player:
        made.append(Player(browser, served[1]))
        return made[-1]
    yield make
    for p in made:
        p.close()


class Player:
    """One browser at the table: its page, and what its console said."""

    def __init__(self, browser: Any, url: str):
        self.context = browser.new_context(viewport={"width": 1500, "height": 1000})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url

    def at(self) -> int:
        return int(self.page.get_attribute("body", "data-at") or -1)

    def wait_at(self, n: int) -> None:
        self.page.wait_for_selector(f'body[data-at="{n}"]', state="attached", timeout=WAIT)

    def open_lobby_and_start(self, title: str, players: int) -> None:
        page = self.page
        page.goto(self.url + "/lobby")
        page.wait_for_selector(f'#title-select option[value="{title}"]', state="attached")
        page.select_option("#title-select", title)
        page.select_option("#player-count", str(players))
        page.click("#start-game")
        page.wait_for_selector("#board svg g.hex", timeout=WAIT)
        self.wait_at(0)

    def click_action(self, table: Table, action: dict[str, Any]) -> None:
        """Make one move by mouse: the listed action ``action`` is (a value of its range, where it has one)."""
        page = self.page
        before = self.at()
        index, la = next((i, la) for i, la in enumerate(numbered(table.game), 1)
                         if la.type == action["type"] and _same(la, action))
        entry = page.locator(f'form.ranged[data-index="{index}"]')
        if la.type == "lay_tile":
            hex_id = action["hex"]
            page.locator(f'#board g.hex.can-lay[data-hex="{hex_id}"]').click()
            page.locator(f'#hex-panel .tile-option[data-index="{index}"]').click()
            page.locator("#lay-tile").click()
        elif la.type == "place_token":
            city = table.game.city_by_id(action["city"])
            page.locator(f'#board g.hex[data-hex="{city.tile.hex.id}"] g.city.can-token[data-stop="{city.index}"]').first.click()
        elif la.type == "par":                    # one picker per corporation: choose the price, then par
            picker = page.locator(f'form.par-picker[data-corporation="{la.action["corporation"]}"]')
            picker.locator("select").select_option(str(index))
            picker.locator("button[type=submit]").click()
        elif la.type == "run_routes":
            page.locator("button.best-routes").click()
            page.locator("#confirm-routes").click()
        elif entry.count():
            key = next(iter(la.ranges))
            entry.locator("input[name=value]").fill(str(action.get(key, la.ranges[key].low)))
            entry.locator("button[type=submit]").click()
        else:
            page.locator(f'button.act[data-index="{index}"]').first.click()
        self.wait_at(before + 1)

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        out = ARTIFACTS / name
        self.page.screenshot(path=str(out), full_page=True)
        return out

    def close(self) -> None:
        self.context.close()


def _same(la: Any, action: dict[str, Any]) -> bool:
    if la.type == "run_routes":
        return True
    listed = dict(la.action)
    return all(listed.get(k) == v for k, v in action.items() if k not in la.ranges and k not in ("routes",))


def greedy_move(table: Table, bot: GreedyBot) -> dict[str, Any]:
    legal = [la for la in table.game.legal_actions() if ANY not in la.open]
    return bot.choose(table.game, legal)


def only_table(hall: Hall) -> Table:
    assert len(hall.tables) == 1
    return next(iter(hall.tables.values()))


def play_to_first_operating_round(player: Player, table: Table, bot: GreedyBot, limit: int = 150) -> int:
    clicks = 0
    while not table.game.round.operating():
        assert clicks < limit, "the first operating round never came"
        player.click_action(table, greedy_move(table, bot))
        clicks += 1
    return clicks


def test_a_new_player_plays_1830_by_mouse_lays_a_tile_runs_routes_and_undoes(seat: Any, served: Any) -> None:
    hall, url = served
    player = seat()
    player.open_lobby_and_start("1830", 3)
    table = only_table(hall)
    bot = GreedyBot(3)
    clicks = play_to_first_operating_round(player, table, bot)
    game = table.game
    assert all(c.owner is not None or c.closed for c in game.companies)  # the private auction is over
    assert any(c.ipoed for c in game.corporations)                       # a corporation was parred
    assert clicks >= 6 + 3
    laid = ran = False
    for _ in range(200):
        legal = [la for la in table.game.legal_actions() if ANY not in la.open]
        lays = [la for la in legal if la.type == "lay_tile"]
        if lays and not laid:
            chosen = dict(lays[0].action)
            player.click_action(table, chosen)
            assert table.game.hex_by_id(chosen["hex"]).tile is not table.game.hex_by_id(chosen["hex"]).original_tile
            laid = True
            continue
        if any(la.type == "run_routes" for la in table.game.legal_actions()):
            page = player.page
            page.locator("button.best-routes").click()
            page.wait_for_selector("#confirm-routes", timeout=WAIT)
            shown = page.locator("#route-panel li").all_inner_texts()
            assert shown
            if "no train" not in shown[0]:
                assert page.locator("#route-preview polyline").count() >= 1   # drawn before they are confirmed
            before = player.at()
            page.locator("#confirm-routes").click()
            player.wait_at(before + 1)
            ran = True
            break
        player.click_action(table, greedy_move(table, bot))
    assert laid and ran
    shot = player.screenshot("serve_table.png")
    assert shot.stat().st_size > 20_000
    before = player.at()
    player.page.locator("#undo").click()
    player.wait_at(before - 1)
    assert any(la.type == "run_routes" for la in table.game.legal_actions())
    assert json.loads(table.path.read_text())["actions"][-1]["type"] == "undo"
    assert not player.errors, player.errors


def test_a_new_player_plays_1894_by_mouse_to_the_first_operating_round(seat: Any, served: Any) -> None:
    hall, url = served
    player = seat()
    player.open_lobby_and_start("1894", 3)
    table = only_table(hall)
    play_to_first_operating_round(player, table, GreedyBot(5))
    assert table.game.round.operating()
    assert not player.errors, player.errors


def test_every_title_opens_and_plays_in_the_browser(seat: Any, served: Any) -> None:
    hall, url = served
    player = seat()
    for tid in title_ids():
        known = set(hall.tables)
        page = player.page
        page.goto(url + "/lobby")
        page.wait_for_selector(f'#title-select option[value="{tid}"]', state="attached")
        page.select_option("#title-select", tid)
        page.click("#start-game")
        page.wait_for_selector("#board svg g.hex", timeout=WAIT)
        player.wait_at(0)
        table = next(hall.tables[t] for t in hall.tables if t not in known)
        assert table.game.rules.name in page.title()
        player.click_action(table, greedy_move(table, GreedyBot(1)))
        assert table.at == 1
    assert not player.errors, player.errors


def test_two_browsers_share_a_game_and_see_each_others_moves_live(seat: Any, served: Any) -> None:
    hall, url = served
    table = hall.start({"title": "1830", "players": ["Ann", "Bo", "Cy"], "seed": 2})
    ann, bo = seat(), seat()
    for p in (ann, bo):
        p.page.goto(f"{url}/game/{table.id}")
        p.wait_at(0)
    bo.page.locator('button.seat-take[data-player="2"]').click()
    bo.page.wait_for_selector('button.seat-take[data-player="2"][data-take="false"]', timeout=WAIT)
    bot = GreedyBot(2)
    ann.click_action(table, greedy_move(table, bot))                      # Ann (anyone's seat) moves
    bo.wait_at(1)                                                          # Bo's page follows, unasked
    assert ann.page.locator("#actions .waiting").count() == 1              # Bo's seat is Bo's alone
    bo.click_action(table, greedy_move(table, bot))
    ann.wait_at(2)
    assert not ann.errors and not bo.errors, ann.errors + bo.errors


def test_a_recorded_game_is_stepped_through_with_the_slider_and_played_on(seat: Any, served: Any,
                                                                          tmp_path: Path) -> None:
    hall, url = served
    export = tmp_path / "opening.json"
    export.write_text(json.dumps(OPENING), encoding="utf-8")
    player = seat()
    page = player.page
    page.goto(url + "/lobby")
    page.set_input_files("#import-file", str(export))
    page.click("#import-game button[type=submit]")
    page.wait_for_selector("#position", timeout=WAIT)
    page.wait_for_selector('body[data-position="0"]', state="attached", timeout=WAIT)
    page.locator("#position").fill("36")
    page.wait_for_selector('body[data-position="36"]', state="attached", timeout=WAIT)
    assert page.locator("#board polyline").count() >= 1                  # NYC's route is on the map
    page.click("#step-back")
    page.wait_for_selector('body[data-position="35"]', state="attached", timeout=WAIT)
    page.click("#continue")
    page.wait_for_selector("#board svg g.hex", timeout=WAIT)
    player.wait_at(35)
    assert page.locator("button.best-routes").count() == 1
    assert not player.errors, player.errors


SCREENSHOTS = ROOT / "build" / "screenshots"


def _stops_in_order(connections: list[list[str]]) -> list[str]:
    """The hexes a route passes, in order, from its runs of track (each run from one stop to the next)."""
    runs = [list(c) for c in connections]
    if len(runs) > 1 and runs[0][0] in (runs[1][0], runs[1][-1]):
        runs[0].reverse()
    seq = list(runs[0])
    for run in runs[1:]:
        seq += run[1:] if run[0] == seq[-1] else list(reversed(run))[1:]
    return seq


def shoot(player: "Player", name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    out = SCREENSHOTS / name
    player.page.screenshot(path=str(out), full_page=False)
    return out


def test_a_player_plays_1830_into_the_second_operating_round_with_the_par_picker_a_built_route_and_a_dividend(
        seat: Any, served: Any) -> None:
    """From the lobby to the second operating round: the par picker starts a corporation, a route is
    built hex by hex with its revenue shown as it grows, and a dividend button says what it pays."""
    from railbook.play.routes import best_routes_action

    hall, url = served
    player = seat()
    page = player.page
    page.goto(url + "/lobby")
    page.wait_for_selector('#title-select option[value="1830"]', state="attached")
    assert page.input_value("#title-select") == "1830"                       # the lobby starts at 1830
    shoot(player, "lobby.png")
    page.select_option("#player-count", "3")
    page.click("#start-game")
    page.wait_for_selector("#board svg g.hex", timeout=WAIT)
    player.wait_at(0)
    table = only_table(hall)
    bot = GreedyBot(3)
    parred = built = paid = False
    operating_rounds: set[tuple[int, int]] = set()
    for _ in range(600):
        game = table.game
        if game.round.operating():
            operating_rounds.add((game.turn, game.round.round_num))
        if built and paid:
            break
        before = player.at()
        legal = [la for la in game.legal_actions() if ANY not in la.open]
        if any(la.type == "par" for la in legal) and not parred:
            picker = page.locator("form.par-picker").first
            assert page.locator("form.par-picker").count() <= 8             # one picker per corporation
            options = picker.locator("select option").count()
            assert options >= 2
            picker.locator("select").select_option(index=options - 1)
            shoot(player, "table.png")
            picker.locator("button[type=submit]").click()
            player.wait_at(before + 1)
            parred = True
            continue
        if any(la.type == "run_routes" for la in game.legal_actions()) and len(operating_rounds) >= 2 and not built:
            best = best_routes_action(game)
            if best["routes"]:
                page.locator("button.build-routes").click()
                page.wait_for_selector("#route-panel .builder-train", timeout=WAIT)
                route = best["routes"][0]
                page.locator(f'#route-panel button.builder-train[data-train="{route["train"]}"]').click()
                for hex_id in _stops_in_order(route["connections"]):
                    page.locator(f'#board g.hex[data-hex="{hex_id}"]').first.click()
                page.wait_for_function(
                    f"document.querySelector('#builder-total') && "
                    f"document.querySelector('#builder-total').textContent.endsWith(' {route['revenue']}')",
                    timeout=WAIT)
                shoot(player, "route-builder.png")
                page.locator("#run-built-routes").click()
                player.wait_at(before + 1)
                assert table.game.history[-1]["type"] == "run_routes"
                built = True
                continue
        if any(la.type == "dividend" for la in legal) and built and not paid:
            payout = page.locator('button.act.dividend').first
            words = payout.inner_text()
            assert "a share" in words and "price" in words                  # the amount and the price move
            shoot(player, "dividend.png")
            payout.click()
            player.wait_at(before + 1)
            paid = True
            continue
        player.click_action(table, greedy_move(table, bot))
    assert parred and built and paid
    assert len(operating_rounds) >= 2            # the route was built and paid in the second operating round
    page.click("#tab-market")
    page.wait_for_selector("#pane-market:not([hidden]) .market svg g.marker", timeout=WAIT)
    shoot(player, "market.png")
    page.click("#tab-spreadsheet")
    page.wait_for_selector("#pane-spreadsheet:not([hidden]) table.corps-sheet", timeout=WAIT)
    shoot(player, "spreadsheet.png")
    first, second = sorted(operating_rounds)[:2]
    sheet = page.inner_text("#pane-spreadsheet")
    assert f"OR {first[0]}.{first[1]}" in sheet and f"OR {second[0]}.{second[1]}" in sheet
    page.click("#tab-tiles")
    shoot(player, "tiles.png")
    page.click("#tab-table")
    assert not player.errors, player.errors


def test_the_table_is_played_by_keyboard_and_its_messages_keep_out_of_the_way(seat: Any, served: Any,
                                                                              tmp_path: Path) -> None:
    """Tab reaches a hex that may take a tile, Enter opens its tiles, and a tile is laid by keyboard
    alone; what happened is said in the corner, where it covers no table and catches no click."""
    from serve_support import opening_file

    hall, url = served
    table = hall.open_file(opening_file(tmp_path, 22))               # NYC is to lay a tile on E19
    player = seat()
    page = player.page
    page.goto(f"{url}/game/{table.id}")
    player.wait_at(22)
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.matches('g.hex.can-lay')"):
            break
    assert page.evaluate("document.activeElement.dataset.hex") == "E19"
    page.keyboard.press("Enter")
    page.wait_for_selector("#hex-panel .tile-option", timeout=WAIT)
    page.locator("#hex-panel .tile-option").first.focus()
    page.keyboard.press("Enter")                                   # a button: Enter chooses it
    page.locator("#lay-tile").focus()
    page.keyboard.press("Enter")
    player.wait_at(23)
    assert table.game.hex_by_id("E19").tile is not table.game.hex_by_id("E19").original_tile
    box = page.locator("#message")
    box.wait_for(state="visible", timeout=WAIT)
    style = page.evaluate("(() => { const s = getComputedStyle(document.getElementById('message'));"
                          " return [s.position, s.bottom, s.pointerEvents]; })()")
    assert style == ["fixed", "16px", "none"]
    assert not player.errors, player.errors
