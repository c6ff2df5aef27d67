"""The event ``xlbridge serve`` serves, read once at start from its workbook.

A pairs event written from a movement (``xlbridge workbooks pairs --movement ...``): its
Movement sheet gives every round and table (pairs and boards) and, in the cards' own words
and the book's language, where the boards and the pairs go next; the book's check gives the
pairs' names, the scoring settings and the results already typed in. An individual's
Movement sheet gives its tables' four players. A team event (teams-event.xlsx) has no
movement: its Results rows give each round's matches (those drawn so far), and match ``k``
of a round, in the rows' (the Draw's) order, plays at two tables, ``2k-1`` the open room
(home North-South) and ``2k`` the closed room (away North-South); a bye has no table
(:func:`match_numbers`). A Swiss pairs event (swiss-pairs.xlsx) has no movement either: its
Results rows give the rounds drawn so far, and match ``k`` of a round is table ``k``, its
North-South pair the one the draw put there, playing the round's boards; a bye has no table.
Any other book is refused in one line naming what is served.

A sectioned pairs book (``xlbridge workbooks pairs --sections 2 --movement ...``) runs its
Movement sheet's movement in every section on the same boards, or, when the sheet names each
row's section (``MoveSection``: ``--tables 8,7``), each section its own. Its tables are numbered
across the sections inside ``serve`` (:func:`across`: with 4 tables a section, B 1 is table
5), so the journal, the codes and the forms keep one number a table; every place a person
reads a table shows it with its section (``A 3``, :attr:`Place.label`), and ``--write``
turns the number back into the section's rows.

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
from ..event import (
    EventBoard,
    PairResult,
    PairsEvent,
    PairsReport,
    Play,
    SwissBoard,
    SwissPairsEvent,
    TeamEvent,
    pair_label,
    section_of,
)
from ..event.individual import IndividualEvent, IndividualResult
from ..workbooks.i18n import LANGUAGES, Labels
from .entry import Entry

SERVED = ("a pairs event written from a movement (xlbridge workbooks pairs --movement ...), an individual, "
          "a team event (teams-event.xlsx) or a Swiss pairs event (swiss-pairs.xlsx)")
"""What ``xlbridge serve`` serves, in words for its refusals."""


@dataclass(frozen=True)
class Place:
    """One table in one round: the pairs (None: a sit-out) or, in an individual, the four
    players (``seats``: North, East, South, West), the boards, and where the boards and the
    players go next, as the cards say it (``players_next``: an individual's (player, where)).
    A team event's table is one room of a match (``room``: :data:`OPEN` or :data:`CLOSED`),
    ``ns`` and ``ew`` its teams, ``ns_next`` and ``ew_next`` where those teams play next. A
    Swiss pairs match (``swiss``) says where each pair plays next: every table plays the
    round's boards, so no boards move."""

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
    room: str = ""
    swiss: bool = False
    section: str = ""
    """A sectioned event's section (``A``); ``table`` is then numbered across the sections
    (:func:`across`) and ``number`` is the table's number in its section."""
    number: int = 0

    @property
    def label(self) -> str:
        """The table as the players and the director read it: ``3``, or ``A 3`` in a section.

        >>> Place(1, 7, 3, 5, (1,), section="B", number=3).label, Place(1, 3, 3, 5, (1,)).label
        ('B 3', '3')
        """
        return pair_label(self.section, self.number or self.table)

    @property
    def home_away(self) -> tuple[int, int]:
        """A team event's match at this table: (home, away); the home team sits North-South
        in the open room.

        >>> Place(1, 2, 1, 4, (1, 2), room=CLOSED).home_away
        (4, 1)
        """
        assert self.ns is not None and self.ew is not None
        return (self.ns, self.ew) if self.room == OPEN else (self.ew, self.ns)

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


OPEN, CLOSED = "open", "closed"
"""A team event's two rooms (:attr:`Place.room`)."""


def across(index: int, number: int, per_section: int) -> int:
    """Table ``number`` of the section at ``index`` (0 for the first, in the book's
    ``Sections`` order) as ``serve`` numbers a sectioned event's tables: after every table of
    the sections before it. The one numbering, used by the phones and by ``--write``.

    >>> across(0, 3, 4), across(1, 1, 4), across(2, 4, 4)
    (3, 5, 12)
    """
    return index * per_section + number


def match_numbers(matches: Iterable[tuple[int, int, int]]) -> dict[tuple[int, int, int], int]:
    """Each match's number in its round, 1 up, in the order its rows come (the Draw's):
    (round, home, away) -> k. Match k plays at tables 2k-1 (open room) and 2k (closed room):
    the one numbering of a team event's tables, used by the phones and by ``--write``.

    >>> match_numbers([(1, 4, 1), (1, 4, 1), (1, 2, 3), (2, 2, 4), (2, 3, 1)])
    {(1, 4, 1): 1, (1, 2, 3): 2, (2, 2, 4): 1, (2, 3, 1): 2}
    """
    numbers: dict[tuple[int, int, int], int] = {}
    for match in matches:
        if match not in numbers:
            numbers[match] = 1 + sum(other[0] == match[0] for other in numbers)
    return numbers


def room_tables(number: int) -> tuple[int, int]:
    """Match ``number``'s open-room and closed-room tables.

    >>> room_tables(1), room_tables(3)
    ((1, 2), (5, 6))
    """
    return 2 * number - 1, 2 * number


Result = PairResult | IndividualResult | EventBoard | SwissBoard


@dataclass(frozen=True)
class LiveEvent:
    """The served event: where each table plays each round, the names, the book's language
    and event (scoring settings and the results typed in)."""

    path: Path
    lang: str
    places: tuple[Place, ...]
    event: PairsEvent | IndividualEvent | TeamEvent | SwissPairsEvent
    typed: Mapping[tuple[int, int, int], Result]
    """The book's results by (round, table, board), where the movement places them (a team
    event's board under both its rooms' tables, a Swiss pairs match's under its table)."""
    sections: tuple[str, ...] = ()
    """A sectioned pairs event's sections, in the book's order; empty otherwise."""

    @property
    def name(self) -> str:
        return self.event.name

    @property
    def individual(self) -> bool:
        return isinstance(self.event, IndividualEvent)

    @property
    def teams(self) -> bool:
        return isinstance(self.event, TeamEvent)

    @property
    def swiss(self) -> bool:
        """A Swiss pairs event (ranked in VPs, its rounds drawn one by one)."""
        return isinstance(self.event, SwissPairsEvent)

    @property
    def by_round(self) -> bool:
        """Whether a board is its round's (a team event or a Swiss pairs event may number each
        round's boards from 1): a traveller is then the round's tables only."""
        return isinstance(self.event, TeamEvent | SwissPairsEvent)

    @property
    def undrawn(self) -> bool:
        """A Swiss (teams or pairs) with rounds still to draw: its last round served is not its last."""
        return isinstance(self.event, TeamEvent | SwissPairsEvent) and self.event.rounds > self.rounds

    @property
    def names(self) -> dict[int, str]:
        """The pairs' names by number (an individual's: the players'; a team event's: the teams')."""
        if isinstance(self.event, TeamEvent):  # a team with no name is "Team 3", in the book's language
            team = Labels(self.lang, kinds.TEAM_EVENT.name)("team")
            return {number: name or f"{team} {number}" for number, name in self.event.teams.items()}
        if isinstance(self.event, SwissPairsEvent):  # a pair with no name is "Pair 3", in the book's language
            pair = Labels(self.lang, kinds.SWISS_PAIRS.name)("team")
            return {number: name or f"{pair} {number}" for number, name in self.event.pairs.items()}
        if isinstance(self.event, IndividualEvent):
            return {player.number: player.name for player in self.event.players}
        return {pair.number: pair.names for pair in self.event.pairs}

    def names_at(self, place: Place | None) -> dict[int, str]:
        """The names by number of the pairs a table may meet: its section's in a sectioned
        event (numbers repeat across sections), else :attr:`names`."""
        if not self.sections or not isinstance(self.event, PairsEvent):
            return self.names
        section = "" if place is None else place.section
        return {pair.number: pair.names for pair in self.event.pairs if pair.section == section}

    @functools.cached_property
    def labels(self) -> dict[int, str]:
        """Each table's label by its number (``A 3`` in a sectioned event, else ``3``)."""
        return {place.table: place.label for place in self.places}

    def label(self, table: int) -> str:
        """A table as a person reads it; a number no table has as it is."""
        return self.labels.get(table, str(table))

    def compared(self, table: int, other: int) -> bool:
        """Whether ``other``'s results on a board are compared with ``table``'s, so its
        traveller shows them: always, but in an event scored within sections, where only
        the same section's are."""
        if not self.sections or not isinstance(self.event, PairsEvent) or self.event.across:
            return True
        sections = {place.table: place.section for place in self.places}
        return sections.get(table) == sections.get(other)

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
        if place.swiss:
            assert place.ns is not None and place.ew is not None
            return SwissBoard(entry.round, place.ns, place.ew, entry.board, play)
        if place.seats:
            return IndividualResult(entry.round, entry.table, entry.board, place.seats, play)  # type: ignore[arg-type]
        return PairResult(entry.board, place.ns, place.ew, play, place.section)

    def with_entries(self, entries: Iterable[Entry]) -> PairsEvent | IndividualEvent | TeamEvent | SwissPairsEvent:
        """The book's event with the entries added where the book has no result typed (a
        typed result is kept, as ``--write`` keeps it). A team event's board counts once
        both its rooms are in, as the book's check counts it."""
        if isinstance(self.event, TeamEvent):
            rooms: dict[tuple[int, int, int, int], list[Play | None]] = {
                (b.round, b.home, b.away, b.board): [b.open, b.closed] for b in self.event.boards}
            for entry in entries:
                place = self.place(entry.round, entry.table)
                if entry.key in self.typed or place is None or not place.room:
                    continue
                plays = rooms.setdefault((entry.round, *place.home_away, entry.board), [None, None])
                plays[place.room == CLOSED] = Play(entry.contract, entry.declarer, entry.tricks)
            boards = tuple(EventBoard(*key, *plays) for key, plays in rooms.items()  # type: ignore[arg-type]
                           if None not in plays)
            return dataclasses.replace(self.event, boards=boards)
        if isinstance(self.event, SwissPairsEvent):
            tables = [self.result(entry) for entry in entries
                      if entry.key not in self.typed and self.place(entry.round, entry.table) is not None]
            return dataclasses.replace(self.event, boards=(*self.event.boards, *tables))  # type: ignore[arg-type]
        added = [self.result(entry) for entry in entries if entry.key not in self.typed]
        return dataclasses.replace(self.event, results=(*self.event.results, *added))  # type: ignore[arg-type]

    def ranking(self, entries: Iterable[Entry]) -> list[tuple[str, list[tuple[str, int | str, str, str]]]]:
        """The live ranking, scored by the engine as ``report`` scores the book's results and
        the entries: (title, [(place, number, names, total)]) for each field; a sectioned
        event's overall, then each section's, its pairs ``A 3``."""
        event = self.with_entries(entries)
        names = self.names
        if isinstance(event, TeamEvent):  # VPs a team, as report scores the book
            if not event.boards:
                return []
            standings = kinds.TEAM_EVENT.score(event).standings()
            return [("", [(s.place, s.team, names.get(s.team, ""), f"{s.vp:.2f}") for s in standings])]
        if isinstance(event, SwissPairsEvent):  # VPs a pair (a bye's among them), as report scores the book
            if not event.boards:
                return []
            standings = kinds.SWISS_PAIRS.score(event).standings()
            return [("", [(s.place, s.team, names.get(s.team, ""), f"{s.vp:.2f}") for s in standings])]
        if not event.results:
            return []
        if isinstance(event, IndividualEvent):
            report = kinds.INDIVIDUAL.score(event)  # type: ignore[arg-type]
            return [("", [(t.place, t.player, names.get(t.player, ""), f"{t.percent:.2f}%")
                          for t in report.ranking()])]  # type: ignore[attr-defined]
        scored = kinds.PAIRS.score(event)
        assert isinstance(scored, PairsReport)
        # a field's title in the book's words (NS, EW), not the report's English
        words = Labels(self.lang, kinds.PAIRS.name)
        fields = {"North-South": words("ns_field"), "East-West": words("ew_field")}
        if scored.sectioned is not None:
            return _section_ranking(scored, words, fields)
        return [(fields.get(title, title), [(t.place, t.pair, names.get(t.pair, ""),
                 f"{t.imps:+.2f}" if scored.imps and t.imps is not None else f"{t.percent:.2f}%")
                for t in totals])
                for title, totals in scored.rankings()]


def _section_ranking(scored: PairsReport, words: Labels, fields: Mapping[str, str]
                     ) -> list[tuple[str, list[tuple[str, int | str, str, str]]]]:
    """A sectioned event's live ranking: overall (each field), then each section's (its
    places within it), every pair ``A 3`` with its names by section and number."""

    def lines(totals: list) -> list[tuple[str, int | str, str, str]]:
        return [(t.place, scored.label(t), scored.name_of(t),
                 f"{t.imps:+.2f}" if scored.imps and t.imps is not None else f"{t.percent:.2f}%") for t in totals]

    out = [(fields.get(title, title), lines(totals)) for title, totals in scored.rankings()]
    for title, totals in scored.section_rankings():
        # the report's title is "Section A" or "Section A North-South": put in the book's words
        section, _, field = title.removeprefix("Section ").partition(" ")
        section = section_of(totals[0]) if totals else section
        out.append((f"{words('section')} {section}" + (f" {fields.get(field, field)}" if field else ""),
                    lines(totals)))
    return out


def read_event(path: Path, lang: str | None = None) -> LiveEvent:
    """Read the workbook at ``path``: a pairs event from a movement, an individual, a team
    event or a Swiss pairs event, else one line why not (:class:`OptionError`)."""
    book = kinds.read(path)
    drawn = book.kind in (kinds.TEAM_EVENT, kinds.SWISS_PAIRS)  # rounds drawn, not a movement
    movement = drawn or bool(book.cells.column("MoveRound"))
    if book.kind not in (kinds.PAIRS, kinds.INDIVIDUAL, kinds.TEAM_EVENT, kinds.SWISS_PAIRS) or not movement:
        raise OptionError(f"{path}: is a {book.title}{'' if book.kind is not kinds.PAIRS else ' with no movement'}; "
                          f"xlbridge serve serves {SERVED}")
    checked = kinds.check(book)
    if checked.problems or not isinstance(checked.event, PairsEvent | IndividualEvent | TeamEvent | SwissPairsEvent):
        first = checked.problems[0] if checked.problems else "unreadable"
        raise OptionError(f"{path}: {len(checked.problems)} problem(s), the first {first}; "
                          "fix them (xlbridge check) before serving it")
    if isinstance(checked.event, TeamEvent):
        return _team_event(path, book.cells, checked.event, lang)
    if isinstance(checked.event, SwissPairsEvent):
        return _swiss_pairs(path, book.cells, checked.event, lang)
    if book.kind is kinds.INDIVIDUAL:
        places, header = _individual_places(path, book.cells, lang)
        typed: dict[tuple[int, int, int], Result] = {
            (r.round, r.table, r.board): r for r in checked.event.results  # type: ignore[union-attr]
            if r.round is not None and r.table is not None}
        return LiveEvent(path, lang or _language(header, kinds.INDIVIDUAL.name), tuple(places), checked.event, typed)
    places, header = _places(path, book.cells)
    code = lang or _language(header, kinds.PAIRS.name)
    sections = book_sections(book.cells.column("Sections") if checked.event.sections else [])  # type: ignore[union-attr]
    if sections:  # the movement in every section, its tables numbered across them
        per_section = max(place.table for place in places)
        if any(place.section for place in places):  # each section its own movement, its rows named
            places = [dataclasses.replace(place, table=across(sections.index(place.section), place.table,
                                                              per_section), number=place.table)
                      for place in places if place.section in sections]
        else:
            places = [dataclasses.replace(place, table=across(index, place.table, per_section), section=section,
                                          number=place.table)
                      for index, section in enumerate(sections) for place in places]
    by_board = {(place.section, board, place.ns, place.ew): (place.round, place.table)
                for place in places for board in place.boards}
    typed = {}
    for result in checked.event.results:  # type: ignore[union-attr]
        where = by_board.get((result.section, result.board, result.ns, result.ew))
        if where is not None:
            typed[(*where, result.board)] = result
    return LiveEvent(path, code, tuple(places), checked.event, typed, sections)


def book_sections(cells: Iterable[object]) -> tuple[str, ...]:
    """A sectioned book's sections in its order, from its hidden ``Sections`` list's cells
    (read by :func:`read_event` and by ``--write``, so both number the tables alike).

    >>> from xlbridge.director.names import Cell
    >>> book_sections([Cell("Lists", 1, 1, "A"), Cell("Lists", 2, 1, " B "), Cell("Lists", 3, 1, None)])
    ('A', 'B')
    """
    values = (getattr(cell, "value", cell) for cell in cells)
    return tuple(str(value).strip() for value in values if value is not None and str(value).strip())


def _places(path: Path, cells: NamedCells) -> tuple[list[Place], str]:
    """The movement's rows, each with the words of the Movement sheet's next three columns
    (boards, NS and EW next), and that sheet's first heading (its language)."""
    columns = [cells.column(name) for name in ("MoveRound", "MoveTable", "MoveNS", "MoveEW", "MoveBoards")]
    named = cells.column("MoveSection")  # sections of their own movements: each row's section
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
                                None if ew.blank else int(ew.value), span, *after,
                                section=str(named[index].value).strip() if index < len(named) else ""))
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


def _team_event(path: Path, cells: NamedCells, event: TeamEvent, lang: str | None) -> LiveEvent:
    """A team event's tables: each drawn match's two rooms (:func:`match_numbers`), the
    match's boards as its rows list them, and where each team plays next round (its tables
    and directions, a bye, or the draw still to come)."""
    numbers, boards, code = _drawn(path, cells, ("MatchRound", "MatchHome", "MatchAway", "Board"),
                                   kinds.TEAM_EVENT.name, lang)
    t, words = Labels(code, "serve"), Labels(code, kinds.TEAM_EVENT.name)

    def going(round_no: int, team: int) -> str:
        """Where ``team`` plays in the round after ``round_no``, as its phone says it."""
        if round_no >= event.rounds:
            return "-"
        for (r, home, away), number in numbers.items():
            if r == round_no + 1 and team in (home, away):
                open_, closed = room_tables(number)
                ns, ew = (open_, closed) if team == home else (closed, open_)
                return t("team_next", ns=ns, ew=ew)
        drawn = any(r == round_no + 1 for r, _, _ in numbers)
        return words("bye") if drawn else t("wait_draw")

    places = []
    for (round_no, home, away), number in numbers.items():
        span = tuple(sorted(boards[(round_no, home, away)]))
        for table, room, ns, ew in zip(room_tables(number), (OPEN, CLOSED), (home, away), (away, home), strict=True):
            places.append(Place(round_no, table, ns, ew, span, "", going(round_no, ns), going(round_no, ew),
                                room=room))
    by_match = {(p.round, *p.home_away): [] for p in places}  # type: ignore[var-annotated]
    for p in places:
        by_match[(p.round, *p.home_away)].append(p.table)
    typed: dict[tuple[int, int, int], Result] = {}
    for board in event.boards:
        for table in by_match.get((board.round, board.home, board.away), []):
            typed[(board.round, table, board.board)] = board
    return LiveEvent(path, code, tuple(places), event, typed)


def _drawn(path: Path, cells: NamedCells, names: tuple[str, str, str, str], namespace: str, lang: str | None
           ) -> tuple[dict[tuple[int, int, int], int], dict[tuple[int, int, int], list[int]], str]:
    """A drawn event's Results rows (``names``: round, the two sides, board): each match's
    number in its round (:func:`match_numbers`), its boards, and the book's language (from
    the Results sheet's "Round" heading above the first row, in ``namespace``'s words)."""
    columns = [cells.column(name) for name in names]
    rows = []
    for cells_of_row in zip(*columns, strict=False):
        try:
            rows.append(tuple(int(cell.value) for cell in cells_of_row))  # type: ignore[arg-type]
        except (TypeError, ValueError):  # a round not drawn yet (blank sides), or a row edited by hand
            continue
    numbers = match_numbers(row[:3] for row in rows)
    boards: dict[tuple[int, int, int], list[int]] = {}
    for round_no, home, away, board in rows:
        boards.setdefault((round_no, home, away), []).append(board)
    first = columns[0][0]
    workbook = load(path)
    try:
        sheet = workbook[first.sheet]
        headers = [str(sheet.cell(row, first.column).value or "").strip() for row in (first.row - 2, first.row - 1)]
    finally:
        workbook.close()
    code = lang or next((c for c in LANGUAGES if Labels(c, namespace)("round") in headers), "en")
    return numbers, boards, code


def _swiss_pairs(path: Path, cells: NamedCells, event: SwissPairsEvent, lang: str | None) -> LiveEvent:
    """A Swiss pairs event's tables: match ``k`` of a drawn round at table ``k``
    (:func:`match_numbers`), North-South the pair the draw put there, the round's boards; and
    where each pair plays next round (its table and direction, the bye, or the draw to come)."""
    numbers, boards, code = _drawn(path, cells, ("MatchRound", "MatchNS", "MatchEW", "Board"),
                                   kinds.SWISS_PAIRS.name, lang)
    t, words = Labels(code, "serve"), Labels(code, kinds.SWISS_PAIRS.name)

    def going(round_no: int, pair: int) -> str:
        """Where ``pair`` plays in the round after ``round_no``, as its phone says it."""
        if round_no >= event.rounds:
            return "-"
        for (r, ns, ew), number in numbers.items():
            if r == round_no + 1 and pair in (ns, ew):
                return t("pair_next", table=number, direction="NS" if pair == ns else "EW")
        drawn = any(r == round_no + 1 for r, _, _ in numbers)
        return words("bye") if drawn else t("wait_draw")

    places = tuple(Place(round_no, number, ns, ew, tuple(sorted(boards[(round_no, ns, ew)])), "",
                         going(round_no, ns), going(round_no, ew), swiss=True)
                   for (round_no, ns, ew), number in numbers.items())
    typed: dict[tuple[int, int, int], Result] = {
        (board.round, numbers[(board.round, board.ns, board.ew)], board.board): board
        for board in event.boards if (board.round, board.ns, board.ew) in numbers}
    return LiveEvent(path, code, places, event, typed)
