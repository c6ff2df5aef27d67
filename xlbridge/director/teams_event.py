"""A team event's workbook (teams-event.xlsx) for ``check``, ``report`` and ``draw``:
read and check its rows, score its matches, rank the teams, and draw a Swiss's next round
(:mod:`xlbridge.formats` shows the result).

Every figure is the engine's: board IMPs from the two rooms' scores, VPs and the
standings from :func:`xlbridge.engine.team_standings`, the draw from
:func:`xlbridge.engine.swiss_draw`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from ..engine import BridgeInputError, Pairing, TeamStanding, imps, swiss_draw, team_standings, vp
from ..engine.errors import describe
from ..engine.numeric import real_number, whole_number
from .check import Checked, _columns, _in_use, _play, _Problems, _text
from .events import FilledBook
from .model import EventBoard, TeamEvent
from .names import Cell
from .report import ns_score

ROOM_NAMES = ("OpenContract", "OpenDeclarer", "OpenTricks", "ClosedContract", "ClosedDeclarer", "ClosedTricks")


def _whole(problems: _Problems, cell: Cell, what: str, high: int) -> int | None:
    def parse(value: object) -> int:
        return whole_number(value, what, 1, high)

    return problems.parse(cell, parse)


def _setup_number(problems: _Problems, book: FilledBook, name: str, what: str, low: int, high: int) -> int:
    cell = book.cells.cell(name)
    if cell is None:
        raise BridgeInputError(f"{book.path}: has no {name} cell; start from `xlbridge workbooks teams-event`")
    number = problems.parse(cell, lambda value: whole_number(value, what, low, high))
    return low if number is None else number


def check_teams_event(book: FilledBook) -> Checked:
    """Check a team event's rows and read its boards.

    A row counts once a room's result is typed in; its round, teams and board must then
    be numbers of the event, both rooms complete, and no board twice in a match. A team
    may play one match a round, and not in the round it has the bye. Matches with fewer
    boards than scheduled are notes, not problems: the round may still be in play.
    """
    problems = _Problems()
    cells = book.cells
    teams = _setup_number(problems, book, "TeamCount", "teams", 2, 200)
    rounds = _setup_number(problems, book, "RoundCount", "rounds", 1, 200)
    match_boards = _setup_number(problems, book, "MatchBoards", "boards a match", 1, 99)
    bye_cell = cells.cell("ByeVP")
    bye_vp = 12.0
    if bye_cell is not None and not bye_cell.blank:
        parsed = problems.parse(bye_cell, _bye_vp)
        bye_vp = bye_vp if parsed is None else parsed
    names = {}
    for number, name in zip(cells.column("TeamNumber"), cells.column("TeamName"), strict=False):
        if isinstance(number.value, int):
            names[number.value] = "" if name.blank else str(name.value).strip()
    byes: dict[int, int] = {}
    if "RoundBye" in cells:
        for round_no, cell in enumerate(cells.column("RoundBye"), start=1):
            if not cell.blank:
                team = _whole(problems, cell, "bye team", teams)
                if team is not None:
                    byes[round_no] = team

    boards: list[EventBoard] = []
    seen: dict[tuple[int, int, int, int], Cell] = {}
    first_row: dict[tuple[int, int, int], Cell] = {}
    names_in = ("MatchRound", "MatchHome", "MatchAway", "Board", *ROOM_NAMES)
    for round_cell, home_cell, away_cell, board_cell, *inputs in _columns(problems, cells, names_in):
        if not _in_use(inputs):
            continue
        round_no = _whole(problems, round_cell, "round", rounds)
        home = _whole(problems, home_cell, "home team", teams)
        away = _whole(problems, away_cell, "away team", teams)
        if home is not None and home == away:
            problems.add(away_cell, f"team {home} cannot meet itself")
            away = None
        number = _whole(problems, board_cell, "board", 999)
        plays = []
        for room, room_cells in (("open", inputs[:3]), ("closed", inputs[3:])):
            if not _in_use(room_cells):
                problems.add(room_cells[0], f"board {number or '?'}: no result from the {room} room")
                plays.append(None)
            else:
                plays.append(_play(problems, *room_cells))
        if None in (round_no, home, away, number):
            continue
        key = (round_no, home, away, number)
        if key in seen:
            problems.add(board_cell, f"board {number} of round {round_no}, {home} v {away}, appears twice "
                                     f"(also at {seen[key].address})")
            continue
        seen[key] = board_cell
        first_row.setdefault((round_no, home, away), home_cell)
        if None not in plays:
            boards.append(EventBoard(round_no, home, away, number, plays[0], plays[1]))

    playing: dict[tuple[int, int], tuple[int, int]] = {}
    for (round_no, home, away), cell in sorted(first_row.items(), key=lambda item: item[1].row):
        for team in (home, away):
            other = playing.setdefault((round_no, team), (home, away))
            if other != (home, away):
                problems.add(cell, f"round {round_no}: team {team} plays two matches ({other[0]} v {other[1]} "
                                   f"and {home} v {away})")
            if byes.get(round_no) == team:
                problems.add(cell, f"round {round_no}: team {team} has the bye, but plays {home} v {away}")
    count = Counter((b.round, b.home, b.away) for b in boards)
    notes = tuple(f"round {r}, {h} v {a}: {n} of {match_boards} boards" for (r, h, a), n in sorted(count.items())
                  if n < match_boards)
    event = TeamEvent(
        name=_text(cells, "EventName", book.path.stem), date=_text(cells, "EventDate"),
        swiss=_text(cells, "EventFormat").lower() == "swiss", teams=names, rounds=rounds,
        match_boards=match_boards, bye_vp=bye_vp, byes=byes, boards=tuple(boards),
    )
    return Checked(book, problems.sorted(), event, notes)


def _bye_vp(value: object) -> float:
    points = real_number(value, "bye VP")
    if not 0 <= points <= 20:
        raise BridgeInputError(f"bye VP {describe(value)}: must be 0-20")
    return points


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
