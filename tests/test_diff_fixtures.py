"""Two tiny titles that differ in known ways: the diff finds exactly those.

tiny_b is also tiny_a *written differently* — keys reordered, corporations and
tiles listed in another order, the market's zone letters renamed, names and
colours changed, an option set to "none" — and none of that is a difference.
"""

from __future__ import annotations

from diff_support import diff, fixture

EXPECTED = {
    ("bank.size", "changed", 2000, "unlimited"),
    ("capitalization.float_percent", "changed", (60,), (50,)),
    ("corporations.AA.float_percent", "changed", 60, 50),
    ("corporations.BB.float_percent", "changed", 60, 50),
    ("market.zones.yellow.effects", "changed", ("no_cert_limit",), ("no_cert_limit", "no_holding_limit")),
    ("rounds.stock_round.priority", "changed", "after_last_to_act", "first_to_pass"),
    # the first stock round's priority follows the stock round's rule when the auction does not set one
    ("auction.next_priority", "changed", "after_last_to_act", "first_to_pass"),
    ("trains.3.price", "changed", 180, 200),
    ("map.terrain", "changed", (("water", (("40", 1),)),), (("water", (("60", 1),)),)),
    ("map.hex.B4.terrain", "changed", ((("cost", 40), ("kind", ("water",))),), ((("cost", 60), ("kind", ("water",))),)),
    ("special.hooks.route_bonus", "added", None, "The off-board area pays 10 more."),
}


def frozen(v: object) -> object:
    """Values as hashable tuples, so a set of changes compares exactly."""
    if isinstance(v, dict):
        return tuple((k, frozen(x)) for k, x in v.items())
    if isinstance(v, list):
        return tuple(frozen(x) for x in v)
    return v


def test_the_tiny_titles_differ_in_exactly_the_known_ways() -> None:
    d = diff(fixture("tiny_a"), fixture("tiny_b"))
    got = {(c.key, c.kind, frozen(c.before), frozen(c.after)) for c in d.changes()}
    assert got == EXPECTED


def test_changes_sit_in_their_areas() -> None:
    d = diff(fixture("tiny_a"), fixture("tiny_b"))
    assert [c.key for c in d.areas["bank"]] == ["bank.size"]
    assert [c.key for c in d.areas["special"]] == ["special.hooks.route_bonus"]
    assert d.areas["players"] == [] and d.areas["tiles"] == []


def test_per_company_and_per_hex_changes_are_details() -> None:
    d = diff(fixture("tiny_a"), fixture("tiny_b"))
    details = {c.key for c in d.changes() if c.detail}
    assert details == {"corporations.AA.float_percent", "corporations.BB.float_percent", "map.hex.B4.terrain"}


def test_renamed_zone_letters_reordered_keys_and_new_names_are_no_difference() -> None:
    keys = {c.key for c in diff(fixture("tiny_a"), fixture("tiny_b")).changes()}
    assert not any(k.startswith(("players", "tiles", "phases", "limits")) for k in keys)
    assert "market.zones.yellow.cells" not in keys and "market.par_prices" not in keys
