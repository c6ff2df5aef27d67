"""A team event (teams-event.xlsx), a round robin or a Swiss: the check, the fill and the
scoring of a book, and a Swiss's next round for ``xlbridge draw``
(:func:`xlbridge.event.next_round`).

Every figure is the engine's: each match's IMPs and VPs and the standings from
:func:`xlbridge.engine.team_event`, the draw from :func:`xlbridge.engine.swiss_draw`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from openpyxl import Workbook

from .. import workbooks
from ..director.cells import Problems, in_use, read_play, rows_of, text_of, whole_in
from ..director.hands import read_hands
from ..director.names import Cell
from ..engine import BYE_VP, BridgeInputError, Pairing, bye_points
from ..engine.numeric import whole_number
from ..event import EventBoard, TeamEvent, TeamEventReport, next_round, score_event
from ..workbooks import hands as hands_sheet
from ..workbooks import teams_event as event_template
from .base import Checked, FilledBook, Kind, Unfinished, event_date, play_columns, set_named


class TeamEventKind(Kind):
    """A team event: the teams, every match's boards in one long table, VPs and standings."""

    template = event_template
    title = "team event"
    plural = "team events"
    report = TeamEventReport
    draws = True

    def check(self, book: FilledBook) -> Checked:
        return check_teams_event(book)

    def score(self, event: TeamEvent) -> TeamEventReport:
        return score_event(event)

    def summary(self, checked: Checked) -> str:
        event = checked.event
        assert isinstance(event, TeamEvent)
        matches = {(b.round, b.home, b.away) for b in event.boards}
        return f"{self.title}, {len(event.teams)} teams, {len(matches)} matches, {len(event.boards)} boards"

    def fill(self, event: TeamEvent, *, lang: str = "en", paper: str = "A4", fit: bool = False) -> Workbook:
        return team_event_workbook(event, lang=lang, paper=paper)

    def next_round(self, report: TeamEventReport) -> tuple[int, list[Pairing]]:
        return next_round(report)


def _setup_number(problems: Problems, book: FilledBook, name: str, what: str, low: int, high: int) -> int:
    cell = book.cells.cell(name)
    if cell is None:
        raise BridgeInputError(f"{book.path}: has no {name} cell; start from `xlbridge workbooks {book.kind.name}`")
    number = problems.parse(cell, lambda value: whole_number(value, what, low, high))
    return low if number is None else number


@dataclass(frozen=True, slots=True)
class EventSetup:
    """What a round-by-round event's Setup holds: its size, rounds, boards a match, the
    bye's VPs, each entrant's name and each round's bye (a team event's teams, a Swiss
    pairs event's pairs)."""

    entrants: int
    rounds: int
    match_boards: int
    bye_vp: float
    names: dict[int, str]
    byes: dict[int, int]


def read_setup(problems: Problems, book: FilledBook, entrant: str) -> EventSetup:
    """An event's Setup read, a problem a cell; ``entrant`` names its entrants' cells
    (``Team``: TeamCount, TeamNumber, TeamName) and, in small letters, them in a message."""
    cells = book.cells
    entrants = _setup_number(problems, book, f"{entrant}Count", f"{entrant.lower()}s", 2, 200)
    rounds = _setup_number(problems, book, "RoundCount", "rounds", 1, 200)
    match_boards = _setup_number(problems, book, "MatchBoards", "boards a match", 1, 99)
    bye_cell = cells.cell("ByeVP")
    bye_vp = float(BYE_VP)
    if bye_cell is not None and not bye_cell.blank:
        parsed = problems.parse(bye_cell, bye_points)
        bye_vp = bye_vp if parsed is None else parsed
    names = {}
    for number, name in zip(cells.column(f"{entrant}Number"), cells.column(f"{entrant}Name"), strict=False):
        if isinstance(number.value, int):
            names[number.value] = "" if name.blank else str(name.value).strip()
    byes: dict[int, int] = {}
    if "RoundBye" in cells:
        for round_no, cell in enumerate(cells.column("RoundBye"), start=1):
            if not cell.blank:
                bye = whole_in(problems, cell, f"bye {entrant.lower()}", entrants)
                if bye is not None:
                    byes[round_no] = bye
    return EventSetup(entrants, rounds, match_boards, bye_vp, names, byes)


def check_teams_event(book: FilledBook) -> Checked:
    """Check a team event's rows and read its boards.

    A row counts once a room's result is typed in; its round, teams and board must then
    be numbers of the event, both rooms complete, and no board twice in a match. A team
    may play one match a round, and not in the round it has the bye. Matches with fewer
    boards than scheduled are notes, not problems: the round may still be in play.
    """
    problems = Problems()
    cells = book.cells
    setup = read_setup(problems, book, "Team")
    teams, rounds, match_boards = setup.entrants, setup.rounds, setup.match_boards
    bye_vp, names, byes = setup.bye_vp, setup.names, setup.byes

    boards: list[EventBoard] = []
    seen: dict[tuple[int, int, int, int], Cell] = {}
    first_row: dict[tuple[int, int, int], Cell] = {}
    names_in = event_template.INPUTS  # round, home, away, board, then both rooms
    for round_cell, home_cell, away_cell, board_cell, *inputs in rows_of(problems, cells, names_in):
        if not in_use(inputs):
            continue
        round_no = whole_in(problems, round_cell, "round", rounds)
        home = whole_in(problems, home_cell, "home team", teams)
        away = whole_in(problems, away_cell, "away team", teams)
        if home is not None and home == away:
            problems.add(away_cell, f"team {home} cannot meet itself")
            away = None
        number = whole_in(problems, board_cell, "board", 999)
        plays = []
        for room, room_cells in (("open", inputs[:3]), ("closed", inputs[3:])):
            if not in_use(room_cells):
                problems.add(room_cells[0], f"board {number or '?'}: no result from the {room} room")
                plays.append(None)
            else:
                plays.append(read_play(problems, *room_cells))
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
    unfinished = tuple(Unfinished(r, h, a, n, match_boards) for (r, h, a), n in sorted(count.items())
                       if n < match_boards)
    event = TeamEvent(
        name=text_of(cells, "EventName", book.path.stem), date=text_of(cells, "EventDate"),
        swiss=text_of(cells, "EventFormat").lower() == "swiss", teams=names, rounds=rounds,
        match_boards=match_boards, bye_vp=bye_vp, byes=byes, boards=tuple(boards), hands=read_hands(problems, cells),
    )
    return Checked(book, problems.sorted(), event, tuple(map(str, unfinished)), unfinished)


# --- filling the template ---------------------------------------------------------------


def team_event_workbook(event: TeamEvent, *, lang: str = "en", paper: str = "A4") -> Workbook:
    """teams-event.xlsx holding ``event``: its teams, and every round played so far in its
    Results rows (each match's boards in its rows, in the order the event lists them); the
    rounds after are left to draw."""
    book = workbooks.build(event_template.NAME, lang=lang, paper=paper, event=event.name,
                           date=event_date(event.date), teams=len(event.teams), rounds=event.rounds,
                           boards=event.match_boards, swiss=event.swiss,
                           names=[event.teams[number] for number in sorted(event.teams)])
    set_named(book, "ByeVP", event.bye_vp)
    round_name, *names = event_template.INPUTS
    rounds = workbooks.read_named(book, round_name)
    columns = {name: workbooks.read_named(book, name) for name in names}
    free = {number: [i for i, r in enumerate(rounds) if r == number] for number in set(rounds)}
    for board in event.boards:
        row = free[board.round].pop(0)
        played = play_columns([board.open]) + play_columns([board.closed])
        values = (board.home, board.away, board.board, *(column[0] for column in played))
        for name, value in zip(names, values, strict=True):
            columns[name][row] = value
    for name, values in columns.items():
        workbooks.write_named(book, name, values)
    if "RoundBye" in book.defined_names:
        workbooks.write_named(book, "RoundBye", [event.byes.get(r) for r in range(1, event.rounds + 1)])
    hands_sheet.write(book, event.hands.values())
    return book
