"""Private companies in play: corporations buying them, exchanges for shares,
and their special tile and token abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, Range, ranged, shares_action, simple
from railbook.engine.map.token import Token
from railbook.engine.rules.abilities import exchange_corporations, grant_route_bonuses, usable_abilities
from railbook.engine.rules.privates import in_first_or, minor_of, price_range, purchasable_companies, take_over_minor
from railbook.engine.rules.trains import num_corp_trains, take_reserved_train, train_limit
from railbook.engine.points import Point
from railbook.engine.steps.base import Step
from railbook.engine.steps.markers import grant_private_markers
from railbook.engine.steps.stock import ShareBuying
from railbook.engine.steps.token import Tokener
from railbook.engine.steps.track import Tracker
from railbook.errors import IllegalAction, InsufficientFunds
from railbook.hexgrid import invert

if TYPE_CHECKING:
    from railbook.engine.actions import Action


PRIVATE_LEFT_ALONE = Point("buy_private", "left alone", "(step, corporation) -> bool: yes, the step offers it nothing")
PRIVATE_BOUGHT = Point("buy_private", "after buying", "(step, action): the private is the corporation's")
PRIVATE_POWER = Point("buy_private", "money it could raise", "(step, corporation) -> int: added to its cash")


class BuyPrivateStep(Step):
    """A corporation buys a private from a player, between half and double its value (by default)."""

    POINTS: tuple[Point, ...] = (PRIVATE_LEFT_ALONE, PRIVATE_POWER, PRIVATE_BOUGHT)

    def description(self) -> str:
        return "Buy Companies"

    def blocks(self) -> bool:
        return bool(self.opts.get("blocks", False))

    def first_or_sales(self) -> bool:
        """The game's first operating round in a phase with the flag ``privates_buyable_in_first_or``."""
        return "privates_buyable_in_first_or" in self.game.phase.status and in_first_or(self.game)

    def offered(self, entity: Any) -> list[Any]:
        """The privates the corporation may buy; in ``privates_buyable_in_first_or`` sales only those the
        title names, and (``one_per_seller``) not from a player who has sold one this round."""
        companies = purchasable_companies(self.game, entity)
        if self.first_or_sales() and "privates_buyable_by_corporations" not in self.game.phase.status:
            rules = self.game.rules.operating_round.first_or_private_sales
            if rules.privates:
                companies = [c for c in companies if c.sym in rules.privates]
            if rules.one_per_seller:
                sellers = set(self.round.company_sellers.values())
                companies = [c for c in companies if c.owner not in sellers]
        return companies

    def may_buy(self, entity: Any) -> bool:
        """The phase lets corporations buy privates, or it is a ``privates_buyable_in_first_or`` sale (outside
        the blocking step at the end of the turn; ``one_per_corporation``: to a corporation without one)."""
        if "privates_buyable_by_corporations" in self.game.phase.status:
            return True
        one_each = self.game.rules.operating_round.first_or_private_sales.one_per_corporation
        return self.first_or_sales() and not self.blocks() and not (one_each and entity.companies)

    def can_buy_company(self, entity: Any) -> bool:
        game = self.game
        if entity is not self.current_entity() or not self.may_buy(entity):
            return False
        companies = self.offered(entity)
        return bool(companies) and min(price_range(game, c, entity)[0] for c in companies) \
            <= self.company_buying_power(entity)

    def company_buying_power(self, entity: Any) -> int:
        """What the corporation could spend on a private: its cash, and what mechanics say it could raise."""
        return int(entity.cash) + self.game.extensions.total(PRIVATE_POWER, self, entity)

    def actions(self, entity: Any) -> list[str]:
        if self.game.extensions.yes(PRIVATE_LEFT_ALONE, self, entity):
            return []
        if entity.is_minor() or not entity.is_corporation():
            return []
        if self.can_buy_company(entity):
            return ["buy_company", "pass"] if self.blocks() else ["buy_company"]
        if self.blocks() and usable_abilities(self.game, entity, passive_ok=False):
            return ["pass"]
        return []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Each private for sale, at any price from its minimum to its maximum that the corporation has."""
        kinds = self.actions(entity)
        out = []
        if "buy_company" in kinds:
            for company in self.offered(entity):
                low, high = price_range(self.game, company, entity)
                high = min(high, entity.cash)
                if low <= high and self.has_room_for(entity, company):
                    out.append(ranged("buy_company", entity, {"price": Range(low, high)}, company=company.id))
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    def has_room_for(self, entity: Any, company: Any) -> bool:
        """A minor's certificate brings its trains: the buyer must have room for them."""
        minor = minor_of(self.game, company)
        return minor is None or num_corp_trains(self.game, entity) + num_corp_trains(self.game, minor) <= \
            train_limit(self.game, entity)

    def process_buy_company(self, action: "Action") -> None:
        game = self.game
        entity, company, price = action.entity, action.company, action.price
        owner = company.owner
        if not self.may_buy(entity):
            raise IllegalAction(f"{entity.name} cannot buy privates in phase {game.phase.name}", "buy private")
        if company not in self.offered(entity):
            raise IllegalAction(f"{company.name} cannot be bought by {entity.name}", "buy private")
        low, high = price_range(game, company, entity)
        if not (low <= price <= high):
            raise IllegalAction(f"the price must be between {game.format_money(low)} and {game.format_money(high)}",
                                "private price")
        if entity.cash < price:
            raise InsufficientFunds(f"{entity.name} cannot pay {game.format_money(price)}", "money")
        minor = minor_of(game, company)
        if not self.has_room_for(entity, company):
            raise IllegalAction(f"{entity.name} has no room for {minor.name}'s trains", "train limit")
        company.owner = entity
        if owner is not None:
            owner.companies.remove(company)
        for a in list(company.abilities):
            if a.type == "revenue_change" and a.on == "sold":
                company.revenue = a.revenue
            if a.type == "reservation" and a.spec.while_owned_by == "player":
                company.remove_ability(a)   # the slot was kept for a player's private
        self.round.just_sold_company = company
        self.round.company_sellers[company] = owner
        entity.companies.append(company)
        entity.spend(price, owner if owner is not None else game.bank)
        game.log(f"{entity.name} buys {company.name} from {owner.name if owner else 'the bank'} for "
                 f"{game.format_money(price)}")
        if entity.is_corporation():
            grant_route_bonuses(game, entity, company)
            grant_private_markers(game, entity, company)
            take_reserved_train(game, entity, company)
        if minor is not None:
            take_over_minor(game, entity, minor)
        for bought in game.extensions.at(PRIVATE_BOUGHT):
            bought(self, action)


class ExchangeStep(Step, ShareBuying):
    """A private that may be exchanged for a share (and closes when it is)."""

    blocks = Step.never_blocks

    def description(self) -> str:
        return "Exchange"

    def actions(self, entity: Any) -> list[str]:
        return ["buy_shares"] if self.can_exchange(entity) else []

    def exchange_ability(self, entity: Any) -> Any:
        abilities = usable_abilities(self.game, entity, "exchange", time=["any"])
        return abilities[0] if abilities else None

    def exchangeable_shares(self, ability: Any) -> list[Any]:
        game = self.game
        out = []
        for corp in exchange_corporations(game, ability):
            if ability.spec.reserves_share and not corp.ipoed:
                continue    # the share kept for the private waits for the corporation's par
            if "reserved" in ability.from_ and corp.ipoed:
                rs = corp.reserved_shares()
                if rs:
                    out.append(rs[0])
            if "ipo" in ability.from_:
                s = corp.available_share()
                if s is not None:
                    out.append(s)
            if "pool" in ability.from_:
                pool = game.share_pool.shares_of(corp)
                if pool:
                    out.append(pool[0])
        return out

    def offered(self, ability: Any, bundle: Any) -> bool:
        """Whether the bundle is one certificate like one the ability offers: from the same holder, of the
        same size and kind (certificates alike are the same exchange, whichever id names them)."""
        if len(bundle.shares) != 1:
            return False
        (share,) = bundle.shares
        return any(s is share or (s.corporation is share.corporation and s.owner is share.owner
                                  and s.percent == share.percent and s.president == share.president)
                   for s in self.exchangeable_shares(ability))

    def can_exchange(self, entity: Any, bundle: Any = None) -> bool:
        if not entity.is_company():
            return False
        ability = self.exchange_ability(entity)
        if ability is None or entity.owner is None:
            return False
        if bundle is not None:
            return self.can_gain(entity.owner, bundle, exchange=True)
        return any(self.can_gain(entity.owner, s.to_bundle(), exchange=True) for s in self.exchangeable_shares(ability))

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """The private traded for each share its ability names that its owner may take."""
        if not self.can_exchange(entity):
            return []
        ability = self.exchange_ability(entity)
        return [shares_action("buy_shares", entity, s.to_bundle()) for s in self.exchangeable_shares(ability)
                if self.can_exchange(entity, s.to_bundle())]

    def check_legal_buy(self, entity: Any, bundle: Any, exchange: Any = None, swap: Any = None) -> None:
        if not self.can_gain(entity, bundle, exchange=True):
            raise IllegalAction(f"{entity.name} may not take that {bundle.corporation.name} share", "exchange")

    def process_buy_shares(self, action: "Action") -> None:
        company = action.entity
        bundle = action.bundle
        ability = self.exchange_ability(company)
        if ability is None or not self.offered(ability, bundle) or not self.can_exchange(company, bundle):
            raise IllegalAction(f"{company.name} cannot be exchanged for that {bundle.corporation.name} share",
                                "exchange")
        owner = company.owner
        self.buy_shares(owner, bundle, exchange=company)
        if hasattr(self.round, "players_history"):
            self.round.players_history.setdefault(owner, {}).setdefault(bundle.corporation, []).append(action)
        self.game.log(f"{company.name} closes")
        company.close()


class SpecialTrackStep(Step, Tracker):
    """Tile lays a private's ability allows (extra lays, unconnected lays, teleports)."""

    def __init__(self, game: Any, round: Any, **opts: Any):
        super().__init__(game, round, **opts)
        self.company: Any = None

    def description(self) -> str:
        return f"Lay Track for {self.company.name if self.company else 'a private'}"

    def blocks(self) -> bool:
        return self.company is not None

    def active_entities(self) -> list[Any]:
        return [self.company] if self.company is not None else super().active_entities()

    def ability(self, entity: Any) -> Any:
        if entity is None or not entity.is_company():
            return None
        times = ["track", "owning_corp_or_turn", "owning_player_or_turn", "owning_player_track",
                 "or_between_turns", "stock_round"]
        if getattr(self.round, "just_sold_company", None) is entity:
            found = usable_abilities(self.game, entity, "tile_lay", time=["sold"])
            if found:
                return found[0]
        for kind in ("tile_lay", "teleport"):
            found = usable_abilities(self.game, entity, kind, time=times)
            for a in found:
                if a.type != "teleport" or not a.used:
                    return a
        return None

    def actions(self, entity: Any) -> list[str]:
        a = self.ability(entity)
        if a is None:
            return []
        return ["lay_tile"] if a.type == "tile_lay" and a.blocks else ["lay_tile", "pass"]

    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        a = self.ability(entity)
        if a is None or (a.hexes and hex_.id not in a.hexes):
            return None
        if entity.is_company():
            operator = self.operator_for(entity)
            if a.type == "tile_lay" and a.reachable and (not operator.is_operator() or
                                                         hex_ not in self.game.graph.connected_hexes(operator)):
                return None
            return list(hex_.neighbors)
        return super().hex_neighbors(entity, hex_)

    def operator_for(self, entity: Any) -> Any:
        """Who lays (and pays for) the private's tile: the corporation owning it, else the one operating,
        else (a player's private used in a stock round) whoever's turn it is."""
        if entity.owner is not None and entity.owner.is_corporation():
            return entity.owner
        operator = self.game.current_operator()
        return operator if operator is not None else self.game.round.current_entity

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        if not kinds:
            return []
        ability = self.ability(entity)
        owner = self.operator_for(entity)
        hexes = [h for h in map(self.game.hex_by_id, ability.hexes) if h is not None] if ability.hexes \
            else list(self.game.hexes)

        if self.company is not None and self.company is not entity:
            pending = self.ability(self.company)
            if pending is not None and pending.must_lay_together and pending.must_lay_all:
                return []

        def check(hex_: Any, tile: Any, rotation: int, consent: bool) -> None:
            if ability.type == "teleport" or ability.consume_tile_lay:
                self.check_turn_lay(entity, owner, hex_, tile, rotation, consent)
            else:
                self.plan_lay(entity, owner, hex_, tile, rotation, 0, consent, foresee=True)
                if ability.must_lay_together and not self.lays_together(ability, hex_, tile, rotation):
                    raise IllegalAction("the tiles must connect to each other", "private ability")
                self.check_completable(entity, ability, hex_, tile, rotation)

        out = self.legal_lays(entity, hexes, check, tiles=tuple(ability.tiles or ()))
        must_go_on = ability.must_lay_all and self.company is entity and ability.count is not None \
            and ability.count > 0
        if "pass" in kinds and not must_go_on:
            out.append(simple("pass", entity))
        return out

    def lays_together(self, ability: Any, hex_: Any, tile: Any, rotation: int) -> bool:
        """``check_laid_together`` foreseen for one more lay: ``tile`` on ``hex_`` in ``rotation`` (never on a
        hex the ability has laid on: tiles laid together lie on different hexes)."""
        if hex_.id in ability.laid_hexes:
            return False
        exits = self.laid_exits(ability, hex_)
        if not exits:
            return True
        exits[hex_] = set(tile.definition.rotations[rotation].exits)
        return joined(exits)

    def laid_exits(self, ability: Any, but: Any) -> dict[Any, set[int]]:
        """The exits of the tiles the ability has laid (but on ``but``), by hex."""
        hexes = [h for h in map(self.game.hex_by_id, ability.laid_hexes) if h is not None and h is not but]
        return {h: set(h.tile.exits) for h in hexes}

    def check_completable(self, entity: Any, ability: Any, hex_: Any, tile: Any, rotation: int) -> None:
        """An ability that must make all its lays, together, may make a lay only if a next lay can
        join it: otherwise the corporation would be bound to a lay it cannot make (judged one lay
        ahead, on the board as it stands, with another copy of the tiles it names)."""
        if not (ability.must_lay_together and ability.must_lay_all) or ability.count is None or ability.count <= 1:
            return
        exits = self.laid_exits(ability, hex_)
        exits[hex_] = set(tile.definition.rotations[rotation].exits)
        owner = self.operator_for(entity)
        supply = {t.name: t for t in self.game.tiles if t.hex is None and t is not tile
                  and (not ability.tiles or t.name in ability.tiles)}
        for other in map(self.game.hex_by_id, ability.hexes):
            if other is None or other is hex_ or other in exits:
                continue
            for following in supply.values():
                for turn in range(len(following.definition.rotations)):
                    if not joined({**exits, other: set(following.definition.rotations[turn].exits)}):
                        continue
                    try:
                        self.plan_lay(entity, owner, other, following, turn, 0, False, foresee=True)
                    except IllegalAction:
                        continue
                    return
        raise IllegalAction(f"{entity.name} must make all its lays together, and no next lay could join this one",
                            "private ability")

    def process_lay_tile(self, action: "Action") -> None:
        entity = action.entity
        if self.company is not None and self.company is not entity:
            pending = self.ability(self.company)
            if pending is not None and pending.must_lay_together and pending.must_lay_all:
                raise IllegalAction(f"{self.company.name}'s tile lays cannot be interrupted", "private ability")
        ability = self.ability(entity)
        if ability is None:
            raise IllegalAction(f"{entity.name} has no tile ability to use now", "private ability")
        if ability.hexes and action.hex.id not in ability.hexes:
            raise IllegalAction(f"{entity.name} may lay track only on {', '.join(ability.hexes)}", "private ability")
        if ability.tiles and action.tile.name not in ability.tiles:
            raise IllegalAction(f"{entity.name} may lay only tiles {', '.join(ability.tiles)}", "private ability")
        owner = self.operator_for(entity)
        if ability.type == "tile_lay":
            self.check_completable(entity, ability, action.hex, action.tile, action.rotation)
        if ability.type == "teleport" or ability.consume_tile_lay:
            self.lay_tile_action(action, entity=entity, spender=owner)
        else:
            self.lay_tile(action, entity=entity, spender=owner)
            ability.laid_hexes.append(action.hex.id)
            self.round.laid_hexes.append(action.hex)
            if ability.must_lay_together:
                self.check_laid_together(ability)
        ability.use(upgrade=action.tile.color in ("green", "brown", "gray"))
        if ability.type == "tile_lay" and ability.must_lay_together:
            # the rest of its lays follow at once
            self.company = entity if ability.count is not None and ability.count > 0 else None
        if ability.type == "tile_lay" and ability.count is not None and ability.count <= 0 \
                and ability.closed_when_used_up:
            self.game.log(f"{entity.name} closes")
            entity.close()
        if ability.type == "teleport":
            tokener = owner
            if not tokener.tokens_by_type():
                entity.remove_ability(ability)
            else:
                self.round.teleported = entity
                self.round.teleport_tokener = tokener

    def check_laid_together(self, ability: Any) -> None:
        """Tiles an ability lays together must each join track on another of them."""
        hexes = [h for h in (self.game.hex_by_id(hid) for hid in ability.laid_hexes) if h is not None]
        if len(hexes) < 2:
            return
        for h in hexes:
            if not any(n in hexes and any(e in p.edges for p in h.tile.paths)
                       and any(invert(e) in q.edges for q in n.tile.paths)
                       for e, n in h.neighbors.items()):
                raise IllegalAction(f"the tiles {', '.join(ability.laid_hexes)} must connect to each other",
                                    "private ability")

    def process_pass(self, action: "Action") -> None:
        entity = action.entity
        ability = self.ability(entity)
        if ability is not None and ability.must_lay_all and self.company is entity \
                and ability.count is not None and ability.count > 0:
            raise IllegalAction(f"{entity.name} must make all its tile lays", "private ability")
        if ability is not None:
            entity.remove_ability(ability)
        self.company = None


class SpecialTokenStep(Step, Tokener):
    """Tokens a private's ability places (the token after a teleport, or a free token)."""

    def description(self) -> str:
        return "Place teleport token"

    def ability(self, entity: Any) -> Any:
        if entity is None or not entity.is_company():
            return None
        found = usable_abilities(self.game, entity, "token", time=["any", "owning_corp_or_turn", "token", "track"])
        # an ability that names when it works (``when: [token]``: in its corporation's token step) waits for it
        timed = usable_abilities(self.game, entity, "token", time=["owning_corp_or_turn", "token", "track"])
        found = [a for a in found if not a.when or "any" in a.when or a in timed]
        if found:
            return found[0]
        for a in usable_abilities(self.game, entity, "teleport", time=["any", "track", "owning_corp_or_turn"]):
            if a.used:
                return a
        return None

    def blocks(self) -> bool:
        return self.round.teleported is not None and bool(self.available_tokens(self.round.teleported))

    def blocking(self) -> bool:
        return self.blocks()

    def active_entities(self) -> list[Any]:
        return [self.round.teleported] if self.round.teleported is not None else super().active_entities()

    def available_tokens(self, entity: Any) -> list[Any]:
        a = self.ability(entity)
        holder = entity.owner if entity.is_company() else entity
        if a is not None and a.type in ("teleport", "token") and not getattr(a, "from_owner", True):
            return [Token(holder)]
        return holder.tokens_by_type() if holder is not None else []

    def actions(self, entity: Any) -> list[str]:
        if self.ability(entity) is None or not self.available_tokens(entity):
            return []
        out = ["place_token"]
        if entity is self.round.teleported:
            out.append("pass")
        return out

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        if not kinds:
            return []
        ability = self.ability(entity)
        holder = entity.owner
        token = holder.find_token_by_type()
        hexes = [h for h in map(self.game.hex_by_id, ability.hexes) if h is not None] if ability.hexes \
            else list(self.game.hexes)
        cities = [c for h in hexes for c in h.tile.cities]
        if ability.type == "teleport":
            def check(city: Any) -> Any:
                return self.plan_token(holder, city, token, connected=False, free_override=True)
        else:
            def check(city: Any) -> Any:
                return self.plan_token(holder, city, token, connected=ability.type == "token" and ability.connected,
                                       extra_action=ability.extra_action, free_override=ability.price_ == 0,
                                       special_ability=ability if ability.spec.discount_percent else None)
        out = self.placeable(entity, cities, check)
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    def process_place_token(self, action: "Action") -> None:
        entity = action.entity
        ability = self.ability(entity)
        hex_ = action.city.hex
        if ability.hexes and hex_.id not in ability.hexes:
            raise IllegalAction(f"{entity.name} may place a token only on {', '.join(ability.hexes)}",
                                "private ability")
        holder = entity.owner
        connected = ability.type == "token" and ability.connected
        extra = ability.type == "token" and not ability.from_owner   # the private brings a station of its own
        token = Token(holder, price=0) if extra else holder.find_token_by_type()
        if ability.type == "teleport":
            # the teleport's token is the corporation's token for the turn, and it is free
            self.place_token(holder, action.city, token, connected=False, free_override=True)
        else:
            price_free = ability.price_ == 0
            self.place_token(holder, action.city, token, connected=connected, extra_action=ability.extra_action,
                             special_ability=ability if ability.spec.discount_percent else None,
                             free_override=price_free)
            if extra:
                holder.tokens.append(token)
            ability.use()
            if ability.count is not None and ability.count <= 0 and ability.closed_when_used_up:
                entity.close()
        if self.round.teleported is not None:
            self.teleport_complete()

    def process_pass(self, action: "Action") -> None:
        self.game.log(f"{action.entity.owner.name} ({action.entity.name}) declines to place a token")
        self.teleport_complete()

    def teleport_complete(self) -> None:
        company = self.round.teleported
        a = self.ability(company)
        if a is not None:
            company.remove_ability(a)
        self.round.teleported = None


def joined(exits: dict[Any, set[int]]) -> bool:
    """Whether each of these hexes' tiles (their exits, by hex) joins track on another of them."""
    return all(any(n in exits and e in exits[h] and invert(e) in exits[n] for e, n in h.neighbors.items())
               for h in exits)
