"""A results web page: one self-contained HTML file (no network, no script) for a club's
website, readable on a phone and printable.

A pairs event's page has the event's name and date, the ranking (one per direction in a
two-winner event) with a link to every board's traveller, and the travellers; a team
match's page has the match board by board and its result; a team event's the standings
and each round's matches. The figures are the engine's (:func:`xlbridge.engine.pairs_event`
or :func:`xlbridge.engine.team_standings` through the report), never recomputed.

    >>> from xlbridge.event import sample, score_pairs
    >>> page = dumps(score_pairs(sample.pairs_event()))
    >>> page.startswith("<!DOCTYPE html>"), 'href="#board-27"' in page, 'id="board-27"' in page
    (True, True, True)
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TextIO

from ..engine import looks_weighted
from ..event import PairsReport, TeamEventReport, TeamsReport
from . import table as tables
from .format import Format
from .words import scoring_text

_STYLE = """
:root { color-scheme: light; }
body { font-family: Arial, "Liberation Sans", Helvetica, sans-serif; margin: 0 auto; padding: 1rem;
       max-width: 60rem; color: #111; line-height: 1.35; }
h1 { font-size: 1.5rem; margin: 0 0 .2rem; }
h2 { font-size: 1.15rem; margin: 1.6rem 0 .5rem; }
p.sub { margin: 0 0 1rem; color: #444; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: .3rem 0 1rem; font-size: .95rem; }
th, td { border: 1px solid #bbb; padding: .25rem .5rem; text-align: right; white-space: nowrap; }
th { background: #d9e1f2; }
td.text, th.text { text-align: left; white-space: normal; }
span.w { white-space: nowrap; }
nav { margin: .5rem 0 1rem; }
nav a { display: inline-block; min-width: 2.2rem; padding: .35rem; margin: .1rem; text-align: center;
        border: 1px solid #bbb; border-radius: .3rem; text-decoration: none; color: #003399; }
section.board { break-inside: avoid; }
a.top { font-size: .85rem; }
@media print {
  nav, a.top { display: none; }
  body { max-width: none; padding: 0; }
  section.board { break-before: page; }
}
"""


def _cell(value: object, text: bool = False) -> str:
    return f'<td class="text">{_unbroken(str(value))}</td>' if text else f"<td>{html.escape(str(value))}</td>"


def _unbroken(text: str) -> str:
    """A text cell's text; a weighted score's results kept whole when a narrow column wraps
    it (``60% 4SN=`` / ``40% 4SN-1``, never ``4SN-`` / ``1``).

    >>> _unbroken("60% 4SN= 40% 4SN-1")
    '<span class="w">60% 4SN=</span> <span class="w">40% 4SN-1</span>'
    """
    words = text.split()
    if not looks_weighted(text) or len(words) % 2:
        return html.escape(text)
    return " ".join(f'<span class="w">{html.escape(weight)} {html.escape(result)}</span>'
                    for weight, result in zip(words[::2], words[1::2], strict=True))


def _table(header: Iterable[str], rows: Iterable[Iterable[object]], text_columns: set[int]) -> str:
    head = "".join(f'<th class="text">{html.escape(h)}</th>' if i in text_columns else f"<th>{html.escape(h)}</th>"
                   for i, h in enumerate(header))
    body = "".join("<tr>" + "".join(_cell(v, i in text_columns) for i, v in enumerate(row)) + "</tr>"
                   for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _rendered(table: tables.Table) -> str:
    """A neutral table as HTML: its left-aligned columns are text."""
    return _table(table.headings("html"), table.cells("html"),
                  {i for i, align in enumerate(table.align("html")) if align == "<"})


def _page(title: str, subtitle: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            f'<header id="top"><h1>{html.escape(title)}</h1><p class="sub">{html.escape(subtitle)}</p></header>\n'
            f"{body}\n</body>\n</html>\n")


def pairs_page(report: PairsReport) -> str:
    """The page of a pairs event: ranking(s), links to the travellers, the travellers."""
    event = report.event
    title = event.name or "Pairs event"
    subtitle = " · ".join(part for part in (event.date, f"{len(report.scored.pairs)} pairs",
                                            f"{report.boards} boards", scoring_text(report)) if part)
    parts = []
    for heading, totals in report.rankings():
        parts.append(f"<h2>{html.escape(heading or 'Ranking')}</h2>")
        parts.append(_rendered(tables.ranking(report, totals)))
    boards: dict[int, list[int]] = {}
    for index, result in enumerate(event.results):
        boards.setdefault(result.board, []).append(index)
    links = "".join(f'<a href="#board-{b}">{b}</a>' for b in sorted(boards))
    parts.append(f'<h2>Travellers</h2>\n<nav aria-label="Travellers">{links}</nav>')
    for board in sorted(boards):
        parts.append(f'<section class="board" id="board-{board}"><h2>Board {board}</h2>'
                     + _rendered(tables.traveller(report, boards[board]))
                     + '<a class="top" href="#top">Back to the ranking</a></section>')
    return _page(title, subtitle, "\n".join(parts))


def teams_page(report: TeamsReport) -> str:
    """The page of a team match: board by board, the IMPs, the VPs and who won."""
    match = report.match
    title = f"{match.home} v {match.away}"
    subtitle = " · ".join(part for part in (match.name, match.date, f"{len(report.boards)} boards") if part)
    result = _table(["Team", "IMPs", "VP"], [[match.home, report.imps_home, f"{report.vp_home:.2f}"],
                                              [match.away, report.imps_away, f"{report.vp_away:.2f}"]], {0})
    body = (f"<h2>{html.escape(report.verdict)}</h2>{result}<h2>Board by board</h2>"
            + _rendered(tables.team_match(report)))
    return _page(title, subtitle, body)


def event_page(report: TeamEventReport) -> str:
    """The page of a team event: the standings so far, links to every round, each round's
    matches with their IMPs and VPs (and its bye)."""
    event = report.event
    last = max(report.rounds_begun)
    title = event.name or "Team event"
    subtitle = " · ".join(part for part in (event.date, f"{len(event.teams)} teams",
                                            f"after round {last} of {event.rounds}") if part)
    parts = ["<h2>Standings</h2>", _rendered(tables.standings(report, report.standings()))]
    links = "".join(f'<a href="#round-{number}">{number}</a>' for number in report.rounds_begun)
    parts.append(f'<h2>Rounds</h2>\n<nav aria-label="Rounds">{links}</nav>')
    for number in report.rounds_begun:
        rows = [[f"{m.home} {report.name(m.home)}", f"{m.away} {report.name(m.away)}", m.imps_home, m.imps_away,
                 m.boards, f"{m.vp_home:.2f}", f"{m.vp_away:.2f}"] for m in report.matches if m.round == number]
        if number in event.byes:
            bye = event.byes[number]
            rows.append([f"{bye} {report.name(bye)}", "bye", "", "", "", f"{event.bye_vp:.2f}", ""])
        parts.append(f'<section class="board" id="round-{number}"><h2>Round {number}</h2>'
                     + _table(["Home", "Away", "IMPs home", "IMPs away", "Boards", "VP home", "VP away"], rows, {0, 1})
                     + '<a class="top" href="#top">Back to the standings</a></section>')
    return _page(title, subtitle, "\n".join(parts))


def dumps(report: PairsReport | TeamsReport | TeamEventReport) -> str:
    """The page of a scored pairs event, team match or team event, as text."""
    if isinstance(report, TeamEventReport):
        return event_page(report)
    return teams_page(report) if isinstance(report, TeamsReport) else pairs_page(report)


def dump(report: PairsReport | TeamsReport | TeamEventReport, fp: TextIO) -> None:
    """Write the page to an open text file."""
    fp.write(dumps(report))


FORMAT = Format("html", "a web page", "one self-contained page: the ranking(s) with a link to every board's "
                "traveller, readable on a phone and printable; a team event's standings and rounds",
                (".html", ".htm"), (PairsReport, TeamsReport, TeamEventReport), dumps)
