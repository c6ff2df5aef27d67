"""Pairs events and travellers (pairs.xlsx, traveller.xlsx): the check, the fill and the
scoring of a book, and the words for it.

A traveller is one board's results of a pairs event: it is checked the same way, with its
board number in one cell and no pair list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from openpyxl import Workbook

from .. import workbooks
from ..director.cells import (
    Problems,
    board_number,
    count_of,
    describe_numbers,
    in_use,
    mp_scale_of,
    pair_number,
    read_play,
    rows_of,
    text_of,
)
from ..director.hands import read_hands
from ..director.names import Cell, NamedCells
from ..engine import BridgeInputError, OptionError, Weighted
from ..engine.errors import describe
from ..engine.numeric import real_number, whole_number
from ..engine.pairs import Scoring, cross_imps_mode, fields_count, yes_no
from ..engine.players import handicap as player_handicap
from ..engine.sections import parse_section
from ..event import Pair, PairResult, PairsEvent, PairsReport, Play, score_pairs
from ..workbooks import hands as hands_sheet
from ..workbooks import pairs as pairs_template
from ..workbooks import traveller as traveller_template
from ..workbooks import weighted as weighted_sheet
from ..workbooks.pairs import CROSS_IMPS, SCORING, SECTION_SCORING, YES_NO
from .base import Checked, FilledBook, Kind, event_date, play_columns, set_named


class PairsKind(Kind):
    """A pairs event: pairs, every result in long form, a ranking (pairs.xlsx)."""

    template = pairs_template
    title = "pairs event"
    plural = "pairs events"
    report = PairsReport

    def check(self, book: FilledBook) -> Checked:
        return check_pairs(book)

    def score(self, event: PairsEvent) -> PairsReport:
        return score_pairs(event)

    def summary(self, checked: Checked) -> str:
        event = checked.event
        assert isinstance(event, PairsEvent)
        if not event.pairs:  # results only
            return f"{self.title}, {len(event.results)} results"
        playing = {(r.section, number) for r in event.results for number in (r.ns, r.ew) if number is not None}
        return f"{self.title}, {len(playing)} pairs, {len(event.results)} results"

    def fill(self, event: PairsEvent, *, lang: str = "en", paper: str = "A4", fit: bool = False) -> Workbook:
        return pairs_workbook(event, lang=lang, paper=paper, fit=fit)


class TravellerKind(Kind):
    """One board's traveller: its results, scores and matchpoints (traveller.xlsx)."""

    template = traveller_template
    title = "traveller"
    plural = "travellers"
    report = PairsReport
    exported = False  # one board of a pairs event: exported with its event

    def check(self, book: FilledBook) -> Checked:
        return check_pairs(book, traveller=True)

    def score(self, event: PairsEvent) -> PairsReport:
        return score_pairs(event)

    def summary(self, checked: Checked) -> str:
        assert isinstance(checked.event, PairsEvent)
        return f"{self.title}, {len(checked.event.results)} results"


def _pairs(problems: Problems, cells: NamedCells, sections: tuple[str, ...] = ()) -> tuple[Pair, ...]:
    """The event's pair list from ``PairNumber``/``PairName`` (empty when absent); in a
    sectioned book (``sections``) each pair's ``PairSection``, a pair being its section and number."""
    pairs: dict[tuple[str, int], Pair] = {}
    names = cells.column("PairName")
    penalties = cells.column("PairPenalty")
    handicaps = cells.column("PairHandicap")
    listed = cells.column("PairSection") if sections else []
    for index, cell in enumerate(cells.column("PairNumber")):
        if cell.blank:
            continue
        number = problems.parse(cell, pair_number)
        if number is None:
            continue
        section = ""
        if sections:
            section = _section(problems, listed[index], sections) if index < len(listed) else None
            if section is None:
                continue
        if (section, number) in pairs:
            problems.add(cell, f"pair {section}{number} is listed twice")
            continue
        name = names[index].value if index < len(names) else None
        penalty = _penalty(problems, penalties[index]) if index < len(penalties) else None
        handicap = _handicap(problems, handicaps[index]) if index < len(handicaps) else None
        pairs[section, number] = Pair(number, "" if name is None else str(name).strip(), penalty, handicap,
                                      section=section)
    return tuple(pairs[key] for key in sorted(pairs, key=lambda key: (len(key[0]), key)))


def _sections(cells: NamedCells) -> tuple[str, ...]:
    """A sectioned book's sections (its hidden ``Sections`` list: ``A``, ``B`` ...); empty for a
    book of one section."""
    return tuple(str(cell.value).strip() for cell in cells.column("Sections") if not cell.blank)


def _section(problems: Problems, cell: Cell, sections: tuple[str, ...]) -> str | None:
    """A row's or a pair's section: one of the book's ``sections`` (one problem naming them)."""
    if cell.blank:
        problems.add(cell, f"no section (the book's sections are {', '.join(sections)})")
        return None
    section = problems.parse(cell, parse_section)
    if section is not None and section not in sections:
        problems.add(cell, f"section {section}: the book's sections are {', '.join(sections)}")
        return None
    return section


def _handicap(problems: Problems, cell: Cell) -> float | None:
    """A pair's handicap (docs/rules.md §17): blank, or percentage points from -50 to 50. A
    typed ``5%`` (Excel's 0.05) is refused with the number to type."""
    if cell.blank:
        return None
    if cell.percent:
        problems.add(cell, f"handicap {cell.value!r} is typed as a percentage: type the percentage points "
                           "(5 for 5%)")
        return None
    return problems.parse(cell, player_handicap)


def _penalty(problems: Problems, cell: Cell) -> float | None:
    """A pair's procedural penalty as the sheet takes it: a number of matchpoints (or IMPs).
    Excel turns a typed ``25%`` into 0.25, which the sheet would take as a quarter of a
    matchpoint: refused, with the number to type instead."""
    if cell.blank:
        return None
    if cell.percent:
        problems.add(cell, f"penalty {cell.value!r} is typed as a percentage: type the matchpoints taken "
                           "(25% of a top of 16 is 4)")
        return None
    return problems.parse(cell, lambda value: real_number(value, "penalty"))


# The switches' words, each named as its own option in a message.
_NEUBERG, _SESSION_RULE = replace(YES_NO, what="Neuberg"), replace(YES_NO, what="session rule")
_TIES = replace(YES_NO, what="missing as ties")


def _step(value: object) -> str:
    """Setup's MP decimals (0-3) as the matchpoint rounding's step: 1 is ``0.1``.

    >>> _step(1), _step(0), _step(2.0)
    ('0.1', '1', '0.01')
    """
    decimals = whole_number(value, "MP decimals", 0)
    if decimals > 3:
        raise BridgeInputError(f"MP decimals {describe(value)}: must be 0-3 (1 rounds to 0.1)")
    return "1" if decimals == 0 else f"0.{'0' * (decimals - 1)}1"


def _decimals(step: object) -> int:
    """The MP decimals of a matchpoint rounding's step: 0.1 is 1; a step that is not a power
    of ten has none (:class:`OptionError`).

    >>> _decimals("0.1"), _decimals(1), _decimals(Fraction(1, 100))
    (1, 0, 2)
    """
    exact = Fraction(str(step))
    for decimals in range(4):
        if exact == Fraction(1, 10 ** decimals):
            return decimals
    raise OptionError(f"matchpoint rounding {step}: the workbook rounds to 1, 0.1, 0.01 or 0.001")

# The Setup options of pairs.xlsx: defined name, pairs_event keyword, parser. A word a director
# picks is read in any language the books speak (Butler-IMP, кросс-IMP, kyllä ...) and nothing
# else, as the sheet's formulas read it; the engine then reads the value it stands for.
OPTIONS = (
    ("Scoring", "scoring", lambda v: Scoring.parse(SCORING.parse(v))),
    ("CrossIMPsMode", "crossimps", lambda v: "average" if cross_imps_mode(CROSS_IMPS.parse(v)) else "total"),
    ("UseNeuberg", "neuberg", lambda v: yes_no(_NEUBERG.parse(v), "Neuberg")),
    ("ExpectedResults", "expected", lambda v: whole_number(v, "expected results", 1)),
    ("SessionRule", "session_rule", lambda v: yes_no(_SESSION_RULE.parse(v), "session rule")),
    ("Fields", "fields", fields_count),
    # Other programs' conventions (docs/rules.md §7): blank, each is off.
    ("MissingAsTies", "missing_as_ties", lambda v: yes_no(_TIES.parse(v), "missing as ties")),
    ("MPDecimals", "round_mp", _step),
    ("ScaleToBoards", "scale_to_boards", lambda v: whole_number(v, "boards to scale to", 1)),
    ("AdjustedIMPs", "adjusted_per_comparison", lambda v: real_number(v, "adjusted IMPs a comparison")),
)
# The conventions that belong to one scoring method: the sheet applies them only there.
_ONLY_FOR = {"round_mp": Scoring.MP, "adjusted_per_comparison": Scoring.CROSS_IMPS}


def _options(problems: Problems, cells: NamedCells) -> dict[str, object]:
    """The scoring options typed on Setup (blank: the default), as pairs_event's keywords."""
    options: dict[str, object] = {}
    for name, keyword, parser in OPTIONS:
        cell = cells.cell(name)
        if cell is None or cell.blank:
            continue
        value = problems.parse(cell, parser)
        if value is not None:
            options[keyword] = value
    scoring = options.get("scoring", Scoring.MP)
    for name, keyword, _ in OPTIONS:
        wanted = _ONLY_FOR.get(keyword)
        if keyword in options and wanted is not None and scoring is not wanted:
            problems.add(cells.cell(name), f"{name} is for {wanted} scoring only (the event is scored {scoring}): "
                                           "leave it blank")
            del options[keyword]
    return options


def check_pairs(book: FilledBook, *, traveller: bool = False) -> Checked:
    """Check a pairs event (or, with ``traveller``, a one-board traveller) and read its results."""
    problems = Problems()
    cells = book.cells
    sections = () if traveller else _sections(cells)
    pairs = () if traveller else _pairs(problems, cells, sections)
    known = {(pair.section, pair.number) for pair in pairs}
    across = True
    if sections and cells.cell("SectionScoring") is not None and not cells.cell("SectionScoring").blank:
        across = problems.parse(cells.cell("SectionScoring"), SECTION_SCORING.parse)
        across = True if across is None else across
    section_cells = cells.column("Section") if sections else []
    scale = mp_scale_of(problems, cells)
    options = {} if traveller else _options(problems, cells)
    board_count = count_of(problems, cells, "BoardCount", "boards")
    board_cell = cells.cell("Board") if traveller else None
    traveller_board = None
    if board_cell is not None and not board_cell.blank:
        traveller_board = problems.parse(board_cell, board_number)
    elif board_cell is not None and in_use(cells.column("Contract")):
        problems.add(board_cell, "no board number")
    names = traveller_template.INPUTS[1:] if traveller else pairs_template.INPUTS
    plan = None if traveller else _movement(cells)
    if plan is not None:
        names = (*names, "RoundNo", "TableNo")
    results: list[PairResult] = []
    seats: list[_Seating] = []
    pending: list[str] = []
    present: set[tuple[object, ...]] = set()
    for index, row in enumerate(rows_of(problems, cells, names)):
        section = ""
        if sections:
            section_cell = section_cells[index] if index < len(section_cells) else None
            if section_cell is None or not in_use(row[:6]):
                section = None
            else:
                section = _section(problems, section_cell, sections)
        if plan is not None:
            row, placed = row[:6], row[6:]
            if in_use(row):
                present.add((section or "", *(_number(cell.value) for cell in row[:3])))
            if in_use(row) and not in_use(row[3:6]):  # prefilled, not played yet
                pending.append(_where(row[0], placed, section or ""))
                continue
            if in_use(row):
                _check_place(problems, _plan_of(plan, section or ""), row, placed, section or "")
        if not in_use(row):
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
                board_value = problems.parse(board, board_number)
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
            number = problems.parse(cell, pair_number)
            readable = readable and number is not None
            if number is not None and section is None:  # no section: the pair cannot be known
                readable = False
            elif number is not None and known and (section, number) not in known:
                listed = sorted(n for s, n in known if s == section)
                where = f"in section {section} (its pairs are" if section else "in the event (the pair list has"
                problems.add(cell, f"pair {number} is not {where} {describe_numbers(listed) if listed else 'none'})")
                readable = False
            pair_numbers.append(number)
        ns_number, ew_number = pair_numbers
        if ns_number is not None and ns_number == ew_number:
            problems.add(ew, f"NS and EW are both pair {ns_number}")
            readable = False
        play = read_play(problems, contract, declarer, tricks, codes=True, weighted=not traveller)
        if board_value is not None and section is not None:
            seats.append(_Seating(board_value, ns_number, ew_number, board_cell or board, ns, ew, play, section,
                                  section if not across else ""))
        if readable and board_value is not None and play is not None:
            results.append(PairResult(board_value, ns_number, ew_number, play, section or ""))
    notes = _check_boards(problems, seats, cells, options)
    if plan is not None:
        notes += _missing(plan, present, pending, sections)
    if any(pair.handicap is not None for pair in pairs) and Scoring.parse(options.get("scoring", "MP")).imps:
        notes += ("PairHandicap: IMP scoring has no handicapped ranking (a handicap is percentage points)",)
    event = PairsEvent(
        name=text_of(cells, "EventName", book.path.stem), date=text_of(cells, "EventDate"),
        pairs=pairs, results=tuple(results), scale=scale, options=options, hands=read_hands(problems, cells),
        across=across,
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


def _movement(cells: NamedCells) -> dict[str, dict[tuple[int, int], _Place]] | None:
    """The movement's rows by section, then (round, table), or None for a book written without
    one. A book whose sections run different movements names each row's section
    (``MoveSection``); otherwise every row is under ``""``: the movement of every section."""
    columns = [cells.column(name) for name in ("MoveRound", "MoveTable", "MoveNS", "MoveEW", "MoveBoards")]
    if not columns[0]:
        return None
    named = cells.column("MoveSection")
    plan: dict[str, dict[tuple[int, int], _Place]] = {}
    for index, (round_no, table, ns, ew, boards) in enumerate(zip(*columns, strict=False)):
        if round_no.blank or table.blank:
            continue
        section = "" if index >= len(named) or named[index].blank else str(named[index].value).strip()
        first, _, last = str(boards.value).partition("-")
        try:  # the sheet is protected: a row that does not read was edited by hand; pass it by
            span = tuple(range(int(first), int(last or first) + 1))
            plan.setdefault(section, {})[int(round_no.value), int(table.value)] = _Place(
                None if ns.blank else int(ns.value), None if ew.blank else int(ew.value), span, str(boards.value))
        except (TypeError, ValueError):
            continue
    return plan


def _plan_of(plan: dict[str, dict[tuple[int, int], _Place]], section: str) -> dict[tuple[int, int], _Place]:
    """The movement ``section`` runs: its own when the Movement sheet names sections, else the one
    every section runs (none: a section the sheet does not list)."""
    return plan.get(section, plan.get("", {}) if set(plan) <= {""} else {})


def _where(board: Cell, placed: Sequence[Cell], section: str = "") -> str:
    round_no, table = (cell.value for cell in placed)
    return f"board {board.value} ({f'section {section}, ' if section else ''}round {round_no}, table {table})"


def _check_place(problems: Problems, plan: dict[tuple[int, int], _Place], row: Sequence[Cell],
                 placed: Sequence[Cell], section: str = "") -> None:
    """A row whose board or pairs contradict the movement (its section's) at its round and table."""
    round_cell, table_cell = placed
    if round_cell.blank or table_cell.blank:
        return  # a row typed by hand: nothing to compare with
    try:
        place = plan.get((int(round_cell.value), int(table_cell.value)))
    except (TypeError, ValueError):
        problems.add(round_cell, f"round {round_cell.value}, table {table_cell.value}: not whole numbers")
        return
    where = f"{f'section {section}, ' if section else ''}round {round_cell.value}, table {table_cell.value}"
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


def _missing(plan: dict[str, dict[tuple[int, int], _Place]], present: set[tuple[object, ...]],
             pending: list[str], sections: Sequence[str] = ()) -> tuple[str, ...]:
    """Notes: the movement's boards with no result yet (prefilled rows still blank) and
    those no row has at all (board, NS and EW as the movement has them, in each section)."""
    notes = []
    gone = [f"board {board} ({f'section {s}, ' if s else ''}round {r}, table {t}: NS {place.ns} v EW {place.ew})"
            for s in sections or ("",)
            for (r, t), place in sorted(_plan_of(plan, s).items()) if place.ns is not None and place.ew is not None
            for board in place.boards if (s, board, place.ns, place.ew) not in present]
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
    section: str = ""  # the pairs' section (pairs are numbered within it)
    field: str = ""  # the section whose results are compared together ("" across the field)


def _check_boards(problems: Problems, seats: list[_Seating], cells: NamedCells,
                  options: dict[str, object]) -> tuple[str, ...]:
    """Event-level checks: a pair on a board twice, more rows on a board than the sheet
    holds, an expected number of results below a board's; and a note for each board
    with fewer played results than expected (normal: it is Neuberg-factored).

    Every row with a readable board number counts, even one whose result has a
    problem of its own, so one typo does not also make its board look short.
    """
    seen: dict[tuple[str, int, int], Cell] = {}
    rows: Counter[tuple[str, int]] = Counter()  # by field (a section within sections, else "") and board
    played: Counter[tuple[str, int]] = Counter()
    on_board: Counter[int] = Counter()  # every section's rows: the sheet's slots hold them all
    weighted: Counter[int] = Counter()
    slots = cells.value("BoardSlots")
    for seat in seats:
        field = (seat.field, seat.board)
        rows[field] += 1
        on_board[seat.board] += 1
        if seat.play is not None and isinstance(seat.play.outcome, Weighted):
            # The workbook reads so many weighted scores (its hidden Weighted sheet), and flags more.
            weighted[seat.board] += 1
            if weighted[seat.board] == weighted_sheet.PER_BOARD + 1:
                problems.add(seat.board_cell, f"board {seat.board} has more than {weighted_sheet.PER_BOARD} weighted "
                                              "scores; the workbook scores that many a board")
            if weighted.total() == weighted_sheet.SLOTS + 1:
                problems.add(seat.board_cell, f"more than {weighted_sheet.SLOTS} weighted scores; the workbook "
                                              "scores that many a session")
        if seat.play is None or not seat.play.scored_otherwise:
            played[field] += 1
        if isinstance(slots, int) and on_board[seat.board] == slots + 1:
            problems.add(seat.board_cell, f"board {seat.board} has more than {slots} rows; "
                                          f"the sheet holds {slots} results a board")
        for number, cell in ((seat.ns, seat.ns_cell), (seat.ew, seat.ew_cell)):
            if number is None or (cell is seat.ew_cell and seat.ns == seat.ew):
                continue
            key = (seat.section, seat.board, number)
            if key in seen:
                problems.add(cell, f"pair {seat.section}{number} plays board {seat.board} twice "
                                   f"(also at {seen[key].address})")
            else:
                seen[key] = cell
    if not rows:
        return ()
    expected = options.get("expected")
    notes = []
    how = "Neuberg-factored" if options.get("neuberg", True) else "not factored (Neuberg is No)"
    for group in sorted({field for field, _ in rows}, key=lambda s: (len(s), s)):
        counts = {board: count for (field, board), count in rows.items() if field == group}
        most = max(counts.values())
        if isinstance(expected, int) and expected < most:
            board = min(b for b, count in counts.items() if count == most)
            problems.add(cells.cell("ExpectedResults"), f"expected results {expected}: board {board} has "
                                                       f"{most} results; must be at least {most}")
        target = expected if isinstance(expected, int) else most
        where = f"section {group} " if group else ""
        notes += [f"{where}board {board}: {played[group, board]} result{'s' if played[group, board] != 1 else ''} "
                  f"of {target}, {how}" for board in sorted(counts) if played[group, board] < target]
    return tuple(notes)


# --- filling the template ---------------------------------------------------------------


def setup_holds(keyword: str, value: object) -> bool:
    """Whether pairs.xlsx's Setup can hold the option: every one of :data:`OPTIONS` can, but
    a matchpoint rounding to a step that is not a power of ten (the sheet rounds to decimals).

    >>> setup_holds("round_mp", "0.1"), setup_holds("round_mp", "0.5"), setup_holds("penalties", {})
    (True, False, False)
    """
    if keyword not in {keyword for _, keyword, _ in OPTIONS}:
        return False
    if keyword == "round_mp":
        try:
            _decimals(value)
        except (OptionError, ValueError):
            return False
    return True


def setup_options(options: Mapping[str, object], lang: str = "en") -> list[tuple[str, object]]:
    """The event's scoring options as Setup cells of a book in ``lang`` hold them (:data:`OPTIONS`
    reads them back): ``Butler``, ``Yes``/``No``, 2; the words in the book's language.

    >>> setup_options({"scoring": "Butler", "neuberg": False, "fields": 2})
    [('Scoring', 'Butler'), ('UseNeuberg', 'No'), ('Fields', 2)]
    >>> setup_options({"scoring": "Cross-IMPs", "crossimps": "total", "session_rule": True}, "fi")
    [('Scoring', 'ristiin-IMP'), ('CrossIMPsMode', 'summa'), ('SessionRule', 'kyllä')]
    """
    option_cells = {keyword: name for name, keyword, _ in OPTIONS}
    cells = []
    for keyword, value in options.items():
        if keyword not in option_cells:
            raise OptionError(f"option {keyword!r}: must be one of {', '.join(option_cells)}")
        if keyword == "scoring":
            value = SCORING.word(Scoring.parse(value), lang)
        elif keyword == "crossimps":
            value = CROSS_IMPS.word("average" if cross_imps_mode(value) else "total", lang)
        elif keyword in ("neuberg", "session_rule", "missing_as_ties"):
            value = YES_NO.word(yes_no(value, keyword), lang)
        elif keyword == "round_mp":
            value = _decimals(value)
        elif keyword == "adjusted_per_comparison":  # a number, as the sheet reads it
            value = float(Fraction(str(value)))
        elif not isinstance(value, int):
            value = str(value)
        cells.append((option_cells[keyword], value))
    return cells


def section_tables(event: PairsEvent) -> tuple[int, ...]:
    """Each section's tables, in the order of ``event.sections``: the most results any board
    has in that section (each result is a table's).

    >>> from xlbridge.event import PairResult, Play
    >>> played = [PairResult(1, 1, 2, Play("PASS"), section="A"), PairResult(1, 3, 4, Play("PASS"), section="A"),
    ...           PairResult(1, 1, 2, Play("PASS"), section="B")]
    >>> section_tables(PairsEvent("", "", (), tuple(played)))
    (2, 1)
    """
    counts = Counter((result.section, result.board) for result in event.results)
    return tuple(max((n for (section, _), n in counts.items() if section == name), default=1)
                 for name in event.sections)


def pairs_workbook(event: PairsEvent, *, lang: str = "en", paper: str = "A4",
                   fit: bool = False) -> Workbook:
    """The pairs template holding ``event``: its pair list, setup (with its scoring
    options) and every result, as a director would type them.

    With ``fit`` the template has just the tables and boards the event needs
    (smaller and faster); otherwise the template's full size. A sectioned event (sections
    A, B ...) fills a book of its sections, each row and pair with its section and Setup's
    ``SectionScoring`` as the event compares; with ``fit``, sections of their own sizes
    (:func:`section_tables`) get a book of those sizes, its ``TableCount`` all their tables.
    """
    size: dict[str, object] = {"tables": event.tables, "boards": event.boards} if fit and event.tables else {}
    pairs: list[tuple] = [(pair.number, pair.names, pair.penalty, pair.handicap) for pair in event.pairs]
    tables = event.tables
    if event.sections:  # the book's sections are A, B ...: an event's own names must be those
        if event.sections != pairs_template.section_names(len(event.sections)):
            raise OptionError(f"sections {', '.join(event.sections)}: a pairs book's sections are named "
                              f"{', '.join(pairs_template.section_names(len(event.sections)))}")
        pairs = [(pair.section, *line) for pair, line in zip(event.pairs, pairs, strict=True)]
        size["sections"] = len(event.sections)
        sizes = section_tables(event)
        if size.get("tables") and len(set(sizes)) > 1:  # each its own size; TableCount is then all the tables
            size["tables"], tables = sizes, sum(sizes)
    book = workbooks.build(
        pairs_template.NAME, lang=lang, paper=paper, event=event.name, date=event_date(event.date),
        pairs=pairs, scale=event.scale, **size,
    )
    if event.sections:
        set_named(book, "SectionScoring", SECTION_SCORING.word(event.across, lang))
        workbooks.write_named(book, "Section", [r.section for r in event.results])
    if tables:
        set_named(book, "TableCount", tables)
    if event.boards:
        set_named(book, "BoardCount", event.boards)
    for name, value in setup_options(event.options, lang):
        set_named(book, name, value)
    results = event.results
    contracts, declarers, tricks = play_columns([r.play for r in results])
    for name, values in zip(pairs_template.INPUTS, ([r.board for r in results], [r.ns for r in results],
                                                    [r.ew for r in results], contracts, declarers, tricks),
                            strict=True):
        workbooks.write_named(book, name, values)
    hands_sheet.write(book, event.hands.values())
    return book
