"""The legal actions of the optional mechanics (a starting package, 1893's stock turns, mergers, minors,
markers, redemptions, treasury shares and bonds, loans, formations, destinations, private rights):
every legal action is listed, and only legal actions are.

Completeness: every move a recorded game made is among the legal actions listed at its point (the
reference games, the Rails reports' converted actions). Soundness: at sampled positions every listed
action is accepted (both ends of every range, ``LegalAction.samples``, tried on a fork with
``Game.refusal``), and an action changed a little (a price one beyond its range, another company,
share, train, hex or choice) is refused unless it too is listed.

Listing tile lays costs most of a check, and tests/test_legal_actions.py checks those: these tests
select the moves of the other steps, so that they stay fast (``railbook legal GAME --check`` checks
every move).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from conftest import fixtures_dir

from railbook.engine import actions as A
from railbook.engine.game import Game
from railbook.engine.legal import LegalAction
from railbook.errors import EngineError
from railbook.importers import eighteen_xx, rails
from railbook.importers.eighteen_xx import GameLog
from railbook.importers.legality import check_log, check_report
from railbook.importers.replay import new_game, replay

REFERENCE = Path(__file__).parent / "fixtures" / "reference_games"
REFERENCE_GAMES = sorted(REFERENCE.glob("*.json.gz"))
REPORTS = sorted((fixtures_dir().parent / "rails").rglob("*.report")) if fixtures_dir().parent.is_dir() else []

#: the moves of the map (tested in test_legal_actions.py; their listing costs most)
MAP_KINDS = ("lay_tile", "place_token", "run_routes")


def load(path: Path) -> GameLog:
    return eighteen_xx.from_dict(json.loads(gzip.decompress(path.read_bytes())), source=path.name)


def off_the_map(game: Game, action: dict[str, Any]) -> bool:
    """A move of a step that is not laying track or placing tokens (a pass there is the map's too)."""
    kind = action.get("type")
    if kind in MAP_KINDS:
        return False
    if kind == "pass":
        step = game.round.active_step()
        return getattr(step, "type_name", None) not in ("track", "token")
    return True


# ---------------------------------------------------------------- completeness

@pytest.mark.parametrize("path", REFERENCE_GAMES, ids=[p.name.split(".")[0] for p in REFERENCE_GAMES])
def test_every_recorded_move_is_listed(path: Path) -> None:
    result = check_log(load(path), which=off_the_map)
    assert result.error is None, f"stops at action {(result.error_action or {}).get('id')}: {result.error}"
    first = result.unlisted[0] if result.unlisted else None
    assert first is None, f"action {first.action_id} is not listed: {first.action}" if first else ""
    assert result.listed == result.moves > 0
    assert not result.open_kinds, f"listed only as open entries: {result.open_kinds}"


@pytest.mark.parametrize("path", REPORTS, ids=[p.stem for p in REPORTS])
def test_every_action_a_rails_report_converts_into_is_listed(path: Path) -> None:
    result = check_report(rails.load(path), which=off_the_map)
    assert result.error is None, f"stops at action {(result.error_action or {}).get('id')}: {result.error}"
    first = result.unlisted[0] if result.unlisted else None
    assert first is None, f"action {first.action_id} is not listed: {first.action}" if first else ""
    assert result.listed == result.moves > 0
    assert not result.open_kinds, f"listed only as open entries: {result.open_kinds}"


# ---------------------------------------------------------------- soundness at sampled positions

def processing_step(game: Game, d: dict[str, Any]) -> str:
    """The class name of the step that takes this action now (as ``Round.process_action`` picks it)."""
    entity, kind = A.resolve_entity(game, d), str(d["type"])
    step = next((s for s in game.round.steps if s.active() and s.may_offer(kind) and s.offers(entity, kind)), None)
    return type(step).__name__ if step is not None else "-"


def positions(game: Game, actions: list[dict[str, Any]], wanted: set[tuple[str, str, str]]) -> Iterator[dict[str, Any]]:
    """Walk the game through the actions; stop before the first move of each wanted kind, entity type
    and step (a step named by the end of its class name: mixed classes add names in front) and give it
    (the caller looks at the game there), then go on."""
    wanted = set(wanted)
    for d in actions:
        if not wanted:
            return
        key = next((w for w in wanted if w[:2] == (d.get("type"), d.get("entity_type", "player"))
                    and processing_step(game, d).endswith(w[2])), None)
        if key is not None:
            wanted.discard(key)
            yield d
        game.process_action(d)


def perturbed(game: Game, listed: LegalAction, sample: dict[str, Any]) -> list[dict[str, Any]]:
    """Variants of a listed action that change one field a little."""
    out: list[dict[str, Any]] = []
    for key, bounds in listed.ranges.items():
        out += [{**sample, key: bounds.low - 1}, {**sample, key: bounds.high + 1}]
    for key in ("price", "count"):
        if key in sample and key not in listed.ranges:
            out += [{**sample, key: sample[key] + 1}, {**sample, key: sample[key] - 1}]
    if "company" in sample:
        other = next((c.id for c in game.companies if c.id != sample["company"] and not c.closed), None)
        if other is not None:
            out.append({**sample, "company": other})
    if "shares" in sample:
        mine = set(sample["shares"])
        first = game.share_by_id(sample["shares"][0])
        others = [s for c in game.corporations for s in c.shares_list if s.id not in mine and (s.corporation is not first.corporation
                                                                  or s.owner is not first.owner)]
        out += [{**sample, "shares": [s.id]} for s in others[:: max(1, len(others) // 2)][:2]]
    if "train" in sample:
        other = next((t.id for t in game.depot.trains if t.id != sample["train"]), None)
        if other is not None:
            out.append({**sample, "train": other})
    if "kind" in sample:
        out.append({**sample, "kind": "half" if sample["kind"] != "half" else "payout"})
    if "description" in sample:
        out.append({**sample, "description": "maybe"})
    if "share_price" in sample:
        cells = [sp.id for sp in game.stock_market.par_prices] + [sp.id for row in game.stock_market.grid[:1]
                                                                   for sp in row[:1] if sp is not None]
        out += [{**sample, "share_price": c} for c in cells if c != sample["share_price"]][:2]
    if sample.get("target_type") == "hex":
        other = next((h.id for h in game.hexes if h.id != sample["target"]), None)
        out.append({**sample, "target": other})
    elif sample.get("target_type") in ("corporation", "company"):
        pool = game.corporations if sample["target_type"] == "corporation" else game.companies
        out += [{**sample, "target": e.id} for e in pool if e.id != sample["target"]][:1]
    if "corporations" in sample:
        extra = next((c.id for c in game.corporations if c.id not in sample["corporations"]), None)
        out.append({**sample, "corporations": []})
        if extra is not None:
            out.append({**sample, "corporations": [*sample["corporations"], extra]})
    if "cities" in sample:
        out.append({**sample, "cities": sample["cities"] * 2})
    return out


def check_position(game: Game, recorded: dict[str, Any], budget: int = 4) -> int:
    """Listed actions of the recorded move's kind are accepted; perturbations of them are refused unless
    listed. Returns how many actions were tried (each costs a fork of the game)."""
    entity = A.resolve_entity(game, recorded)
    kind = recorded["type"]
    listed = [la for la in game.legal_actions(entity) if la.type == kind]
    assert game.find_legal(recorded) is not None, f"{recorded} is not listed"
    assert listed
    chosen = [listed[0], listed[-1]] if len(listed) > 1 else listed
    tried = 0
    for la in chosen:
        samples = la.samples()
        for sample in [samples[0], samples[-1]] if len(samples) > 1 else samples:
            refusal = game.refusal(sample)
            assert refusal is None, f"listed {sample} is refused: {refusal}"
            tried += 1
    variants = list({json.dumps(v, sort_keys=True): v for la in chosen
                     for v in perturbed(game, la, la.samples()[-1])}.values())
    variants = [v for v in variants if not game.is_legal(v)]
    for v in variants[: max(0, budget - tried)] if budget > tried else variants[:2]:
        refusal = game.refusal(v)
        assert refusal is not None, f"{v} is not listed but is accepted"
        assert not isinstance(refusal, EngineError), f"{v}: {refusal}"
        tried += 1
    return tried


#: reference games, and moves (kind, entity type, step) before whose first occurrence the game is sampled
SAMPLED = {
    "1893_forced_auction": {
        ("bid", "player", "StartingPackageDraft"), ("pass", "player", "StartingPackageDraft"),
        ("bid", "player", "StartingPackageForcedAuction"), ("pass", "player", "StartingPackageForcedAuction"),
        ("par", "player", "TradingShares"), ("buy_company", "player", "TradingShares"),
        ("buy_shares", "company", "TradingShares"), ("sell_company", "player", "TradingShares"),
        ("buy_company", "minor", "PresidentBuysPrivateStep"), ("buy_train", "minor", "TypedBuyTrainStep"),
        ("buy_train", "corporation", "TypedBuyTrainStep"), ("special_buy", "player", "MergerVoteStep")},
    "1893_par_paid_by_private": {
        ("assign", "player", "TradingShares"), ("dividend", "corporation", "TypedDividendStep"),
        ("sell_shares", "player", "TypedBuyTrainStep"), ("discard_train", "corporation", "DiscardAfterMergerStep")},
    "1894_paris_upgraded_from_afar": {
        ("buy_shares", "corporation", "RedeemSharesStep"), ("sell_shares", "corporation", "RedeemSharesStep"),
        ("special_buy", "corporation", "SpecialBuyStep")},
}
RAILS_SAMPLED = {
    ("bid", "player", "SeatOrderAuction"), ("buy_train", "corporation", "TypedBuyTrainStep"),
    ("dividend", "corporation", "TypedDividendStep"), ("assign", "company", "AssignStep"),
    ("destination_connection", "corporation", "ConversionStep"), ("convert", "corporation", "ConversionStep"),
    ("buy_shares", "corporation", "TreasuryShareStep"), ("sell_shares", "corporation", "TreasuryShareStep"),
    ("exchange_tokens", "corporation", "TokenExchangeStep"), ("buy_bonds", "corporation", "TreasuryShareStep"),
    ("payoff_loan", "corporation", "LoanRepayStep")}


@pytest.mark.parametrize("name", sorted(SAMPLED))
def test_listed_actions_are_accepted_and_others_refused(name: str) -> None:
    log = load(REFERENCE / f"{name}.json.gz")
    game = new_game(log)
    live = [a for a, keep in zip(log.actions, log.live) if keep and a.get("type") not in ("undo", "redo")]
    seen = 0
    for recorded in positions(game, live, SAMPLED[name]):
        check_position(game, recorded)
        seen += 1
    assert seen == len(SAMPLED[name])


@pytest.mark.parametrize("path", [p for p in REPORTS if p.stem == "1826S43"], ids=["1826S43"])
def test_listed_actions_of_a_rails_game_are_accepted_and_others_refused(path: Path) -> None:
    from railbook.importers.report_replay import new_game as report_game
    from railbook.importers.report_replay import replay_report

    report = rails.load(path)
    replayed = replay_report(report)
    game, _ = report_game(report, replayed.optional_rules)
    seen = 0
    for recorded in positions(game, replayed.actions, RAILS_SAMPLED):
        check_position(game, recorded)
        seen += 1
    assert seen == len(RAILS_SAMPLED)


# ---------------------------------------------------------------- the listings, rule by rule

def before(name: str, action_id: int) -> Game:
    """The reference game as it stands before the action with this id."""
    result = replay(load(REFERENCE / f"{name}.json.gz"), until=action_id - 1)
    assert result.error is None and result.game is not None
    return result.game


def listed_of(game: Game, kind: str, entity: Any = None) -> list[LegalAction]:
    return [la for la in game.legal_actions(entity) if la.type == kind]


def test_the_draft_offers_each_item_on_offer_at_its_value() -> None:
    game = before("1893_forced_auction", 1)
    player = game.current_entity
    bids = listed_of(game, "bid", player)
    offer = [c for c in game.companies if c.owner is None and c.value <= player.cash
             and not c.definition.stock_round_trade]
    assert {la.action["company"] for la in bids} <= {c.id for c in offer}
    assert all(la.action["price"] == game.company_by_id(la.action["company"]).value and not la.ranges
               for la in bids)
    assert listed_of(game, "pass", player)


def test_the_forced_auction_sells_the_item_up_at_its_price() -> None:
    game = before("1893_forced_auction", 25)   # BKB is up for 180
    player = game.current_entity
    assert [dict(la.action) for la in game.legal_actions(player)] == [
        {"type": "bid", "entity": player.id, "entity_type": "player", "company": "BKB", "price": 180},
        {"type": "pass", "entity": player.id, "entity_type": "player"}]
    assert game.refusal({"type": "bid", "entity": player.id, "company": "BKB", "price": 170}) is not None


def test_a_par_paid_for_by_a_private_waits_for_the_private_or_a_pass() -> None:
    game = before("1893_par_paid_by_private", 10)
    player = game.current_entity
    assert [dict(la.action) for la in game.legal_actions(player)] == [
        {"type": "assign", "entity": player.id, "entity_type": "player", "target": "FdSD", "target_type": "company"},
        {"type": "pass", "entity": player.id, "entity_type": "player"}]
    other = next(c.id for c in game.companies if c.id != "FdSD" and c.owner is player)
    assert game.refusal({"type": "assign", "entity": player.id, "target": other, "target_type": "company"})


def test_a_marker_is_bought_by_its_label_or_its_name() -> None:
    game = before("1894_paris_upgraded_from_afar", 724)
    corp = game.current_entity
    assert {la.action["description"] for la in listed_of(game, "special_buy", corp)} == {"Ferry marker", "ferry"}
    assert game.is_legal({"type": "special_buy", "entity": corp.id, "entity_type": "corporation",
                          "description": " FERRY "})


@pytest.mark.parametrize("path", [p for p in REPORTS if p.stem == "1826S43"], ids=["1826S43"])
def test_a_destination_declaration_names_any_set_of_the_corporations_there(path: Path) -> None:
    result = check_report(rails.load(path), until=308, which=lambda game, action: False)
    game = result.game
    assert game is not None
    [declare] = listed_of(game, "destination_connection", game.corporation_by_id("PO"))
    assert sorted(declare.subsets["corporations"]) == ["GC", "Midi", "Ouest", "PO"]
    some = {"type": "destination_connection", "entity": "PO", "entity_type": "corporation",
            "corporations": ["Ouest", "GC"]}
    assert game.is_legal(some) and game.refusal(some) is None
    for wrong in ([], ["GC", "GC"], ["GC", "Paris"]):
        assert not game.is_legal({**some, "corporations": wrong})
        assert game.refusal({**some, "corporations": wrong}) is not None
