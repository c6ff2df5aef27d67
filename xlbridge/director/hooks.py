"""What ``check`` and ``report`` do for each template kind (:data:`xlbridge.workbooks.kinds.KINDS`
names these functions): a check reads and checks a filled book; a report scores the
checked event and gives its terminal text, CSV writer and printout.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass

from openpyxl import Workbook

from .. import formats
from . import printout
from . import report as reports
from .check import (
    check_chicago,
    check_pairs,
    check_pivot,
    check_rubber,
    check_teams,
    check_teams_event,
    check_traveller,
)
from .model import PairsEvent, TeamEvent, TeamMatch
from .teams_event import TeamEventReport, score_event

__all__ = ["Report", "check_chicago", "check_pairs", "check_pivot", "check_rubber", "check_teams",
           "check_teams_event", "check_traveller", "report_pairs", "report_teams", "report_teams_event",
           "report_traveller"]


@dataclass(frozen=True)
class Report:
    """A scored event, ready to show: the text, and how to write its CSV and its printout."""

    text: str
    write_csv: Callable[[str | os.PathLike[str]], None]
    printout: Callable[[str], Workbook]
    empty: bool
    scored: reports.PairsReport | reports.TeamsReport | TeamEventReport


def _shown(scored: reports.PairsReport | reports.TeamsReport | TeamEventReport, sheet: Callable[..., Workbook],
           empty: bool) -> Report:
    """A scored event with its text and CSV (:mod:`xlbridge.formats`) and its printout."""

    def write_csv(path: str | os.PathLike[str]) -> None:
        with open(path, "w", newline="", encoding="utf-8") as handle:
            formats.csv.dump(scored, handle)

    return Report("" if empty else formats.text.dumps(scored), write_csv, functools.partial(sheet, scored),
                  empty, scored)


def report_pairs(event: PairsEvent) -> Report:
    """The ranking of a pairs event (one per direction in a two-field event)."""
    return _shown(reports.score_pairs(event), printout.pairs_printout, not event.results)


def report_traveller(event: PairsEvent) -> Report:
    """One board's results, scores and matchpoints."""
    return _shown(reports.score_pairs(event), printout.traveller_printout, not event.results)


def report_teams(match: TeamMatch) -> Report:
    """A team match board by board, its totals and victory points."""
    return _shown(reports.score_teams(match), printout.teams_printout, not match.boards)


def report_teams_event(event: TeamEvent) -> Report:
    """A team event's standings so far and every round's matches."""
    scored = score_event(event)
    return _shown(scored, printout.event_printout, scored.empty)
