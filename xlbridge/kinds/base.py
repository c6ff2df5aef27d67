"""What every kind of workbook is (:class:`Kind`), a filled book of one (:class:`FilledBook`)
and a check's outcome (:class:`Checked`); the kinds themselves are the modules beside this
one, listed once in :data:`xlbridge.kinds.KINDS`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from openpyxl import Workbook

from .. import formats, workbooks
from ..director.cells import Problem
from ..director.names import NamedCells
from ..engine import OptionError
from ..event import PairsEvent, PairsReport, Play, TeamEvent, TeamEventReport, TeamMatch, TeamsReport

Event = PairsEvent | TeamMatch | TeamEvent
"""What a check reads from a book a kind scores."""

Report = PairsReport | TeamsReport | TeamEventReport
"""What a kind's scoring gives: plain data that :mod:`xlbridge.formats` shows."""


class Kind:
    """One kind of workbook, in the python-chess variant pattern: one subclass a kind,
    its facts as class attributes, its behaviour as methods. Its defined names are its
    template's (``NAME``, ``INPUTS``, ``SETUP``, ``SIGNATURE`` in the template's module)."""

    template: ClassVar[ModuleType]
    """Its template module in :mod:`xlbridge.workbooks`."""
    title: ClassVar[str]
    """What it is, in words: ``pairs event``."""
    plural: ClassVar[str]
    """The same for several: ``pairs events``."""
    report: ClassVar[type | None] = None
    """The class of its scoring's report (:mod:`xlbridge.event`); None when it is not scored."""
    exported: ClassVar[bool] = True
    """Whether ``xlbridge export`` writes it, in every format that writes its report."""
    draws: ClassVar[bool] = False
    """Whether ``xlbridge draw`` draws its next round (its ``next_round(report)``)."""
    draw_names: ClassVar[tuple[str, str, str]] = ("MatchRound", "MatchHome", "MatchAway")
    """The Results columns ``xlbridge draw`` writes a round into: the round and the two sides."""

    @property
    def name(self) -> str:
        """Its template's name: ``pairs``."""
        return self.template.NAME

    @property
    def signature(self) -> frozenset[str]:
        """The defined names that tell a filled book of this kind."""
        return self.template.SIGNATURE

    @property
    def inputs(self) -> tuple[str, ...]:
        """The defined names of what a director types."""
        return self.template.INPUTS

    @property
    def setup(self) -> tuple[str, ...]:
        """The Setup cells the check reads."""
        return self.template.SETUP

    @property
    def reports(self) -> bool:
        """Whether ``xlbridge report`` scores it."""
        return self.report is not None

    @property
    def exports(self) -> tuple[str, ...]:
        """The formats (:data:`xlbridge.formats.FORMATS`) ``xlbridge export`` writes it in:
        those that write its report."""
        if self.report is None or not self.exported:
            return ()
        return tuple(name for name, found in formats.FORMATS.items() if self.report in found.writes)

    def check(self, book: FilledBook) -> Checked:
        """Check every input of a filled book and read its event."""
        raise NotImplementedError

    def score(self, event: Event) -> Report:
        """The engine's scoring of the checked event."""
        raise OptionError(f"{self.title}: xlbridge report does not score it; use xlbridge check")

    def summary(self, checked: Checked) -> str:
        """What was checked, in a few words: ``pairs event, 18 pairs, 243 results``."""
        return self.title

    def fill(self, event: Event, *, lang: str = "en", paper: str = "A4", fit: bool = False) -> Workbook:
        """Its template holding ``event``, as a director would have typed it (``fit``: only
        as large as the event needs)."""
        raise OptionError(f"{self.title}: xlbridge does not fill it with an event")

    def build(self, *, lang: str = "en", paper: str = "A4", event: str | None = None,
              date: datetime.date | None = None, **options: object) -> Workbook:
        """Its template, blank (:func:`xlbridge.workbooks.build`)."""
        return workbooks.build(self.name, lang=lang, paper=paper, event=event, date=date, **options)

    def __repr__(self) -> str:
        return f"<kind {self.name}>"


@dataclass(frozen=True)
class FilledBook:
    """A filled template: its kind and its named cells."""

    path: Path
    kind: Kind
    cells: NamedCells

    @property
    def title(self) -> str:
        """What the template is, in words: ``pairs event``."""
        return self.kind.title


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A match with fewer boards than the event's matches have: the round may be in play."""

    round: int
    home: int
    away: int
    boards: int
    of: int

    def __str__(self) -> str:
        return f"round {self.round}, {self.home} v {self.away}: {self.boards} of {self.of} boards"


@dataclass(frozen=True)
class Checked:
    """The outcome of a check: the problems found and, when readable, the event; notes
    that are normal in a real session (said, not counted as problems), and the matches
    not finished yet (a team event's)."""

    book: FilledBook
    problems: tuple[Problem, ...]
    event: Event | None
    notes: tuple[str, ...] = ()
    unfinished: tuple[Unfinished, ...] = field(default=())

    @property
    def clean(self) -> bool:
        """True when nothing needs fixing."""
        return not self.problems


# --- filling a template with an event, as a director would type it ------------------------


def event_date(text: str) -> datetime.date | None:
    """An event's ISO date as a date, or None when it is not one.

    >>> event_date("2024-11-26"), event_date("Tuesday")
    (datetime.date(2024, 11, 26), None)
    """
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def set_named(book: Workbook, name: str, value: object) -> None:
    """Write a single-cell name when the template has it."""
    if name in book.defined_names:
        workbooks.write_named(book, name, [value])


def play_columns(plays: list[Play]) -> tuple[list[str], list[str | None], list[int | None]]:
    """Results as a template's Contract, Declarer and Tricks columns hold them."""
    return ([p.contract for p in plays], [p.declarer or None for p in plays],
            [p.tricks for p in plays])
