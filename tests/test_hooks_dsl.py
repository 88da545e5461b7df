"""The rule-hook DSL: parsed, checked against the hook API, compiled to Python
that can call nothing but that API."""

from __future__ import annotations

import re

import pytest

from railbook.dsl import compile_hooks
from railbook.dsl.api import FUNCTIONS, HOOK_POINTS, METHODS, all_impl_names
from railbook.dsl.checker import Names
from railbook.dsl.codegen import UnsafeHookCode, verify
from railbook.engine.hooks.api import HookAPI
from railbook.problems import Problems

NAMES = Names(hexes={"A1", "B4"}, corporations={"RED"}, privates={"AA"}, trains={"2"}, phases={"2"},
              events={"open"}, options={"extra"})


def build(text: str) -> tuple[object, Problems]:
    problems = Problems()
    return compile_hooks(text, "rules.hooks", NAMES, problems), problems


def run(text: str, name: str, api: object, *args: object) -> object:
    compiled, problems = build(text)
    assert not problems, [str(p) for p in problems]
    namespace: dict[str, object] = {}
    exec(compiled.source, {"__builtins__": {}}, namespace)  # noqa: S102 - verified code, no builtins
    return namespace[compiled.hooks[name]](api, *args)


class FakeAPI:
    """Just enough of the hook API to run a hook without a game."""

    def each(self, xs: list[object], line: int) -> list[object]:
        return xs

    def bounded(self, value: object, line: int) -> object:
        return value

    def max_of(self, xs: list[int]) -> int:
        return max(xs) if xs else 0

    def route_visits(self, route: dict, hex_id: str) -> bool:
        return hex_id in route["hexes"]

    def route_stops(self, route: dict) -> list[int]:
        return route["stops"]

    def stop_value(self, stop: int) -> int:
        return stop


def test_a_bonus_hook_adds_up_its_amounts() -> None:
    text = '''
on route_bonus(route) {
    if route.visits("B4") {
        add max([s.value for s in route.stops])
        add 10
    }
}
'''
    assert run(text, "route_bonus", FakeAPI(), {"hexes": ["A1", "B4"], "stops": [20, 40]}) == 50
    assert run(text, "route_bonus", FakeAPI(), {"hexes": ["A1"], "stops": [20]}) == 0


def test_generated_code_only_calls_the_api() -> None:
    compiled, problems = build('on route_bonus(route) {\n  add max([s.value for s in route.stops])\n}\n')
    assert not problems
    assert "import" not in compiled.source and "__" not in compiled.source
    assert "api.max_of(" in compiled.source


@pytest.mark.parametrize("code", [
    "import os\n",
    "def hook_x(api):\n    return api.__class__\n",
    "def hook_x(api):\n    return open('x')\n",
    "def hook_x(api):\n    return v_x.secret\n",
    "def hook_x(api):\n    exec('1')\n",
    "def hook_x(api):\n    return api.not_in_the_api()\n",
    "def hook_x(api):\n    return lambda: 1\n",
])
def test_the_verifier_rejects_anything_outside_the_api(code: str) -> None:
    with pytest.raises(UnsafeHookCode):
        verify(code)


@pytest.mark.parametrize("text, message", [
    ('on route_bonus(route) {\n  add route.__class__\n}\n', "has no '__class__'"),
    ('on route_bonus(route) {\n  add open("x")\n}\n', "unknown function 'open'"),
    ('on route_bonus(route) {\n  add 1 +\n}\n', "syntax error"),
    ('on setup() {\n  add 1\n}\n', "'add' is only for hooks that add up amounts"),
    ('on check_route(route) {\n  fail 3\n}\n', "'fail' needs a message"),
    ('on route_bonus(route) {\n  if route.visits("Z9") { add 1 }\n}\n', "'Z9' is not a hex of this title"),
    ('on event shut {\n  log("x")\n}\n', "no train or phase fires the event 'shut'"),
    ('on setup() {\n  make_available("BLUE")\n}\n', "'BLUE' is not a corporation of this title"),
    ('on setup() {\n  if option("basic") { log("x") }\n}\n', "'basic' is not an optional rule of this title"),
    ('on route_bonus(r, extra) {\n}\n', "takes (route), not 2 parameter(s)"),
    ('on setup() {\n}\non setup() {\n}\n', "is defined twice"),
    ('on setup() {\n  x = 1\n}\n', "'x' is not defined"),
    ('on setup() {\n  3 + 4\n}\n', "computes a value and throws it away"),
])
def test_mistakes_in_hooks_are_reported_with_a_plain_message(text: str, message: str) -> None:
    _, problems = build(text)
    assert problems
    assert any(message in p.message for p in problems), [str(p) for p in problems]
    assert all(p.line >= 1 and p.col >= 0 for p in problems)


def test_every_api_entry_has_a_runtime_implementation() -> None:
    missing = [name for name in all_impl_names() if not callable(getattr(HookAPI, name, None))]
    assert not missing, missing


def test_every_hook_point_and_function_is_documented() -> None:
    assert all(p.doc for p in HOOK_POINTS.values())
    assert all(f.doc for f in FUNCTIONS.values())
    assert all(f.doc for methods in METHODS.values() for f in methods.values())


EFFECTS = [name for name, f in FUNCTIONS.items() if f.effect]
SURVEYED_POINTS = [name for name, p in HOOK_POINTS.items() if p.survey]


def test_every_effect_and_surveyed_point_has_an_example_and_the_count_of_titles_that_need_it() -> None:
    assert len(EFFECTS) == 12 and len(SURVEYED_POINTS) == 8
    for item in [FUNCTIONS[n] for n in EFFECTS] + [HOOK_POINTS[n] for n in SURVEYED_POINTS]:
        assert item.example and re.match(r"\d+ titles ", item.survey), item


@pytest.mark.parametrize("name", SURVEYED_POINTS)
def test_a_hook_points_example_compiles(name: str) -> None:
    _, problems = build(HOOK_POINTS[name].example + "\n")
    assert not problems, [str(p) for p in problems]


@pytest.mark.parametrize("name", EFFECTS)
def test_an_effects_example_compiles(name: str) -> None:
    _, problems = build(f"on after_place_token(corporation, hex) {{\n    {FUNCTIONS[name].example}\n}}\n")
    assert not problems, [str(p) for p in problems]


def test_an_effect_is_told_its_line_so_its_refusal_can_name_it() -> None:
    compiled, problems = build('on after_par(corporation) {\n    log("x")\n    pay("bank", corporation, 10)\n}\n')
    assert not problems
    assert "api.pay(api.entity('bank'), v_corporation, 10, 3)" in compiled.source


@pytest.mark.parametrize("text, message", [
    ('on after_par(corporation) {\n  move_price(corporation, "sideways", 1)\n}\n',
     "'move_price' needs a direction ('up', 'down', 'left' or 'right') here, not 'sideways'"),
    ('on after_par(corporation) {\n  move_price(corporation, "up", "one")\n}\n', "'move_price' needs a number here"),
    ('on after_par(corporation) {\n  pay(corporation, "nobody", 10)\n}\n',
     "'nobody' is neither \"bank\" nor a corporation of this title"),
    ('on after_par(corporation) {\n  pay(corporation, 10)\n}\n', "'pay' takes 3 argument(s), not 2"),
    ('on after_par(corporation) {\n  place_station("RED", "Z9", 0)\n}\n', "'Z9' is not a hex of this title"),
    ('on setup() {\n  withdraw_action("cheat")\n}\n', "an action's kind (such as 'buy_train') here, not 'cheat'"),
    ('on setup() {\n  reorder_players(corporations())\n}\n', "'reorder_players' needs a list of a Player"),
    ('on first_track(hex) {\n}\n', "hook 'first_track' takes (hex, tile)"),
])
def test_an_effects_arguments_are_checked_before_any_game(text: str, message: str) -> None:
    _, problems = build(text)
    assert any(message in p.message for p in problems), [str(p) for p in problems]


def test_the_kinds_of_action_a_hook_may_withdraw_are_actions_of_the_engine() -> None:
    from railbook.dsl.api import CHOICES
    from railbook.engine.actions import RESOLVERS

    assert set(CHOICES["ActionKind"]) <= set(RESOLVERS)
    assert "pass" not in CHOICES["ActionKind"]


def test_compiling_the_same_hooks_twice_gives_the_same_source() -> None:
    text = 'on route_bonus(route) {\n  if route.visits("A1") { add 5 } else { add 1 }\n}\n'
    assert build(text)[0].source == build(text)[0].source


def test_a_hooks_doc_comment_may_carry_its_translations() -> None:
    compiled, problems = build(
        "# Towns pay 10 more. Only on the last set.\n"
        "# de: Dörfer zahlen 10 mehr.\n"
        "# fr: Les villages rapportent 10 de plus.\n"
        "on route_bonus(route) {\n    add 10\n}\n")
    assert not problems, [str(p) for p in problems]
    assert compiled.docs["route_bonus"] == "Towns pay 10 more. Only on the last set."
    assert compiled.doc_texts["route_bonus"] == {"de": "Dörfer zahlen 10 mehr.",
                                                 "fr": "Les villages rapportent 10 de plus."}


def test_a_translated_doc_is_quoted_in_the_readers_language_and_english_is_marked() -> None:
    from railbook.diff.catalogue import Catalogue
    from railbook.diff.facts.hooks import hook_info
    from railbook.diff.values import Context, doc

    info = hook_info({"hooks": {"route_bonus": "f"}, "docs": {"route_bonus": "Towns pay 10 more. Only late."},
                      "doc_texts": {"route_bonus": {"de": "Dörfer zahlen 10 mehr."}}})
    value = info.hooks["route_bonus"]
    assert value == "Towns pay 10 more. Only late."  # compared as the English: a translation is no rule
    assert "Dörfer zahlen 10 mehr." in doc(value, Context(Catalogue("de"), {}))
    assert doc(value, Context(Catalogue("pl"), {})).startswith("[en] ")
    assert "[en]" not in doc(value, Context(Catalogue("en"), {}))
