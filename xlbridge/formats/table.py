"""The neutral tables of a report, built once and rendered by every view: terminal text
(:mod:`.text`), CSV (:mod:`.csv`), the web page (:mod:`.html`) and the printout
(:mod:`.printout`). A table is columns (heading, how a value is written, alignment, the
views it shows in) and rows of typed values, as tablib's ``Dataset`` is.

    >>> from xlbridge.event import sample, score_pairs
    >>> report = score_pairs(sample.pairs_event())
    >>> table = ranking(report, report.rankings()[0][1])
    >>> table.headings("text"), table.cells("text")[0]
    (['Place', 'Pair', 'Names', 'MP', 'Top', '%'], ['1', '4', 'S. Heikkinen – V. Korhonen', '264', '432', '61.11'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import PairTotal, Side, TeamStanding
from ..engine.handicap import Handicapped
from ..event import PairResult, PairsReport, TeamEventReport, TeamsReport, pair_label, section_of
from .words import describe_play

VIEWS = frozenset({"text", "csv", "html", "printout"})


def points_text(value: float | None) -> str:
    """Matchpoints or IMPs as a director writes them: whole numbers whole, else 2 decimals.

    >>> points_text(4.0), points_text(5.666666), points_text(None)
    ('4', '5.67', '')
    """
    if value is None:
        return ""
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"


# How a value is written (text, CSV, the web page) and the printout's number format.
_WRITTEN = {
    "text": str,
    "whole": str,
    "points": points_text,
    "fixed": lambda value: f"{value:.2f}",
    "fixed0": lambda value: f"{value:.0f}",
    "fixed3": lambda value: f"{value:.3f}",
    "signed": lambda value: f"{value:+d}" if value else "0",
}
_PRINTED = {"text": None, "whole": "0", "points": "points", "fixed": "0.00", "fixed0": "0", "fixed3": "0.000",
            "signed": "+0;-0;0"}
_ROUNDED = {"points": 2, "fixed": 2, "fixed3": 3}


@dataclass(frozen=True, slots=True)
class Shown:
    """A value written its own way in the column it stands in (``shown`` as a column's):
    a team match's VPs under its IMPs, say."""

    value: object
    shown: str


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its heading (``csv``, ``html`` and ``printed`` where those views name it
    otherwise), how its values are written (``shown``; ``csv_as`` in CSV and ``printed_as``
    in the printout where those differ), what stands for a value that is None (``missing``,
    ``csv_missing``, ``printed_missing``), its alignment, its printout width, and the views
    it shows in."""

    heading: str
    shown: str = "text"
    align: str = ">"
    csv: str | None = None
    html: str | None = None
    printed: str | None = None
    csv_as: str | None = None
    printed_as: str | None = None
    missing: str = ""
    csv_missing: str | None = None
    printed_missing: object = None
    width: float = 10
    views: frozenset[str] = VIEWS

    def title(self, view: str) -> str:
        """The heading in ``view``."""
        if view == "csv" and self.csv is not None:
            return self.csv
        if view == "html" and self.html is not None:
            return self.html
        if view == "printout" and self.printed is not None:
            return self.printed
        return self.heading

    def written(self, value: object, view: str = "text") -> str:
        """A value as text, CSV or the web page writes it."""
        if isinstance(value, Shown):
            return _WRITTEN[value.shown](value.value)
        if value is None:
            return self.csv_missing if view == "csv" and self.csv_missing is not None else self.missing
        return _WRITTEN[self.csv_as or self.shown if view == "csv" else self.shown](value)

    @property
    def number_format(self) -> str | None:
        """The printout's number format (``points``: whole numbers whole, else 2 decimals);
        None for text."""
        return _PRINTED[self.printed_as or self.shown]

    def printed_value(self, value: object) -> object:
        """A value as the printout holds it: a number rounded as it is shown, or text."""
        if isinstance(value, Shown):
            places = _ROUNDED.get(value.shown)
            return round(value.value, places) if places is not None else value.value  # type: ignore[call-overload]
        if value is None:
            return self.printed_missing
        places = _ROUNDED.get(self.printed_as or self.shown)
        return round(value, places) if places is not None else value  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class Table:
    """Columns and rows of typed values (one value a column in every row); ``only`` names
    the views of a row that not every view shows (by the row's index)."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[object, ...], ...]
    only: Mapping[int, frozenset[str]] = field(default_factory=dict)

    def _rows(self, view: str) -> list[tuple[object, ...]]:
        return [row for index, row in enumerate(self.rows) if view in self.only.get(index, VIEWS)]

    def shown(self, view: str) -> list[int]:
        """The indexes of the columns ``view`` shows."""
        return [i for i, column in enumerate(self.columns) if view in column.views]

    def headings(self, view: str) -> list[str]:
        """The headings ``view`` shows."""
        return [self.columns[i].title(view) for i in self.shown(view)]

    def align(self, view: str) -> str:
        """One ``<`` or ``>`` a column ``view`` shows."""
        return "".join(self.columns[i].align for i in self.shown(view))

    def cells(self, view: str) -> list[list[str]]:
        """Every row as text, CSV or the web page writes it."""
        chosen = self.shown(view)
        return [[self.columns[i].written(row[i], view) for i in chosen] for row in self._rows(view)]

    def printed(self) -> list[list[object]]:
        """Every row as the printout holds it."""
        chosen = self.shown("printout")
        return [[self.columns[i].printed_value(row[i]) for i in chosen] for row in self._rows("printout")]

    def printed_formats(self) -> list[list[str | None]]:
        """Each printed cell's own number format, where it is not its column's (a
        :class:`Shown` value); None elsewhere."""
        chosen = self.shown("printout")
        return [[_PRINTED[row[i].shown] if isinstance(row[i], Shown) else None for i in chosen]
                for row in self._rows("printout")]


# --- the tables of the reports ------------------------------------------------------------

_CSV = frozenset({"csv"})
_SHOWN = frozenset({"text", "html", "printout"})


def ranking(report: PairsReport, totals: Sequence[PairTotal]) -> Table:
    """A pairs event's ranking (one field): place, pair, names, then the scoring method's
    figures (:class:`~xlbridge.engine.Method`); the CSV adds the field and the boards. A
    procedural penalty (already out of the figures) has a column when any pair has one.
    In a sectioned event the pair is ``A 3`` (the CSV: a Section column, the pair's number
    and its place in its section, SectionPlace).

    >>> from xlbridge.event import PairsEvent, PairResult, Play, score_pairs
    >>> results = (PairResult(1, 1, 2, Play("4S", "N", 10), "A"), PairResult(1, 1, 2, Play("4S", "N", 9), "B"))
    >>> report = score_pairs(PairsEvent("Club", "", (), results))
    >>> table = ranking(report, report.rankings()[0][1])
    >>> table.headings("text"), table.cells("text")[0]
    (['Place', 'Pair', 'Names', 'MP', 'Top', '%'], ['1-2', 'A 1', '', '2', '2', '100.00'])
    >>> table.headings("csv")[:5], table.cells("csv")[0][:5]
    (['Field', 'Place', 'Section', 'SectionPlace', 'Pair'], ['', '1-2', 'A', '1', '1'])
    """
    figures = report.scored.scoring.method.figures
    sectioned = bool(report.sections)
    columns = [Column("Field", align="<", views=_CSV), Column("Place", width=9)]
    if sectioned:  # "A 3" where a reader looks; the CSV keeps the section and the number apart
        columns += [Column("Pair", width=8, views=_SHOWN), Column("Section", align="<", views=_CSV),
                    Column("SectionPlace", views=_CSV)]
    columns += [Column("Pair", "whole", width=8, views=_CSV if sectioned else VIEWS),
                Column("Names", align="<", width=38)]
    columns += [Column(f.heading, f.shown, csv=f.csv, printed=f.printed, printed_as=f.printed_as, width=f.width)
                for f in figures]
    attributes = [f.attribute for f in figures]
    if "boards" not in attributes:
        columns.append(Column("Boards", "whole", views=_CSV))
        attributes.append("boards")
    penalised = any(t.penalty for t in report.scored.pairs.values())  # Law 90: a column only then
    if penalised:
        columns.append(Column("Penalty", "fixed", missing="-", width=9))
    rows = tuple((str(t.field or ""), t.place,
                  *((report.label(t), section_of(t), getattr(t, "section_place", "")) if sectioned else ()),
                  t.pair, report.name_of(t), *(getattr(t, a) for a in attributes),
                  *([t.penalty or None] if penalised else [])) for t in totals)
    return Table(tuple(columns), rows)


def section_heading(report: PairsReport, title: str, totals: Sequence[PairTotal]) -> str:
    """A section ranking's heading with the section's top in matchpoint scoring:
    ``Section A, top 8`` (:meth:`~xlbridge.event.PairsReport.section_rankings`'s title)."""
    top = report.top(section_of(totals[0])) if totals and not report.imps else None
    return title if top is None else f"{title}, top {points_text(top)}"


def sections_text(report: PairsReport) -> str:
    """A sectioned event's sections and how its boards are compared, for a report's header:
    ``sections A, B, across the field``; ``""`` for an event of one section."""
    if not report.sections:
        return ""
    return f"sections {', '.join(report.sections)}, {report.comparison}"


def handicap_ranking(report: PairsReport, lines: Sequence[Handicapped[Side]]) -> Table:
    """A pairs event's handicapped ranking (one field, docs/rules.md §17): place, pair, names,
    the scratch percentage, the handicap and their sum, as the engine ranks them
    (:attr:`~xlbridge.event.PairsReport.handicapped`); a sectioned event's pair ``A 3``."""
    sectioned = bool(report.sections)
    columns = (Column("Field", align="<", views=frozenset({"csv"})), Column("Place", width=9),
               Column("Pair", "text" if sectioned else "whole", width=8), Column("Names", align="<", width=38),
               Column("%", "fixed", csv="Percent"), Column("Hcp", "fixed", csv="Handicap", width=8),
               Column("Hcp %", "fixed", csv="HandicapPercent"))
    names = report.names
    rows = tuple((str(h.field or ""), h.place, pair_label(*h.pair) if sectioned else h.pair, names.get(h.pair, ""),
                  h.scratch, h.handicap, h.percent) for h in lines)
    return Table(columns, rows)


def standings(report: TeamEventReport, table: Sequence[TeamStanding]) -> Table:
    """A team event's standings: place, team, name, matches, VPs, IMPs won and lost, and the
    IMP quotient (``-`` when a team lost no IMPs)."""
    columns = (Column("Place", width=9), Column(report.entrant, "whole", width=8), Column("Name", align="<", width=34),
               Column("Matches", "whole"), Column("VP", "fixed"),
               Column("IMPs+", "fixed0", csv="IMPsWon", width=9), Column("IMPs-", "fixed0", csv="IMPsLost", width=9),
               Column("Quotient", "fixed3", missing="-", width=11))
    rows = tuple((s.place, s.team, report.name(s.team), s.matches, s.vp, s.imps_for, s.imps_against,
                  None if s.imps_against == 0 else s.quotient) for s in table)
    return Table(columns, rows)


def traveller(report: PairsReport, results: Sequence[int]) -> Table:
    """One board's traveller: the ``results`` (indexes into the event's results), each with
    its pairs, the result in words, North-South's score and both sides' points; the CSV has
    the board and the contract, declarer and tricks in columns of their own instead. In a
    sectioned event a pair is ``A 3`` (the CSV: a Section column and the numbers)."""
    points = report.scored.scoring.method.points
    sectioned = bool(report.sections)
    pairs = ((Column("Section", align="<", views=_CSV), Column("NS", "whole", views=_CSV),
              Column("EW", "whole", views=_CSV), Column("NS", width=8, views=_SHOWN),
              Column("EW", width=8, views=_SHOWN))
             if sectioned else (Column("NS", "whole", width=8), Column("EW", "whole", width=8)))
    columns = (Column("Board", "whole", views=_CSV), *pairs,
               Column("Result", align="<", width=16, views=_SHOWN), Column("Contract", align="<", views=_CSV),
               Column("Declarer", align="<", views=_CSV), Column("Tricks", "whole", views=_CSV),
               Column("Score NS", "signed", csv="ScoreNS", csv_as="whole", printed_missing="", width=13),
               Column(f"{points} NS", "points", csv="MPNS", width=11),
               Column(f"{points} EW", "points", csv="MPEW", width=11))
    boards = {report.event.results[index].board for index in results}
    record = report.event.hands.get(boards.pop()) if len(boards) == 1 else None
    par = record is not None and record.par is not None
    if par:  # the web page and the printout show each result against par
        columns += (_versus_par(report),)
    rows = []
    for index in results:
        result: PairResult = report.event.results[index]
        row, play = report.scored.rows[index], result.play
        who = ((result.section, result.ns, result.ew, pair_label(result.section, result.ns),
                pair_label(result.section, result.ew)) if sectioned else (result.ns, result.ew))
        rows.append((result.board, *who, describe_play(play), play.contract, play.declarer,
                     play.tricks, row.score, row.ns, row.ew, *([report.versus_par(index)] * par)))
    return Table(columns, tuple(rows))


_PAGES = frozenset({"html", "printout"})


def _versus_par(report: PairsReport) -> Column:
    """The column of each result's difference from par: IMPs in an IMP-scored event,
    points in a matchpoint one (a matchpoint player compares scores, not IMPs)."""
    return Column(f"{'IMPs' if report.imps else 'Points'} vs par", "signed", html="vs par", printed_missing="",
                  width=16, views=_PAGES)


def versus_par_text(report: PairsReport) -> str:
    """What the results against par are, in words (the web page's note).

    >>> from xlbridge.event import sample, score_pairs
    >>> print(versus_par_text(score_pairs(sample.pairs_event())))
    vs par: the score less the par score, in points, from North-South's side (a pair's own card: from its side)
    """
    unit = "in IMPs" if report.imps else "in points"
    return f"vs par: the score less the par score, {unit}, from North-South's side (a pair's own card: from its side)"


def pair_boards(report: PairsReport, pair: int, section: str = "") -> Table:
    """One pair's own card: the boards it played in order, its direction, the opponents'
    number, the result, the score and its own matchpoints (or IMPs), from the pair's side
    of the table; each result against par, from its side too, where the board's par is
    known; and last the opponents' names (a phone shows the figures first). In a
    sectioned event the pair is ``section``'s ``pair`` and its opponents are ``A 4``.

    >>> from xlbridge.event import sample, score_pairs
    >>> card = pair_boards(score_pairs(sample.pairs_event()), 4)
    >>> card.headings("html"), card.cells("html")[0][:2]
    (['Board', 'Dir', 'Opps', 'Result', 'Score', 'MP', 'Names'], ['1', 'NS'])
    """
    event = report.event
    sectioned = bool(report.sections)
    played = sorted((index for index, result in enumerate(event.results)
                     if pair in (result.ns, result.ew) and result.section == section),
                    key=lambda index: event.results[index].board)
    pars = {index for index in played
            if (record := event.hands.get(event.results[index].board)) is not None and record.par is not None}
    points = report.scored.scoring.method.points
    columns = (Column("Board", "whole", width=8), Column("Dir", align="<", width=7),
               Column("Opps", "text" if sectioned else "whole", missing="", width=8),
               Column("Result", align="<", width=16),
               Column("Score", "signed", printed_missing="", width=10), Column(points, "points", width=10),
               *((_versus_par(report),) if pars else ()), Column("Names", align="<", width=30))
    rows = []
    for index in played:
        result, row = event.results[index], report.scored.rows[index]
        side = Side.NS if result.ns == pair else Side.EW
        sign = 1 if side is Side.NS else -1
        opponents = result.ew if side is Side.NS else result.ns
        score = None if row.score is None else sign * row.score
        against = report.versus_par(index)
        rows.append((result.board, str(side),
                     (pair_label(section, opponents) or None) if sectioned else opponents,
                     describe_play(result.play), score,
                     row.ns if side is Side.NS else row.ew,
                     *([None if against is None else sign * against] if pars else []),
                     report.name(section, opponents) if opponents else ""))
    return Table(columns, tuple(rows))


def team_match(report: TeamsReport) -> Table:
    """A team match board by board: each room's result and North-South's score, the IMPs
    each team won on the board (blank for none; 0 in the CSV), and the totals; the CSV and
    the printout add the victory points. The web page and the printout head the IMP
    columns with the teams' names; the CSV has each room's contract, declarer and tricks."""
    match = report.match
    columns = [Column("Board", width=8)]
    for room in ("Open", "Closed"):
        columns += [Column(f"{room} room", align="<", width=15, views=_SHOWN),
                    Column(f"{room}Contract", align="<", views=_CSV), Column(f"{room}Declarer", align="<", views=_CSV),
                    Column(f"{room}Tricks", "whole", views=_CSV),
                    Column("NS", "signed", csv=f"{room}Score", csv_as="whole", width=8)]
    columns += [Column("IMPs home", "whole", csv="IMPsHome", html=match.home, printed=match.home, csv_missing="0",
                       width=18),
                Column("IMPs away", "whole", csv="IMPsAway", html=match.away, printed=match.away, csv_missing="0",
                       width=18)]
    rows: list[tuple[object, ...]] = []
    for b in report.boards:
        rooms = [(describe_play(play), play.contract, play.declarer, play.tricks, score)
                 for play, score in ((b.open, b.open_score), (b.closed, b.closed_score))]
        rows.append((b.board, *rooms[0], *rooms[1], b.imps if b.imps > 0 else None, -b.imps if b.imps < 0 else None))
    blanks = (None,) * 10
    rows.append(("Total", *blanks, report.imps_home, report.imps_away))
    rows.append(("VP", *blanks, Shown(report.vp_home, "fixed"), Shown(report.vp_away, "fixed")))
    return Table(tuple(columns), tuple(rows), {len(rows) - 1: frozenset({"csv", "printout"})})


def board_rooms(report: TeamsReport | TeamEventReport, board: int) -> Table:
    """One board of a team match or team event under its hand: a row a room of each match
    that played it (a team event's matches by round and teams), the result, North-South's
    score, that score less the board's par in IMPs (North-South's side; a column only where
    the par is known: the web page and the printout), and the home team's IMPs on the open
    room's row. The web page's headings are short (``NS``, ``IMPs``): the table fits a phone.

    >>> from xlbridge.event import sample, score_teams
    >>> table = board_rooms(score_teams(sample.team_match()), 1)
    >>> table.headings("html"), table.cells("html")
    (['Room', 'Result', 'NS', 'IMPs'], [['Open', '2NT E =', '-120', '0'], ['Closed', '2NT W =', '-120', '']])
    """
    event = isinstance(report, TeamEventReport)
    played = [b for b in report.boards if b.board == board]
    hands = report.event.hands if isinstance(report, TeamEventReport) else report.match.hands
    record = hands.get(board)
    par = record is not None and record.par is not None
    columns = ((Column("Match", align="<", width=10),) if event else ()) + (
        Column("Room", align="<", width=9), Column("Result", align="<", width=16),
        Column("Score NS", "signed", html="NS", printed_missing="", width=12),
        *((Column("IMPs vs par", "signed", html="vs par", printed_missing="", width=14, views=_PAGES),) if par else ()),
        Column("IMPs home", "signed", html="IMPs", printed_missing="", width=13))
    rows = []
    for b in played:
        match = getattr(b, "home", None), getattr(b, "away", None)  # a team event's board has its match
        for room, play, score, imps in (("Open", b.open, b.open_score, b.imps),
                                        ("Closed", b.closed, b.closed_score, None)):
            first = (f"{match[0]} v {match[1]}" if room == "Open" else "",) if event else ()
            against = (report.versus_par(board, score),) if par else ()
            rows.append((*first, room, describe_play(play), score, *against, imps))
    return Table(columns, tuple(rows))


def rooms_text(par: bool) -> str:
    """What the columns under a team's hands are, in words (the web page's note), with
    the results against par when ``par``.

    >>> rooms_text(True)
    "NS: North-South's score; vs par: that score less the par score, in IMPs; IMPs: the home team's on the board"
    """
    against = "; vs par: that score less the par score, in IMPs" if par else ""
    return f"NS: North-South's score{against}; IMPs: the home team's on the board"
