"""Narrow, named errors: the caller knows what went wrong without parsing text.

Every illegal action raises :class:`IllegalAction` (or a subclass) naming the
rule it breaks; the game is left exactly as it was before the action.
"""

from __future__ import annotations


class GameError(Exception):
    """Something went wrong while playing a game."""

    rule = "game"

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        if rule is not None:
            self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} [rule: {self.rule}]"


class IllegalAction(GameError):
    """An action the rules do not allow now."""

    rule = "illegal action"


class NotYourTurn(IllegalAction):
    rule = "turn order"


class InsufficientFunds(IllegalAction):
    rule = "money"


class RouteError(IllegalAction):
    rule = "routes"


class ActionFormatError(GameError):
    """An action that is not well formed (unknown type, missing field, unknown id)."""

    rule = "action format"


class GameOver(IllegalAction):
    rule = "game over"
