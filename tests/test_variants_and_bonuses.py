"""Rules titles brought since the shipped four, one level below the recorded games that prove
them: variants by player count (18Chesapeake's two-player game), a private's route bonus and
train discount, one depot train a turn, and labels a hex takes at a later colour (18AL).
"""

from __future__ import annotations

from typing import Any

from railbook.engine.game import Game
from railbook.engine.rules.abilities import grant_route_bonuses, lose_on_president_change, run_bonuses
from railbook.engine.rules.shares import buy_shares, sold_out
from railbook.engine.rules.track import upgrades_to
from railbook.engine.steps.special_trains import discounted_price
from railbook.engine.title import Title

TWO = [(1, "Ann"), (2, "Bo")]
THREE = [(1, "Ann"), (2, "Bo"), (3, "Cy")]


def drawn_corporation(game: Game) -> str:
    cv = game.company_by_id("CV")
    return next(a.shares[0].corporation.id for a in cv.abilities if a.type == "shares")


def test_a_variant_marked_always_is_played_with_its_player_counts_only() -> None:
    title = Title.load("18Chesapeake")
    assert "two_player" in Game(title, TWO, seed=3).title.optional_rules
    assert "two_player" not in Game(title, THREE, seed=3).title.optional_rules


def test_two_players_make_every_president_certificate_30_percent_but_the_drawn_one() -> None:
    game = Game(Title.load("18Chesapeake"), TWO, seed=3)
    drawn = drawn_corporation(game)
    for corp in game.corporations:
        if corp.id == drawn:
            assert corp.presidents_percent == 20 and game.bank.percent_of(corp) == 0
        else:
            assert corp.presidents_percent == 30
            assert game.bank.percent_of(corp) == 10           # the last certificate is out of the game
            assert corp.percent_of(corp) == 100


def test_a_floating_corporation_puts_its_unsold_certificates_in_the_pool() -> None:
    game = Game(Title.load("18Chesapeake"), TWO, seed=3)
    corp = next(c for c in game.corporations if c.id not in (drawn_corporation(game), "B&O"))
    ann = game.player_by_id(1)
    corp.par_price_ = corp.share_price = game.stock_market.par_prices[0]
    buy_shares(game, ann, corp.presidents_share.to_bundle())
    for share in corp.shares_of(corp)[:3]:
        buy_shares(game, ann, share.to_bundle())
    assert corp.floated() and corp.percent_of(corp) == 0
    assert game.share_pool.percent_of(corp) == 40
    assert not sold_out(game, corp)                      # sold out: floated and none in the pool


def test_a_non_president_buying_from_the_pool_takes_another_certificate_out_of_the_game() -> None:
    game = Game(Title.load("18Chesapeake"), TWO, seed=3)
    corp = next(c for c in game.corporations if c.id not in (drawn_corporation(game), "B&O"))
    ann, bo = game.player_by_id(1), game.player_by_id(2)
    corp.par_price_ = corp.share_price = game.stock_market.par_prices[0]
    buy_shares(game, ann, corp.presidents_share.to_bundle())
    for share in corp.shares_of(corp)[:3]:
        buy_shares(game, ann, share.to_bundle())
    first = game.share_pool.shares_of(corp)[0]
    buy_shares(game, bo, first.to_bundle())
    assert bo.percent_of(corp) == 10
    assert game.share_pool.percent_of(corp) == 20 and game.bank.percent_of(corp) == 20
    buy_shares(game, ann, game.share_pool.shares_of(corp)[0].to_bundle())   # the president takes one only
    assert game.share_pool.percent_of(corp) == 10


def test_a_route_bonus_goes_to_one_route_that_visits_all_its_hexes() -> None:
    game = Game(Title.load("18AL"), THREE, seed=1)
    corp = game.corporation_by_id("WRA")
    grant_route_bonuses(game, corp, game.company_by_id("M&C"))
    assert run_bonuses(corp, [["G8", "H7", "G4"], ["G4", "G8"], ["Q2", "K2"]]) == [20, 0, 0]
    assert run_bonuses(corp, [["Q2", "A4", "G8", "G4"]]) == [60]


def test_a_route_bonus_is_lost_when_the_presidency_changes() -> None:
    game = Game(Title.load("18AL"), THREE, seed=1)
    corp = game.corporation_by_id("WRA")
    grant_route_bonuses(game, corp, game.company_by_id("M&C"))
    corp.owner = game.player_by_id(1)
    lose_on_president_change(game, {corp: game.player_by_id(1)})
    assert run_bonuses(corp, [["G8", "G4"]]) == [20]
    lose_on_president_change(game, {corp: game.player_by_id(2)})
    assert run_bonuses(corp, [["G8", "G4"]]) == [0]


def test_a_percent_train_discount_rounds_in_the_buyers_favour() -> None:
    game = Game(Title.load("18AL"), THREE, seed=1)
    ability = next(a for a in game.company_by_id("NDY").abilities if a.type == "train_discount")
    assert discounted_price(ability, 450) == 225
    assert discounted_price(ability, 301) == 151


def upgrades_in_some_rotation(game: Game, hex_id: str, old: Any, new: Any) -> bool:
    for rotation in range(6):
        new.rotate(rotation)
        if upgrades_to(game, old, new, hex_=game.hex_by_id(hex_id)):
            return True
    return False


def test_a_hex_takes_its_future_label_at_that_colour() -> None:
    game = Game(Title.load("18AL"), THREE, seed=1)
    montgomery = game.hex_by_id("L5")
    yellow = next(t for t in game.tiles if t.name == "5")
    montgomery.lay(yellow)
    assert yellow.future_label is not None and yellow.future_label.label == "M"
    green_m = next(t for t in game.tiles if t.name == "443a")
    green_plain = next(t for t in game.tiles if t.name == "14")
    assert upgrades_in_some_rotation(game, "L5", yellow, green_m)
    assert not upgrades_in_some_rotation(game, "L5", yellow, green_plain)
