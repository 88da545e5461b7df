"""A diff compares rules, not text: a title rewritten — keys reordered, lists of
companies reversed, zone letters renamed, folder renamed — has no difference;
a changed price is exactly one."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from diff_support import diff, load, title, valid_titles

from railbook.paths import TITLES_DIR
from railbook.title.yaml_source import load_yaml

# lists whose order is only how the file is written (trains and phases are ordered: the roster)
UNORDERED_LISTS = {"corporations", "privates", "minors"}


def reorder(value: Any, key: str = "") -> Any:
    """Every mapping with its keys reversed; company lists reversed."""
    if isinstance(value, dict):
        return {k: reorder(value[k], str(k)) for k in reversed(list(value))}
    if isinstance(value, list):
        items = [reorder(v) for v in value]
        return list(reversed(items)) if key in UNORDERED_LISTS else items
    return value


def rename_zone_letters(market: dict[str, Any]) -> dict[str, Any]:
    """Give every legend letter another letter; the grid follows."""
    letters = list(market["legend"])
    spare = [c for c in "zxwvutsrqkjihgfedcba" if c not in letters]
    new = dict(zip(letters, spare))
    market["legend"] = {new[k]: v for k, v in market["legend"].items()}

    def cell(c: Any) -> Any:
        if isinstance(c, str) and c:
            digits = c.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            return digits + "".join(new.get(ch, ch) for ch in c[len(digits):])
        return c
    market["grid"] = [[cell(c) for c in row] for row in market["grid"]]
    return market


def rewritten_copy(tid: str, dest: Path) -> Path:
    folder = dest / f"rewritten_{tid}"
    shutil.copytree(TITLES_DIR / tid, folder)
    for path in folder.glob("*.yaml"):
        data = load_yaml(path.name, path.read_text(encoding="utf-8")).data  # the project's YAML: "on" is a key
        if path.name == "market.yaml":
            data = rename_zone_letters(data)
        path.write_text(yaml.safe_dump(reorder(data), sort_keys=False, allow_unicode=True), encoding="utf-8")
    return folder


@pytest.mark.parametrize("tid", valid_titles())
def test_a_rewritten_title_has_the_same_rules(tid: str, tmp_path: Path) -> None:
    copy = rewritten_copy(tid, tmp_path)
    d = diff(title(tid), load(str(copy)))
    assert list(d.changes()) == []


def test_a_changed_price_is_exactly_one_difference(tmp_path: Path) -> None:
    copy = rewritten_copy("1830", tmp_path)
    trains = copy / "trains.yaml"
    data = load_yaml(trains.name, trains.read_text(encoding="utf-8")).data
    next(t for t in data["trains"] if t["name"] == "4")["price"] = 320
    trains.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    d = diff(title("1830"), load(str(copy)))
    assert [(c.key, c.kind, c.before, c.after) for c in d.changes()] == [("trains.4.price", "changed", 300, 320)]
