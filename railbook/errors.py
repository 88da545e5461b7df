"""One hierarchy of errors, so that a library user can catch exactly what they mean.

::

    RailbookError
    ├── TitleError            a title that does not load or compile; carries every located problem
    ├── LogError              a recorded game (an 18xx.games export, a Rails report) that cannot be read
    ├── DocsError             a rules summary or site that cannot be written as asked
    ├── SaveError             a game that cannot be saved as asked (no such folder, a game already there, locked)
    ├── StudyError            a balance study that cannot be run or reported as asked
    └── GameError             a game that cannot be set up or played as asked (.rule names the rule)
        ├── ActionError       an action refused; the game is left exactly as it was
        │   ├── ActionFormatError   not well formed: unknown type, missing field, unknown id
        │   └── IllegalAction       well formed, but the rules do not allow it now
        │       ├── NotYourTurn, InsufficientFunds, RouteError, GameOver
        ├── HookError         a title's rule hook failed as it ran: over its budget, or dividing by zero
        └── EngineError       a fault of the engine itself while processing (the game is rolled back)

Every error's text is a sentence a person can act on; ``rule`` (on game errors) is the
name of the rule that refused, for tools and tests to match without parsing the text.
"""

from __future__ import annotations

from railbook.problems import Problems


class RailbookError(Exception):
    """Anything railbook refuses or cannot do, with a message a person can act on."""


class TitleError(RailbookError):
    """A title cannot be compiled: ``problems`` holds every problem found, located."""

    def __init__(self, problems: Problems):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class LogError(RailbookError):
    """A recorded game or report cannot be read (malformed, not of a known kind, missing)."""


class DocsError(RailbookError):
    """A rules summary, site or matrix cannot be written as asked (``problems``: the title's, if
    it does not check)."""

    def __init__(self, message: str, problems: Problems | None = None):
        super().__init__(message)
        self.problems = problems


class SaveError(RailbookError):
    """A game cannot be saved as asked: its folder is missing, a game exists there (``new`` without
    ``--force``), or another process holds it too long. Nothing was written."""


class StudyError(RailbookError):
    """A balance study cannot be run or reported as asked (a bad --set, an unknown bot, a results
    file of another study or of another railbook)."""


class GameError(RailbookError):
    """Something went wrong setting up or playing a game; ``rule`` names the rule concerned."""

    rule = "game"

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        if rule is not None:
            self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} [rule: {self.rule}]"


class ActionError(GameError):
    """An action was refused; the game is exactly as it was before it."""

    rule = "action"


class ActionFormatError(ActionError):
    """An action that is not well formed (unknown type, missing field, unknown id)."""

    rule = "action format"


class IllegalAction(ActionError):
    """An action the rules do not allow now."""

    rule = "illegal action"


class NotYourTurn(IllegalAction):
    """The action's entity may not act now (it is someone else's turn, or no step takes it)."""

    rule = "turn order"


class InsufficientFunds(IllegalAction):
    rule = "money"


class RouteError(IllegalAction):
    rule = "routes"


class GameOver(IllegalAction):
    rule = "game over"


class HookError(GameError):
    """A title's rule hook failed as it ran (it took more steps than its budget, made a value too
    large, divided by zero, indexed past a list's end); the message names the hook and its line.
    The game is rolled back, as for any refused action."""

    rule = "rule hook"


class EngineError(GameError):
    """The engine failed while processing an action (a fault of railbook, not of the action);
    the game was rolled back to where it was."""

    rule = "engine"
