"""What must hold in every position of every game, whatever was played: the fuzz's invariants.

After every action: money is conserved where the bank is finite (money only moves, from one
holder to another, :meth:`Spender.spend`); no player, corporation or minor has negative cash
(the bank may: a broken bank pays on; a player may be in debt where the title lets presidents
borrow for a train); each open corporation's certificates make 100%, each certificate held
once, by the holder it names (those the bank holds are out of the game: a two-player variant
takes some out at the start and more as it goes, and none comes back). At the end of every
stock round: no player is over the certificate limit, nor over a corporation's holding limit
where its share price sets one (a player over a limit must sell it down in the round, as the
18xx rules have it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.rules.shares import cert_limit, num_certs

if TYPE_CHECKING:
    from railbook.engine.game import Game


def money_holders(game: "Game") -> list[Any]:
    """Everyone who may hold money: the bank, the pool, players, corporations, minors, privates."""
    return [game.bank, game.share_pool, *game.players, *game.all_corporations, *game.minors, *game.companies]


def total_money(game: "Game") -> int:
    return sum(int(getattr(h, "cash", 0) or 0) for h in money_holders(game))


def share_holders(game: "Game") -> list[Any]:
    """Everyone who may hold certificates: players, corporations (their own and others'), the pool, the bank."""
    return [*game.players, *game.all_corporations, *game.minors, game.share_pool, game.bank]


class Invariants:
    """The invariants of one game, checked position after position; ``checks`` counts every check made."""

    def __init__(self, game: "Game"):
        self.money = None if game.bank.unlimited else total_money(game)
        self.checks = 0
        #: the percent of each corporation out of the game (held by the bank), by id (a rebuilt game
        #: has new objects): at the start, and now
        self.out_at_start = {corp.id: out_of_game(game, corp) for corp in game.all_corporations}
        self.out = dict(self.out_at_start)

    def after_action(self, game: "Game") -> list[str]:
        """What is broken in the position after an action (nothing: an empty list)."""
        broken = []
        if self.money is not None:
            self.checks += 1
            now = total_money(game)
            if now != self.money:
                broken.append(f"money is not conserved: {now} in the game, {self.money} at its start")
        # a player's debt is negative cash where the title lets presidents borrow (president_borrows)
        debts = game.rules.operating_round.emergency_buy.president_borrows is not None
        holders: list[Any] = [*([] if debts else game.players), *game.all_corporations, *game.minors]
        for holder in holders:
            self.checks += 1
            if holder.cash < 0:
                broken.append(f"{holder.name} has negative cash ({holder.cash})")
        for corp in game.all_corporations:
            if corp.closed or not corp.shares_list:
                continue
            self.checks += 1
            broken.extend(certificate_problems(game, corp, self.out_at_start.get(corp.id, 0)))
            out = out_of_game(game, corp)
            if out < self.out.get(corp.id, 0):
                broken.append(f"{self.out[corp.id] - out}% of {corp.name} came back into the game")
            self.out[corp.id] = out
        return broken

    def at_stock_round_end(self, game: "Game") -> list[str]:
        """What breaks the limits at the end of a stock round (nothing: an empty list)."""
        broken = []
        limit = cert_limit(game)
        for player in game.players:
            if player.bankrupt:
                continue
            self.checks += 1
            held = num_certs(game, player)
            if held > limit:
                broken.append(f"{player.name} ends the stock round holding {held} certificates, over the "
                              f"limit of {limit}")
            for corp in game.all_corporations:
                if corp.closed or not player.shares_of(corp):
                    continue
                self.checks += 1
                if not corp.holding_ok(player):
                    broken.append(f"{player.name} ends the stock round holding {player.percent_of(corp)}% of "
                                  f"{corp.name}, over its holding limit of {corp.max_ownership_percent}%")
        return broken


def out_of_game(game: "Game", corp: Any) -> int:
    """The percent of the corporation's certificates out of the game (the bank keeps them)."""
    return sum(s.percent for s in game.bank.shares_of(corp))


def certificate_problems(game: "Game", corp: Any, out_at_start: int = 0) -> list[str]:
    """A corporation's certificates make 100% (besides those out of the game at its start), each
    held once, by the holder it names."""
    held = [(h, s) for h in share_holders(game) for s in h.shares_of(corp)]
    out = []
    total = sum(s.percent for _, s in held)
    if total != 100 + out_at_start:
        outside = f" (and {out_at_start}% out of the game from its start)" if out_at_start else ""
        out.append(f"{corp.name}'s certificates make {total - out_at_start}%, not 100%{outside}")
    seen: set[int] = set()
    for holder, share in held:
        if id(share) in seen:
            out.append(f"{share.id} is held twice")
        seen.add(id(share))
        if share.owner is not holder:
            out.append(f"{share.id} is held by {holder.name} but names {getattr(share.owner, 'name', None)} "
                       "as its holder")
    return out
