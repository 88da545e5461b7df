"""The engine's hook API: the only things a rule hook can name.

Hook points say when the engine calls a hook and with what; functions and
methods say what a hook may ask or do. The compiler checks every name and type
against this table, and the generated Python calls ``api.<name>`` for nothing
else. The runtime implements each entry in ``railbook/engine/hooks/api.py`` under the
same name (a test keeps the two in step).
"""

from __future__ import annotations

from dataclasses import dataclass


#: how many titles of 18xx.games (tobymao/18xx, 130 titles in lib/engine/game/g_*) the survey counted
SURVEYED_TITLES = 130


@dataclass(frozen=True)
class HookPoint:
    params: tuple[tuple[str, str], ...]
    returns: str  # "none", "int", "bool", ...
    doc: str
    accumulates: bool = False  # 'add' sums into the hook's result
    example: str = ""  # a hook using the point, as a title author writes it
    survey: str = ""   # which 18xx.games titles need the point: the count and what they override


@dataclass(frozen=True)
class Func:
    params: tuple[str, ...]
    returns: str
    doc: str
    impl: str = ""  # name on the runtime api object; defaults to the function's name
    variadic: bool = False
    # an effect changes the game: each call counts against the hook call's budget of effects
    # (railbook/dsl/limits.py) and is told its line, so its refusal names where it was called
    effect: bool = False
    example: str = ""
    survey: str = ""


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
    # -- points the survey of 18xx.games titles asked for (the counts: titles overriding what the point replaces)
    "after_float": HookPoint(
        (("corporation", "Corporation"),), "none",
        "After a corporation floats (once it has its capital): a price "
        "rise, a fee or a gift on floating.",
        example='on after_float(corporation) {\n    move_price(corporation, "right", 1)\n'
                '    pay(corporation, "bank", 20)\n}',
        survey="40 titles override float_corporation"),
    "first_track": HookPoint(
        (("hex", "Hex"), ("tile", "Tile")), "none",
        "When a hex first gets track (a tile with track replaces one without), after the laying rule of every "
        "title: the stations on a hex of several cities are lifted, each waiting for the corporation laying to "
        "place it again. A station the hook places or moves here (place_station, move_station) is placed; the "
        "stations still lifted after it wait as before.",
        example='on first_track(hex, tile) {\n    if hex == "B4" and corporation("RED").lifted_from(hex) {\n'
                '        move_station("RED", hex, 0)\n    }\n}',
        survey="12 titles override update_token! or test a hex's first track"),
    "before_place_token": HookPoint(
        (("corporation", "Corporation"), ("hex", "Hex")), "none",
        "Before a corporation's station token is placed by an action (a normal placement, a private's, a "
        "lifted or home station's city chosen), once every rule of the placement holds and before it is paid: "
        "'fail \"why\"' refuses the placement (the game stays as it was); an effect here happens before the "
        "station is there. A home station the engine places itself does not call it, nor does listing the "
        "legal actions.",
        example='on before_place_token(corporation, hex) {\n    if hex == "B4" and phase() == "2" {\n'
                '        fail "no station in the mountains before phase 3"\n    }\n}',
        survey="30 titles override place_token, check_tokenable or can_place_token?"),
    "round_start": HookPoint(
        (), "none",
        "As each round starts (auction, stock or operating: ask round_kind()), before its own start "
        "(an operating round's private income, the first turn).",
        example='on round_start() {\n    if round_kind() == "stock" {\n        log("The stock round opens")\n    }\n}',
        survey="53 titles override new_stock_round, new_operating_round or new_auction_round"),
    "round_end": HookPoint(
        (), "none",
        "As each round ends, after its own end (a stock round's price moves), before the next round is "
        "chosen: round_kind() is still the round ending.",
        example='on round_end() {\n    if round_kind() == "operating" {\n        for c in corporations() {\n'
                '            if c.floated and c.cash == 0 {\n                move_price(c, "left", 1)\n'
                '            }\n        }\n    }\n}',
        survey="46 titles override or_round_finished, or_set_finished, finish_round or stock_round_finished"),
    "operating_turn_start": HookPoint(
        (("corporation", "Corporation"),), "none",
        "As a corporation's turn in an operating round starts (after its float on operating and its home "
        "station), before its first step: end_turn() here skips its turn.",
        example='on operating_turn_start(corporation) {\n    if corporation.has_marker("strike") {\n'
                '        corporation.remove_marker("strike")\n        end_turn()\n    }\n}',
        survey="22 titles override start_operating or setup_turn"),
    "operating_turn_end": HookPoint(
        (("corporation", "Corporation"),), "none",
        "As a corporation's turn in an operating round ends, before the next corporation's starts.",
        example='on operating_turn_end(corporation) {\n    if corporation.cash < 0 {\n'
                '        fail "a treasury never goes below nothing"\n    }\n}',
        survey="20 titles override after_end_of_turn or next_entity! in their rounds"),
    "priority_deal": HookPoint(
        (), "none",
        "When the priority deal for the next stock round is decided (after each stock round and after the "
        "auction), after the title's priority rule has seated the players: give_priority and reorder_players "
        "change it. players() is the new seating, its first holding the priority deal.",
        example='on priority_deal() {\n    let poorest = players()[0]\n    for p in players() {\n'
                '        if p.cash < poorest.cash {\n            poorest = p\n        }\n    }\n'
                '    give_priority(poorest)\n}',
        survey="26 titles override reorder_players, next_sr_player_order, priority_deal_player or "
               "next_sr_position"),
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
    # -- effects: what a hook may change in the game (each counted against the hook call's budget of
    # effects, each refusal a HookError naming the hook and the line; a refused action undoes them all)
    "move_price": Func(
        ("Corporation", "Direction", "int"), "none",
        "Move a corporation's share price n cells 'up', 'down', 'left' or 'right' on the market, one cell at a "
        "time as the market moves it in a sale or a payout (a price at the market's edge stays there). n is 0 "
        "or more; a corporation without a share price is a hook error.",
        effect=True, example='move_price(corporation, "up", 1)',
        survey="44 titles move share prices in their own code"),
    "pay": Func(
        ("Entity", "Entity", "int"), "none",
        "The first pays the second an amount: a player, a corporation or \"bank\" on either side. Money is "
        "never made: a player or corporation without the cash is a hook error (pay_up_to pays what it has); "
        "the bank always pays, breaking as a payout would break it. An amount below 0 is a hook error.",
        effect=True, example='pay(corporation, "bank", 40)',
        survey="87 titles move money in their own code"),
    "pay_up_to": Func(
        ("Entity", "Entity", "int"), "int",
        "Like pay, but a payer short of the amount pays all the cash it has: the amount paid.",
        effect=True, example='let paid = pay_up_to(corporation, "bank", 100)',
        survey="87 titles move money in their own code"),
    "place_station": Func(
        ("Corporation", "Hex", "int"), "none",
        "Place a corporation's station on city n (0, 1, ...) of a hex, free: the station lifted from that hex "
        "and waiting for its city if there is one, else its next station not on the map. The city must have "
        "room for it (a free slot, or one reserved for it) and the corporation no other station in the hex. "
        "It sets off no hook; charge with pay.",
        effect=True, example='place_station("RED", "B4", 0)',
        survey="56 titles place stations in their own code"),
    "lift_station": Func(
        ("Corporation", "Hex"), "none",
        "Take a corporation's station off a hex: it goes back to the corporation, to be placed again (its "
        "price is paid again then). A corporation with no station there is a hook error.",
        effect=True, example='lift_station(corporation, hex)',
        survey="43 titles lift stations in their own code"),
    "move_station": Func(
        ("Corporation", "Hex", "int"), "none",
        "Move a corporation's station in a hex (or lifted from it and waiting for its city) to city n of the "
        "hex; the city must have room for it.",
        effect=True, example='move_station("RED", hex, 1)',
        survey="2 titles move stations within a hex; 12 settle them when a hex first gets track"),
    "end_step": Func(
        (), "none",
        "The step in play ends now for the entity in turn, as if it passed: in an operating round its next "
        "step follows (a track step ended takes no more tiles this turn).",
        effect=True, example='end_step()',
        survey="57 titles end a step in their own code (pass!)"),
    "end_turn": Func(
        (), "none",
        "The turn of the entity in turn ends now: every step of the round is passed for it. It has not passed "
        "the round: in a stock round it acts again next time round.",
        effect=True, example='end_turn()',
        survey="58 titles end a turn in their own code (next_entity!)"),
    "withdraw_action": Func(
        ("ActionKind",), "none",
        "The entity in turn may not take actions of this kind again in this round (a pass stays); what "
        "lists the legal actions leaves it out.",
        effect=True, example='withdraw_action("buy_train")',
        survey="87 titles override the actions a step offers"),
    "offer_action": Func(
        ("ActionKind",), "none",
        "Offer again, to the entity in turn, actions of a kind withdraw_action took from it in this round "
        "(the step still decides whether it may take one now).",
        effect=True, example='offer_action("buy_train")',
        survey="87 titles override the actions a step offers"),
    "give_priority": Func(
        ("Player",), "none",
        "The player holds the priority deal: the seating turns round to start with them (the order stays).",
        effect=True, example='give_priority(players()[1])',
        survey="26 titles override how the priority deal is decided"),
    "reorder_players": Func(
        ("list[Player]",), "none",
        "Seat the players in this order, the first holding the priority deal: every player once.",
        effect=True, example='reorder_players([p for p in players() if p.cash < 100] + '
                             '[p for p in players() if p.cash >= 100])',
        survey="26 titles override how the priority deal is decided"),
    "place_spare_station": Func(("Corporation", "Hex"), "bool",
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
        "lifted_from": Func(("Hex",), "bool", "True if one of its stations was lifted from the hex and waits to be "
                                              "placed again (in first_track: the hex's first track lifted it)."),
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
RESOLVED_TYPES = {"Corporation", "Private", "Entity"}
#: text types with a fixed set of values (a literal outside it is an error the checker names)
CHOICES: dict[str, tuple[str, ...]] = {
    "Direction": ("up", "down", "left", "right"),
    # the actions a player takes in a turn that withdraw_action may take away (never a pass or a correction)
    "ActionKind": ("assign", "bid", "buy_bonds", "buy_company", "buy_shares", "buy_train", "choose", "convert",
                   "destination_connection", "discard_train", "dividend", "exchange_tokens", "lay_tile", "merge",
                   "par", "payoff_loan", "place_token", "remove_token", "run_routes", "sell_bonds",
                   "sell_company", "sell_shares", "special_buy", "take_loan"),
}
#: what "bank" names where a hook names who pays or is paid (an Entity)
BANK = "bank"


def method_impl(type_name: str, method: str) -> str:
    return f"{type_name.lower()}_{method}"


def all_impl_names() -> list[str]:
    names = [f.impl or n for n, f in FUNCTIONS.items()]
    for t, methods in METHODS.items():
        names.extend(method_impl(t, m) for m in methods)
    names.extend(t.lower() for t in RESOLVED_TYPES)   # what turns a name in a string into the thing named
    return sorted(set(names)) + ["fail"]
