"""Figures of the title format, measured from the shipped titles and the schemas (issue 29).

    .venv/bin/python tools/title_figures.py            # the two figures
    .venv/bin/python tools/title_figures.py --list     # and the paths behind them

* **Schema properties with a description**: every ``properties`` entry of every ``schema/*.schema.json``
  (a property named in several places counts in each), and how many carry a ``description`` (what the
  YAML language server shows on hover).
* **Option paths used by one title only**: an option path is a path into the typed title model
  (``railbook.title.model``; list items and mapping entries collapsed, ``title.auction.kind``,
  ``privates[].abilities[].count``) of a field that has a default, at which a title states a value other
  than that default. A path only one title states is a special case of that title, not a building block.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent


def schema_properties(schema_dir: Path = ROOT / "schema") -> Iterator[tuple[str, str, bool]]:
    """(file, JSON pointer of the property, described?) for every property of every schema."""
    def walk(node: Any, pointer: str, file: str) -> Iterator[tuple[str, str, bool]]:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                for name, sub in props.items():
                    yield file, f"{pointer}/properties/{name}", isinstance(sub, dict) and "description" in sub
            for key, sub in node.items():
                yield from walk(sub, f"{pointer}/{key}", file)
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                yield from walk(sub, f"{pointer}/{i}", file)

    for path in sorted(schema_dir.glob("*.schema.json")):
        yield from walk(json.loads(path.read_text(encoding="utf-8")), "#", path.name)


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def option_paths(value: Any, path: str = "") -> set[str]:
    """The option paths at which this (typed model) value states something other than a default."""
    out: set[str] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            default = _default(f)
            where = f"{path}.{f.name}" if path else f.name
            if default is dataclasses.MISSING or v != default:
                if default is not dataclasses.MISSING:
                    out.add(where)
                out |= option_paths(v, where)
    elif isinstance(value, tuple):
        for v in value:
            out |= option_paths(v, f"{path}[]")
    elif isinstance(value, dict):
        for v in value.values():
            out |= option_paths(v, f"{path}{{}}")
    return out


def title_option_paths() -> dict[str, set[str]]:
    """Each shipped title's option paths."""
    from railbook.compiler.compile import check_title
    from railbook.title import typed

    found = {}
    for folder in sorted((ROOT / "titles").iterdir()):
        if not (folder / "title.yaml").exists():
            continue
        src, model, _ = check_title(folder)
        if model is None or src.problems:
            raise SystemExit(f"{folder.name} does not check")
        found[folder.name] = option_paths(typed.build(model))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the undescribed properties and one-title paths")
    args = parser.parse_args(argv)
    props = list(schema_properties())
    described = sum(1 for *_, d in props if d)
    print(f"schema properties with a description: {described} of {len(props)} "
          f"({100 * described / max(1, len(props)):.0f}%)")
    by_file = collections.Counter(f for f, *_ in props)
    for name in sorted(by_file):
        n = sum(1 for f, _, d in props if f == name and d)
        print(f"  {name}: {n} of {by_file[name]}")
    if args.list:
        for f, pointer, d in props:
            if not d:
                print(f"    undescribed {f}{pointer}")
    paths = title_option_paths()
    users: collections.Counter[str] = collections.Counter()
    for found in paths.values():
        users.update(found)
    single = sorted(p for p, n in users.items() if n == 1)
    print(f"option paths used by one title only: {len(single)} of {len(users)} "
          f"({100 * len(single) / max(1, len(users)):.0f}%)")
    if args.list:
        for p in single:
            owner = next(t for t, found in paths.items() if p in found)
            print(f"    {owner}: {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
