"""Individuals (individual.xlsx): the check and the scoring of a book.

A check reads every row against the movement the book was written from (its Movement
sheet): a row's board, round, table and players where the movement put them; a player
not on the list, twice at a table, twice on a board or at two tables in one round. Each
problem is one line at its cell, and the rest of the book is read on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from openpyxl import Workbook

from .. import workbooks
from ..director.cells import (
    Problems,
    board_number,
    count_of,
    describe_numbers,
    in_use,
    mp_scale_of,
    read_play,
    rows_of,
    text_of,
)
from ..director.hands import read_hands
from ..director.names import Cell, NamedCells
from ..engine import OptionError, looks_weighted
from ..engine.errors import describe
from ..engine.individual import SIZES, IndividualMovement, IndividualSeating
from ..engine.numeric import whole_number
from ..engine.pairs import yes_no
from ..event.individual import IndividualEvent, IndividualReport, IndividualResult, Player, score_individual
from ..event.model import SplitPlay
from ..workbooks import hands as hands_sheet
from ..workbooks import individual as individual_template
from ..workbooks.pairs import YES_NO
from .base import Checked, FilledBook, Kind, event_date, play_columns

_NEUBERG = replace(YES_NO, what="Neuberg")
SEATS = individual_template.SEATS


class IndividualKind(Kind):
    """An individual: each player partners every other once and is ranked alone (individual.xlsx)."""

    template = individual_template
    title = "individual"
    plural = "individuals"
    report = IndividualReport

    def check(self, book: FilledBook) -> Checked:
        return check_individual(book)

    def score(self, event: IndividualEvent) -> IndividualReport:
        return score_individual(event)

    def fill(self, event: IndividualEvent, *, lang: str = "en", paper: str = "A4", fit: bool = False) -> Workbook:
        return individual_workbook(event, lang=lang, paper=paper)

    def summary(self, checked: Checked) -> str:
        event = checked.event
        assert isinstance(event, IndividualEvent)
        playing = {p for r in event.results for p in r.seats if p is not None}
        return f"{self.title}, {len(playing)} players, {len(event.results)} results"


@dataclass(frozen=True, slots=True)
class _Place:
    """One table in one round of the book's movement."""

    seats: tuple[int, int, int, int]
    boards: str


def player_number(value: object) -> int:
    return whole_number(value, "player", 1, individual_template.MAX_PLAYER)


def check_individual(book: FilledBook) -> Checked:
    """Check an individual and read its results."""
    problems = Problems()
    cells = book.cells
    players = _players(problems, cells)
    known = {player.number for player in players}
    scale = mp_scale_of(problems, cells)
    options = _options(problems, cells)
    board_count = count_of(problems, cells, "BoardCount", "boards")
    plan = _movement(cells)
    results: list[IndividualResult] = []
    pending = 0
    on_board: dict[tuple[int, int], Cell] = {}
    in_round: dict[tuple[int, int], tuple[int | None, Cell]] = {}
    rows_on: Counter[int] = Counter()
    for row in rows_of(problems, cells, individual_template.INPUTS):
        round_cell, table_cell, board_cell, *seat_cells = row[:7]
        contract, declarer, tricks = row[7:]
        if not in_use(row):
            continue
        if not in_use(row[7:]):  # prefilled from the movement, not played yet
            pending += 1
            continue
        round_no = None if round_cell.blank else problems.parse(round_cell, lambda v: whole_number(v, "round", 1))
        table = None if table_cell.blank else problems.parse(table_cell, lambda v: whole_number(v, "table", 1))
        board = None
        if board_cell.blank:
            problems.add(board_cell, "no board number")
        else:
            board = problems.parse(board_cell, board_number)
            if board is not None and board_count and board > board_count[0]:
                problems.add(board_cell, f"board {board}: the event has {board_count[0]} boards "
                                         f"({board_count[1].address})")
                board = None
        readable = board is not None
        seats: list[int | None] = []
        for cell in seat_cells:
            number = None if cell.blank else problems.parse(cell, player_number)
            if not cell.blank and number is None:
                readable = False
            elif number is not None and known and number not in known:
                problems.add(cell, f"player {number} is not in the event "
                                   f"(the player list has {describe_numbers(sorted(known))})")
                readable = False
            elif number is not None and number in seats:
                problems.add(cell, f"player {number} is already {SEATS[seats.index(number)]} at this table")
                readable, number = False, None
            seats.append(number)
        if all(cell.blank for cell in seat_cells):
            problems.add(seat_cells[0], "no players (North, East, South, West)")
            readable = False
        placed = True
        if plan and round_no is not None and table is not None:
            placed = _check_place(problems, plan, round_no, table, table_cell, board, board_cell, seats, seat_cells)
            readable = readable and placed
        for number, cell in zip(seats, seat_cells, strict=True):
            if number is None:
                continue
            if round_no is not None and placed:  # a table not in the movement is said once, above
                where = in_round.setdefault((round_no, number), (table, cell))
                if where[0] != table:  # at two tables: on the round's boards twice too, said once
                    problems.add(cell, f"player {number} is at table {describe(table)} in round {round_no}, "
                                       f"and at table {describe(where[0])} ({where[1].address})")
                    readable = False
                    continue
            if board is not None:
                if (board, number) in on_board:
                    problems.add(cell, f"player {number} plays board {board} twice "
                                       f"(also at {on_board[board, number].address})")
                    readable = False
                else:
                    on_board[board, number] = cell
        play = _play(problems, contract, declarer, tricks)
        if board is not None:
            rows_on[board] += 1
        if readable and play is not None:
            results.append(IndividualResult(round_no, table, board, tuple(seats), play))
    expected = options.get("expected")
    if isinstance(expected, int) and rows_on and expected < max(rows_on.values()):
        most = max(rows_on.values())
        board = min(b for b, n in rows_on.items() if n == most)
        problems.add(cells.cell("ExpectedResults"), f"expected results {expected}: board {board} has {most} "
                                                    f"results; must be at least {most}")
        del options["expected"]
    notes = (f"{pending} result{'s' * (pending != 1)} of the movement: not in yet",) if pending else ()
    event = IndividualEvent(name=text_of(cells, "EventName", book.path.stem), date=text_of(cells, "EventDate"),
                            players=players, results=tuple(results), scale=scale, options=options,
                            hands=read_hands(problems, cells))
    return Checked(book, problems.sorted(), event, notes)


def _players(problems: Problems, cells: NamedCells) -> tuple[Player, ...]:
    """The player list from ``PlayerNumber``/``PlayerName``."""
    players: dict[int, Player] = {}
    names = cells.column("PlayerName")
    for index, cell in enumerate(cells.column("PlayerNumber")):
        if cell.blank:
            continue
        number = problems.parse(cell, player_number)
        if number is None:
            continue
        if number in players:
            problems.add(cell, f"player {number} is listed twice")
            continue
        name = names[index].value if index < len(names) else None
        players[number] = Player(number, "" if name is None else str(name).strip())
    return tuple(sorted(players.values(), key=lambda player: player.number))


def _options(problems: Problems, cells: NamedCells) -> dict[str, object]:
    """Neuberg and the expected results, as individual_event's keywords (blank: the default)."""
    options: dict[str, object] = {}
    for name, keyword, parser in (("UseNeuberg", "neuberg", lambda v: yes_no(_NEUBERG.parse(v), "Neuberg")),
                                  ("ExpectedResults", "expected", lambda v: whole_number(v, "expected results", 1))):
        cell = cells.cell(name)
        if cell is None or cell.blank:
            continue
        value = problems.parse(cell, parser)
        if value is not None:
            options[keyword] = value
    return options


def _movement(cells: NamedCells) -> dict[tuple[int, int], _Place]:
    """The movement's tables by (round, table); empty for a book without one."""
    names = ("MoveRound", "MoveTable", *(f"Move{seat}" for seat in SEATS), "MoveBoards")
    columns = [cells.column(name) for name in names]
    plan = {}
    for round_no, table, *seats, boards in zip(*columns, strict=False):
        try:  # values the book was written with; a row edited by hand is passed by
            plan[int(round_no.value), int(table.value)] = _Place(tuple(int(s.value) for s in seats), str(boards.value))
        except (TypeError, ValueError):
            continue
    return plan


def _check_place(problems: Problems, plan: dict[tuple[int, int], _Place], round_no: int, table: int,
                 table_cell: Cell, board: int | None, board_cell: Cell, seats: Sequence[int | None],
                 seat_cells: Sequence[Cell]) -> bool:
    """A row whose board or players contradict the movement at its round and table."""
    where = f"round {round_no}, table {table}"
    place = plan.get((round_no, table))
    if place is None:
        rounds = max(r for r, _ in plan)
        tables = max(t for _, t in plan)
        problems.add(table_cell, f"{where}: not in the movement ({rounds} rounds of {tables} tables)")
        return False
    good = True
    first, _, last = place.boards.partition("-")
    if board is not None and not int(first) <= board <= int(last or first):
        problems.add(board_cell, f"board {board}: {where} plays board{'s' * bool(last)} {place.boards}")
        good = False
    for number, cell, seat, planned in zip(seats, seat_cells, SEATS, place.seats, strict=True):
        if number is not None and number != planned:
            problems.add(cell, f"player {number}: the movement has player {planned} {seat} at {where}")
            good = False
    return good


def _play(problems: Problems, contract: Cell, declarer: Cell, tricks: Cell):
    """The row's result: a contract, NP or an adjusted score; weighted and split scores refused."""
    if not contract.blank and looks_weighted(contract.value):
        problems.add(contract, f"weighted score {describe(contract.value)}: an individual does not score weighted "
                               "scores (give the contract played, NP or an adjusted score such as A60/40)")
        return None
    play = read_play(problems, contract, declarer, tricks, codes=True)
    if play is not None and isinstance(play.outcome, SplitPlay):
        problems.add(contract, f"split score {describe(contract.value)}: an individual does not score split scores "
                               "(give an adjusted score such as A60/40)")
        return None
    return play


def individual_workbook(event: IndividualEvent, *, lang: str = "en", paper: str = "A4") -> Workbook:
    """The individual template holding ``event`` as a director would have typed it: the
    movement for the smallest size that seats its players, and its results on their rows
    when every result was played where that movement puts it; else, when every result has
    its round and table (another program's movement, imported), that movement as the file
    has it; otherwise the results as they are, and no movement to compare them with. The
    event's deals go on the Hands sheet (a deal for a board the book has no row for is
    left out, as ``xlbridge hands`` leaves it)."""
    book = _filled(event, lang, paper)
    hands_sheet.write(book, event.hands.values())
    return book


def _filled(event: IndividualEvent, lang: str, paper: str) -> Workbook:
    """The template laid out for the event, its results on their rows."""
    numbers = [p.number for p in event.players] + [p for r in event.results for p in r.seats if p is not None]
    most = max(numbers, default=individual_template.PLAYERS)
    size = next((n for n in SIZES if n >= most), None)
    own = file_movement(event, most)
    if size is None and own is None:
        raise OptionError(f"player {most}: an individual here has at most {SIZES[-1]} players, or another "
                          "program's movement with every result's round and table")
    if size is not None:
        rounds = individual_template.movement_of(size).rounds
        boards = max((r.board for r in event.results), default=0)
        per_round = max(1, -(-boards // rounds))
        book = _book(event, lang, paper, players=size, boards=per_round * rounds)
        placed, spots = _spots(book, event)
        if None not in spots and len(set(spots)) == len(spots):
            return _write_plays(book, placed, spots, event)
    if own is not None:
        book = _book(event, lang, paper, movement=own)
        placed, spots = _spots(book, event)
        if None not in spots and len(set(spots)) == len(spots):
            return _write_plays(book, placed, spots, event)
    if len(event.results) > len(placed):
        raise OptionError(f"{len(event.results)} results: the {most}-player book holds {len(placed)}")
    for name in ("MoveRound", "MoveTable", *(f"Move{seat}" for seat in SEATS), "MoveBoards"):
        workbooks.write_named(book, name, [None] * len(workbooks.read_named(book, name)))
    rows = [(r.round, r.table, r.board, *r.seats) for r in event.results]
    blank = [None] * (len(placed) - len(rows))
    for index, name in enumerate(individual_template.INPUTS[:7]):
        workbooks.write_named(book, name, [row[index] for row in rows] + blank)
    return _write_plays(book, placed, list(range(len(event.results))), event)


def _book(event: IndividualEvent, lang: str, paper: str, **layout: object) -> Workbook:
    """The template laid out for ``layout`` with the event's names and scoring options."""
    book = workbooks.build(individual_template.NAME, lang=lang, paper=paper, event=event.name or None,
                           date=event_date(event.date), names={p.number: p.name for p in event.players if p.name},
                           **layout)
    if event.scale != 2:
        workbooks.write_named(book, "MPScale", [event.scale])
    if "expected" in event.options:
        workbooks.write_named(book, "ExpectedResults", [event.options["expected"]])
    if event.options.get("neuberg") is False:
        workbooks.write_named(book, "UseNeuberg", [YES_NO.word(False, lang)])
    return book


def _spots(book: Workbook, event: IndividualEvent) -> tuple[list[tuple[object, ...]], list[int | None]]:
    """The book's prefilled rows, and the row each result is on (None: not on any)."""
    placed = list(zip(*(workbooks.read_named(book, name) for name in individual_template.INPUTS[:7]), strict=True))
    where = {row: index for index, row in enumerate(placed)}
    return placed, [where.get((r.round, r.table, r.board, *r.seats)) for r in event.results]


def _write_plays(book: Workbook, placed: Sequence[object], spots: Sequence[int | None],
                 event: IndividualEvent) -> Workbook:
    """Each result's contract, declarer and tricks on its row."""
    plays: list = [None] * len(placed)
    for spot, result in zip(spots, event.results, strict=True):
        plays[spot] = result.play
    columns = play_columns([p for p in plays if p is not None])
    filled = iter(zip(*columns, strict=True))
    values = [next(filled) if p is not None else (None, None, None) for p in plays]
    for index, name in enumerate(individual_template.INPUTS[7:]):
        workbooks.write_named(book, name, [value[index] for value in values])
    return book


def file_movement(event: IndividualEvent, players: int) -> IndividualMovement | None:
    """The movement an event's results were played in, as another program's file gives it:
    each round's tables with their four players, each table playing the round's boards (a
    run of board numbers, as many each round); a table's players are those of its first
    result (a file may seat them otherwise on a later board: that row is then not the
    movement's). None when a result has no round or table, or the rounds' boards are not so.

    >>> from xlbridge.event import Play
    >>> rows = [IndividualResult(r, t, b, seats, Play("4S", "N", 10)) for r, t, seats, boards in
    ...         ((1, 1, (1, 2, 3, 4), (1, 2)), (1, 2, (5, 6, 7, 8), (1, 2)), (2, 1, (1, 5, 3, 7), (3, 4)))
    ...         for b in boards]
    >>> str(file_movement(IndividualEvent("", "", (), tuple(rows)), 8))
    'Individual, 8 players: 2 rounds of 2 boards at 2 tables'
    """
    tables: dict[tuple[int, int], tuple[int | None, ...]] = {}
    boards: dict[int, set[int]] = {}
    for result in event.results:
        if result.round is None or result.table is None or None in result.seats:
            return None
        tables.setdefault((result.round, result.table), result.seats)
        boards.setdefault(result.round, set()).add(result.board)
    runs = {r: tuple(sorted(b)) for r, b in boards.items()}
    sizes = {len(run) for run in runs.values()}
    if len(sizes) != 1 or any(run[-1] - run[0] != len(run) - 1 for run in runs.values()):
        return None
    seatings = tuple(IndividualSeating(r, t, *seats, boards=runs[r]) for (r, t), seats in sorted(tables.items()))
    return IndividualMovement(players, max(t for _r, t in tables), max(runs), sizes.pop(), seatings)
