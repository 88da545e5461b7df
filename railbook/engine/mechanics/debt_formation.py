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
   every certificate is split in two first (a president's of 10%, the others 5%). A president due one
   certificate only holds half the president's: in his next stock turns he may buy nothing but one of
   its certificates (whose price buys the other half); if he can neither sell nor buy it he is bankrupt
   and the game ends.
4. Stations: every home station becomes one of its stations, then every other one (one per city); each
   costs nothing. Its president removes one of each two it has in one hex (``formation_tokens``), then
   those beyond ``token_limit`` (never a home); it gets spare stations up to the limit at ``token_price``.
   The merged corporations close.
5. It operates in this round, right after the corporation whose purchase fired it, unless one of
   those that merged has operated in it already. Its president may then discard its trains that will
   rust, and must while it has more than ``discard_limit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.corporation import Corporation
from railbook.engine.entities.player import Player
from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, find
from railbook.engine.mechanics.debt_forming import Forming
from railbook.engine.rules.corporations import close_corporation
from railbook.engine.rules.game_end import end_game
from railbook.engine.steps.base import Step
from railbook.engine.points import Handler, Point
from railbook.engine.steps.routes import DIVIDEND_LEFT_ALONE, PRICE_HELD, DividendStep
from railbook.engine.steps.stock import BUY_INSTEAD, NO_BUY, STOCK_AFTER_ACTION, BuySellParShares
from railbook.engine.steps.trains import TRAIN_BOUGHT, BuyTrainStep
from railbook.errors import IllegalAction, InsufficientFunds
from railbook.title.model import FormationDef

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


def _formed_from_loans(corp: Any) -> bool:
    f = corp.definition.formation
    return f is not None and f.formed_from == "unpaid_loans"


class DebtFormation(Forming, Mechanic):
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
        self.removals: list[dict[str, Any]] = []     # stations its president must still remove
        self.half_president: Any = None              # a president holding half the president's certificate
        self.owned_permanent = False                 # it has owned a train that never rusts

    def handlers(self) -> list[tuple[Point, Handler]]:
        out: list[tuple[Point, Handler]] = [(NO_BUY, self.half_president_buys_national),
                                            (BUY_INSTEAD, self.buy_up_to_presidency),
                                            (STOCK_AFTER_ACTION, self.half_president_bankrupt)]
        if self.rules.withholds_until_permanent_train:
            out += [(DIVIDEND_LEFT_ALONE, self.withholds), (PRICE_HELD, self.withholds),
                    (TRAIN_BOUGHT, self.permanent_train_frees_dividends)]
        return out

    # -- a president holding half the president's certificate (stock rounds)
    def half_president_buys_national(self, step: BuySellParShares, entity: Player, corporation: Corporation) -> bool:
        """A president holding half the formed corporation's president's certificate buys nothing
        but its certificates in his stock turns (its price buys the other half)."""
        return self.half_president is not None and entity is self.half_president and corporation is not self.national

    def buy_up_to_presidency(self, step: BuySellParShares, action: "Action") -> bool:
        """The half president's purchase of a certificate of the formed corporation buys the other
        half of his certificate: the certificate he buys stays where it was."""
        half, national = self.half_president, self.national
        bundle = getattr(action, "bundle", None)
        if half is None or action.entity is not half or bundle is None or bundle.corporation is not national:
            return False
        game = self.game
        if bundle.owner is not game.share_pool and bundle.owner is not national.ipo_owner:
            raise IllegalAction(f"those {national.name} shares are not for sale", "buy shares")
        if not step.can_buy(half, bundle):
            raise IllegalAction(f"{half.name} cannot buy that certificate", "half presidency")
        price = bundle.price()
        half.spend(price, game.bank)
        cert = national.presidents_share
        cert.percent *= 2
        self.half_president = None
        game.log(f"{half.name} spends {game.format_money(price)} to buy up to the presidency of {national.name}")
        step.round.current_actions.append(action)
        return True

    def half_president_bankrupt(self, step: BuySellParShares, action: "Action") -> None:
        """A half president who can neither sell nor buy a certificate of the formed corporation is
        bankrupt, and the game ends."""
        half, national = self.half_president, self.national
        game = self.game
        if half is None or game.finished or (step.round.current_entity is not half and action.entity is not half):
            return
        if step.can_sell_any(half) or step.can_buy_any(half):
            return
        game.log(f"-- {half.name} cannot raise the money for a {national.name} share and is bankrupt --")
        end_game(game, "bankrupt")

    # -- the formed corporation's dividends (withholds_until_permanent_train)
    def withholds(self, step: DividendStep, corp: Corporation) -> bool:
        """Until it owns a train that never rusts, the formed corporation withholds and its price stays."""
        return self.bound_to_withhold(corp)

    def permanent_train_frees_dividends(self, step: BuyTrainStep, action: "Action") -> None:
        """A train that never rusts bought by the formed corporation frees it to pay dividends."""
        if action.entity is self.national and action.train.rusts_on is None:
            self.owned_permanent = True

    def bound_to_withhold(self, corp: Any) -> bool:
        return bool(self.rules.withholds_until_permanent_train) and corp is self.national and not self.owned_permanent

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
            if train.rusts_on is None:
                self.owned_permanent = True
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
        limits = self.rules.certificate_limits.get(len(game.corporations))
        if limits and len(game.players) in limits:
            game.certificate_limit_now = limits[len(game.players)]
            game.log(f"The certificate limit is now {game.certificate_limit_now}")
        game.graph.clear()

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
    """A step of the forming from debts for another entity than the operating corporation: it waits
    only once no later step waits for the operator (whose actions are taken meanwhile), as
    18xx.games takes them."""

    def blocks(self) -> bool:
        if not self.active():
            return False
        steps = self.round.steps
        later = steps[steps.index(self) + 1:] if self in steps else []
        return not any(s.active() and s.blocking() for s in later)

    def mechanic(self) -> DebtFormation | None:
        return debt_formation(self.game)


class DebtFormationStep(WaitsForTheTurn):
    """The corporations still in debt answer in turn: merge, or pass (their president pays)."""

    ACTIONS = ("merge", "pass")
    type_name = "loan_formation"

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


class FormedTokenStep(WaitsForTheTurn):
    """After forming, its president removes one of its stations in each hex where it has two, then
    those beyond its limit (never a home)."""

    ACTIONS = ("remove_token",)
    type_name = "formation_tokens"

    def description(self) -> str:
        return "Remove Stations"

    def active(self) -> bool:
        m = self.mechanic()
        return m is not None and bool(m.removals) and not m.national.closed

    def active_entities(self) -> list[Any]:
        m = self.mechanic()
        return [m.national] if m is not None and self.active() else []

    def actions(self, entity: Any) -> list[str]:
        return ["remove_token"] if self.active() and entity is self.current_entity() else []

    def removable(self) -> list[Any]:
        m = self.mechanic()
        if m is None or not m.removals:
            return []
        hexes = m.removals[0]["hexes"]
        return [t for t in m.national.tokens if t.used and t.city is not None and t.hex in hexes]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        return [simple("remove_token", entity, city=t.city.id, slot=t.city.tokens.index(t))
                for t in self.removable() if t in t.city.tokens]

    def process_remove_token(self, action: "Action") -> None:
        m = self.mechanic()
        city = action.city
        slot = action.slot if action.slot is not None else 0
        token = city.tokens[slot] if city is not None and 0 <= slot < len(city.tokens) else None
        if m is None or token is None or token not in self.removable():
            raise IllegalAction(f"{action.entity.name} cannot remove that station", "formation stations")
        token.remove()
        m.national.tokens.remove(token)
        self.game.log(f"{m.national.name} removes its station from {city.hex.id}")
        first = m.removals[0]
        first["count"] -= 1
        if first["count"] <= 0:
            m.removals.pop(0)
        self.game.graph.clear()


class FormedDiscardStep(WaitsForTheTurn):
    """After forming, its president may discard its trains that will rust (must, beyond the limit)."""

    ACTIONS = ("discard_train", "pass")
    type_name = "formation_discard"

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


DebtFormation.STEPS = {"loan_formation": DebtFormationStep, "formation_tokens": FormedTokenStep,
                       "formation_discard": FormedDiscardStep}
