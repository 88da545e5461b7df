"""The auction or starting package, the stock and operating rounds, and how a
game ends. Options are compared one by one, whatever options a title sets:
a new declarative option shows up in a diff without changing this module."""

from __future__ import annotations

from typing import Any

from railbook.diff.facts.base import FactSet
from railbook.diff.facts.board import city_splits
from railbook.diff.facts.defaults import state_defaults
from railbook.diff.facts.market import MOVEMENT_OPTIONS

# translations explain a rule to readers; they are not the rule
TEXT_KEYS = ("text", "texts")


def _named_items(value: Any) -> bool:
    return (isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "name" in v for v in value)
            and len({v["name"] for v in value}) == len(value))


def _untexted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _untexted(v) for k, v in value.items() if k not in TEXT_KEYS}
    if isinstance(value, list):
        return [_untexted(v) for v in value]
    return value


def flatten(out: FactSet, prefix: str, value: Any, skip: tuple[str, ...] = (), params: tuple[str, ...] = ()) -> None:
    """One fact per leaf option: ``prefix.option.sub_option``.

    Lists are leaves, except a list of named things (markers, say), which
    becomes one thing per name (``prefix.*``), so reordering it is no change.
    Translations (``text``) are left out: they explain a rule, they are not one.
    """
    if isinstance(value, dict):
        for k in value:
            if k in skip or k in TEXT_KEYS:
                continue
            flatten(out, f"{prefix}.{k}", value[k], params=params)
    elif _named_items(value):
        for item in value:
            out.entity(f"{prefix}.*", params + (item["name"],),
                       {k: v for k, v in _untexted(item).items() if k != "name"})
    else:
        out.add(prefix, _untexted(value), *params)


def auction(model: dict[str, Any], out: FactSet) -> None:
    """How the privates (or a starting package) reach the players."""
    t = model["title"]
    auction = dict(t.get("auction") or {"kind": "none"})
    # "default: the stock round's priority rule" (schema): who starts the first stock round
    auction.setdefault("next_priority", (t.get("stock_round") or {}).get("priority", "after_last_to_act"))
    flatten(out, "auction", auction)


def rounds(model: dict[str, Any], out: FactSet) -> None:
    """Stock round and operating round rules, and how many ORs follow each SR."""
    t = model["title"]
    stock = dict(t.get("stock_round") or {})
    between = stock.pop("privates_between_players", None)
    flatten(out, "rounds.stock_round", stock, skip=MOVEMENT_OPTIONS)
    if isinstance(between, dict):
        # the flag is a name the title picks; what matters is in which phases it is set
        flag = between.get("phase_flag")
        phases = [p["name"] for p in model.get("phases") or [] if flag and flag in (p.get("flags") or [])]
        out.add("rounds.stock_round.privates_between_players.phases", phases)
        if phases:
            flatten(out, "rounds.stock_round.privates_between_players", between, skip=("phase_flag",))
    operating = dict(t.get("operating_round") or {})
    steps = operating.pop("steps", None)
    if steps is not None:
        for step in steps:
            out.add("rounds.operating_round.steps.*", True, step)
        out.add("rounds.operating_round.step_order", list(steps))
    by_type = operating.pop("by_type", None) or {}
    for kind in sorted(by_type):
        # rules for one kind of company (minors, say): the kind is a name from the data
        flatten(out, "rounds.operating_round.by_type.*", by_type[kind], params=(kind,))
    lays = operating.pop("tile_lays", None)
    if lays is not None:
        out.add("rounds.operating_round.track_actions", len(lays))
        out.add("rounds.operating_round.tile_lays", lays)
    flatten(out, "rounds.operating_round", operating)
    moot = tuple(k for k, relevant in (
        ("rounds.operating_round.split_city_tokens", bool(city_splits(model))),
        ("rounds.operating_round.trade_ins_per_turn", any(t.get("trade_in") for t in model.get("trains") or [])),
    ) if not relevant)
    state_defaults(out, "rounds.operating_round", moot)
    out.add("rounds.operating_rounds", [p.get("operating_rounds") for p in model.get("phases") or []])


def game_end(model: dict[str, Any], out: FactSet) -> None:
    """What ends the game and when, and what bankruptcy does."""
    t = model["title"]
    triggers: dict[str, list[dict[str, Any]]] = {}
    for item in t.get("game_end") or []:
        rest = {k: v for k, v in item.items() if k != "trigger"}
        triggers.setdefault(str(item.get("trigger")), []).append(rest)
    for trigger in sorted(triggers):
        items = triggers[trigger]
        out.add("game_end.triggers.*", items[0] if len(items) == 1 else items, trigger)
    if t.get("bankruptcy") is not None:
        flatten(out, "game_end.bankruptcy", t["bankruptcy"])
