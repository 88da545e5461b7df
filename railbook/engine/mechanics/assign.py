"""A private's ability handed to the operating corporation (the ``assign`` action).

Abilities of a private owned by the president of the operating corporation
(or, with ``owner: corporation``, by the operating corporation itself):

* ``assign_hexes``: the corporation places the private's bonus on one of the
  listed hexes (``connected``: one its network reaches; ``requires_train``:
  only once it owns a train), during its track, token or route step (``when:
  [any]``: at any time of its turn); the private's ``hex_bonus`` then counts
  for that corporation's routes stopping in that hex (until its
  ``until_phase`` begins).
* ``train_limit``: the corporation takes the private's right: its train limit
  is ``amount`` higher (until ``until_phase`` begins).

Either way the right passes to the corporation; a private whose ability
``closes_when_used_up`` closes at once.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from railbook.engine.entities.company import Ability
from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.base import Mechanic, has_step, insert_before
from railbook.engine.points import Handler, Point
from railbook.engine.steps.base import Step
from railbook.engine.steps.track import TrackStep
from railbook.engine.steps.trains import TRAIN_OFFER, BuyTrainStep
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState

KINDS = ("assign_hexes", "train_limit")
EARLY_STEPS = ("track", "token", "route")  # a bonus hex is placed before the trains run


def active_until(game: "GameState", ability: Any) -> bool:
    until = ability.spec.until_phase
    return not (until and game.phase.available(until))


class AssignStep(Step):
    """Non-blocking: the operating corporation's president uses a private he owns."""

    def description(self) -> str:
        return "Use a Private"

    blocks = Step.never_blocks

    def ability(self, company: Any) -> Any:
        if company is None or not company.is_company() or company.closed:
            return None
        operator = self.game.current_operator()
        owner = company.owner
        if operator is None or owner is None:
            return None
        for a in company.abilities:
            if a.type not in KINDS or not active_until(self.game, a):
                continue
            if not (owner is operator if a.owner_type == "corporation" else
                    owner.is_player() and operator.owner is owner):
                continue
            if a.type == "assign_hexes" and "any" not in a.when and self.blocking_step_name() not in EARLY_STEPS:
                continue
            return a
        return None

    def blocking_step_name(self) -> str | None:
        for step in self.round.steps:
            if step.active() and step.blocks() and step.blocking():
                return getattr(step, "type_name", None)
        return None

    def actions(self, entity: Any) -> list[str]:
        return ["assign"] if self.ability(entity) is not None else []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """The private's bonus on each hex it may go on, or its right taken by the operating corporation;
        the corporation named or not."""
        ability = self.ability(entity)
        if ability is None:
            return []
        corp = self.game.current_operator()
        if ability.type != "assign_hexes":
            return [simple("assign", entity), simple("assign", entity, target=corp.id, target_type="corporation")]
        out = []
        hexes = [h for h in map(self.game.hex_by_id, ability.hexes) if h is not None] if ability.hexes \
            else list(self.game.hexes)
        for hex_ in hexes:
            if self.hex_refusal(entity, ability, corp, hex_) is None:
                out += [simple("assign", entity, target=hex_.id, target_type="hex"),
                        simple("assign", entity, target=hex_.id, target_type="hex", corporation=corp.id)]
        return out

    def process_assign(self, action: "Action") -> None:
        game = self.game
        company = action.entity
        ability = self.ability(company)
        if ability is None:
            raise IllegalAction(f"{company.name} cannot be used now", "private ability")
        corp = game.current_operator()
        if action.corporation is not None and action.corporation is not corp:
            raise IllegalAction(f"{company.name} serves the operating corporation, {corp.name}", "private ability")
        if ability.type == "assign_hexes":
            self.assign_hex(company, ability, corp, action.hex)
        else:
            if action.hex is not None or action.company is not None:
                raise IllegalAction(f"{company.name}'s right goes to the operating corporation, {corp.name}",
                                    "private ability")
            self.take_right(company, ability, corp)
        ability.use()
        if ability.closed_when_used_up and (ability.count is None or ability.count <= 0):
            game.log(f"{company.name} closes")
            company.close()

    def hex_refusal(self, company: Any, ability: Any, corp: Any, hex_: Any) -> IllegalAction | None:
        """The rule placing the private's bonus on this hex breaks, or None."""
        if hex_ is None or (ability.hexes and hex_.id not in ability.hexes):
            return IllegalAction(f"{company.name}'s bonus goes on {', '.join(ability.hexes)}", "private ability")
        if ability.spec.requires_train and not corp.trains:
            return IllegalAction(f"{corp.name} owns no train", "private ability")
        if ability.spec.connected and hex_ not in self.game.graph.connected_hexes(corp):
            return IllegalAction(f"{corp.name}'s network does not reach {hex_.id}", "connectivity")
        return None

    def assign_hex(self, company: Any, ability: Any, corp: Any, hex_: Any) -> None:
        game = self.game
        refusal = self.hex_refusal(company, ability, corp, hex_)
        if refusal is not None:
            raise refusal
        for bonus in [a for a in company.abilities if a.type == "hex_bonus"]:
            spec = dataclasses.replace(bonus.spec, hexes=(hex_.id,))
            corp.abilities.append(Ability(spec, corp))
        game.log(f"{corp.name} places {company.name}'s bonus on {hex_.id}")

    def take_right(self, company: Any, ability: Any, corp: Any) -> None:
        spec = dataclasses.replace(ability.spec, owner=None, when=(), closes_when_used_up=False)
        corp.abilities.append(Ability(spec, corp))
        self.game.log(f"{corp.name} takes {company.name}'s right ({ability.spec.amount} more train)")


def usable_train_right(game: "GameState", corp: Any) -> bool:
    """The corporation's president owns a private whose train-limit right it could take now."""
    owner = corp.owner
    if owner is None or not owner.is_player():
        return False
    return any(a.type == "train_limit" and active_until(game, a) for c in owner.companies if not c.closed
               for a in c.abilities)


def extra_train_limit(game: "GameState", corp: Any) -> int:
    return sum(a.spec.amount for a in getattr(corp, "abilities", [])
               if a.type == "train_limit" and active_until(game, a))


def hex_bonus(game: "GameState", corp: Any, stops: list[Any]) -> int:
    """What a corporation's hex bonuses add to a route stopping at these stops."""
    total = 0
    hexes = {s.tile.hex.id for s in stops if s.tile.hex is not None}
    for a in getattr(corp, "abilities", []):
        if a.type == "hex_bonus" and active_until(game, a) and hexes & set(a.hexes):
            total += a.spec.amount
    return total


class AssignRights(Mechanic):
    STEPS = {"assign": AssignStep}

    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(a.type in KINDS for c in game.companies for a in c.abilities)

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        if not has_step(steps, AssignStep):
            steps = insert_before(steps, TrackStep, AssignStep)
        return steps

    def handlers(self) -> list[tuple[Point, Handler]]:
        if not any(a.type == "train_limit" for c in self.game.companies for a in c.abilities):
            return []
        return [(TRAIN_OFFER, self.wait_for_train_right)]

    def wait_for_train_right(self, step: BuyTrainStep, entity: Any, kinds: list[str]) -> list[str]:
        """A corporation at its train limit whose president could hand it a train-limit right stays in
        the train step (it may pass): it may take the right, then buy."""
        if kinds or entity is not step.current_entity() or not entity.is_corporation():
            return kinds
        price = self.game.depot.min_price(entity)
        if usable_train_right(self.game, entity) and price is not None and entity.cash >= price:
            return ["pass"]
        return kinds

    def extra_train_limit(self, corporation: Any) -> int:
        return extra_train_limit(self.game, corporation)

    def route_bonus(self, corporation: Any, stops: list[Any]) -> int:
        return hex_bonus(self.game, corporation, stops)

    def route_bonus_bound(self, corporation: Any) -> int | None:
        """Every hex bonus the corporation holds, as if a route reached them all."""
        return sum(a.spec.amount for a in getattr(corporation, "abilities", [])
                   if a.type == "hex_bonus" and active_until(self.game, a))
