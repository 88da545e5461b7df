"""``railbook explain TITLE [STEP]`` (railbook/cli/explain_command.py): a title's rounds, step by
step, with the mechanics acting at each step's extension points in the order they act."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from railbook.cli.main import main
from railbook.engine.points import Point
from railbook.engine.steps.base import Step


def explained(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["explain", *argv]) == 0
    return capsys.readouterr().out


def section(text: str, heading: str) -> str:
    """The lines of one round's part of the explanation."""
    part = text.split(f"\n{heading}:\n", 1)[1]
    return part.split("\n\n", 1)[0]


def test_explain_1846_lists_issue_before_buy_train(capsys: pytest.CaptureFixture[str]) -> None:
    operating = section(explained(capsys, "1846"), "Operating round")
    assert operating.index("issue_redeem: Issue or Redeem Shares") < operating.index("buy_train: Buy Trains")


def test_explain_1846_shows_issuing_before_the_president_pays_for_a_train(capsys: pytest.CaptureFixture[str]) -> None:
    train = section(explained(capsys, "1846"), "Operating round").split("buy_train: Buy Trains", 1)[1]
    assert 'at "president waits"' in train
    assert "IssueRedeem.issue_before_president: A trainless corporation issues certificates" in train


def test_explain_1846_names_receivership_wherever_it_leaves_a_corporation_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = explained(capsys, "1846")
    # the private step (twice in the round), issue/redeem, track and token, dividend, train
    assert text.count("Receivership.left_alone:") == 6
    assert "Receivership.no_sale: Nobody sells shares of a corporation in receivership." in section(text, "Stock round")


def test_explain_1846_orders_the_mechanics_at_a_point_as_they_act(capsys: pytest.CaptureFixture[str]) -> None:
    operating = section(explained(capsys, "1846"), "Operating round")
    track = operating.split('at "money it could raise for track"', 1)[1]
    assert track.index("IssueRedeem.issuing_power") < track.index("MinorTakeover.minor_cash_for_track")


def test_explain_1856_deducts_loan_interest_before_the_dividend(capsys: pytest.CaptureFixture[str]) -> None:
    dividend = section(explained(capsys, "1856"), "Operating round").split("dividend: Pay or Withhold", 1)[1]
    assert dividend.index('at "deduct before dividend"') < dividend.index("Loans.interest_before_dividend")


def test_explain_1856_lists_its_mechanics_in_the_order_they_act(capsys: pytest.CaptureFixture[str]) -> None:
    mechanics = section(explained(capsys, "1856"), "Mechanics (in the order they act)")
    names = [line.split(" (", 1)[0].strip() for line in mechanics.splitlines() if line.startswith("  ")
             and not line.startswith("    ")]
    assert names[:2] == ["DividendRules", "Loans"] and "DebtFormation" in names


def test_explain_one_step_shows_every_point_even_where_nothing_acts(capsys: pytest.CaptureFixture[str]) -> None:
    text = explained(capsys, "1830", "buy_train")
    assert "Stock round" not in text
    assert 'at "may buy": (step, corporation) -> bool' in text
    assert "nothing: the step's own rules" in text


def test_explain_an_unknown_title_is_an_error_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "18XX"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("railbook explain: 18XX: unknown title '18XX'")


def test_explain_an_unknown_step_names_the_steps_the_title_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "1830", "auction_house"]) == 1
    err = capsys.readouterr().err
    assert "1830 has no step 'auction_house'" in err and "buy_train" in err and "dividend" in err


def test_explain_help_says_what_it_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["explain", "--help"])
    assert "extension points" in capsys.readouterr().out


def test_every_extension_point_is_declared_by_the_step_that_calls_it() -> None:
    """``railbook explain`` lists a step's points from its ``POINTS``: every point the engine defines
    is in the ``POINTS`` of a step class, or explain would hide the rules acting there."""
    import railbook.engine as engine

    modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(engine.__path__, "railbook.engine.")]
    defined = {v for module in modules for v in vars(module).values() if isinstance(v, Point)}

    def subclasses(cls: type) -> list[type]:
        return [s for sub in cls.__subclasses__() for s in (sub, *subclasses(sub))]

    declared = {p for cls in subclasses(Step) for p in cls.__dict__.get("POINTS", ())}
    assert defined and defined <= declared, sorted(str(p) for p in defined - declared)


def test_every_hook_point_has_its_place_in_the_explanation() -> None:
    """A new hook point must say where it acts, or explain would list it under "other moments"."""
    from railbook.cli.explain_command import HOOK_PLACES
    from railbook.dsl import api

    assert sorted(set(api.HOOK_POINTS) - set(HOOK_PLACES)) == []
