"""PBN 2.1 results files: a scored pairs event or team match as the tables of PBN §5
(``[ScoreTable]`` per board, ``[TotalScoreTable]`` after the first board), and a results
file written by another program read back into a pairs event.

Each board is one game section with the mandatory tags (Event, Site, Date, Board, West,
North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result). The
deal is the event's (its ``hands``), with the double-dummy tags when known
(``[DoubleDummyTricks]``, ``[OptimumScore]``, ``[ParContract]``, ``[OptimumResultTable]``);
a board whose deal is not known has four unknown hands (``N:- - - -``). Import reads the
deals back into the event's ``hands`` (:mod:`.handrecords`, deal by deal). The
seat tags are empty and Contract, Declarer and Result are those of the board's first
played traveller line (``?`` when no line was played), the ScoreTable has them all. An
absent value in a table is ``-``; an artificial adjusted score has ``-`` for contract,
declarer and result and, as artificial values do (§5.2), a caret before its percentages in
the score columns (``^60%`` and ``^40%``) and before its points; a board not played at a
table is contract ``NP``. The Scoring tag names the method with the standard's modifiers
(:func:`scoring_tag`). The figures are the engine's (through the report), never recomputed.

    >>> from xlbridge.event import sample, score_pairs
    >>> text = dumps(score_pairs(sample.pairs_event()))
    >>> text.count('[Board "'), '[TotalScoreTable "Rank\\\\2R;PairId\\\\2R;Names\\\\40L;' in text
    (27, True)
    >>> imported = loads(text)
    >>> len(imported.event.results), len(imported.published)
    (243, 18)
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from .. import __version__
from ..engine import (
    Adjusted,
    Scoring,
    Side,
    board_dealer,
    board_vul,
    is_not_played,
    looks_weighted,
    parse_contract,
    parse_split,
)
from ..engine.handrecord import HandRecord
from ..engine.pairs import PairTotal, RowPoints
from ..event import PairsEvent, PairsReport, Play, SwissPairsReport, TeamsReport, section_of
from ..event.individual import IndividualEvent, IndividualReport
from .format import Format
from .records import Record
from .records import build as records_event
from .results import (
    EventBuilder,
    Imported,
    ImportedTeams,
    MatchRead,
    ResultsFileError,
    TeamsBuilder,
    blank,
    board_number,
    check_size,
    digits,
    figure_text,
    iso_date,
    scoring_of,
    team_play,
)
from .sections import section_name
from .table import points_text
from .words import averaged

ARTIFICIAL = "^"
"""PBN §5.2: a table element that is an artificial score value starts with a caret."""


def scoring_tag(report: PairsReport) -> str:
    """The Scoring tag of a pairs event: PBN §3.4.12's basic system, then its modifiers
    (``MP1`` 2/1/0, ``MP2`` 1/½/0; ``Cross`` summed, ``Cross2`` divided by the number of
    comparisons; ``Butler-2``: the datum leaves out the two extreme scores).

    >>> from xlbridge.event import sample, score_pairs
    >>> scoring_tag(score_pairs(sample.pairs_event()))
    'MP;MP1'
    """
    return report.scored.scoring.method.pbn_tag(scale=report.scored.mpscale, averaged=averaged(report))

UNKNOWN_DEAL = "N:- - - -"
"""The Deal tag of a board whose cards are not known (not in the event's ``hands``):
four unknown hands."""


# --- writing ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its name, minimum width and alignment (``R`` or ``L``), written
    ``name\\widthAlignment`` (PBN §5.9)."""

    name: str
    width: int
    align: str = "R"

    def __str__(self) -> str:
        return f"{self.name}\\{self.width}{self.align}"


def quote(text: str) -> str:
    """A PBN string: on one line (a line break in a name would end the table row), in
    double quotes, with ``\\`` and ``"`` escaped.

    >>> print(quote('Ann "the Ace" Berg'), quote("Ann\\nBerg"))
    "Ann \\"the Ace\\" Berg" "Ann Berg"
    """
    return '"' + " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"') + '"'


def tag(name: str, value: object) -> str:
    """One tag pair line.

    >>> tag("Board", 7)
    '[Board "7"]'
    """
    return f"[{name} {quote(' '.join(str(value).split()))}]"


def table(name: str, columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table tag and its rows, each value padded to its column's width and alignment."""
    lines = [f'[{name} "{";".join(map(str, columns))}"]']  # names and widths: nothing to escape
    for row in rows:
        cells = [value.rjust(col.width) if col.align == "R" else value.ljust(col.width)
                 for col, value in zip(columns, row, strict=True)]
        lines.append(" ".join(cells).rstrip())
    return lines


def pbn_date(iso: str) -> str:
    """An ISO date as PBN writes it; ``????.??.??`` when it is not a date.

    >>> pbn_date("2024-11-26"), pbn_date("")
    ('2024.11.26', '????.??.??')
    """
    try:
        return datetime.date.fromisoformat(iso).strftime("%Y.%m.%d")
    except ValueError:
        return "????.??.??"


def _score_columns(score: int) -> tuple[str, str]:
    """Score_NS and Score_EW: the side that scores shows it (a passed-out board: 0 and 0)."""
    if score > 0:
        return str(score), "-"
    if score < 0:
        return "-", str(-score)
    return "0", "0"


def _played_columns(contract: str, declarer: str, tricks: int | None) -> tuple[str, str, str]:
    """Contract, Declarer and Result of a played line: ``4SX N 9``; a passed-out board ``Pass - -``."""
    parsed = parse_contract(contract)
    if parsed.passed_out:
        return "Pass", "-", "-"
    return str(parsed.with_declarer(None)), declarer or str(parsed.declarer), str(tricks)


def _section(tags: Sequence[tuple[str, object]]) -> list[str]:
    return [tag(name, value) for name, value in tags]


def _game_tags(event: str, date: str, board: int, scoring: str, play: tuple[str, str, str] | None,
               extra: Sequence[tuple[str, object]] = (), hand: HandRecord | None = None) -> list[str]:
    """The mandatory tags of one board (in the standard's order) and any ``extra``; with
    the board's ``hand`` its deal, and its double-dummy tags and table when known."""
    from .handrecords import solver_tags, tables  # it reads and writes PBN through this module

    contract, declarer, result = play if play is not None else ("?", "?", "?")
    if contract == "Pass":
        declarer, result = "", ""
    deal = UNKNOWN_DEAL if hand is None else hand.deal
    lines = _section([("Event", event), ("Site", ""), ("Date", pbn_date(date)), ("Board", board),
                      ("West", ""), ("North", ""), ("East", ""), ("South", ""),
                      ("Dealer", board_dealer(board)), ("Vulnerable", board_vul(board)), ("Deal", deal),
                      ("Scoring", scoring), ("Declarer", declarer), ("Contract", contract), ("Result", result),
                      *extra, *(solver_tags(hand) if hand is not None else ())])
    return lines + (tables(hand) if hand is not None else [])


def _header() -> list[str]:
    return ["% PBN 2.1", "% EXPORT", f"% Creator: xlbridge {__version__}", ""]


def pairs_text(report: PairsReport) -> str:
    """The PBN file of a scored pairs event."""
    event, scored = report.event, report.scored
    imps = report.imps
    points = "IMP" if imps else "MP"
    # Sections as BridgeComposer writes them: a Section column first, pairs numbered within it.
    sectioned = [Column("Section", 1, "L")] if report.sections else []
    columns = [*sectioned, Column("PairId_NS", 2), Column("PairId_EW", 2), Column("Contract", 5, "L"),
               Column("Declarer", 1), Column("Result", 2), Column("Score_NS", 6), Column("Score_EW", 6),
               Column(f"{points}_NS", 4), Column(f"{points}_EW", 4)]
    if not imps:
        columns += [Column("Percentage_NS", 3), Column("Percentage_EW", 3)]
    boards: dict[int, list[int]] = {}
    for index, (result, points_row) in enumerate(zip(event.results, scored.rows, strict=True)):
        if points_row is not None:
            boards.setdefault(result.board, []).append(index)
    lines = _header()
    for number, board in enumerate(sorted(boards)):
        rows, first_played = [], None
        for index in boards[board]:
            result, row = event.results[index], scored.rows[index]
            line = _score_row(result.ns, result.ew, result.play.contract, result.play.declarer,
                              result.play.tricks, row, imps)
            if first_played is None and row.score is not None:
                first_played = line[2], line[3], line[4]
            rows.append([result.section, *line] if sectioned else line)
        lines += _game_tags(event.name, event.date, board, scoring_tag(report), first_played,
                            hand=event.hands.get(board))
        lines += table("ScoreTable", columns, rows)
        if number == 0:
            lines += _total_table(report)
        lines.append("")
    return "\n".join(lines)


def _score_row(ns: int | None, ew: int | None, contract: str, declarer: str, tricks: int | None,
               row: RowPoints, imps: bool) -> list[str]:
    pairs = ["-" if ns is None else str(ns), "-" if ew is None else str(ew)]
    split, weighted = parse_split(contract), False
    if split is not None:  # the table result, and the side given a percentage marked artificial
        played = list(_played_columns(split.contract, declarer, tricks))
        given = f"{ARTIFICIAL}{split.percent}%"
        scores = [given, str(-row.score)] if split.side is Side.NS else [str(row.score), given]
    elif row.score is not None:
        played = list(_played_columns(contract, declarer, tricks))
        scores = list(_score_columns(row.score))
    elif weighted := looks_weighted(contract):  # no PBN notation: ours, quoted, in Contract
        played, scores = [quote(contract), "-", "-"], ["-", "-"]
    elif is_not_played(contract):
        played, scores = ["NP", "-", "-"], ["-", "-"]
    else:  # PBN §5.7: no contract, declarer or result; the values are artificial (§5.2)
        adjusted = Adjusted.parse(contract)
        played, scores = ["-", "-", "-"], [f"{ARTIFICIAL}{adjusted.ns}%", f"{ARTIFICIAL}{adjusted.ew}%"]
    figures = ["-" if side is None else points_text(side) for side in (row.ns, row.ew)]
    if not imps:
        figures += [f"{100 * side / row.top:.0f}" if row.top and side is not None else "-"
                    for side in (row.ns, row.ew)]
    if row.score is None and not is_not_played(contract) and not weighted:  # compared, not artificial
        figures = [value if value == "-" else ARTIFICIAL + value for value in figures]
    elif split is not None:  # NS, EW (, NS, EW): the given side's figures are artificial
        given = int(split.side is Side.EW)
        figures = [ARTIFICIAL + value if i % 2 == given and value != "-" else value for i, value in enumerate(figures)]
    return pairs + played + scores + figures


def _total_table(report: PairsReport) -> list[str]:
    """The ranking: one table, with a Direction column in a two-winner event."""
    two = report.scored.fields == 2
    columns = [Column("Rank", 2)] + ([Column("Direction", 2, "L")] if two else [])
    columns += [Column("Section", 1, "L")] if report.sections else []
    columns += [Column("PairId", 2), Column("Names", 40, "L")]
    if report.imps:
        columns += [Column("TotalIMP", 6), Column("NrBoards", 2)]
    else:
        columns += [Column("TotalMP", 6), Column("TotalPercentage", 5), Column("NrBoards", 2)]
    penalised = any(total.penalty for total in report.scored.pairs.values())
    if penalised:  # as Ruter writes it: what was added to the total, a penalty negative
        columns.append(Column("ScorePenalty", 5))
    rows = []
    for _heading, totals in report.rankings():
        for total in totals:
            section = [section_of(total)] if report.sections else []
            rows.append(_total_row(total, report.name_of(total), two, report.imps, penalised, section))
    return table("TotalScoreTable", columns, rows)


def _total_row(total: PairTotal, names: str, two: bool, imps: bool, penalised: bool,
               section: list[str] | None = None) -> list[str]:
    row = [total.place] + ([str(total.field)] if two else []) + (section or []) + [str(total.pair), quote(names)]
    figures = [f"{total.imps:.2f}"] if imps else [f"{total.mp:.2f}", f"{total.percent:.2f}"]
    penalty = ([f"{-total.penalty:.2f}" if total.penalty else "-"] if penalised else [])
    return row + figures + [str(total.boards)] + penalty


def teams_text(report: TeamsReport) -> str:
    """The PBN file of a team match: per board both rooms, the home team NS in the open room."""
    match = report.match
    columns = [Column("Room", 6, "L"), Column("Contract", 5, "L"), Column("Declarer", 1), Column("Result", 2),
               Column("Score_NS", 6), Column("Score_EW", 6), Column("IMP_NS", 3), Column("IMP_EW", 3)]
    lines = _header()
    for number, board in enumerate(report.boards):
        rooms = []
        for room, play, score, ns_imps in (("Open", board.open, board.open_score, board.imps),
                                           ("Closed", board.closed, board.closed_score, -board.imps)):
            played = list(_played_columns(play.contract, play.declarer, play.tricks))
            rooms.append([room, *played, *_score_columns(score), str(ns_imps), str(-ns_imps)])
        first = rooms[0][1], rooms[0][2], rooms[0][3]
        lines += _game_tags(match.name, match.date, board.board, "IMP", first,
                            [("HomeTeam", match.home), ("VisitTeam", match.away)], match.hands.get(board.board))
        lines += table("ScoreTable", columns, rooms)
        if number == 0:
            lines += _teams_total(report)
        lines.append("")
    return "\n".join(lines)


def _teams_total(report: TeamsReport) -> list[str]:
    """The match's result: each team's IMPs and VPs, the winner first (both 1 when drawn)."""
    match = report.match
    teams = sorted([(report.vp_home, report.imps_home, match.home), (report.vp_away, report.imps_away, match.away)],
                   key=lambda team: -team[0])
    ranks = ["1", "1"] if report.margin == 0 else ["1", "2"]
    rows = [[rank, quote(name), str(imps), f"{vps:.2f}"] for rank, (vps, imps, name) in zip(ranks, teams, strict=True)]
    columns = [Column("Rank", 2), Column("Team", 30, "L"), Column("TotalIMP", 4), Column("TotalVP", 6)]
    return table("TotalScoreTable", columns, rows)


def dumps(report: PairsReport | TeamsReport) -> str:
    """The PBN file of a scored pairs event or team match, as text."""
    if isinstance(report, IndividualReport):  # formats/individual.py writes it in every format
        from .individual import pbn

        return pbn(report)
    if isinstance(report, SwissPairsReport):  # formats/swiss_pairs.py writes it in both exchange formats
        from .swiss_pairs import pbn as swiss_pbn

        return swiss_pbn(report)
    return teams_text(report) if isinstance(report, TeamsReport) else pairs_text(report)


def dump(report: PairsReport | TeamsReport, fp: TextIO) -> None:
    """Write the PBN file to an open text file."""
    fp.write(dumps(report))


# --- reading ------------------------------------------------------------------------

# Possessive (*+): the same matches, but a plain * pushes a backtracking frame for each
# character, and one 5 MB tag value took 900 MB to match. No space is needed between the
# name and the value (PBN's own test file correct_10.pbn writes [Event"..."]).
_TAG = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*+)"\s*\]')
# A name of words (Dealer4's [Correction Sequence "..."]): not PBN, read only where a
# file is read leniently (a deal file), where no reader asks for such a tag.
_LOOSE_TAG = re.compile(r'\[\s*(\w+(?: \w+)*)\s*"((?:[^"\\]|\\.)*+)"\s*\]')
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*+)"|(\S+)')
_COLUMN = re.compile(r"[+-]?(\w+)(?:\\\d+[LR]?)?", re.IGNORECASE)
_COLUMNS = re.compile(r"[;\s]+")  # PBN separates columns by ';'; BBA by spaces
_DATE = re.compile(r"(\d{4})[.-](\d\d)[.-](\d\d)(?:[ T][\d:]*)?")  # BBO adds the time
_UNESCAPE = re.compile(r'\\([\\"])')
_MAX_ROWS = 1000  # a table's rows: a board has at most 60 tables, an event 240 pairs


def unquote(text: str) -> str:
    """A PBN string's contents with its escapes (``\\"``, ``\\\\``) undone; any other
    backslash is itself (``Contract\\5L``).

    >>> unquote('Ann \\\\"the Ace\\\\" Berg'), unquote('Contract\\\\5L')
    ('Ann "the Ace" Berg', 'Contract\\\\5L')
    """
    return _UNESCAPE.sub(r"\1", text)


@dataclass
class Table:
    """A table read from a file: its column names and its rows of values, each with the
    file line it is on."""

    columns: list[str]
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)

    def index(self, *names: str) -> int | None:
        """Where the first of ``names`` is among the columns (case free), or None."""
        upper = [c.upper() for c in self.columns]
        for name in names:
            if name.upper() in upper:
                return upper.index(name.upper())
        return None


@dataclass
class Game:
    """One game section: its tags (by name, with the line of each) and tables; read
    leniently, what made the rest of the section unreadable (``problem``), else None."""

    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    problem: ResultsFileError | None = None

    def value(self, name: str) -> str | None:
        """A tag's value, or None."""
        found = self.tags.get(name.upper())
        return None if found is None else found[0]


def games(text: str, lenient: bool = False) -> Iterator[Game]:
    """The game sections of a PBN file: tags, and tables with their rows (``#`` repeats the
    previous section's value, or a table's columns; comments and ``%`` lines are skipped).

    A line that cannot be read raises :class:`ResultsFileError`; ``lenient``, it ends its
    section instead, which is given with that error as its ``problem`` (the rest of the
    section skipped), and the next sections are read: a deal file is read deal by deal.

    >>> [game.value("Board") for game in games('[Board "1"]\\n\\n[Board"2"] [Deal "#"]\\n')]
    ['1', '2']
    >>> for game in games('[Board "1"]\\n[Board 2]\\n\\n[Board "3"]', lenient=True):
    ...     print(game.value("Board"), game.problem)
    1 line 2: cannot read the tag '[Board 2]'
    3 None
    """
    current, previous = Game(), Game()
    columns: dict[str, list[str]] = {}  # each table's last columns, for a table tag of "#"
    open_table: Table | None = None
    in_comment = skipping = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_comment:
            in_comment = "}" not in line
            continue
        if line.startswith("%") or line.startswith(";"):
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        if not line:
            if current.tags or current.tables or current.problem:
                yield current
                previous, current = current, Game()
            open_table, skipping = None, False
            continue
        if skipping:
            continue
        try:
            open_table = _line(current, previous, columns, open_table, line, number, lenient)
        except ResultsFileError as error:
            if not lenient:
                raise
            current.problem, open_table, skipping = error, None, True
    if current.tags or current.tables or current.problem:
        yield current


def _line(current: Game, previous: Game, columns: dict[str, list[str]], open_table: Table | None, line: str,
          number: int, lenient: bool) -> Table | None:
    """Read one line into ``current``: its tags (several may share a line), or a row of
    the open table; the table open after it."""
    match = _TAG.match(line) or (_LOOSE_TAG.match(line) if lenient else None)
    if match is None and line.startswith("["):
        raise ResultsFileError(f"cannot read the tag {line[:30]!r}", line=number)
    if match is not None:
        while match is not None:
            name, value = match[1], unquote(match[2])
            if value == "#" and name.upper() in previous.tags:
                value = previous.tags[name.upper()][0]
            open_table = None
            if name.upper().endswith("TABLE") and name.upper() != "TABLE":
                if value.strip() == "#" and name.upper() in columns:
                    found = list(columns[name.upper()])
                else:
                    found = [_column_name(part, number) for part in _COLUMNS.split(value) if part.strip()]
                columns[name.upper()] = found
                open_table = current.tables.setdefault(name.upper(), Table(found, number))
            else:
                current.tags.setdefault(name.upper(), (value, number))
            line = line[match.end():].lstrip()
            match = _TAG.match(line) if line.startswith("[") else None
        return open_table
    if open_table is None:
        return None  # auction or play lines, commentary: not results
    values = [w if w is not None else unquote(q) for q, w in (m.groups() for m in _TOKEN.finditer(line))]
    if len(values) != len(open_table.columns):
        raise ResultsFileError(f"{len(values)} values for the {len(open_table.columns)} columns of "
                               f"[{_title(open_table)}] (line {open_table.line})", line=number)
    if len(open_table.rows) == _MAX_ROWS:  # refused as read: a million rows would fill memory first
        raise ResultsFileError(f"[{_title(open_table)}] (line {open_table.line}) has more than {_MAX_ROWS} rows",
                               line=number)
    open_table.rows.append((number, values))
    return open_table


def _title(found: Table) -> str:
    return "ScoreTable" if found.index("PairId_NS", "Contract") is not None else "TotalScoreTable"


def _column_name(text: str, line: int) -> str:
    match = _COLUMN.fullmatch(text.strip())
    if match is None:
        raise ResultsFileError(f"column {text.strip()!r}: write it name\\widthAlignment (e.g. Contract\\5L)",
                               line=line)
    return match[1]


def _cell(found: Table, values: list[str], *names: str) -> str | None:
    where = found.index(*names)
    return None if where is None else values[where]


def loads(data: str | bytes) -> Imported | ImportedTeams:
    """Read a PBN results file: its pairs, names, every ScoreTable line, the scoring and the
    published totals, and the deals of its boards. Raises :class:`ResultsFileError` naming
    the board and line; a deal that cannot be read is left out with a note.

    Bytes are UTF-8 (with or without a BOM), else Latin-1 as older programs write."""
    check_size(data)
    text = data if isinstance(data, str) else _decoded(data)
    return _with_hands(_results(text), text)


def _with_hands(imported: Imported | ImportedTeams, text: str) -> Imported | ImportedTeams:
    """The event with the file's deals for its boards (``hands``); each deal refused, and
    what of a deal was left out, is a note."""
    from .handrecords import read as read_hands  # it reads PBN through this module

    event = imported.event
    boards = ({result.board for result in event.results} if isinstance(event, PairsEvent | IndividualEvent)
              else {board.board for board in event.boards})
    found = read_hands(text)
    hands = {record.board: record for record in found.records if record.board in boards}
    if not hands and not found.refused:
        return imported
    said = [*(f"deal not imported: {why}" for why in found.refused), *(f"deal: {note}" for note in found.notes)]
    notes = said[:_SAID] + ([f"and {len(said) - _SAID} more about the deals"] if len(said) > _SAID else [])
    return dataclasses.replace(imported, event=dataclasses.replace(event, hands=hands),
                               notes=(*imported.notes, *notes))


_SAID = 5  # the notes about deals one import prints: a file of other events' deals has thousands


def _results(text: str) -> Imported | ImportedTeams:
    builder = EventBuilder()
    scoring: Scoring | None = None
    totals: Table | None = None
    boards = 0
    sections: dict[str, set[str]] = {}  # each pair number's sections, as the lines give them
    names: dict[tuple[str, str, str], str] = {}  # (section, direction, number): the lines' Names_NS/Names_EW
    same: set[str] = set()  # the sections with a line whose NS and EW pairs have one number
    records: list[Record] = []  # one game record per table, when the file has no [ScoreTable]
    found: list[Game] = []  # read as they come: a file's first unreadable line is the one named
    stream = games(text)
    for game in stream:
        found.append(game)
        if _team_game(game):
            return _teams(found + list(stream))
        from .individual_results import pbn_individual, read_pbn  # an individual: read there
        from .swiss_pairs import pbn_swiss
        from .swiss_pairs import read_pbn as read_swiss  # a Swiss pairs event: read there

        if pbn_individual(game):
            return read_pbn(found + list(stream))
        if pbn_swiss(game):
            return read_swiss(found + list(stream))
        if not builder.name and game.value("Event"):
            builder.name = game.value("Event").strip()
        date = _DATE.fullmatch((game.value("Date") or "").strip())
        if not builder.date and date:
            builder.date = iso_date(int(date[3]), int(date[2]), int(date[1]))
        if scoring is None and game.value("Scoring"):
            scoring = scoring_of([game.value("Scoring")])
            if scoring is None:
                raise ResultsFileError(f"Scoring {game.value('Scoring')!r}: xlbridge imports MP, IMP, Butler "
                                       "or cross-IMP pairs", line=game.tags["SCORING"][1])
            _modifiers(builder, game.value("Scoring"))
        totals = totals or game.tables.get("TOTALSCORETABLE")
        scores = game.tables.get("SCORETABLE")
        if scores is None:
            if not boards and game.value("Board") is not None:
                records.append(_record(game))
            continue
        if game.value("HomeTeam") is not None or scores.index("Room") is not None:
            raise ResultsFileError("a team match: xlbridge imports pairs events", line=scores.line)
        board_text = game.value("Board")
        if board_text is None:
            raise ResultsFileError("a [ScoreTable] without a [Board] tag", line=scores.line)
        missing = [name for name in ("PairId_NS", "PairId_EW", "Contract") if scores.index(name) is None]
        if missing:
            raise ResultsFileError(f"[ScoreTable] has no {', '.join(missing)} column", line=scores.line)
        if scoring is None and scores.index("IMP_NS") is not None:
            scoring = Scoring.BUTLER
        boards += 1
        for number, values in scores.rows:
            section = _line_section(scores, values, number, sections, names, same)
            builder.line(board_text, *(_cell(scores, values, name) for name in
                                       ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")),
                         scores=(_cell(scores, values, "Score_NS"), _cell(scores, values, "Score_EW")),
                         line=number, section=section,
                         top=_top(scores, values) if section and scoring in (None, Scoring.MP) else None)
    if not boards and any(not blank(record.contract) for record in records):
        builder.scoring = scoring or Scoring.MP
        if scoring is None:
            builder.notes.append("the file has no [Scoring] tag: scored as matchpoints")
        if totals is not None:
            builder.notes.append("its [TotalScoreTable] is not compared: the game records do not number the pairs")
        return records_event(builder, records)
    if not boards:
        raise ResultsFileError("no [ScoreTable] and no game record with a [Contract]: not a results file "
                               "(xlbridge imports PBN files with the results of each board)")
    builder.scoring = scoring or Scoring.MP
    if totals is not None:
        _read_totals(builder, totals, sections)
    elif any(section for section, *_rest in names):  # a sectioned file's names, from its lines
        _names_from_lines(builder, names, same)
    return builder.build()


def _line_section(scores: Table, values: list[str], line: int, sections: dict[str, set[str]],
                  names: dict[tuple[str, str, str], str], same: set[str]) -> str:
    """A ScoreTable line's section (``""`` without a Section column), checked; what the
    line says of its pairs noted: each number's sections, the names the line gives each
    pair (BridgeComposer's Names_NS, Names_EW) and whether one number is both its pairs
    (a section that numbers each direction from 1)."""
    text = (_cell(scores, values, "Section") or "").strip()
    section = "" if blank(text) else section_name(text, line=line)
    ns, ew = ((_cell(scores, values, f"PairId_{side}") or "").strip() for side in ("NS", "EW"))
    for pair, side in ((ns, "NS"), (ew, "EW")):
        sections.setdefault(pair, set()).add(section)
        given = " ".join(unquote(_cell(scores, values, f"Names_{side}") or "").split())
        if section and digits(pair) and not blank(given):
            names.setdefault((section, side, pair), given)
    if section and digits(ns) and ns == ew:
        same.add(section)
    return section


def _top(scores: Table, values: list[str]) -> float | None:
    """A line's MP_NS plus MP_EW (the board's top as the file scored it); None when it
    printed no figure for either (``-``), or an artificial one."""
    figures = [figure_text(_cell(scores, values, name)) for name in ("MP_NS", "MP_EW")]
    return None if None in figures else float(figures[0]) + float(figures[1])


def _names_from_lines(builder: EventBuilder, names: dict[tuple[str, str, str], str], same: set[str]) -> None:
    """A sectioned file with no TotalScoreTable: its pairs' names from its lines, each pair
    listed once; by direction in a section that numbers each direction from 1."""
    listed: set[tuple[str, str, str]] = set()
    for (section, side, number), given in names.items():
        direction = side if section in same else ""
        if (section, direction, number) not in listed:
            listed.add((section, direction, number))
            builder.pair(int(number), given, direction=direction or None, section=section)


def _team_game(game: Game) -> bool:
    """Whether a game section is a team match's: ``[HomeTeam]``, a ``[Room]`` of Open or
    Closed, a ScoreTable with a Room column, or a Scoring tag that says Teams."""
    scores = game.tables.get("SCORETABLE")
    return (game.value("HomeTeam") is not None or _room_name(game.value("Room")) is not None
            or (scores is not None and scores.index("Room") is not None)
            or "TEAM" in (game.value("Scoring") or "").upper())


def _room_name(text: str | None) -> str | None:
    """``open`` or ``closed`` from a Room value (``Open``, ``O``, ``Closed``, ``C``); None otherwise.

    >>> _room_name("Open"), _room_name(" c "), _room_name("Table 2")
    ('open', 'closed', None)
    """
    value = (text or "").strip().upper()
    return "open" if value in ("OPEN", "O") else "closed" if value in ("CLOSED", "C") else None


def _refuse_standings(found: list[Game]) -> None:
    """Refuse a team event's standings: Ruter's, a ScoreTable row a match (its IMPs in
    MatchDetails, its VPs) and no board's contract. teams-event.xlsx's only inputs are each
    board's rooms: a match's IMPs alone have no cell. Looked for in every game section
    before any board is read, since the file's ``[Board]`` (202) is no board of the event
    and its ScoreTable may follow the TotalScoreTable's game after a blank line."""
    for game in found:
        scores = game.tables.get("SCORETABLE")
        if scores is None or scores.index("Contract") is not None:
            continue
        count = len(scores.rows)
        owner = "match's" if count == 1 else "matches'"
        matches = (f"{count} {owner} IMPs and VPs" if scores.index("TeamId_Home") is not None
                   else "the matches' results (IMPs and VPs)")
        raise ResultsFileError(f"Scoring {game.value('Scoring') or 'Teams'!r}: the file has {matches} but no "
                               "board's contract and result; a team workbook takes each board's contract, "
                               "declarer and tricks in both rooms and works the IMPs and VPs from them, so it "
                               "cannot hold a match's IMPs alone", line=scores.line)


def _teams(found: list[Game]) -> ImportedTeams:
    """A PBN team match: ``[HomeTeam]`` and ``[VisitTeam]`` on its boards (the home team
    North-South in the open room), each board's two rooms in its ScoreTable (a ``Room``
    column) or as two game records (``[Room "Open"]``, ``[Room "Closed"]`` with
    ``[Contract]``, ``[Declarer]``, ``[Result]``); the published figures: the open room's
    ``IMP_NS`` (the home team's IMPs on the board), and each team's ``TotalIMP`` and
    ``TotalVP`` from the TotalScoreTable. One match a file: several matches, or a file
    of the matches' results without the boards', are refused in one line."""
    builder = TeamsBuilder()
    teams: dict[tuple[str, str], int] = {}
    boards: dict[int, dict[str, tuple[Play, int]]] = {}
    published: dict[int, str | None] = {}
    totals: Table | None = None
    _refuse_standings(found)
    for game in found:
        if not builder.name and game.value("Event"):
            builder.name = game.value("Event").strip()
        date = _DATE.fullmatch((game.value("Date") or "").strip())
        if not builder.date and date:
            builder.date = iso_date(int(date[3]), int(date[2]), int(date[1]))
        totals = totals or game.tables.get("TOTALSCORETABLE")
        scores = game.tables.get("SCORETABLE")
        if game.value("Board") is None or (scores is None and game.value("Contract") is None):
            continue
        line = game.tags["BOARD"][1]
        board = board_number(game.value("Board"), line=line)
        home, away = (" ".join((game.value(name) or "").split()) for name in ("HomeTeam", "VisitTeam"))
        teams.setdefault((home, away), line)
        rooms = boards.setdefault(board, {})
        if scores is not None:
            if scores.index("Room") is None:
                raise ResultsFileError("a team match's [ScoreTable] with no Room column", line=scores.line)
            rows = [(_room_name(_cell(scores, values, "Room")), number, values) for number, values in scores.rows]
            for room, number, values in rows:
                if room is None:
                    raise ResultsFileError(f"Room {_cell(scores, values, 'Room')!r}: must be Open or Closed",
                                           board=board, line=number)
                if room == "open":
                    published[board] = figure_text(_cell(scores, values, "IMP_NS"))
                _room_play(rooms, board, room, number, *(_cell(scores, values, name) for name in
                                                         ("Contract", "Declarer", "Result")))
        else:
            room = _room_name(game.value("Room"))
            if room is None:
                raise ResultsFileError(f"Room {game.value('Room')!r}: a team match's game record is in the Open or "
                                       "the Closed room", board=board, line=line)
            _room_play(rooms, board, room, line, game.value("Contract"), game.value("Declarer"), game.value("Result"))
    if len(teams) > 1:
        listed = "; ".join(f"{home or '?'} v {away or '?'}" for home, away in teams)
        raise ResultsFileError(f"{len(teams)} matches ({listed[:120]}): xlbridge imports one PBN team match a file")
    if not teams:
        raise ResultsFileError("a team match with no board results")
    (home, away), = teams
    builder.team(1, home)
    builder.team(2, away)
    match = MatchRead(None, 1, 2)
    for board, rooms in sorted(boards.items()):
        if len(rooms) == 1:
            (room, (_play, line)), = rooms.items()
            raise ResultsFileError(f"no result from the {'closed' if room == 'open' else 'open'} room", board=board,
                                   line=line)
        match.boards.append((board, rooms["open"][0], rooms["closed"][0], published.get(board)))
    if totals is not None:
        _team_totals(builder, match, totals, (home, away))
    builder.matches.append(match)
    return builder.build()


def _room_play(rooms: dict[str, tuple[Play, int]], board: int, room: str, line: int, contract: str | None,
               declarer: str | None, result: str | None) -> None:
    if room in rooms:
        raise ResultsFileError(f"two results for the {room} room (also line {rooms[room][1]})", board=board, line=line)
    rooms[room] = team_play(board, contract, declarer, result, room, line=line), line


def _team_totals(builder: TeamsBuilder, match: MatchRead, totals: Table, names: tuple[str, str]) -> None:
    """Each team's published IMPs and VPs, from the TotalScoreTable row that names it."""
    column = totals.index("Team", "TeamName")
    if column is None:
        return
    imps: dict[str, str | None] = {}
    vps: dict[str, str | None] = {}
    for _number, values in totals.rows:
        name = " ".join(values[column].split())
        imps[name] = figure_text(_cell(totals, values, "TotalIMP", "TotalIMPs"))
        vps[name] = figure_text(_cell(totals, values, "TotalVP", "TotalScoreVP"))
    if not set(names) <= set(imps):
        builder.notes.append("its [TotalScoreTable] does not name the match's two teams: not compared")
        return
    match.imps = (imps[names[0]], imps[names[1]])
    match.vps = (vps[names[0]], vps[names[1]])


def _record(game: Game) -> Record:
    """A game record's results tags; a team match's (``[Room]``, ``[HomeTeam]``) refused."""
    line = game.tags["BOARD"][1]
    if game.value("HomeTeam") is not None or (game.value("Room") or "").strip().upper() in ("OPEN", "CLOSED"):
        raise ResultsFileError("a team match ([Room] or [HomeTeam]): xlbridge imports pairs events", line=line)
    seats = tuple(game.value(seat) or "" for seat in ("North", "East", "South", "West"))
    return Record(game.value("Board") or "", line, seats, game.value("Contract"), game.value("Declarer"),
                  game.value("Result"), (game.value("PairNS"), game.value("PairEW")), game.value("Score"),
                  (game.value("ScorePercentage"), game.value("ScoreIMP")))


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def sniff(head: bytes) -> bool:
    """Whether a file's first bytes may be PBN: anything that is not XML.

    >>> sniff(b'% PBN 2.1'), sniff(b'  <?xml version="1.0"?>')
    (True, False)
    """
    return not head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def _modifiers(builder: EventBuilder, value: str) -> None:
    """The Scoring tag's modifiers xlbridge scores by: ``MP2`` (the 1/½/0 scale), and for
    cross-IMPs ``Cross`` (summed) or ``Cross1``/``Cross2`` (averaged)."""
    fields = {part.strip().upper() for part in value.split(";")}
    if "MP2" in fields:
        builder.scale = 1
    if "CROSS" in fields:
        builder.crossimps = "total"
    elif fields & {"CROSS1", "CROSS2"}:
        builder.crossimps = "average"


def _read_totals(builder: EventBuilder, totals: Table, sections: dict[str, set[str]] | None = None) -> None:
    """Names and the published figures from the TotalScoreTable; a Direction column with
    both directions makes a two-winner event. In a sectioned file a pair's section is the
    table's Section column, or else the one section the lines (``sections``: each number's)
    give its number; a number in two sections with no Section column is refused."""
    if totals.index("PairId") is None:
        raise ResultsFileError("[TotalScoreTable] has no PairId column", line=totals.line)
    # A multi-session file's TotalPercentage covers every session so far, its SessionPercentage this one.
    figure = ("TotalIMP", "TotalIMPs", "TotalScoreIMP") if builder.scoring.imps else ("SessionPercentage",
                                                                                       "TotalPercentage")
    directions = set()
    for number, values in totals.rows:
        text = _cell(totals, values, "PairId") or ""
        if not digits(text.strip()) or not 1 <= int(text) <= 999:
            raise ResultsFileError(f"pair {text[:20]!r}: must be a pair number 1-999", line=number)
        published = (_cell(totals, values, *figure) or "").strip().replace(",", ".")
        direction = (_cell(totals, values, "Direction") or "").strip().upper()
        directions.add(direction)
        section = (_cell(totals, values, "Section") or "").strip()
        if blank(section):
            found = (sections or {}).get(text.strip(), {""})
            if len(found) > 1:
                raise ResultsFileError(f"pair {text.strip()} is in sections {' and '.join(sorted(found))}: the "
                                       "[TotalScoreTable] needs a Section column to tell them apart", line=number)
            section = next(iter(found))
        else:
            section = section_name(section, line=number)
        builder.pair(int(text), _cell(totals, values, "Names") or "",
                     direction=direction if direction in ("NS", "EW") else None,
                     published=published if re.fullmatch(r"-?\d+(\.\d+)?", published) else None, line=number,
                     penalty=_penalty(_cell(totals, values, "ScorePenalty"), number), section=section)
    if {"NS", "EW"} <= directions:
        builder.fields = 2


def _penalty(text: str | None, line: int) -> float | None:
    """A pair's penalty from Ruter's ``ScorePenalty``, which is what was added to the total
    (a penalty negative); None for none."""
    added = (text or "").strip().replace(",", ".")
    if blank(added):
        return None
    if not re.fullmatch(r"-?\d{1,4}(\.\d+)?", added):
        raise ResultsFileError(f"ScorePenalty {added[:20]!r}: must be a number of points", line=line)
    return -float(added) if float(added) else None


FORMAT = Format("pbn", "a PBN 2.1 results file", "a ScoreTable per board and the TotalScoreTable",
                (".pbn",), (PairsReport, TeamsReport, IndividualReport, SwissPairsReport), dumps, loads, sniff)
