"""The stock round turn: sell, buy one certificate (or par a corporation), sell again.

Which order is allowed, when sales may start, how far a sale drops the price
and whether several shares may be bought at once are the title's options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import ShareBundle
from railbook.engine.legal import LegalAction, Range, ranged, shares_action, simple
from railbook.engine.rules.abilities import lose_on_president_change, presidents_of_losable, usable_abilities
from railbook.engine.rules.capitalization import capitalization_at_par
from railbook.engine.rules.privates import purchasable_companies
from railbook.engine.rules.shares import (
    after_par,
    bundles_for_corporation,
    buy_shares,
    can_par,
    cert_limit,
    check_sale_timing,
    fit_in_bank,
    market_share_limit,
    may_dump,
    num_certs,
    par_prices_for,
    sell_shares_and_change_price,
)
from railbook.engine.rules.tokens import home_choices, place_home_token, set_home
from railbook.engine.points import Point
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction, InsufficientFunds

if TYPE_CHECKING:
    from railbook.engine.actions import Action

PURCHASES = ("buy_shares", "par", "buy_company")


class ShareBuying:
    """Buying certificates: the checks every step that sells shares shares."""

    game: Any

    def can_gain(self, entity: Any, bundle: ShareBundle | None, exchange: bool = False,
                 certs: int | None = None) -> bool:
        """Whether the entity may take the bundle under the holding and certificate limits
        (``certs``: its certificate count, when the caller has counted it already)."""
        if bundle is None or entity is None:
            return False
        if bundle.owner.is_player():  # certificates are never bought from another player
            return False
        corp = bundle.corporation
        if not corp.holding_ok(entity, bundle.common_percent()):
            return False
        if not corp.counts_for_limit() or exchange:
            return True
        return (num_certs(self.game, entity) if certs is None else certs) < cert_limit(self.game, entity)

    def buy_shares(self, entity: Any, bundle: ShareBundle, exchange: Any = None, swap: Any = None,
                   allow_president_change: bool = True) -> None:
        self.check_legal_buy(entity, bundle, exchange=exchange, swap=swap)
        buy_shares(self.game, entity, bundle, exchange=exchange, swap=swap,
                                        allow_president_change=allow_president_change)
        self.maybe_place_home_token(bundle.corporation)

    def check_legal_buy(self, entity: Any, bundle: ShareBundle, exchange: Any = None, swap: Any = None) -> None:
        raise NotImplementedError

    def maybe_place_home_token(self, corporation: Any) -> None:
        timing = self.game.rules.operating_round.home_token
        if (timing == "float" and corporation.floated()) or (timing == "par" and corporation.ipoed):
            place_home_token(self.game, corporation)


NO_SALE = Point("stock", "no sale", "(step, bundle) -> bool: yes, it may not be sold")
NO_BUY = Point("stock", "no purchase", "(step, player, corporation) -> bool: yes, he may not buy them")
BUY_INSTEAD = Point("stock", "buy instead", "(step, action) -> bool: the handler carried out the purchase")
STOCK_AFTER_ACTION = Point("stock", "after each action", "(step, action): the round's action is done")


class BuySellParShares(Step, ShareBuying):
    POINTS: tuple[Point, ...] = (NO_SALE, NO_BUY, BUY_INSTEAD, STOCK_AFTER_ACTION)
    def description(self) -> str:
        return {"sell_buy_or_buy_sell": "Buy or Sell Shares", "sell_buy": "Sell then Buy Shares",
                "sell_buy_sell": "Sell/Buy/Sell Shares"}[self.sr.sell_buy_order]

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.sr = game.rules.stock_round
        self.pending_home: Any = None  # a corporation just parred whose president chooses its home

    def setup(self) -> None:
        for corps in self.round.players_sold.values():
            for corp in corps:
                corps[corp] = "prev"
        entity = self.current_entity()
        if entity is not None:
            self.round.players_history.setdefault(entity, {}).clear()
        self.round.current_actions = []
        self.round.bought_from_ipo = False
        self.presidents_at_start = presidents_of_losable(self.game)

    def process_pass(self, action: "Action") -> None:
        """Ending a turn: a corporation whose president changed during it loses its abilities that are
        ``lost_on_president_change`` (as 18xx.games checks, only when the turn ends with a pass)."""
        self.pass_()
        lose_on_president_change(self.game, self.presidents_at_start)
        self.presidents_at_start = {}

    # -- availability
    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if self.pending_home is not None:
            return ["choose"]
        can_sell = self.can_sell_any(entity)
        if can_sell and self.must_sell(entity):
            return ["sell_shares"]
        out = []
        if self.can_buy_any(entity):
            out.append("buy_shares")
        if self.can_ipo_any(entity):
            out.append("par")
        if self.purchasable_companies(entity):
            out.append("buy_company")
        if can_sell:
            out.append("sell_shares")
        if out:
            out.append("pass")
        return out

    def offers(self, entity: Any, kind: str) -> bool:
        """``kind in actions(entity)``, computing only what that kind depends on (where a class in
        front that changes ``actions`` answers ``offers`` itself over this answer, as bond trading does)."""
        if type(self).actions is not BuySellParShares.actions and not _offers_hold(type(self)):
            return kind in self.actions(entity)
        if entity is not self.current_entity():
            return False
        answer = self.share_offers(entity, kind)
        if answer is not None:
            return answer
        if kind == "buy_company":
            return bool(self.purchasable_companies(entity))
        if kind == "pass":
            return self.has_actions(entity)
        return False

    def share_offers(self, entity: Any, kind: str) -> bool | None:
        """The stock step's answer for a pending home choice, a forced sale and the share kinds (None:
        any other kind, which a step built on this one answers its own way)."""
        if self.pending_home is not None:
            return kind == "choose"
        if self.must_sell(entity):  # true only where something can be sold
            return kind == "sell_shares"
        if kind == "buy_shares":
            return self.can_buy_any(entity)
        if kind == "par":
            return self.can_ipo_any(entity)
        if kind == "sell_shares":
            return self.can_sell_any(entity)
        return None

    def has_actions(self, entity: Any) -> bool:
        if entity is not self.current_entity():
            return False
        if self.pending_home is not None:
            return True
        return (self.can_buy_any(entity) or self.can_sell_any(entity) or self.can_ipo_any(entity)
                or bool(self.purchasable_companies(entity)))

    # -- every legal action
    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        out: list[LegalAction] = []
        if "choose" in kinds:
            out += [simple("choose", entity, choice=f"{h.location_name} ({h.id})" if h.location_name else h.id)
                    for h in home_choices(self.game, self.pending_home)]
        if "sell_shares" in kinds:
            out += [shares_action("sell_shares", entity, b) for b in self.sellable_bundles(entity)]
        if "buy_shares" in kinds:
            out += [shares_action("buy_shares", entity, b) for b in self.buyable_bundles(entity)]
        if "par" in kinds:
            out += [simple("par", entity, corporation=corp.id, share_price=sp.id) for corp, sp in self.pars(entity)]
        if "buy_company" in kinds and entity.cash >= 1:   # a private changes hands for at least 1
            out += [simple("buy_company", entity, company=c.id, price=c.value) if c in self.game.bank_offers
                    else ranged("buy_company", entity, {"price": Range(1, entity.cash)}, company=c.id)
                    for c in self.purchasable_companies(entity)]
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    def sellable_bundles(self, entity: Any) -> list[ShareBundle]:
        return [b for corp in self.held(entity) for b in bundles_for_corporation(self.game, entity, corp)
                if self.can_sell(entity, b)]

    def buyable_bundles(self, entity: Any) -> list[ShareBundle]:
        """One certificate of each kind (size, president's or not) from the IPO and from the pool."""
        out = []
        pool = self.game.share_pool
        sources: list[tuple[Any, list[Any]]] = [(pool, shares) for shares in pool.shares_by_corporation.values()]
        sources += [(corp.ipo_owner, corp.ipo_shares()) for corp in self.game.corporations if corp.ipoed]
        for owner, shares in sources:
            kinds: dict[tuple[int, bool], Any] = {}
            for share in shares:
                if share.buyable:
                    kinds.setdefault((share.percent, bool(share.president)), share)
            for share in kinds.values():
                bundle = share.to_bundle()
                if (owner is pool or owner is share.corporation.ipo_owner) and self.can_buy(entity, bundle):
                    out.append(bundle)
        return out

    def pars(self, entity: Any) -> list[tuple[Any, Any]]:
        """(corporation, par price) pairs the entity may start: ``process_par``'s rules, price by price."""
        if self.bought():
            return []
        out = []
        for corp in self.game.corporations:
            own = corp.shares_of(corp)
            if not own or not can_par(self.game, corp, entity):
                continue
            bundle = corp.ipo_shares()[0].to_bundle() if corp.ipo_shares() else None
            if bundle is None or not bundle.buyable() or self.sold_corp(entity, corp) \
                    or not self.can_gain(entity, bundle):
                continue
            if corp.definition.home_choice and not corp.coordinates and not home_choices(self.game, corp):
                continue
            president = corp.presidents_share
            size = president.num_shares() if president is not None else 1
            out += [(corp, sp) for sp in par_prices_for(self.game, corp, via_private=False)
                    if entity.cash >= sp.price * size]
        return out

    def bought(self) -> bool:
        for a in self.round.current_actions:
            if a.type in PURCHASES:
                return True
        return False

    def sold(self) -> bool:
        return any(a.type == "sell_shares" for a in self.round.current_actions)

    def sold_corp(self, entity: Any, corp: Any) -> Any:
        return self.round.players_sold.get(entity, {}).get(corp)

    def available_cash(self, entity: Any) -> int:
        return entity.cash

    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        if bundle is None or self.game.extensions.yes(NO_BUY, self, entity, bundle.corporation) \
                or not bundle.buyable() or len(bundle.shares) != 1 or bundle.partial():
            return False
        if entity is bundle.owner:
            return False
        corp = bundle.corporation
        return (self.available_cash(entity) >= bundle.price()
                and not self.sold_corp(entity, corp)
                and (self.can_buy_multiple(entity, corp, bundle.owner) or not self.bought())
                and self.can_gain(entity, bundle))

    def can_buy_multiple(self, entity: Any, corp: Any, owner: Any) -> bool:
        if self.sr.multiple_buys_only_from_pool:
            if not owner.is_share_pool():
                return False
            if self.round.bought_from_ipo:
                return False
        ok = (corp.buy_multiple()
              and not any(a.type == "par" for a in self.round.current_actions)
              and not any(a.type == "buy_shares" and a.bundle.corporation is not corp
                          for a in self.round.current_actions))
        if ok and corp.share_price is not None and corp.share_price.president_buys_two:
            bought = sum(1 for a in self.round.current_actions if a.type == "buy_shares" and a.bundle.corporation is corp)
            ok = corp.owner is entity and bought < 2
        return ok

    def must_sell(self, entity: Any) -> bool:
        """Over the certificate limit (with something to sell), or over a holding limit that forces sales."""
        if num_certs(self.game, entity) > cert_limit(self.game, entity):
            return self.can_sell_any(entity)
        if not self.sr.holding_limit_forces_sale:
            return False
        return any(not c.holding_ok(entity) and self.can_sell_any_bundles(entity, c) for c in self.held(entity))

    def after_action(self, action: "Action") -> None:   # each action of the round, once done
        for after in self.game.extensions.at(STOCK_AFTER_ACTION):
            after(self, action)

    def can_sell(self, entity: Any, bundle: ShareBundle | None) -> bool:
        if bundle is None or self.game.extensions.yes(NO_SALE, self, bundle) or entity is not bundle.owner:
            return False
        corp = bundle.corporation
        return (check_sale_timing(self.game, entity, bundle)
                and not (self.sr.must_sell_in_blocks and self.sold_corp(entity, corp) == "now")
                and self.can_sell_order()
                and fit_in_bank(self.game, bundle)
                and may_dump(self.game, entity, bundle)
                and not (self.sr.keeps_share_bought and self.sells_all_bought(entity, bundle)))

    def sells_all_bought(self, entity: Any, bundle: ShareBundle) -> bool:
        """``keeps_share_bought``: the bundle is every share of the corporation last bought this turn."""
        corp = bundle.corporation
        bought = [a.bundle.corporation for a in self.round.current_actions if a.type == "buy_shares"]
        return bool(bought) and bought[-1] is corp and bundle.percent >= entity.percent_of(corp)

    def can_sell_order(self) -> bool:
        order = self.sr.sell_buy_order
        acts = self.round.current_actions
        if order == "sell_buy_or_buy_sell":
            kinds = {a.type for a in acts}
            return not (len(kinds) == 2 and acts[-1].type in PURCHASES)
        if order == "sell_buy":
            return not self.bought()
        return True

    def can_sell_any_bundles(self, entity: Any, corp: Any) -> bool:
        # what holds for every bundle of the corporation is asked once, before making bundles
        if not self.can_sell_order():
            return False
        if self.sr.must_sell_in_blocks and self.sold_corp(entity, corp) == "now":
            return False
        for b in bundles_for_corporation(self.game, entity, corp):
            if self.can_sell(entity, b):
                return True
        return False

    @staticmethod
    def held(entity: Any) -> list[Any]:
        """The corporations the entity holds certificates of (the only ones it could sell)."""
        return [c for c, shares in entity.shares_by_corporation.items() if shares]

    def can_sell_any(self, entity: Any) -> bool:
        for c in self.held(entity):
            if self.can_sell_any_bundles(entity, c):
                return True
        return False

    def can_buy_shares(self, entity: Any, shares: list[Any], certs: int | None = None,
                       bought: bool | None = None) -> bool:
        """Whether the entity may buy one of these shares (one holder's, of one corporation): the
        smallest buyable one is the one it could most likely have (``certs``, ``bought``: its
        certificate count and whether it bought this turn, when the caller has them already)."""
        if not shares:
            return False
        corp, owner = shares[0].corporation, shares[0].owner
        if self.game.extensions.yes(NO_BUY, self, entity, corp):
            return False
        if bought is None:
            bought = self.bought()
        if self.sold_corp(entity, corp) or (bought and not self.can_buy_multiple(entity, corp, owner)):
            return False
        smallest = None
        for s in shares:
            if s.buyable and (smallest is None or s.percent < smallest.percent):
                smallest = s
        if smallest is None:
            return False
        # a bundle of one share costs what the share does: the cash is asked before a bundle is made
        return (self.available_cash(entity) >= smallest.price()
                and self.can_gain(entity, smallest.to_bundle(), certs=certs))

    def can_buy_any(self, entity: Any) -> bool:
        certs = num_certs(self.game, entity)  # the same for every candidate: count once
        bought = self.bought()
        # at the certificate limit only certificates that do not count for it can be had (can_gain
        # refuses the others): those corporations are not asked, where these are the rules in use
        full = (type(self).can_buy_shares is BuySellParShares.can_buy_shares
                and type(self).can_gain is ShareBuying.can_gain and certs >= cert_limit(self.game, entity))
        pool = self.game.share_pool
        for corp, shares in pool.shares_by_corporation.items():
            if shares and not (full and corp.counts_for_limit()) and self.can_buy_shares(entity, shares, certs, bought):
                return True
        for corp in self.game.corporations:
            if corp.ipoed and not (full and corp.counts_for_limit()) \
                    and self.can_buy_shares(entity, corp.ipo_owner.shares_of(corp), certs, bought):
                return True
        return False

    def can_ipo_any(self, entity: Any) -> bool:
        if self.bought():
            return False
        for corp in self.game.corporations:
            own = corp.shares_of(corp)
            if can_par(self.game, corp, entity) and own and self.can_buy(entity, own[0].to_bundle()):
                return True
        return False

    def purchasable_companies(self, entity: Any) -> list[Any]:
        rule = self.sr.privates_between_players
        if self.bought() or entity.cash <= 0:
            return []
        offered = [c for c in self.game.bank_offers if c.owner is None and not c.closed and c.value <= entity.cash]
        if rule.phase_flag not in self.game.phase.status:
            return offered
        if rule.not_in_first_stock_round and self.game.turn == 1:
            return offered
        return purchasable_companies(self.game, entity) + offered

    # -- processing
    def track_action(self, action: "Action", corporation: Any) -> None:
        self.round.last_to_act = action.entity.player
        self.round.current_actions.append(action)
        self.round.players_history.setdefault(action.entity.player, {}).setdefault(corporation, []).append(action)

    def check_legal_buy(self, entity: Any, bundle: ShareBundle, exchange: Any = None, swap: Any = None) -> None:
        if self.can_buy(entity, bundle) or swap is not None:
            return
        corp = bundle.corporation
        if len(bundle.shares) != 1 or bundle.partial():
            raise IllegalAction(f"{entity.name} buys one whole certificate at a time", "buy shares")
        if not bundle.buyable():
            raise IllegalAction(f"that {corp.name} certificate is not for sale", "buy shares")
        if self.sold_corp(entity, corp):
            raise IllegalAction(f"{entity.name} sold {corp.name} this round and may not buy it back", "buy after sale")
        if self.bought() and not self.can_buy_multiple(entity, corp, bundle.owner):
            raise IllegalAction(f"{entity.name} already bought this turn (one certificate per turn)",
                                "one purchase per turn")
        if self.available_cash(entity) < bundle.price():
            raise InsufficientFunds(f"{entity.name} has {self.game.format_money(entity.cash)}, the share costs "
                                    f"{self.game.format_money(bundle.price())}", "money")
        if not corp.holding_ok(entity, bundle.common_percent()):
            raise IllegalAction(f"{entity.name} may not hold more than {corp.max_ownership_percent}% of {corp.name}",
                                "holding limit")
        if corp.counts_for_limit() and num_certs(self.game, entity) >= cert_limit(self.game, entity):
            raise IllegalAction(f"{entity.name} is at the certificate limit of {cert_limit(self.game, entity)}",
                                "certificate limit")
        raise IllegalAction(f"{entity.name} cannot buy that {corp.name} certificate now", "buy shares")

    def process_buy_shares(self, action: "Action") -> None:
        if self.game.extensions.takes(BUY_INSTEAD, self, action):
            return
        entity, bundle = action.entity, action.bundle
        corp = bundle.corporation
        if bundle.owner is not self.game.share_pool and bundle.owner is not corp.ipo_owner:
            raise IllegalAction(f"those {corp.name} shares are not for sale", "buy shares")
        if not corp.ipoed:
            raise IllegalAction(f"{corp.name} has not been parred: its president pars it first", "buy before par")
        if len(bundle.shares) > 1 and not self.can_buy_multiple(entity, corp, bundle.owner):
            raise IllegalAction(f"{entity.name} may buy one {corp.name} certificate at a time here",
                                "one purchase per turn")
        bought = self.round.players_bought.setdefault(entity, {})
        from_ipo = bundle.owner.is_corporation()
        self.buy_shares(entity, bundle)
        bought[corp] = bought.get(corp, 0) + bundle.percent
        if from_ipo:
            self.round.bought_from_ipo = True
        self.track_action(action, corp)

    def process_sell_shares(self, action: "Action") -> None:
        entity, bundle = action.entity, action.bundle
        if not self.can_sell(entity, bundle):
            raise IllegalAction(self.sale_refusal(entity, bundle), "sell shares")
        self.round.players_sold.setdefault(bundle.owner, {})[bundle.corporation] = "now"
        sell_shares_and_change_price(self.game, bundle)
        self.track_action(action, bundle.corporation)

    def refusal(self, action: "Action") -> IllegalAction | None:
        entity = action.entity
        if entity is not self.current_entity():
            return None
        if action.type == "sell_shares":
            return IllegalAction(self.sale_refusal(entity, action.bundle), "sell shares")
        if action.type == "buy_shares":
            try:
                self.check_legal_buy(entity, action.bundle)
            except IllegalAction as exc:
                return exc
            return None
        if action.type == "par":
            if self.bought():
                return IllegalAction(f"{entity.name} already bought this turn", "one purchase per turn")
            if not can_par(self.game, action.corporation, entity):
                return IllegalAction(f"{action.corporation.name} cannot be parred", "par")
            return InsufficientFunds(f"{entity.name} cannot afford to par {action.corporation.name} at "
                                     f"{self.game.format_money(action.share_price.price)}", "money")
        if action.type == "buy_company":
            return IllegalAction(f"{action.company.name} cannot be bought by {entity.name} now", "buy private")
        return None

    def sale_refusal(self, entity: Any, bundle: ShareBundle) -> str:
        corp = bundle.corporation
        if entity is not bundle.owner:
            return f"{entity.name} does not own those {corp.name} shares"
        if not check_sale_timing(self.game, entity, bundle):
            return "no shares may be sold in the first stock round"
        if not self.can_sell_order():
            return f"{self.description()}: selling is not allowed now"
        if not fit_in_bank(self.game, bundle):
            return f"the pool may hold at most {market_share_limit(self.game, corp)}% of {corp.name}"
        if not may_dump(self.game, entity, bundle):
            return f"the president's certificate of {corp.name} cannot be sold: no one else could take the presidency"
        return f"{entity.name} cannot sell those {corp.name} shares"

    def process_par(self, action: "Action") -> None:
        entity, corp, sp = action.entity, action.corporation, action.share_price
        if not can_par(self.game, corp, entity):
            raise IllegalAction(f"{corp.name} cannot be parred", "par")
        if self.bought():
            raise IllegalAction(f"{entity.name} already bought this turn", "one purchase per turn")
        if sp not in par_prices_for(self.game, corp, via_private=False):
            raise IllegalAction(f"{sp.price} is not a par price for {corp.name}", "par price")
        if entity.cash < sp.price * corp.presidents_share.num_shares():
            raise InsufficientFunds(f"{entity.name} cannot afford to par {corp.name} at "
                                    f"{self.game.format_money(sp.price)}", "money")
        self.game.stock_market.set_par(corp, sp)
        corp.capitalization = capitalization_at_par(self.game, corp)
        share = corp.ipo_shares()[0]
        bought = self.round.players_bought.setdefault(entity, {})
        bought[corp] = bought.get(corp, 0) + share.percent
        self.buy_shares(entity, share.to_bundle())
        after_par(self.game, corp)
        self.track_action(action, corp)
        if corp.definition.home_choice and not corp.coordinates:
            if not home_choices(self.game, corp):
                raise IllegalAction(f"{corp.name} has no possible home left", "home choice")
            self.pending_home = corp

    def process_choose(self, action: "Action") -> None:
        corp = self.pending_home
        if corp is None:
            raise IllegalAction("there is nothing to choose now", "choose")
        text = str(action.choice)
        hex_id = text[text.rfind("(") + 1:text.rfind(")")] if "(" in text else text
        choices = home_choices(self.game, corp)
        if hex_id not in [h.id for h in choices]:
            raise IllegalAction(f"{corp.name}'s home may be {', '.join(h.id for h in choices)}, not {hex_id}",
                                "home choice")
        home = next(h for h in choices if h.id == hex_id)
        set_home(self.game, corp, home)
        self.game.log(f"{corp.name}'s home location is {hex_id}")
        self.pending_home = None

    def process_buy_company(self, action: "Action") -> None:
        entity, company, price = action.entity, action.company, action.price
        owner = company.owner
        if company not in self.purchasable_companies(entity):
            raise IllegalAction(f"{company.name} cannot be bought by {entity.name} now", "buy private")
        if owner is not None and owner.is_corporation():
            raise IllegalAction(f"{company.name} belongs to {owner.name} and is not for sale", "buy private")
        if price < 1:
            raise IllegalAction(f"a private changes hands for at least {self.game.format_money(1)}", "private price")
        if company in self.game.bank_offers and price != company.value:
            raise IllegalAction(f"the bank sells {company.name} at {self.game.format_money(company.value)}",
                                "private price")
        if price > entity.cash:
            raise InsufficientFunds(f"{entity.name} cannot pay {self.game.format_money(price)}", "money")
        company.owner = entity
        if owner is not None:
            owner.companies.remove(company)
        entity.companies.append(company)
        entity.spend(price, owner if owner is not None else self.game.bank)
        self.round.current_actions.append(action)
        self.log(f"{entity.name} buys {company.name} from {owner.name if owner else 'the bank'} for "
                 f"{self.game.format_money(price)}")
        if company in self.game.bank_offers:
            self.game.bank_offers.remove(company)
            if company.definition.closes_others_when_bought:
                self.log("-- Event: the other privates close --")
                for other in self.game.companies:
                    if other is not company and not other.closed:
                        other.close()
        if owner is not None and self.sr.privates_between_players.regrants_shares:
            # the certificates the private brought come along, free, from whoever holds them
            for ability in usable_abilities(self.game, company, "shares"):
                for share in ability.shares:
                    if share.president or share.owner is entity:
                        continue
                    if share.owner is not None and share.owner.is_player():  # the seller hands it over
                        self.game.share_pool.transfer_shares(share.to_bundle(), entity)
                    else:
                        buy_shares(self.game, entity, share.to_bundle(), exchange="free")

    def pass_(self) -> None:
        super().pass_()
        entity = self.current_entity()
        if entity is None:
            return
        if self.round.current_actions:
            if entity in self.round.pass_order:
                self.round.pass_order.remove(entity)
            entity.unpass()
        else:
            if entity not in self.round.pass_order:
                self.round.pass_order.append(entity)
            entity.pass_()


_OFFERS_HOLD: dict[type, bool] = {}


def _offers_hold(cls: type) -> bool:
    """Whether every class in front of :class:`BuySellParShares` that changes ``actions`` answers
    ``offers`` itself (over the stock step's answer): then the stock step's short answer holds."""
    known = _OFFERS_HOLD.get(cls)
    if known is None:
        mro = cls.__mro__
        front = mro[:mro.index(BuySellParShares)]
        known = _OFFERS_HOLD[cls] = all("offers" in k.__dict__ for k in front if "actions" in k.__dict__)
    return known
