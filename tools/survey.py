"""What the 18xx.games titles change relative to its base engine: the survey behind railbook's blocks.

Reads the reference engine's source (``lib/engine``: ``game/base.rb``, ``step/*.rb``, ``round/*.rb``
and every title's ``game/g_<title>/``) and writes docs/survey.md: which base step and round classes
the titles subclass and which base game methods they override, counted by titles, and every
auction, draft, merger, loan and nationalisation form, with the titles that have it.

It reads the Ruby as text (class lines, ``def`` lines, file names), never runs it, and sorts
everything: the same source always gives the same page.

    python3 tools/survey.py [--ref /work/ref18xx/lib] [-o docs/survey.md]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

CLASS = re.compile(r"^\s*class\s+(\w+)\s*<\s*([\w:]+)", re.MULTILINE)
INCLUDE = re.compile(r"^\s*include\s+([\w:]+)", re.MULTILINE)
DEF = re.compile(r"^\s*def\s+(?:self\.)?([a-z_][\w]*[?!=]?)", re.MULTILINE)
MODULE = re.compile(r"^\s*module\s+(G(?!ame\b)\w+)\s*$", re.MULTILINE)

#: the families of forms the survey lists one by one: a form is a step or round file whose name or
#: base class says so (the words are matched in the file's name and its classes' names)
FAMILIES: dict[str, tuple[str, ...]] = {
    "auction": ("auction", "bid"),
    "draft": ("draft",),
    "merger": ("merge", "merger", "acquire", "acquisition", "absorb", "formation", "convert", "conversion",
               "consolidat"),
    "loan": ("loan",),
    "nationalisation": ("nationali", "national"),
}


def title_dirs(game_dir: Path) -> list[Path]:
    return sorted(d for d in game_dir.iterdir() if d.is_dir() and d.name.startswith("g_"))


def title_id(folder: Path) -> str:
    """The title's module name as its meta file spells it (G1846TwoPlayerVariant -> 1846TwoPlayerVariant)."""
    meta = folder / "meta.rb"
    text = meta.read_text(encoding="utf-8") if meta.exists() else ""
    m = MODULE.search(text)
    return m.group(1)[1:] if m else folder.name[2:]


def base_methods(ref: Path) -> set[str]:
    return set(DEF.findall((ref / "engine" / "game" / "base.rb").read_text(encoding="utf-8")))


def step_bases(ref: Path, kind: str) -> set[str]:
    return {p.stem for p in (ref / "engine" / kind).glob("*.rb")}


def camel(stem: str) -> str:
    return "".join(part.capitalize() for part in stem.split("_"))


def survey(ref: Path) -> dict[str, object]:
    game_dir = ref / "engine" / "game"
    methods = base_methods(ref)
    base_steps = {camel(s) for s in step_bases(ref, "step")}
    base_rounds = {camel(s) for s in step_bases(ref, "round")}
    step_users: dict[str, set[str]] = defaultdict(set)    # Engine::Step::X -> titles subclassing it
    round_users: dict[str, set[str]] = defaultdict(set)
    module_users: dict[str, set[str]] = defaultdict(set)  # Engine::Step::<module> included
    method_users: dict[str, set[str]] = defaultdict(set)
    own_steps: dict[str, int] = {}
    forms: dict[str, dict[str, set[str]]] = {f: defaultdict(set) for f in FAMILIES}
    titles: list[str] = []
    for folder in title_dirs(game_dir):
        tid = title_id(folder)
        titles.append(tid)
        game_rb = folder / "game.rb"
        if game_rb.exists():
            for name in set(DEF.findall(game_rb.read_text(encoding="utf-8"))):
                if name in methods:
                    method_users[name].add(tid)
                for family, keys in FAMILIES.items():
                    if family != "auction" and any(k in name for k in keys):
                        forms[family][f"game method {name}"].add(tid)
        count = 0
        for kind, users, known in (("step", step_users, base_steps), ("round", round_users, base_rounds)):
            for rb in sorted((folder / kind).glob("*.rb")) if (folder / kind).is_dir() else []:
                text = rb.read_text(encoding="utf-8")
                classes = CLASS.findall(text)
                for name, parent in classes:
                    short = parent.split("::")[-1]
                    if parent.startswith(f"Engine::{kind.capitalize()}::") and short in known:
                        users[short].add(tid)
                    if kind == "step":
                        count += 1
                    words = f"{rb.stem} {name}".lower()
                    for family, keys in FAMILIES.items():
                        if any(k in words for k in keys):
                            forms[family][f"{kind} {name} < {short}"].add(tid)
                for mod in INCLUDE.findall(text):
                    if mod.startswith("Engine::Step::"):
                        module_users[mod.split("::")[-1]].add(tid)
        own_steps[tid] = count
    return {"titles": sorted(titles), "steps": step_users, "rounds": round_users, "modules": module_users,
            "methods": method_users, "own_steps": own_steps, "forms": forms, "base_methods": len(methods)}


def _table(rows: list[tuple[str, set[str]]], what: str, limit: int | None = None, list_titles: int = 6) -> list[str]:
    out = [f"| {what} | titles | for example |", "| --- | ---: | --- |"]
    ranked = sorted(rows, key=lambda r: (-len(r[1]), r[0]))
    for name, users in ranked[:limit]:
        sample = ", ".join(sorted(users)[:list_titles]) + (", ..." if len(users) > list_titles else "")
        out.append(f"| `{name}` | {len(users)} | {sample} |")
    return out


def render(data: dict[str, object]) -> str:
    titles: list[str] = data["titles"]  # type: ignore[assignment]
    steps: dict[str, set[str]] = data["steps"]  # type: ignore[assignment]
    rounds: dict[str, set[str]] = data["rounds"]  # type: ignore[assignment]
    modules: dict[str, set[str]] = data["modules"]  # type: ignore[assignment]
    methods: dict[str, set[str]] = data["methods"]  # type: ignore[assignment]
    forms: dict[str, dict[str, set[str]]] = data["forms"]  # type: ignore[assignment]
    own: dict[str, int] = data["own_steps"]  # type: ignore[assignment]
    lines = [
        "# Survey: what the 18xx.games titles change in its base engine",
        "",
        "<!-- generated by tools/survey.py from the 18xx.games engine source; do not edit by hand -->",
        "",
        f"{len(titles)} titles (folders `lib/engine/game/g_*/`, children such as 1846's two-player variant "
        "counted as titles of their own). A title *overrides* a base game method when its `game.rb` defines a "
        f"method of that name that `game/base.rb` defines ({data['base_methods']} methods); it *subclasses* a "
        "base step or round when one of its `step/` or `round/` classes names it as its superclass. A title "
        "that subclasses another title's class, or inherits another title's game, counts only for what its own "
        "files say. Counts are of titles, not of classes.",
        "",
        "Read it as the list of hook points and blocks titles really need: the most overridden methods and "
        "steps are where a title's rules differ from the base most often.",
        "",
        "## Base steps the titles subclass",
        "",
        *_table(list(steps.items()), "base step"),
        "",
        "## Step modules the titles include",
        "",
        *_table(list(modules.items()), "module"),
        "",
        "## Base rounds the titles subclass",
        "",
        *_table(list(rounds.items()), "base round"),
        "",
        "## Base game methods the titles override (the 60 most overridden)",
        "",
        *_table(list(methods.items()), "method", limit=60),
        "",
        f"{len(methods)} base methods are overridden by at least one title; "
        f"{sum(1 for u in methods.values() if len(u) == 1)} of them by exactly one.",
        "",
        "## Titles by the number of step classes of their own",
        "",
        "| step classes | titles |",
        "| ---: | --- |",
    ]
    by_count: dict[int, list[str]] = defaultdict(list)
    for tid, n in own.items():
        by_count[n].append(tid)
    for n in sorted(by_count, reverse=True):
        lines.append(f"| {n} | {', '.join(sorted(by_count[n]))} |")
    for family in FAMILIES:
        lines += ["", f"## Every {family} form", "",
                  f"Step and round classes whose file or class name says {family} "
                  f"({', '.join(repr(k) for k in FAMILIES[family])}), with the base class each extends"
                  + ("." if family == "auction" else ", and game methods whose name says it.") , "",
                  "| form (class < base class, or game method) | titles |", "| --- | --- |"]
        for form, users in sorted(forms[family].items(), key=lambda r: (-len(r[1]), r[0])):
            lines.append(f"| `{form}` | {', '.join(sorted(users))} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="/work/ref18xx/lib", help="the 18xx.games engine's lib folder")
    parser.add_argument("-o", "--output", default=str(Path(__file__).resolve().parent.parent / "docs" / "survey.md"))
    args = parser.parse_args(argv)
    ref = Path(args.ref)
    if not (ref / "engine" / "game" / "base.rb").exists():
        print(f"survey: no 18xx.games engine at {ref} (lib/engine/game/base.rb)", file=sys.stderr)
        return 2
    Path(args.output).write_text(render(survey(ref)), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
