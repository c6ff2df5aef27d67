"""CSV: a scored event as a spreadsheet or a script reads it (``xlbridge report --csv``).

A pairs event gives its ranking (field, place, pair, names, then MP, top and percent, or
IMPs and IMPs a board, and boards); a traveller its results with scores and matchpoints;
a team match a row a board, then the totals and the VPs; a team event its standings.

    >>> from xlbridge.event import sample, score_pairs
    >>> dumps(score_pairs(sample.pairs_event())).splitlines()[0]
    'Field,Place,Pair,Names,MP,Top,Percent,Boards'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import TextIO

from ..event import PairsReport, TeamEventReport, TeamsReport
from ..event.individual import IndividualReport
from ..event.season import SeasonReport
from . import table as tables
from .text import Report


def _pairs(report: PairsReport, writer) -> None:
    # One table: a sectioned event's rows carry each pair's section and its place there.
    for number, (_, totals) in enumerate(report.rankings()):
        table = tables.ranking(report, totals)
        if number == 0:
            writer.writerow(table.headings("csv"))
        writer.writerows(table.cells("csv"))


def _traveller(report: PairsReport, writer) -> None:
    table = tables.traveller(report, range(len(report.event.results)))
    writer.writerow(table.headings("csv"))
    writer.writerows(table.cells("csv"))


def _teams(report: TeamsReport, writer) -> None:
    table = tables.team_match(report)
    writer.writerow(table.headings("csv"))
    writer.writerows(table.cells("csv"))


def _event(report: TeamEventReport, writer) -> None:
    table = tables.standings(report, report.standings())
    writer.writerow(table.headings("csv"))
    writer.writerows(table.cells("csv"))


_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def safe(value: object) -> object:
    """A cell as a spreadsheet may open it: text that a spreadsheet would take for a formula
    (``=``, ``+``, ``-``, ``@`` first, as OWASP's CSV-injection guidance lists them) gets a
    leading ``'``, so that it stays text; numbers and a lone ``-`` stay as they are.

    >>> safe("=HYPERLINK(1)"), safe("-3.25"), safe("@x"), safe("-"), safe("Ann Berg"), safe(-50)
    ("'=HYPERLINK(1)", '-3.25', "'@x", '-', 'Ann Berg', -50)
    """
    if not isinstance(value, str) or len(value) < 2 or not value.startswith(_TRIGGERS):
        return value
    try:
        float(value)
    except ValueError:
        return "'" + value
    return value


class _Writer:
    """csv.writer with every cell made :func:`safe`."""

    def __init__(self, fp: TextIO) -> None:
        self._writer = csv.writer(fp)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([safe(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def dump(report: Report, fp: TextIO) -> None:
    """Write the report as CSV to an open text file (opened with ``newline=""``); text a
    spreadsheet would run as a formula is neutralised (:func:`safe`)."""
    writer = _Writer(fp)
    if isinstance(report, IndividualReport):  # formats/individual.py writes it in every format
        from .individual import write_csv

        write_csv(report, writer)
        return
    if isinstance(report, SeasonReport):  # formats/season.py lays a season out in every view
        from .season import write_csv as season_csv

        season_csv(report, writer)
        return
    if isinstance(report, TeamsReport):
        _teams(report, writer)
    elif isinstance(report, TeamEventReport):
        _event(report, writer)
    elif report.is_traveller:
        _traveller(report, writer)
    else:
        _pairs(report, writer)


def dumps(report: Report) -> str:
    """The report as CSV text."""
    buffer = io.StringIO(newline="")
    dump(report, buffer)
    return buffer.getvalue()
