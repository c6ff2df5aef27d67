"""Terminal text: what ``xlbridge report`` prints for a scored pairs event, traveller,
team match or team event.

    >>> from xlbridge.event import sample, score_pairs
    >>> print(dumps(score_pairs(sample.pairs_event())).splitlines()[0])
    Tuesday Pairs, 2024-11-26: 18 pairs, 27 boards, matchpoints 2/1/0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ..event import PairsReport, TeamEventReport, TeamsReport
from ..event.individual import IndividualReport
from ..event.season import SeasonReport
from . import table as tables
from .words import scoring_text

Report = PairsReport | TeamsReport | TeamEventReport
"""What a format writes: a scored pairs event (or traveller), team match or team event."""


def text_table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str) -> str:
    """Rows under a header, columns padded; ``align`` has one ``<`` or ``>`` a column.

    >>> print(text_table(["Pair", "MP"], [[1, "12.0"], [10, "3.5"]], "><"))
    Pair  MP
    ----  ----
       1  12.0
      10  3.5
    """
    cells = [[str(value) for value in row] for row in rows]
    widths = [max([len(h)] + [len(row[i]) for row in cells]) for i, h in enumerate(header)]

    def line(values: Sequence[str]) -> str:
        padded = [v.rjust(w) if a == ">" else v.ljust(w)
                  for v, w, a in zip(values, widths, align, strict=True)]
        return "  ".join(padded).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, cells)])


def pairs_text(report: PairsReport) -> str:
    """The ranking (or one per direction) as terminal tables, with a title line."""
    event = report.event
    title = ", ".join(part for part in (event.name, event.date) if part)
    summary = ", ".join(part for part in (f"{title}: {len(report.scored.pairs)} pairs", f"{report.boards} boards",
                                          scoring_text(report), tables.sections_text(report)) if part)
    parts = [summary]
    overall = "Overall" if report.sections else ""  # a sectioned event: every section together, then each
    for heading, totals in report.rankings():
        table = rendered(tables.ranking(report, totals))
        heading = ", ".join(part for part in (overall, heading) if part)
        parts.append(f"{heading}\n{table}" if heading else table)
    for heading, totals in report.section_rankings():
        parts.append(f"{tables.section_heading(report, heading, totals)}\n{rendered(tables.ranking(report, totals))}")
    for heading, lines in report.handicap_rankings():  # beside the scratch ranking, when any pair has a handicap
        table = rendered(tables.handicap_ranking(report, lines))
        parts.append(f"Handicapped{', ' + heading if heading else ''}\n{table}")
    return "\n\n".join(parts)


def traveller_text(report: PairsReport) -> str:
    """A one-board traveller: each result with its score and matchpoints."""
    results = report.event.results
    board = results[0].board if results else "?"
    table = rendered(tables.traveller(report, range(len(results))))
    return f"Board {board}: {len(results)} results\n\n{table}"


def teams_text(report: TeamsReport) -> str:
    """The match board by board, the IMP totals and the victory points."""
    match = report.match
    title = ", ".join(part for part in (match.name, match.date) if part)
    table = rendered(tables.team_match(report))
    result = text_table(
        ["Team", "IMPs", "VP"],
        [[match.home, report.imps_home, f"{report.vp_home:.2f}"],
         [match.away, report.imps_away, f"{report.vp_away:.2f}"]],
        "<>>",
    )
    return (f"{title}: {match.home} (home) v {match.away}, {len(report.boards)} boards\n\n"
            f"{table}\n\n{result}\n\n{report.verdict}: "
            f"{report.vp_home:.2f}-{report.vp_away:.2f} VP")


def rendered(table: tables.Table) -> str:
    """A neutral table as terminal text."""
    return text_table(table.headings("text"), table.cells("text"), table.align("text"))


def event_text(report: TeamEventReport) -> str:
    """A team event's standings so far, then every round's matches."""
    event = report.event
    begun = report.rounds_begun
    title = " · ".join(p for p in (event.name, event.date) if p)
    lines = [title, f"Standings after round {max(begun)} of {event.rounds}", "",
             rendered(tables.standings(report, report.standings()))]
    for number in begun:
        lines += ["", f"Round {number}"]
        rows = [[m.home, report.name(m.home), m.away, report.name(m.away), f"{m.imps_home}-{m.imps_away}",
                 m.boards, f"{m.vp_home:.2f}-{m.vp_away:.2f}"] for m in report.matches if m.round == number]
        if number in event.byes:
            bye = event.byes[number]
            rows.append([bye, report.name(bye), "", "bye", "", "", f"{event.bye_vp:.2f}"])
        lines.append(text_table([report.sides[0], "", report.sides[1], "", "IMPs", "Boards", "VP"], rows, "><><>>>"))
    return "\n".join(lines)


def dumps(report: Report) -> str:
    """The report as terminal text."""
    if isinstance(report, IndividualReport):  # formats/individual.py writes it in every format
        from .individual import text

        return text(report)
    if isinstance(report, SeasonReport):
        from .season import season_text  # which lays its tables out with text_table, from here

        return season_text(report)
    if isinstance(report, TeamsReport):
        return teams_text(report)
    if isinstance(report, TeamEventReport):
        return event_text(report)
    return traveller_text(report) if report.is_traveller else pairs_text(report)


def dump(report: Report, fp: TextIO) -> None:
    """Write the text to an open text file."""
    fp.write(dumps(report))
