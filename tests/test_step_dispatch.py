"""How a round finds the step that decides who acts (railbook/engine/rounds/base.py): the first
active step that blocks and has something to do, asked as seldom as the answer allows — a step
that never blocks is not asked at all, and the step found is kept until an action changes the
game. And where a station would go in a city (railbook/engine/map/tile.py), which every walk
asking where a corporation could place one reads for each city it reaches.

The rounds here are made of steps that count the questions they are asked."""

from __future__ import annotations

from typing import Any

from play_support import opening_at

from railbook.engine.rounds.base import Round
from railbook.engine.steps.base import Step


class OneEntityRound(Round):
    def select_entities(self) -> list[Any]:
        return ["player"]


class Counting(Step):
    """A step that counts how often it is asked whether it has something to do."""

    offering = True
    asked = 0

    def has_actions(self, entity: Any) -> bool:
        self.asked += 1
        return self.offering


class NeverBlocking(Counting):
    blocks = Step.never_blocks

    def active(self) -> bool:
        self.asked += 1
        return True


class StaysActiveWhenSkipped(Counting):
    """A step whose skip does not pass it (as some steps' skips only move the turn on)."""

    offering = False

    def skip(self) -> None:
        pass


class NothingToDo(Counting):
    offering = False


def round_of(*classes: type[Step]) -> OneEntityRound:
    return OneEntityRound(None, list(classes))  # the steps never read the game


def test_a_step_that_never_blocks_is_not_asked_who_acts() -> None:
    rnd = round_of(NeverBlocking, Counting)
    rnd.skip_steps()
    never, decides = rnd.steps
    assert rnd.active_step() is decides
    assert never.asked == 0


def test_the_step_found_is_kept_without_asking_it_again() -> None:
    rnd = round_of(Counting, Counting)
    rnd.skip_steps()
    first, _ = rnd.steps
    assert rnd.active_step() is first and rnd.active_step() is first
    assert first.asked == 1


def test_a_step_with_nothing_to_do_is_passed_and_the_next_one_kept() -> None:
    rnd = round_of(NothingToDo, Counting)
    rnd.skip_steps()
    skipped, decides = rnd.steps
    assert skipped.passed
    assert rnd.active_step() is decides
    assert decides.asked == 1


def test_after_a_skip_that_leaves_a_step_active_the_steps_are_asked_again() -> None:
    # the skipped step might have something to do by now: active_step asks every step again
    rnd = round_of(StaysActiveWhenSkipped, Counting)
    rnd.skip_steps()
    stays, decides = rnd.steps
    assert not stays.passed
    assert rnd.active_step() is decides
    assert stays.asked == 2 and decides.asked == 2


def test_a_round_whose_steps_have_nothing_to_do_has_no_active_step() -> None:
    rnd = round_of(NothingToDo, NothingToDo)
    rnd.skip_steps()
    assert rnd.active_step() is None and rnd.finished()


# ---------------------------------------------------------------- where a station goes

def home_city(game: Any, corporation: str) -> Any:
    corp = game.corporation_by_id(corporation)
    hex_ = game.hex_by_id(corp.coordinates[0])
    return next(c for c in hex_.tile.cities if c.reserved_by(corp)), corp


def test_a_station_goes_to_the_slot_reserved_for_its_corporation() -> None:
    game = opening_at(0)
    city, corp = home_city(game, "NYNH")
    assert city.get_slot(corp) == city.find_reservation(corp)


def test_another_corporations_station_takes_the_first_slot_nobody_reserved() -> None:
    game = opening_at(0)
    city, corp = home_city(game, "NYNH")
    other = game.corporation_by_id("PRR")
    free = [i for i, t in enumerate(city.tokens) if t is None and i >= len(city.reservations)]
    assert city.get_slot(other) == (free[0] if free else None)


def test_a_cheater_station_takes_an_open_slot_or_one_beyond_the_city() -> None:
    game = opening_at(0)
    city, corp = home_city(game, "NYNH")
    other = game.corporation_by_id("PRR")
    slot = city.get_slot(other, cheater=True)
    assert slot == (city.get_slot(other) if city.get_slot(other) is not None else len(city.tokens))
