"""A study's results file: one row per game, in Parquet (``.parquet``, with pyarrow) or
JSON Lines (any other name).

Rows are written sorted by their game (:func:`order`), in one canonical form, so the same
rows are the same bytes whoever computed them and in whatever order they finished. While a
study runs, each finished row is appended at once to a journal beside the results
(``RESULTS.partial.jsonl``): a study stopped for any reason keeps every game it finished,
and running it again plays only the games missing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

from railbook.errors import StudyError
from railbook.simulate.study import key_of, parse_change

#: the columns of a row, in the order Parquet stores them, with their Arrow types (see schema())
_INT, _STR, _BOOL = "int64", "string", "bool"
_CORPORATION = [("sym", _STR), ("par", _INT), ("floated_or", _INT), ("max_price", _INT), ("final_price", _INT),
                ("trains_bought", _INT), ("dividends", _INT), ("withheld", _INT), ("closed_or", _INT),
                ("president_seat", _INT), ("prices", [_INT])]
_PRIVATE = [("sym", _STR), ("buyer_seat", _INT), ("price", _INT), ("bought_or", _INT), ("closed_or", _INT)]
_SEAT = [("seat", _INT), ("player", _STR), ("score", _INT), ("rank", _INT), ("cash", _INT), ("bankrupt", _BOOL),
         ("bankrupt_or", _INT), ("shares", [[("corporation", _STR), ("percent", _INT)]]), ("privates", [_STR]),
         ("presidencies", [_STR])]
COLUMNS: list[tuple[str, Any]] = [
    ("title", _STR), ("players", _INT), ("bots", [_STR]), ("seed", _INT), ("options", [_STR]),
    ("changes", [_STR]), ("max_actions", _INT), ("title_hash", _STR),
    ("finished", _BOOL), ("end_reason", _STR), ("error", _STR), ("refused", _INT),
    ("actions", _INT), ("operating_rounds", _INT), ("stock_rounds", _INT), ("sets", _INT), ("phase", _STR),
    ("winners", [_INT]), ("bankruptcies", _INT), ("seats", [_SEAT]), ("corporations", [_CORPORATION]),
    ("privates", [_PRIVATE]), ("phases", [[("phase", _STR), ("or", _INT), ("action", _INT)]]),
    ("rusts", [[("train", _STR), ("or", _INT), ("action", _INT), ("count", _INT)]]),
    ("log", _STR),
]
_NAMES = [name for name, _ in COLUMNS]


def _value_order(text: str) -> tuple[Any, ...]:
    """A data change, ordered by its path and then by its value (numbers as numbers)."""
    path, value = parse_change(text)
    return (path, 0, value, "") if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else (path, 1, 0, json.dumps(value, sort_keys=True))


def order(row: dict[str, Any]) -> tuple[Any, ...]:
    """Where a row sorts: by title, player count, data changes, optional rules, the bots taking part
    (whatever their seats), the action cap, then seed (and seating)."""
    return (row["title"], row["players"], [_value_order(c) for c in row["changes"]], row["options"],
            sorted(row["bots"]), row["max_actions"], row["seed"], row["bots"])


def canonical(row: dict[str, Any]) -> dict[str, Any]:
    """The row with every column, in schema order (a missing one is null)."""
    return {name: row.get(name) for name in _NAMES}


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".partial.jsonl")


def is_parquet(path: Path) -> bool:
    return path.suffix.lower() in (".parquet", ".pq")


# ---------------------------------------------------------------- reading

def _read_jsonl(path: Path, tolerate_torn_end: bool = False, logs: bool = True) -> list[dict[str, Any]]:
    rows = []
    with open(path, encoding="utf-8") as fh:
        lines = iter(fh)
        line = next(lines, None)
        number = 0
        while line is not None:
            number += 1
            following = next(lines, None)
            if line.strip():
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    if tolerate_torn_end and following is None:
                        break    # the journal's last line, cut short when the study was killed
                    raise StudyError(f"{path}:{number}:{exc.colno}: not a results row: {exc.msg}") from None
                if not isinstance(row, dict) or any(f not in row for f in ("title", "players", "bots", "seed")):
                    raise StudyError(f"{path}:{number}: not a results row of railbook simulate")
                if not logs:
                    row.pop("log", None)
                rows.append(row)
            line = following
    return rows


def check_format(path: Path) -> None:
    """Refuse, before any game is played, a results file whose format needs an extra that is not
    installed (Parquet needs pyarrow): a study of an hour must not end in that message."""
    if path.suffix == ".parquet":
        _arrow()


def _arrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401  (loads the parquet module into pyarrow)
    except ImportError:
        raise StudyError("Parquet results need pyarrow: pip install 'railbook[cluster]' (or write .jsonl)") from None
    return pyarrow


def read_rows(path: Path, logs: bool = True) -> list[dict[str, Any]]:
    """The rows of a results file (and of its journal, where a study was stopped), in file order;
    without their game logs (most of a row's bytes) where ``logs`` is false."""
    rows: list[dict[str, Any]] = []
    if path.exists():
        if is_parquet(path):
            pa = _arrow()
            try:
                columns = None if logs else [name for name in _NAMES if name != "log"]
                rows = pa.parquet.read_table(path, columns=columns).to_pylist()
            except (pa.ArrowInvalid, OSError, KeyError) as exc:
                raise StudyError(f"{path}: not a Parquet results file of railbook simulate: {exc}") from None
        else:
            rows = _read_jsonl(path, logs=logs)
    journal = journal_path(path)
    if journal.exists():
        rows += _read_jsonl(journal, tolerate_torn_end=True, logs=logs)
    return rows


def row(path: Path, number: int) -> dict[str, Any]:
    """Row ``number`` (1 is the first) of a results file."""
    rows = read_rows(path)
    if not rows:
        raise StudyError(f"{path}: no results rows")
    if not 1 <= number <= len(rows):
        raise StudyError(f"{path} has rows 1 to {len(rows)}, not {number}")
    return rows[number - 1]


# ---------------------------------------------------------------- writing

def _arrow_type(pa: Any, spec: Any) -> Any:
    if isinstance(spec, str):
        return {"int64": pa.int64(), "string": pa.string(), "bool": pa.bool_()}[spec]
    inner = spec[0]
    if isinstance(inner, tuple):       # a list of records
        return pa.struct([(name, _arrow_type(pa, t)) for name, t in spec])
    return pa.list_(_arrow_type(pa, inner))


def schema() -> Any:
    """The Arrow schema of a results row (every column typed, so a file's bytes never depend on
    which rows happened to decide an inferred type)."""
    pa = _arrow()
    return pa.schema([(name, _arrow_type(pa, spec)) for name, spec in COLUMNS])


def merged(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per game (the first one seen), sorted."""
    seen: dict[str, dict[str, Any]] = {}
    for r in rows:
        seen.setdefault(key_of(r), canonical(r))
    return sorted(seen.values(), key=order)


def write_rows(path: Path, rows: list[dict[str, Any]]) -> None:
    """Write the results file in one go (a temporary file renamed over it) and drop the journal."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    if is_parquet(path):
        pa = _arrow()
        table = pa.Table.from_pylist(rows, schema=schema())
        pa.parquet.write_table(table, tmp, compression="zstd", row_group_size=256)
    else:
        with open(tmp, "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    os.replace(tmp, path)
    journal = journal_path(path)
    if journal.exists():
        journal.unlink()


class Journal:
    """Finished rows, appended one line each as they come (flushed, so a killed study keeps them)."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.fh = open(journal_path(path), "a", encoding="utf-8")

    def add(self, r: dict[str, Any]) -> None:
        self.fh.write(json.dumps(canonical(r), ensure_ascii=False, separators=(",", ":")) + "\n")
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()
