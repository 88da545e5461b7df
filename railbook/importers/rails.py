"""Import Rails game reports (Rails-18xx/Rails ``.report`` files).

A report is one event per line: the localisation key of the message, then its
parameters, comma-separated (``BUY_SHARE_LOG,Mark,20,Paris,IPO,110``). Lists in
brackets keep their commas (``[4, 3, 2]``). A line holding a single space
separates turns. Three kinds of line carry no key: ``EoGWinner<name>!``,
``EoGFinalRanking :`` and the ranking lines ``<rank>. <worth> <player>``.

This module only reads the text: :class:`RailsReport` holds the players, the
events with their line numbers, the cash checkpoints and the final ranking.
Turning events into engine actions needs the game's state (which tile copy
is free, which certificate a player holds); that is :mod:`.rails_actions`.
Names (corporations, privates, hexes, tiles, trains) are Rails' own; the title
uses the same, so nothing here knows any title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from railbook.errors import LogError
from railbook.importers.formats import looks_like_report as looks_like_report  # rails.looks_like_report, as before

RANKING = re.compile(r"^\s*(\d+)\.\s+(-?\d+)\s+(.+?)\s*$")
WINNER = re.compile(r"^EoGWinner(.*)!$")


@dataclass(frozen=True)
class Event:
    """One report line: its 1-based line number, key and parameters."""

    line: int
    key: str
    args: tuple[str, ...]

    def arg(self, i: int, default: str = "") -> str:
        return self.args[i] if i < len(self.args) else default

    def int_arg(self, i: int) -> int:
        text = self.arg(i)
        try:
            return int(text)
        except ValueError:
            raise LogError(f"line {self.line}: {self.key} parameter {i + 1} is not a number: {text!r}") \
                from None

    def __str__(self) -> str:
        return ",".join((self.key,) + self.args)


@dataclass
class RailsReport:
    """A Rails report as read: its title, players, events (with line numbers) and final ranking."""

    title: str
    players: list[str]
    events: list[Event]
    ranking: list[tuple[int, int, str]] = field(default_factory=list)   # rank, worth, player
    winner: str | None = None
    source: str = ""

    @property
    def result(self) -> dict[str, int]:
        """The final worth of each player, as Rails ranks them."""
        return {name: worth for _, worth, name in self.ranking}

    def checkpoints(self) -> list[Event]:
        return [e for e in self.events if e.key == "Has"]


def split_fields(text: str) -> list[str]:
    """Split on commas outside brackets: ``a,[1, 2],b`` is three fields."""
    if "[" not in text:   # most lines: every comma splits (a "]" alone opens nothing)
        return text.split(",")
    out: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            out.append("".join(current))
            current = []
        else:
            current.append(ch)
    out.append("".join(current))
    return out


def parse_list(text: str) -> list[str]:
    """A bracketed list parameter (``[Nord, GC]``) as its items."""
    inner = text.strip()
    if inner.startswith("[") and inner.endswith("]"):
        inner = inner[1:-1]
    return [t.strip() for t in inner.split(",") if t.strip()]


def from_text(text: str, source: str = "") -> RailsReport:
    events: list[Event] = []
    ranking: list[tuple[int, int, str]] = []
    winner = None
    title = ""
    seats: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue  # a turn separator
        m = WINNER.match(line.strip())
        if m:
            winner = m.group(1)
            continue
        if line.startswith("EoGFinalRanking"):
            continue
        m = RANKING.match(line)
        if m and "," not in line:
            ranking.append((int(m.group(1)), int(m.group(2)), m.group(3)))
            continue
        fields = split_fields(line)
        event = Event(number, fields[0].strip(), tuple(f.strip() for f in fields[1:]))
        if event.key == "GameIs":
            title = event.arg(0)
        elif event.key == "PlayerIs":
            seats.append((event.int_arg(0), event.arg(1)))
        events.append(event)
    if not title:
        raise LogError(f"{source}: not a Rails game report (no GameIs line)")
    if not seats:
        raise LogError(f"{source}: the report names no players (PlayerIs lines)")
    players = [name for _, name in sorted(seats)]
    return RailsReport(title=title, players=players, events=events, ranking=ranking, winner=winner, source=source)


def load(path: str | Path) -> RailsReport:
    from railbook.files import FileRefused, read_limited
    from railbook.importers.json_input import MAX_BYTES

    try:   # a regular file only, of the game files' size (railbook/files.py)
        raw = read_limited(path, MAX_BYTES)
    except FileRefused as exc:
        raise LogError(f"{path}: {exc.reason}") from None
    except FileNotFoundError:
        raise LogError(f"{path}: no such file") from None
    except OSError as exc:
        raise LogError(f"{path}: cannot read it: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return from_text(text, source=str(path))


# events whose handlers act (after the game is over in the engine, the report may only comment)
ACTION_KEYS = {"BID_ITEM_LOG", "BuysItemFor", "PASSES", "START_COMPANY_LOG", "BUY_SHARE_LOG", "BUY_SHARES_LOG",
               "SELL_SHARE_LOG", "SELL_SHARES_LOG", "CompanyOperates", "LaysTileAt", "LaysTileAtFor",
               "LAYS_TOKEN_ON", "LaysBonusTokenOn", "BuysRight", "DestinationReached", "CompanyRevenue",
               "CompanyPaysOutFull", "CompanySplits", "CompanyWithholds", "BuysTrain", "CompanyRepaysLoans",
               "BoughtBond", "BoughtBonds", "SoldBond", "SoldBonds", "ExchangesBaseToken", "CompanyDiscardsTrain",
               "CorrectMapLaysTileAt", "CorrectCashAddMoney", "CorrectCashSubstractMoney", "BuyPresidentLog",
               "LAYS_FREE_TOKEN_ON", "Autopasses"}

# events the engine brings about by itself (compared where useful, else only read)
PASSIVE = {
    "GameIs", "PlayerIs", "BankSizeIs", "StartOfPhase", "StartOfInitialRound", "HasPriority", "ALSO_GETS",
    "ALL_PASSED", "ITEM_PRICE_REDUCED", "TO_AUCTION", "StartStockRound", "FloatsWithCash", "SoldOut",
    "IS_NOW_PRES_OF", "ReceivesFor", "PrivateCloses", "PhaseDependentTrainLimitsSetTo", "InterestPaidFromTreasury",
    "InterestPaidFromRevenue", "InterestPaidFromPresidentCash", "RevenueReduced", "PayoutForBonds", "RECEIVES",
    "Payout", "FirstTrainBought", "NewTrainAvailable", "TrainsRusted", "TrainScoreAndReach", "RemovedTrains",
    "CompanyTakesLoan", "CompanyTakesLoans", "ORWorthIncrease", "BankIsBrokenReportText", "GameOver",
    "WillMergeInto", "START_MERGED_COMPANY", "CanOperate", "CannotOperate", "SharesReplacedForShares",
    "SharesReplacedForBonds", "SharesNotReplaced", "HasPutShareInPool", "HasDiscardedShare", "AutoMergeMinorLog",
    "LoansInherited", "CompanyInheritsLoan", "CompanyIssuesBonds", "ExchangesHomeBaseToken", "HasPutSharesInPool",
    "PayoutBlocked", "CompanyDividesEarnings", "PresidentAddsCash", "CompanyRepaysLoansWithPresCash",
    "Floats", "PlayerMustRaiseCash", "PlayerMustSellShares", "SharesReleased", "GAME_OVER",
}
CORRECTION_PREFIX = "CorrectionPrefix"
