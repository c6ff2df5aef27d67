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
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .. import kinds
from ..director.names import NamedCells
from ..director.safe_open import load
from ..engine import OptionError
from ..event import PairResult, PairsEvent, PairsReport, Play
from ..event.individual import IndividualEvent, IndividualResult
from ..workbooks.i18n import LANGUAGES, Labels
from .entry import Entry

SERVED = "a pairs event written from a movement (xlbridge workbooks pairs --movement ...) or an individual"
"""What ``xlbridge serve`` serves, in words for its refusals."""


@dataclass(frozen=True)
class Place:
    """One table in one round: the pairs (None: a sit-out) or, in an individual, the four
    players (``seats``: North, East, South, West), the boards, and where the boards and the
    players go next, as the cards say it (``players_next``: an individual's (player, where))."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    boards_next: str = ""
    ns_next: str = ""
    ew_next: str = ""
    seats: tuple[int, ...] = ()
    players_next: tuple[tuple[int, str], ...] = ()

    @property
    def sits_out(self) -> bool:
        """True where nobody plays (a sit-out's table)."""
        return not self.seats and (self.ns is None or self.ew is None)

    @property
    def boards_text(self) -> str:
        return _span(self.boards)


def _span(boards: tuple[int, ...]) -> str:
    """Boards as the cards write them: ``4-6``, ``7``."""
    return f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])


Result = PairResult | IndividualResult


@dataclass(frozen=True)
class LiveEvent:
    """The served event: where each table plays each round, the names, the book's language
    and event (scoring settings and the results typed in)."""

    path: Path
    lang: str
    places: tuple[Place, ...]
    event: PairsEvent | IndividualEvent
    typed: Mapping[tuple[int, int, int], Result]
    """The book's results by (round, table, board), where the movement places them."""

    @property
    def name(self) -> str:
        return self.event.name

    @property
    def individual(self) -> bool:
        return isinstance(self.event, IndividualEvent)

    @property
    def names(self) -> dict[int, str]:
        """The pairs' names by number (an individual's: the players')."""
        if isinstance(self.event, IndividualEvent):
            return {player.number: player.name for player in self.event.players}
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

    @functools.cached_property
    def _by_key(self) -> dict[tuple[int, int], Place]:
        return {(place.round, place.table): place for place in self.places}

    def result(self, entry: Entry) -> Result:
        """An entry as a results row of the event (its pairs or players from the movement)."""
        place = self.place(entry.round, entry.table)
        assert place is not None
        play = Play(entry.contract, entry.declarer, entry.tricks)
        if place.seats:
            return IndividualResult(entry.round, entry.table, entry.board, place.seats, play)  # type: ignore[arg-type]
        return PairResult(entry.board, place.ns, place.ew, play)

    def with_entries(self, entries: Iterable[Entry]) -> PairsEvent | IndividualEvent:
        """The book's event with the entries added where the book has no result typed (a
        typed result is kept, as ``--write`` keeps it)."""
        added = [self.result(entry) for entry in entries if entry.key not in self.typed]
        return dataclasses.replace(self.event, results=(*self.event.results, *added))  # type: ignore[arg-type]

    def ranking(self, entries: Iterable[Entry]) -> list[tuple[str, list[tuple[str, int, str, str]]]]:
        """The live ranking, scored by the engine as ``report`` scores the book's results and
        the entries: (title, [(place, number, names, total)]) for each field."""
        event = self.with_entries(entries)
        if not event.results:
            return []
        names = self.names
        if isinstance(event, IndividualEvent):
            report = kinds.INDIVIDUAL.score(event)  # type: ignore[arg-type]
            return [("", [(t.place, t.player, names.get(t.player, ""), f"{t.percent:.2f}%")
                          for t in report.ranking()])]  # type: ignore[attr-defined]
        scored = kinds.PAIRS.score(event)
        assert isinstance(scored, PairsReport)
        # a field's title in the book's words (NS, EW), not the report's English
        words = Labels(self.lang, kinds.PAIRS.name)
        fields = {"North-South": words("ns_field"), "East-West": words("ew_field")}
        return [(fields.get(title, title), [(t.place, t.pair, names.get(t.pair, ""),
                 f"{t.imps:+.2f}" if scored.imps and t.imps is not None else f"{t.percent:.2f}%")
                for t in totals])
                for title, totals in scored.rankings()]


def read_event(path: Path, lang: str | None = None) -> LiveEvent:
    """Read the workbook at ``path``: a pairs event from a movement or an individual, else
    one line why not (:class:`OptionError`)."""
    book = kinds.read(path)
    if book.kind not in (kinds.PAIRS, kinds.INDIVIDUAL) or not book.cells.column("MoveRound"):
        raise OptionError(f"{path}: is a {book.title}{'' if book.kind is not kinds.PAIRS else ' with no movement'}; "
                          f"xlbridge serve serves {SERVED}")
    checked = kinds.check(book)
    if checked.problems or not isinstance(checked.event, PairsEvent | IndividualEvent):
        first = checked.problems[0] if checked.problems else "unreadable"
        raise OptionError(f"{path}: {len(checked.problems)} problem(s), the first {first}; "
                          "fix them (xlbridge check) before serving it")
    if book.kind is kinds.INDIVIDUAL:
        places, header = _individual_places(path, book.cells, lang)
        typed: dict[tuple[int, int, int], Result] = {
            (r.round, r.table, r.board): r for r in checked.event.results  # type: ignore[union-attr]
            if r.round is not None and r.table is not None}
        return LiveEvent(path, lang or _language(header, kinds.INDIVIDUAL.name), tuple(places), checked.event, typed)
    places, header = _places(path, book.cells)
    code = lang or _language(header, kinds.PAIRS.name)
    by_board = {(board, place.ns, place.ew): (place.round, place.table) for place in places for board in place.boards}
    typed = {}
    for result in checked.event.results:  # type: ignore[union-attr]
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


def _language(header: str, namespace: str) -> str:
    """The book's language, from its Movement sheet's first heading (``Round``, ``Kierros``).

    >>> _language("Kierros", "pairs"), _language("Round", "pairs"), _language("?", "pairs")
    ('fi', 'en', 'en')
    """
    for lang in LANGUAGES:
        if Labels(lang, namespace)("round") == header.strip():
            return lang
    return "en"


def _individual_places(path: Path, cells: NamedCells, lang: str | None) -> tuple[list[Place], str]:
    """An individual's movement: each table's four players and boards, and for the end of
    the round where the boards and each player go next (the guide cards' table and seat)."""
    names = ("MoveRound", "MoveTable", "MoveNorth", "MoveEast", "MoveSouth", "MoveWest", "MoveBoards")
    columns = [cells.column(name) for name in names]
    rows = []
    for round_no, table, *seats, boards in zip(*columns, strict=False):
        first, _, last = str(boards.value).partition("-")
        try:
            rows.append((int(round_no.value), int(table.value), tuple(int(s.value) for s in seats),
                         tuple(range(int(first), int(last or first) + 1))))
        except (TypeError, ValueError):  # a row edited by hand, as the check passes it by
            continue
    first = columns[0][0]
    workbook = load(path)
    try:
        header = next(workbook[first.sheet].iter_rows(min_row=first.row - 1, max_row=first.row - 1,
                                                      min_col=first.column, max_col=first.column, values_only=True))
    finally:
        workbook.close()
    t = Labels(lang or _language(str(header[0] or ""), kinds.INDIVIDUAL.name), kinds.INDIVIDUAL.name)
    seat_words = [t(key) for key in ("north", "east", "south", "west")]
    at = {(r, player): (table, seat) for r, table, seats, _ in rows for seat, player in enumerate(seats)}
    places = []
    for r, table, seats, boards in rows:
        later = [(tb, bs) for rr, tb, _, bs in rows if rr == r + 1 and tb == table]
        boards_next = "-" if not later else f"{t('table')} {table}: {t('boards')} {_span(later[0][1])}"
        going = []
        for player in seats:
            where = at.get((r + 1, player))
            going.append((player, "-" if r + 1 > max(rr for rr, *_ in rows) else
                          t("sits_out") if where is None else f"{t('table')} {where[0]}, {seat_words[where[1]]}"))
        places.append(Place(r, table, None, None, boards, boards_next, seats=seats, players_next=tuple(going)))
    return places, str(header[0] or "")
