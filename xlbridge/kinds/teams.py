"""A team match (teams.xlsx): the check, the fill and the scoring of a book."""

from __future__ import annotations

from openpyxl import Workbook

from .. import workbooks
from ..director.cells import Problems, board_number, in_use, read_play, rows_of, text_of
from ..director.hands import read_hands
from ..director.names import Cell
from ..event import TeamBoard, TeamMatch, TeamsReport, score_teams
from ..workbooks import hands as hands_sheet
from ..workbooks import teams as teams_template
from .base import Checked, FilledBook, Kind, event_date, play_columns


class TeamsKind(Kind):
    """A team match: both rooms' results board by board, IMPs and VPs (teams.xlsx)."""

    template = teams_template
    title = "team match"
    plural = "team matches"
    report = TeamsReport

    def check(self, book: FilledBook) -> Checked:
        return check_teams(book)

    def score(self, event: TeamMatch) -> TeamsReport:
        return score_teams(event)

    def summary(self, checked: Checked) -> str:
        assert isinstance(checked.event, TeamMatch)
        return f"{self.title}, {len(checked.event.boards)} boards"

    def fill(self, event: TeamMatch, *, lang: str = "en", paper: str = "A4", fit: bool = False) -> Workbook:
        return teams_workbook(event, lang=lang, paper=paper, fit=fit)


def check_teams(book: FilledBook) -> Checked:
    """Check a team match and read its boards."""
    problems = Problems()
    cells = book.cells
    boards: list[TeamBoard] = []
    seen: dict[int, Cell] = {}
    for board, *inputs in rows_of(problems, cells, teams_template.INPUTS):
        if not in_use(inputs):
            continue
        open_cells, closed_cells = inputs[:3], inputs[3:]
        number = None
        if board.blank:
            problems.add(board, "no board number")
        else:
            number = problems.parse(board, board_number)
            if number is not None and number in seen:
                problems.add(board, f"board {number} appears twice (also at {seen[number].address})")
                number = None
            elif number is not None:
                seen[number] = board
        rooms = []
        for room, room_cells in (("open", open_cells), ("closed", closed_cells)):
            if not in_use(room_cells):
                problems.add(room_cells[0], f"board {number or '?'}: no result from the {room} room")
                rooms.append(None)
            else:
                rooms.append(read_play(problems, *room_cells))
        if number is not None and None not in rooms:
            boards.append(TeamBoard(number, rooms[0], rooms[1]))
    match = TeamMatch(
        name=text_of(cells, "EventName", book.path.stem), date=text_of(cells, "EventDate"),
        home=text_of(cells, "HomeTeam", "Home"), away=text_of(cells, "AwayTeam", "Away"),
        boards=tuple(boards), hands=read_hands(problems, cells),
    )
    return Checked(book, problems.sorted(), match)


def teams_workbook(match: TeamMatch, *, lang: str = "en", paper: str = "A4",
                   fit: bool = False) -> Workbook:
    """The team-match template holding ``match``: both teams and every board.

    With ``fit`` the template has just the match's boards; otherwise its full size.
    """
    size = {"boards": len(match.boards)} if fit and match.boards else {}
    book = workbooks.build(teams_template.NAME, lang=lang, paper=paper, event=match.name,
                           date=event_date(match.date), home=match.home, away=match.away, **size)
    boards = sorted(match.boards, key=lambda b: b.board)
    board, *rooms = teams_template.INPUTS
    workbooks.write_named(book, board, [b.board for b in boards])
    for names, plays in ((rooms[:3], [b.open for b in boards]), (rooms[3:], [b.closed for b in boards])):
        for name, values in zip(names, play_columns(plays), strict=True):
            workbooks.write_named(book, name, values)
    hands_sheet.write(book, match.hands.values())
    return book
