"""The title designer's workbench: a new title from ``railbook init-title`` validates and plays at once."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.bots.selfplay import play
from railbook.cli.main import main
from railbook.paths import use_title_folders
from railbook.workbench.init_title import FILES, InitError, init_title


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


@pytest.fixture
def started(tmp_path: Path) -> Path:
    code, output = run("init-title", "Prairie", "--dir", str(tmp_path))
    assert code == 0, output
    assert "wrote 8 files" in output
    return tmp_path / "Prairie"


def test_a_new_title_validates_as_it_is(started: Path) -> None:
    code, output = run("validate", str(started))
    assert code == 0 and output.strip().endswith("ok"), output


def test_a_new_title_carries_its_id_and_says_what_to_change(started: Path) -> None:
    title = (started / "title.yaml").read_text(encoding="utf-8")
    assert 'id: "Prairie"' in title and "__" not in title
    assert all((started / f).read_text(encoding="utf-8").lstrip().startswith("#") for f in FILES)


def test_a_new_title_plays_to_its_end_with_random_bots(started: Path) -> None:
    use_title_folders([started.parent])
    try:
        for seed in (1, 2):
            result = play("Prairie", 3, seed, ["random"])
            assert result.finished and result.end_reason, result.error
            assert result.ok, (result.error, result.refused[:1])
    finally:
        use_title_folders([])


def test_init_title_refuses_a_name_that_is_not_an_id(tmp_path: Path) -> None:
    with pytest.raises(InitError, match="not a title id"):
        init_title("../escape", tmp_path)
    code, output = run("init-title", "a/b", "--dir", str(tmp_path))
    assert code == 1 and "not a title id" in output


def test_init_title_never_writes_over_a_folder_with_files(started: Path) -> None:
    code, output = run("init-title", "Prairie", "--dir", str(started.parent))
    assert code == 1 and "already exists" in output
    assert run("init-title", "Prairie", "--dir", str(started.parent), "--force")[0] == 0


# ---------------------------------------------------------------- railbook lint

def _plant(started: Path, file: str, old: str, new: str) -> None:
    path = started / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _checks(started: Path) -> dict[str, str]:
    from railbook.compiler.cache import load_compiled
    from railbook.workbench.lint import lint

    return {f.check: f.severity for f in lint(load_compiled(started).MODEL)}


def test_lint_finds_nothing_in_a_new_title_nor_in_the_shipped_ones(started: Path) -> None:
    assert _checks(started) == {}
    code, output = run("lint")
    assert code == 0 and "mistake" not in output, output


def test_a_train_rusted_by_an_earlier_train_is_a_mistake(started: Path) -> None:
    _plant(started, "trains.yaml", 'price: 180, count: 4, rusts_on: "6"', 'price: 180, count: 4, rusts_on: "2"')
    assert _checks(started) == {"train-rusts-before-sold": "mistake"}


def test_a_phase_started_by_no_train_is_a_mistake(started: Path) -> None:
    _plant(started, "trains.yaml", 'price: 450, count: 2,', 'price: 450, count: {3: 0, 4: 0, 5: 0},')
    assert _checks(started)["phase-never-starts"] == "mistake"


def test_a_phase_started_by_an_earlier_train_than_the_last_is_worth_a_look(started: Path) -> None:
    _plant(started, "trains.yaml", '{name: "5", on: "5",', '{name: "5", on: "3",')
    assert _checks(started) == {"phase-out-of-order": "check"}


def test_a_manifest_without_a_yellow_city_tile_is_a_mistake(started: Path) -> None:
    _plant(started, "tiles.yaml", '"57": 4', '"57": 0')
    found = _checks(started)
    assert found["tiles-never-fit"] == "mistake"


def test_a_manifest_without_green_city_tiles_is_worth_a_look(started: Path) -> None:
    for tile in ("14", "15"):
        _plant(started, "tiles.yaml", f'"{tile}": 2', f'"{tile}": 0')
    assert _checks(started) == {"tiles-short": "check"}


def test_a_home_walled_in_by_impassable_borders_is_a_mistake(started: Path) -> None:
    walls = ", ".join(f"{{edge: {e}, type: impassable}}" for e in range(6))
    _plant(started, "map.yaml", "B4 D4 B8 D8: {stops: [{city: 0}]}",
           f"D4 B8 D8: {{stops: [{{city: 0}}]}}\n  B4: {{stops: [{{city: 0}}], borders: [{walls}]}}")
    assert _checks(started) == {"home-cut-off": "mistake"}


def test_par_prices_no_player_can_pay_are_a_mistake(started: Path) -> None:
    _plant(started, "title.yaml", "starting_cash: {3: 600, 4: 450, 5: 360}", "starting_cash: {3: 600, 4: 450, 5: 140}")
    assert _checks(started) == {"par-unaffordable": "mistake"}


def test_par_prices_some_players_cannot_pay_are_worth_a_look(started: Path) -> None:
    _plant(started, "title.yaml", "starting_cash: {3: 600, 4: 450, 5: 360}", "starting_cash: {3: 600, 4: 450, 5: 180}")
    assert _checks(started) == {"par-unaffordable": "check"}


def test_a_bank_the_starting_cash_empties_is_a_mistake(started: Path) -> None:
    _plant(started, "title.yaml", "bank: {cash: 6000}", "bank: {cash: 1500}")
    found = _checks(started)
    assert found["bank-pays-no-start"] == "mistake"


def test_a_private_laying_a_tile_the_title_ships_none_of_is_a_mistake(started: Path) -> None:
    _plant(started, "tiles.yaml", '"57": 4', '"57": 0')
    assert _checks(started)["private-names-nothing"] == "mistake"


def test_a_private_closed_before_its_tiles_are_allowed_is_a_mistake(started: Path) -> None:
    _plant(started, "privates.yaml", 'tiles: ["57"]', 'tiles: ["14"]')
    _plant(started, "trains.yaml", 'price: 180, count: 4, rusts_on: "6"}',
           'price: 180, count: 4, rusts_on: "6", events: [close_privates]}')
    assert _checks(started)["private-closes-first"] == "mistake"


def test_lint_explains_each_finding_and_exits_1_on_a_mistake(started: Path) -> None:
    _plant(started, "tiles.yaml", '"57": 4', '"57": 0')
    code, output = run("lint", str(started))
    assert code == 1
    assert "mistake [private-names-nothing] MV's tile_lay ability names tile 57, which tiles.yaml does not ship" \
        in output
    assert "why: the ability can never be used there" in output


# ---------------------------------------------------------------- the option reference

def test_the_option_reference_is_what_the_schemas_give() -> None:
    from railbook.paths import ROOT
    from railbook.workbench.reference import markdown

    page = ROOT / "docs" / "reference.md"
    if not page.is_file():
        pytest.skip("an installed railbook has no docs/")
    assert page.read_text(encoding="utf-8") == markdown(), "run: railbook reference -o docs/reference.md"


def test_every_schema_option_is_in_the_reference() -> None:
    from railbook.workbench.reference import options

    found = options()
    paths = {o.path for opts in found.values() for o in opts}
    assert {"stock_round.priority", "operating_round.steps", "trains[].rusts_on", "hexes.<key>",
            "privates[].abilities[].type", "counts.<key>"} <= paths
    used = next(o for o in found["trains"] if o.path == "trains[].rusts_on")
    assert "1830" in used.titles and used.example


def test_the_tutorials_zenith_is_a_mistake_until_its_tiles_are_shipped(started: Path) -> None:
    """docs/tutorial.md, steps 3 and 4, as written there."""
    _plant(started, "map.yaml", "  A3 A7 A9 B2", "  A9: {stops: [{city: 0}], label: Z}\n  A3 A7 B2")
    assert _checks(started) == {"tiles-never-fit": "mistake"}
    _plant(started, "tiles.yaml", '  "63": 3', '  "63": 3\n  Z1: 1\n  Z2: 1')
    with (started / "tiles.yaml").open("a", encoding="utf-8") as fh:
        fh.write("tiles:\n"
                 "  Z1: {color: yellow, label: Z, stops: [{city: 30}], paths: [0-c0, 3-c0]}\n"
                 "  Z2: {color: green, label: Z, stops: [{city: 50, slots: 2}], paths: [0-c0, 1-c0, 3-c0, 4-c0]}\n")
    _plant(started, "rules.hooks", '        add 20\n    }', '        add 20\n    }\n'
           '    if route.visits("A9") and route.visits("C11") {\n        add 30\n    }')
    assert _checks(started) == {}
    assert run("validate", str(started))[0] == 0


def test_a_variant_started_with_extends_plays_as_its_parent_until_changed(tmp_path: Path) -> None:
    code, output = run("init-title", "My1830", "--extends", "1830", "--dir", str(tmp_path))
    assert code == 0 and "wrote 1 file to" in output, output
    child = tmp_path / "My1830"
    assert run("validate", str(child))[0] == 0
    assert "changes: []" in (child / "title.yaml").read_text(encoding="utf-8")
    _plant(child, "title.yaml", "changes: []", 'changes:\n  - {set: "trains[name=4].price", to: 350}')
    code, output = run("diff", "My1830", "1830", "--titles", str(tmp_path))
    assert code == 1 and "1 differences in 1 areas" in output and "$350 → $300" in output, output


def test_a_variant_of_a_title_railbook_lacks_is_refused(tmp_path: Path) -> None:
    code, output = run("init-title", "X", "--extends", "nope", "--dir", str(tmp_path))
    assert code == 1 and "cannot extend 'nope'" in output and not (tmp_path / "X").exists()
