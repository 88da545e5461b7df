"""The command-line side of Rails report replays: ``railbook replay GAME.report``
and the report rows of ``railbook fidelity``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from railbook.cli.fidelity_row import judged_row
from railbook.cli.show import render_state
from railbook.errors import (
    LogError,
    RailbookError,
)
from railbook.importers.report_replay import ReportReplayResult, replay_report_file


def load_report_result(path: str | Path) -> ReportReplayResult:
    try:
        return replay_report_file(path)
    except FileNotFoundError:
        raise LogError(f"{path}: no such file") from None


def verdict(result: ReportReplayResult) -> str | None:
    """None when the replay is exact, else a sentence naming the first difference."""
    if result.error is not None:
        return (f"stops at line {result.error_line} ({result.error_event}): {result.error.message} "
                f"[{result.error.rule}]")
    bad = result.first_mismatch
    if bad is not None:
        return f"line {bad.line}: {bad.name} has {bad.actual} in the engine, {bad.expected} in the report"
    if not result.checkpoints:
        return "the report has no cash checkpoint"
    if result.ranking_matches is None:
        return "the game did not end as the report's did" if result.report.ranking else "the report has no ranking"
    if result.ranking_matches is False:
        return "the final ranking differs"
    return None


def cmd_replay_report(path: str, show_notes: int = 10) -> int:
    try:
        result = load_report_result(path)
    except RailbookError as exc:
        print(f"railbook: {exc}")
        return 1
    report, game = result.report, result.game
    rules = f" (optional rules: {', '.join(result.optional_rules)})" if result.optional_rules else ""
    ok = sum(1 for c in result.checkpoints if c.ok)
    print(f"{report.title}: {len(report.players)} players, {len(result.actions)} actions from "
          f"{len(report.events)} report lines{rules}")
    print(f"cash checkpoints: {ok} of {len(result.checkpoints)} match; "
          f"{result.trusted_revenues} revenues taken on trust (the report records no routes)")
    for note in result.notes[:show_notes]:
        print(f"note: {note}")
    if result.error is not None:
        print(f"\nline {result.error_line} ({result.error_event}) breaks a rule: {result.error.message}")
        print(f"rule: {result.error.rule}\n")
        if game is not None:
            print(render_state(game))
        return 1
    bad = result.first_mismatch
    if bad is not None:
        print(f"first mismatch: line {bad.line}: {bad.name} has {bad.actual} in the engine, "
              f"{bad.expected} in the report")
    if game is not None:
        status = "finished" if game.finished else "not finished"
        reason = f" ({game.game_end_reason.replace('_', ' ')})" if game.finished and game.game_end_reason else ""
        print(f"game {status}{reason}")
        expected = report.result
        for name, score in result.scores.items():
            mark = ""
            if expected:
                mark = "  = ranked" if expected.get(name) == score else f"  != ranked {expected.get(name)}"
            print(f"  {name:<20} {game.format_money(score):>10}{mark}")
    if result.ranking_matches is not None:
        print("final ranking matches the report" if result.ranking_matches else "final ranking DIFFERS from the report")
    return 0 if verdict(result) is None else 1


def fidelity_row(path: Path, base: Path) -> dict[str, Any]:
    try:
        name = str(path.relative_to(base))
    except ValueError:
        name = str(path)

    def judge(row: dict[str, Any]) -> bool:
        result = load_report_result(path)
        row["actions"] = len(result.actions)
        detail = verdict(result)
        if detail:
            row["detail"] = detail
        return not detail

    return judged_row(name, judge)


def report_files(folder: Path, rails_sibling: bool) -> list[Path]:
    """Reports under the folder; with ``rails_sibling``, also those under its sibling rails/ folder."""
    found = sorted(folder.rglob("*.report"))
    sibling = folder.parent / "rails"
    if rails_sibling and sibling.is_dir() and sibling.resolve() != folder.resolve():
        found += sorted(sibling.rglob("*.report"))
    return found
