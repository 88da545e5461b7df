"""Commands about titles as data: titles, info, validate, compile."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from railbook.errors import TitleError
from railbook.paths import title_dir, title_ids
from railbook.problems import Problems

if TYPE_CHECKING:
    from railbook.dsl import CompiledHooks
    from railbook.title.loader import TitleSource

# the checker and compiler (jsonschema, lark, jinja2) load only for the commands that use them


def check_title(folder: Path) -> tuple[TitleSource, dict[str, Any] | None, CompiledHooks]:
    from railbook.compiler.compile import check_title as check

    return check(folder)


def display_path(path: Path) -> str:
    from railbook.title.loader import display_path as show

    return show(path)


def _fmt_money(model: dict[str, Any], amount: int) -> str:
    cur = model["title"]["currency"]
    return f"{cur['symbol']}{amount}" if cur["placement"] == "prefix" else f"{amount} {cur['symbol']}"


def cmd_titles(args: argparse.Namespace) -> int:
    from railbook.compiler.cache import (
        load_compiled,  # a title compiled before is read from the cache, not checked again
    )

    rows = []
    for tid in title_ids():
        try:
            t = load_compiled(title_dir(tid)).MODEL.title
        except TitleError:
            rows.append((tid, "(does not load: run railbook validate)", "", ""))
            continue
        players = f"{t.players.min}-{t.players.max}"
        rows.append((tid, t.subtitle or "", t.designer or "", players))
    w = [max(len(r[i]) for r in rows + [("title", "", "designer", "players")]) for i in range(4)]
    print(f"{'title':<{w[0]}}  {'players':<{w[3]}}  {'designer':<{w[2]}}  subtitle")
    for tid, sub, des, pl in rows:
        print(f"{tid:<{w[0]}}  {pl:<{w[3]}}  {des:<{w[2]}}  {sub}")
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    folder = title_dir(args.title)
    src, model, hooks = check_title(folder)
    if model is None or src.problems:
        _print_problems(src.problems)
        return 1
    t = model["title"]

    def m(n: int) -> str:
        return _fmt_money(model, n)

    print(f"{t['name']}" + (f": {t['subtitle']}" if t.get("subtitle") else ""))
    if t.get("designer"):
        print(f"  designer   {t['designer']}" + (f" ({t['year']})" if t.get("year") else ""))
    print(f"  players    {t['players']['min']}-{t['players']['max']}")
    print("  cash       " + ", ".join(f"{n}p {m(c)}" for n, c in t["starting_cash"].items()))
    print("  cert limit " + ", ".join(f"{n}p {c}" for n, c in t["certificate_limit"].items()))
    bank = "unlimited" if t["bank"].get("unlimited") else _by_players(t["bank"]["cash"], m)
    print(f"  bank       {bank}; {t['capitalization']} capitalization")
    print(f"  privates   {len(model['privates'])}; corporations {len(model['corporations'])}"
          + (f"; minors {len(model['minors'])}" if model["minors"] else ""))
    print("  trains")
    for tr in model["trains"]:
        count = ("unlimited" if tr["count"] is None else f"x{tr['count']}" if isinstance(tr["count"], int)
                 else _by_players(tr["count"], lambda n: f"x{n}"))
        rust = f", rusts on {tr['rusts_on']}" if tr["rusts_on"] else ""
        print(f"    {tr['name']:<5} {_by_players(tr['price'], m):>8}  {count}{rust}")
    print("  phases")
    for ph in model["phases"]:
        limit = ph["train_limit"]
        limit = limit if isinstance(limit, int) else ", ".join(f"{k} {v}" for k, v in limit.items())
        on = f"on {', '.join(ph['on'])}" if ph["on"] else "start"
        print(f"    {ph['name']:<7} {on:<10} tiles {'/'.join(ph['tiles']):<25} limit {limit}  ORs {ph['operating_rounds']}")
    if hooks.hooks or hooks.events:
        print("  rule hooks " + ", ".join(sorted(list(hooks.hooks) + [f"event {e}" for e in hooks.events])))
    if t["optional_rules"]:
        print("  options    " + ", ".join(o["id"] for o in t["optional_rules"]))
    return 0


def _by_players(value: Any, fmt: Callable[[Any], str]) -> str:
    """A title's figure as a reader wants it: one value, or one per number of players ("3p $6,500")."""
    if isinstance(value, dict):
        return ", ".join(f"{n}p {fmt(v)}" for n, v in value.items())
    return fmt(value)


def _print_problems(problems: Problems, stream: Any = None) -> None:
    stream = stream or sys.stdout
    for p in problems:
        print(p, file=stream)


def cmd_validate(args: argparse.Namespace) -> int:
    targets = args.titles or [str(title_dir(t)) for t in title_ids()]
    failed = 0
    for target in targets:
        folder = title_dir(target)
        src, model, hooks = check_title(folder)
        for w in hooks.warnings:
            print(f"{w.file}:{w.line}:{w.col}: warning: {w.message}", file=sys.stderr)
        if src.problems:
            failed += 1
            _print_problems(src.problems)
            n = len(src.problems)
            print(f"{display_path(folder)}: {n} problem{'s' if n != 1 else ''}", file=sys.stderr)
        elif not args.quiet:
            print(f"{display_path(folder)}: ok")
    return 1 if failed else 0


def cmd_compile(args: argparse.Namespace) -> int:
    out = Path(args.output)
    status = 0
    for target in args.titles:
        folder = title_dir(target)
        from railbook.compiler.compile import compile_title
        from railbook.compiler.fingerprint import module_filename

        try:
            compiled = compile_title(folder)
        except TitleError as exc:
            _print_problems(exc.problems)
            status = 1
            continue
        out.mkdir(parents=True, exist_ok=True)
        path = out / module_filename(compiled.title_id)
        path.write_text(compiled.source, encoding="utf-8")
        print(f"{display_path(folder)} -> {path} ({len(compiled.source.encode()):,} bytes, "
              f"source {compiled.source_hash[:12]})")
    return status


def register_titles(sub: Any) -> None:
    p = sub.add_parser("titles", help="list the titles in titles/",
                       description="List every title folder under titles/ with its players and designer.")
    p.set_defaults(func=cmd_titles)


def register_info(sub: Any) -> None:
    p = sub.add_parser("info", help="a compact overview of one title",
                       description="Print a title's players, cash, certificate limits, trains and phases.")
    p.add_argument("title", help="a title id or a title folder (titles/<id>)")
    p.set_defaults(func=cmd_info)


def register_validate(sub: Any) -> None:
    p = sub.add_parser("validate", help="check titles and report every problem",
                       description="Check title folders against the schema, their references and their rule "
                                   "hooks. Every problem is printed as FILE:LINE:COL: PATH: MESSAGE. Exit status "
                                   "is 0 when all titles are valid, 1 otherwise.")
    p.add_argument("titles", nargs="*", help="title folders or ids (default: every title)")
    p.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    p.set_defaults(func=cmd_validate)


def register_compile(sub: Any) -> None:
    p = sub.add_parser("compile", help="compile titles to Python modules",
                       description="Compile each title into one importable, readable Python module "
                                   "(title_<id>.py). The same sources always give the same bytes.")
    p.add_argument("titles", nargs="+", help="title folders or ids")
    p.add_argument("-o", "--output", default="build", help="output folder (default: build)")
    p.set_defaults(func=cmd_compile)


REGISTER: dict[str, Callable[[Any], None]] = {
    "titles": register_titles,
    "info": register_info,
    "validate": register_validate,
    "compile": register_compile,
}
