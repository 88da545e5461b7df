"""A step: one kind of rule in a round (bid, buy shares, lay track, run trains...).

A step lists the actions an entity may take now (``actions``), processes them
(``process_<type>``), and is *passed* once done for the current entity.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from railbook.engine.legal import LegalAction, is_move, simple, unlisted
from railbook.engine.points import Point

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.rounds.base import Round
    from railbook.engine.state import GameState


class Step:
    #: the only action kinds the step ever offers, where it declares them (empty: ask
    #: ``actions``); lets a round pass over a step whose ``actions`` are costly to compute
    ACTIONS: tuple[str, ...] = ()
    #: the extension points the step calls, where mechanics' rules act (``railbook explain`` lists them)
    POINTS: tuple[Point, ...] = ()

    def __init__(self, game: "GameState", round: "Round", **opts: Any):
        self.game = game
        self.round = round
        self.opts = opts
        self.acted = False
        self.passed = False

    # -- description
    def description(self) -> str:
        return type(self).__name__

    def pass_description(self) -> str:
        return "Pass"

    # -- state

    def setup(self) -> None:
        pass

    def active(self) -> bool:
        return not self.passed

    def blocks(self) -> bool:
        return True

    def never_blocks(self) -> bool:
        """``blocks`` of a step that never holds the round up (an ability used between turns, a
        message): a round knows it from the class and passes over the step without asking."""
        return False

    def blocking(self) -> bool:
        if not self.blocks():
            return False
        entity = self.current_entity()
        if entity is None or getattr(entity, "closed", False):
            return False
        return self.has_actions(entity)

    def has_actions(self, entity: Any) -> bool:
        """Whether ``actions(entity)`` is non-empty; steps with costly checks answer it faster."""
        return bool(self.actions(entity))

    def pass_(self) -> None:
        self.passed = True

    def unpass(self) -> None:
        self.passed = False
        self.acted = False

    def skip(self) -> None:
        self.pass_()

    # -- who acts
    def may_offer(self, kind: str) -> bool:
        """Whether the step could ever take an action of this kind (cheap, no state read:
        the answer depends on the class alone and is kept per class)."""
        known = type(self).__dict__.get("_may_offer")
        if known is None:
            known = {}
            setattr(type(self), "_may_offer", known)
        answer = known.get(kind)
        if answer is None:
            answer = known[kind] = (not self.ACTIONS or kind in self.ACTIONS) and hasattr(self, f"process_{kind}")
        return answer

    def offers(self, entity: Any, kind: str) -> bool:
        """Whether ``kind`` is among ``actions(entity)``; steps with costly checks answer faster."""
        return kind in self.actions(entity)

    def actions(self, entity: Any) -> list[str]:
        return []

    #: a subclass that changes what is legal (``actions``, a ``process_*`` or a ``can_*`` rule) but
    #: not ``legal_actions`` keeps its parent's listing only if it says the listing still holds
    LISTING_HOLDS = False

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """Every legal action of this step's kinds for the entity now. A step lists the details of
        the kinds it knows how to list; passing is always just passing."""
        return self.unlisted_actions(entity)

    def unlisted_actions(self, entity: Any) -> list[LegalAction]:
        """The kinds the step offers, details open (what a step that does not list them says)."""
        out = []
        for kind in self.actions(entity):
            if not is_move(kind):
                continue
            out.append(simple("pass", entity) if kind == "pass" else unlisted(kind, entity))
        return out

    def listing(self, entity: Any) -> list[LegalAction]:
        """``legal_actions``, where it is this step's own: a listing inherited past an override of
        the rules it lists would list by the parent's rules, so the kinds stay open instead."""
        return self.legal_actions(entity) if listing_holds(type(self)) else self.unlisted_actions(entity)

    def current_actions(self) -> list[str]:
        entity = self.current_entity()
        if entity is None or getattr(entity, "closed", False):
            return []
        return self.actions(entity)

    def current_entity(self) -> Any:
        ents = self.active_entities()
        return ents[0] if ents else None

    def active_entities(self) -> list[Any]:
        ents = self.round.entities
        if not ents:
            return []
        return [ents[self.round.entity_index]]

    def auto_actions(self, entity: Any) -> list[dict[str, Any]]:
        return []

    def process_pass(self, action: "Action") -> None:
        self.pass_()

    def log(self, text: str) -> None:
        self.game.log(text)


_LISTING_HOLDS: dict[type, bool] = {}


def listing_holds(cls: type) -> bool:
    """Whether the ``legal_actions`` a step class has lists by that class's rules."""
    known = _LISTING_HOLDS.get(cls)
    if known is None:
        known = True
        for k in cls.__mro__:
            if "legal_actions" in k.__dict__:
                break
            if k.__dict__.get("LISTING_HOLDS"):
                continue
            if any(name == "actions" or name.startswith(("process_", "can_")) for name in k.__dict__):
                known = False
                break
        _LISTING_HOLDS[cls] = known
    return known


@contextmanager
def cash_lent(giver: Any, taker: Any, amount: int) -> Iterator[None]:
    """Within the block, ``amount`` of the giver's cash is the taker's: a check judges an action as it
    would be judged once a mechanic has paid what it pays first (an owner's share of a train, a loan)."""
    if amount <= 0 or giver is None:
        yield
        return
    giver.cash -= amount
    taker.cash += amount
    try:
        yield
    finally:
        taker.cash -= amount
        giver.cash += amount
