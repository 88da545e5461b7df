"""A corporation formed from those that cannot repay their loans (corporations.yaml ``formation`` with
``formed_from: unpaid_loans``).

When its ``on_event`` fires (a train's purchase), in order:

1. Every floated corporation with loans repays as many whole loans as its treasury pays for.
2. Those still in debt are asked one by one, from the president of the corporation whose purchase fired
   it round the table (then in operating order): ``merge`` joins the formation; ``pass`` repays the rest,
   the treasury paying what it has and the president the remainder. Joining hands over its trains and
   cash at once (its loans are cancelled, its markers pass to the formed corporation, or back to the bank
   when it has one already).
3. When all have answered, loans end for the rest of the game (no more taken, no interest). If nobody
   joined, the corporation never forms. Else it forms: its price is the mean of theirs (the lowest left
   out when more than two), rounded down to 5, at least ``min_price``, at the nearest cell of the top
   market row (ties upwards). Each player gets one certificate for every ``old_shares_per_share`` of
   theirs (counted in 10% units, all merged corporations together), the first in turn order from that
   president with the most getting the president's certificate; what is left over and the pool's go
   to the pool, as many as they make whole. When more than ``share_split_over`` certificates are due,
   every certificate is split in two first (a president's of 10%, the others 5%).
4. Stations: every home station becomes one of its stations, then every other one (one per city); each
   costs nothing. Beyond ``token_limit`` it keeps the homes and its president removes the rest; it gets
   spare stations up to the limit at ``token_price``. The merged corporations close.
5. It operates in this round, right after the corporation whose purchase fired it, unless one of
   those that merged has operated in it already. Its president may then discard its trains that will
   rust, and must while it has more than ``discard_limit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import Share
from railbook.engine.legal import LegalAction, simple
from railbook.engine.map.token import Token
from railbook.engine.mechanics.base import Mechanic, find
from railbook.engine.rules.corporations import close_corporation
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds
from railbook.title.model import FormationDef

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def _formed_from_loans(corp: Any) -> bool:
    f = corp.definition.formation
    return f is not None and f.formed_from == "unpaid_loans"


class DebtFormation(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(_formed_from_loans(c) for c in game.all_corporations)

    def setup(self) -> None:
        self.national = next(c for c in self.game.all_corporations if _formed_from_loans(c))
        rules = self.national.definition.formation
        assert rules is not None
        self.rules: FormationDef = rules
        self.candidates: list[Any] = []
        self.merged: list[Any] = []
        self.prices: list[int] = []
        self.percents: dict[Any, int] = {}
        self.pool_percent = 0
        self.trigger: Any = None
        self.loans_ended = False
        self.discard_pending = False

    def extra_train_limit(self, corporation: Any) -> int:
        return self.rules.extra_train_limit if corporation is self.national else 0

    # -- the event
    def on_event(self, event: str) -> None:
        if event != self.rules.on_event or self.trigger is not None:
            return
        game = self.game
        operator = game.current_operator()
        self.trigger = operator.owner if operator is not None and operator.owner in game.players else game.players[0]
        game.log(f"-- Event: {self.national.name} formation --")
        amount = game.title.model.loans.amount if game.title.model.loans else 0
        for corp in game.corporations:
            if corp is self.national or not corp.floated() or not corp.loans or amount <= 0:
                continue
            n = min(len(corp.loans), corp.cash // amount)
            if n > 0:
                corp.spend(n * amount, game.bank)
                del corp.loans[-n:]
                game.log(f"{corp.name} repays {game.format_money(n * amount)} to redeem {n} loans")
        self.candidates = self.in_debt()
        if self.candidates:
            game.log("Merge candidates: " + ", ".join(f"{c.name} ({game.describe_entity(c.owner)})"
                                                       for c in self.candidates))
        else:
            self.finish()

    def in_debt(self) -> list[Any]:
        game = self.game
        players = game.players
        start = players.index(self.trigger)
        order = {p: (i - start) % len(players) for i, p in enumerate(players)}
        r = game.round
        ents = list(r.entities) if r.operating() else []
        corps = [c for c in game.corporations if c is not self.national and c.floated() and c.loans]
        return sorted(corps, key=lambda c: (order.get(c.owner, len(players)),
                                            ents.index(c) if c in ents else len(ents)))

    # -- answers
    def owed(self, corp: Any) -> int:
        return sum(corp.loans) - corp.cash

    def merge(self, corp: Any) -> None:
        game, national = self.game, self.national
        game.log(f"-- {corp.name} merges into {national.name} --")
        self.candidates.remove(corp)
        for train in list(corp.trains):
            corp.trains.remove(train)
            train.owner = national
            national.trains.append(train)
            game.depot.moves += 1
        if corp.cash > 0:
            corp.spend(corp.cash, national)
        corp.loans.clear()
        for name in list(corp.marker_list):
            if name in national.markers:
                game.log(f"{national.name} already has a {name} marker: it goes back to the bank")
                game.markers[name] = max(0, game.markers.get(name, 0) - 1)   # one more for sale
            else:
                national.markers.add(name)
                national.marker_list.append(name)
                game.log(f"{national.name} gets {corp.name}'s {name} marker")
        for player in game.players:
            pct = player.percent_of(corp)
            if pct:
                self.percents[player] = self.percents.get(player, 0) + pct
        self.pool_percent += game.share_pool.percent_of(corp)
        if corp.share_price is not None:
            self.prices.append(corp.share_price.price)
        self.merged.append(corp)
        if not self.candidates:
            self.finish()

    def pay(self, corp: Any) -> None:
        game = self.game
        owed = self.owed(corp)
        president = corp.owner
        if owed > 0 and (president is None or not president.is_player() or president.cash < owed):
            raise InsufficientFunds(f"{game.describe_entity(president)} cannot pay {game.format_money(owed)} "
                                    f"of {corp.name}'s loans", "loan payoff")
        self.candidates.remove(corp)
        if corp.cash > 0:
            corp.spend(corp.cash, game.bank)
        if owed > 0:
            president.spend(owed, game.bank)
        corp.loans.clear()
        game.log(f"{game.describe_entity(president)} pays off {corp.name}'s remaining loans")
        if not self.candidates:
            self.finish()

    # -- forming
    def finish(self) -> None:
        game, national = self.game, self.national
        self.loans_ended = True
        if not self.merged:
            game.log(f"{national.name} does not form")
            close_corporation(game, national)
            return
        self.set_price()
        national.ipoed = True
        national.floated_ = True
        national.formed = True
        self.exchange_shares()
        self.exchange_stations()
        r = game.round
        ents = list(r.entities) if r.operating() else []
        operator = game.current_operator()
        for corp in self.merged:
            close_corporation(game, corp)
        if operator in ents and national not in ents:
            merged_at = [ents.index(c) for c in self.merged if c in ents]
            here = ents.index(operator)
            if not merged_at or here < min(merged_at):
                r.entities.insert(r.entities.index(operator) + 1, national)
                game.log(f"{national.name} operates in this round")
        self.discard_pending = True
        game.graph.clear()

    def set_price(self) -> None:
        game, rules = self.game, self.rules
        prices = sorted(self.prices)
        if len(prices) > 2:
            prices = prices[1:]
        mean = (sum(prices) // len(prices)) // 5 * 5 if prices else 0
        target = max(mean, rules.min_price)
        row = [c for c in game.stock_market.grid[0] if c is not None]
        cell = min(row, key=lambda c: (abs(c.price - target), -c.price))
        game.stock_market.set_par(self.national, cell)
        game.log(f"{self.national.name} starts at {game.format_money(cell.price)}")

    def exchange_shares(self) -> None:
        game, national, rules = self.game, self.national, self.rules
        per = rules.old_shares_per_share * 10
        players = game.players
        start = players.index(self.trigger)
        order = players[start:] + players[:start]
        due = {p: self.percents.get(p, 0) // per for p in order}
        pool_units = self.pool_percent + sum(self.percents.get(p, 0) % per for p in order)
        units = 1 + (100 - national.presidents_percent) // national.share_percent + 1   # the president's twice
        split = rules.share_split_over is not None
        left = 2 * units if split else units
        president, best = None, 0
        for p in order:
            awarded = min(due[p], left)
            left -= awarded
            if awarded > best:
                president, best = p, awarded
        to_pool = min(pool_units // per, left)
        left -= to_pool
        if split and (2 * units - left) > (rules.share_split_over or 0):
            self.split_shares()

        def give(holder: Any) -> bool:
            cert = next((s for s in national.shares_of(national) if not s.president), None)
            if cert is None:
                return False
            game.share_pool.transfer_shares(cert.to_bundle(), holder, allow_president_change=False)
            return True

        for p in order:
            n = due[p]
            if n <= 0:
                continue
            if p is president:
                cert = national.presidents_share
                assert cert is not None
                if n == 1:
                    # a one-share president holds half the president's certificate
                    cert.percent //= 2
                    game.log(f"{p.name} is the president of {national.name} with one share only")
                    n += 1
                game.share_pool.transfer_shares(cert.to_bundle(), p, allow_president_change=False)
                national.owner = p
                n -= 2
            while n > 0 and give(p):
                n -= 1
            game.log(f"{p.name} gets {due[p]} share(s) of {national.name}")
        for _ in range(to_pool):
            give(game.share_pool)
        if president is not None:
            game.log(f"{president.name} becomes the president of {national.name}")

    def split_shares(self) -> None:
        """Every certificate (all still its own) halved, the rest issued in certificates of the new
        size: a president's of 10% and eighteen of 5% where they were 20% and 10%."""
        game, national = self.game, self.national
        pres = national.presidents_percent // 2
        unit = national.share_percent // 2
        own = national.shares_of(national)
        own.clear()
        national.shares_list = []
        for i in range(1 + (100 - pres) // unit):
            share = Share(national, national, i == 0, pres if i == 0 else unit, i)
            share.cert_size = 1 if i == 0 else 0.5
            national.shares_list.append(share)
            own.append(share)
            game.index_share(share)
        national.presidents_share = national.shares_list[0]
        national.second_share = national.shares_list[1]
        game.log(f"{national.name} issues more shares: its shares are now {unit}% shares")

    def exchange_stations(self) -> None:
        game, national, rules = self.game, self.national, self.rules
        national.tokens = []
        homes = []
        for corp in self.merged:
            home = next((t for t in corp.tokens if t.used and t.city is not None
                         and t.city.hex is not None and t.city.hex.id in corp.coordinates), None)
            home = home or next((t for t in corp.tokens if t.used and t.city is not None), None)
            if home is not None:
                homes.append(home.city)
                self.replace(home, national)
        for corp in self.merged:
            for token in list(corp.tokens):
                city = token.city
                if not token.used or city is None or any(h.hex is city.hex for h in homes):
                    continue
                if city.tokened_by(national):
                    token.remove()
                    continue
                self.replace(token, national)
        limit = rules.token_limit if rules.token_limit is not None else len(national.tokens)
        keep = max(len(homes), limit)
        spare = max(0, keep - len(national.tokens))
        for _ in range(spare):
            national.tokens.append(Token(national, price=rules.token_price))
        game.log(f"{national.name} has {spare} spare {game.format_money(rules.token_price)} station(s)")

    def replace(self, token: Any, national: Any) -> None:
        city = token.city
        slot = city.tokens.index(token) if token in city.tokens else None
        token.remove()
        new = Token(national, price=0)
        national.tokens.append(new)
        if slot is None:
            city.exchange_token(new)
        else:
            new.place(city)
            city.tokens[slot] = new
        self.game.log(f"{token.corporation.name}'s station on {city.hex.id} becomes a {national.name} station")

    # -- the formed corporation's trains
    def discardable(self) -> list[Any]:
        trains = self.national.trains
        temporary = [t for t in trains if t.rusts_on is not None]
        permanent = [t for t in trains if t.rusts_on is None]
        limit = self.rules.discard_limit or 0
        return temporary + (permanent if len(permanent) > limit else [])


def debt_formation(game: "GameState") -> DebtFormation | None:
    return find(game, DebtFormation)


def loans_ended(game: "GameState") -> bool:
    m = debt_formation(game)
    return m is not None and m.loans_ended


class WaitsForTheTurn(Step):
    """A step for another entity than the operating corporation: it waits only once no later step
    waits for the operator (whose actions are taken meanwhile), as 18xx.games takes them."""

    def blocks(self) -> bool:
        if not self.active():
            return False
        steps = self.round.steps
        later = steps[steps.index(self) + 1:] if self in steps else []
        return not any(s.active() and s.blocking() for s in later)


class DebtFormationStep(WaitsForTheTurn):
    """The corporations still in debt answer in turn: merge, or pass (their president pays)."""

    ACTIONS = ("merge", "pass")
    type_name = "loan_formation"

    def mechanic(self) -> DebtFormation | None:
        return debt_formation(self.game)

    def description(self) -> str:
        return "Merge or Pay Off Loans"

    def pass_description(self) -> str:
        m = self.mechanic()
        corp = m.candidates[0] if m and m.candidates else None
        return f"Pay {self.game.format_money(m.owed(corp))} to cover loans" if m and corp else "Pay off loans"

    def active(self) -> bool:
        m = self.mechanic()
        return m is not None and bool(m.candidates)

    def active_entities(self) -> list[Any]:
        m = self.mechanic()
        return [m.candidates[0]] if m is not None and m.candidates else []

    def actions(self, entity: Any) -> list[str]:
        return ["merge", "pass"] if self.active() and entity is self.current_entity() else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        m = self.mechanic()
        if m is None or not self.actions(entity):
            return []
        out = [simple("merge", entity, corporation=entity.id)]
        president = entity.owner
        if m.owed(entity) <= 0 or (president is not None and president.is_player()
                                   and president.cash >= m.owed(entity)):
            out.append(simple("pass", entity))
        return out

    def process_merge(self, action: "Action") -> None:
        m = self.mechanic()
        corp = action.entity
        target = getattr(action, "corporation", None) or corp
        if m is None or corp is not self.current_entity() or target is not corp:
            raise IllegalAction(f"{corp.name} cannot merge now", "loan formation")
        m.merge(corp)

    def process_pass(self, action: "Action") -> None:
        m = self.mechanic()
        if m is None or action.entity is not self.current_entity():
            raise IllegalAction(f"{action.entity.name} cannot pay off its loans now", "loan formation")
        m.pay(action.entity)


class FormedDiscardStep(WaitsForTheTurn):
    """After forming, its president may discard its trains that will rust (must, beyond the limit)."""

    ACTIONS = ("discard_train", "pass")
    type_name = "formation_discard"

    def mechanic(self) -> DebtFormation | None:
        return debt_formation(self.game)

    def description(self) -> str:
        return "Discard Trains"

    def active(self) -> bool:
        m = self.mechanic()
        return m is not None and m.discard_pending and not m.national.closed and bool(m.discardable())

    def active_entities(self) -> list[Any]:
        m = self.mechanic()
        return [m.national] if m is not None and self.active() else []

    def must(self) -> bool:
        m = self.mechanic()
        return m is not None and len(m.national.trains) > (m.rules.discard_limit or 0)

    def actions(self, entity: Any) -> list[str]:
        if not self.active() or entity is not self.current_entity():
            return []
        return ["discard_train"] if self.must() else ["discard_train", "pass"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        m = self.mechanic()
        if m is None or not self.actions(entity):
            return []
        out = [simple("discard_train", entity, train=t.id) for t in m.discardable()]
        return out + ([] if self.must() else [simple("pass", entity)])

    def process_discard_train(self, action: "Action") -> None:
        m = self.mechanic()
        train = action.train
        if m is None or train not in m.discardable():
            raise IllegalAction(f"{action.entity.name} cannot discard that train", "formation discard")
        self.game.depot.reclaim_train(train)
        self.game.log(f"{action.entity.name} discards a {train.name} train")
        if not m.discardable():
            m.discard_pending = False

    def process_pass(self, action: "Action") -> None:
        m = self.mechanic()
        if m is None or self.must():
            raise IllegalAction(f"{action.entity.name} must discard trains", "formation discard")
        m.discard_pending = False


DebtFormation.STEPS = {"loan_formation": DebtFormationStep, "formation_discard": FormedDiscardStep}
