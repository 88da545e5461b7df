"""Steps every round has: ending the game by agreement, chat messages and programmed
actions. None of them blocks; only the first changes the game."""

from __future__ import annotations

from typing import Any

from railbook.engine.actions import PROGRAM_TYPES
from railbook.engine.rules.game_end import end_game
from railbook.engine.steps.base import Step


def with_bystanders(steps: list[Any]) -> list[Any]:
    """A round's steps with the ones every round has in front: ending the game by agreement,
    chat messages and programmed actions."""
    return [EndGameStep, MessageStep, ProgramStep] + list(steps)


class Bystander(Step):
    """A step that takes no turn: skipping or passing the round leaves it as it is."""

    def skip(self) -> None:
        pass

    def pass_(self) -> None:
        pass

    def unpass(self) -> None:
        pass


class EndGameStep(Bystander):
    """The players may end a game early by agreement (18xx.games' "end game" button, which
    any player may press): the game is over and the scores are what the players hold now."""

    def actions(self, entity: Any) -> list[str]:
        return [] if entity.is_company() else ["end_game"]

    def process_end_game(self, action: Any) -> None:
        self.game.log(f"Game ended manually by {action.entity.name}")
        end_game(self.game, "manually_ended")

    blocks = Step.never_blocks


class MessageStep(Bystander):
    def actions(self, entity: Any) -> list[str]:
        return ["message", "log"] if entity.is_player() else []

    def process_message(self, action: Any) -> None:
        pass

    def process_log(self, action: Any) -> None:
        pass

    def blocks(self) -> bool:
        return self.game.finished


class ProgramStep(Step):
    """Programmed actions (auto-buy, auto-pass) only schedule future actions; logs record
    the actions they produce, so enabling or disabling one changes no state."""

    def actions(self, entity: Any) -> list[str]:
        return sorted(PROGRAM_TYPES) if entity.is_player() else []

    def __getattr__(self, name: str) -> Any:
        if name.startswith("process_program_"):
            return lambda action: None
        raise AttributeError(name)

    def skip(self) -> None:
        pass

    blocks = Step.never_blocks
