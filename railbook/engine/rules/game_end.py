"""When the game ends: the title's triggers, how soon each ends it, and the final scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from railbook.engine.entities.player import Player
from railbook.engine.rules.shares import trainless_discount

if TYPE_CHECKING:
    from railbook.engine.state import GameState

#: game-end timings, soonest first: an earlier trigger with a later timing does not delay one already fired
TIMING_PRIORITY = ["immediately", "end_of_round", "end_of_or", "end_of_or_set", "one_more_or_set"]


def game_end_check(game: "GameState") -> tuple[str | None, str | None]:
    for rule in game.rules.game_end:
        reason, timing = rule.trigger, rule.timing
        if not _triggered(game, reason):
            continue
        if game.game_end_trigger and TIMING_PRIORITY.index(timing) >= TIMING_PRIORITY.index(game.game_end_trigger[1]):
            continue
        game.game_end_trigger = (reason, timing)
    if game.game_end_trigger and game.game_end_trigger[1] == "one_more_or_set" and game.final_turn is None:
        game.final_turn = game.turn + 1
    return game.game_end_trigger if game.game_end_trigger else (None, None)


def _bankruptcy(game: "GameState") -> bool:
    if game.rules.bankruptcy.ends_game_after == "all_but_one":
        solvent = 0
        for p in game.players:
            if not p.bankrupt:
                solvent += 1
        return solvent == 1
    for p in game.players:
        if p.bankrupt:
            return True
    return False


def _bank_broken(game: "GameState") -> bool:
    return game.bank.broken


def _stock_market(game: "GameState") -> bool:
    return game.stock_market.max_reached


def _final_train(game: "GameState") -> bool:
    return game.depot.empty()


def _final_phase(game: "GameState") -> bool:
    return game.phase.is_last()


def _all_closed(game: "GameState") -> bool:
    """Every corporation and every private has closed. A blank card of a draft (a private of kind
    ``blank``) is no private in play: it goes back ownerless when the draft ends and never closes."""
    return all(c.closed for c in game.corporations) and \
        all(c.closed for c in game.companies if c.definition.kind != "blank")


def _operating_rounds(game: "GameState") -> bool:
    counts = [r.count for r in game.rules.game_end if r.trigger == "operating_rounds" and r.count]
    return bool(counts) and game.round.operating() and game.operating_rounds_played >= min(counts)


#: every game-end trigger a title may name, and when it has fired
TRIGGERS: dict[str, Callable[["GameState"], bool]] = {
    "bankruptcy": _bankruptcy, "bank_broken": _bank_broken, "stock_market": _stock_market,
    "final_train": _final_train, "final_phase": _final_phase, "all_closed": _all_closed,
    "operating_rounds": _operating_rounds,
}


def _triggered(game: "GameState", reason: str) -> bool:
    return TRIGGERS[reason](game)


def end_now(game: "GameState", timing: str | None) -> bool:
    if timing is None:
        return False
    if timing in ("immediately", "end_of_round"):
        return True
    if not game.round.operating():
        return False
    if timing == "end_of_or":
        return True
    final_in_set = game.round.round_num == game.operating_rounds
    if timing == "one_more_or_set":
        return final_in_set and game.turn == game.final_turn
    return final_in_set


def end_game(game: "GameState", reason: str | None) -> None:
    if game.finished:
        return
    game.finished = True
    game.game_end_reason = reason
    game.round_counter += 1
    scores = ", ".join(f"{p.name} ({game.format_money(v)})" for p, v in result_players(game))
    game.log(f"-- Game over: {scores} --")


def result_players(game: "GameState") -> list[tuple[Player, int]]:
    return sorted(((p, p.value() - loan_deduction(game, p) - trainless_discount(game, p)) for p in game.players),
                  key=lambda pv: pv[1],
                  reverse=True)


def loan_deduction(game: "GameState", player: Player) -> int:
    """``loans.score_deduction_per_percent``: the score drops for each percent held of a corporation by
    that much for each loan it still has."""
    rules = game.title.model.loans
    per = rules.score_deduction_per_percent if rules is not None else 0
    if not per:
        return 0
    return sum(player.percent_of(c) * len(c.loans) * per for c in game.corporations if c.loans)


def apply_last_set_skips(game: "GameState") -> None:
    """Once a trigger that ends the game after one more set has fired, the operating rounds
    after the next stock round skip the steps its rule names (e.g. no track, no tokens)."""
    if not game.game_end_trigger:
        return
    reason = game.game_end_trigger[0]
    for rule in game.rules.game_end:
        if rule.trigger == reason and rule.last_set_skips:
            game.skipped_steps.update(rule.last_set_skips)


def end_game_after_set(game: "GameState") -> None:
    """A title's hook says the operating set in play is the game's last (a stock round's: the next)."""
    timing = "end_of_or_set"
    current = game.game_end_trigger
    if current is None or TIMING_PRIORITY.index(timing) < TIMING_PRIORITY.index(current[1]):
        game.game_end_trigger = ("title_rule", timing)
