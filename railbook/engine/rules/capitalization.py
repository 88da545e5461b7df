"""Capital held in escrow until a corporation floats, certificates sold at the
market price, and tokens gained on floating.

Switched on by the title's data:

* ``ipo_price: market``: a corporation has no par price; every certificate,
  from its IPO, its treasury or the pool, sells at its current market price.
* ``escrow_until_float: true`` (with incremental capitalization): what players
  pay for certificates before the corporation floats goes to the bank. When it
  floats it receives its market price for every certificate out of its IPO
  (certificates that came with privates included); its unsold certificates are
  then its treasury, and later sales from there pay the corporation.
* ``full_capitalization_from_phase``: a corporation floating once that phase
  has begun receives its market price for all its certificates, and its unsold
  certificates go to the bank pool instead.
* corporations' ``float_tokens``: extra station tokens on floating, if it
  converted before floating or once a phase has begun.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railbook.engine.map.token import Token

if TYPE_CHECKING:
    from railbook.engine.state import GameState


def escrowed(game: "GameState", corp: Any) -> bool:
    """Money paid for this corporation's own certificates still goes to the bank (it has not floated)."""
    return (bool(game.rules.escrow_until_float) and corp.capitalization == "incremental"
            and not corp.floated_ and not corp.formed)


def has_treasury(game: "GameState", corp: Any) -> bool:
    """Its own certificates are a treasury (escrow titles, once floated), not an IPO."""
    return bool(game.rules.escrow_until_float) and (corp.floated() or corp.formed)


def treasury_percent(game: "GameState", corp: Any) -> int:
    if has_treasury(game, corp):
        return corp.percent_of(corp)
    return sum(s.percent for s in corp.shares_of(corp) if not s.buyable)


def full_capitalization(game: "GameState") -> bool:
    phase = game.rules.full_capitalization_from_phase
    return bool(phase) and game.phase.available(phase)


def float_escrowed(game: "GameState", corp: Any) -> None:
    """The corporation floats: the bank pays it for the certificates sold so far (all of them from the
    full-capitalization phase on, whose unsold certificates then go to the pool)."""
    price = corp.share_price.price if corp.share_price is not None else 0
    if corp.formed:
        return  # a formed corporation's capital is its formation's affair
    if full_capitalization(game):
        units = corp.total_shares
        for share in list(corp.shares_of(corp)):
            game.share_pool.transfer_shares(share.to_bundle(), game.share_pool, allow_president_change=False)
    else:
        units = (100 - corp.percent_of(corp)) // corp.share_percent
    amount = price * units
    if amount > 0:
        game.bank.spend(amount, corp)
        game.log(f"{corp.name} receives {game.format_money(amount)}")
    add_float_tokens(game, corp)


def add_float_tokens(game: "GameState", corp: Any) -> None:
    for rule in corp.definition.float_tokens:
        if rule.if_converted and not corp.converted:
            continue
        if rule.from_phase and not game.phase.available(rule.from_phase):
            continue
        for _ in range(rule.add):
            corp.tokens.append(Token(corp, price=corp.tokens[-1].price if corp.tokens else 0))
        game.log(f"{corp.name} gets {rule.add} more station token{'s' if rule.add > 1 else ''}")


def capitalization_at_par(game: "GameState", corp: Any) -> str:
    """How a corporation parred now is capitalized: its own, or where the title's capitalization changes
    in play (escrow), as the game's is now (escrow: incremental once it has reached its destination)."""
    if game.rules.capitalization != "escrow":
        return str(corp.capitalization)
    now = game.capitalization_now
    if now == "escrow" and corp.id in game.destinated:
        return "incremental"
    return now

