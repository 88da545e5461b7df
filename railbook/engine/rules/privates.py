"""Private companies in play: the auction list, income, sales to corporations, and what buying one brings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.company import Ability, Company
from railbook.engine.entities.player import Player
from railbook.engine.map.token import Token
from railbook.engine.rules.abilities import usable_abilities
from railbook.engine.rules.corporations import close_corporation
from railbook.engine.rules.shares import buy_shares
from railbook.engine.rules.trains import buy_train, num_corp_trains, train_limit
from railbook.errors import GameError
from railbook.title.model import AbilityDef

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def initial_auction_companies(game: "GameState") -> list[Company]:
    return [c for c in game.companies if not c.closed]


def payout_companies(game: "GameState") -> None:
    companies = [c for c in game.companies if c.owner is not None and not c.closed]
    def key(c: Company) -> tuple[Any, ...]:
        owner = c.owner
        if owner.is_player():
            return (0, game.players.index(owner), c.revenue, c.name)
        return (1, owner.name, c.revenue, c.name)
    for c in sorted(companies, key=key):
        revenue = private_income(game, c)
        if revenue > 0:
            game.bank.spend(revenue, c.owner)
            game.log(f"{c.owner.name} collects {game.format_money(revenue)} from {c.name}")


def purchasable_companies(game: "GameState", entity: Any = None) -> list[Company]:
    """The privates players own that ``entity`` may buy: not its own, none that may not be sold (from its
    ``from_turn``); a corporation buys only from its president where the title says so
    (``privates_bought_from: president``), and a private bringing a reserved train only with room for it."""
    out = []
    from_president = game.rules.operating_round.privates_bought_from == "president"
    for c in game.companies:
        if c.owner is None or not c.owner.is_player() or entity is c.owner:
            continue
        if _never_sold(game, c):
            continue
        if entity is not None and entity.is_corporation():
            if from_president and c.owner is not entity.owner:
                continue
            if _needs_room(c) and num_corp_trains(game, entity) >= train_limit(game, entity):
                continue
        out.append(c)
    return out


def in_first_or(game: "GameState") -> bool:
    """The game's first operating round."""
    return game.turn == 1 and game.round.operating() and game.round.round_num == 1


def price_range(game: "GameState", company: Company, buyer: Any = None) -> tuple[int, int]:
    """What a corporation may pay for a private: from its minimum to its maximum price, or exactly its face
    value in the game's first operating round where the title says so (``first_or_private_sales.price``)."""
    if game.rules.operating_round.first_or_private_sales.price == "face_value" and in_first_or(game):
        return company.value, company.value
    return company.min_price, company.max_price(buyer)


def after_buy_company(game: "GameState", player: Player, company: Company, price: int) -> None:
    for a in usable_abilities(game, company, "shares"):
        for share in a.shares:
            if share.president:
                game.round.companies_pending_par.append(company)
            else:
                buy_shares(game, player, share.to_bundle(), exchange="free")
    game.hook("after_buy_private", company, player)


def private_income(game: "GameState", company: Company) -> int:
    value = game.hook("private_income", company)
    return company.revenue if value is None else int(value)


def attach_share(game: "GameState", company: Company, corp: Any, president: bool) -> None:
    """The private brings one more certificate of the corporation (as a ``shares`` ability does): its
    president's, or the first other certificate still in its IPO."""
    ipo = corp.ipo_shares()
    share = next((s for s in ipo if s.president == president), None)
    if share is None:
        raise GameError(f"{corp.name} has no such certificate left to attach to {company.name}", "title rule")
    ability = next((a for a in company.abilities if a.type == "shares"), None)
    if ability is None:
        ability = Ability(AbilityDef(type="shares"), company)
        company.abilities.append(ability)
    ability.shares.append(share)
    game.log(f"{company.name} comes with a {share.percent}% share of {corp.name}")


def withdraw_private(game: "GameState", company: Company) -> None:
    """The private leaves the game before it is sold, as if it never were in it: its abilities end
    (a slot it reserved is free again) and nothing lists it any more."""
    company.close()
    if company in game.companies:
        game.companies.remove(company)
    for step in game.round.steps:
        held = getattr(step, "companies", None)
        if isinstance(held, list) and company in held:
            held.remove(company)


def minor_of(game: "GameState", company: Company) -> Any:
    """The minor a private of kind ``minor`` is the certificate of (None for other privates)."""
    if company.definition.kind != "minor":
        return None
    minor = game.corporation_by_id(company.sym)
    return minor if minor is not None and minor.minor and not minor.closed else None


def take_over_minor(game: "GameState", corp: Any, minor: Any) -> None:
    """A corporation that buys a minor's certificate takes the minor over: its cash, its trains (as
    they are: one that ran this round has run), and its station, which becomes the corporation's
    (or leaves the map if the corporation already has one in that city); the minor is gone."""
    cash = minor.cash
    if cash > 0:
        minor.spend(cash, corp)
    for train in list(minor.trains):
        operated = train.operated
        buy_train(game, corp, train, 0)
        train.buyable_ = True
        train.operated = operated
    gained = []
    for token in [t for t in minor.tokens if t.used and t.city is not None]:
        city = token.city
        if city.tokened_by(corp):
            token.remove()
            continue
        slot = city.tokens.index(token)
        token.remove()
        new = Token(corp, price=0)
        new.place(city)
        city.tokens[slot] = new
        corp.tokens.append(new)
        gained.append(city.tile.hex.id)
    game.log(f"{corp.name} receives {game.format_money(cash)} and the trains" +
             (f", and a station on {', '.join(gained)}" if gained else "") + f" of {minor.name}")
    minor.owner = None
    close_corporation(game, minor)
    game.graph.clear()



def close_used_privates(game: "GameState") -> None:
    """Privates whose ``closes_at_round_end`` ability was used close as the operating round ends."""
    for company in game.companies:
        if company.closes_at_round_end and not company.closed:
            game.log(f"{company.name} closes")
            company.close()


def _never_sold(game: "GameState", company: Any) -> bool:
    """The private may not be sold to a corporation now (a loop: asked for every private, often)."""
    for a in company.abilities:
        if a.type == "no_sale_to_corporation" and (a.spec.from_turn is None or game.turn >= a.spec.from_turn):
            return True
    return False


def _needs_room(company: Any) -> bool:
    """The private brings a train that needs room under the buyer's train limit."""
    for a in company.abilities:
        if a.type == "reserved_train" and a.spec.requires_room:
            return True
    return False
