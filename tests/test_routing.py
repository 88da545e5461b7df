"""The route optimizer finds the best routes there are, and the engine runs them as they are.

* On positions of real games small enough to try every set of routes (brute force,
  ``routing_support.py``, scored by the engine's route rules alone), the optimizer's total is
  the brute force's: trains of every distance kind (stops, unlimited, 5+1 and E rows, H-trains),
  several trains sharing no track, the 1894 hooks (Luxembourg, London, Netherlands, Paris).
* Before a sample of every recorded run_routes, its best is at least what the players ran,
  and the engine rebuilds its routes for exactly that revenue; at one position per game the
  action is really processed. ``railbook routes --check`` checks every position.
* The bound on hook bonuses, read from a hook's code, is never below what the hook adds.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, fixtures_dir
from play_support import OPENING, OPENING_PLAYERS, opening_at
from routing_support import TooBig, best_by_brute_force, run_routes_positions

from railbook.cli.main import main
from railbook.engine.entities.phase import Phase
from railbook.engine.game import Game
from railbook.engine.routing import auto_routes_action, best_routes, engine_revenues
from railbook.engine.routing.hookbound import Interval, RouteFacts, hook_bound
from railbook.engine.routing.reach import Reach
from railbook.engine.routing.search import solve
from railbook.engine.rules.routes import Route
from railbook.engine.title import Title
from railbook.errors import RouteError
from railbook.importers.route_check import check_log

RAILS = fixtures_dir().parent / "rails" if fixtures_dir().name == "fixtures" else fixtures_dir() / "rails"
LOGS = sorted(p for t in ("1830", "1894", "1893") for p in (fixtures_dir() / t).glob("*.json")
              if not p.name.endswith(".trace.jsonl")) if fixtures_dir().is_dir() else []
REPORTS = sorted((RAILS / "1826").glob("*.report")) if (RAILS / "1826").is_dir() else []

#: positions (run_routes action ids) tried against brute force, per game
BRUTE_FORCE = {
    "26855": [296, 413, 584], "29133": [110, 426], "1830_game_end_bank": [145, 456],
    "1894_game_end_bankrupt": [288, 707, 918, 948], "1894_game_end_final_phase": [869, 884],
    "1894_game_end_stock_market": [417, 597, 769], "green_city_upgrades": [654, 1139],
    "1893_game_end_bank": [223, 273],
    "1826J42": [205, 484, 489, 554], "1826S43": [299, 542, 635],
}
#: revenues the public Rails reports state above the best routes of the engine's board and
#: rules (Rails records the amount the players entered, taken on trust; no routes): brute
#: force finds no more than the optimizer at any of them, and most are a slip one can name.
#: The two left unexplained are H-train runs, which Rails' own revenue calculator says it does
#: not always route correctly (a FIXME in its RevenueAdapter of 2023; the saved games name Rails 2.4.6)
RAILS_ABOVE: dict[str, dict[int, str]] = {
    "1826J42": {
        373: "unexplained",    # 280 for PO's 10H, 10 above: its next run (action 459) is 280 too, once
                               # London pays its E-phase 80 (here, in phase 10H, 60)
        689: "copied",         # 1020: the SNCF's amount stated just before; Als's one E ran 380 three times
    },
    "1826S43": {
        189: "shared_track",   # 170: GC's 2H and 4H both into Marseille over its one track (70 + 100)
        219: "shared_track",
        578: "unexplained",    # 840 for Nord's two 10H, 10 above
        626: "towns_counted",  # 440: the TGV's route with Mons counted (doubled), a town TGVs ignore
        631: "towns_counted",  # 580 for SNCF's two E: 20 above, what the towns on one route would add
    },
}
SAMPLE = 4   # every 4th position of a game is checked here; the command checks them all


def _process(game: Game, action: dict[str, Any]) -> list[int]:
    """The revenues the route step records when the action is processed, on a copy of the game."""
    probe = copy.deepcopy(game, {id(game.title): game.title})
    probe.process(action)
    return list(probe.round.route_revenues)


@pytest.mark.parametrize("path", LOGS + REPORTS, ids=[p.stem for p in LOGS + REPORTS])
def test_best_routes_are_the_best_and_the_engine_runs_them(path: Path) -> None:
    brute = set(BRUTE_FORCE.get(path.stem, []))
    processed = False
    for i, (game, logged_action) in enumerate(run_routes_positions(path)):
        action_id = int(logged_action["id"])
        if action_id not in brute and i % SAMPLE:
            continue
        corp = game.corporation_by_id(logged_action["entity"])
        found = best_routes(game, corp)   # checked by the engine's route rules before it answers
        assert engine_revenues(game, found.action()) == [r.revenue for r in found.routes]
        assert found.total == sum(r.revenue for r in found.routes)
        if action_id in brute:
            assert found.total == best_by_brute_force(game, corp), f"action {action_id}"
        if "stated_revenue" in logged_action:
            logged = logged_action["stated_revenue"]
            if action_id not in RAILS_ABOVE.get(path.stem, {}):
                assert found.total >= logged, f"action {action_id}: best {found.total} < stated {logged}"
        else:
            logged = sum(engine_revenues(game, logged_action))
            assert found.total >= logged, f"action {action_id}: best {found.total} < logged {logged}"
        if not processed and len(found.routes) > 1:
            assert _process(game, found.action()) == [r.revenue for r in found.routes]
            processed = True


def _solo_bests(game: Game, corp: Any) -> int:
    """The sum of each train's best route as if it ran alone (track shared between trains)."""
    total = 0
    for train in corp.runnable_trains():
        probe = copy.deepcopy(game, {id(game.title): game.title})
        alone = probe.corporation_by_id(corp.id)
        alone.trains = [t for t in alone.trains if t.id == train.id]
        total += best_routes(probe, alone, verify=False).total
    return total


def _best_with_towns_paying(game: Game, corp: Any) -> int:
    """The best routes if the towns a train ignores paid it (at the train's multiplier)."""
    probe = copy.deepcopy(game, {id(game.title): game.title})
    probed = probe.corporation_by_id(corp.id)
    for t in probed.trains:
        d = t.distance
        if d.kind == "rows":
            t.distance = dataclasses.replace(d, rows=tuple(
                dataclasses.replace(r, pay=r.visit, multiplier=d.rows[0].multiplier) if r.pay == 0 else r
                for r in d.rows))
    return best_routes(probe, probed, verify=False).total


@pytest.mark.parametrize("path", [p for p in REPORTS if p.stem in RAILS_ABOVE], ids=lambda p: p.stem)
def test_revenues_a_rails_report_states_above_the_best_are_players_slips(path: Path) -> None:
    previous = None
    for game, logged_action in run_routes_positions(path):
        action_id, stated = int(logged_action["id"]), logged_action.get("stated_revenue")
        slip = RAILS_ABOVE[path.stem].get(action_id)
        if slip is not None:
            corp = game.corporation_by_id(logged_action["entity"])
            best = best_routes(game, corp).total
            assert best < stated, action_id
            try:
                assert best == best_by_brute_force(game, corp, most=20_000, sets=10**7), action_id
            except TooBig:   # Als's E (five cities, towns free) has too many routes to list one by one
                assert slip == "copied", action_id
            if slip == "copied":   # the amount the corporation before stated
                assert stated == previous
            elif slip == "shared_track":   # each train's best alone, over the same track
                assert stated == _solo_bests(game, corp)
            elif slip == "towns_counted":   # towns the trains ignore, counted
                assert stated <= _best_with_towns_paying(game, corp)
        previous = stated


def test_the_opening_runs_its_best_routes_automatically() -> None:
    # the 1830 opening: NYC's first run (just before its recorded run_routes)
    n = next(i for i, a in enumerate(OPENING["actions"]) if a["type"] == "run_routes")
    game = opening_at(n)
    action = auto_routes_action(game)
    assert action is not None and action["entity"] == OPENING["actions"][n]["entity"]
    game.process(action)
    assert game.round.route_revenues == [r["revenue"] for r in action["routes"]]
    assert sum(game.round.route_revenues) >= sum(engine_revenues(opening_at(n), OPENING["actions"][n]))


def test_no_automatic_routes_outside_the_route_step() -> None:
    game = Game(Title.load("1830"), OPENING_PLAYERS, seed=OPENING["settings"]["seed"])
    assert auto_routes_action(game) is None


def test_a_corporation_without_a_station_has_no_routes() -> None:
    game = opening_at(0)
    found = best_routes(game, "PRR")
    assert found.total == 0 and found.routes == ()
    assert found.action()["routes"] == []


def test_routes_check_command_on_the_opening(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", str(ROOT / "tests" / "scenarios" / "1830_opening.json"), "--check", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    summary = __import__("json").loads(lines[-1])["summary"]
    assert summary["positions"] == len(lines) - 1 == sum(1 for a in OPENING["actions"] if a["type"] == "run_routes")
    assert summary["lower"] == 0 and summary["refused"] == 0


def test_check_log_says_equal_higher_or_lower() -> None:
    positions = list(check_log(ROOT / "tests" / "scenarios" / "1830_opening.json"))
    assert positions and all(p.accepted and p.verdict in ("equal", "higher") for p in positions)
    assert set(positions[0].to_dict()) == {"action", "corporation", "logged", "best", "ms", "cpu_ms"}


# ---------------------------------------------------------------- distance rows, as the route rules fill them

@pytest.mark.parametrize("title,train", [("1894", "5+1"), ("1893", "8+x"), ("1826", "E"), ("1826", "TGV")])
def test_rows_fit_exactly_when_the_route_rules_accept_the_visits(title: str, train: str) -> None:
    game = Game(Title.load(title), [(i, f"P{i}") for i in range(1, 4)], seed=1)
    t = next(t for t in game.depot.trains if t.name == train)

    class FakeStop:
        def __init__(self, kind: str, cost: int = 1):
            self.kind, self.visit_cost = kind, cost

        def revenue_in(self, phase_tiles: Any, train: Any) -> int:
            return 10

    rng = random.Random(7)
    for _ in range(300):
        visits = [FakeStop(rng.choice(["city", "town", "offboard"])) for _ in range(rng.randint(1, 12))]
        reach = Reach(game, t, visits)  # type: ignore[arg-type]
        counts = [0] * len(reach.kinds)
        for i, _s in enumerate(visits):
            counts[reach.kind_of[i]] += 1
        route = Route.__new__(Route)
        route.train = t
        try:
            route.check_distance(visits)  # type: ignore[arg-type]
            accepted = True
        except RouteError:
            accepted = False
        assert reach.rows_fit(counts) == accepted


# ---------------------------------------------------------------- hook bonuses

def _facts(**kw: Any) -> RouteFacts:
    base: dict[str, Any] = dict(max_stops=6, values=Interval(0, 90), revenue=Interval(0, 400),
                                hexes=frozenset({"I18", "C18", "A10", "E10"}), kinds=frozenset({"city", "offboard"}),
                                corporation=None, train=None)
    base.update(kw)
    return RouteFacts(**base)


class _Api:
    """Stands for the game's hook API where a hook reads the corporation."""

    def __init__(self, tokens: set[str] = frozenset(), markers: set[str] = frozenset()):  # type: ignore[assignment]
        self.tokens, self.markers = tokens, markers

    def corporation_has_token_in(self, corp: Any, hex_id: str) -> bool:
        return hex_id in self.tokens

    def corporation_has_marker(self, corp: Any, name: str) -> bool:
        return name in self.markers

    def corporation_cash(self, corp: Any) -> int:
        return 450

    def each(self, items: Any, line: int) -> Any:  # the hook budget's loop counter
        return items

    def bounded(self, value: Any, line: int) -> Any:  # and its value limit
        return value


def test_the_1894_bonuses_are_bounded_by_what_they_can_add() -> None:
    fn = Title.load("1894").hook("route_bonus")
    assert fn is not None
    # Luxembourg (the best stop, 90) and the Netherlands with another off-board area (100); no
    # London shipping bonus without a station in A12
    assert hook_bound(fn, _Api(), _facts()) == 190
    assert hook_bound(fn, _Api(tokens={"A12"}), _facts()) == 280
    # a network without Luxembourg and the Netherlands: nothing to add
    assert hook_bound(fn, _Api(tokens={"A12"}), _facts(hexes=frozenset({"E10", "F11"}))) == 0


def hook_sum_of_stops(api: Any, v_route: Any) -> int:
    _total = 0
    for v_s in api.route_stops(v_route):
        if (api.stop_kind(v_s) == 'city'):
            _total += api.stop_value(v_s)
    _total += api.len_of(api.route_hexes(v_route)) * 5
    return _total


def hook_reads_cash(api: Any, v_route: Any) -> int:
    _total = 0
    _total += api.corporation_cash(api.route_corporation(v_route)) // 10
    return _total


def hook_draws(api: Any, v_route: Any) -> int:
    _total = 0
    _total += api.random_choice([10, 20])
    return _total


def hook_fails_or_adds(api: Any, v_route: Any) -> int:
    _total = 0
    if api.route_visits(v_route, 'E10'):
        api.fail('no')
        _total += 1000
    if (api.max_of([api.stop_value(v_s) for v_s in api.route_stops(v_route)]) > 50):
        _total += 7
    return _total


def test_a_loop_over_the_stops_counts_every_stop() -> None:
    assert hook_bound(hook_sum_of_stops, _Api(), _facts()) == 6 * 90 + 6 * 5


def test_what_does_not_depend_on_the_route_is_read_from_the_game() -> None:
    assert hook_bound(hook_reads_cash, _Api(), _facts()) == 45


def test_what_the_bound_cannot_read_leaves_it_unknown() -> None:
    # a draw is not a pure getter: no bound (the search then prunes by the stops alone)
    assert hook_bound(hook_draws, _Api(), _facts()) is None


def test_a_refused_route_adds_nothing() -> None:
    assert hook_bound(hook_fails_or_adds, _Api(), _facts()) == 7
    assert hook_bound(hook_fails_or_adds, _Api(), _facts(values=Interval(0, 40))) == 0


def test_the_bound_is_never_below_what_the_hook_adds() -> None:
    """The 1894 hook on random stop sets: the bound covers every value it gives."""
    fn = Title.load("1894").hook("route_bonus")
    assert fn is not None
    hexes = ["I18", "C18", "A10", "A4", "I2", "E10", "F11"]

    class Stop:
        def __init__(self, hex_id: str, value: int):
            self.hex_id, self.value = hex_id, value

    class Api(_Api):
        def route_visits(self, r: Any, h: str) -> bool:
            return any(s.hex_id == h for s in r)

        def route_stops(self, r: Any) -> list[Any]:
            return list(r)

        def stop_value(self, s: Any) -> int:
            return int(s.value)

        def stop_hex(self, s: Any) -> str:
            return str(s.hex_id)

        def route_corporation(self, r: Any) -> None:
            return None

        def max_of(self, xs: list[int]) -> int:
            return max(xs) if xs else 0

    rng = random.Random(3)
    for tokens in (set(), {"A12"}):
        api = Api(tokens=tokens)
        bound = hook_bound(fn, api, _facts(hexes=frozenset(hexes), max_stops=4))
        assert bound is not None
        for n in range(1, 5):
            for combo in itertools.islice(itertools.combinations(hexes, n), 40):
                stops = [Stop(h, rng.randint(0, 90)) for h in combo]
                assert fn(api, stops) <= bound


# ---------------------------------------------------------------- stop values by phase

def test_a_phase_with_a_revenue_column_pays_every_column_up_to_it() -> None:
    phase = Phase(Title.load("1826").model.phases)
    names = [p.name for p in phase.phases]
    phase.index = names.index("E")
    assert phase.revenue_colors == ("yellow", "green", "brown", "gray")
    phase.index = names.index("TGV")
    assert phase.revenue_colors[-1] == "diesel"
    plain = Phase(Title.load("1830").model.phases)
    assert plain.revenue_colors == plain.tiles


def test_solve_runs_nothing_without_trains() -> None:
    game = opening_at(0)
    assert solve(game, game.corporation_by_id("NYC")).routes == []


class _Kind:
    """A stand-in for a kind of train that earns ``value`` on one route over ``track``."""

    def __init__(self, value: int, track: int):
        self.route = (value, type("Candidate", (), {"track": track})())
        self.alone = self.route

    def best(self, forbidden: int = 0) -> Any:
        return None if self.route[1].track & forbidden else self.route

    def above(self, threshold: int) -> list[Any]:
        return [self.route] if self.route[0] >= threshold else []


def test_where_sets_tie_the_first_train_runs_the_route_whatever_lies_where_in_memory() -> None:
    from railbook.engine.routing.search import SearchStats, _best_set

    # two kinds of train (a 2 and a 3) that earn the same on the one route there is: which runs it
    # must not depend on which kind lies lower in memory (it did: games differed between processes)
    kinds = [_Kind(70, 0b11), _Kind(70, 0b11)]
    low, high = sorted(kinds, key=id)
    for first, second in ((low, high), (high, low)):
        trains = ["first", "second"]
        chosen = _best_set(trains, {"first": first, "second": second}, SearchStats())
        assert list(chosen) == ["first"], "the train listed first runs the route"


def test_the_best_routes_state_what_the_corporations_route_bonus_adds(fixtures: Path) -> None:
    """18AL's L&N holds a route bonus (+20 for a route to G8 and G4, passed on by a private): the
    route step pays it to the first route visiting both, so the optimizer's action must state it
    (the fuzz found a stated revenue 20 short, refused)."""
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import new_game

    path = fixtures / "18AL" / "4714.json"
    if not path.is_file():
        pytest.skip(f"no recorded game {path}")
    log = eighteen_xx.load(path)
    game = new_game(log)
    played = [a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")]
    for action in played[:248]:
        game.process(action)
    corp = game.corporation_by_id("L&N")
    assert [(list(a.hexes), a.spec.amount) for a in corp.abilities if a.type == "route_bonus"][0] == (["G8", "G4"], 20)
    found = best_routes(game, corp)
    assert any({"G8", "G4"} <= set(r.hexes) for r in found.routes)
    assert game.refusal(found.action()) is None
    assert _process(game, found.action()) == [r.revenue for r in found.routes]
