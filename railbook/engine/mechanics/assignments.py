"""Privates assigned to a hex and to a corporation, for a bonus (``assign_bonus``).

A private with an ``assign_bonus`` ability is assigned to at most one hex of its
``assign_hexes`` list and to at most one corporation (or minor). A route of that
corporation that scores a stop in that hex earns the bonus (``per_icon``: once per
icon of that name printed on the hex). The bonus outlives the private until its
``until_phase`` begins; a private that closes while a player owns it takes its
assignments along.

Who assigns: the abilities' owners and times say it. ``assign_corporation`` with
``when: [sold]`` assigns the private to the corporation that buys it. An ability
with ``when: [or_start]`` of a private a player owns is used at the start of each
operating round, before anyone operates: the assign step waits for the private's
owner to assign it (to a new hex, a new corporation or minor, as its abilities
allow) or to pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.mechanics.assign import AssignStep
from railbook.engine.mechanics.base import Mechanic, find, replace_step
from railbook.engine.points import Handler, Point
from railbook.engine.rules.abilities import right_owner, usable_abilities
from railbook.engine.steps.base import Step
from railbook.engine.steps.privates import PRIVATE_BOUGHT, BuyPrivateStep
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState

KINDS = ("assign_hexes", "assign_corporation")


def bonus_spec(company: Any) -> Any:
    return next((a for a in company.definition.abilities if a.type == "assign_bonus"), None)


class Assignments(Mechanic):
    @classmethod
    def applies(cls, game: "GameState") -> bool:
        return any(bonus_spec(c) is not None for c in game.companies)

    def __init__(self, game: "GameState"):
        super().__init__(game)
        self.hex_of: dict[str, Any] = {}        # private -> the hex it is assigned to
        self.corporation_of: dict[str, Any] = {}   # private -> the corporation (or minor) it is assigned to

    def operating_steps(self, steps: list[Any]) -> list[Any]:
        return replace_step(steps, AssignStep, AssignmentStep)

    def handlers(self) -> list[tuple[Point, Handler]]:
        return [(PRIVATE_BOUGHT, self.assign_on_purchase)]

    def assign_on_purchase(self, step: BuyPrivateStep, action: "Action") -> None:
        """A corporation buying a private with ``assign_corporation`` ``when: [sold]`` is assigned it."""
        company = action.company
        for a in company.abilities:
            if a.type == "assign_corporation" and "sold" in a.when and right_owner(a):
                self.assign_corporation(company, action.entity)

    def bonus_active(self, company: Any) -> bool:
        spec = bonus_spec(company)
        if spec is None or (spec.until_phase and self.game.phase.available(spec.until_phase)):
            return False
        owner = company.owner_when_closed if company.closed else None
        return not (company.closed and owner is not None and owner.is_player())

    def route_bonus(self, corporation: Any, stops: list[Any]) -> int:
        total = 0
        for company in self.game.companies:
            if self.corporation_of.get(company.id) is not corporation or not self.bonus_active(company):
                continue
            hex_ = self.hex_of.get(company.id)
            if hex_ is None or not any(s.tile.hex is hex_ for s in stops):
                continue
            spec = bonus_spec(company)
            icons = sum(1 for i in hex_.original_tile.definition.icons if i.image == spec.per_icon) \
                if spec.per_icon else 1
            total += spec.amount * icons
        return total

    def route_bonus_bound(self, corporation: Any) -> int | None:
        total = 0
        for company in self.game.companies:
            if self.corporation_of.get(company.id) is corporation and self.bonus_active(company):
                hex_ = self.hex_of.get(company.id)
                spec = bonus_spec(company)
                if hex_ is not None:
                    total += spec.amount * max(1, len(hex_.original_tile.definition.icons))
        return total

    def assign_corporation(self, company: Any, corp: Any) -> None:
        self.corporation_of[company.id] = corp
        self.game.log(f"{company.name} is assigned to {corp.name}")

    def assign_hex(self, company: Any, hex_: Any) -> None:
        self.hex_of[company.id] = hex_
        self.game.log(f"{company.name} is assigned to {hex_.id}")


def assignments(game: "GameState") -> Assignments:
    found = find(game, Assignments)
    if found is None:  # pragma: no cover - the steps exist only where the mechanic does
        raise IllegalAction("this title assigns no privates", "assign")
    return found


class AssignmentStep(Step):
    """Assigning privates: any time their abilities allow (not blocking), and at the start of an
    operating round the owner of a private whose abilities say ``or_start`` (blocking)."""

    type_name = "assign"
    ACTIONS = ("assign", "pass")

    def description(self) -> str:
        return "Assign a Private"

    # -- the start of the operating round
    def or_start_abilities(self, company: Any) -> list[Any]:
        return [a for a in company.abilities if a.type in KINDS and "or_start" in a.when and right_owner(a)
                and not (a.count_per_or and a.count_this_or >= a.count_per_or)]

    def waiting(self) -> Any:
        """The private whose owner must assign it (or pass) before the round goes on, if any."""
        if not self.round.operating():
            return None
        for company in self.game.companies:
            if company.closed or company.owner is None or not company.owner.is_player():
                continue
            kinds = {a.type for a in self.or_start_abilities(company)}
            to_corp = "assign_corporation" in kinds and bool(self.targets(company))
            to_hex = "assign_hexes" in kinds and (to_corp or company.id in assignments(self.game).corporation_of)
            if to_corp or to_hex:
                return company
        return None

    def holds_round_start(self) -> bool:
        return self.waiting() is not None

    def blocks(self) -> bool:
        return self.waiting() is not None

    def active_entities(self) -> list[Any]:
        company = self.waiting()
        return [company] if company is not None else super().active_entities()

    def targets(self, company: Any) -> list[Any]:
        """The corporations and minors the private could be assigned to."""
        game = self.game
        assigned = assignments(game).corporation_of.get(company.id)
        return [c for c in game.minors + game.corporations if c.floated() and not c.closed and c is not assigned]

    # -- abilities usable now
    def ability(self, company: Any, kind: str) -> Any:
        if self.waiting() is company:
            return next((a for a in self.or_start_abilities(company) if a.type == kind), None)
        found = [a for a in usable_abilities(self.game, company, kind) if "or_start" not in a.when]
        return found[0] if found else None

    def actions(self, entity: Any) -> list[str]:
        if entity is None or not entity.is_company():
            return []
        waiting = self.waiting()
        if waiting is not None:
            return ["assign", "pass"] if entity is waiting else []
        if any(self.ability(entity, k) is not None for k in KINDS):
            return ["assign"]
        return []

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        kinds = self.actions(entity)
        out: list[LegalAction] = []
        if "assign" in kinds:
            mech = assignments(self.game)
            hexes = self.ability(entity, "assign_hexes")
            if hexes is not None:
                out += [simple("assign", entity, target=h, target_type="hex") for h in hexes.hexes
                        if mech.hex_of.get(entity.id) is None or mech.hex_of[entity.id].id != h]
            if self.ability(entity, "assign_corporation") is not None:
                out += [simple("assign", entity, target=c.id, target_type="minor" if c.minor else "corporation")
                        for c in self.targets(entity)]
        if "pass" in kinds:
            out.append(simple("pass", entity))
        return out

    def process_assign(self, action: "Action") -> None:
        company = action.entity
        mech = assignments(self.game)
        waiting = self.waiting() is company
        target: Any = action.hex
        if target is not None:
            ability = self.ability(company, "assign_hexes")
            if ability is None or target.id not in ability.hexes:
                raise IllegalAction(f"{company.name} cannot be assigned to {target.id} now", "assign")
            existing = mech.hex_of.get(company.id)
            if existing is not None and existing.id == target.id:
                raise IllegalAction(f"{company.name} is already assigned to {target.id}", "assign")
            mech.assign_hex(company, target)
        elif action.corporation is not None:
            ability = self.ability(company, "assign_corporation")
            if ability is None or action.corporation not in self.targets(company):
                raise IllegalAction(f"{company.name} cannot be assigned to {action.corporation.name} now", "assign")
            mech.assign_corporation(company, action.corporation)
        else:
            raise IllegalAction("an assignment names a hex or a corporation", "assign")
        ability.use()
        if ability.closed_when_used_up and ability.count is not None and ability.count <= 0 and not company.closed:
            self.game.log(f"{company.name} closes")
            company.close()
        if waiting and self.waiting() is None:
            self.start_round()

    def process_pass(self, action: "Action") -> None:
        company = action.entity
        if self.waiting() is not company:
            raise IllegalAction(f"{company.name} has nothing to assign now", "assign")
        mech = assignments(self.game)
        for a in self.or_start_abilities(company):
            a.use()
        where = mech.hex_of.get(company.id)
        self.game.log(f"{company.name} stays assigned to {where.id if where else 'no hex'}")
        self.start_round()

    def start_round(self) -> None:
        """The wait at the round's start is over: the first company operates."""
        start: Any = getattr(self.round, "start_operating", None)
        if start is not None:
            start()
