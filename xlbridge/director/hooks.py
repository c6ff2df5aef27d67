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

from . import printout
from . import report as reports
from .check import check_chicago, check_pairs, check_pivot, check_rubber, check_teams, check_traveller
from .model import PairsEvent, TeamEvent, TeamMatch
from .teams_event import TeamEventReport, check_teams_event, format_event, score_event, write_event_csv

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


def report_pairs(event: PairsEvent) -> Report:
    """The ranking of a pairs event (one per direction in a two-field event)."""
    scored = reports.score_pairs(event)
    return Report(reports.format_pairs(scored), functools.partial(reports.write_pairs_csv, scored),
                  functools.partial(printout.pairs_printout, scored), not event.results, scored)


def report_traveller(event: PairsEvent) -> Report:
    """One board's results, scores and matchpoints."""
    scored = reports.score_pairs(event)
    return Report(reports.format_traveller(scored), functools.partial(reports.write_traveller_csv, scored),
                  functools.partial(printout.traveller_printout, scored), not event.results, scored)


def report_teams(match: TeamMatch) -> Report:
    """A team match board by board, its totals and victory points."""
    scored = reports.score_teams(match)
    return Report(reports.format_teams(scored), functools.partial(reports.write_teams_csv, scored),
                  functools.partial(printout.teams_printout, scored), not match.boards, scored)


def report_teams_event(event: TeamEvent) -> Report:
    """A team event's standings so far and every round's matches."""
    scored = score_event(event)
    return Report(format_event(scored) if not scored.empty else "", functools.partial(write_event_csv, scored),
                  functools.partial(printout.event_printout, scored), scored.empty, scored)
