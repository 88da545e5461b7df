"""The effects a rule hook may cause (railbook/dsl/api.py lists them): move a share price, pay
between any two of the players, corporations and the bank, place, lift or move a station, end the
step or the turn in play, withdraw or offer an action, seat the players anew.

Each is told the line it was called from and counts against the hook call's budget of effects
(railbook/dsl/limits.py); one that cannot be done raises a HookError naming the hook and the line,
so the action that set the hook off is refused and the game rebuilt as it was (an effect changes
only the game's own state, which the rebuild replaces).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from railbook.dsl import limits as budget
from railbook.dsl.api import BANK, CHOICES
from railbook.engine.rules.shares import log_share_price
from railbook.errors import GameError, HookError

if TYPE_CHECKING:
    from railbook.engine.state import GameState


#: a compiled hook: called with the hook API and the hook point's arguments
Hook = Callable[..., Any]
#: the docstring the code generator gives every hook: where it is and what it is
_DOC_LINE = re.compile(r"rules\.hooks line (\d+): (.*)")


class Effects:
    """The effects, and what locates a hook's error; :class:`railbook.engine.hooks.api.HookAPI` is
    the whole API."""

    game: "GameState"
    _effects: int            # effects the running hook call has caused
    _running: list[Hook]     # the hook calls under way (a hook may set off another)
    withheld: dict[Any, set[str]]   # action kinds withdraw_action took from an entity, in withheld_round
    withheld_round: Any

    def _effect(self, line: int, name: str) -> None:
        """One more effect of the hook call under way, counted against its budget."""
        self._effects += 1
        if self._effects > budget.EFFECTS:
            self._refuse(line, f"caused more than {budget.EFFECTS} effects, its budget: a rule hook must "
                               f"finish quickly ({name} was the one too many)")

    def _refuse(self, line: int, what: str) -> NoReturn:
        """An effect that cannot be done: a HookError naming the hook and the line, so the action that set
        it off is refused and the game stays as it was."""
        fn = self._running[-1] if self._running else None
        raise HookError(f"{self._where(fn, line)}: the hook {self._label(fn)} {what}")

    def _where(self, fn: Hook | None, line: int | None = None) -> str:
        if line is None:
            m = _DOC_LINE.match((fn.__doc__ or "") if fn is not None else "")
            line = int(m.group(1)) if m else 1
        return f"{self.game.title.id}/rules.hooks:{line}"

    @staticmethod
    def _label(fn: Hook | None) -> str:
        m = _DOC_LINE.match((fn.__doc__ or "") if fn is not None else "")
        return f"'{m.group(2)}'" if m else "(unknown)"

    def _corp(self, value: Any) -> Any:
        if isinstance(value, str):
            corp = self.game.corporation_by_id(value)
            if corp is None:
                raise GameError(f"rule hook names unknown corporation {value!r}", "title rule")
            return corp
        return value

    # -- effects (railbook/dsl/api.py: each is told its line; each counts against the hook call's budget)
    def entity(self, value: Any) -> Any:
        """Who pays or is paid: "bank", a corporation's symbol, or a player or corporation."""
        if value == BANK:
            return self.game.bank
        return self._corp(value)

    def move_price(self, corp: Any, direction: str, n: int, line: int) -> None:
        self._effect(line, "move_price")
        corp = self._corp(corp)
        if direction not in CHOICES["Direction"]:
            self._refuse(line, f"moved a share price {direction!r}: a price moves 'up', 'down', 'left' or 'right'")
        if n < 0:
            self._refuse(line, f"moved a share price {n} cells: the count is 0 or more")
        if corp.share_price is None:
            self._refuse(line, f"moved {corp.name}'s share price, but it has none")
        market = self.game.stock_market
        move = {"up": market.move_up, "down": market.move_down, "left": market.move_left,
                "right": market.move_right}[direction]
        old = corp.share_price
        for _ in range(min(int(n), budget.STEPS)):
            move(corp)
        log_share_price(self.game, corp, old)

    def pay(self, payer: Any, payee: Any, amount: int, line: int) -> None:
        self._effect(line, "pay")
        payer, payee = self._parties(payer, payee, amount, line)
        if payer is not self.game.bank and payer.cash < amount:
            self._refuse(line, f"made {payer.name} pay {self.game.format_money(amount)}, but it has "
                               f"{self.game.format_money(payer.cash)} (pay_up_to pays what there is)")
        self._transfer(payer, payee, int(amount))

    def pay_up_to(self, payer: Any, payee: Any, amount: int, line: int) -> int:
        self._effect(line, "pay_up_to")
        payer, payee = self._parties(payer, payee, amount, line)
        paid = int(amount) if payer is self.game.bank else max(0, min(int(amount), payer.cash))
        self._transfer(payer, payee, paid)
        return paid

    def _parties(self, payer: Any, payee: Any, amount: int, line: int) -> tuple[Any, Any]:
        payer, payee = self.entity(payer), self.entity(payee)
        for party in (payer, payee):
            if not (party is self.game.bank or party.is_player() or party.is_corporation()):
                self._refuse(line, f"named {self.game.describe_entity(party)} to pay or be paid: only a player, "
                                   f"a corporation or \"bank\" may")
        if payer is payee:
            self._refuse(line, f"made {payer.name} pay itself")
        if amount < 0:
            self._refuse(line, f"paid {amount}: an amount is 0 or more (swap the two to pay the other way)")
        return payer, payee

    def _transfer(self, payer: Any, payee: Any, amount: int) -> None:
        if amount == 0:
            return
        payer.spend(amount, payee, check_cash=payer is self.game.bank)  # the bank breaks rather than refuse
        self.game.log(f"{payer.name} pays {self.game.format_money(amount)} to {payee.name}")

    def _hex(self, hex_id: Any, line: int) -> Any:
        h = self.game.hex_by_id(str(hex_id))
        if h is None:
            self._refuse(line, f"names unknown hex {hex_id!r}")
        return h

    def _city(self, hex_: Any, n: int, line: int) -> Any:
        cities = hex_.tile.cities
        if not 0 <= n < len(cities):
            self._refuse(line, f"named city {n} of {hex_.id}, which has {len(cities)} "
                               f"(cities are counted from 0)")
        return cities[n]

    def _lifted(self, corp: Any, hex_: Any) -> dict[str, Any] | None:
        """The corporation's station lifted from the hex and waiting for its city, if any."""
        return next((p for p in self.game.round.pending_tokens
                     if p["token"].corporation is corp and hex_ in p["hexes"] and not p["token"].used), None)

    def _put(self, corp: Any, token: Any, city: Any, lifted: dict[str, Any] | None, line: int) -> None:
        error = city.tokenable_error(corp, free=True, tokens=[token])
        if error is not None:
            self._refuse(line, f"placed a station of {corp.name} on {city.hex.id} where it may not go "
                               f"({error.replace('_', ' ')})")
        city.exchange_token(token)
        if corp in city.tile.reservations:
            city.tile.reservations.remove(corp)
        city.remove_reservation(corp)
        if lifted is not None:
            self.game.round.pending_tokens.remove(lifted)
            self.game.round.clear_cache()
        self.game.graph.clear()

    def place_station(self, corp: Any, hex_id: Any, n: int, line: int) -> None:
        self._effect(line, "place_station")
        corp = self._corp(corp)
        hex_ = self._hex(hex_id, line)
        city = self._city(hex_, int(n), line)
        lifted = self._lifted(corp, hex_)
        waiting = [p["token"] for p in self.game.round.pending_tokens]   # lifted elsewhere: placed by their choice
        token = lifted["token"] if lifted is not None else \
            next((t for t in corp.tokens if not t.used and t.type == "normal" and t not in waiting), None)
        if token is None:
            self._refuse(line, f"placed a station of {corp.name}, which has none left")
        self._put(corp, token, city, lifted, line)
        self.game.log(f"{corp.name} places a station on {hex_.id}")

    def lift_station(self, corp: Any, hex_id: Any, line: int) -> None:
        self._effect(line, "lift_station")
        corp = self._corp(corp)
        hex_ = self._hex(hex_id, line)
        token = next((t for t in corp.tokens if t.used and t.hex is hex_), None)
        if token is None:
            self._refuse(line, f"lifted a station of {corp.name} from {hex_.id}, where it has none")
        token.remove()
        self.game.graph.clear()
        self.game.log(f"{corp.name}'s station is lifted from {hex_.id}")

    def move_station(self, corp: Any, hex_id: Any, n: int, line: int) -> None:
        self._effect(line, "move_station")
        corp = self._corp(corp)
        hex_ = self._hex(hex_id, line)
        city = self._city(hex_, int(n), line)
        lifted = self._lifted(corp, hex_)
        token = lifted["token"] if lifted is not None else \
            next((t for t in corp.tokens if t.used and t.hex is hex_), None)
        if token is None:
            self._refuse(line, f"moved a station of {corp.name} in {hex_.id}, where it has none")
        if token.city is city:
            return
        token.remove()
        self._put(corp, token, city, lifted, line)

    def end_step(self, line: int) -> None:
        self._effect(line, "end_step")
        step = self.game.round.active_step()
        if step is not None:
            step.pass_()
        self.game.round.clear_cache()

    def end_turn(self, line: int) -> None:
        self._effect(line, "end_turn")
        for step in self.game.round.steps:
            step.pass_()
        self.game.round.clear_cache()

    def _in_turn(self, line: int, name: str) -> Any:
        entity = self.game.round.current_entity
        if entity is None:
            self._refuse(line, f"called {name} when nobody is in turn")
        if self.withheld_round is not self.game.round:
            self.withheld, self.withheld_round = {}, self.game.round
        return entity

    def withdraw_action(self, kind: str, line: int) -> None:
        self._effect(line, "withdraw_action")
        if kind not in CHOICES["ActionKind"]:
            self._refuse(line, f"withdrew {kind!r}, which is no action a turn takes")
        entity = self._in_turn(line, "withdraw_action")
        self.withheld.setdefault(entity, set()).add(kind)
        self.game.round.clear_cache()

    def offer_action(self, kind: str, line: int) -> None:
        self._effect(line, "offer_action")
        entity = self._in_turn(line, "offer_action")
        self.withheld.get(entity, set()).discard(kind)
        self.game.round.clear_cache()

    def withheld_from(self, entity: Any) -> set[str]:
        """The kinds of action withdraw_action took from the entity in the round in play (for the game to
        leave out of the legal actions and to refuse)."""
        if not self.withheld or self.withheld_round is not self.game.round:
            return set()
        return self.withheld.get(entity, set())

    def give_priority(self, player: Any, line: int) -> None:
        self._effect(line, "give_priority")
        players = self.game.players
        if player not in players:
            self._refuse(line, f"gave the priority deal to {self.game.describe_entity(player)}, who is no player")
        i = players.index(player)
        self.game.players = players[i:] + players[:i]
        self.game.log(f"{player.name} has priority deal")

    def reorder_players(self, order: list[Any], line: int) -> None:
        self._effect(line, "reorder_players")
        players = self.game.players
        if len(order) != len(players) or any(p not in order for p in players):
            names = ", ".join(self.game.describe_entity(p) for p in order)
            self._refuse(line, f"seated the players as {names}: every player must be seated once")
        self.game.players = list(order)
        self.game.log(f"{self.game.players[0].name} has priority deal")
