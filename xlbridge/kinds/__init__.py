"""The kinds of workbook xlbridge knows, listed once in :data:`KINDS` (python-chess's
variant pattern: one class a kind, in a module of its own, behaviour as methods).

A kind knows its template (the generator in :mod:`xlbridge.workbooks`, which declares the
defined names), how to check a filled book and read its event, how to fill a template with
an event, how to score it (:mod:`xlbridge.event`) and which formats export it. Everything
that needs to know the kinds iterates :data:`KINDS` or asks a book's kind; adding a kind is
adding its module and its entry here.

    >>> [kind.name for kind in KINDS]  # doctest: +NORMALIZE_WHITESPACE
    ['traveller', 'pairs', 'individual', 'teams', 'teams-event', 'swiss-pairs', 'rubber', 'chicago', 'pivot', 'players',
     'season']
    >>> detect({"Board", "NS", "EW", "Contract", "Declarer", "Tricks", "RankPair"}).title
    'pairs event'
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable
from pathlib import Path

from ..director.names import NamedCells, NamedRangeError, defined_names
from ..director.safe_open import UnreadableWorkbook, load
from ..engine import OptionError
from ..event import PairsEvent
from ..event.individual import IndividualEvent
from ..workbooks import register as carried
from .base import Checked, FilledBook, Kind
from .home import ChicagoKind, PivotKind, RubberKind
from .individual import IndividualKind
from .pairs import PairsKind, TravellerKind
from .players import PlayersKind, carried_register, registered, registered_individual, unregistered_cells
from .season import SeasonKind
from .swiss_pairs import SwissPairsKind
from .teams import TeamsKind
from .teams_event import TeamEventKind

TRAVELLER, PAIRS, TEAMS, TEAM_EVENT = TravellerKind(), PairsKind(), TeamsKind(), TeamEventKind()
RUBBER, CHICAGO, PIVOT = RubberKind(), ChicagoKind(), PivotKind()
PLAYERS, SEASON = PlayersKind(), SeasonKind()
INDIVIDUAL = IndividualKind()
SWISS_PAIRS = SwissPairsKind()

KINDS: tuple[Kind, ...] = (TRAVELLER, PAIRS, INDIVIDUAL, TEAMS,
                            TEAM_EVENT, SWISS_PAIRS, RUBBER, CHICAGO, PIVOT, PLAYERS, SEASON)
"""Every kind, in the order the templates are listed."""

__all__ = ["CHICAGO", "INDIVIDUAL", "KINDS", "PAIRS", "PIVOT", "PLAYERS", "RUBBER", "SEASON", "SWISS_PAIRS", "TEAMS",
           "TEAM_EVENT", "TRAVELLER", "Checked", "FilledBook", "Kind", "NotOurWorkbook", "check", "detect", "kind",
           "read"]


class NotOurWorkbook(UnreadableWorkbook):
    """A readable workbook that is not one of the xlbridge templates."""


def kind(name: str) -> Kind:
    """The kind called ``name``; an :class:`OptionError` names the choices."""
    for each in KINDS:
        if each.name == name:
            return each
    raise OptionError(f"template {name!r}: must be one of {', '.join(k.name for k in KINDS)}")


def detect(names: Iterable[str]) -> Kind | None:
    """The kind a filled book with these defined names is: the one whose signature is
    there and largest (a pairs event also has a traveller's names), or None."""
    present = set(names)
    found = [each for each in KINDS if each.signature <= present]
    return max(found, key=lambda each: len(each.signature)) if found else None


def read(path: str | os.PathLike[str]) -> FilledBook:
    """Open ``path`` safely and read the inputs of the template it is.

    Only inputs are read (contract, declarer, tricks, board and pair numbers, the setup
    cells); formula outputs are never trusted, since a workbook written by openpyxl or
    edited without recalculation carries no or stale cached values.

    Raises :class:`UnreadableWorkbook` (one line) when the file cannot be read, and
    :class:`NotOurWorkbook` when it is not an xlbridge template.
    """
    workbook = load(path)
    try:
        found = detect(defined_names(workbook))
        if found is None:
            raise NotOurWorkbook(
                f"{path}: is a workbook, but not an xlbridge template (none of the defined names "
                "Board, Contract, Declarer, Tricks ...); start from one written by "
                "`xlbridge workbooks` or `xlbridge demo`"
            )
        try:
            cells = NamedCells(workbook, (*found.inputs, *found.setup, *carried.NAMES, *carried.CLUB))
        except NamedRangeError as error:
            raise NotOurWorkbook(f"{path}: {error}") from None
        except UnreadableWorkbook:
            raise
        except Exception as error:  # a damaged sheet part surfaces only when streamed
            raise UnreadableWorkbook(f"{path}: is corrupted (a sheet cannot be read: {error})") from None
    finally:
        workbook.close()
    return FilledBook(Path(path), found, cells)


def check(book: FilledBook) -> Checked:
    """Check a filled book as its kind does: the problems, each at its cell, and the event.
    A book that carries the club's register (``xlbridge workbooks --players``) has each
    pair's player it lacks named at the pair's cell, and a pairs event's names and
    membership numbers taken from it."""
    checked = book.kind.check(book)
    found = carried_register(book)
    if found is None or checked.event is None:
        return checked
    missing, guests = unregistered_cells(book, found[0])
    problems = tuple(sorted((*checked.problems, *missing), key=lambda p: (p.cell.sheet, p.cell.row, p.cell.column)))
    event = checked.event
    if isinstance(event, PairsEvent):
        event = registered(event, *found)
    elif isinstance(event, IndividualEvent):
        event = registered_individual(event, found[0])
    return dataclasses.replace(checked, problems=problems, notes=(*checked.notes, *guests), event=event)
