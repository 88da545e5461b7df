"""Forming a corporation from those that merged into it for their debts (``formation`` with
``formed_from: unpaid_loans``; the rules are told in :mod:`railbook.engine.mechanics.debt_formation`):
its price, the exchange of certificates and the stations it takes over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.entities.share import Share
from railbook.engine.map.token import Token
from railbook.title.model import FormationDef

if TYPE_CHECKING:
    from railbook.engine.state import GameState


class Forming:
    """What forming does, mixed into the mechanic that keeps the formation's state."""

    game: "GameState"
    national: Any
    rules: FormationDef
    prices: list[int]
    percents: dict[Any, int]
    pool_percent: int
    merged: list[Any]
    trigger: Any
    removals: list[dict[str, Any]]
    half_president: Any

    def set_price(self) -> None:
        game, rules = self.game, self.rules
        prices = sorted(self.prices)
        if len(prices) > 2:
            prices = prices[1:]
        mean = (sum(prices) // len(prices)) // 5 * 5 if prices else 0
        target = max(mean, rules.min_price)
        row = [c for c in game.stock_market.grid[0] if c is not None]
        cell = min(row, key=lambda c: (abs(c.price - target), -c.price))
        game.stock_market.set_par(self.national, cell)
        game.log(f"{self.national.name} starts at {game.format_money(cell.price)}")

    def exchange_shares(self) -> None:
        game, national, rules = self.game, self.national, self.rules
        per = rules.old_shares_per_share * 10
        players = game.players
        start = players.index(self.trigger)
        order = players[start:] + players[:start]
        due = {p: self.percents.get(p, 0) // per for p in order}
        pool_units = self.pool_percent + sum(self.percents.get(p, 0) % per for p in order)
        units = 1 + (100 - national.presidents_percent) // national.share_percent + 1   # the president's twice
        split = rules.share_split_over is not None
        left = 2 * units if split else units
        president, best = None, 0
        for p in order:
            awarded = min(due[p], left)
            left -= awarded
            if awarded > best:
                president, best = p, awarded
        to_pool = min(pool_units // per, left)
        left -= to_pool
        if split and (2 * units - left) > (rules.share_split_over or 0):
            self.split_shares()

        def give(holder: Any) -> bool:
            cert = next((s for s in reversed(national.shares_of(national)) if not s.president), None)
            if cert is None:
                return False
            game.share_pool.transfer_shares(cert.to_bundle(), holder, allow_president_change=False)
            return True

        for p in order:
            n = due[p]
            if n <= 0:
                continue
            if p is president:
                cert = national.presidents_share
                assert cert is not None
                if n == 1:
                    # a one-share president holds half the president's certificate
                    cert.percent //= 2
                    game.log(f"{p.name} is the president of {national.name} with one share only: he must "
                             "buy another in his next stock turn")
                    self.half_president = p
                    n += 1
                game.share_pool.transfer_shares(cert.to_bundle(), p, allow_president_change=False)
                national.owner = p
                n -= 2
            while n > 0 and give(p):
                n -= 1
            game.log(f"{p.name} gets {due[p]} share(s) of {national.name}")
        for _ in range(to_pool):
            give(game.share_pool)
        if president is not None:
            game.log(f"{president.name} becomes the president of {national.name}")

    def split_shares(self) -> None:
        """Every certificate (all still its own) halved, and the rest issued in certificates of the new
        size, numbered on from 100 / that size (as 18xx.games numbers them): a president's of 10% and
        eighteen of 5% where they were 20% and 10%."""
        game, national = self.game, self.national
        pres = national.presidents_percent // 2
        unit = national.share_percent // 2
        own = national.holding(national)
        for share in own:
            share.percent = pres if share.president else unit
            share.cert_size = 1 if share.president else 0.5
        first = 100 // unit
        for i in range((100 - sum(s.percent for s in own)) // unit):
            share = Share(national, national, False, unit, first + i)
            share.cert_size = 0.5
            national.shares_list.append(share)
            own.append(share)
            game.index_share(share)
        national.second_share = next(s for s in national.shares_list if not s.president)
        game.log(f"{national.name} issues more shares: its shares are now {unit}% shares")

    def exchange_stations(self) -> None:
        game, national, rules = self.game, self.national, self.rules
        national.tokens = []
        homes = []
        for corp in self.merged:
            home = next((t for t in corp.tokens if t.used and t.city is not None
                         and t.city.hex is not None and t.city.hex.id in corp.coordinates), None)
            home = home or next((t for t in corp.tokens if t.used and t.city is not None), None)
            if home is not None:
                homes.append(home.city)
                self.replace(home, national)
        for corp in self.merged:
            for token in list(corp.tokens):
                city = token.city
                if not token.used or city is None or any(h.hex is city.hex for h in homes):
                    continue
                if city.tokened_by(national):
                    token.remove()
                    continue
                self.replace(token, national)
        by_hex: dict[Any, int] = {}
        for t in national.tokens:
            by_hex[t.hex] = by_hex.get(t.hex, 0) + 1
        twice = [h for h, n in by_hex.items() if n > 1]
        # one station goes from each hex where it has two; then those beyond the limit (homes stay)
        self.removals = [{"hexes": [h], "count": 1} for h in twice]
        limit = rules.token_limit if rules.token_limit is not None else len(national.tokens)
        keep = max(len(homes), limit)
        over = len(national.tokens) - len(twice) - keep
        if over > 0:
            home_hexes = {c.hex for c in homes}
            self.removals.append({"hexes": [t.hex for t in national.tokens if t.hex not in home_hexes],
                                  "count": over})
        spare = max(0, keep - len(national.tokens) + len(twice))
        for _ in range(spare):
            national.tokens.append(Token(national, price=rules.token_price))
        game.log(f"{national.name} has {spare} spare {game.format_money(rules.token_price)} station(s)")

    def replace(self, token: Any, national: Any) -> None:
        city = token.city
        slot = city.tokens.index(token) if token in city.tokens else None
        token.remove()
        new = Token(national, price=0)
        national.tokens.append(new)
        if slot is None:
            city.exchange_token(new)
        else:
            new.place(city)
            city.tokens[slot] = new
        self.game.log(f"{token.corporation.name}'s station on {city.hex.id} becomes a {national.name} station")
