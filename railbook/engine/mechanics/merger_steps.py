"""The steps of a merger round: the vote, and the discards a formed corporation may make."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.legal import LegalAction, fixing, simple
from railbook.engine.mechanics.mergers import MergerRound, mergers
from railbook.engine.rules.trains import train_limit
from railbook.engine.steps.base import Step
from railbook.errors import IllegalAction

if TYPE_CHECKING:
    from railbook.engine.actions import Action


VOTES = ("yes", "no")


def _pending(game: Any) -> list[Any]:
    return mergers(game).potential_discard


class MergerVoteStep(Step):
    """Each voter in turn says yes or no (a ``special_buy`` whose description is yes or no)."""

    round: MergerRound

    def description(self) -> str:
        state = self.round.target()
        return f"Vote on forming {state.corporation.name}" if state is not None else "Merger vote"

    def choice_available(self) -> bool:
        return bool(self.round.offering) or not self.round.done

    def active(self) -> bool:
        return self.choice_available()

    def blocking(self) -> bool:
        return self.choice_available()

    def actions(self, entity: Any) -> list[str]:
        if entity is None or entity.is_company() or not self.choice_available():
            return []
        state = self.round.target()
        voter = self.round.voter()
        if state is None or entity is not voter:
            return []
        if not self.round.candidates_for(voter) and voter.percent_of(state.corporation) <= 0:
            return []
        return ["special_buy"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Voting yes or no (a special buy that costs nothing, as 18xx.games records it)."""
        if not self.actions(entity):
            return []
        return [fixing("special_buy", entity, {"cost": 0}, description=choice) for choice in VOTES]

    def process_special_buy(self, action: "Action") -> None:
        choice = str(action.raw.get("description", "")).strip().lower()
        if choice not in VOTES:
            raise IllegalAction(f"a vote is yes or no, not {choice!r}", "merger vote")
        if action.raw.get("cost") not in (None, 0):
            raise IllegalAction("a vote costs nothing", "merger vote")
        self.round.handle_vote(choice)
        self.round.next_entity()


class DiscardAfterMergerStep(Step):
    """A corporation that got trains in a merger: its president discards any (down to the limit at least)."""

    def description(self) -> str:
        return "Discard Trains after the Merger"

    def active(self) -> bool:
        return bool(_pending(self.game))

    def blocking(self) -> bool:
        return self.active()

    def active_entities(self) -> list[Any]:
        return _pending(self.game)[:1]

    def over_limit(self, entity: Any) -> bool:
        return len(entity.trains) > train_limit(self.game, entity)

    def actions(self, entity: Any) -> list[str]:
        if entity is None or entity not in self.active_entities():
            return []
        return ["discard_train"] if self.over_limit(entity) else ["discard_train", "pass"]

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Discarding any of its trains; passing once it is within its limit."""
        kinds = self.actions(entity)
        out = [simple("discard_train", entity, train=t.id) for t in entity.trains] if "discard_train" in kinds else []
        return out + ([simple("pass", entity)] if "pass" in kinds else [])

    def process_discard_train(self, action: "Action") -> None:
        entity, train = action.entity, action.train
        if train.owner is not entity:
            raise IllegalAction(f"{entity.name} does not own {train.id}", "discard train")
        self.game.depot.reclaim_train(train)
        self.game.log(f"{entity.name} discards a {train.name} train")
        if not entity.trains:
            _pending(self.game).pop(0)

    def process_pass(self, action: "Action") -> None:
        entity = action.entity
        if self.over_limit(entity):
            raise IllegalAction(f"{entity.name} has more trains than its limit of {train_limit(self.game, entity)}",
                                "train limit")
        _pending(self.game).pop(0)
