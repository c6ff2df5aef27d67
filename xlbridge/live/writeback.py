"""``xlbridge serve --write``: the journal's results written into the workbook's results rows.

Each entry goes into the row the movement gives: the row whose ``RoundNo``, ``TableNo``
and ``Board`` cells hold its key (a pairs.xlsx built from a movement and an individual.xlsx
both have those names, docs/workbooks.md). A team event's (teams-event.xlsx) row is the
match's (``MatchRound``, ``MatchHome``, ``MatchAway``, ``Board``), and the table its room:
the open room's three cells or the closed room's (:func:`~xlbridge.live.event.match_numbers`
numbers the tables). A Swiss pairs event's (swiss-pairs.xlsx) row is the match's
(``MatchRound``, ``MatchNS``, ``MatchEW``, ``Board``), match ``k`` of a round its table ``k``
(numbered as the team event's matches are). A sectioned pairs book's row is its section's
(``Section``, ``RoundNo``, ``TableNo``, ``Board``): ``serve`` numbers the tables across the
sections (:func:`~xlbridge.live.event.across`, the ``Sections`` list's order, the Movement
sheet's tables a section), so table 5 of a 4-table Mitchell is section B's table 1. Only the
``Contract``, ``Declarer`` and ``Tricks`` cells are written; every formula, style, defined
name and validation of the book is kept (openpyxl loads and saves it whole, as ``xlbridge hands`` and ``draw`` do).

What the director typed is never lost:

- a row whose three cells are blank is filled (*written*);
- a row that already holds the same result, in any spelling the book reads (``3NT`` and
  ``3N``), is left (*unchanged*);
- a row that holds another result is a *conflict*: listed with both results and left as
  it is, unless ``force`` (the director asked for the journal's);
- an entry whose key has no row (a round, table or board the movement does not have) is
  *missing*: listed, not written.

The book is replaced atomically through :mod:`xlbridge.files`, its lock held from the read
to the write, and only when something changed (an unchanged book keeps its bytes). A book
open in Excel or LibreOffice (their lock files beside it) is waited for, then refused: a
spreadsheet that saves after us would put its own copy back over the results.

    >>> report = WriteReport(Path("club.xlsx"), written=(Entry(1, 2, 3, "4S", "N", 10),))
    >>> report.lines()
    ['club.xlsx: 1 result written']
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.cell import Cell as SheetCell

from .. import files
from ..director.cells import Problems, read_play
from ..director.names import Cell
from ..director.safe_open import load
from ..engine.errors import XlbridgeError
from ..event import Play
from ..workbooks import named_cells
from .entry import Entry
from .event import across, book_sections, match_numbers, room_tables

WAIT_SECONDS = 300.0
"""How long :func:`write_back` waits for a spreadsheet program to close the book: time
for a director to save and close it, short enough not to look hung."""

POLL_SECONDS = 1.0
"""How often the lock files are looked at while waiting."""

KEY_NAMES = ("RoundNo", "TableNo", "Board")
RESULT_NAMES = ("Contract", "Declarer", "Tricks")
SWISS_KEY_NAMES = ("MatchRound", "MatchNS", "MatchEW", "Board")
"""A Swiss pairs event's results rows: the match (round, NS pair, EW pair) and board, then the three cells."""
TEAM_KEY_NAMES = ("MatchRound", "MatchHome", "MatchAway", "Board")
ROOM_NAMES = (("OpenContract", "OpenDeclarer", "OpenTricks"), ("ClosedContract", "ClosedDeclarer", "ClosedTricks"))
"""A team event's results rows: the match and board, then each room's three cells."""


class WriteBackError(XlbridgeError):
    """The journal cannot be written into this book (it has no movement's rows, or it is
    open in a spreadsheet program); the message is one line."""


class WorkbookOpen(files.BusyError):
    """Excel or LibreOffice still has the book open after the wait."""


Result = tuple[object, object, object]
"""A row's Contract, Declarer and Tricks cells' values."""


@dataclass(frozen=True)
class Conflict:
    """A row that already holds another result than the journal's: where it is, the
    book's result and the journal's entry, and whether the journal's was written (force)."""

    entry: Entry
    book: Result
    address: str
    replaced: bool = False

    def __str__(self) -> str:
        """One line for the director.

        >>> str(Conflict(Entry(2, 3, 5, "4S", "N", 9), ("4S", "N", 10), "Results!E23"))
        "round 2, table 3, board 5: the book has 4S N 10 (Results!E23), the journal 4S N 9; the book's kept"
        """
        done = "the journal's written" if self.replaced else "the book's kept"
        return (f"round {self.entry.round}, table {self.entry.table}, board {self.entry.board}: the book has "
                f"{shown(self.book)} ({self.address}), the journal {shown(self.entry.cells())}; {done}")


@dataclass(frozen=True)
class WriteReport:
    """What :func:`write_back` did: the entries written, those the book already held, the
    conflicts (kept, or written with ``force``) and the entries with no row."""

    book: Path
    written: tuple[Entry, ...] = ()
    unchanged: tuple[Entry, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    missing: tuple[Entry, ...] = ()

    @property
    def changed(self) -> bool:
        """Whether the book was rewritten."""
        return bool(self.written) or any(conflict.replaced for conflict in self.conflicts)

    def lines(self) -> list[str]:
        """A summary line, then one line a conflict and one a missing row, for the command
        to print.

        >>> entry = Entry(9, 1, 1, "3N", "S", 9)
        >>> WriteReport(Path("e.xlsx"), unchanged=(entry,), missing=(entry,)).lines()
        ['e.xlsx: nothing written; 1 result already in the book; 1 without a row', \
'round 9, table 1, board 1: no such row in e.xlsx (a round, table or board its movement does not have); not written']
        """
        parts = []
        replaced = sum(conflict.replaced for conflict in self.conflicts)
        kept = len(self.conflicts) - replaced
        if self.written:
            parts.append(_count(len(self.written), "result") + " written")
        if replaced:
            parts.append(_count(replaced, "conflict") + " written over (--force)")
        head = f"{self.book}: " + (", ".join(parts) if parts else "nothing written")
        tail = []
        if self.unchanged:
            tail.append(_count(len(self.unchanged), "result") + " already in the book")
        if kept:
            tail.append(_count(kept, "conflict") + " kept as the book has it (--force writes the journal's)")
        if self.missing:
            tail.append(f"{len(self.missing)} without a row")
        lines = [head + ("; " + "; ".join(tail) if tail else "")]
        lines += [str(conflict) for conflict in self.conflicts]
        lines += [f"round {e.round}, table {e.table}, board {e.board}: no such row in {self.book} "
                  "(a round, table or board its movement does not have); not written" for e in self.missing]
        return lines


def write_back(book: Path, entries: Iterable[Entry], *, force: bool = False, wait: float = WAIT_SECONDS,
               say: Callable[[str], object] | None = None) -> WriteReport:
    """Write ``entries`` into ``book``'s results rows (see the module's description); the
    last entry of a key counts (a correction comes after what it corrects). ``say`` prints
    the one line about waiting for a spreadsheet program (stderr by default).

    Raises :class:`WorkbookOpen` when the book is still open after ``wait`` seconds,
    :class:`WriteBackError` when it has no movement's rows, and the files' own errors
    (:class:`xlbridge.director.safe_open.UnreadableWorkbook`, :class:`xlbridge.files.BusyError`).
    """
    book = Path(book)
    latest = {entry.key: entry for entry in entries}
    _wait_until_closed(book, wait, say or (lambda line: print(line, file=sys.stderr)))
    with files.locked(book):
        _refuse_if_open(book)  # again under the lock: it may have been opened while we waited
        _has_rows(book)  # before the whole book is loaded: reading its names alone is quick
        workbook = load(book, read_only=False)
        rows = _rows(workbook, book)
        written: list[Entry] = []
        unchanged: list[Entry] = []
        conflicts: list[Conflict] = []
        missing: list[Entry] = []
        for key in sorted(latest):
            entry = latest[key]
            cells = rows.get(key)
            if cells is None:
                missing.append(entry)
                continue
            now = tuple(cell.value for cell in cells)
            if all(_blank(value) for value in now):
                _put(cells, entry)
                written.append(entry)
            elif _same(now, entry.cells()):
                unchanged.append(entry)
            else:
                if force:
                    _put(cells, entry)
                conflicts.append(Conflict(entry, now, _address(cells[0]), replaced=force))
        report = WriteReport(book, tuple(written), tuple(unchanged), tuple(conflicts), tuple(missing))
        if report.changed:
            workbook.calculation.fullCalcOnLoad = True  # no cached values: the program recalculates on open
            files.save(workbook, book, force=True)  # the user's own book, named to be written
    return report


def office_lock(book: Path) -> Path | None:
    """The lock file of a spreadsheet program that has ``book`` open, or None:
    LibreOffice's ``.~lock.NAME#``, Excel's ``~$NAME`` (Office shortens a long name's
    first two letters into the ``~$``, so that form is looked for too).

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> office_lock(folder / "club.xlsx") is None
        True
        >>> _ = (folder / ".~lock.club.xlsx#").write_text("x")
        >>> office_lock(folder / "club.xlsx").name
        '.~lock.club.xlsx#'
    """
    names = [f".~lock.{book.name}#", f"~${book.name}"]
    if len(book.stem) > 2:
        names.append(f"~${book.name[2:]}")
    for name in names:
        lock = book.with_name(name)
        if lock.exists():
            return lock
    return None


def _wait_until_closed(book: Path, wait: float, say: Callable[[str], object]) -> None:
    """Poll for the spreadsheet programs' lock files up to ``wait`` seconds; say once
    that the book is open and what to do."""
    lock = office_lock(book)
    if lock is None:
        return
    if wait <= 0:  # the director's page: refused at once, the page says why
        _refuse_if_open(book)
    say(f"{book}: is open in {_program(lock)} ({lock.name}); save and close it, waiting up to {wait:g} s")
    deadline = time.monotonic() + wait
    while lock is not None and time.monotonic() < deadline:
        time.sleep(max(0.0, min(POLL_SECONDS, deadline - time.monotonic())))
        lock = office_lock(book)
    _refuse_if_open(book, waited=wait)


def _refuse_if_open(book: Path, waited: float | None = None) -> None:
    lock = office_lock(book)
    if lock is not None:
        after = f" after {waited:g} s" if waited is not None else ""
        raise WorkbookOpen(f"{book}: still open in {_program(lock)}{after}, so nothing was written; close it "
                           f"and write again (if it is not open, delete the stale lock file {lock})")


def _program(lock: Path) -> str:
    return "LibreOffice" if lock.name.startswith(".~lock.") else "Excel"


def _has_rows(book: Path) -> None:
    """Refuse a book without a movement's results rows (their defined names)."""
    workbook = load(book)
    try:
        names = set(workbook.defined_names.keys())
    finally:
        workbook.close()
    if names.issuperset((*TEAM_KEY_NAMES, *ROOM_NAMES[0], *ROOM_NAMES[1])) or names.issuperset(
            (*SWISS_KEY_NAMES, *RESULT_NAMES)):
        return
    absent = [name for name in (*KEY_NAMES, *RESULT_NAMES) if name not in names]
    if absent:
        raise WriteBackError(f"{book}: has no {', '.join(absent)} cells: results from the tables are written "
                             "into a pairs.xlsx or individual.xlsx built from a movement (xlbridge workbooks "
                             "pairs --movement ...), a teams-event.xlsx or a swiss-pairs.xlsx")


def _rows(workbook: Workbook, book: Path) -> dict[tuple[int, int, int], tuple[SheetCell, ...]]:
    """Each results row's Contract, Declarer and Tricks cells by the row's (round, table,
    board); the first row of a key counts (a movement has one). A team event's row gives two:
    its open room's table and its closed room's; a Swiss pairs match's row its match's table."""
    swiss = SWISS_KEY_NAMES[1] in workbook.defined_names  # both drawn books have MatchRound: NS tells them apart
    teams = not swiss and TEAM_KEY_NAMES[0] in workbook.defined_names
    names = ((*TEAM_KEY_NAMES, *ROOM_NAMES[0], *ROOM_NAMES[1]) if teams else
             (*SWISS_KEY_NAMES, *RESULT_NAMES) if swiss else (*KEY_NAMES, *RESULT_NAMES))
    columns = [named_cells(workbook, name) for name in names]
    if len({len(column) for column in columns}) != 1:
        sizes = ", ".join(f"{name} {len(column)}" for name, column in zip(names, columns, strict=True))
        raise WriteBackError(f"{book}: its results columns differ in length ({sizes}); they must cover "
                             "the same rows, as the template has them")
    rows: dict[tuple[int, int, int], tuple[SheetCell, ...]] = {}
    if teams:
        matches = [tuple(_whole(cell.value) for cell in cells) for cells in zip(*columns[:4], strict=True)]
        numbers = match_numbers(match[:3] for match in matches if None not in match)  # type: ignore[misc]
        for (round_, home, away, board), *results in zip(matches, *columns[4:], strict=True):
            number = numbers.get((round_, home, away))  # type: ignore[arg-type]
            if number is not None and board is not None:
                for table, room in zip(room_tables(number), (results[:3], results[3:]), strict=True):
                    rows.setdefault((round_, table, board), tuple(room))  # type: ignore[arg-type]
        return rows
    if swiss:
        matches = [tuple(_whole(cell.value) for cell in cells) for cells in zip(*columns[:4], strict=True)]
        numbers = match_numbers(match[:3] for match in matches if None not in match)  # type: ignore[misc]
        for (round_, ns, ew, board), *results in zip(matches, *columns[4:], strict=True):
            number = numbers.get((round_, ns, ew))  # type: ignore[arg-type]
            if number is not None and board is not None:
                rows.setdefault((round_, number, board), tuple(results))  # type: ignore[arg-type]
        return rows
    numbering = _sections(workbook, book, len(columns[0]))
    for index, (round_, table, board, *results) in enumerate(zip(*columns, strict=True)):
        key = (_whole(round_.value), _whole(table.value), _whole(board.value))
        if numbering is not None and None not in key:  # a sectioned book: the table as serve numbers it
            sections, per_section, column = numbering
            section = str(column[index].value or "").strip().upper()
            if section not in sections:
                continue  # a row of no section the book has: none of serve's tables
            key = (key[0], across(sections.index(section), key[1], per_section), key[2])  # type: ignore[operator]
        if None not in key:
            rows.setdefault(key, tuple(results))  # type: ignore[arg-type]
    return rows


def _sections(workbook: Workbook, book: Path, length: int) -> tuple[tuple[str, ...], int, list[SheetCell]] | None:
    """A sectioned pairs book's sections (in its ``Sections`` order), its tables a section
    (the Movement sheet's) and its results rows' ``Section`` cells; None for a book of one
    section."""
    if "Sections" not in workbook.defined_names or "Section" not in workbook.defined_names:
        return None
    sections = book_sections(named_cells(workbook, "Sections"))
    if not sections:
        return None
    moves = named_cells(workbook, "MoveTable") if "MoveTable" in workbook.defined_names else []
    tables = [table for table in (_whole(cell.value) for cell in moves) if table]
    column = named_cells(workbook, "Section")
    if not tables or len(column) != length:
        raise WriteBackError(f"{book}: a sectioned book needs its Movement sheet's tables and a Section cell on "
                             f"every results row (Section {len(column)}, RoundNo {length}), as the template has them")
    return tuple(section.upper() for section in sections), max(tables), column


def _put(cells: Sequence[SheetCell], entry: Entry) -> None:
    contract, declarer, tricks = entry.cells()
    cells[0].value = contract
    cells[0].data_type = "s"  # text stays text, as workbooks.set_value writes it
    cells[1].value = declarer
    if declarer is not None:
        cells[1].data_type = "s"
    cells[2].value = tricks  # a number: the book's formulas and check take tricks typed, not text


def _same(book: Result, journal: Result) -> bool:
    """Whether a row's cells and an entry hold one result: read as the book's check reads
    them (``3NT`` is ``3N``, ``4sx`` is ``4SX``); cells it cannot read are compared as text."""
    read = _play(book)
    return read == _play(journal) if read is not None else _text(book) == _text(journal)


def _play(values: Result) -> Play | None:
    cells = [Cell("Results", 1, column, value) for column, value in enumerate(values, start=1)]
    return read_play(Problems(), *cells, codes=True, weighted=True)


def _text(values: Result) -> tuple[str, ...]:
    return tuple(" ".join(str(value).split()).upper() if value is not None else "" for value in values)


def shown(values: Sequence[object]) -> str:
    """A result as the director reads it: ``4S N 10``, ``PASS``, ``(blank)``.

    >>> shown(("3N", "S", 9)), shown(("PASS", None, None)), shown((None, None, None))
    ('3N S 9', 'PASS', '(blank)')
    """
    words = [str(value).strip() for value in values if not _blank(value)]
    return " ".join(words) or "(blank)"


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _whole(value: object) -> int | None:
    """A round, table or board cell as a whole number (typed as a number or as text), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _address(cell: SheetCell) -> str:
    return Cell(cell.parent.title, cell.row, cell.column, cell.value).address


def _count(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
