"""Discarding trains: a corporation over its train limit (after a phase lowers it, or a train bought
from another corporation) gives trains back to the depot, one at a time, until it is within."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, simple
from railbook.engine.rules.trains import crowded_corps
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action


class DiscardTrainStep(Step):
    def description(self) -> str:
        return "Discard Trains"

    turn_of: Any = None          # own_turn discards: the operator whose turn the step last saw begin,
    turn_crowded: bool = False   # and whether it was over its limit then (or after its last discard)

    def crowded(self) -> list[Any]:
        """Who must discard now: every company over its limit, or (``operating_round.discard_excess_trains:
        own_turn``) only the operator, and only if it was over its limit as its turn began."""
        crowded = crowded_corps(self.game)
        if self.game.rules.operating_round.discard_excess_trains != "own_turn":
            return crowded
        operator = getattr(self.round, "current_operator", None)
        if operator is not self.turn_of:
            self.turn_of, self.turn_crowded = operator, operator in crowded
        return [operator] if self.turn_crowded and operator in crowded else []

    def active(self) -> bool:
        return bool(self.crowded())

    def active_entities(self) -> list[Any]:
        return self.crowded()[:1]

    def actions(self, entity: Any) -> list[str]:
        return ["discard_train"] if entity in self.crowded() else []

    def refusal(self, action: "Action") -> IllegalAction | None:
        if action.type == "discard_train" and action.entity not in self.crowded():
            return IllegalAction(f"{action.entity.name} is not over its train limit", "discard train")
        return None

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        if not self.actions(entity):
            return []
        return [simple("discard_train", entity, train=t.id) for t in entity.trains]

    def process_discard_train(self, action: "Action") -> None:
        train = action.train
        if train.owner is not action.entity:
            raise IllegalAction(f"{action.entity.name} does not own {train.id}", "discard train")
        self.game.depot.reclaim_train(train)
        self.game.log(f"{action.entity.name} discards {train.name}")
        self.turn_crowded = action.entity in crowded_corps(self.game)
