"""Rounds compose steps: the first active, blocking step decides who acts and how.

A step *blocks* when the round cannot go on until it is done; non-blocking
steps (exchanges, private abilities, programs) can act in between. This is
the proven shape of 18xx engines: rounds own the turn order, steps own the
rules of one kind of action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from railbook.engine.legal import LegalAction
from railbook.errors import GameOver, IllegalAction, NotYourTurn

if TYPE_CHECKING:
    from railbook.engine.actions import Action
    from railbook.engine.state import GameState


class Step(Protocol):
    """What a round asks of each of its steps (the steps themselves: :mod:`railbook.engine.steps`)."""

    acted: bool
    passed: bool

    def setup(self) -> None: ...

    def active(self) -> bool: ...

    def blocks(self) -> bool: ...

    def blocking(self) -> bool: ...

    def may_offer(self, kind: str) -> bool: ...

    def offers(self, entity: Any, kind: str) -> bool: ...

    def actions(self, entity: Any) -> list[str]: ...

    def active_entities(self) -> list[Any]: ...

    def current_entity(self) -> Any: ...

    def description(self) -> str: ...

    def skip(self) -> None: ...

    def pass_(self) -> None: ...

    def unpass(self) -> None: ...

    def auto_actions(self, entity: Any) -> list[dict[str, Any]]: ...

    def legal_actions(self, entity: Any) -> list[LegalAction]: ...

    def listing(self, entity: Any) -> list[LegalAction]: ...


class Round:
    kind = "round"
    name = "Round"
    short_name = "R"

    def __init__(self, game: "GameState", steps: list[Any], round_num: int = 1):
        self.game = game
        self.entity_index = 0
        self.round_num = round_num
        self.last_to_act: Any = None
        self.pass_order: list[Any] = []
        self.at_start = True
        self.current_operator: Any = None          # operating: the corporation whose turn it is
        self.current_operator_acted = False
        self.entities = self.select_entities()
        self._active_step: Step | None = None
        # what the steps of a round share (each step reads and writes its own part)
        self.players_sold: dict[Any, dict[Any, str]] = {}     # stock: player -> corporation -> "now"/"prev"
        self.players_bought: dict[Any, dict[Any, int]] = {}   # stock: player -> corporation -> percent bought
        self.players_history: dict[Any, dict[Any, list[Any]]] = {}
        self.current_actions: list[Any] = []                  # the actions of the turn in play
        self.bought_from_ipo = False
        self.companies_pending_par: list[Any] = []            # privates whose buyer must par their corporation
        self.just_sold_company: Any = None
        self.company_sellers: dict[Any, Any] = {}
        self.num_laid_track = 0                               # track: the turn's lays and upgrades so far
        self.num_upgraded_track = 0
        self.upgraded_track = False
        self.laid_city = False                                # track: a tile with a city laid this turn
        self.laid_hexes: list[Any] = []
        self.pending_tokens: list[dict[str, Any]] = []        # home tokens waiting for their city
        self.pending_home_tracks: list[Any] = []              # stock: corporations to lay their home's first tile
        self.tokened = False
        self.teleported: Any = None
        self.teleport_tokener: Any = None
        self.routes: list[Any] = []                           # routes: the trains' runs and what they earn
        self.route_revenues: list[int] = []
        self.extra_revenue = 0
        self.run_bonus = 0                      # the run_bonus hook's amount for the whole run
        self.subsidy = 0                        # what the run's halts pay the corporation beside its revenue
        self.trade_ins_this_turn = 0
        self.treasury_traded: Any = None
        self.steps: list[Step] = []
        # per action kind: the steps that may take it or block, each with whether it may take it
        self._takers: dict[str, list[tuple["Step", bool]]] = {}
        for spec in steps:
            cls, opts = (spec if isinstance(spec, tuple) else (spec, {}))
            step = cls(game, self, **opts)
            step.setup()
            self.steps.append(step)
        self.watchers = [s for s in self.steps if hasattr(s, "after_action")]
        # the steps that may block: only these are asked who acts (the others never hold the round up)
        self.blockers = [s for s in self.steps if type(s).blocks is not getattr(type(s), "never_blocks", None)]

    # -- what rounds are
    def operating(self) -> bool:
        return False

    def stock(self) -> bool:
        return False

    def auction(self) -> bool:
        return False

    def select_entities(self) -> list[Any]:
        raise NotImplementedError

    def setup(self) -> None:
        pass

    # -- who acts
    @property
    def current_entity(self) -> Any:
        ents = self.active_entities()
        return ents[0] if ents else None

    def active_entities(self) -> list[Any]:
        step = self.active_step()
        return step.active_entities() if step is not None else []

    def active_step(self, entity: Any = None) -> "Step | None":
        if entity is not None:
            for step in self.steps:
                if step.active() and (entity.is_company() or step.blocking()) and step.actions(entity):
                    return step
            return None
        if self._active_step is None:
            for s in self.blockers:
                if s.active() and s.blocking():
                    self._active_step = s
                    break
        return self._active_step

    def clear_cache(self) -> None:
        self._active_step = None

    def finished(self) -> bool:
        return self.active_step() is None

    def actions_for(self, entity: Any) -> list[str]:
        out: list[str] = []
        if entity is None:
            return out
        for step in self.steps:
            if not step.active():
                continue
            for a in step.actions(entity):
                if a not in out:
                    out.append(a)
            if step.blocking():
                break
        return out

    def legal_actions(self, entity: Any) -> list[LegalAction]:
        """The entity's legal actions, step by step as ``process_action`` would take them: an action
        goes to the first step that offers its kind, so a later step's actions of that kind are not
        reachable; none after the first blocking step."""
        out: list[LegalAction] = []
        if entity is None:
            return out
        claimed: set[str] = set()
        for step in self.steps:
            if not step.active():
                continue
            kinds = step.actions(entity)
            if kinds:
                out.extend(a for a in step.listing(entity) if a.type not in claimed)
                claimed.update(kinds)
            if step.blocking():
                break
        return out

    # -- processing
    def process_action(self, action: "Action") -> None:
        kind = action.type
        self.clear_cache()
        if self.game.finished and kind != "message":
            raise GameOver(f"the game is over; {kind} is not possible", "game over")
        self.before_process(action)
        chosen = None
        # only a step that may offer the kind can take it; asking the others what they allow (some
        # look at the route graph) would be wasted work. Which may is known per kind (the steps are fixed)
        takers = self._takers.get(kind)
        if takers is None:
            # a step that can neither take the kind nor hold the round up is passed over unasked
            blockers = set(self.blockers)
            takers = self._takers[kind] = [(step, may) for step in self.steps
                                           if (may := step.may_offer(kind)) or step in blockers]
        for step, may in takers:
            if not step.active():
                continue
            if may and step.offers(action.entity, kind):
                chosen = step
                break
            if step.blocking():
                reason = self.refusal(action)
                if reason is not None:
                    raise reason
                who = self.game.describe_entity(step.current_entity())
                allowed = ", ".join(step.actions(step.current_entity()) or []) or "nothing"
                raise NotYourTurn(
                    f"{self.game.describe_entity(action.entity)} cannot {kind.replace('_', ' ')} now: it is "
                    f"{who}'s turn to {step.description().lower()} ({allowed})")
        if chosen is None:
            raise NotYourTurn(f"no step accepts {kind.replace('_', ' ')} from "
                                f"{self.game.describe_entity(action.entity)} now")
        chosen.acted = True
        handler = getattr(chosen, f"process_{kind}", None)
        if handler is None:  # pragma: no cover - steps list only what they process
            raise NotYourTurn(f"{kind} is not possible in {chosen.description()}")
        handler(action)
        self.at_start = False
        self.after_process_before_skip(action)
        self.skip_steps()
        self.after_process(action)

    def before_process(self, action: "Action") -> None:
        pass

    def refusal(self, action: "Action") -> IllegalAction | None:
        """The specific rule an action breaks, asked of every step that knows the action type."""
        for step in self.steps:
            explain = getattr(step, "refusal", None)
            if explain is None or not hasattr(step, f"process_{action.type}"):
                continue
            reason = explain(action)
            if reason is not None:
                return reason
        return None

    def after_process_before_skip(self, action: "Action") -> None:
        """Steps that watch the turn (``after_action``) see each action before steps are skipped."""
        for step in self.watchers:
            step.after_action(action)

    def after_process(self, action: "Action") -> None:
        pass

    def after_closing(self) -> None:
        """Corporations closed after an action: a round whose entity in turn may have nothing left
        to do moves on."""

    def skip_steps(self) -> None:
        """Skip every step before the first that blocks (one with nothing to do passes).

        The step found is the active step, and it is kept: asking every step again whether it
        blocks is what costs most in a replay. After a skip it is kept only where every step
        before it is now plainly out of the way (passed, or not blocking): ``active_step`` would
        come to it past those without asking what they offer, and it has just said it blocks."""
        self.clear_cache()
        skipped = False
        ent_closed = self._entity_closed()   # asked again only after a skip (which may move the turn on)
        blockers = self.blockers
        for index, step in enumerate(blockers):
            if not step.active() or not step.blocks():
                continue
            if ent_closed:
                skipped = True  # the step is passed over, not asked: it is not known to be active
                continue
            if step.blocking():
                if not skipped or all(not s.active() or not s.blocks() for s in blockers[:index]):
                    self._active_step = step
                return
            step.skip()
            skipped = True
            ent_closed = self._entity_closed()
        self.clear_cache()

    def _entity_closed(self) -> bool:
        ents = self.entities
        ent = ents[self.entity_index] if ents and self.entity_index < len(ents) else None
        return ent is not None and bool(getattr(ent, "closed", False))

    def auto_actions(self) -> list[dict[str, Any]]:
        step = self.active_step(self.current_entity) if self.current_entity is not None else None
        return step.auto_actions(self.current_entity) if step is not None else []

    # -- turn order
    def next_entity_index(self) -> None:
        self.entity_index = (self.entity_index + 1) % len(self.entities) if self.entities else 0

    def reset_entity_index(self) -> None:
        self.entity_index = 0

    def goto_entity(self, entity: Any) -> None:
        self.entity_index = self.entities.index(entity)
