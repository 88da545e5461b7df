"""Buying trains, emergency money, discarding over the limit, and bankruptcy.

A corporation with a route but no train must buy one. If its treasury falls
short, its president adds cash, selling shares if needed (never more than
needed, never so as to give away the presidency of the operating
corporation); if even that fails, the president goes bankrupt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, Range, ranged, shares_action, simple
from railbook.engine.rounds.operating import OperatingRound
from railbook.engine.rules.bankruptcy import (
    can_go_bankrupt,
    declare_bankrupt,
    sellable_bundles,
    refuse_unless_may_go_bankrupt,
)
from railbook.engine.rules.shares import (
    bundles_for_corporation,
    check_sale_timing,
    fit_in_bank,
    sell_shares_and_change_price,
)
from railbook.engine.rules.trains import (
    after_train_bought,
    buy_train,
    can_buy_train_from_others,
    crowded_corps,
    discountable_trains_for,
    must_buy_train,
    num_corp_trains,
    train_limit,
)
from railbook.engine.points import Point
from railbook.engine.steps.base import Step, cash_lent
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action


TRAIN_LEFT_ALONE = Point("buy_train", "left alone", "(step, corporation) -> bool: yes, the step offers it nothing")
NO_EMERGENCY_SALE = Point("buy_train", "no emergency sale", "(step, bundle) -> bool: yes, it may not be sold")
TRAIN_TURN_START = Point("buy_train", "turn start", "(step): a corporation's turn in the step begins")
TRAIN_OFFER = Point("buy_train", "offer", "(step, entity, kinds) -> the kinds of action offered")
TRAIN_LISTING = Point("buy_train", "listing", "(step, entity, legal actions) -> the legal actions")
PRESIDENT_WAITS = Point("buy_train", "president waits",
                        "(step, corporation) -> bool: yes, the president may not add money for a train yet")
SELL_INSTEAD = Point("buy_train", "sell instead", "(step, action) -> bool: the handler carried out the sale")
MAY_BUY = Point("buy_train", "may buy", "(step, corporation) -> bool: yes, it may buy though its cash falls short")
CHECK_BUY = Point("buy_train", "check before buying", "(step, corporation, train, price): raises a rule broken")
RAISED_TO_BUY = Point("buy_train", "money raised to buy",
                      "(step, corporation, train, price) -> int: what it would raise before paying")
PRICE_RANGE = Point("buy_train", "price range", "(step, corporation, train, (low, high)) -> (low, high)")
BEFORE_BUY = Point("buy_train", "before buying", "(step, action): before the purchase is judged and made")
TRAIN_BOUGHT = Point("buy_train", "after buying", "(step, action): the train is the corporation's")
TRAIN_SKIPPED = Point("buy_train", "when skipped", "(step, corporation): before the step passes unasked")


class BuyTrainStep(Step):
    type_name = "buy_train"
    POINTS: tuple[Point, ...] = (TRAIN_TURN_START, TRAIN_LEFT_ALONE, MAY_BUY, TRAIN_OFFER, TRAIN_LISTING, PRESIDENT_WAITS,
                                 NO_EMERGENCY_SALE, SELL_INSTEAD, PRICE_RANGE, CHECK_BUY, RAISED_TO_BUY, BEFORE_BUY,
                                 TRAIN_BOUGHT, TRAIN_SKIPPED)

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.last_share_sold_price: int | None = None
        self.corporations_sold: list[Any] = []
        self.bought_from_depot = False   # this turn (the phase flag one_depot_train_per_turn)
        self.depot_types_bought: set[str] = set()   # one_depot_train_per_type: the types bought this turn

    def description(self) -> str:
        return "Buy Trains"

    def pass_description(self) -> str:
        return "Done (Trains)" if self.acted else "Skip (Trains)"

    def setup(self) -> None:
        self.last_share_sold_price = None
        self.corporations_sold = []
        self.bought_from_depot = False
        self.depot_types_bought = set()
        self.round.trade_ins_this_turn = 0
        for turn_start in self.game.extensions.at(TRAIN_TURN_START):
            turn_start(self)

    def pass_(self) -> None:
        self.last_share_sold_price = None
        super().pass_()

    def skip(self) -> None:
        for skipped in self.game.extensions.at(TRAIN_SKIPPED):
            skipped(self, self.current_entity())
        super().skip()

    # -- emergency money
    def needed_cash(self, entity: Any) -> int:
        ebuy = self.game.rules.operating_round.emergency_buy
        depot = self.game.depot
        return depot.min_depot_price() if ebuy.cheapest_depot_train_only else depot.max_depot_price()

    def emr_available_cash(self, entity: Any) -> int:
        current = self.current_entity()
        if entity is current:
            return current.cash
        return entity.cash + current.cash

    def can_sell_emergency(self, entity: Any, bundle: Any) -> bool:
        game = self.game
        if game.extensions.yes(NO_EMERGENCY_SALE, self, bundle):
            return False
        if entity is not bundle.owner or not check_sale_timing(game, entity, bundle):
            return False
        if not self.sellable_bundle(bundle):
            return False
        if game.rules.operating_round.emergency_buy.sell_more_than_needed:
            return True
        needed = self.needed_cash(entity) - self.emr_available_cash(entity)
        smaller = bundle.price() - min(s.price() for s in bundle.shares)
        return smaller < needed

    def sellable_bundle(self, bundle: Any) -> bool:
        seller = bundle.owner
        if not bundle.can_dump(seller) or not fit_in_bank(self.game, bundle):
            return False
        corp = bundle.corporation
        if not corp.president_is(seller):
            return True
        swap_rule = self.game.rules.operating_round.emergency_buy.president_may_swap
        if swap_rule and corp is not self.current_entity():
            return True
        holders = corp.player_share_holders(corporate=True)
        remaining = holders.get(seller, 0) - bundle.percent
        others = [v for k, v in holders.items() if k is not seller]
        return remaining >= (max(others) if others else 0)

    # -- availability
    def can_entity_buy_train(self, entity: Any) -> bool:
        return not entity.is_minor() or self.game.rules.operating_round.minors_buy_trains

    def room(self, entity: Any) -> bool:
        return num_corp_trains(self.game, entity) < train_limit(self.game, entity)

    def must_buy_train(self, entity: Any) -> bool:
        return must_buy_train(self.game, entity)

    def president_may_contribute(self, entity: Any) -> bool:
        return self.must_buy_train(entity) and not self.game.extensions.yes(PRESIDENT_WAITS, self, entity)

    def depot_closed(self) -> bool:
        """While the phase has the flag ``one_depot_train_per_turn``, a corporation that has bought a train
        from the depot this turn buys no other from it."""
        return self.bought_from_depot and "one_depot_train_per_turn" in self.game.phase.status

    def for_sale(self, entity: Any) -> list[Any]:
        """The trains offered to the corporation: the depot's (unless closed to it) and other companies'."""
        depot = self.game.depot
        return depot.other_trains(entity) if self.depot_closed() else depot.available(entity)

    def can_buy_train(self, entity: Any) -> bool:
        # judged by the depot's prices even once one_depot_train_per_turn closes the depot to the corporation
        # (as 18xx.games does): the step then waits for a pass; a depot purchase that leaves nothing else
        # for sale ends it (process_buy_train)
        min_price = self.game.depot.min_price(entity)
        normal = self.room(entity) and min_price is not None and entity.cash >= min_price
        return normal or (self.trade_in_allowed() and any(entity.cash >= price
                                                          for _, _, price in discountable_trains_for(self.game, entity))) \
            or self.game.extensions.yes(MAY_BUY, self, entity)

    def trade_in_allowed(self) -> bool:
        limit = self.game.rules.operating_round.trade_ins_per_turn
        return limit is None or self.round.trade_ins_this_turn < limit

    def actions(self, entity: Any) -> list[str]:
        if self.game.extensions.yes(TRAIN_LEFT_ALONE, self, entity):
            return []
        kinds = self.buying(entity)
        for offer in self.game.extensions.at(TRAIN_OFFER):
            kinds = offer(self, entity, kinds)
        return kinds

    def buying(self, entity: Any) -> list[str]:
        """The step's own ``actions``: a corporation that may buy a train, its president selling for one."""
        current = self.current_entity()
        if current is None or not current.is_operator() or not self.can_entity_buy_train(current):
            return []
        if entity is current.owner and entity is not None and entity.is_player():
            return ["sell_shares"]
        if entity is not current:
            return []
        if self.president_may_contribute(entity):
            return [] if self.nothing_left_to_raise(entity) else ["sell_shares", "buy_train"]
        if self.can_buy_train(entity):
            return ["buy_train", "pass"]
        return []

    def nothing_left_to_raise(self, entity: Any) -> bool:
        """A corporation that must buy a train, whose president is already bankrupt (he goes
        bankrupt only once, where the game goes on after a bankruptcy), and that can neither buy a
        train nor sell a certificate of its own for one: it runs on without a train."""
        owner = entity.owner
        if owner is None or not owner.is_player() or not owner.bankrupt:
            return False
        sales = (b for corp, shares in list(entity.shares_by_corporation.items()) if shares
                 for b in bundles_for_corporation(self.game, entity, corp))
        return not self.legal_train_buys(entity) and not any(self.can_sell_emergency(entity, b) for b in sales)

    # -- every legal action
    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        out: list[LegalAction] = []
        if "sell_shares" in kinds:
            out += [shares_action("sell_shares", entity, b)
                    for corp, shares in list(entity.shares_by_corporation.items()) if shares
                    for b in bundles_for_corporation(self.game, entity, corp) if self.can_sell_emergency(entity, b)]
        if "buy_train" in kinds:
            out += self.legal_train_buys(entity)
        if "pass" in kinds:
            out.append(simple("pass", entity))
        for listing in self.game.extensions.at(TRAIN_LISTING):
            out = listing(self, entity, out)
        return out

    def legal_train_buys(self, entity: Any) -> list[LegalAction]:
        """Each train for sale: from the depot at its price (or less a trade-in), from another
        corporation at any price the rules and the buyer's means allow."""
        trains = list(dict.fromkeys(self.for_sale(entity) + self.buyable_trains(entity)))
        out = []
        for train in trains:
            if train.from_depot():
                trade_ins = [t for t in entity.trains if t.name in train.discount]
                for exchange in [None] + trade_ins:
                    price = train.price(exchange) if exchange is not None else train.price_
                    if self.accepts_buy(entity, train, price, exchange):
                        out.append(simple("buy_train", entity, train=train.id, price=price,
                                          **({"exchange": exchange.id} if exchange is not None else {})))
                for name, d in train.variants.items():      # another variant of the type, at its price
                    if name != train.name and exchange is None and self.accepts_buy(entity, train, d.price, None, name):
                        out.append(simple("buy_train", entity, train=train.id, price=d.price, variant=name))
                continue
            low, high = self.price_range(entity, train)
            step = self.game.rules.operating_round.corporation_train_sales.price_multiple
            low, high = -(-low // step) * step, high // step * step    # prices in multiples of the step
            if low <= high and self.accepts_buy(entity, train, low) and self.accepts_buy(entity, train, high):
                out.append(ranged("buy_train", entity, {"price": Range(low, high, step)}, train=train.id))
        return out

    def price_range(self, entity: Any, train: Any) -> tuple[int, int]:
        """The prices (low, high) the rules and the buyer's means allow for another corporation's train
        (none where low > high); the listing checks both ends with ``check_buy_train``."""
        span = self.means_range(entity, train)
        for narrow in self.game.extensions.at(PRICE_RANGE):
            span = narrow(self, entity, train, span)
        return span

    def means_range(self, entity: Any, train: Any) -> tuple[int, int]:
        """The step's own ``price_range``: the emergency rules' prices, up to what the buyer can pay."""
        low, high = self.spend_minmax(entity, train)
        if self.president_may_contribute(entity) and entity.owner is not None:
            means = max(entity.cash, min(train.price_, entity.cash + entity.owner.cash))
        else:
            means = entity.cash
        return low, min(high, means)

    def accepts_buy(self, entity: Any, train: Any, price: int, exchange: Any = None,
                    variant: str | None = None) -> bool:
        try:
            self.check_buy_train(entity, train, price, exchange, variant)
        except IllegalAction:
            return False
        return True

    # -- buying
    def buyable_trains(self, entity: Any) -> list[Any]:
        depot = self.game.depot
        depot_trains = list(depot.depot_trains())
        others = depot.other_trains(entity) if can_buy_train_from_others(self.game) else []
        ebuy = self.game.rules.operating_round.emergency_buy
        if entity.cash < depot.min_depot_price() and ebuy.cheapest_depot_train_only:
            cheapest = depot.min_depot_train()
            depot_trains = [cheapest] if cheapest else []
        if self.depot_closed():
            depot_trains = []
        if self.depot_types_bought:     # one_depot_train_per_type: a type bought this turn is sold out to it
            depot_trains = [t for t in depot_trains if t.name not in self.depot_types_bought]
        return depot_trains + others

    def spend_minmax(self, entity: Any, train: Any) -> tuple[int, int]:
        ebuy = self.game.rules.operating_round.emergency_buy.from_other_corporations
        power = entity.cash
        if ebuy != "never" and power < train.price_:
            max_possible = power + (entity.owner.cash if entity.owner is not None else 0)
            low = max_possible - self.last_share_sold_price + 1 if self.last_share_sold_price else 1
            high = min(train.price_, max_possible) if ebuy == "up_to_face_value" else max_possible
            return max(low, self.game.depot.other_min_price), high
        return self.game.depot.other_min_price, power

    def process_buy_train(self, action: "Action") -> None:
        extensions = self.game.extensions
        for before in extensions.at(BEFORE_BUY):
            before(self, action)
        self.buy(action)
        for bought in extensions.at(TRAIN_BOUGHT):
            bought(self, action)

    def buy(self, action: "Action") -> None:
        """The step's own rules of buying a train, judged, then the purchase (and whether the turn's buying is over)."""
        entity = action.entity
        train = action.train
        game = self.game
        exchange = action.exchange
        price = action.price
        remaining = self.check_buy_train(entity, train, price, exchange, action.variant)
        if action.variant is not None and action.variant != train.name:
            train.become_variant(action.variant)
        assist = self.president_assist(entity, train, price)
        if assist > 0:
            rule = game.rules.operating_round.president_assist
            player, fee = entity.owner, rule.fee if rule is not None else 0
            player.spend(assist + fee, game.bank)
            game.bank.spend(assist, entity)
            game.log(f"{player.name} pays {game.format_money(assist)} and a {game.format_money(fee)} fee to help "
                     f"{entity.name} buy a {train.name} train")
        loan = remaining > 0 and entity.owner.cash < remaining and self.may_borrow(entity, train)
        if remaining > 0:
            player = entity.owner
            if loan:
                borrow = game.rules.operating_round.emergency_buy.president_borrows
                debt = remaining - max(player.cash, 0)
                player.spend(remaining, entity, check_cash=False)
                if borrow is not None and borrow.interest:
                    player.spend(borrow.interest, game.bank, check_cash=False)
                game.log(f"{player.name} borrows {game.format_money(debt)} to pay for the train, and "
                         f"{game.format_money(borrow.interest if borrow else 0)} more is added to the debt")
            else:
                player.spend(remaining, entity)
                game.log(f"{player.name} contributes {game.format_money(remaining)}")
        if exchange is not None:
            game.depot.reclaim_train(exchange)
            self.round.trade_ins_this_turn += 1
        source = train.owner
        from_depot = train.from_depot()
        self.bought_from_depot = self.bought_from_depot or from_depot
        game.log(f"{entity.name} buys a {train.name} train for {game.format_money(price)} from {source.name}")
        buy_train(game, entity, train, price)
        after_train_bought(game, train)
        game.hook("after_buy_train", entity, train)
        if loan:        # a train bought on a loan ends the corporation's buying (as 18xx.games has it)
            self.pass_()
            return
        if from_depot and game.rules.operating_round.one_depot_train_per_type:
            self.depot_types_bought.add(train.name)
            if not self.buyable_trains(entity):
                self.pass_()
                return
        if not self.can_buy_train(entity) or (self.depot_closed() and from_depot and not self.buyable_trains(entity)):
            self.pass_()

    def may_borrow(self, entity: Any, train: Any) -> bool:
        """``president_borrows``: a depot train, the president has no share left he may sell, and not even
        the cheapest depot train is within the corporation's and his cash."""
        game = self.game
        player = entity.owner
        if game.rules.operating_round.emergency_buy.president_borrows is None or not train.from_depot() \
                or player is None or not player.is_player():
            return False
        if any(self.can_sell_emergency(player, b) for corp in list(player.shares_by_corporation)
               for b in bundles_for_corporation(game, player, corp)):
            return False
        cheapest = game.depot.min_depot_price()
        return cheapest is not None and cheapest > entity.cash + player.cash

    def president_assist(self, entity: Any, train: Any, price: int) -> int:
        """What the president adds where the title lets him help (``president_assist``): the treasury holds
        at least its share of the price but not all of it, and he can pay the difference and the fee."""
        rule = self.game.rules.operating_round.president_assist
        player = entity.owner
        if rule is None or price <= entity.cash or player is None or not player.is_player():
            return 0
        d = train.definition
        if (rule.needs_train and not entity.trains) or \
                (rule.permanent_trains_only and (d.rusts_on or d.obsolete_on or d.rusts_after_set)):
            return 0
        if entity.cash < price * rule.min_treasury_percent // 100:
            return 0
        assist = price - entity.cash
        return assist if player.cash >= assist + rule.fee else 0

    def check_buy_train(self, entity: Any, train: Any, price: int, exchange: Any = None,
                        variant: str | None = None) -> int:
        """Every rule of buying this train at this price (trading in ``exchange``, as its ``variant``), judged
        without buying it: raises the rule a purchase breaks; returns what the president must add. The
        mechanics' checks come first, and the step's rules judge it with what they would raise lent."""
        extensions = self.game.extensions
        for check in extensions.at(CHECK_BUY):
            check(self, entity, train, price)
        raised = extensions.total(RAISED_TO_BUY, self, entity, train, price)
        with cash_lent(self.game.bank, entity, raised):
            return self.check_purchase(entity, train, price, exchange, variant)

    def check_purchase(self, entity: Any, train: Any, price: int, exchange: Any = None,
                       variant: str | None = None) -> int:
        """The step's own rules of buying (``check_buy_train`` without the mechanics')."""
        game = self.game
        if variant is not None and variant != train.name and (variant not in train.variants or not train.from_depot()):
            raise IllegalAction(f"{train.id} cannot be bought as a {variant}", "train variant")
        if train.owner is entity:
            raise IllegalAction(f"{entity.name} already owns {train.id}", "buy train")
        limit = train.definition.per_corporation_limit
        if limit is not None and sum(1 for t in entity.trains if t.name == train.name) >= limit:
            raise IllegalAction(f"{entity.name} may own at most {limit} {train.name} train(s)", "train limit")
        available = self.for_sale(entity)
        if train not in available and train not in self.buyable_trains(entity):
            raise IllegalAction(f"train {train.id} is not for sale now", "buy train")
        if train.from_depot() and train.name in self.depot_types_bought:
            raise IllegalAction(f"{entity.name} has already bought a {train.name} train from the depot this turn",
                                "one depot train per type")
        if variant is not None and variant not in train.variants:
            raise IllegalAction(f"train {train.id} has no variant {variant!r}", "train variant")
        if train.from_depot():
            if variant is not None and variant != train.name:
                expected = train.variants[variant].price - (train.discount.get(exchange.name, 0) if exchange else 0)
            else:
                expected = train.price(exchange) if exchange is not None else train.price_
            if price != expected:
                raise IllegalAction(f"train {train.id} costs {game.format_money(expected)}"
                                    + (f" when trading in a {exchange.name}" if exchange is not None else ""),
                                    "train price")
        else:
            if not can_buy_train_from_others(game):
                raise IllegalAction("trains cannot be bought from other corporations", "buy train")
            low, high = self.spend_minmax(entity, train)
            if not (low <= price <= high) and not (price > high and self.president_assist(entity, train, price)):
                raise IllegalAction(f"{entity.name} may pay between {game.format_money(low)} and "
                                    f"{game.format_money(high)} for {train.owner.name}'s {train.name}", "train price")
            multiple = game.rules.operating_round.corporation_train_sales.price_multiple
            if price % multiple:
                raise IllegalAction(f"a train bought from another corporation costs a multiple of "
                                    f"{game.format_money(multiple)}", "train price")
        if exchange is not None:
            if exchange.owner is not entity:
                raise IllegalAction(f"{entity.name} does not own {exchange.id} to trade in", "train trade-in")
            if exchange.name not in train.discount:
                raise IllegalAction(f"a {exchange.name} train cannot be traded in for a {train.name}", "train trade-in")
            if not self.trade_in_allowed():
                raise IllegalAction(f"only {game.rules.operating_round.trade_ins_per_turn} trade-in per turn",
                                    "train trade-in")
        elif not self.room(entity) and not discountable_trains_for(game, entity):
            raise IllegalAction(f"{entity.name} is at its train limit of {train_limit(game, entity)}", "train limit")
        remaining = price - entity.cash - self.president_assist(entity, train, price)
        if remaining > 0 and self.president_may_contribute(entity):
            if exchange is not None:
                raise IllegalAction("the president cannot contribute to a trade-in", "emergency buy")
            if train.from_depot():
                cheapest = game.depot.min_depot_train()
                ebuy = game.rules.operating_round.emergency_buy
                if ebuy.cheapest_depot_train_only and cheapest is not None and train.name != cheapest.name:
                    raise IllegalAction(f"with the president's help only the cheapest train ({cheapest.name}) may "
                                        "be bought", "emergency buy")
            elif price > train.price_:
                raise IllegalAction("cannot pay more than face value with the president's help", "emergency buy")
            player = entity.owner
            if player.cash < remaining and not self.may_borrow(entity, train):
                raise InsufficientFunds(f"{player.name} has {game.format_money(player.cash)} and cannot add "
                                        f"{game.format_money(remaining)}; sell shares first", "emergency buy")
        elif remaining > 0:
            raise InsufficientFunds(f"{entity.name} has {game.format_money(entity.cash)} and cannot pay "
                                    f"{game.format_money(price)}", "money")
        return max(0, remaining) if self.president_may_contribute(entity) else 0

    def refusal(self, action: "Action") -> IllegalAction | None:
        """The train rule a refused action breaks: passing while a train must be bought, a
        purchase over the limit or beyond the corporation's means."""
        current = self.round.entities[self.round.entity_index] if self.round.entities else None
        if current is None:
            return None
        if action.type == "pass" and action.entity is current and self.round.active_step() is self \
                and self.must_buy_train(current):
            return IllegalAction(f"{current.name} must buy a train: it has a route and owns no train",
                                 "must buy a train")
        if action.type != "buy_train" or action.entity is not current:
            return None
        if not self.room(action.entity):
            return IllegalAction(f"{action.entity.name} is at its train limit of "
                                 f"{train_limit(self.game, action.entity)}", "train limit")
        return InsufficientFunds(f"{action.entity.name} cannot afford a train now", "money")

    def process_sell_shares(self, action: "Action") -> None:
        if self.game.extensions.takes(SELL_INSTEAD, self, action):
            return
        bundle = action.bundle
        entity = action.entity
        if not self.can_sell_emergency(entity, bundle):
            raise IllegalAction(f"{entity.name} may sell only what the train purchase needs, keeping the "
                                f"presidency of {self.game.describe_entity(self.current_entity())}", "emergency sale")
        if entity is not self.current_entity():
            self.last_share_sold_price = bundle.price_per_share()
        sell_shares_and_change_price(self.game, bundle)
        if entity is not self.current_entity():
            self.corporations_sold.append(bundle.corporation)
        if isinstance(self.round, OperatingRound):
            self.round.recalculate_order()


class BankruptStep(Step):
    """A president goes bankrupt: where his corporation and emergency money cannot buy the
    cheapest train, or, where the title's ``bankruptcy.voluntary`` says so, at any point of an
    operating round once its first action is taken (the game's player acting then declares it,
    for himself or for the corporation he presides over)."""

    def description(self) -> str:
        return "Bankrupt"

    blocks = Step.never_blocks

    def voluntary(self) -> bool:
        return self.game.rules.bankruptcy.voluntary

    def actions(self, entity: Any) -> list[str]:
        if self.voluntary():
            return ["bankrupt"] if not self.round.at_start and entity is not None and not entity.is_company() \
                else []
        return ["bankrupt"] if entity is self.current_entity() else []

    def declarer(self, entity: Any) -> Any:
        """The player who goes bankrupt: the corporation's president (declaring at will, a player
        may declare it for himself)."""
        return entity if self.voluntary() and entity.is_player() else entity.owner

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Bankruptcy only where the rules make it a way out (not on every turn, unless the title
        lets a player declare it at will)."""
        if not self.actions(entity):
            return []
        player = self.declarer(entity)
        if player is None or not player.is_player() or player.bankrupt:
            return []   # a bankrupt president presiding on goes bankrupt only once
        if self.voluntary():
            return [simple("bankrupt", entity)]
        return [simple("bankrupt", entity)] if can_go_bankrupt(self.game, player, entity) else []

    def process_bankrupt(self, action: "Action") -> None:
        game = self.game
        corp = action.entity
        player = self.declarer(corp)
        if not self.voluntary():
            refuse_unless_may_go_bankrupt(game, player, corp)
        elif player is None or not player.is_player():
            raise IllegalAction(f"{corp.name} has no president who could go bankrupt", "bankruptcy")
        elif player.bankrupt:
            raise IllegalAction(f"{player.name} is already bankrupt", "bankruptcy")
        game.log(f"-- {player.name} goes bankrupt and sells remaining shares --")
        # what the step in play lets the player sell goes to the market, the biggest bundle first;
        # the rest stays with the player (and counts in the final scores)
        for corporation in sorted(list(player.shares_by_corporation), key=lambda c: c.name):
            if corporation.share_price is None:
                continue
            while bundles := sellable_bundles(game, player, corporation):
                sell_shares_and_change_price(game, max(bundles, key=lambda b: b.price()))
        if isinstance(self.round, OperatingRound):
            self.round.recalculate_order()
        player.set_cash(0, game.bank)
        declare_bankrupt(game, player)
