"""Chat messages and programmed actions: recorded, never blocking, no effect on the rules."""

from __future__ import annotations

from typing import Any

from ..actions import PROGRAM_TYPES
from .base import Step


class MessageStep(Step):
    def actions(self, entity: Any) -> list[str]:
        return ["message", "log"] if entity.is_player() else []

    def process_message(self, action: Any) -> None:
        pass

    def process_log(self, action: Any) -> None:
        pass

    def skip(self) -> None:
        pass

    def pass_(self) -> None:
        pass

    def unpass(self) -> None:
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

    def blocks(self) -> bool:
        return False
