"""The engine's hook API: the only things a rule hook can name.

Hook points say when the engine calls a hook and with what; functions and
methods say what a hook may ask or do. The compiler checks every name and type
against this table, and the generated Python calls ``api.<name>`` for nothing
else. The runtime implements each entry in ``railbook/engine/hooks/api.py`` under the
same name (a test keeps the two in step).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HookPoint:
    params: tuple[tuple[str, str], ...]
    returns: str  # "none", "int", "bool", ...
    doc: str
    accumulates: bool = False  # 'add' sums into the hook's result


@dataclass(frozen=True)
class Func:
    params: tuple[str, ...]
    returns: str
    doc: str
    impl: str = ""  # name on the runtime api object; defaults to the function's name
    variadic: bool = False


# ------------------------------------------------------------------ hook points

HOOK_POINTS: dict[str, HookPoint] = {
    "setup": HookPoint((), "none", "Once, when a game starts, after the title's data is in place."),
    "route_bonus": HookPoint((("route", "Route"),), "int",
                             "Extra revenue for one train's route; 'add' amounts are summed.", accumulates=True),
    "check_route": HookPoint((("route", "Route"),), "none",
                             "Reject a route with 'fail \"why\"' (checked with the other route rules)."),
    "can_upgrade": HookPoint((("hex", "Hex"), ("from_tile", "Tile"), ("to_tile", "Tile")), "bool",
                             "Return false to forbid an upgrade the tile rules would allow."),
    "upgrade_targets": HookPoint((("hex", "Hex"), ("from_tile", "Tile")), "list[str]",
                                 "Return the only tiles a tile may become (none: no restriction)."),
    "after_lay_tile": HookPoint((("corporation", "Corporation"), ("hex", "Hex"), ("tile", "Tile")), "none",
                                "After a tile is laid or upgraded."),
    "after_place_token": HookPoint((("corporation", "Corporation"), ("hex", "Hex")), "none",
                                   "After a station token is placed."),
    "sold_out_rise": HookPoint((("corporation", "Corporation"),), "int",
                               "Extra rows a sold-out corporation rises at the end of a stock round; 'add' sums.",
                               accumulates=True),
    "stock_round_end": HookPoint((), "none", "After the end-of-round price moves of a stock round."),
    "operating_round_start": HookPoint((), "none", "At the start of each operating round, before private income."),
    "operating_set_end": HookPoint((), "none", "After the last operating round of a set."),
    "private_income": HookPoint((("private", "Private"),), "int",
                                "The income a private pays now (default: its printed revenue)."),
    "may_par": HookPoint((("corporation", "Corporation"),), "bool", "Return false to keep a corporation closed to par."),
    "can_redeem": HookPoint((("corporation", "Corporation"),), "bool", "Return false to forbid share redemption."),
    "after_buy_private": HookPoint((("private", "Private"), ("player", "Player")), "none",
                                   "After a player buys a private from the bank (in the auction), before any par it brings."),
    "can_lay_tile": HookPoint((("corporation", "Corporation"), ("hex", "Hex"), ("tile", "Tile")), "bool",
                              "Return false to forbid a corporation to lay (or upgrade to) a tile on a hex, "
                              "in a normal or a private's lay."),
    "after_par": HookPoint((("corporation", "Corporation"),), "none",
                           "After a corporation is parred (its president's certificate bought), before its "
                           "home station is placed."),
    "run_bonus": HookPoint((("corporation", "Corporation"), ("routes", "list[Route]")), "int",
                           "Extra revenue of a corporation's whole run (every route it runs this turn); 'add' "
                           "amounts are summed, a negative one lowers the run (never below nothing).",
                           accumulates=True),
    "run_moves_price": HookPoint((("corporation", "Corporation"),), "bool",
                                 "Return false to keep a corporation's share price where it is after its run, "
                                 "paid out or withheld."),
    "after_run": HookPoint((("corporation", "Corporation"),), "none",
                           "After a corporation's run is paid out or withheld (also when it runs no train)."),
    "after_buy_train": HookPoint((("corporation", "Corporation"), ("train", "Train")), "none",
                                 "After a corporation buys a train (from the depot, the pool or another "
                                 "corporation), after the phase change and rusting it causes."),
}

# ------------------------------------------------------------------ free functions

FUNCTIONS: dict[str, Func] = {
    # pure helpers
    "max": Func(("list[int]",), "int", "The largest number of a list (0 for an empty list).", impl="max_of"),
    "min": Func(("list[int]",), "int", "The smallest number of a list (0 for an empty list).", impl="min_of"),
    "sum": Func(("list[int]",), "int", "The total of a list of numbers.", impl="sum_of"),
    "len": Func(("list[any]",), "int", "How many items a list has.", impl="len_of"),
    "abs": Func(("int",), "int", "The absolute value of a number.", impl="abs_of"),
    "any": Func(("list[bool]",), "bool", "True if any item is true.", impl="any_of"),
    "all": Func(("list[bool]",), "bool", "True if every item is true.", impl="all_of"),
    "str": Func(("any",), "str", "A value as text.", impl="text"),
    # the game
    "phase": Func((), "str", "The name of the current phase."),
    "phase_reached": Func(("Phase",), "bool", "True once the named phase has begun."),
    "option": Func(("str",), "bool", "True if the game was created with this optional rule."),
    "player_count": Func((), "int", "How many players the game has."),
    "round_kind": Func((), "str", "'auction', 'stock' or 'operating'."),
    "round_number": Func((), "int", "The operating round's number within its set (1 in a stock round)."),
    "corporation": Func(("Corporation",), "Corporation", "A corporation or minor by its symbol."),
    "corporations": Func((), "list[Corporation]", "Every corporation in the game, started or not."),
    "private": Func(("Private",), "Private", "A private company by its symbol."),
    "privates": Func((), "list[Private]", "Every private company, closed ones included."),
    "tile_on": Func(("Hex",), "Tile", "The tile on a hex now."),
    "log": Func(("str",), "none", "Write a line to the game log."),
    "recorded_before": Func(("str",), "bool",
                            "True while replaying an action a log recorded before this UTC time (YYYY-MM-DD or "
                            "YYYY-MM-DDTHH:MM:SSZ): for a rule the recording program changed that day. False "
                            "for actions without a record time."),
    "random_choice": Func(("list[any]",), "any",
                          "Pick one item using the game's seeded generator (same seed, same pick)."),
    "shuffle": Func(("list[any]",), "list[any]", "A copy of a list in seeded random order."),
    "make_available": Func(("Corporation",), "none", "Let a corporation that waited for an event be parred."),
    "remove_private": Func(("Private",), "none", "Take a private out of the game before it is sold."),
    "offer_private": Func(("Private",), "none",
                          "The bank offers a private nobody owns for sale in stock rounds, at its face value, as "
                          "a turn's purchase."),
    "withdraw_private": Func(("Private",), "none",
                             "Take a private out of the game before it is sold, as if it never were in it: it "
                             "is no longer listed, not even as closed."),
    "withdraw_corporation": Func(("Corporation",), "none",
                                 "Take a corporation out of the game before it is parred: it is no longer listed; "
                                 "its home station stays on the map and its reserved slots are freed."),
    "end_game_after_set": Func((), "none", "The current operating set will be the game's last."),
    "raise_float_percent": Func(("int",), "none",
                                "Corporations that have not floated need this many percent more sold to float."),
    "set_capitalization": Func(("str",), "none",
                               "Corporations parred from now on are capitalized so: 'incremental', 'full' or "
                               "'escrow' (where the title's capitalization is escrow)."),
    "set_certificate_limit": Func(("int",), "none",
                                  "The certificate limit is this many certificates from now on, whatever the number "
                                  "of players."),
    "stop_sale_price_drops": Func((), "none", "From now on a sale moves no share price."),
    "close_private": Func(("Private",), "none", "Close a private now (a statement form of private.close)."),
    "close_after_owner_stock_turn": Func(("Private",), "none",
                                         "Close a private at the end of its owner's next turn in a stock round "
                                         "(it may still be used in that turn)."),
    "players": Func((), "list[Player]", "Every player, in seating order."),
    "give_ipo_share": Func(("Corporation", "Player"), "none",
                           "Move the last certificate still in a corporation's IPO to a player, free; "
                           "it never changes the presidency."),
    "ipo_share_to_pool": Func(("Corporation",), "none",
                              "Move the last certificate still in a corporation's IPO to the bank pool."),
    "trains_sold": Func(("Train",), "int", "How many trains of a type have been bought from the depot so far."),
    "set_train_stops": Func(("Train", "int"), "none",
                            "From now on trains of this type count this many stops: a plain distance becomes "
                            "the number; distance rows that pay get it as their pay and visit limit."),
    "set_train_multiplier": Func(("Train", "int"), "none",
                                 "From now on trains of this type multiply their stops' values by this "
                                 "(the train's and its distance rows' multipliers)."),
    "remove_depot_trains": Func(("Train", "int"), "none",
                                "Take up to this many unsold trains of a type out of the game."),
    "release_reserved_train": Func(("list[str]",), "none",
                                   "If the depot's next train has a reserved copy (trains.yaml reserved), that copy "
                                   "joins the depot in front of it, taking over its events except those named."),
    "add_train_event": Func(("Train", "str"), "none",
                            "The next unsold train of a type also fires this event when bought."),
    "attach_share": Func(("Private", "Corporation", "bool"), "none",
                         "The private also brings a certificate of the corporation to whoever buys it: the "
                         "president's (true), or the first other one still in the IPO (false)."),
    "restore_printed_tile": Func(("Hex",), "bool",
                                 "Take the tile laid on a hex back to the supply; the printed hex returns, its "
                                 "stations stay. False if nothing was laid there."),
    "convert_corporation": Func(("Corporation",), "none",
                                "Convert a corporation now to its converts_to certificates and type (nothing if "
                                "it already has): its new certificates go to its treasury, or to the IPO if it "
                                "has not started."),
    "form_corporation": Func(("Corporation", "list[Corporation]"), "none",
                             "Form a corporation that has a 'formation' section (corporations.yaml) by taking "
                             "over the given corporations, which close; the section says how."),
    "place_station": Func(("Corporation", "Hex"), "bool",
                          "Place one of a corporation's unused stations in the first city of a hex, free and "
                          "whether or not it could reach it (a withdrawn corporation's too). False if it has "
                          "none left or the city no free slot."),
}

# ------------------------------------------------------------------ methods and properties by type
# a property has no parameters and is written without parentheses (route.stops)

METHODS: dict[str, dict[str, Func]] = {
    "Route": {
        "stops": Func((), "list[Stop]", "The stops the route scores, in order."),
        "hexes": Func((), "list[Hex]", "The hexes of its stops, in order."),
        "visits": Func(("Hex",), "bool", "True if the route stops in the hex."),
        "corporation": Func((), "Corporation", "The corporation running the train."),
        "train": Func((), "Train", "The train running the route."),
        "revenue": Func((), "int", "The route's revenue before bonuses."),
        "earns": Func((), "int", "What the route earns, its bonuses included (in run_bonus; elsewhere its revenue "
                                 "before bonuses)."),
    },
    "Stop": {
        "hex": Func((), "Hex", "The hex the stop is in."),
        "value": Func((), "int", "What the stop is worth to this train now."),
        "kind": Func((), "str", "'city', 'town' or 'offboard'."),
        "tokened_by": Func(("Corporation",), "bool", "True if the corporation has a token in this city."),
    },
    "Corporation": {
        "sym": Func((), "str", "Its symbol."),
        "cash": Func((), "int", "Its treasury."),
        "floated": Func((), "bool", "True once it has floated."),
        "is_minor": Func((), "bool", "True for a minor."),
        "share_price": Func((), "int", "Its current share price (0 if none)."),
        "has_token_in": Func(("Hex",), "bool", "True if one of its station tokens is in the hex."),
        "owns_private": Func(("Private",), "bool", "True if it owns the private."),
        "president_percent": Func((), "int", "Percent its president holds."),
        "treasury_percent": Func((), "int", "Percent it holds of itself."),
        "ipo_percent": Func((), "int", "Percent still in its IPO."),
        "pool_percent": Func((), "int", "Percent in the bank pool."),
        "receive": Func(("int",), "none", "The bank pays it an amount."),
        "has_marker": Func(("str",), "bool", "True if it holds a marker of that name."),
        "add_marker": Func(("str",), "none", "Give it a marker of that name (a flag a later hook can test)."),
        "remove_marker": Func(("str",), "none", "Take its marker of that name away (nothing if it has none)."),
        "is_operating": Func((), "bool", "True during its own turn in an operating round."),
        "reaches": Func(("Hex",), "bool", "True if its track reaches the hex from one of its stations now."),
        "operated": Func((), "bool", "True once it has finished an operating turn."),
        "train_count": Func((), "int", "How many trains it owns."),
        "share_unit": Func((), "int", "Percent of one ordinary certificate now (20 in a five-share corporation, "
                                      "10 once it has ten)."),
        "closed": Func((), "bool", "True once it has closed (merged away, for one)."),
    },
    "Private": {
        "sym": Func((), "str", "Its symbol."),
        "revenue": Func((), "int", "Its printed income."),
        "closed": Func((), "bool", "True once closed."),
        "owned_by_corporation": Func((), "bool", "True if a corporation owns it."),
        "set_revenue": Func(("int",), "none", "Change its income from now on."),
        "close": Func((), "none", "Close it."),
    },
    "Train": {
        "name": Func((), "str", "Its name (2, 5+1, D...)."),
    },
    "Tile": {
        "name": Func((), "str", "Its name."),
        "color": Func((), "str", "Its colour."),
        "label": Func((), "str", "Its label, or empty text."),
        "exits": Func((), "list[int]", "The edges (0-5) its track leaves by, rotation applied; in can_upgrade, "
                                       "to_tile is asked once per rotation tried."),
    },
    "Player": {
        "name": Func((), "str", "The player's name."),
        "cash": Func((), "int", "The player's cash."),
    },
}

# types that are plain text at run time, with what a literal of them must name
NAMED_STRING_TYPES = {"Hex": "hex", "Phase": "phase", "Corporation": "corporation", "Private": "private",
                      "Train": "train"}
# types whose literal string arguments are resolved by the runtime into objects
RESOLVED_TYPES = {"Corporation", "Private"}


def method_impl(type_name: str, method: str) -> str:
    return f"{type_name.lower()}_{method}"


def all_impl_names() -> list[str]:
    names = [f.impl or n for n, f in FUNCTIONS.items()]
    for t, methods in METHODS.items():
        names.extend(method_impl(t, m) for m in methods)
    return sorted(set(names)) + ["fail"]
