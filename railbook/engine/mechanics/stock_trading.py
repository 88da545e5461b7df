"""The stock turn of titles that trade more than shares.

Switched on by the title's data; each rule below applies only where the data
asks for it:

* ``stock_round.ipo_moves_to_pool``: when a corporation is parred, its other
  unreserved certificates move to the bank pool (they sell at the market price).
* Privates the bank still holds (what is left of a starting package, and the
  lowest-numbered bond, ``stock_round_trade``) may be bought at their value as
  the turn's buy; a bond may be sold back at its value (not in the first stock
  round, not after buying, and a player who sold one may not buy one in the
  same round).
* Players who passed in the starting package draft sit out the first stock
  round, and so does a player who passes in it.
* A private whose ``exchange`` ability is timed ``owning_player_stock_round``
  is exchanged as its owner's buy of the turn, for ``count`` certificates at
  once (fewer if fewer are left); it may instead pay for the president's
  certificate when its owner pars that corporation (at any par price): the
  bank pays the owner the certificate's price and the private closes.
* Buying a certificate of a corporation whose president's certificate is still
  reserved (a corporation formed by merger) never makes anyone president.
* Par cells reserved for some corporations (market.yaml ``par_prices``) are not
  offered to the others.
* A private that must close after its owner's next stock turn closes when its
  owner next buys shares (as 18xx.games does it).
* Privates changing hands between players (``privates_between_players``):
  privates with ``no_sale_between_players`` never do; as 18xx.games does it, the
  buyer pays the bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import ShareBundle
from railbook.engine.legal import LegalAction, Range, distinct_choices, ranged, shares_action, simple
from railbook.engine.mechanics.base import Mechanic, find, replace_step
from railbook.engine.mechanics.mergers import Mergers
from railbook.engine.mechanics.starting_package import StartingPackage
from railbook.engine.rules.abilities import exchange_corporations, usable_abilities
from railbook.engine.rules.shares import (
    after_par,
    bundles_for_corporation,
    buy_shares,
    can_par,
    cert_limit,
    move_ipo_to_pool,
    num_certs,
    par_prices_for,
    reserved_par_cells,
)
from railbook.engine.steps.privates import ExchangeStep
from railbook.engine.steps.stock import BuySellParShares
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState

BOND_SOLD = "bond"  # players_sold key: a bond was sold this round
TURN_TIMING = "owning_player_sr_turn"
SITS_OUT = "starting package"



def is_bond(company: Any) -> bool:
    return bool(company.definition.stock_round_trade)


class StockTrading(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return (bool(game.rules.stock_round.ipo_moves_to_pool)
                or any(is_bond(c) for c in game.companies)
                or StartingPackage.applies(game) or Mergers.applies(game)
                or any(a.type == "exchange" and TURN_TIMING in a.when for c in game.companies for a in c.abilities))

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.closing: list[Any] = []  # privates that close when their owner next buys shares

    def setup(self) -> None:
        if self.game.rules.stock_round.ipo_moves_to_pool:
            for corp in self.game.all_corporations:
                corp.float_excludes = self.game.share_pool  # certificates waiting in the pool are unsold

    def stock_steps(self, steps: list[Any]) -> list[Any]:
        return replace_step(replace_step(steps, BuySellParShares, TradingShares), ExchangeStep, AnyTimeExchangeStep)

    def close_after_owner_stock_turn(self, company: Any) -> None:
        if not company.closed and company not in self.closing:
            self.closing.append(company)

    def owner_bought(self, player: Any) -> None:
        for company in list(self.closing):
            if company.closed or company.owner is player:
                self.closing.remove(company)
            if company.owner is player and not company.closed:
                self.game.log(f"{company.name} closes")
                company.close()


def trading(game: "GameState") -> StockTrading | None:
    return find(game, StockTrading)


class AnyTimeExchangeStep(ExchangeStep):
    """Exchanges usable at any time; those timed to the owner's stock turn are the turn's buy instead."""

    def exchange_ability(self, entity: Any) -> Any:
        found = [a for a in usable_abilities(self.game, entity, "exchange", time=["any"]) if TURN_TIMING not in a.when]
        return found[0] if found else None


_OWN_ANSWER: dict[tuple[type, str], bool] = {}


def _own_answer_holds(cls: type, method: str) -> bool:
    """Whether :meth:`TradingShares.has_actions`' (``offers``') short answer is what ``actions``
    says for this class: below it the stock step's own ``actions``, and every class in front that
    changes ``actions`` answers ``method`` itself."""
    known = _OWN_ANSWER.get((cls, method))
    if known is None:
        mro = cls.__mro__
        at = mro.index(TradingShares)
        front = all(method in k.__dict__ for k in mro[:at] if "actions" in k.__dict__)
        below = next((k for k in mro[at + 1:] if "actions" in k.__dict__), None)
        known = _OWN_ANSWER[(cls, method)] = front and below is BuySellParShares
    return known


class TradingShares(BuySellParShares):
    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.par_by_exchange: Any = None  # a par its owner may pay for with a private (waiting for assign/pass)

    # -- the data's rules
    def package(self) -> Any:
        return find(self.game, StartingPackage)

    def first_sr_passed(self, entity: Any) -> bool:
        pkg = self.package()
        return pkg is not None and self.game.turn == 1 and entity in pkg.passers

    def bank_companies(self) -> list[Any]:
        """What the bank sells in a stock round: unsold non-bond privates and the first unsold bond."""
        unsold = [c for c in self.game.companies if not c.closed and c.owner is None]
        bonds = [c for c in unsold if is_bond(c)]
        return [c for c in unsold if not is_bond(c)] + bonds[:1]

    def can_buy_bank_company(self, entity: Any, company: Any = None) -> bool:
        if self.first_sr_passed(entity) or num_certs(self.game, entity) >= cert_limit(self.game, entity):
            return False
        offered = self.bank_companies()
        for c in ([company] if company is not None else offered):
            if c not in offered or self.bought():
                continue
            if is_bond(c) and self.round.players_sold.get(entity, {}).get(BOND_SOLD):
                continue
            if entity.cash >= c.value:
                return True
        return False

    def sellable_companies(self, entity: Any) -> list[Any]:
        if self.game.turn <= 1 or not entity.is_player():
            return []
        return [c for c in entity.companies if is_bond(c)]

    def can_sell_companies(self, entity: Any) -> bool:
        return not self.first_sr_passed(entity) and bool(self.sellable_companies(entity)) and not self.bought()

    def turn_exchanges(self, player: Any) -> list[tuple[Any, Any]]:
        """(private, ability) the player may exchange as the turn's buy."""
        return [(c, a) for c in list(getattr(player, "companies", [])) if not c.closed
                for a in c.abilities if a.type == "exchange" and TURN_TIMING in a.when]

    def exchange_source(self, ability: Any, corp: Any) -> list[Any]:
        shares: list[Any] = []
        if "pool" in ability.from_:
            shares += [s for s in self.game.share_pool.shares_of(corp) if s.buyable]
        if "ipo" in ability.from_ and corp.ipoed:
            shares += [s for s in corp.ipo_owner.shares_of(corp) if s.buyable and not s.president]
        return shares

    def can_exchange(self, player: Any, company: Any = None, corp: Any = None) -> bool:
        if player is None or self.first_sr_passed(player) or self.bought():
            return False
        for c, a in self.turn_exchanges(player):
            if company is not None and c is not company:
                continue
            for target in exchange_corporations(self.game, a):
                if (corp is None or target is corp) and self.exchange_source(a, target):
                    return True
        return False

    def par_exchange_private(self, player: Any, corp: Any) -> Any:
        """A private of the player's that may pay for this corporation's president's certificate."""
        for c, a in self.turn_exchanges(player):
            if corp in exchange_corporations(self.game, a):
                return c
        return None

    def reserved_cells(self, corp: Any) -> tuple[list[Any], list[Any]]:
        """(cells reserved for this corporation, cells reserved for others) from market.yaml par_prices."""
        mine: list[Any] = []
        others: list[Any] = []
        for sym, cells in reserved_par_cells(self.game).items():
            (mine if sym == corp.id else others).extend(cells)
        return mine, others

    def par_prices(self, corp: Any) -> list[Any]:
        mine, others = self.reserved_cells(corp)
        if mine:
            return [p for p in self.game.stock_market.par_prices if p in mine]
        return [p for p in par_prices_for(self.game, corp) if p not in others]

    # -- what the player may do
    def actions(self, entity: Any) -> list[str]:
        if entity is None:
            return []
        current = self.current_entity()
        if entity.is_company():
            if entity.owner is current and current is not None and self.par_by_exchange is None \
                    and self.can_exchange(current, company=entity):
                return ["buy_shares"]
            return []
        if entity is not current:
            return []
        if self.par_by_exchange is not None:
            return ["assign", "pass"] if entity is self.par_by_exchange.entity else []
        if self.first_sr_passed(entity):
            return []
        result = super().actions(entity)
        if result == ["buy_company", "pass"]:
            result = []  # buying another player's private is no reason to stop at a player
        if self.can_buy_bank_company(entity):
            result += ["buy_company", "pass"]
        if self.can_exchange(entity):
            result += ["buy_shares", "pass"]
        if self.can_sell_companies(entity):
            result += ["sell_company", "pass"]
        return list(dict.fromkeys(result))

    def offers(self, entity: Any, kind: str) -> bool:
        """``kind in actions(entity)``, computing only what that kind depends on (where ``actions`` is
        this class's over the stock step's own, or a mixin's in front that answers ``offers`` itself
        over this answer, as bond trading does)."""
        if entity is None or entity.is_company() or self.par_by_exchange is not None \
                or not _own_answer_holds(type(self), "offers"):
            return kind in self.actions(entity)
        if entity is not self.current_entity() or self.first_sr_passed(entity):
            return False
        # what this class adds to the stock step's actions
        if kind == "sell_company":
            return self.can_sell_companies(entity)
        if kind == "buy_company" and self.can_buy_bank_company(entity):
            return True
        if kind == "buy_shares" and self.can_exchange(entity):
            return True
        if kind == "pass" and (self.can_buy_bank_company(entity) or self.can_exchange(entity)
                               or self.can_sell_companies(entity)):
            return True
        # the stock step's own actions, less a list of only buying another player's private and passing
        answer = self.share_offers(entity, kind)
        if answer is not None:
            return answer
        if kind == "buy_company" and not self.purchasable_companies(entity):
            return False
        if kind in ("buy_company", "pass"):
            return self.can_buy_any(entity) or self.can_ipo_any(entity) or self.can_sell_any(entity)
        return False

    def has_actions(self, entity: Any) -> bool:
        """``bool(actions(entity))``, stopping at the first thing the player may do (where ``actions``
        is this class's over the stock step's own, or a mixin's in front that answers ``has_actions``
        itself over this answer, as bond trading does)."""
        if entity is None or entity.is_company() or self.par_by_exchange is not None \
                or not _own_answer_holds(type(self), "has_actions"):
            return bool(self.actions(entity))
        if entity is not self.current_entity() or self.first_sr_passed(entity):
            return False
        # the stock step's actions are empty or only "buy_company" (dropped here) unless one of these
        return (self.pending_home is not None or self.can_buy_any(entity) or self.can_ipo_any(entity)
                or self.can_sell_any(entity) or self.can_buy_bank_company(entity) or self.can_exchange(entity)
                or self.can_sell_companies(entity))

    def can_ipo_any(self, entity: Any) -> bool:
        if self.bought():
            return False
        for corp in self.game.corporations:
            own = corp.shares_of(corp)
            if not can_par(self.game, corp, entity) or not own:
                continue
            if self.par_exchange_private(entity, corp) is not None or self.can_buy(entity, own[0].to_bundle()):
                return True
        return False

    def purchasable_companies(self, entity: Any) -> list[Any]:
        """Privates the player may take from another player (18xx.games: at any price, paid to the bank);
        never a bond, which changes hands only with the bank."""
        rule = self.sr.privates_between_players
        if rule.phase_flag and rule.phase_flag not in self.game.phase.status:
            return []
        if rule.not_in_first_stock_round and self.game.turn == 1:
            return []
        return [c for c in self.game.companies
                if not c.closed and c.owner is not None and c.owner.is_player() and c.owner is not entity
                and not is_bond(c)
                and not any(a.type == "no_sale_between_players" for a in c.abilities)]

    # -- every legal action
    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        if not kinds:
            return []
        if entity.is_company():
            return self.legal_exchanges(entity)
        if self.par_by_exchange is not None:
            private = self.par_exchange_private(entity, self.par_by_exchange.corporation)
            return [simple("assign", entity, target=private.id, target_type="company"), simple("pass", entity)]
        out: list[LegalAction] = []
        if "sell_shares" in kinds:
            out += [shares_action("sell_shares", entity, b) for b in self.sellable_bundles(entity)]
        if "buy_shares" in kinds:
            out += [shares_action("buy_shares", entity, b) for b in self.buyable_bundles(entity)]
        if "par" in kinds:
            out += [simple("par", entity, corporation=corp.id, share_price=sp.id)
                    for corp in self.game.corporations for sp in self.par_prices(corp)
                    if self.accepts(self.check_par, entity, corp, sp, self.par_exchange_private(entity, corp) is not None)]
        if "buy_company" in kinds:
            out += [simple("buy_company", entity, company=c.id, price=c.value) for c in self.bank_companies()
                    if self.accepts(self.check_buy_company, entity, c, c.value)]
            if entity.cash >= 1:
                out += [ranged("buy_company", entity, {"price": Range(1, entity.cash)}, company=c.id)
                        for c in self.purchasable_companies(entity)]
        if "sell_company" in kinds:
            out += [simple("sell_company", entity, company=c.id, price=c.value) for c in self.sellable_companies(entity)
                    if self.accepts(self.check_sell_company, entity, c, c.value)]
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    @staticmethod
    def accepts(check: Any, *args: Any) -> bool:
        try:
            check(*args)
        except IllegalAction:
            return False
        return True

    def legal_exchanges(self, company: Any) -> list[LegalAction]:
        """The private traded for certificates of each corporation it names: named by one certificate
        of the source (as 18xx.games records it) or by all it brings; both exchange the same."""
        out = []
        player = company.owner
        for c, ability in self.turn_exchanges(player):
            if c is not company:
                continue
            for corp in exchange_corporations(self.game, ability):
                source = self.exchange_source(ability, corp)
                wanted = min(ability.count or 1, len(source))
                for shares in distinct_choices(source, (1, wanted)):
                    bundle = ShareBundle(shares)
                    if self.accepts(self.check_exchange, company, bundle):
                        out.append(shares_action("buy_shares", company, bundle))
        return out

    # -- processing
    def process_buy_shares(self, action: "Action") -> None:
        entity = action.entity
        if entity.is_company():
            self.exchange_private(action)
            return
        if self.first_sr_passed(entity):
            raise IllegalAction(f"{entity.name} passed in the starting package and sits out this stock round",
                                SITS_OUT)
        bundle = action.bundle
        corp = bundle.corporation
        if bundle.owner is not self.game.share_pool and bundle.owner is not corp.ipo_owner:
            raise IllegalAction(f"those {corp.name} shares are not for sale", "buy shares")
        bought = self.round.players_bought.setdefault(entity, {})
        from_ipo = bundle.owner.is_corporation()
        reserved = corp.presidents_share is not None and not corp.presidents_share.buyable
        self.buy_shares(entity, bundle, allow_president_change=not reserved)
        bought[corp] = bought.get(corp, 0) + bundle.percent
        if from_ipo:
            self.round.bought_from_ipo = True
        self.track_action(action, corp)
        t = trading(self.game)
        if t is not None:
            t.owner_bought(entity)

    def check_exchange(self, company: Any, named: ShareBundle) -> ShareBundle:
        """Every rule of exchanging the private for the certificates named (one of those it brings, or
        all of them), judged without exchanging it: raises the rule it breaks; returns what it brings."""
        game = self.game
        player = company.owner
        corp = named.corporation
        if player is not self.current_entity() or self.par_by_exchange is not None \
                or not self.can_exchange(player, company=company, corp=corp):
            raise IllegalAction(f"{company.name} cannot be exchanged for {corp.name} certificates now", "exchange")
        ability = next(a for c, a in self.turn_exchanges(player) if c is company)
        source = self.exchange_source(ability, corp)
        wanted = min(ability.count or 1, len(source))
        if not all(s in source for s in named.shares):
            raise IllegalAction(f"{company.name} is exchanged for {corp.name} certificates from the "
                                f"{' or '.join(ability.from_)} only", "exchange")
        if len(named.shares) not in (1, wanted):
            raise IllegalAction(f"{company.name} is exchanged for {wanted} {corp.name} certificate(s)", "exchange")
        bundle = named
        if wanted > 1:
            holder = game.share_pool if "pool" in ability.from_ else corp.ipo_owner
            bundle = next((b for b in bundles_for_corporation(game, holder, corp) if b.num_shares() == wanted
                           and not b.partial()), named)
        if not all(s in source for s in bundle.shares):
            raise IllegalAction(f"{company.name} is exchanged for {corp.name} certificates from the "
                                f"{' or '.join(ability.from_)} only", "exchange")
        return bundle

    def exchange_private(self, action: "Action") -> None:
        game = self.game
        company = action.entity
        player = company.owner
        corp = action.bundle.corporation
        bundle = self.check_exchange(company, action.bundle)
        game.log(f"{player.name} exchanges {company.name} for {bundle.percent}% of {corp.name}")
        company.close()
        buy_shares(game, player, ShareBundle(bundle.shares), exchange=company, exchange_price=0)
        self.track_action(action, corp)

    def process_par(self, action: "Action") -> None:
        entity, corp, sp = action.entity, action.corporation, action.share_price
        private = self.par_exchange_private(entity, corp)
        self.check_par(entity, corp, sp, paid_by_private=private is not None)
        if private is None:
            self.par(action)
            return
        self.par_by_exchange = action
        if entity.cash < sp.price * corp.presidents_share.num_shares():
            self.exchange_for_par()
        else:
            self.game.log(f"{entity.name} may pay for {corp.name}'s president's certificate with {private.name}")

    def check_par(self, entity: Any, corp: Any, sp: Any, paid_by_private: bool = False) -> None:
        """Every rule of parring the corporation at this price and taking its president's certificate
        (paid for by a private, or by the player), judged without parring it."""
        if self.first_sr_passed(entity):
            raise IllegalAction(f"{entity.name} passed in the starting package and sits out this stock round",
                                SITS_OUT)
        if not can_par(self.game, corp, entity) or not corp.shares_of(corp):
            raise IllegalAction(f"{corp.name} cannot be parred", "par")
        if self.bought():
            raise IllegalAction(f"{entity.name} already bought this turn", "one purchase per turn")
        if sp not in self.par_prices(corp):
            raise IllegalAction(f"{sp.price} is not a par price for {corp.name}", "par price")
        if not paid_by_private and entity.cash < sp.price * corp.presidents_share.num_shares():
            raise InsufficientFunds(f"{entity.name} cannot afford to par {corp.name} at "
                                    f"{self.game.format_money(sp.price)}", "money")
        ipo = corp.ipo_shares()
        bundle = ipo[0].to_bundle() if ipo else None
        if bundle is None or not bundle.buyable() or self.sold_corp(entity, corp) or not self.can_gain(entity, bundle):
            raise IllegalAction(f"{entity.name} cannot take {corp.name}'s president's certificate now", "par")

    def par(self, action: "Action") -> None:
        game = self.game
        entity, corp, sp = action.entity, action.corporation, action.share_price
        self.check_par(entity, corp, sp)
        game.stock_market.set_par(corp, sp)
        share = corp.ipo_shares()[0]
        bought = self.round.players_bought.setdefault(entity, {})
        bought[corp] = bought.get(corp, 0) + share.percent
        self.buy_shares(entity, share.to_bundle())
        after_par(game, corp)
        self.track_action(action, corp)
        if self.sr.ipo_moves_to_pool:
            game.log(f"The other certificates of {corp.name} move to the market")
            move_ipo_to_pool(game, corp)

    def exchange_for_par(self) -> None:
        game = self.game
        action = self.par_by_exchange
        player, corp, sp = action.entity, action.corporation, action.share_price
        private = self.par_exchange_private(player, corp)
        self.par_by_exchange = None
        if private is not None:
            game.log(f"{player.name} exchanges {private.name} to pay for {corp.name}'s president's certificate")
            private.close()
            game.bank.spend(sp.price * corp.presidents_share.num_shares(), player)
        self.par(action)

    def process_assign(self, action: "Action") -> None:
        if self.par_by_exchange is None or action.entity is not self.par_by_exchange.entity:
            raise IllegalAction(f"{action.entity.name} has nothing to exchange now", "exchange")
        private = self.par_exchange_private(action.entity, self.par_by_exchange.corporation)
        if action.company is not private:
            raise IllegalAction(f"{private.name} pays for {self.par_by_exchange.corporation.name}'s president's "
                                "certificate, nothing else", "exchange")
        self.exchange_for_par()

    def process_pass(self, action: "Action") -> None:
        if self.par_by_exchange is not None:
            pending = self.par_by_exchange
            self.par_by_exchange = None
            self.game.log(f"{action.entity.name} pays for {pending.corporation.name}'s president's certificate")
            self.par(pending)
            return
        pkg = self.package()
        if pkg is not None and self.game.turn == 1 and action.entity not in pkg.passers:
            pkg.passers.append(action.entity)
        super().process_pass(action)

    def check_buy_company(self, entity: Any, company: Any, price: int) -> None:
        """Every rule of buying the private at this price: from the bank at its value, from another
        player at any price the buyer has."""
        game = self.game
        if self.first_sr_passed(entity):
            raise IllegalAction(f"{entity.name} passed in the starting package and sits out this stock round",
                                SITS_OUT)
        if company in self.bank_companies():
            if not self.can_buy_bank_company(entity, company):
                raise IllegalAction(f"{entity.name} cannot buy {company.name} now", "buy private")
            if price != company.value:
                raise IllegalAction(f"{company.name} costs {game.format_money(company.value)}", "private price")
        elif company in self.purchasable_companies(entity):
            if price <= 0 or price > entity.cash:
                raise InsufficientFunds(f"{entity.name} cannot pay {game.format_money(price)}", "money")
        else:
            raise IllegalAction(f"{company.name} cannot be bought by {entity.name} now", "buy private")

    def process_buy_company(self, action: "Action") -> None:
        game = self.game
        entity, company, price = action.entity, action.company, action.price
        self.check_buy_company(entity, company, price)
        if company in self.bank_companies():
            pkg = self.package()
            if pkg is not None:
                pkg.buy(entity, company, price)
            else:
                entity.spend(price, game.bank)
                company.owner = entity
                entity.companies.append(company)
                game.log(f"{entity.name} buys {company.name} for {game.format_money(price)}")
        else:
            owner = company.owner
            owner.companies.remove(company)
            company.owner = entity
            entity.companies.append(company)
            entity.spend(price, game.bank)
            game.log(f"{entity.name} buys {company.name} from {owner.name} for {game.format_money(price)}")
        self.round.last_to_act = entity
        self.round.current_actions.append(action)

    def check_sell_company(self, entity: Any, company: Any, price: int) -> None:
        """Every rule of selling a bond back to the bank: at its value, not after buying."""
        game = self.game
        if self.first_sr_passed(entity) or company not in self.sellable_companies(entity):
            raise IllegalAction(f"{entity.name} cannot sell {company.name}"
                                + (" in the first stock round" if game.turn <= 1 else ""), "sell private")
        if self.bought():
            raise IllegalAction(f"{entity.name} already bought this turn and may not sell now", "sell then buy")
        if price != company.value:
            raise IllegalAction(f"{company.name} sells for {game.format_money(company.value)}", "private price")

    def process_sell_company(self, action: "Action") -> None:
        game = self.game
        entity, company = action.entity, action.company
        self.check_sell_company(entity, company, action.price)
        game.bank.spend(company.value, entity)
        entity.companies.remove(company)
        company.owner = None
        self.round.players_sold.setdefault(entity, {})[BOND_SOLD] = "now"
        self.round.last_to_act = entity
        self.round.current_actions.append(action)
        game.log(f"{entity.name} sells {company.name} to the bank for {game.format_money(company.value)}")

    def refusal(self, action: "Action") -> IllegalAction | None:
        if action.entity is self.current_entity() and self.first_sr_passed(action.entity):
            return IllegalAction(f"{action.entity.name} passed in the starting package and sits out this stock "
                                 "round", SITS_OUT)
        if action.type in ("buy_company", "sell_company", "assign"):
            return IllegalAction(f"{action.entity.name} cannot {action.type.replace('_', ' ')} now", "stock round")
        return super().refusal(action)
