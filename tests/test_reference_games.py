"""Games played on the 18xx.games engine (random but legal, made with tools/refcheck) replay with the
same state after every action.

They reach rules the recorded fixtures do not: a forced auction of the starting package, a par
paid for with a private, a private exchanged for two shares, players trading privates and bonds,
merger votes and forced mergers, trains discarded after a merger, bankruptcy (also declared
outside the train-buying step, where shares do not count as emergency money), a game ended by
agreement, an upgrade of a city placed by its reserved city, a Paris upgrade that turns the PLM's
station away from its reserved city, a token step that waits for a pass because a city that
refuses stations is in reach (1894's London) or for a private's station only the token step may
place (18GA's Waycross), a private-buying step that does not wait for a pass over a passive
ability (18AL's Warrior Coal Field), a bankruptcy declared at will (1856), a private auction
everyone passes after its cheapest private is sold, which ends a set of operating rounds without
one (18Chesapeake's depot exports a train), a station paid with the cash of a minor the
corporation could take over (1846), and a whole random 1830 game through every phase to the broken
bank. Each game is stored gzipped with the reference engine's trace (STATE_DIGEST.md format).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from railbook.cli.play_commands import compare_traces
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay

HERE = Path(__file__).parent / "fixtures" / "reference_games"
GAMES = sorted(HERE.glob("*.json.gz"))


@pytest.mark.parametrize("path", GAMES, ids=[p.name.split(".")[0] for p in GAMES])
def test_reference_game_replays_exactly(path: Path, tmp_path: Path) -> None:
    data = json.loads(gzip.decompress(path.read_bytes()))
    result = replay(eighteen_xx.from_dict(data, source=path.name), want_trace=True)
    assert result.error is None, f"stops at action {(result.error_action or {}).get('id')}: {result.error}"
    if data.get("result"):
        assert result.matches_result, (result.scores, data["result"])
    trace = tmp_path / "expected.jsonl"
    trace.write_bytes(gzip.decompress(path.with_name(path.name.replace(".json.gz", ".trace.jsonl.gz")).read_bytes()))
    assert compare_traces(trace, result.trace) is None
