"""A title that ``extends`` another is its parent with changes: the changes are made in order, each
on the data the changes before it left, in the YAML files' own form, with list items named by an
explicit key; a change that does not fit is a located error naming it. A game log may name a title
by one of its aliases, and a change to the parent compiles the child again."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from railbook.cli.main import main
from railbook.compiler.compile import check_title
from railbook.engine.title import Title
from railbook.title.changes import ChangeError, apply_source_change
from railbook.title.sources import find_title_or_alias, lineage, source_hash

BASE = Path(__file__).parent / "negative" / "_base"


def family(tmp_path: Path, child_yaml: str, **child_files: str) -> Path:
    """The tiny title as ``tiny`` and a child of it beside it, ``kid``."""
    shutil.copytree(BASE, tmp_path / "tiny")
    kid = tmp_path / "kid"
    kid.mkdir()
    (kid / "title.yaml").write_text(child_yaml, encoding="utf-8")
    for name, text in child_files.items():
        (kid / name.replace("_", ".")).write_text(text, encoding="utf-8")
    return kid


def validate(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(folder.parent)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["validate", folder.name])
    return code, out.getvalue() + err.getvalue()


KID = """extends: tiny
id: kid
name: Kid
bank: {cash: 3000}
changes:
  - {set: "trains[name=2].count", to: 5}
  - {set: "trains[name=3].name", to: "3+"}
  - {set: "phases[name=3].on", to: "3+"}
  - {set: "trains[name=2].rusts_on", to: "3+"}
"""


def test_a_child_is_its_parent_with_its_keys_and_changes(tmp_path: Path) -> None:
    src, model, _ = check_title(family(tmp_path, KID))
    assert not src.problems, str(src.problems)
    assert model is not None
    assert model["title"]["id"] == "kid" and model["title"]["bank"]["cash"] == 3000
    assert [(t["name"], t["count"]) for t in model["trains"]] == [("2", 5), ("3+", 2)]
    assert model["title"]["players"] == {"min": 2, "max": 3}   # inherited as it is


def test_a_change_is_checked_on_the_data_the_changes_before_it_left(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    renamed_then_named_by_the_old_name = KID + '  - {set: "trains[name=3].price", to: 200}\n'
    code, output = validate(family(tmp_path, renamed_then_named_by_the_old_name), monkeypatch)
    assert code != 0
    assert output.splitlines()[0] == ("kid/title.yaml:10:11: $.changes[4]: change 5 (set trains[name=3].price): "
                                      "no trains item with name=3")


def test_a_list_item_is_named_by_an_explicit_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = validate(family(tmp_path, "extends: tiny\nid: kid\nname: Kid\nchanges:\n"
                                             '  - {set: "trains[3].count", to: 4}\n'), monkeypatch)
    assert code != 0
    assert "trains is a list: name the item by a key, trains[name=3]" in output.splitlines()[0]


def test_a_changed_value_is_checked_where_the_change_gives_it(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = validate(family(tmp_path, "extends: tiny\nid: kid\nname: Kid\nchanges:\n"
                                             '  - {set: "trains[name=2].count", to: many}\n'), monkeypatch)
    assert code != 0
    assert output.splitlines()[0].startswith("kid/title.yaml:5:39: trains[0].count")


def test_values_are_written_as_the_yaml_files_write_them(tmp_path: Path) -> None:
    src, model, _ = check_title(family(tmp_path, "extends: tiny\nid: kid\nname: Kid\nchanges:\n"
                                                 '  - {set: "trains[name=3].count", to: unlimited}\n'))
    assert not src.problems, str(src.problems)
    assert model is not None and model["trains"][1]["count"] is None   # as the normalizer stores "unlimited"


def test_add_appends_to_a_list_and_remove_takes_an_item_out(tmp_path: Path) -> None:
    kid = family(tmp_path, "extends: tiny\nid: kid\nname: Kid\nchanges:\n"
                           '  - {add: trains, to: {name: "4", distance: 4, price: 300, count: 1}}\n'
                           '  - {remove: "trains[name=2]"}\n')
    src, model, _ = check_title(kid)
    assert not src.problems, str(src.problems)
    assert model is not None and [t["name"] for t in model["trains"]] == ["3", "4"]


def test_a_file_of_the_childs_own_replaces_the_parents(tmp_path: Path) -> None:
    trains = (BASE / "trains.yaml").read_text().replace("price: 80", "price: 90")
    src, model, _ = check_title(family(tmp_path, "extends: tiny\nid: kid\nname: Kid\n", trains_yaml=trains))
    assert not src.problems, str(src.problems)
    assert model is not None and model["trains"][0]["price"] == 90


def test_a_title_that_extends_itself_in_a_loop_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kid = family(tmp_path, "extends: kid2\nid: kid\nname: Kid\n")
    (tmp_path / "kid2").mkdir()
    (tmp_path / "kid2" / "title.yaml").write_text("extends: kid\nid: kid2\nname: Kid 2\n")
    code, output = validate(kid, monkeypatch)
    assert code != 0 and "titles extend each other in a loop (kid -> kid2 -> kid)" in output


def test_a_missing_parent_is_a_located_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = validate(family(tmp_path, "extends: nowhere\nid: kid\nname: Kid\n"), monkeypatch)
    assert code != 0 and output.splitlines()[0] == "kid/title.yaml:1:10: $.extends: no title 'nowhere' to extend"


def test_only_a_child_has_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(BASE, tmp_path / "tiny")
    with open(tmp_path / "tiny" / "title.yaml", "a") as f:
        f.write('changes: [{set: "bank.cash", to: 1}]\n')
    code, output = validate(tmp_path / "tiny", monkeypatch)
    assert code != 0 and "only a title that extends another has changes" in output


def test_a_change_in_the_parent_changes_the_childs_hash(tmp_path: Path) -> None:
    kid = family(tmp_path, KID)
    assert lineage(kid) == [kid, tmp_path / "tiny"]
    before = source_hash(kid)
    with open(tmp_path / "tiny" / "trains.yaml", "a") as f:
        f.write("# a comment is a change of the file\n")
    assert source_hash(kid) != before


def test_a_change_path_selects_by_a_key_in_the_yaml_documents() -> None:
    docs = {"trains.yaml": {"trains": [{"name": "5", "count": 2}, {"name": "6", "count": 1}]}}
    assert apply_source_change(docs, "set", "trains[name=6].count", 3) == ("trains.yaml", ("trains", 1, "count"))
    assert docs["trains.yaml"]["trains"][1]["count"] == 3
    with pytest.raises(ChangeError, match="name the item by a key"):
        apply_source_change(docs, "set", "trains[5].count", 3)
    with pytest.raises(ChangeError, match="to give it, use add"):
        apply_source_change(docs, "set", "trains[name=5].rusts_on", "6")


def test_an_export_names_a_title_by_its_alias() -> None:
    assert find_title_or_alias("18Chesapeake: Off the Rails") == find_title_or_alias("18ChesapeakeOfftheRails")
    assert Title.load("18Chesapeake: Off the Rails").id == "18ChesapeakeOfftheRails"
    assert find_title_or_alias("No Such Title") is None


def test_off_the_rails_is_18chesapeake_with_changes_only() -> None:
    folder = find_title_or_alias("18ChesapeakeOfftheRails")
    assert folder is not None and sorted(p.name for p in folder.iterdir()) == ["title.yaml"]
    title = Title.load("18ChesapeakeOfftheRails")
    assert title.model.title.bank.cash == 12000


def test_the_two_player_variant_is_1846_with_changes_and_two_hooks() -> None:
    folder = find_title_or_alias("1846 2p Variant")
    assert folder is not None and sorted(p.name for p in folder.iterdir()) == ["rules.hooks", "title.yaml"]
    src, model, hooks = check_title(folder)
    assert not src.problems, str(src.problems)
    assert model is not None and not any(p["kind"] == "blank" for p in model["privates"])
    assert set(hooks.hooks) >= {"setup", "after_lay_tile", "after_par", "route_bonus"}   # 1846's still run
    assert "setup" in hooks.hooks and "withdraw_corporation(" in hooks.source


def test_a_childs_hook_replaces_its_parents_hook_of_that_name(tmp_path: Path) -> None:
    kid = family(tmp_path, "extends: tiny\nid: kid\nname: Kid\n", rules_hooks="on setup() {\n    log(\"kid\")\n}\n")
    (tmp_path / "tiny" / "rules.hooks").write_text("on setup() {\n    log(\"tiny\")\n}\n", encoding="utf-8")
    src, _, hooks = check_title(kid)
    assert not src.problems, str(src.problems)
    # both are in the module; the child's, defined later, is the one the table names
    assert hooks.source.index("'tiny'") < hooks.source.index("'kid'") and hooks.hooks["setup"] == "hook_setup"


def test_an_optional_rules_values_are_written_as_the_yaml_files_write_them(tmp_path: Path) -> None:
    shutil.copytree(BASE, tmp_path / "tiny")
    title = tmp_path / "tiny" / "title.yaml"
    title.write_text(title.read_text().replace("game_end:", 'optional_rules:\n  - {id: endless, name: Endless, '
                                               'description: "Threes never run out", changes: [{set: '
                                               '"trains[name=3].count", to: unlimited}]}\ngame_end:'))
    src, model, _ = check_title(tmp_path / "tiny")
    assert not src.problems, str(src.problems)
    assert model is not None
    assert model["title"]["optional_rules"][0]["changes"] == [{"set": "trains[name=3].count", "to": None}]
    assert Title.from_folder(tmp_path / "tiny", ["endless"]).model.trains[1].count is None


def test_a_child_whose_title_does_not_parse_is_not_asked_for_the_parents_files(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = validate(family(tmp_path, "extends: tiny\nid: kid: two\n"), monkeypatch)
    assert code != 0 and "YAML syntax error" in output and "required file is missing" not in output
