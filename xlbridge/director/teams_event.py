"""A team event (teams-event.xlsx, read and checked by :func:`~.check.check_teams_event`)
for ``report`` and ``draw``: score its matches, rank the teams, and draw a Swiss's next
round (:mod:`xlbridge.formats` shows the result).

Every figure is the engine's: board IMPs from the two rooms' scores, VPs and the
standings from :func:`xlbridge.engine.team_standings`, the draw from
:func:`xlbridge.engine.swiss_draw`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..engine import BridgeInputError, Pairing, TeamStanding, imps, swiss_draw, team_standings, vp
from .model import TeamEvent
from .report import ns_score

# --- scoring ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoredMatch:
    """One match of the event: IMPs won by each team over the boards played in both
    rooms, and the VPs they give (WBF 20-VP scale)."""

    round: int
    home: int
    away: int
    imps_home: int
    imps_away: int
    boards: int

    @property
    def vp_home(self) -> float:
        """The home team's VPs."""
        return vp(self.imps_home - self.imps_away, self.boards)

    @property
    def vp_away(self) -> float:
        """The away team's VPs."""
        return vp(self.imps_away - self.imps_home, self.boards)


@dataclass(frozen=True)
class TeamEventReport:
    """A team event scored: every match, the byes of the rounds begun, the standings."""

    event: TeamEvent
    matches: tuple[ScoredMatch, ...]

    @property
    def rounds_begun(self) -> list[int]:
        """The rounds with a board played, in order."""
        return sorted({m.round for m in self.matches})

    @property
    def empty(self) -> bool:
        """True before the first board."""
        return not self.matches

    def engine_matches(self, through: int | None = None) -> list[tuple]:
        """The matches (and byes) of the rounds up to ``through``, as
        :func:`~xlbridge.engine.team_standings` takes them."""
        last = max(self.rounds_begun, default=0) if through is None else through
        rows: list[tuple] = [(m.home, m.away, m.imps_home, m.imps_away, m.boards)
                             for m in self.matches if m.round <= last]
        rows += [(team, None) for round_no, team in sorted(self.event.byes.items())
                 if round_no <= last and round_no in self.rounds_begun]
        return rows

    def standings(self, through: int | None = None) -> list[TeamStanding]:
        """The standings after round ``through`` (by default: everything played)."""
        return team_standings(self.engine_matches(through), bye_vp=self.event.bye_vp)

    def played(self) -> list[Pairing]:
        """Every match so far as (home, away), byes as (team, None): a Swiss draw's history."""
        return [(home, away) for home, away, *_ in self.engine_matches()]

    def name(self, team: int) -> str:
        """The team's name, or ``Team 3`` when it has none."""
        return self.event.teams.get(team) or f"Team {team}"


def score_event(event: TeamEvent) -> TeamEventReport:
    """IMP every board (home NS in the open room) and add them up match by match."""
    totals: dict[tuple[int, int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for board in event.boards:
        margin = imps(ns_score(board.open, board.board) - ns_score(board.closed, board.board))
        total = totals[board.round, board.home, board.away]
        total[0] += max(margin, 0)
        total[1] += max(-margin, 0)
        total[2] += 1
    matches = tuple(ScoredMatch(r, h, a, won, lost, n) for (r, h, a), (won, lost, n) in sorted(totals.items()))
    return TeamEventReport(event, matches)


def next_round(report: TeamEventReport) -> tuple[int, list[Pairing]]:
    """The Swiss's next round and its draw, from the standings so far.

    Raises :class:`BridgeInputError` when every round is already played or begun.
    """
    begun = report.rounds_begun
    number = (max(begun) if begun else 0) + 1
    if number > report.event.rounds:
        raise BridgeInputError(f"all {report.event.rounds} rounds have results; there is no round to draw")
    standings = [s.team for s in report.standings()]
    teams = sorted(report.event.teams) or list(range(1, len(standings) + 1))
    order = standings + [t for t in teams if t not in standings]
    return number, swiss_draw(order, report.played(), round=number)
