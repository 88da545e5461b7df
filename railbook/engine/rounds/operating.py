"""The operating round: privates pay, then each floated corporation operates in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.rounds.base import Round
from railbook.engine.rules.corporations import (
    after_end_of_operating_turn,
    operating_order,
)
from railbook.engine.rules.privates import payout_companies
from railbook.engine.rules.shares import float_corporation
from railbook.engine.rules.tokens import place_home_token

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class OperatingRound(Round):
    kind = "operating"
    name = "Operating Round"
    short_name = "OR"

    def operating(self) -> bool:
        return True

    def select_entities(self) -> list[Any]:
        return operating_order(self.game, first=self.first_of_game())

    def first_of_game(self) -> bool:
        return self.game.turn == 1 and self.round_num == 1

    def setup(self) -> None:
        game = self.game
        self.current_operator = None
        game.hook("operating_round_start")
        payout_companies(game)
        if game.rules.operating_round.home_token == "operating_round":
            for e in self.entities:
                place_home_token(game, e)
        for e in self.entities:
            for t in e.trains:
                t.set_operated(False)
        for ent in list(game.corporations) + list(game.minors) + list(game.companies):
            for a in list(getattr(ent, "abilities", [])):
                a.count_this_or = 0
                if a.used and not a.spec.use_across_ors and hasattr(ent, "remove_ability"):
                    ent.remove_ability(a)           # used in an earlier round: what is left is lost
        if self.any_to_act() and not self.held_at_start():
            self.start_operating()

    def held_at_start(self) -> bool:
        """A step waits for someone before the first company operates (it starts the round itself)."""
        for s in self.steps:
            holds = getattr(s, "holds_round_start", None)
            if holds is not None and holds():
                return True
        return False

    def any_to_act(self) -> bool:
        for e in self.entities:
            if not self.skip_entity(e):
                return True
        return False

    def skip_entity(self, entity: Any) -> bool:
        return entity.closed

    def after_process(self, action: "Action") -> None:
        if action.type == "message":
            return
        ent_corp = action.entity.corporation if hasattr(action.entity, "corporation") else None
        if ent_corp is not None and ent_corp is self.current_operator:
            self.current_operator_acted = True
        if self.active_step() is not None:
            entity = self.entities[self.entity_index]
            if entity.owner is not None and (entity.owner.is_player() or entity.owner.is_share_pool()):
                return
        after_end_of_operating_turn(self.game, self.current_operator)
        if not self.game.finished:
            self.next_entity()

    def force_next_entity(self) -> None:
        for step in self.steps:
            step.pass_()
        self.next_entity()
        self.clear_cache()

    def next_entity(self) -> None:
        if self.entity_index == len(self.entities) - 1:
            return
        self.next_entity_index()
        if self.skip_entity(self.entities[self.entity_index]):
            return self.next_entity()
        for step in self.steps:
            step.unpass()
        for step in self.steps:
            step.setup()
        self.start_operating()

    def start_operating(self) -> None:
        entity = self.entities[self.entity_index]
        if self.skip_entity(entity):
            return self.next_entity()
        if getattr(entity, "float_on_operate", False) and not entity.floated_:
            if not entity.float_ready():
                self.game.log(f"{entity.name} failed to float and is skipped")
                return self.force_next_entity()
            entity.floated_ = True
            float_corporation(self.game, entity)
        self.current_operator = entity
        self.current_operator_acted = False
        self.game.log(f"{self.game.describe_entity(entity.owner)} operates {entity.name}")
        if self.game.rules.operating_round.home_token == "first_operation":
            place_home_token(self.game, entity)
        self.game.hook("operating_turn_start", entity)
        self.skip_steps()
        if not self.finished():
            return
        after_end_of_operating_turn(self.game, entity)
        self.next_entity()

    def recalculate_order(self) -> None:
        rest = self.entities[self.entity_index + 1:]
        self.entities = self.entities[: self.entity_index + 1] + \
            [e for e in operating_order(self.game, first=self.first_of_game()) if e in rest]

    def finished(self) -> bool:
        done = self.active_step() is None or not self.any_to_act()
        if done:
            self.current_operator = None
        return done
