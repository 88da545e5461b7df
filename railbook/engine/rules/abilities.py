"""Private (and corporation) abilities: which may be used now, by whom, and what closes them.

Abilities follow one vocabulary (the title's privates.yaml says which a private has):
who may use one (``owner``), when (``when``: a step, the owner's turn, any time...),
how often (``count``, ``count_per_or``). The steps say what each does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from railbook.engine.entities.company import Ability
from railbook.engine.entities.corporation import Corporation
from railbook.engine.map.hex import Hex
from railbook.engine.map.tile import City

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def usable_abilities(game: "GameState", entity: Any, kind: str | None = None, time: Iterable[str] | None = None,
              passive_ok: bool = True, on_phase: str | None = None, of_use: bool = True) -> list[Any]:
    """The entity's abilities (of a kind) its owner may use now; ``of_use``: only token abilities that
    could still place a station (18xx.games prices tokens by every one it holds)."""
    if entity is None:
        return []
    source = entity.all_abilities() if hasattr(entity, "all_abilities") else []
    out = []
    times = list(time) if time is not None else None
    for a in source:
        if kind is not None and a.type != kind:
            continue
        if not right_owner(a):
            continue
        if a.count_per_or and a.count_this_or >= a.count_per_or:
            continue
        if not _right_time(game, a, times, passive_ok, on_phase):
            continue
        if of_use and a.type == "token" and not _token_usable(a):
            continue
        out.append(a)
    return out


def _token_usable(a: Any) -> bool:
    """A token ability for named hexes is of use only while its corporation could still place
    there: it has a token left (when the token comes from its own supply) and no token in
    every one of those hexes yet."""
    if not a.hexes or a.spec.moves_station is not None:   # a moved station needs no token in supply
        return True
    owner = a.owner
    corp = owner if owner.is_corporation() else owner.owner if owner.owner is not None \
        and owner.owner.is_corporation() else None
    if corp is None:
        return True
    if a.from_owner and corp.find_token_by_type() is None:
        return False
    tokened = {t.city.tile.hex.id for t in corp.tokens if t.used and t.city is not None}
    return bool(set(a.hexes) - tokened)


def right_owner(a: Any) -> bool:
    """Whether the ability's holder is of the kind its ``owner`` names (a private's ability with
    ``owner: player`` works only while a player owns the private)."""
    owner = a.owner
    if a.owner_type == "player":
        return owner.owner is None or owner.owner.is_player() if owner.is_company() else owner.is_player()
    if a.owner_type == "corporation":
        return owner.owner is not None and owner.owner.is_corporation() if owner.is_company() \
            else owner.is_corporation()
    return True


def _right_time(game: "GameState", a: Any, time: list[str] | None, passive_ok: bool, on_phase: str | None) -> bool:
    if a.on_phase and on_phase not in ("any", a.on_phase):
        return False
    if time is not None and "any" in time:
        return True
    if "any" in a.when:
        return True
    if a.passive and not passive_ok:
        return False
    if a.passive and not a.when:
        return True
    r = game.round
    step = _blocking_step(game)
    step_name = getattr(step, "type_name", None)
    if time:
        times = [step_name if t == "%current_step%" else t for t in time]
        check = [w for w in a.when if w in times]
        default = True
    else:
        check = list(a.when)
        default = False
    owner_corp = a.owner.owner if a.owner.is_company() else a.owner
    for w in check:
        if w == step_name and step_name is not None:
            if (r.operating() and r.current_operator is owner_corp) or (r.stock() and r.current_entity is a.owner.player):
                return True
        elif w == "owning_corp_or_turn":
            if r.operating() and owner_corp is not None and owner_corp.is_corporation() \
                    and r.current_operator is owner_corp:
                return True
        elif w == "owning_player_or_turn":
            if r.operating() and a.owner.player is not None and r.current_operator is not None \
                    and r.current_operator.player is a.owner.player:
                return True
        elif w == "owning_player_track":
            if r.operating() and a.owner.player is not None and r.current_operator is not None \
                    and r.current_operator.player is a.owner.player and step_name == "track":
                return True
        elif w == "owning_player_sr_turn":
            if r.stock() and r.current_entity is a.owner.player:
                return True
        elif w == "or_between_turns":
            if r.operating() and not r.current_operator_acted:
                return True
        elif w == "or_start":
            if r.operating() and r.at_start:
                return True
        elif w == "stock_round":
            if r.stock():
                return True
        elif default and w not in ("track", "token", "route", "dividend", "buy_train"):
            return True
    return False


def _blocking_step(game: "GameState") -> Any:
    for step in game.round.steps:
        if getattr(step, "type_name", None) in ("track", "token", "route", "dividend", "buy_train") \
                and not step.passed and step.active() and step.blocks():
            return step
    return None


def trigger_phase_abilities(game: "GameState", phase_name: str) -> None:
    for holder in list(game.corporations) + list(game.minors) + list(game.companies):
        for a in list(holder.abilities):
            if a.type == "reservation" and a.spec.until_phase == phase_name:
                holder.remove_ability(a)
    for c in game.companies:
        if c.owner is None:
            continue
        for a in list(c.abilities):
            if a.type == "revenue_change" and a.on == "phase" and a.spec.phase == phase_name and right_owner(a):
                c.revenue = a.revenue or 0
            if a.type == "close" and a.on == "phase" and a.spec.phase == phase_name:
                game.log(f"{c.name} closes")
                c.close()
                break


def close_companies_on_event(game: "GameState", entity: Any, event: str) -> None:
    for c in game.companies:
        if c.closed:
            continue
        for a in list(c.abilities):
            if a.type == "close" and a.on == event and entity is not None and entity.name == a.corporation:
                c.close()
                game.log(f"{c.name} closes")
                break


def exchange_corporations(game: "GameState", ability: Any) -> list[Corporation]:
    which = ability.corporations
    if which == "any":
        found = list(game.corporations)
    elif which == "ipoed":
        found = [c for c in game.corporations if c.ipoed]
    else:
        found = [game._corporations[c] for c in which if c in game._corporations]
    return [c for c in found if not c.closed]


def teleport_reach(game: "GameState", corporation: Any) -> tuple[list[Hex], list[City]]:
    """What an ability the corporation itself holds lets it reach without track (a private's ability
    must first be used, which gives it to the corporation): whole hexes (``teleport``), and the cities
    of hexes it may place a token in from afar (``token`` with a teleport price)."""
    hexes: list[Hex] = []
    for ability in usable_abilities(game, corporation, "teleport"):
        if ability.owner is corporation:
            hexes.extend(h for h in (game.hex_by_id(hex_id) for hex_id in ability.hexes) if h is not None)
    cities: list[City] = []
    for ability in usable_abilities(game, corporation, "token"):
        if ability.owner is corporation and ability.teleport_price:
            for hex_id in ability.hexes:
                hex_ = game.hex_by_id(hex_id)
                if hex_ is not None:
                    cities.extend(hex_.tile.cities)
    return hexes, cities


def grant_route_bonuses(game: "GameState", corporation: Any, company: Any) -> None:
    """A corporation that buys a private gains its ``route_bonus`` abilities for good."""
    for a in company.abilities:
        if a.type == "route_bonus":
            corporation.abilities.append(Ability(a.spec, corporation))
            game.log(f"{corporation.name} gains {company.name}'s bonus of {game.format_money(a.spec.amount)} "
                     f"for a route to {' and '.join(a.hexes)}")


def run_bonuses(corporation: Any, hexes_by_route: list[list[str]]) -> list[int]:
    """What each route of one run earns from the corporation's ``route_bonus`` abilities: each bonus
    goes to one route (the first) that visits every one of its hexes."""
    extra = [0] * len(hexes_by_route)
    for a in corporation.abilities:
        if a.type != "route_bonus":
            continue
        i = next((i for i, hexes in enumerate(hexes_by_route) if set(a.hexes) <= set(hexes)), None)
        if i is not None:
            extra[i] += a.spec.amount
    return extra


def lose_on_president_change(game: "GameState", presidents: dict[Any, Any]) -> None:
    """Corporations whose president is no longer the one in ``presidents`` lose their abilities that are
    ``lost_on_president_change``."""
    for corp, president in presidents.items():
        if corp.owner is president:
            continue
        for a in [a for a in corp.abilities if a.spec.lost_on_president_change]:
            corp.abilities.remove(a)
            game.log(f"{corp.name} loses its bonus for a route to {' and '.join(a.hexes)}: its president changed")


def presidents_of_losable(game: "GameState") -> dict[Any, Any]:
    """The presidents of corporations holding abilities lost when the presidency changes."""
    out: dict[Any, Any] = {}
    for c in game.corporations:
        for a in c.abilities:
            if a.spec.lost_on_president_change:
                out[c] = c.owner
                break
    return out
