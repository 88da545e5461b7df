"""The engine's commands: replay recorded games, run the fidelity suite, and play.

    railbook replay GAME.json [--trace OUT.jsonl] [--until ID]
    railbook fidelity [DIR]
    railbook new TITLE --players 4 --seed 7 -o game.json
    railbook act game.json '{"type": "pass"}'
    railbook show game.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from railbook.cli.fidelity_row import judged_row
from railbook.errors import (
    LogError,
    RailbookError,
)
from railbook.paths import fidelity_dir

if TYPE_CHECKING:
    from railbook.importers.eighteen_xx import GameLog

# The engine loads when a game command runs, not when railbook registers its commands.


def fixtures_dir() -> Path:
    return fidelity_dir()


def _fail(message: str) -> int:
    print(f"railbook: {message}", file=sys.stderr)
    return 1


def _load_log(path: str) -> "GameLog":
    from railbook.importers import eighteen_xx

    try:
        return eighteen_xx.load(path)
    except FileNotFoundError:
        raise LogError(f"{path}: no such file") from None


def _results_row_log(path: str, number: int, save: str | None) -> "GameLog":
    """The game log of one row of a balance study's results (``railbook simulate``), saved if asked."""
    from railbook.importers import eighteen_xx
    from railbook.simulate.results import row

    found = row(Path(path), number)
    if not found.get("log"):
        raise LogError(f"{path} row {number} has no game log ({found.get('error') or 'the game did not start'})")
    data = json.loads(found["log"])
    if save:
        Path(save).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return eighteen_xx.from_dict(data, source=f"{path} row {number}")


# ---------------------------------------------------------------- replay

def cmd_replay(args: argparse.Namespace) -> int:
    from railbook.cli.show import render_state
    from railbook.importers.formats import looks_like_report
    from railbook.importers.replay import replay

    if looks_like_report(args.game):
        from railbook.cli.report_commands import cmd_replay_report

        return cmd_replay_report(args.game)
    if args.save and args.row is None:
        return _fail("--save saves the game of a results row: use it with --row N")
    try:
        log = _results_row_log(args.game, args.row, args.save) if args.row is not None else _load_log(args.game)
        sink = open(args.trace, "w", encoding="utf-8") if args.trace else None
        try:
            result = replay(log, until=args.until, trace_sink=sink)
        finally:
            if sink:
                sink.close()
    except RailbookError as exc:
        return _fail(str(exc))
    game = result.game
    assert game is not None
    changes = [f"{path}={json.dumps(value)}" for path, value in log.changes]
    print(f"{log.title}: {len(log.players)} players, {result.processed} actions replayed"
          + (f" (optional rules: {', '.join(log.optional_rules)})" if log.optional_rules else "")
          + (f" (data changes: {', '.join(changes)})" if changes else ""))
    if result.error is not None:
        a = result.error_action or {}
        print(f"\naction {a.get('id')} ({a.get('type')} by {a.get('entity')}) breaks a rule: {result.error.message}")
        print(f"rule: {result.error.rule}\n")
        print(render_state(game))
        return 1
    if args.until is not None:
        print(render_state(game))
        return 0
    for w in game.warnings[:10]:
        print(f"warning: {w}")
    if game.trusted_revenues:
        print(f"{game.trusted_revenues} route revenues taken on trust (recorded as hexes only, "
              "the route cannot be rebuilt unambiguously)")
    status = "finished" if game.finished else "not finished"
    reason = f" ({game.game_end_reason.replace('_', ' ')})" if game.finished and game.game_end_reason else ""
    print(f"game {status}{reason}")
    expected = {str(k): v for k, v in (log.result or {}).items()}
    for pid, score in game.result().items():
        player = game.player_by_id(pid)
        if player is None:  # the result is keyed by the game's own players
            raise RuntimeError(f"the game's result names an unknown player {pid!r}")
        mark = ""
        if expected:
            mark = "  = recorded" if expected.get(pid) == score else f"  != recorded {expected.get(pid)}"
        print(f"  {player.name:<20} {game.format_money(score):>10}{mark}")
    if expected:
        ok = result.matches_result
        print("scores match the recorded result" if ok else "scores DIFFER from the recorded result")
        return 0 if ok else 1
    return 0


# ---------------------------------------------------------------- fidelity

def compare_traces(expected_path: Path, actual: list[dict[str, Any]]) -> str | None:
    """None when every line agrees, else a sentence naming the first difference."""
    with open(expected_path, encoding="utf-8") as fh:
        expected = [json.loads(line) for line in fh if line.strip()]
    for i, exp in enumerate(expected):
        if i >= len(actual):
            return f"trace ends after {len(actual)} of {len(expected)} actions"
        act = actual[i]
        if exp.get("action") != act.get("action"):
            return f"line {i + 1}: expected action {exp.get('action')}, got {act.get('action')}"
        diffs = _diff(exp, act)
        if diffs:
            return f"first difference at action {exp.get('action')}: " + "; ".join(diffs[:3])
    if len(actual) > len(expected):
        return f"{len(actual) - len(expected)} extra trace lines"
    return None


def _diff(exp: Any, act: Any, path: str = "") -> list[str]:
    out: list[str] = []
    if isinstance(exp, dict) and isinstance(act, dict):
        for key in list(exp) + [k for k in act if k not in exp]:
            if not path and key == "round":
                continue
            out.extend(_diff(exp.get(key, "<missing>"), act.get(key, "<missing>"), f"{path}.{key}" if path else str(key)))
        return out
    if type(exp) is not type(act) and (isinstance(exp, bool) or isinstance(act, bool)) or exp != act:
        out.append(f"{path}: expected {json.dumps(exp)}, got {json.dumps(act)}")
    return out


def run_fidelity(folder: Path, verbose: bool = True,
                 reports: list[Path] | None = None) -> tuple[int, int, list[dict[str, Any]]]:
    """Replay every game log under the folder, and these Rails reports (default: those under the folder)."""
    from railbook.cli.progress import bar
    from railbook.cli.report_commands import fidelity_row, report_files

    games = sorted(p for p in folder.rglob("*.json"))
    reports = report_files(folder, rails_sibling=False) if reports is None else reports
    total = len(games) + len(reports)
    rows = []
    exact = 0
    progress = None if verbose else bar(total, "fidelity", "game")   # a verbose run's lines are its progress
    for i, path in enumerate(games + reports, 1):
        row = fidelity_row(path, folder.parent) if path.suffix == ".report" else game_fidelity_row(path, folder)
        exact += row["ok"]
        rows.append(row)
        if progress is not None:
            progress.update(1)
        if verbose:
            status = "exact" if row["ok"] else "unknown" if row.get("unknown") else "DIFFERS"
            print(f"[{i}/{total}] {row['game']:<48} {status:<8} {row.get('actions', 0):>5} actions "
                  f"{row['ms']:>6} ms" + (f"  {row['detail']}" if row.get("detail") else ""), flush=True)
    if progress is not None:
        progress.close()
    return total, exact, rows


def game_fidelity_row(path: Path, folder: Path) -> dict[str, Any]:
    """Replay one 18xx.games log: exact when it runs through, its scores match and its trace agrees."""
    from railbook.importers.replay import replay
    from railbook.title.sources import find_title_or_alias

    def judge(row: dict[str, Any]) -> bool:
        log = _load_log(str(path))
        if find_title_or_alias(log.title) is None:        # not railbook's to judge: counted apart, not as differing
            row["unknown"] = True
            row["detail"] = f"not a title railbook has ({log.title})"
            return False
        result = replay(log, want_trace=True)
        row["actions"] = result.processed
        if result.error is not None:
            a = result.error_action or {}
            row["detail"] = f"stops at action {a.get('id')}: {result.error.message} [{result.error.rule}]"
            return False
        scores_ok = result.matches_result
        trace_file = path.with_suffix("").with_suffix(".trace.jsonl")
        trace_diff = compare_traces(trace_file, result.trace) if trace_file.exists() else None
        row["scores"] = scores_ok
        row["trace"] = None if not trace_file.exists() else (trace_diff is None)
        if scores_ok is False:
            row["detail"] = "final scores differ"
        elif trace_diff:
            row["detail"] = trace_diff
        return scores_ok is not False and not trace_diff

    return judged_row(str(path.relative_to(folder)), judge)


def cmd_fidelity(args: argparse.Namespace) -> int:
    folder = Path(args.dir) if args.dir else fixtures_dir()
    if not folder.is_dir():
        print(f"no fixtures at {folder} (set RAILBOOK_FIXTURES); nothing to check")
        return 0
    reports = None
    if not args.dir:  # the default fixtures root: also the Rails reports in its sibling rails/ folder
        from railbook.cli.report_commands import report_files

        reports = report_files(folder, rails_sibling=True)
    n, exact, rows = run_fidelity(folder, verbose=not args.quiet, reports=reports)
    unknown = sum(1 for row in rows if row.get("unknown"))
    print(f"games: {n}, exact: {exact}, not a title railbook has: {unknown}")
    return 0 if exact + unknown == n else 1


# ---------------------------------------------------------------- play

def _load_saved(path: str) -> tuple[dict[str, Any], Any]:
    from railbook.play.saves import load_saved

    return load_saved(path)


def cmd_new(args: argparse.Namespace) -> int:
    from railbook.cli.show import render_state
    from railbook.importers import eighteen_xx
    from railbook.importers.replay import new_game
    from railbook.play.saves import new_log, write_atomically

    names = [n.strip() for n in args.names.split(",")] if args.names else [f"Player {i + 1}" for i in range(args.players)]
    if args.names and len(names) != args.players:
        return _fail(f"--names gives {len(names)} names for {args.players} players")
    data = new_log(args.title, names, args.seed, args.option)
    try:
        log = eighteen_xx.from_dict(data)
        game = new_game(log)
        write_atomically(args.output, data, overwrite=args.force)
    except RailbookError as exc:
        return _fail(str(exc))
    print(f"new {args.title} game for {len(names)} players -> {args.output}")
    _remember_title_folder(args.title)
    print()
    print(render_state(game))
    return 0


def _remember_title_folder(title: str) -> None:
    """A game of a title found through ``--titles`` (or $RAILBOOK_TITLES) remembers its folder for
    this user, so that ``show``, ``act`` and the rest find it without ``--titles`` again."""
    from railbook.paths import TITLES_DIR, find_title, remember_title

    folder = find_title(title)
    if folder is not None and folder.resolve().parent != TITLES_DIR.resolve() and remember_title(title, folder):
        print(f"(the title {title} is remembered from {folder}: later commands find it without --titles)")


def cmd_act(args: argparse.Namespace) -> int:
    """One action (or an undo) through :func:`railbook.play.apply.apply`, as the browser's table takes it."""
    from railbook.cli.show import render_state
    from railbook.play import apply
    from railbook.play.listing import what_happened

    try:
        if args.undo:
            done = apply.undo(args.game)
        else:
            done = apply.apply(args.game, args.action, args.value)
    except RailbookError as exc:
        return _fail(str(exc))
    if not args.undo:
        print(what_happened(done.happened))
        print()
    print(render_state(done.game))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from railbook.cli.listing import render_legal
    from railbook.cli.show import render_state
    from railbook.engine.trace import digest
    from railbook.play.listing import listed_json

    try:
        _, game = _load_saved(args.game)
    except RailbookError as exc:
        return _fail(str(exc))
    if args.json:       # the state digest, and the legal actions numbered as `legal --json` numbers them
        shown = digest(game, game.history[-1].get("id", 0) if game.history else 0)
        shown["legal"] = listed_json(game)
        print(json.dumps(shown, indent=1))
    else:
        print(render_state(game))
        print()
        print(render_legal(game))
    return 0


# ---------------------------------------------------------------- registration

def register_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help="replay a recorded game (18xx.games export or Rails report)",
                       description="Replay an 18xx.games export (undo/redo and auto actions resolved as that site "
                                   "does; routes rebuilt and their revenue recomputed). Prints the final scores and "
                                   "compares them with the log's result. A log that breaks a rule stops with the "
                                   "action id, the rule and the state at that point (exit 1). A Rails game report "
                                   "(.report) is replayed too: every 'Has' cash checkpoint and the final ranking "
                                   "are compared (the first mismatch is named by its line); its revenues are taken "
                                   "on trust, as it records no routes.")
    p.add_argument("game", help="the game export (JSON) or Rails report (.report)")
    p.add_argument("--trace", metavar="OUT.jsonl", help="write the state after every action (STATE_DIGEST.md)")
    p.add_argument("--until", type=int, metavar="ID", help="stop after action ID and print the state")
    p.add_argument("--row", type=int, metavar="N", help="GAME is a results file of 'railbook simulate': replay the "
                                                         "game of its row N (1 is the first)")
    p.add_argument("--save", metavar="GAME.json", help="with --row: also save that game's log (for 'railbook show')")
    p.set_defaults(func=cmd_replay)


def register_fidelity(sub: Any) -> None:
    p = sub.add_parser("fidelity", help="replay every recorded game and compare scores and traces",
                       description="Replay every game log under DIR, compare final scores and, where a "
                                   ".trace.jsonl exists, the state after every action; Rails reports (.report) "
                                   "under DIR, and without DIR those in the fixtures' sibling rails/ folder, are "
                                   "compared by their cash checkpoints and final ranking. One line per game, then "
                                   "'games: N, exact: K, not a title railbook has: U' (games of titles railbook "
                                   "does not have are counted apart, not as differing). Exit 1 unless every game "
                                   "of a title railbook has is exact.")
    p.add_argument("dir", nargs="?", help="fixtures folder (default: $RAILBOOK_FIXTURES, else ../shared/fidelity)")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the total")
    p.set_defaults(func=cmd_fidelity)


def register_new(sub: Any) -> None:
    p = sub.add_parser("new", help="start a new game", description="Start a game of a title and save it as a JSON "
                       "action log (the 18xx.games shape, so it round-trips with replay).")
    p.add_argument("title", help="a title id, as 'railbook titles' lists them")
    p.add_argument("--players", type=int, required=True, help="number of players")
    p.add_argument("--names", help="comma-separated player names")
    p.add_argument("--seed", type=int, default=1, help="the seed for setup randomness (default 1)")
    p.add_argument("--option", action="append", metavar="RULE", help="an optional rule (repeatable)")
    p.add_argument("-o", "--output", required=True, help="where to save the game (a new file)")
    p.add_argument("--force", action="store_true", help="replace the file if it exists (a game there is lost)")
    p.set_defaults(func=cmd_new)


def register_act(sub: Any) -> None:
    p = sub.add_parser("act", help="apply one action to a saved game",
                       description="Apply an action to a saved game: its number in `railbook show` (with a value "
                                   "for its range, e.g. a bid: `act GAME 3 150`), `auto-routes` (the best routes "
                                   "for the corporation running trains), or JSON as 18xx.games writes actions, "
                                   "with natural values where they are unambiguous (a player's name, tile 57, "
                                   "share price 67, a city by its hex, a train by its name; 'entity' defaults to "
                                   "whoever is to act). Prints what happened. An illegal action is refused with "
                                   "the rule it breaks and the game file is left unchanged.")
    p.add_argument("game", help="the saved game")
    p.add_argument("action", nargs="?", default="{}",
                   help="a number from `railbook show`, auto-routes, or the action as JSON")
    p.add_argument("value", nargs="?", help="the value for a listed action's range (a bid, a price)")
    p.add_argument("--undo", action="store_true", help="undo the last action instead")
    p.set_defaults(func=cmd_act)


def register_show(sub: Any) -> None:
    p = sub.add_parser("show", help="print a saved game's state and every legal action, numbered",
                       description="Print players, corporations, the market, trains, and every legal action now, "
                                   "numbered and grouped, as JSON ready to paste (or take one with "
                                   "`railbook act GAME N`).")
    p.add_argument("game", help="the saved game")
    p.add_argument("--json", action="store_true", help="print the state digest as JSON instead")
    p.set_defaults(func=cmd_show)


REGISTER: dict[str, Callable[[Any], None]] = {
    "replay": register_replay,
    "fidelity": register_fidelity,
    "new": register_new,
    "act": register_act,
    "show": register_show,
}
