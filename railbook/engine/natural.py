"""Actions as people write them: natural ids, read against the legal actions.

A player should not have to know that the 57 tile in the supply is ``"57-2"``, that
the 67 par cell is ``"67,5,6"`` or which certificate of the IPO is next. An action
written with natural values — a player's name as its entity, ``"tile": "57"``,
``"share_price": 67``, ``"city": "E5"``, ``"train": "3"``, ``"corporation": "PRR"``
with ``"from": "ipo"`` for a share — is read against the legal list: where exactly
one legal action agrees with everything it says, it is that action (with the values
it gives for ranged fields, like a bid's price). Where several agree it is refused as
ambiguous, naming what would tell them apart; where none agrees it goes to the rules
as written, which say what rule it breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from railbook.engine import actions as A
from railbook.engine.legal import LegalAction
from railbook.errors import ActionFormatError, GameError

if TYPE_CHECKING:
    from railbook.engine.game import Game

#: fields that say who acts and when, not what
_BOOKKEEPING = {"type", "entity", "entity_type", "id", "created_at", "user", "auto_actions"}


def read_entity(game: "Game", d: dict[str, Any]) -> dict[str, Any]:
    """The action with its entity named by id: a player's name, or a corporation, private or minor
    by its id in any case; without an entity, whoever is to act."""
    out = dict(d)
    if "entity" not in out:
        entity = game.current_entity
        if entity is None:
            raise ActionFormatError("nobody is to act now")
        out.update(_actor(entity))
        return out
    name = str(out["entity"])
    if "entity_type" in out:
        try:
            A.resolve_entity(game, out)
            return out
        except GameError:
            pass
    for p in game.players:
        if str(p.id) == name or p.name.lower() == name.lower():
            return {**out, "entity": p.id, "entity_type": "player"}
    for c in list(game.corporations) + list(game.minors):
        if str(c.id).lower() == name.lower():
            return {**out, "entity": c.id, "entity_type": "minor" if c.is_minor() else "corporation"}
    for company in game.companies:
        if str(company.id).lower() == name.lower() or company.name.lower() == name.lower():
            return {**out, "entity": company.id, "entity_type": "company"}
    raise ActionFormatError(f"no player, corporation or private is called {name!r}")


def _actor(entity: Any) -> dict[str, Any]:
    from railbook.engine.legal import actor

    return actor(entity)


def _text(value: Any) -> str:
    return str(value).strip().lower()


def _agrees(game: "Game", key: str, given: Any, listed: LegalAction) -> bool:
    """Whether a value the player wrote for ``key`` says the same as the listed action."""
    a = listed.action
    if key in listed.ranges:
        return given in listed.ranges[key]
    if key in listed.open:
        return True
    value = a.get(key)
    if value == given or (value is not None and _text(value) == _text(given)):
        return True
    check = _NATURAL.get(key)
    return check is not None and check(game, given, a)


def _tile(game: "Game", given: Any, a: Any) -> bool:
    tile = game.tile_by_id(a.get("tile"))
    return tile is not None and _text(tile.name) == _text(given)


def _share_price(game: "Game", given: Any, a: Any) -> bool:
    return _text(str(a.get("share_price", "")).split(",")[0]) == _text(given)


def _city(game: "Game", given: Any, a: Any) -> bool:
    city = game.city_by_id(a.get("city"))
    hex_ = city.tile.hex if city is not None else None
    return hex_ is not None and _text(hex_.id) == _text(given)


def _train(game: "Game", given: Any, a: Any) -> bool:
    train = game.train_by_id(a.get("train"))
    return train is not None and _text(train.name) == _text(given)


def _exchange(game: "Game", given: Any, a: Any) -> bool:
    train = game.train_by_id(a.get("exchange"))
    return train is not None and _text(train.name) == _text(given)


def _shares(game: "Game", given: Any, a: Any) -> bool:
    listed = [game.share_by_id(s) for s in a.get("shares") or []]
    if not listed or any(s is None for s in listed):
        return False
    names = [given] if isinstance(given, str) else list(given or [])
    return sorted(map(_text, names)) == sorted(_text(s.corporation.id) for s in listed if s is not None) \
        or sorted(map(_text, names)) == sorted(_text(s.id) for s in listed if s is not None)


def _choice(game: "Game", given: Any, a: Any) -> bool:
    text = str(a.get("choice", ""))
    inner = text[text.rfind("(") + 1:text.rfind(")")] if "(" in text else text
    return _text(inner) == _text(given)


_NATURAL: dict[str, Callable[["Game", Any, Any], bool]] = {
    "tile": _tile, "share_price": _share_price, "city": _city, "train": _train, "exchange": _exchange,
    "shares": _shares, "choice": _choice,
}

#: fields a player may write that a listed action says another way
_ABOUT = {
    "corporation": lambda game, a: _bundle_corporation(game, a),
    "from": lambda game, a: _bundle_source(game, a),
}


def _bundle_corporation(game: "Game", a: Any) -> str | None:
    shares = [game.share_by_id(s) for s in a.get("shares") or []]
    return str(shares[0].corporation.id) if shares and shares[0] is not None else a.get("corporation")


def _bundle_source(game: "Game", a: Any) -> str | None:
    shares = [game.share_by_id(s) for s in a.get("shares") or []]
    if not shares or shares[0] is None:
        return None
    owner = shares[0].owner
    return "pool" if owner.is_share_pool() else "ipo" if owner is shares[0].corporation.ipo_owner else str(owner.id)


def read(game: "Game", d: dict[str, Any]) -> dict[str, Any]:
    """The action as the engine takes it: natural values read against the legal list (see the module)."""
    if not isinstance(d, dict):
        raise ActionFormatError("an action is a JSON object")
    if "type" not in d:
        raise ActionFormatError("an action names its 'type' (railbook show lists the legal ones)")
    d = read_entity(game, d)
    if game.find_legal(d) is not None:
        return d
    entity = A.resolve_entity(game, d)
    said = {k: v for k, v in d.items() if k not in _BOOKKEEPING}
    found = []
    for listed in game.legal_actions(entity):
        if listed.type != d["type"]:
            continue
        ok = True
        for key, value in said.items():
            about = _ABOUT.get(key)
            if key not in listed.action and about is not None and listed.action.get("shares"):
                ok = _text(about(game, listed.action)) == _text(value)
            else:
                ok = _agrees(game, key, value, listed)
            if not ok:
                break
        if ok:
            found.append(listed)
    if len(found) == 1:
        listed = found[0]
        out = {**listed.action, **{k: v for k, v in d.items() if k in listed.ranges or k in listed.open}}
        return {**out, **{k: d[k] for k in ("id", "created_at") if k in d}}
    if len(found) > 1:
        differ = sorted({k for la in found for k in la.action
                         if k not in _BOOKKEEPING and any(la.action.get(k) != o.action.get(k) for o in found)})
        raise ActionFormatError(f"{len(found)} legal actions fit that {d['type']}; say which with "
                                f"{', '.join(differ) or 'more fields'} (railbook show lists them)")
    return d  # nothing legal fits: the rules will say why
