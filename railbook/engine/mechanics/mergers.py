"""Corporations formed by merging minors and privates, and the merger rounds that form them.

A corporation with a ``merger`` section (corporations.yaml) is never parred.
Its certificates named in ``merger.exchanges`` are reserved for the owners of
the minors and privates listed there. When its ``available`` event fires its
other certificates go on sale in the bank pool at its reserved par cell
(market.yaml ``par_prices``) and a vote on forming it opens.

Merger rounds follow every stock and operating round while such a corporation
has not formed. In each, a corporation whose ``merger.forced_on`` event has
fired forms at once; one whose vote is open is put to the vote: the owners of
its merging minors and privates vote with their certificates' percentages,
then every player holding its shares with theirs (a player is one voter whose
weights add up). Unowned shares count as no. ``vote_percent`` yes forms it;
more than the rest no postpones the vote to the next merger round.

Forming: the bank pays ``merger.cash``; each exchange certificate goes to the
owner of its minor or private, which closes (a minor hands over its cash and
trains, and the corporation's next token replaces the minor's); the player
with the most percent becomes president (ties: the holder of the president's
certificate, then the order of the certificates); if it got trains its
president may discard any of them and must discard down to the train limit.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dataclasses import dataclass

from railbook.engine.entities.share_pool import swap_shares
from railbook.engine.mechanics.base import Mechanic, find
from railbook.engine.rounds.stock import StockRound
from railbook.engine.rules.corporations import make_available
from railbook.engine.rules.shares import move_ipo_to_pool, reserved_par_cells
from railbook.errors import GameError, IllegalAction

if TYPE_CHECKING:
    from railbook.engine.state import GameState


@dataclass
class MergerState:
    """Where one merging corporation stands."""

    corporation: Any
    exchanges: dict[str, int]  # merging minor/private -> certificate index, in voting order
    cash: int
    vote_percent: int
    forced_on: str | None
    vote_open: bool = False
    forced: bool = False
    formed: bool = False


class Mergers(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(c.definition.merger for c in game.all_corporations)

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.states: list[MergerState] = []
        # corporations whose president may now discard trains they got in a merger
        self.potential_discard: list[Any] = []

    def setup(self) -> None:
        for corp in self.game.all_corporations:
            m = corp.definition.merger
            if not m:
                continue
            state = MergerState(corp, dict(m.exchanges), m.cash, m.vote_percent, m.forced_on)
            for idx in state.exchanges.values():
                corp.shares_list[idx].buyable = False
            corp.floatable = False
            self.states.append(state)

    def state_of(self, corp: Any) -> MergerState | None:
        return next((s for s in self.states if s.corporation is corp), None)

    def pending(self) -> list[MergerState]:
        """Corporations still to form: merger rounds go on while there is one."""
        return [s for s in self.states if not s.formed and not s.corporation.closed]

    # -- events
    def on_event(self, event: str) -> None:
        for state in self.states:
            if state.corporation.definition.available_on == event and not state.formed:
                self.open_offer(state)
            if state.forced_on == event:
                state.vote_open = False
                if not state.formed:
                    state.forced = True
                    self.game.log(f"{state.corporation.name} will form at the start of the next merger round")

    def reserved_cell(self, corp: Any) -> Any:
        """The corporation's own par cell (market.yaml par_prices)."""
        cells = reserved_par_cells(self.game).get(corp.id)
        if not cells:
            raise GameError(f"{corp.name} has no par cell of its own (market.yaml par_prices)", "title data")
        return cells[0]

    def open_offer(self, state: MergerState) -> None:
        """Its free certificates go on sale in the pool at its own price; the vote opens."""
        game, corp = self.game, state.corporation
        make_available(game, corp)
        game.log(f"{corp.name}'s unreserved certificates may now be bought")
        if corp.share_price is None:
            game.stock_market.set_par(corp, self.reserved_cell(corp))
        move_ipo_to_pool(game, corp)
        corp.ipoed = True
        state.vote_open = True

    # -- voting
    def merging(self, state: MergerState) -> list[tuple[Any, Any, Any]]:
        """(certificate, merging company, minor or None) in voting order."""
        out = []
        for sym, idx in state.exchanges.items():
            company = self.game.company_by_id(sym)
            minor = self.game.corporation_by_id(sym)
            if minor is not None and not minor.minor:
                minor = None
            out.append((state.corporation.shares_list[idx], company, minor))
        return out

    def owner_of(self, company: Any, minor: Any) -> Any:
        owner = minor.owner if minor is not None else (company.owner if company is not None else None)
        return owner if owner is not None and owner.is_player() else None

    # -- forming
    def form(self, state: MergerState) -> None:
        game, corp = self.game, state.corporation
        state.vote_open = False
        state.forced = False
        state.formed = True
        game.log(f"{corp.name} forms and receives {game.format_money(state.cash)} from the bank")
        if state.cash > 0:
            game.bank.spend(state.cash, corp)
        corp.floatable = True
        order: list[Any] = []
        presidents_share = corp.presidents_share
        for share, company, minor in sorted(self.merging(state), key=lambda t: t[0].index):
            player = self.owner_of(company, minor)
            share.buyable = True
            if player is not None:
                game.share_pool.transfer_shares(share.to_bundle(), player, allow_president_change=False)
                order.append(player)
                game.log(f"{player.name} exchanges {company.name if company else minor.name} for a "
                         f"{share.percent}% certificate of {corp.name}")
            if company is not None and not company.closed:
                company.close()
            if minor is not None:
                self.absorb(corp, minor)
        self.choose_president(corp, presidents_share, order)
        corp.ipoed = True
        game.graph.clear()
        if corp.trains:
            self.potential_discard.append(corp)

    def absorb(self, corp: Any, minor: Any) -> None:
        """A merging minor hands over its cash, trains and station, and closes."""
        game = self.game
        if minor.cash > 0:
            minor.spend(minor.cash, corp)
        for t in list(minor.trains):
            t.owner = corp
            corp.trains.append(t)
        minor.trains = []
        game.depot.moves += 1
        for token in minor.tokens:
            city = token.city
            if city is None:
                continue
            city.remove_reservation(minor)
            token.remove()
            new = corp.next_token()
            if new is not None:
                city.exchange_token(new)
                game.log(f"{minor.name}'s token in {city.hex.id if city.hex else '?'} becomes {corp.name}'s")
        minor.close()

    def choose_president(self, corp: Any, presidents_share: Any, order: list[Any]) -> None:
        """The most percent presides; ties keep the president's certificate, then follow the certificates."""
        holders = corp.player_share_holders()
        if not holders:
            return
        top = max(holders.values())
        majority = [p for p, pct in holders.items() if pct == top]
        old = presidents_share.owner
        if old in majority:
            new = old
        else:
            new = sorted(majority, key=lambda p: order.index(p) if p in order else math.inf)[0]
        corp.owner = new
        self.game.log(f"{new.name} is the president of {corp.name}")
        if old is new or not old.is_player():
            return
        give = swap_shares(list(new.shares_of(corp)), presidents_share.percent // corp.share_percent)
        pool = self.game.share_pool
        for s in give:
            pool.move_share(s, old)
        pool.move_share(presidents_share, new)


def mergers(game: "GameState") -> Mergers:
    found = find(game, Mergers)
    if found is None:  # pragma: no cover - merger rounds exist only for such titles
        raise IllegalAction("this title has no mergers", "merger")
    return found


class MergerRound(StockRound):
    """Forms what must form, and puts what may form to the vote."""

    kind = "merger"
    name = "Merger Round"
    short_name = "MR"

    def __init__(self, game: Any, steps: list[Any], number: int, after: tuple[Any, ...]):
        self.number = number
        self.after = after
        self.offering: list[MergerState] = []
        self.voters: list[Any] = []
        self.votes: dict[Any, int] = {}
        self.yes = 0
        self.no = 0
        self.done = False
        super().__init__(game, steps)

    def select_entities(self) -> list[Any]:
        game = self.game
        m = mergers(game)
        for state in m.states:
            corp = state.corporation
            if state.forced:
                game.log(f"-- {corp.name} forms without a vote --")
                m.form(state)
            elif state.vote_open:
                self.offering.append(state)
                for share, company, minor in m.merging(state):
                    self.add_votes(m.owner_of(company, minor), share.percent)
                for player in game.players:
                    self.add_votes(player, player.percent_of(corp))
        if not self.offering:
            return list(game.players)
        self.no = 100 - sum(self.votes.values())
        return list(self.voters)

    def add_votes(self, player: Any, percent: int) -> None:
        if player is None or percent <= 0:
            return
        if player not in self.voters:
            self.voters.append(player)
            self.votes[player] = 0
        self.votes[player] += percent

    def setup(self) -> None:
        super().setup()
        self.skip_steps()
        if not self.offering or not self.candidates_for(self.voter()):
            self.next_entity()

    def voter(self) -> Any:
        return self.entities[self.entity_index] if self.entities else None

    def target(self) -> MergerState | None:
        return self.offering[0] if self.offering else None

    def candidates_for(self, player: Any) -> list[Any]:
        """The merging minors and privates of the corporation on offer that the player owns."""
        state = self.target()
        if state is None or player is None:
            return []
        m = mergers(self.game)
        return [company or minor for _, company, minor in m.merging(state) if m.owner_of(company, minor) is player]

    def handle_vote(self, choice: str) -> None:
        state = self.target()
        voter = self.voter()
        if state is None:
            raise IllegalAction("nothing is put to the vote", "merger vote")
        percent = self.votes.get(voter, 0)
        corp = state.corporation
        if choice == "yes":
            self.yes += percent
            self.done = self.yes >= state.vote_percent
        else:
            self.no += percent
            self.done = self.no > 100 - state.vote_percent
        self.game.log(f"{voter.name} votes {choice} on forming {corp.name}: yes {self.yes}%, no {self.no}%")
        if not self.done:
            return
        if choice == "yes":
            mergers(self.game).form(state)
        else:
            self.game.log(f"{corp.name} does not form this time")
        self.offering.pop(0)

    def finished(self) -> bool:
        return not self.offering and not mergers(self.game).potential_discard

    def finish_round(self) -> None:
        """Prices do not move at the end of a merger round."""
