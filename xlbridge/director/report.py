"""Score a checked event with the engine: the reports :mod:`xlbridge.formats` shows
(terminal text, CSV, web page, PBN, USEBIO) and the printout prints.

Every number comes from :mod:`xlbridge.engine` applied to the inputs (a
workbook's cached formula values are never read), so a report is right even
for a workbook that was never recalculated.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (
    Adjusted,
    PairTotal,
    Scoring,
    Side,
    imps,
    is_not_played,
    pairs_event,
    parse_contract,
    relative_result,
    score,
    vp,
)
from ..engine import PairsEvent as ScoredEvent
from .model import PairsEvent, Play, TeamMatch


def ns_score(play: Play, board: int) -> int:
    """North-South's score of one result on a duplicate board.

    >>> ns_score(Play("3NT", "E", 9), 4), ns_score(Play("PASS"), 4)
    (-600, 0)
    """
    if play.passed_out:
        return 0
    return score(play.contract, play.tricks, board, play.declarer)


def describe_play(play: Play) -> str:
    """A result as a traveller writes it: ``4SX N -1``, ``3NT E =``, ``PASS``, ``A60/40``.

    >>> describe_play(Play("4SX", "N", 9)), describe_play(Play("PASS")), describe_play(Play("a60/40"))
    ('4SX N -1', 'PASS', 'A60/40')
    """
    if play.passed_out:
        return "PASS"
    if play.scored_otherwise:
        return "NP" if is_not_played(play.contract) else str(Adjusted.parse(play.contract))
    contract = parse_contract(play.contract)
    return f"{contract} {play.declarer} {relative_result(contract, play.tricks)}"


# --- pairs -------------------------------------------------------------------------


@dataclass(frozen=True)
class PairsReport:
    """A pairs event and the engine's scoring of it (:func:`~xlbridge.engine.pairs_event`)."""

    event: PairsEvent
    scored: ScoredEvent

    @property
    def boards(self) -> int:
        """How many boards have results."""
        return len({result.board for result in self.event.results})

    @property
    def names(self) -> dict[int, str]:
        """Each pair's names, by number."""
        return {pair.number: pair.names for pair in self.event.pairs}

    @property
    def imps(self) -> bool:
        """True for an IMP-scored event (cross-IMPs or Butler)."""
        return self.scored.scoring.imps

    @property
    def is_traveller(self) -> bool:
        """True for one board's traveller: results with no pair list."""
        return not self.event.pairs

    def rankings(self) -> list[tuple[str, list[PairTotal]]]:
        """One ranking, or one per direction: (title, pairs best first); the title is
        ``""`` for a one-field event, else ``North-South`` / ``East-West``."""
        return [("" if field is None else _FIELD_TITLES[field], self.scored.ranking(field))
                for field in self.scored.field_list]


_FIELD_TITLES = {Side.NS: "North-South", Side.EW: "East-West"}


def score_pairs(event: PairsEvent) -> PairsReport:
    """Score the event with :func:`~xlbridge.engine.pairs_event`, the one place it is scored."""
    scored = pairs_event([result.row for result in event.results], mpscale=event.scale,
                         **event.options)
    return PairsReport(event, scored)


# --- teams -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of a team match: each room's NS score and the home team's IMPs."""

    board: int
    open: Play
    closed: Play
    open_score: int
    closed_score: int
    imps: int


@dataclass(frozen=True)
class TeamsReport:
    """A team match scored: IMPs per board, the total and the victory points."""

    match: TeamMatch
    boards: tuple[ScoredBoard, ...]

    @property
    def imps_home(self) -> int:
        """IMPs won by the home team (the sum of its positive board IMPs)."""
        return sum(b.imps for b in self.boards if b.imps > 0)

    @property
    def imps_away(self) -> int:
        """IMPs won by the away team."""
        return -sum(b.imps for b in self.boards if b.imps < 0)

    @property
    def margin(self) -> int:
        """The home team's net IMPs (``TotalIMPs`` in the template)."""
        return sum(b.imps for b in self.boards)

    @property
    def verdict(self) -> str:
        """Who won, in words: ``Espoo Aces win by 2 IMPs`` or ``Drawn match``."""
        if self.margin == 0:
            return "Drawn match"
        winner = self.match.home if self.margin > 0 else self.match.away
        return f"{winner} win by {abs(self.margin)} IMP{'s' if abs(self.margin) != 1 else ''}"

    @property
    def vp_home(self) -> float:
        """The home team's victory points (WBF 20-VP scale for the boards played)."""
        return vp(self.margin, len(self.boards)) if self.boards else 10.0

    @property
    def vp_away(self) -> float:
        """The away team's victory points."""
        return vp(-self.margin, len(self.boards)) if self.boards else 10.0


def score_teams(match: TeamMatch) -> TeamsReport:
    """IMP every board: the home team sits NS in the open room and EW in the closed room."""
    boards = []
    for board in sorted(match.boards, key=lambda b: b.board):
        open_score = ns_score(board.open, board.board)
        closed_score = ns_score(board.closed, board.board)
        boards.append(ScoredBoard(board.board, board.open, board.closed, open_score,
                                  closed_score, imps(open_score - closed_score)))
    return TeamsReport(match, tuple(boards))


# --- words ---------------------------------------------------------------------------


def _scale_text(scale: int) -> str:
    return "2/1/0" if scale == 2 else "1/0.5/0"


def scoring_text(report: PairsReport) -> str:
    """How the event is scored, in words: ``matchpoints 2/1/0`` or ``Butler IMPs``."""
    scored = report.scored
    if scored.scoring is Scoring.BUTLER:
        return "Butler IMPs"
    if scored.scoring is Scoring.CROSS_IMPS:
        averaged = report.event.options.get("crossimps", "average")
        return f"cross-IMPs ({'total' if str(averaged).lower() == 'total' else 'averaged'})"
    return f"matchpoints {_scale_text(scored.mpscale)}"
