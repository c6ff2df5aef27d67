"""The player register (players.xlsx): each row checked as
:func:`xlbridge.engine.players.register` reads it, a bad row named at its cell; the
register read from a book for the commands that use it (``season add --players``,
``export --players``, ``workbooks --players``); and an event's pairs found in it: the
register an event's book carries (:mod:`xlbridge.workbooks.register`), each player
number or name it lacks named at its cell, the event's names and membership numbers
taken from it (:func:`registered`)."""

from __future__ import annotations

import dataclasses
import os

from openpyxl import Workbook

from ..director.cells import Problem, Problems, rows_of, text_of
from ..engine import OptionError
from ..engine.players import (
    MEMBERSHIP_LENGTH,
    NO_CLUB,
    Club,
    Player,
    Register,
    Roster,
    membership_text,
    name_key,
    pair_players,
    register,
)
from ..event import PairsEvent
from ..event.individual import IndividualEvent
from ..workbooks import players as players_template
from ..workbooks import register as carried
from .base import Checked, FilledBook, Kind

FIELDS = ("number", "name", "membership", "club", "handicap")


class PlayersKind(Kind):
    """A club's player register: number, name, membership number, home club, handicap."""

    template = players_template
    title = "player register"
    plural = "player registers"

    def check(self, book: FilledBook) -> Checked:
        """Check every row: numbers used twice, blank names, bad handicaps."""
        return check_register(book)[0]

    def summary(self, checked: Checked) -> str:
        return self.title


def check_register(book: FilledBook) -> tuple[Checked, Register]:
    """The check's outcome and the register of the good rows."""
    problems = Problems()
    rows = rows_of(problems, book.cells, players_template.INPUTS)
    found = register((cells[0].row, *(cell.value for cell in cells)) for cells in rows)
    by_row = {cells[0].row: cells for cells in rows}
    for problem in found.problems:
        problems.add(by_row[problem.row][FIELDS.index(problem.field)], problem.message)
    return Checked(book, problems.sorted(), None), found.register


def read_register(path: str | os.PathLike[str]) -> Register:
    """The register in ``path``, a players.xlsx without problems; an :class:`OptionError`
    names the file's first problem (``xlbridge check`` lists them all)."""
    return read_players(path)[0]


def read_players(path: str | os.PathLike[str]) -> tuple[Register, Club]:
    """The register in ``path`` and its club (name and federation identifier), as
    :func:`read_register` reads it."""
    from . import read  # the package reads any book; this module is one of its kinds

    book = read(path)
    if not isinstance(book.kind, PlayersKind):
        raise OptionError(f"{path}: is a {book.title}, not a player register ({players_template.NAME}.xlsx)")
    checked, found = check_register(book)
    if checked.problems:
        first = checked.problems[0]
        more = len(checked.problems) - 1
        raise OptionError(f"{path}: {first}" + (f" (and {more} more: xlbridge check {path})" if more else ""))
    club = Club(text_of(book.cells, "ClubName"), text_of(book.cells, "ClubNumber")[:MEMBERSHIP_LENGTH])
    return found, club


def carried_register(book: FilledBook) -> tuple[Register, Club] | None:
    """The register an event's book carries (``xlbridge workbooks NAME --players``), or None.
    Its rows were checked in players.xlsx when copied; a row changed since without a number
    or a name is passed over."""
    if carried.NAMES[0] not in book.cells:
        return None
    rows = rows_of(Problems(), book.cells, carried.NAMES)
    found = register((cells[0].row, *(cell.value for cell in cells)) for cells in rows)
    return found.register, Club(text_of(book.cells, carried.CLUB[0]), text_of(book.cells, carried.CLUB[1]))


def unregistered_cells(book: FilledBook, players: Register) -> tuple[tuple[Problem, ...], tuple[str, ...]]:
    """What a book's entrants name that the register lacks, at each ``PairName`` cell (an
    individual's ``PlayerName``): a player number (a typing slip: a problem), and a name (a
    guest: a note, since a club session welcomes visitors; they have no membership number);
    and a registered player entered twice (a problem: one player, one place a session)."""
    if "PairName" in book.cells:
        what, columns = "pair", ("PairNumber", "PairName")
    elif "PlayerName" in book.cells:
        what, columns = "player", ("PlayerNumber", "PlayerName")
    else:
        return (), ()
    problems = Problems()
    notes = []
    seen: dict[int, str] = {}  # a registered player's number -> the entrant that has them
    for number, cell in rows_of(Problems(), book.cells, columns):
        if cell.value is None or cell.formula:
            continue
        entrant = f"{what} {number.value}" if number.value is not None else cell.address
        if what == "pair":
            found = pair_players(str(cell.value), players)
        else:
            text = membership_text(cell.value)
            found = ((text, players.find(text)),) if any(ch.isalnum() for ch in text) else ()
        for part, player in found:
            if player is not None and player.number in seen:
                problems.add(cell, f"{entrant}: player {player.number} ({player.name}) is already in "
                                   f"{seen[player.number]} (a player plays once a session)")
            elif player is not None:
                seen[player.number] = entrant
            elif part.isdigit():
                problems.add(cell, f"{entrant}: player number {part} is not in the register (add them to "
                                   "players.xlsx, or correct the number)")
            else:
                notes.append(f"{cell.address}: {entrant}: player {part!r} is not in the register "
                             "(a guest: no membership number)")
    return problems.sorted(), tuple(notes)


def registered_individual(event: IndividualEvent, players: Register) -> IndividualEvent:
    """An individual with each player typed as a register's number (or name) named as the
    register names them; a player it lacks keeps the name typed.

    >>> from xlbridge.event.individual import IndividualEvent, Player as Seat
    >>> event = IndividualEvent("", "", (Seat(1, "12"), Seat(2, "Zed")), ())
    >>> [p.name for p in registered_individual(event, Register.of([Player(12, "Ann Smith")])).players]
    ['Ann Smith', 'Zed']
    """
    seats = []
    for seat in event.players:
        found = players.find(membership_text(seat.name)) if seat.name else None
        seats.append(seat if found is None else dataclasses.replace(seat, name=found.name))
    return dataclasses.replace(event, players=tuple(seats))


def registered(event: PairsEvent, players: Register, club: Club = NO_CLUB) -> PairsEvent:
    """``event`` with each pair's players from the register: a pair whose every player is
    registered is named by the register (``Ann Smith - Bob Jones`` for ``12 31``), and the
    event's roster holds each pair's registered players, membership numbers and all. A
    player not in the register keeps the name typed (with no membership number).

    >>> from xlbridge.event import Pair
    >>> event = PairsEvent("", "", (Pair(1, "12 31"), Pair(2, "Ann Smith & Zed")), ())
    >>> done = registered(event, Register.of([Player(12, "Ann Smith", "E1"), Player(31, "Bob")]))
    >>> [pair.names for pair in done.pairs], done.roster.membership(1), done.roster.membership(2)
    (['Ann Smith - Bob', 'Ann Smith & Zed'], ('E1', ''), ('E1', ''))
    """
    pairs = []
    roster: dict[int, tuple[Player, ...]] = {}
    for pair in event.pairs:
        found = pair_players(pair.names, players)
        if found and all(player is not None for _, player in found):
            pair = dataclasses.replace(pair, names=" - ".join(player.name for _, player in found if player))
        if found:
            roster[pair.number] = tuple(player or Player(0, part) for part, player in found)
        pairs.append(pair)
    return dataclasses.replace(event, pairs=tuple(pairs), roster=Roster(club, roster))


def carry_roster(book: Workbook, event: PairsEvent, lang: str = "en") -> Workbook:
    """``book`` (the event filled in) with the players a results file named with their
    membership numbers copied in as its register, so that the book's ``report`` and
    ``export`` carry them on: numbered 1, 2 ... in the file's order (the file has no club
    numbers), each name once. A book whose event has no roster is returned as it was."""
    if event.roster is None or not event.roster.pairs:
        return book
    players: dict[tuple[str, str], Player] = {}
    for pair in sorted(event.roster.pairs):
        for player in event.roster.pairs[pair]:
            key = (name_key(player.name), player.membership.casefold())
            players.setdefault(key, dataclasses.replace(player, number=len(players) + 1))
    carried.add(book, Register.of(players.values()), event.roster.club, lang=lang)
    return book
