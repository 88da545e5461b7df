"""compare_traces.py REF.trace.jsonl OURS.trace.jsonl: the first action where two traces differ.

Prints "traces agree: N actions" (exit 0) or the first difference (exit 1), comparing the
fields of the STATE_DIGEST.md format as ``railbook fidelity`` does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from railbook.cli.play_commands import compare_traces


def main(expected: str, actual: str) -> int:
    ours = [json.loads(line) for line in Path(actual).read_text(encoding="utf-8").splitlines() if line.strip()]
    difference = compare_traces(Path(expected), ours)
    if difference is None:
        print(f"traces agree: {len(ours)} actions")
        return 0
    print(difference)
    return 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
