"""The event ``xlbridge serve`` serves, read once at start from its workbook.

A pairs event written from a movement (``xlbridge workbooks pairs --movement ...``): its
Movement sheet gives every round and table (pairs and boards) and, in the cards' own words
and the book's language, where the boards and the pairs go next; the book's check gives the
pairs' names, the scoring settings and the results already typed in. Any other book is
refused in one line naming what is served.

>>> place = Place(1, 2, 2, 9, (4, 5, 6), "table 1", "table 2 NS", "table 3 EW")
>>> place.boards_text, place.sits_out
('4-6', False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .. import kinds
from ..director.names import NamedCells
from ..director.safe_open import load
from ..engine import OptionError
from ..event import PairResult, PairsEvent, PairsReport, Play
from ..workbooks.i18n import LANGUAGES, Labels
from .entry import Entry

SERVED = "a pairs event written from a movement (xlbridge workbooks pairs --movement ...)"
"""What ``xlbridge serve`` serves, in words for its refusals."""


@dataclass(frozen=True)
class Place:
    """One table in one round: the pairs (None: a sit-out), the boards, and where the boards,
    North-South and East-West go next, as the table card says it."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    boards_next: str = ""
    ns_next: str = ""
    ew_next: str = ""

    @property
    def sits_out(self) -> bool:
        """True where nobody plays (a sit-out's table)."""
        return self.ns is None or self.ew is None

    @property
    def boards_text(self) -> str:
        return f"{self.boards[0]}-{self.boards[-1]}" if len(self.boards) > 1 else str(self.boards[0])


@dataclass(frozen=True)
class LiveEvent:
    """The served event: where each table plays each round, the pairs' names, the book's
    language and event (scoring settings and the results typed in)."""

    path: Path
    lang: str
    places: tuple[Place, ...]
    event: PairsEvent
    typed: Mapping[tuple[int, int, int], PairResult]
    """The book's results by (round, table, board), where the movement places them."""

    @property
    def name(self) -> str:
        return self.event.name

    @property
    def names(self) -> dict[int, str]:
        return {pair.number: pair.names for pair in self.event.pairs}

    @property
    def rounds(self) -> int:
        return max(place.round for place in self.places)

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(sorted({place.table for place in self.places}))

    def place(self, round: int, table: int) -> Place | None:
        """The movement's row at ``round`` and ``table``."""
        return self._by_key.get((round, table))

    @property
    def _by_key(self) -> dict[tuple[int, int], Place]:
        return {(place.round, place.table): place for place in self.places}

    def result(self, entry: Entry) -> PairResult:
        """An entry as a results row of the event (its pairs from the movement)."""
        place = self.place(entry.round, entry.table)
        assert place is not None
        return PairResult(entry.board, place.ns, place.ew, Play(entry.contract, entry.declarer, entry.tricks))

    def with_entries(self, entries: Iterable[Entry]) -> PairsEvent:
        """The book's event with the entries added where the book has no result typed (a
        typed result is kept, as ``--write`` keeps it)."""
        added = [self.result(entry) for entry in entries if entry.key not in self.typed]
        return dataclasses.replace(self.event, results=(*self.event.results, *added))

    def scored(self, entries: Iterable[Entry]) -> PairsReport:
        """The engine's scoring of the book's results and the entries, as ``report`` scores."""
        report = kinds.PAIRS.score(self.with_entries(entries))
        assert isinstance(report, PairsReport)
        return report


def read_event(path: Path, lang: str | None = None) -> LiveEvent:
    """Read the workbook at ``path``: a pairs event from a movement, else one line why not
    (:class:`OptionError`)."""
    book = kinds.read(path)
    if book.kind is not kinds.PAIRS or not book.cells.column("MoveRound"):
        raise OptionError(f"{path}: is a {book.title}{'' if book.kind is not kinds.PAIRS else ' with no movement'}; "
                          f"xlbridge serve serves {SERVED}")
    checked = kinds.check(book)
    if checked.problems or not isinstance(checked.event, PairsEvent):
        first = checked.problems[0] if checked.problems else "unreadable"
        raise OptionError(f"{path}: {len(checked.problems)} problem(s), the first {first}; "
                          "fix them (xlbridge check) before serving it")
    places, header = _places(path, book.cells)
    code = lang or _language(header)
    by_board = {(board, place.ns, place.ew): (place.round, place.table) for place in places for board in place.boards}
    typed = {}
    for result in checked.event.results:
        where = by_board.get((result.board, result.ns, result.ew))
        if where is not None:
            typed[(*where, result.board)] = result
    return LiveEvent(path, code, tuple(places), checked.event, typed)


def _places(path: Path, cells: NamedCells) -> tuple[list[Place], str]:
    """The movement's rows, each with the words of the Movement sheet's next three columns
    (boards, NS and EW next), and that sheet's first heading (its language)."""
    columns = [cells.column(name) for name in ("MoveRound", "MoveTable", "MoveNS", "MoveEW", "MoveBoards")]
    first = columns[4][0]
    workbook = load(path)
    try:
        sheet = workbook[first.sheet]
        top, bottom = first.row, columns[4][-1].row
        rows = list(sheet.iter_rows(min_row=top - 1, max_row=bottom, min_col=columns[0][0].column,
                                    max_col=first.column + 3, values_only=True))
    finally:
        workbook.close()
    offset = first.column - columns[0][0].column
    header = str(rows[0][0] or "")
    places = []
    for index, (round_no, table, ns, ew, boards) in enumerate(zip(*columns, strict=False)):
        if round_no.blank or table.blank:
            continue
        first_board, _, last_board = str(boards.value).partition("-")
        try:
            span = tuple(range(int(first_board), int(last_board or first_board) + 1))
            line = rows[index + 1]
            after = [str(value or "") for value in line[offset + 1: offset + 4]]
            places.append(Place(int(round_no.value), int(table.value), None if ns.blank else int(ns.value),
                                None if ew.blank else int(ew.value), span, *after))
        except (TypeError, ValueError):  # a row edited by hand, as the check passes it by
            continue
    return places, header


def _language(header: str) -> str:
    """The book's language, from its Movement sheet's first heading (``Round``, ``Kierros``).

    >>> _language("Kierros"), _language("Round"), _language("?")
    ('fi', 'en', 'en')
    """
    for lang in LANGUAGES:
        if Labels(lang, kinds.PAIRS.name)("round") == header.strip():
            return lang
    return "en"
