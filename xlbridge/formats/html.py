"""A results web page: one self-contained HTML file (no network, no script) for a club's
website, readable on a phone and printable.

A pairs event's page has the event's name and date, the ranking (one per direction in a
two-winner event) with a link to every board's traveller and every pair's own card, the
travellers (each with its hand diagram, double-dummy table and par when the event has the
board's deal, and each result against par), and each pair's card: its boards in order,
the opponents, the result, its score and matchpoints, each linking to the traveller. A
team match's page has the match board by board and its result; a team event's the
standings and each round's matches; both, when they have their deals, each board's hand once
with each match's two rooms under it, each score against par in IMPs. The figures are the
engine's (:func:`xlbridge.engine.pairs_event` or :func:`xlbridge.engine.team_standings`
through the report), never recomputed.

    >>> from xlbridge.event import sample, score_pairs
    >>> page = dumps(score_pairs(sample.pairs_event()))
    >>> page.startswith("<!DOCTYPE html>"), 'href="#board-27"' in page, 'id="board-27"' in page
    (True, True, True)
    >>> 'href="#pair-4"' in page, 'id="pair-4"' in page
    (True, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from typing import TextIO

from ..engine import Seat, looks_weighted
from ..engine.handrecord import HandRecord
from ..event import PairsReport, SwissPairsReport, TeamEventReport, TeamsReport, pair_label
from ..event.individual import IndividualReport
from ..event.season import SeasonReport
from . import table as tables
from .diagram import COMPASS, DECLARERS, Diagram, Runs, diagram
from .format import Format
from .words import describe_play, scoring_text

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
section.pair td.text { white-space: nowrap; }
span.w { white-space: nowrap; }
nav { margin: .5rem 0 1rem; }
nav a { display: inline-block; min-width: 2.2rem; padding: .35rem; margin: .1rem; text-align: center;
        border: 1px solid #bbb; border-radius: .3rem; text-decoration: none; color: #003399; }
section.board, section.pair { break-inside: avoid; }
a.top { font-size: .85rem; }
.red { color: #c00000; }
.record { display: flex; flex-wrap: wrap; gap: .4rem 2rem; align-items: flex-start; margin: .3rem 0 .4rem; }
.deal { display: grid; grid-template-columns: auto auto auto; gap: .35rem .9rem; align-items: center;
        grid-template-areas: "info north ." "west compass east" ". south ."; }
.deal .info { grid-area: info; align-self: start; font-size: .85rem; color: #333; }
.hand { white-space: nowrap; line-height: 1.3; min-width: 4.5rem; }
.hand.n { grid-area: north; } .hand.w { grid-area: west; } .hand.e { grid-area: east; } .hand.s { grid-area: south; }
.hand .sym { display: inline-block; width: 1.15em; }
.compass { grid-area: compass; justify-self: center; display: grid; grid-template-columns: repeat(3, 1.7rem);
           grid-template-rows: repeat(3, 1.7rem); border: 1px solid #999; border-radius: .3rem; background: #eef1f6;
           text-align: center; font-size: .75rem; line-height: 1; }
.compass span { align-self: center; }
.compass small { display: block; color: #555; }
.compass .n { grid-area: 1 / 2; } .compass .w { grid-area: 2 / 1; } .compass .e { grid-area: 2 / 3; }
.compass .s { grid-area: 3 / 2; }
table.dd { margin: 0 0 .3rem; font-size: .9rem; }
table.dd th, table.dd td { text-align: center; padding: .15rem .45rem; }
p.par { margin: 0; }
@media (max-width: 30rem) {
  body { padding: .6rem; }
  th, td { padding: .25rem .3rem; }
  .deal { gap: .3rem .6rem; }
}
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
    it (``60% 4SN=`` / ``40% 4SN-1``, never ``4SN-`` / ``1``), and so is a short text (a
    result, ``1NT N =``, never ``1NT N`` / ``=``).

    >>> _unbroken("60% 4SN= 40% 4SN-1")
    '<span class="w">60% 4SN=</span> <span class="w">40% 4SN-1</span>'
    >>> _unbroken("4SX N -1"), _unbroken("T. Hämäläinen – L. Kowalski")
    ('<span class="w">4SX N -1</span>', 'T. Hämäläinen – L. Kowalski')
    """
    words = text.split()
    if len(words) > 1 and len(text) <= 12 and not looks_weighted(text):
        return f'<span class="w">{html.escape(text)}</span>'
    if not looks_weighted(text) or len(words) % 2:
        return html.escape(text)
    return " ".join(f'<span class="w">{html.escape(weight)} {html.escape(result)}</span>'
                    for weight, result in zip(words[::2], words[1::2], strict=True))


Links = Mapping[int, Callable[[str], str | None]]
"""For some columns (by index), the in-page address a cell's text links to, or None."""


def _linked(value: object, text: bool, link: Callable[[str], str | None] | None) -> str:
    target = link(str(value)) if link is not None and str(value) else None
    if target is None:
        return _cell(value, text)
    anchor = f'<a href="#{html.escape(target)}">{html.escape(str(value))}</a>'
    return f'<td class="text">{anchor}</td>' if text else f"<td>{anchor}</td>"


def _table(header: Iterable[str], rows: Iterable[Iterable[object]], text_columns: set[int],
           links: Links | None = None) -> str:
    head = "".join(f'<th class="text">{html.escape(h)}</th>' if i in text_columns else f"<th>{html.escape(h)}</th>"
                   for i, h in enumerate(header))
    links = links or {}
    body = "".join("<tr>" + "".join(_linked(v, i in text_columns, links.get(i)) for i, v in enumerate(row)) + "</tr>"
                   for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _rendered(table: tables.Table, links: Mapping[str, Callable[[str], str | None]] | None = None) -> str:
    """A neutral table as HTML: its left-aligned columns are text; a column named in
    ``links`` (by its heading) links each cell to the address its text gives."""
    headings = table.headings("html")
    by_index = {i: link for heading, link in (links or {}).items() if heading in headings
                for i in [headings.index(heading)]}
    return _table(headings, table.cells("html"), {i for i, align in enumerate(table.align("html")) if align == "<"},
                  by_index)


def _runs(runs: Runs) -> str:
    """Text whose red pieces (♥ and ♦) are red."""
    return "".join(f'<span class="red">{html.escape(text)}</span>' if red else html.escape(text) for text, red in runs)


def _hand(shown: Diagram, seat: Seat) -> str:
    view = shown.hand(seat)
    word = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}[seat]
    if not view.known:  # a hand not known is a blank in its place
        return f'<div class="hand {seat.value.lower()}" data-seat="{seat}" aria-label="{word}: not known"></div>'
    lines = "".join(f'<div class="suit-{line.suit.lower()}"><span class="sym{" red" * line.red}">{line.symbol}</span>'
                    f"{html.escape(line.cards)}</div>" for line in view.lines)
    return f'<div class="hand {seat.value.lower()}" data-seat="{seat}" aria-label="{word}">{lines}</div>'


def hand_diagram(shown: Diagram) -> str:
    """A board's hand diagram as HTML: the hands in the compass layout around a compass
    with each hand's points, the board, dealer and vulnerability at the top left, and
    beside it (below it on a phone) the double-dummy table and the par, when known."""
    compass = "".join(f'<span class="{seat.value.lower()}">{seat}'
                      f'{"" if shown.hand(seat).hcp is None else f"<small>{shown.hand(seat).hcp}</small>"}</span>'
                      for seat in COMPASS)
    deal = (f'<div class="deal" role="group" aria-label="{html.escape(shown.heading)}: the hands">'
            f'<div class="info"><b>{html.escape(shown.heading)}</b><br>{html.escape(shown.dealer_text)}<br>'
            f"{html.escape(shown.vulnerability_text)}</div>"
            + "".join(_hand(shown, seat) for seat in COMPASS)
            + f'<div class="compass" title="high-card points">{compass}</div></div>')
    extra = ""
    if shown.tricks is not None:
        head = "<th></th>" + "".join(f"<th>{_runs((run,))}</th>" for run in shown.strain_headings)
        body = "".join(f"<tr><th>{seat}</th>" + "".join(f"<td>{n}</td>" for n in row) + "</tr>"
                       for seat, row in zip(DECLARERS, shown.tricks, strict=True))
        extra += (f'<table class="dd" aria-label="double-dummy tricks"><thead><tr>{head}</tr></thead>'
                  f"<tbody>{body}</tbody></table>")
    if shown.par is not None:
        extra += f'<p class="par">{_runs(shown.par_runs)}</p>'
    return f'<div class="record">{deal}' + (f'<div class="dd">{extra}</div>' if extra else "") + "</div>"


def _diagram(hands: Mapping[int, HandRecord], board: int) -> str:
    shown = diagram(hands.get(board))
    return "" if shown is None else hand_diagram(shown)


def _page(title: str, subtitle: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            f'<header id="top"><h1>{html.escape(title)}</h1><p class="sub">{html.escape(subtitle)}</p></header>\n'
            f"{body}\n</body>\n</html>\n")


def pairs_page(report: PairsReport) -> str:
    """The page of a pairs event: ranking(s), links to the travellers, the travellers. A
    sectioned event has the overall ranking, then each section's, its pairs written ``A 3``."""
    event = report.event
    title = event.name or "Pairs event"
    subtitle = " · ".join(part for part in (event.date, f"{len(report.scored.pairs)} pairs",
                                            f"{report.boards} boards", scoring_text(report),
                                            tables.sections_text(report)) if part)
    pairs = sorted(report.pairs, key=lambda key: (len(key[0]), key))
    labels = {pair_label(*key): key for key in pairs}  # "4" or "A 4", as the tables write a pair
    boards: dict[int, list[int]] = {}
    for index, result in enumerate(event.results):
        boards.setdefault(result.board, []).append(index)

    def pair_link(text: str) -> str | None:
        return _pair_id(labels[text]) if text in labels else None

    def board_link(text: str) -> str | None:
        return f"board-{text}" if text.isdigit() and int(text) in boards else None

    parts = []
    overall = "Overall" if report.sections else ""
    for heading, totals in report.rankings():
        parts.append(f"<h2>{html.escape(', '.join(p for p in (overall, heading) if p) or 'Ranking')}</h2>")
        parts.append(_rendered(tables.ranking(report, totals), {"Pair": pair_link}))
    for heading, totals in report.section_rankings():  # a sectioned event's section tops
        parts.append(f"<h2>{html.escape(tables.section_heading(report, heading, totals))}</h2>")
        parts.append(_rendered(tables.ranking(report, totals), {"Pair": pair_link}))
    for heading, lines in report.handicap_rankings():  # beside the scratch one, when any pair has a handicap
        parts.append(f"<h2>{html.escape('Handicapped' + (', ' + heading if heading else ''))}</h2>")
        parts.append(_rendered(tables.handicap_ranking(report, lines), {"Pair": pair_link}))
    links = "".join(f'<a href="#board-{b}">{b}</a>' for b in sorted(boards))
    parts.append(f'<h2>Travellers</h2>\n<nav aria-label="Travellers">{links}</nav>')
    if any(record.par is not None for board, record in event.hands.items() if board in boards):
        parts.append(f'<p class="sub">{html.escape(tables.versus_par_text(report))}</p>')
    for board in sorted(boards):
        parts.append(f'<section class="board" id="board-{board}"><h2>Board {board}</h2>'
                     + _diagram(event.hands, board)
                     + _rendered(tables.traveller(report, boards[board]), {"NS": pair_link, "EW": pair_link})
                     + '<a class="top" href="#top">Back to the ranking</a></section>')
    links = "".join(f'<a href="#{_pair_id(key)}">{html.escape(pair_label(*key))}</a>' for key in pairs)
    parts.append(f'<h2>Pairs</h2>\n<nav aria-label="Pairs">{links}</nav>')
    for section, pair in pairs:
        name = report.name(section, pair)
        heading = f"Pair {pair_label(section, pair)}" + (f": {name}" if name else "")
        parts.append(f'<section class="pair" id="{_pair_id((section, pair))}"><h2>{html.escape(heading)}</h2>'
                     + _rendered(tables.pair_boards(report, pair, section), {"Board": board_link, "Opps": pair_link})
                     + '<a class="top" href="#top">Back to the ranking</a></section>')
    return _page(title, subtitle, "\n".join(parts))


def _pair_id(key: tuple[str, int]) -> str:
    """A pair's card's anchor: ``pair-4``, or ``pair-A-4`` in a sectioned event."""
    return f"pair-{key[0]}-{key[1]}" if key[0] else f"pair-{key[1]}"


def teams_page(report: TeamsReport) -> str:
    """The page of a team match: board by board, the IMPs, the VPs and who won."""
    match = report.match
    title = f"{match.home} v {match.away}"
    subtitle = " · ".join(part for part in (match.name, match.date, f"{len(report.boards)} boards") if part)
    result = _table(["Team", "IMPs", "VP"], [[match.home, report.imps_home, f"{report.vp_home:.2f}"],
                                              [match.away, report.imps_away, f"{report.vp_away:.2f}"]], {0})
    body = (f"<h2>{html.escape(report.verdict)}</h2>{result}<h2>Board by board</h2>"
            + _rendered(tables.team_match(report)))
    body += _hands(report, match.hands, sorted({b.board for b in report.boards}), "Back to the top")
    return _page(title, subtitle, body)


def _hands(report: TeamsReport | TeamEventReport, hands: Mapping[int, HandRecord], boards: Iterable[int],
           back: str) -> str:
    """A team match's or team event's hands, when it has its deals: each board's diagram
    once, and under it each room's result, its score against par and the board's IMPs."""
    shown = [b for b in boards if diagram(hands.get(b)) is not None]
    if not shown:
        return ""
    links = "".join(f'<a href="#board-{b}">{b}</a>' for b in shown)
    note = f'<p class="sub">{html.escape(tables.rooms_text(any(hands[b].par is not None for b in shown)))}</p>'
    return (f'<h2>Hands</h2>\n<nav aria-label="Hands">{links}</nav>{note}'
            + "".join(f'<section class="board" id="board-{b}"><h2>Board {b}</h2>{_diagram(hands, b)}'
                      + _rendered(tables.board_rooms(report, b))
                      + f'<a class="top" href="#top">{html.escape(back)}</a></section>' for b in shown))


def event_page(report: TeamEventReport) -> str:
    """The page of a team event: the standings so far, links to every round, each round's
    matches with their IMPs and VPs (and its bye)."""
    event = report.event
    last = max(report.rounds_begun)
    title = event.name or report.heading
    subtitle = " · ".join(part for part in (event.date, f"{len(event.teams)} {report.entrant.lower()}s",
                                            f"after round {last} of {event.rounds}") if part)
    parts = ["<h2>Standings</h2>", _rendered(tables.standings(report, report.standings()))]
    sides = report.sides
    low = [side if side.isupper() else side.lower() for side in sides]  # "IMPs home", "IMPs NS"
    links = "".join(f'<a href="#round-{number}">{number}</a>' for number in report.rounds_begun)
    parts.append(f'<h2>Rounds</h2>\n<nav aria-label="Rounds">{links}</nav>')
    for number in report.rounds_begun:
        rows = [[f"{m.home} {report.name(m.home)}", f"{m.away} {report.name(m.away)}", m.imps_home, m.imps_away,
                 m.boards, f"{m.vp_home:.2f}", f"{m.vp_away:.2f}"] for m in report.matches if m.round == number]
        if number in event.byes:
            bye = event.byes[number]
            rows.append([f"{bye} {report.name(bye)}", "bye", "", "", "", f"{event.bye_vp:.2f}", ""])
        parts.append(f'<section class="board" id="round-{number}"><h2>Round {number}</h2>'
                     + _table([*sides, f"IMPs {low[0]}", f"IMPs {low[1]}", "Boards", f"VP {low[0]}", f"VP {low[1]}"],
                              rows, {0, 1})
                     + _field(report, number)
                     + '<a class="top" href="#top">Back to the standings</a></section>')
    parts.append(_hands(report, event.hands, sorted({b.board for b in report.boards}), "Back to the standings"))
    return _page(title, subtitle, "\n".join(parts))


def _field(report: TeamEventReport, number: int) -> str:
    """A Swiss pairs round's tables board by board: each result, North-South's score, the
    board's datum (Butler) and North-South's IMPs on the field; "" for a team event."""
    if not isinstance(report, SwissPairsReport) or report.field is None:
        return ""
    plays = {(b.round, b.ns, b.board): b.play for b in report.event.boards}
    butler = report.field.method == "butler"

    def signed(value: float) -> str:  # +420, -3, +0.5; 0 unsigned
        return f"{value:+.2f}".rstrip("0").rstrip(".") if value else "0"

    rows = [[b.board, b.ns, b.ew, describe_play(plays[b.round, b.ns, b.board]), signed(b.score),
             *([signed(b.datum or 0)] if butler else []), signed(float(b.imps))]
            for b in sorted(report.field.boards, key=lambda b: (b.board, b.ns)) if b.round == number]
    return _table(["Board", "NS", "EW", "Result", "Score NS", *(["Datum"] if butler else []), "IMPs NS"], rows, {3})


def dumps(report: PairsReport | TeamsReport | TeamEventReport) -> str:
    """The page of a scored pairs event, team match or team event, as text."""
    if isinstance(report, IndividualReport):  # formats/individual.py writes it in every format
        from .individual import page

        return page(report)
    if isinstance(report, SeasonReport):  # formats/season.py lays it out with this module's tables
        from .season import page as season_page

        return season_page(report)
    if isinstance(report, TeamEventReport):
        return event_page(report)
    return teams_page(report) if isinstance(report, TeamsReport) else pairs_page(report)


def dump(report: PairsReport | TeamsReport | TeamEventReport, fp: TextIO) -> None:
    """Write the page to an open text file."""
    fp.write(dumps(report))


FORMAT = Format("html", "a web page", "one self-contained page: the ranking(s) with a link to every board's "
                "traveller, readable on a phone and printable; a team event's standings and rounds",
                (".html", ".htm"), (PairsReport, TeamsReport, TeamEventReport, SwissPairsReport, IndividualReport,
                 SeasonReport),
                dumps)
