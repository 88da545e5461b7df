"""Events a train or phase fires: the engine's own (``close_privates``, ``close_minors``), corporations that
become available on one, and whatever mechanics and the title's hooks do on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.rules.abilities import right_owner
from railbook.engine.rules.corporations import close_corporation, make_available

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def fire_event(game: "GameState", event: str) -> None:
    if event == "close_minors":
        game.log("-- Event: minors close --")
        for minor in list(game.minors):
            close_corporation(game, minor)
        return
    if event == "close_privates":
        game.log("-- Event: private companies close --")
        future = [p.name for p in game.phase.future()]
        for c in game.companies:
            keep = any(a.type == "close" and ((a.on == "phase" and a.spec.phase in future) or a.on == "never")
                       and right_owner(a) for a in c.abilities)
            if not keep and not c.closed:
                c.close()
        return
    for corp in list(game.waiting_corporations):
        if corp.definition.available_on == event:
            make_available(game, corp)
    for m in game.mechanics:
        m.on_event(event)
    fn = game.title.event_hook(event)
    if fn is not None:
        game.api.run(fn)
