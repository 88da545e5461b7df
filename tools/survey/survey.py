"""The survey of what 18xx.games titles change relative to its base engine (docs/survey.md).

    python3 tools/survey/survey.py /path/to/18xx/lib > docs/survey.md

Reads the 18xx.games engine's source (tobymao/18xx, its ``lib/``) as data: for every title folder
``lib/engine/game/g_*/``, which methods of the base game (``game/base.rb``) it defines again, which
base steps and rounds it subclasses, which steps it writes from scratch, and which auction, draft,
merger, loan and nationalisation forms its steps and methods have. Only names and counts are taken:
no code. The output is deterministic (sorted by count, then by name) so the page changes only when
the engine does. railbook's building blocks (mechanics, extension points, hook points and effects)
are designed from these counts, not from the titles railbook happens to have.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

DEF = re.compile(r"^\s*def (?:self\.)?([a-z_][A-Za-z0-9_]*[?!=]?)", re.M)
CLASS = re.compile(r"^\s*class (\w+) < ([\w:]+)", re.M)
TITLE = re.compile(r"^\s*GAME_TITLE\s*=\s*'([^']+)'", re.M)

#: the families of forms the issue asks about, by words in a step's or a method's name
FORMS = {
    "auctions and drafts": re.compile(r"[Aa]uction|[Dd]raft|(^|_)bid|Bid|[Cc]oncession|pending_par|PendingPar"),
    "mergers, conversions and acquisitions": re.compile(r"(^|_)merg|Merg|(^|_)convert|Convert|conversion|"
                                                        r"(^|_)acqui|Acqui|[Tt]akeover|[Aa]bsorb|(^|_)formation|"
                                                        r"Formation|(^|_)form_|Form[A-Z]"),
    "loans and bonds": re.compile(r"[Ll]oan|[Bb]ond|(^|_)debt|Debt|(^|_)interest|Interest|[Rr]epay|[Pp]ayoff"),
    "nationalisation and state companies": re.compile(r"[Nn]ational|[Gg]overnment|(^|_)state_|State[A-Z]|"
                                                      r"[Bb]ank_?[Oo]f"),
}


#: where railbook answers each of the most-changed base methods: an option, a mechanic, a hook point or
#: an effect (hand-kept beside the counts; "—" marks a gap: a block still to build)
RAILBOOK = {
    "operating_round": "`operating_round.steps`; mechanics add their steps (`railbook explain`)",
    "stock_round": "`stock_round` options; mechanics (stock turns, treasury, bonds) add steps",
    "setup": "hook `setup`",
    "revenue_for": "hooks `route_bonus`, `run_bonus`; train distance rows; stop values by phase",
    "next_round!": "mechanic round sequence (merger, formation rounds); hooks `round_start`, `round_end`",
    "upgrades_to?": "hooks `can_upgrade`, `upgrade_targets`; tiles.yaml `upgrades`, `extra_upgrades`",
    "revenue_str": "(display) the route's stops and bonuses",
    "new_auction_round": "`auction.kind` (waterfall, draft, blind_draft, starting_package, turn_auction)",
    "float_corporation": "hook `after_float` (effects `move_price`, `pay`); `capitalization`",
    "tile_lays": "`operating_round.tile_lays` (per corporation type, per phase)",
    "init_round": "`auction.kind`",
    "ipo_name": "(display)",
    "operating_order": "`operating_round.first_operating_order`; minors before majors",
    "place_home_token": "`operating_round.home_token`; hooks `before_place_token`, `after_place_token`",
    "can_par?": "hook `may_par`; `available` (on an event)",
    "check_distance": "train distance (stops, hexes, rows); hook `check_route`",
    "timeline": "(display)",
    "init_stock_market": "market.yaml (grid, zones, movement)",
    "check_other": "hook `check_route`",
    "company_header": "(display)",
    "must_buy_train?": "`operating_round.must_buy_train` (per corporation type)",
    "home_token_locations": "`home_choice`",
    "or_round_finished": "hook `operating_set_end`; `round_end`",
    "redeemable_shares": "`issue_redeem`; hook `can_redeem`",
    "setup_preround": "hook `setup`",
    "status_array": "(display)",
    "issuable_shares": "`issue_redeem`",
    "legal_tile_rotation?": "hook `can_lay_tile`; track restriction",
    "player_value": "— (scoring rules beyond cash and shares)",
    "purchasable_companies": "privates' sale rules (`privates_between_players`, phase flags)",
    "all_potential_upgrades": "tiles.yaml `upgrades`, `extra_upgrades`",
    "game_trains": "trains.yaml; optional-rule changes; hooks `remove_depot_trains`",
    "route_trains": "hook `check_route`; trains' `requires_token`",
    "event_close_companies!": "train event `close_privates`; private abilities `close`",
    "init_corporations": "corporations.yaml; hook `withdraw_corporation`",
    "num_trains": "trains.yaml `count` per player count",
    "reorder_players": "hook `priority_deal`; effect `reorder_players`",
    "sell_shares_and_change_price": "`stock_round.sale_price_drop`",
    "upgrade_cost": "terrain costs, `min_tile_cost`",
    "after_par": "hook `after_par`",
    "init_share_pool": "`pool_limit`, `holding_limit`",
    "sorted_corporations": "(display)",
    "game_corporations": "corporations.yaml; optional rules; hook `withdraw_corporation`",
    "init_companies": "privates.yaml; hook `withdraw_private`",
    "status_str": "(display)",
    "close_corporation": "mechanic receivership, bankruptcy rules; — closing by a hook",
    "bank_sort": "(display)",
    "init_hexes": "map.yaml",
    "graph_for_entity": "— (a second route graph: narrow gauge, ferries)",
    "operating_round_finished": "hook `operating_set_end`",
    "end_game!": "`game_end` triggers; hook `end_game_after_set`",
    "game_end_check": "`game_end` triggers",
    "custom_end_game_reached?": "— (a title's own end condition)",
    "emergency_issuable_bundles": "`emergency_buy.issue_shares_first`",
    "can_run_route?": "hook `check_route`",
    "price_movement_chart": "(display)",
    "bankruptcy_options": "`bankruptcy`",
    "payout_companies": "hook `private_income`",
    "purchasable_companies": "privates' sale rules",
    "float_str": "(display)",
    "train_limit": "phases' `train_limit` (per corporation type); mechanics' extra limit",
    "token_owner": "(engine)",
}


def title_of(folder: Path) -> str:
    meta = folder / "meta.rb"
    if meta.is_file():
        m = TITLE.search(meta.read_text(encoding="utf-8", errors="replace"))
        if m:
            return m.group(1)
    return folder.name.removeprefix("g_")


def ruby_files(folder: Path, sub: str | None = None) -> list[Path]:
    base = folder / sub if sub else folder
    if not base.is_dir():
        return []
    return sorted(p for p in base.glob("*.rb")) if sub else sorted(p for p in folder.glob("*.rb"))


def main(lib: Path) -> str:
    game_dir = lib / "engine" / "game"
    base_methods = set(DEF.findall((game_dir / "base.rb").read_text(encoding="utf-8")))
    base_steps = {p.stem for p in (lib / "engine" / "step").glob("*.rb")}
    titles = sorted((p for p in game_dir.iterdir() if p.is_dir() and p.name.startswith("g_")), key=lambda p: p.name)

    overrides: dict[str, set[str]] = defaultdict(set)
    step_bases: dict[str, set[str]] = defaultdict(set)
    round_bases: dict[str, set[str]] = defaultdict(set)
    new_steps: dict[str, set[str]] = defaultdict(set)
    forms: dict[str, dict[str, set[str]]] = {k: defaultdict(set) for k in FORMS}
    parents: dict[str, str] = {}
    with_steps = 0
    for folder in titles:
        name = title_of(folder)
        for path in ruby_files(folder):
            text = path.read_text(encoding="utf-8", errors="replace")
            for method in DEF.findall(text):
                if method in base_methods:
                    overrides[method].add(name)
                for family, pattern in FORMS.items():
                    if pattern.search(method):
                        forms[family][f"game method `{method}`"].add(name)
            for cls, parent in CLASS.findall(text):
                if cls == "Game" and parent.startswith("G") and parent != "Game::Base":
                    parents[name] = parent.split("::")[0]
        steps = ruby_files(folder, "step")
        with_steps += bool(steps)
        for path in steps:
            text = path.read_text(encoding="utf-8", errors="replace")
            for cls, parent in CLASS.findall(text):
                tail = parent.split("::")[-1]
                snake = re.sub(r"(?<!^)(?=[A-Z])", "_", tail).lower()
                if parent.startswith("Engine::Step::") and tail == "Base":
                    new_steps[cls].add(name)
                elif parent.startswith("Engine::Step::") and snake in base_steps:
                    step_bases[tail].add(name)
                for family, pattern in FORMS.items():
                    if pattern.search(cls):
                        forms[family][f"step `{cls}`"].add(name)
        for path in ruby_files(folder, "round"):
            for cls, parent in CLASS.findall(path.read_text(encoding="utf-8", errors="replace")):
                if parent.startswith("Engine::Round::"):
                    round_bases[parent.split("::")[-1]].add(name)

    def rows(table: dict[str, set[str]], limit: int | None = None, answer: dict[str, str] | None = None) -> list[str]:
        ordered = sorted(table.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        out = []
        for key, names in ordered[:limit]:
            some = sorted(names)
            shown = ", ".join(some[:6]) + (f" and {len(some) - 6} more" if len(some) > 6 else "")
            extra = f" {answer.get(key, '')} |" if answer is not None else ""
            out.append(f"| {key} | {len(names)} | {shown} |{extra}")
        return out

    lines = [
        "<!-- generated by tools/survey/survey.py from the 18xx.games engine's source: do not edit -->",
        "",
        "# What 18xx.games titles change: a survey",
        "",
        f"{len(titles)} title folders of the 18xx.games engine (`lib/engine/game/g_*/`), read for names only: "
        "which methods of the base game each defines again, which base steps and rounds it subclasses, which "
        "steps it writes from scratch, and the auction, draft, merger, loan and nationalisation forms its "
        "names show. A method or step that many titles change is a place where railbook needs a building "
        "block — a mechanic's extension point, a hook point, an effect or an option — rather than a switch "
        "for one title. Counts are titles; a title that extends another (as 1861 extends 1867) counts for "
        "what it changes itself.",
        "",
        f"- titles with steps of their own: {with_steps} of {len(titles)}",
        f"- titles whose game extends another title's: {len(parents)} "
        f"({', '.join(f'{k} → {v}' for k, v in sorted(parents.items())[:12])}{' …' if len(parents) > 12 else ''})",
        f"- base-game methods defined again by at least one title: {len(overrides)} of {len(base_methods)}",
        "",
        "## Base-game methods titles define again (the hook points titles really need)",
        "",
        "| method of `game/base.rb` | titles | some of them | railbook's block |",
        "| --- | ---: | --- | --- |",
        *rows(overrides, 120, RAILBOOK),
        "",
        "## Base steps titles subclass",
        "",
        "| step | titles | some of them |",
        "| --- | ---: | --- |",
        *rows(step_bases),
        "",
        "## Steps written from scratch (`< Engine::Step::Base`)",
        "",
        "| step | titles | some of them |",
        "| --- | ---: | --- |",
        *rows(new_steps),
        "",
        "## Base rounds titles subclass",
        "",
        "| round | titles | some of them |",
        "| --- | ---: | --- |",
        *rows(round_bases),
        "",
    ]
    for family in FORMS:
        lines += [f"## Forms: {family}", "", "| form (a step or a game method) | titles | some of them |",
                  "| --- | ---: | --- |", *rows(forms[family]), ""]
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.stdout.write(main(Path(sys.argv[1])))
