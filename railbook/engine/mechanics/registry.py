"""Every mechanic the engine has, in the order the game asks them.

The one list of mechanics: a mechanic is not found by being imported, it is
listed here. Their order matters where two change the same step list: those
that replace a step class come first, those that add rules to whatever class is
in use after them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railbook.engine.mechanics.assign import AssignRights
from railbook.engine.mechanics.assignments import Assignments
from railbook.engine.mechanics.base import Mechanic, StepSpec
from railbook.engine.mechanics.bonds import Bonds
from railbook.engine.mechanics.capitalization import MarketPriceCapital
from railbook.engine.mechanics.conversion import Conversions
from railbook.engine.mechanics.debt_formation import DebtFormation
from railbook.engine.mechanics.dividend_rules import DividendRules
from railbook.engine.mechanics.escrow import Escrow
from railbook.engine.mechanics.formation import Formations
from railbook.engine.mechanics.home_tokens import SetupHomeTokens, StartingTrains
from railbook.engine.mechanics.issue_redeem import IssueRedeem
from railbook.engine.mechanics.minor_takeover import MinorTakeover
from railbook.engine.mechanics.loans import Loans
from railbook.engine.mechanics.marker_bonuses import MarkerBonuses
from railbook.engine.mechanics.mergers import Mergers
from railbook.engine.mechanics.par_exchange import ParByExchange
from railbook.engine.mechanics.minors import MinorRules
from railbook.engine.mechanics.private_trades import PrivateTrades
from railbook.engine.mechanics.receivership import Receivership
from railbook.engine.mechanics.round_sequence import RoundSequence
from railbook.engine.mechanics.starting_package import StartingPackage
from railbook.engine.mechanics.stated_revenue import StatedRevenue
from railbook.engine.mechanics.stock_trading import StockTrading
from railbook.engine.mechanics.token_moves import TokenMoves
from railbook.engine.mechanics.treasury import TreasuryTrading

if TYPE_CHECKING:
    from railbook.engine.state import GameState

MECHANICS: tuple[type[Mechanic], ...] = (
    # who acts when: set-up, the first rounds, the order of rounds
    SetupHomeTokens, StartingTrains, StartingPackage, Mergers, MinorRules, PrivateTrades, StockTrading, RoundSequence,
    ParByExchange,
    # the corporation rules that add to the steps the ones above may have replaced
    MarketPriceCapital, StatedRevenue, DividendRules, Loans, Bonds, AssignRights, Assignments, Conversions,
    TreasuryTrading, Formations, DebtFormation, TokenMoves, IssueRedeem, MinorTakeover, Receivership, Escrow,
    MarkerBonuses,
)


def install(game: "GameState") -> None:
    """Create the mechanics the title's data asks for, set each up (they may look each other up), then
    register their handlers at the steps' extension points, in the order the mechanics are listed."""
    mechanics = [cls(game) for cls in MECHANICS if cls.applies(game)]
    game.mechanics = list(mechanics)
    game.mechanic_index.clear()
    for m in mechanics:
        m.setup()
    game.extensions.clear()
    for m in mechanics:
        for point, handler in m.handlers():
            game.extensions.add(point, handler, type(m).__name__)


def step_kinds() -> dict[str, StepSpec]:
    """The operating-round steps the mechanics bring, by the name a title lists."""
    out: dict[str, StepSpec] = {}
    for cls in MECHANICS:
        out.update(cls.STEPS)
    return out
