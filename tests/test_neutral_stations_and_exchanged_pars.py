"""Rules new titles brought, checked at moments of recorded games: one depot train of a type
per turn, neutral stations lent to other corporations, a corporation parred only by exchanging
its private, and a station moved by a private.

The games are 18xx.games exports in $RAILBOOK_FIXTURES (1836Jr30 and 1882); without them these
tests skip.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from railbook.engine.rules.shares import can_par
from railbook.errors import IllegalAction
from railbook.importers import eighteen_xx
from railbook.importers.replay import replay


def played(fixtures: Path, game: str, until: int) -> Any:
    path = fixtures / game
    if not path.exists():
        pytest.skip(f"{game} is not among the recorded games")
    result = replay(eighteen_xx.load(path), until=until)
    assert result.error is None, result.error
    return result.game


def test_a_corporation_buys_one_train_of_a_type_from_the_depot_per_turn(fixtures: Path) -> None:
    # 1836Jr30 game 2809, action 35: Nord buys the first 2-train; only 2-trains are for sale,
    # so its purchases are over and the HSM operates next
    game = played(fixtures, "1836Jr30/2809.json", 35)
    assert [t.id for t in game.corporation_by_id("Nord").trains] == ["2-0"]
    assert game.current_operator().name == "HSM"


def test_a_second_depot_train_of_the_same_type_is_refused(fixtures: Path) -> None:
    game = played(fixtures, "1836Jr30/2809.json", 34)
    game.process({"type": "buy_train", "entity": "Nord", "entity_type": "corporation", "train": "2-0", "price": 80})
    with pytest.raises(IllegalAction):
        game.process({"type": "buy_train", "entity": "Nord", "entity_type": "corporation", "train": "2-1",
                      "price": 80})
    assert [t.id for t in game.corporation_by_id("Nord").trains] == ["2-0"]


def test_a_placed_neutral_station_belongs_to_the_neutral_corporation(fixtures: Path) -> None:
    # 1882 game 5585, action 434: the QLL places its neutral station in G9
    before = played(fixtures, "1882/5585.json", 433)
    cn = before.corporation_by_id("CN")
    assert not cn.placed_tokens()
    assert not can_par(before, cn, before.players[0])
    game = played(fixtures, "1882/5585.json", 434)
    cn, qll = game.corporation_by_id("CN"), game.corporation_by_id("QLL")
    assert [t.hex.id for t in cn.placed_tokens()] == ["G9"]
    assert "G9" not in [t.hex.id for t in qll.placed_tokens()]
    assert all(t.type == "normal" for t in qll.tokens)
    # the CN may be parred now that it has a station on the map
    assert can_par(game, cn, game.players[0])


def test_the_sc_is_parred_only_by_exchanging_its_private(fixtures: Path) -> None:
    # 1882 game 5585: player 2262 owns the SC private before action 303 parrs the SC with it
    game = played(fixtures, "1882/5585.json", 301)
    sc = game.corporation_by_id("SC")
    owner = game.company_by_id("SC").owner
    others = [p for p in game.players if p is not owner]
    assert can_par(game, sc, owner)
    assert not any(can_par(game, sc, p) for p in others)
    after = played(fixtures, "1882/5585.json", 303)
    assert after.company_by_id("SC").closed
    assert after.corporation_by_id("SC").ipoed
    # one share's par price (67) for the 20% certificate, paid to the bank
    assert after.player_by_id(2262).cash == game.player_by_id(2262).cash - 67


def test_a_private_moves_a_station_and_its_corporation_lays_a_tile_there(fixtures: Path) -> None:
    # 1882 game 10526, actions 127-130: the NWR lifts the HBR's station from 57-0-0, puts it in E5
    # and lays a 59 there; the first track on E5's two cities sends the station back to its owner,
    # who puts it in one of them
    game = played(fixtures, "1882/10526.json", 130)
    hbr = game.corporation_by_id("HBR")
    assert "E5" in [t.hex.id for t in hbr.placed_tokens()]
    assert game.hex_by_id("E5").tile.name == "59"
    assert not any(a.type == "token" for a in game.company_by_id("NWR").abilities)
