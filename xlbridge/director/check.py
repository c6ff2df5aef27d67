"""Check a filled template: every input, and the event as a whole.

Each problem names its cell (``Results!D17``) and says what is wrong in the
engine's words (``contract "8S": level must be 1-7``), so a director can go
straight to the cell. The same pass turns the inputs into the event values the
report scores, so the report never scores anything the check would refuse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..engine import Adjusted, BridgeInputError, Contract, Seat, is_not_played, mp_scale, parse_contract, tricks_taken
from ..engine.adjusted import looks_adjusted
from ..engine.chicago import best_fit, chicago_variant
from ..engine.compensation import FITS, Fit
from ..engine.errors import describe
from ..engine.numeric import real_number, whole_number
from ..engine.pairs import Scoring, cross_imps_mode, fields_count, yes_no
from ..engine.pivot import pivot_players
from ..engine.rubber import Honours, RubberDeal, parse_honours, play_rubber
from ..workbooks.chicago import fit_text
from ..workbooks.lookup import spellings
from .events import FilledBook
from .model import EventBoard, Pair, PairResult, PairsEvent, Play, TeamBoard, TeamEvent, TeamMatch
from .names import Cell, NamedCells

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to fix, at one cell."""

    cell: Cell
    message: str

    @property
    def address(self) -> str:
        """Where to fix it, e.g. ``Results!D17``."""
        return self.cell.address

    def __str__(self) -> str:
        return f"{self.address}: {self.message}"


@dataclass(frozen=True)
class Checked:
    """The outcome of a check: the problems found and, when readable, the event."""

    book: FilledBook
    problems: tuple[Problem, ...]
    event: PairsEvent | TeamMatch | TeamEvent | None
    notes: tuple[str, ...] = ()

    @property
    def clean(self) -> bool:
        """True when nothing needs fixing."""
        return not self.problems


class _Problems:
    """Collects problems; turns engine errors on a cell into one problem each."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, cell: Cell, message: str) -> None:
        self.found.append(Problem(cell, message))

    def parse(self, cell: Cell, parser: Callable[[object], T]) -> T | None:
        """``parser(cell.value)``, or None after recording its error at the cell."""
        if cell.formula:
            self.add(cell, f"holds a formula ({str(cell.value)[:20]}); type the value itself")
            return None
        try:
            return parser(cell.value)
        except BridgeInputError as error:
            self.add(cell, str(error))
            return None

    def sorted(self) -> tuple[Problem, ...]:
        return tuple(sorted(self.found, key=lambda p: (p.cell.sheet, p.cell.row, p.cell.column)))


def _pair_number(value: object) -> int:
    return whole_number(value, "pair", 1)


def _board_number(value: object) -> int:
    return whole_number(value, "board", 1)


_SPELLINGS = frozenset(text for text, _ in spellings())


def _as_sheet_reads(value: object) -> str:
    """The text as the sheets' formulas compare it: TRIM'd, case not significant."""
    return " ".join(str(value).split()).upper()


def _contract(value: object) -> Contract:
    """A contract in a form the templates' formulas look up (``4SX``, ``3N``, ``PASS``).

    The engine reads more (``4S*``, ``4♠``, ``P``, a declarer appended), but the
    workbook's lookup table holds only the standard spellings (and no-trump as
    ``N``), so a director would see a flag in the sheet: say which one to use.
    """
    parsed = parse_contract(value)
    if parsed.declarer is not None:
        raise BridgeInputError(f"contract {describe(value)}: write {parsed.with_declarer(None)} "
                               f"here and the declarer ({parsed.declarer}) in its own column")
    if _as_sheet_reads(value) not in _SPELLINGS:
        raise BridgeInputError(f"contract {describe(value)}: write it as {parsed} "
                               "(the workbook reads 4S, 3NTX, 2HXX, PASS ...)")
    return parsed


def _code(value: object) -> str | None:
    """``NP`` or an adjusted score as a pairs row's Contract cell holds it, or None for
    a contract; an adjusted score the sheet would not read is an error."""
    if is_not_played(value):
        if _as_sheet_reads(value) != "NP":
            raise BridgeInputError(f"contract {describe(value)}: write NP for a board not played")
        return "NP"
    if not looks_adjusted(value):
        return None
    adjusted = Adjusted.parse(value)
    if _as_sheet_reads(value) != str(adjusted):
        raise BridgeInputError(f"adjusted score {describe(value)}: write it as {adjusted}")
    return str(adjusted)


def _declarer(value: object) -> Seat:
    seat = Seat.parse(value)
    if str(value).strip().upper() != seat.value:
        raise BridgeInputError(f"declarer {describe(value)}: write {seat}")
    return seat


def _tricks(contract: Contract) -> Callable[[object], int]:
    """Tricks as the templates take them: a whole number 0-13 (typed, not text)."""

    def parse(value: object) -> int:
        if isinstance(value, str):
            try:
                taken = tricks_taken(contract, value)
            except BridgeInputError:
                raise BridgeInputError(f"tricks {describe(value)}: type the tricks declarer "
                                       "took, a number 0-13") from None
            raise BridgeInputError(f"tricks {describe(value)}: type the tricks declarer took "
                                   f"as a number ({taken}), not as text")
        number = whole_number(value, "tricks")
        if number > 13:
            raise BridgeInputError(f"tricks {describe(value)}: must be 0-13, the tricks declarer took")
        if number < 0:
            raise BridgeInputError(f"tricks {describe(value)}: type the tricks declarer took, "
                                   f"0-13 (down {-number} in {contract} is "
                                   f"{contract.tricks_needed + number} tricks)")
        return tricks_taken(contract, number)

    return parse


def _play(problems: _Problems, contract: Cell, declarer: Cell, tricks: Cell,
          codes: bool = False) -> Play | None:
    """One result: contract, declarer and tricks; None (with problems) when unusable.
    With ``codes`` (a pairs row) the contract may also be ``NP`` or an adjusted score."""
    if contract.blank:
        problems.add(contract, "no contract (type PASS for a passed-out board)")
        return None
    if codes and (is_not_played(contract.value) or looks_adjusted(contract.value)):
        code = problems.parse(contract, _code)
        if code is None:
            return None
        ok = True
        for cell, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not cell.blank:
                problems.add(cell, f"{what} must be blank for {code} (or type the contract played)")
                ok = False
        return Play(code) if ok else None
    parsed = problems.parse(contract, _contract)
    seat = None if declarer.blank else problems.parse(declarer, _declarer)
    if parsed is None:
        return None
    if parsed.passed_out:
        ok = True
        for cell, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not cell.blank:
                problems.add(cell, f"the board was passed out, so {what} must be blank "
                                   "(or correct the contract)")
                ok = False
        return Play("PASS") if ok else None
    if declarer.blank:
        problems.add(declarer, f"no declarer for {parsed}: give N, E, S or W")
    if tricks.blank:
        problems.add(tricks, f"no tricks for {parsed}: give the tricks declarer took, 0-13")
        return None
    taken = problems.parse(tricks, _tricks(parsed))
    if seat is None or taken is None:
        return None
    return Play(str(parsed), str(seat), taken)


def _in_use(cells: Sequence[Cell]) -> bool:
    return any(not cell.blank for cell in cells)


def _columns(problems: _Problems, cells: NamedCells, names: Sequence[str]) -> list[tuple[Cell, ...]]:
    """The rows of equal-length named columns (cut to the shortest, with a problem)."""
    columns = [cells.column(name) for name in names]
    lengths = {len(column) for column in columns}
    if len(lengths) > 1:
        shortest = min(lengths)
        first = next(column[0] for column in columns if column)
        problems.add(first, "the named columns " + ", ".join(names) + " differ in length "
                            f"({', '.join(str(len(c)) for c in columns)}); only the first "
                            f"{shortest} rows are checked")
    return list(zip(*columns, strict=False))


def _text(cells: NamedCells, name: str, default: str = "") -> str:
    value = cells.value(name)
    if value is None:
        return default
    if hasattr(value, "strftime"):
        return value.strftime("%Y-%m-%d")
    return str(value).strip()


def _scale(problems: _Problems, cells: NamedCells) -> int:
    cell = cells.cell("MPScale")
    if cell is None or cell.blank:
        return 2
    return problems.parse(cell, _mp_scale_cell) or 2


def _count(problems: _Problems, cells: NamedCells, name: str, what: str) -> tuple[int, Cell] | None:
    """A setup count such as ``BoardCount``: (value, its cell), or None when blank."""
    cell = cells.cell(name)
    if cell is None or cell.blank:
        return None
    value = problems.parse(cell, lambda v: whole_number(v, what, 1))
    return None if value is None else (value, cell)


def _mp_scale_cell(value: object) -> int:
    # A setup dropdown may show the scale as text, e.g. "2/1/0" or "1/½/0".
    if isinstance(value, str) and "/" in value:
        value = value.split("/")[0]
    return mp_scale(value)


def _pairs(problems: _Problems, cells: NamedCells) -> tuple[Pair, ...]:
    """The event's pair list from ``PairNumber``/``PairName`` (empty when absent)."""
    pairs: dict[int, Pair] = {}
    names = cells.column("PairName")
    for index, cell in enumerate(cells.column("PairNumber")):
        if cell.blank:
            continue
        number = problems.parse(cell, _pair_number)
        if number is None:
            continue
        if number in pairs:
            problems.add(cell, f"pair {number} is listed twice")
            continue
        name = names[index].value if index < len(names) else None
        pairs[number] = Pair(number, "" if name is None else str(name).strip())
    return tuple(sorted(pairs.values(), key=lambda pair: pair.number))


def _describe_numbers(numbers: Sequence[int]) -> str:
    """``1-18`` for a run, else the numbers themselves.

    >>> _describe_numbers([1, 2, 3]), _describe_numbers([1, 3, 4])
    ('1-3', '1, 3, 4')
    """
    ordered = sorted(numbers)
    if ordered and ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


# The Setup options of pairs.xlsx: defined name, pairs_event keyword, parser.
OPTIONS = (
    ("Scoring", "scoring", Scoring.parse),
    ("CrossIMPsMode", "crossimps", lambda v: "average" if cross_imps_mode(v) else "total"),
    ("UseNeuberg", "neuberg", lambda v: yes_no(v, "Neuberg")),
    ("ExpectedResults", "expected", lambda v: whole_number(v, "expected results", 1)),
    ("SessionRule", "session_rule", lambda v: yes_no(v, "session rule")),
    ("Fields", "fields", fields_count),
)


def _options(problems: _Problems, cells: NamedCells) -> dict[str, object]:
    """The scoring options typed on Setup (blank: the default), as pairs_event's keywords."""
    options: dict[str, object] = {}
    for name, keyword, parser in OPTIONS:
        cell = cells.cell(name)
        if cell is None or cell.blank:
            continue
        value = problems.parse(cell, parser)
        if value is not None:
            options[keyword] = value
    return options


def check_traveller(book: FilledBook) -> Checked:
    """Check a one-board traveller and read its results."""
    return check_pairs(book, traveller=True)


def check_pairs(book: FilledBook, *, traveller: bool = False) -> Checked:
    """Check a pairs event (or, with ``traveller``, a one-board traveller) and read its results."""
    problems = _Problems()
    cells = book.cells
    pairs = () if traveller else _pairs(problems, cells)
    known = {pair.number for pair in pairs}
    scale = _scale(problems, cells)
    options = {} if traveller else _options(problems, cells)
    board_count = _count(problems, cells, "BoardCount", "boards")
    board_cell = cells.cell("Board") if traveller else None
    traveller_board = None
    if board_cell is not None and not board_cell.blank:
        traveller_board = problems.parse(board_cell, _board_number)
    elif board_cell is not None and _in_use(cells.column("Contract")):
        problems.add(board_cell, "no board number")
    names = ("NS", "EW", "Contract", "Declarer", "Tricks") if traveller else (
        "Board", "NS", "EW", "Contract", "Declarer", "Tricks")
    plan = None if traveller else _movement(cells)
    if plan is not None:
        names = (*names, "RoundNo", "TableNo")
    results: list[PairResult] = []
    seats: list[_Seating] = []
    pending: list[str] = []
    present: set[tuple[object, ...]] = set()
    for row in _columns(problems, cells, names):
        if plan is not None:
            row, placed = row[:6], row[6:]
            if _in_use(row):
                present.add(tuple(_number(cell.value) for cell in row[:3]))
            if _in_use(row) and not _in_use(row[3:6]):  # prefilled, not played yet
                pending.append(_where(row[0], placed))
                continue
            if _in_use(row):
                _check_place(problems, plan, row, placed)
        if not _in_use(row):
            continue
        if traveller:
            board_value = traveller_board
            ns, ew, contract, declarer, tricks = row
        else:
            board, ns, ew, contract, declarer, tricks = row
            board_value = None
            if board.blank:
                problems.add(board, "no board number")
            else:
                board_value = problems.parse(board, _board_number)
                if board_value is not None and board_count and board_value > board_count[0]:
                    problems.add(board, f"board {board_value}: the event has {board_count[0]} "
                                        f"boards ({board_count[1].address})")
                    board_value = None
        pair_numbers: list[int | None] = []
        readable = True
        if not traveller and ns.blank and ew.blank:
            problems.add(ns, "no pair numbers (one may be blank: a pair from outside the event)")
            readable = False
        for cell, _side in ((ns, "NS"), (ew, "EW")):
            if cell.blank:
                pair_numbers.append(None)
                continue
            number = problems.parse(cell, _pair_number)
            readable = readable and number is not None
            if number is not None and known and number not in known:
                problems.add(cell, f"pair {number} is not in the event "
                                   f"(the pair list has {_describe_numbers(sorted(known))})")
                readable = False
            pair_numbers.append(number)
        ns_number, ew_number = pair_numbers
        if ns_number is not None and ns_number == ew_number:
            problems.add(ew, f"NS and EW are both pair {ns_number}")
            readable = False
        play = _play(problems, contract, declarer, tricks, codes=True)
        if board_value is not None:
            seats.append(_Seating(board_value, ns_number, ew_number, board_cell or board, ns, ew, play))
        if readable and board_value is not None and play is not None:
            results.append(PairResult(board_value, ns_number, ew_number, play))
    notes = _check_boards(problems, seats, cells, options)
    if plan is not None:
        notes += _missing(plan, present, pending)
    event = PairsEvent(
        name=_text(cells, "EventName", book.path.stem), date=_text(cells, "EventDate"),
        pairs=pairs, results=tuple(results), scale=scale, options=options,
    )
    return Checked(book, problems.sorted(), event, notes)


# --- the movement a pairs workbook was written from --------------------------------


@dataclass(frozen=True, slots=True)
class _Place:
    """One table in one round of the workbook's movement (its Movement sheet)."""

    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    text: str


def _movement(cells: NamedCells) -> dict[tuple[int, int], _Place] | None:
    """The movement's rows by (round, table), or None for a book written without one."""
    columns = [cells.column(name) for name in ("MoveRound", "MoveTable", "MoveNS", "MoveEW", "MoveBoards")]
    if not columns[0]:
        return None
    plan = {}
    for round_no, table, ns, ew, boards in zip(*columns, strict=False):
        if round_no.blank or table.blank:
            continue
        first, _, last = str(boards.value).partition("-")
        try:  # the sheet is protected: a row that does not read was edited by hand; pass it by
            span = tuple(range(int(first), int(last or first) + 1))
            plan[int(round_no.value), int(table.value)] = _Place(
                None if ns.blank else int(ns.value), None if ew.blank else int(ew.value), span, str(boards.value))
        except (TypeError, ValueError):
            continue
    return plan


def _where(board: Cell, placed: Sequence[Cell]) -> str:
    round_no, table = (cell.value for cell in placed)
    return f"board {board.value} (round {round_no}, table {table})"


def _check_place(problems: _Problems, plan: dict[tuple[int, int], _Place], row: Sequence[Cell],
                 placed: Sequence[Cell]) -> None:
    """A row whose board or pairs contradict the movement at its round and table."""
    round_cell, table_cell = placed
    if round_cell.blank or table_cell.blank:
        return  # a row typed by hand: nothing to compare with
    try:
        place = plan.get((int(round_cell.value), int(table_cell.value)))
    except (TypeError, ValueError):
        problems.add(round_cell, f"round {round_cell.value}, table {table_cell.value}: not whole numbers")
        return
    where = f"round {round_cell.value}, table {table_cell.value}"
    if place is None:
        problems.add(round_cell, f"{where}: not in the movement")
        return
    board, ns, ew = row[:3]
    if place.ns is None or place.ew is None:
        problems.add(board, f"board {board.value}, {where}: a sit-out in the movement (no board is played there)")
        return
    if board.value not in place.boards or ns.value != place.ns or ew.value != place.ew:
        problems.add(board, f"board {board.value}, {where}: the movement has NS {place.ns} v EW {place.ew} "
                            f"on board{'s' if len(place.boards) > 1 else ''} {place.text}")


def _number(value: object) -> object:
    """A cell's number as an int when it is whole (Excel stores 7 as 7.0)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _missing(plan: dict[tuple[int, int], _Place], present: set[tuple[object, ...]],
             pending: list[str]) -> tuple[str, ...]:
    """Notes: the movement's boards with no result yet (prefilled rows still blank) and
    those no row has at all (board, NS and EW as the movement has them)."""
    notes = []
    gone = [f"board {board} (round {r}, table {t}: NS {place.ns} v EW {place.ew})"
            for (r, t), place in sorted(plan.items()) if place.ns is not None and place.ew is not None
            for board in place.boards if (board, place.ns, place.ew) not in present]
    for label, items in (("no result yet", pending), ("no row in the results", gone)):
        if not items:
            continue
        if len(items) <= 12:
            notes.extend(f"{item}: {label}" for item in items)
        else:
            notes.append(f"{len(items)} results of the movement: {label}")
    return tuple(notes)


@dataclass(frozen=True, slots=True)
class _Seating:
    """Who played a board in one row, as far as the row could be read."""

    board: int
    ns: int | None
    ew: int | None
    board_cell: Cell
    ns_cell: Cell
    ew_cell: Cell
    play: Play | None = None


def _check_boards(problems: _Problems, seats: list[_Seating], cells: NamedCells,
                  options: dict[str, object]) -> tuple[str, ...]:
    """Event-level checks: a pair on a board twice, more rows on a board than the sheet
    holds, an expected number of results below a board's; and a note for each board
    with fewer played results than expected (normal: it is Neuberg-factored).

    Every row with a readable board number counts, even one whose result has a
    problem of its own, so one typo does not also make its board look short.
    """
    seen: dict[tuple[int, int], Cell] = {}
    rows: Counter[int] = Counter()
    played: Counter[int] = Counter()
    slots = cells.value("BoardSlots")
    for seat in seats:
        rows[seat.board] += 1
        if seat.play is None or not seat.play.scored_otherwise:
            played[seat.board] += 1
        if isinstance(slots, int) and rows[seat.board] == slots + 1:
            problems.add(seat.board_cell, f"board {seat.board} has more than {slots} rows; "
                                          f"the sheet holds {slots} results a board")
        for number, cell in ((seat.ns, seat.ns_cell), (seat.ew, seat.ew_cell)):
            if number is None or (cell is seat.ew_cell and seat.ns == seat.ew):
                continue
            key = (seat.board, number)
            if key in seen:
                problems.add(cell, f"pair {number} plays board {seat.board} twice "
                                   f"(also at {seen[key].address})")
            else:
                seen[key] = cell
    if not rows:
        return ()
    most = max(rows.values())
    expected = options.get("expected")
    if isinstance(expected, int) and expected < most:
        board = min(b for b, count in rows.items() if count == most)
        problems.add(cells.cell("ExpectedResults"), f"expected results {expected}: board {board} has "
                                                   f"{most} results; must be at least {most}")
    target = expected if isinstance(expected, int) else most
    how = "Neuberg-factored" if options.get("neuberg", True) else "not factored (Neuberg is No)"
    return tuple(f"board {board}: {played[board]} result{'s' if played[board] != 1 else ''} "
                 f"of {target}, {how}" for board in sorted(rows) if played[board] < target)


def check_teams(book: FilledBook) -> Checked:
    """Check a team match and read its boards."""
    problems = _Problems()
    cells = book.cells
    names = ("Board", "OpenContract", "OpenDeclarer", "OpenTricks",
             "ClosedContract", "ClosedDeclarer", "ClosedTricks")
    boards: list[TeamBoard] = []
    seen: dict[int, Cell] = {}
    for board, *inputs in _columns(problems, cells, names):
        if not _in_use(inputs):
            continue
        open_cells, closed_cells = inputs[:3], inputs[3:]
        number = None
        if board.blank:
            problems.add(board, "no board number")
        else:
            number = problems.parse(board, _board_number)
            if number is not None and number in seen:
                problems.add(board, f"board {number} appears twice (also at {seen[number].address})")
                number = None
            elif number is not None:
                seen[number] = board
        rooms = []
        for room, room_cells in (("open", open_cells), ("closed", closed_cells)):
            if not _in_use(room_cells):
                problems.add(room_cells[0], f"board {number or '?'}: no result from the {room} room")
                rooms.append(None)
            else:
                rooms.append(_play(problems, *room_cells))
        if number is not None and None not in rooms:
            boards.append(TeamBoard(number, rooms[0], rooms[1]))
    match = TeamMatch(
        name=_text(cells, "EventName", book.path.stem), date=_text(cells, "EventDate"),
        home=_text(cells, "HomeTeam", "Home"), away=_text(cells, "AwayTeam", "Away"),
        boards=tuple(boards),
    )
    return Checked(book, problems.sorted(), match)


# --- a team event ---------------------------------------------------------------------


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
    names_in = book.kind.inputs  # round, home, away, board, then both rooms
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


def _honours(value: object) -> Honours | None:
    """Honours as the rubber sheet's dropdown spells them (``NS 100``, ``EW 150``)."""
    claim = parse_honours(value)
    if claim is not None and " ".join(str(value).split()).upper() != str(claim):
        raise BridgeInputError(f"honours {describe(value)}: write {claim} (the sheet reads "
                               "NS 100, NS 150, EW 100, EW 150)")
    return claim


_FIT_TEXTS = {fit_text(fit): fit for fit in FITS}


def _fit(value: object) -> Fit:
    """A fit as the Chicago sheet's dropdown spells it (``major 8`` ... ``no fit``)."""
    text = " ".join(str(value).split()).lower()
    if text in _FIT_TEXTS:
        return _FIT_TEXTS[text]
    fit = best_fit(value)  # the engine's message when it is no fit at all
    raise BridgeInputError(f"fit {describe(value)}: write it as {fit_text(fit)} (the sheet reads "
                           f"{', '.join(_FIT_TEXTS)})")


def _rubber_deal(problems: _Problems, play: Play, honours: Cell) -> RubberDeal | None:
    """The deal with its honours, or None after recording why honours cannot be."""
    claim = None if honours.blank else problems.parse(honours, _honours)
    if claim is None and not honours.blank:
        return None
    try:
        return RubberDeal.parse(play.contract, play.declarer or None, play.tricks, claim)
    except BridgeInputError as error:
        problems.add(honours, str(error))
        return None


def _rubber_end(deals: list[tuple[int, RubberDeal]]) -> int | None:
    """The deal on which the rubber ended, or None while it is unfinished."""
    for count, (number, _deal) in enumerate(deals, start=1):
        if play_rubber(deal for _number, deal in deals[:count]).finished:
            return number
    return None


def check_rubber(book: FilledBook) -> Checked:
    """Check a rubber sheet's deals, honours and end."""
    return check_deals(book, rubber=True)


def check_chicago(book: FilledBook) -> Checked:
    """Check a Chicago sheet's deals, compensation inputs and vulnerability cycle."""
    return check_deals(book, rubber=False)


def check_deals(book: FilledBook, *, rubber: bool) -> Checked:
    """Check a rubber or Chicago sheet's deals: contract, declarer, tricks, and the
    rubber's honours and end, or Chicago's compensation inputs and vulnerability cycle."""
    problems = _Problems()
    extra = ("Honours",) if rubber else ("HCP", "Fit")
    played: list[tuple[int, RubberDeal]] = []
    used: list[tuple[int, Cell]] = []
    rows = _columns(problems, book.cells, ("Contract", "Declarer", "Tricks", *extra))
    for number, (contract, declarer, tricks, *more) in enumerate(rows, start=1):
        if not _in_use((contract, declarer, tricks, *more)):
            continue
        used.append((number, contract))
        play = _play(problems, contract, declarer, tricks)
        if rubber:
            deal = None if play is None else _rubber_deal(problems, play, more[0])
            if deal is not None:
                played.append((number, deal))
            continue
        hcp, fit = more
        if not hcp.blank:
            problems.parse(hcp, lambda value: whole_number(value, "HCP", 0, 40))
        if not fit.blank:
            problems.parse(fit, _fit)
        if hcp.blank != fit.blank:
            missing, given = (hcp, "fit") if hcp.blank else (fit, "HCP")
            problems.add(missing, f"deal {number}: {given} is given, so compensation needs "
                                  f"{'HCP' if hcp.blank else 'the fit'} too (or clear both)")
    if rubber:
        end = _rubber_end(played)
        for number, cell in used:
            if end is not None and number > end:
                problems.add(cell, f"deal {number}: the rubber ended on deal {end}; "
                                   "start a new rubber sheet")
    else:
        cycle = book.cells.cell("ChicagoCycle")
        if cycle is not None and not cycle.blank:
            problems.parse(cycle, chicago_variant)
    return Checked(book, problems.sorted(), None)


def check_pivot(book: FilledBook) -> Checked:
    """Check a pivot sheet: the number of players, and each round's side totals
    (whole points, 0 or more; a round with one total blank counts it as 0)."""
    problems = _Problems()
    rounds = [row for row in _columns(problems, book.cells, ("RoundNS", "RoundEW")) if _in_use(row)]
    count = book.cells.cell("PlayerCount")
    if count is not None:
        if not count.blank:
            problems.parse(count, pivot_players)
        elif rounds:
            problems.add(count, "players is blank: choose 4 or 5 to seat the rounds")
    for ns, ew in rounds:
        for total, side in ((ns, "NS"), (ew, "EW")):
            if not total.blank:
                problems.parse(total, lambda value, side=side: whole_number(value, f"{side} total", 0))
    return Checked(book, problems.sorted(), None)


def check(book: FilledBook) -> Checked:
    """Check any template xlbridge knows (its kind's check hook); the event is None where
    the kind has no report."""
    return book.kind.hook("check")(book)
