"""The player register (players.xlsx): each row checked as
:func:`xlbridge.engine.players.register` reads it, a bad row named at its cell; and the
register read from a book for the commands that use it (``season add --players``)."""

from __future__ import annotations

import os

from ..director.cells import Problems, rows_of
from ..engine import OptionError
from ..engine.players import Register, register, split_names
from ..event import PairsEvent
from ..workbooks import players as players_template
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
    from . import read  # the package reads any book; this module is one of its kinds

    book = read(path)
    if not isinstance(book.kind, PlayersKind):
        raise OptionError(f"{path}: is a {book.title}, not a player register ({players_template.NAME}.xlsx)")
    checked, found = check_register(book)
    if checked.problems:
        first = checked.problems[0]
        more = len(checked.problems) - 1
        raise OptionError(f"{path}: {first}" + (f" (and {more} more: xlbridge check {path})" if more else ""))
    return found


def unregistered(event: object, players: Register) -> list[str]:
    """What a pairs event names that the register lacks: each pair's players (split from its
    names; a number is a player number), one line each.

    >>> from xlbridge.engine.players import Player
    >>> from xlbridge.event import Pair, PairsEvent
    >>> event = PairsEvent("", "", (Pair(1, "12 31"), Pair(2, "Ann & Zed")), ())
    >>> unregistered(event, Register.of([Player(12, "Ann"), Player(31, "Bob")]))
    ["pair 2: player 'Zed' is not in the register"]
    """
    if not isinstance(event, PairsEvent):  # a team event's or match's players are not typed per pair
        return []
    lines = []
    for pair in event.pairs:
        for part in split_names(pair.names):
            if not any(ch.isalnum() for ch in part) or players.find(part) is not None:
                continue
            what = f"player number {part}" if part.isdigit() else f"player {part!r}"
            lines.append(f"pair {pair.number}: {what} is not in the register")
    return lines
