"""Running a study into its results file: skip the games already there, play the rest on a
backend, journal each row as it comes, and write the file sorted at the end (also when stopped)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from railbook.errors import StudyError
from railbook.simulate import backends, results
from railbook.simulate.study import Study, key_of


@dataclass
class Outcome:
    path: Path
    rows: int = 0          # rows in the file now
    played: int = 0        # games played by this run
    skipped: int = 0       # games already in the file
    errors: int = 0        # games that stopped on an engine or bot error, or with listed actions refused
    interrupted: bool = False


def _check_compatible(existing: list[dict[str, Any]], title_hash: str, path: Path) -> None:
    other = sorted({str(r["title_hash"]) for r in existing if r.get("title_hash") not in (None, title_hash)})
    if other:
        raise StudyError(f"{path} holds games of other title data (source hash {str(other[0])[:12]}, now "
                         f"{title_hash[:12]}): write to another file, or delete it to play them again")


def simulate(study: Study, path: Path, backend: str = "process", workers: int = 1, address: str | None = None,
             progress: bool = True, on_row: Callable[[dict[str, Any]], None] | None = None) -> Outcome:
    from tqdm import tqdm

    from railbook.engine.title import Title

    study.check()
    results.check_format(path)
    backends.check_backend(backend)
    existing = results.read_rows(path)
    _check_compatible(existing, Title.load(study.title, study.options).module.SOURCE_HASH, path)
    have = {key_of(r) for r in existing}
    tasks = study.tasks()
    todo = [t for t in tasks if t.key() not in have]
    outcome = Outcome(path=path, skipped=len(tasks) - len(todo))
    new: list[dict[str, Any]] = []
    journal = results.Journal(path) if todo else None
    bar = tqdm(total=len(tasks), initial=outcome.skipped, unit="game", disable=not progress or None,
               file=sys.stderr, desc=f"{study.title} ({backend})", smoothing=0.1)
    try:
        for r in backends.rows(todo, backend, workers, address):
            assert journal is not None
            journal.add(r)
            new.append(r)
            outcome.played += 1
            outcome.errors += bool(r.get("error") or r.get("refused"))
            if on_row is not None:
                on_row(r)
            bar.update(1)
    except KeyboardInterrupt:
        outcome.interrupted = True
    finally:
        bar.close()
        if journal is not None:
            journal.close()
    # the file is rewritten whole, sorted: the journal's rows join it and the journal goes
    everything = results.merged(existing + new)
    if todo or results.journal_path(path).exists() or not path.exists() or existing != everything:
        results.write_rows(path, everything)
    outcome.rows = len(everything)
    return outcome
