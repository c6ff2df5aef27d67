"""USEBIO 1.2 XML (the English Bridge Union's results format): a scored pairs event or
team match written for results sites and national bodies, and a USEBIO file written by
another program read back into a pairs event.

The document is ``USEBIO > CLUB, EVENT``; ``EVENT_TYPE`` is ``MP_PAIRS``, ``CROSS_IMPS``,
``BUTLER_PAIRS`` or ``TEAMS`` and ``BOARD_SCORING_METHOD`` ``MATCH_POINTS``, ``CROSS_IMPS``,
``BUTLER_IMPS`` or ``IMPS``. ``PARTICIPANTS`` has each ``PAIR`` (``PAIR_NUMBER``, in a
two-winner event ``DIRECTION``, ``PLACE`` with ``=`` for a shared one, ``TOTAL_SCORE``,
``PERCENTAGE``, a ``PLAYER`` with ``PLAYER_NAME`` for each player), and each ``BOARD`` its
``TRAVELLER_LINE``\\ s (``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``,
``TRICKS``, ``SCORE``, then ``NS_MATCH_POINTS``/``EW_MATCH_POINTS``,
``NS_CROSS_IMP_POINTS``/``EW_CROSS_IMP_POINTS`` or ``NS_BUTLER_POINTS``/``EW_BUTLER_POINTS``).
An artificial adjusted score is ``SCORE`` ``A6040`` (NS 60%, EW 40%) with no contract, as
club programs write it; a board not played at a table is ``SCORE`` ``NP``.

Written with :mod:`xml.etree` (text is escaped), read with :mod:`defusedxml`.

    >>> from xlbridge.event import sample, score_pairs
    >>> text = dumps(score_pairs(sample.pairs_event()))
    >>> '<EVENT EVENT_TYPE="MP_PAIRS">' in text, text.count("<TRAVELLER_LINE>")
    (True, 243)
    >>> imported = loads(text)
    >>> len(imported.event.results), imported.published[4].value
    (243, '61.11')
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import TextIO

import defusedxml
import defusedxml.ElementTree as safe_xml

from .. import __version__
from ..engine import Adjusted, Scoring, is_not_played, parse_contract, parse_split
from ..engine.pairs import PairTotal, RowPoints
from ..event import PairsReport, Play, TeamsReport
from .format import Format
from .results import (
    EventBuilder,
    Imported,
    ResultsFileError,
    board_number,
    check_size,
    iso_date,
    scoring_of,
)
from .table import points_text

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">'

_NAME_SEPARATORS = (" – ", " - ", " & ", " / ")


# --- writing ------------------------------------------------------------------------


def _add(parent: ET.Element, name: str, value: object | None = None) -> ET.Element:
    element = ET.SubElement(parent, name)
    if value is not None:
        element.text = str(value)
    return element


def usebio_date(iso: str) -> str | None:
    """A date as USEBIO writes it (``DD/MM/YYYY``); None when it is not a date.

    >>> usebio_date("2024-11-26"), usebio_date("")
    ('26/11/2024', None)
    """
    try:
        return datetime.date.fromisoformat(iso).strftime("%d/%m/%Y")
    except ValueError:
        return None


def players(names: str) -> list[str]:
    """A pair's names as its two players: split at the first separator (`` – ``, `` - ``,
    `` & ``, `` / ``) that occurs once; one name when none does.

    >>> players("A. Virtanen – B. Laine"), players("Ann & Bob Smith"), players("The Smiths")
    (['A. Virtanen', 'B. Laine'], ['Ann', 'Bob Smith'], ['The Smiths'])
    >>> players("Smith & Co – Bo Dahl")
    ['Smith & Co', 'Bo Dahl']
    """
    text = " ".join(names.split())
    for separator in _NAME_SEPARATORS:
        if text.count(separator) == 1:
            parts = [part.strip() for part in text.split(separator)]
            if all(parts):
                return parts
    return [text]


def adjusted_text(adjusted: Adjusted) -> str:
    """An adjusted score as club programs write it in USEBIO: ``A6040``.

    >>> adjusted_text(Adjusted(60, 40)), adjusted_text(Adjusted(50, 50))
    ('A6040', 'A5050')
    """
    return f"A{adjusted.ns}{adjusted.ew}"


def _place(place: str) -> str:
    """``2-3`` (shared) as USEBIO writes it: ``2=``."""
    return f"{place.split('-')[0]}=" if "-" in place else place


def _document(event_type: str, name: str, date: str, scoring: str,
              winners: int | None) -> tuple[ET.Element, ET.Element]:
    root = ET.Element("USEBIO", Version="1.2")
    club = _add(root, "CLUB")
    _add(club, "CLUB_NAME", "")
    event = _add(root, "EVENT")
    event.set("EVENT_TYPE", event_type)
    _add(event, "EVENT_DESCRIPTION", name)
    _add(event, "PROGRAM_NAME", "xlbridge")
    _add(event, "PROGRAM_VERSION", __version__)
    when = usebio_date(date)
    if when:
        _add(event, "DATE", when)
    _add(event, "BOARD_SCORING_METHOD", scoring)
    if winners is not None:
        _add(event, "WINNER_TYPE", winners)
    return root, event


def _text(root: ET.Element) -> str:
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + ET.tostring(root, encoding="unicode") + "\n"


def pairs_text(report: PairsReport) -> str:
    """The USEBIO document of a scored pairs event."""
    event, scored = report.event, report.scored
    how = scored.scoring
    event_type, board_scoring, _points = how.method.usebio
    root, element = _document(event_type, event.name, event.date, board_scoring, scored.fields)
    participants = _add(element, "PARTICIPANTS")
    names = report.names
    for _heading, totals in report.rankings():
        for total in totals:
            _pair(participants, total, names.get(total.pair, ""), scored.fields == 2, how.imps)
    boards: dict[int, ET.Element] = {}
    for result, row in sorted(zip(event.results, scored.rows, strict=True), key=lambda pair: pair[0].board):
        if row is None:
            continue
        if result.board not in boards:
            boards[result.board] = _add(element, "BOARD")
            _add(boards[result.board], "BOARD_NUMBER", result.board)
        _line(boards[result.board], result.ns, result.ew, result.play, row, how)
    return _text(root)


def _pair(parent: ET.Element, total: PairTotal, names: str, two: bool, imps: bool) -> None:
    pair = _add(parent, "PAIR")
    _add(pair, "PAIR_NUMBER", total.pair)
    if two:
        _add(pair, "DIRECTION", str(total.field))
    _add(pair, "PLACE", _place(total.place))
    if imps:
        _add(pair, "TOTAL_SCORE", f"{total.imps:.2f}")
    else:
        _add(pair, "TOTAL_SCORE", f"{total.mp:.2f}")
        _add(pair, "PERCENTAGE", f"{total.percent:.2f}")
    _add(pair, "BOARDS_PLAYED", total.boards)
    for name in players(names):
        _add(_add(pair, "PLAYER"), "PLAYER_NAME", name)


def _line(board: ET.Element, ns: int | None, ew: int | None, play: Play, row: RowPoints, how: Scoring) -> None:
    line = _add(board, "TRAVELLER_LINE")
    for name, pair in (("NS_PAIR_NUMBER", ns), ("EW_PAIR_NUMBER", ew)):
        if pair is not None:
            _add(line, name, pair)
    if row.score is None:
        _add(line, "SCORE", "NP" if is_not_played(play.contract) else adjusted_text(Adjusted.parse(play.contract)))
    else:
        _played(line, play)
        _add(line, "SCORE", row.score)
    if row.ns is not None:
        points = how.method.usebio[2]
        _add(line, f"NS_{points}", points_text(row.ns))
        _add(line, f"EW_{points}", points_text(row.ew))


def _played(line: ET.Element, play: Play) -> None:
    """A played line's CONTRACT, PLAYED_BY and TRICKS (a passed-out board: CONTRACT PASS). USEBIO
    has no code for a split score: its line is the table result, with each side's points as scored."""
    split = parse_split(play.contract)
    contract = parse_contract(play.contract if split is None else split.contract)
    if contract.passed_out:
        _add(line, "CONTRACT", "PASS")
        return
    _add(line, "CONTRACT", contract.with_declarer(None))
    _add(line, "PLAYED_BY", play.declarer or contract.declarer)
    _add(line, "TRICKS", play.tricks)


def teams_text(report: TeamsReport) -> str:
    """The USEBIO document of a team match: the two teams, and each board's two rooms
    (the home team NS in the open room), IMPs to the home team."""
    match = report.match
    root, element = _document("TEAMS", match.name, match.date, "IMPS", None)
    participants = _add(element, "PARTICIPANTS")
    places = (1, 1) if report.margin == 0 else ((1, 2) if report.margin > 0 else (2, 1))
    for number, (team, imps, vps, place) in enumerate(((match.home, report.imps_home, report.vp_home, places[0]),
                                                       (match.away, report.imps_away, report.vp_away, places[1])),
                                                      start=1):
        entry = _add(participants, "TEAM")
        _add(entry, "TEAM_NUMBER", number)
        _add(entry, "TEAM_NAME", team)
        _add(entry, "PLACE", place)
        _add(entry, "IMPS", imps)
        _add(entry, "TOTAL_SCORE", f"{vps:.2f}")
    for board in report.boards:
        entry = _add(element, "BOARD")
        _add(entry, "BOARD_NUMBER", board.board)
        for room, play, score in (("OPEN", board.open, board.open_score), ("CLOSED", board.closed,
                                                                           board.closed_score)):
            line = _add(entry, "TRAVELLER_LINE")
            _add(line, "ROOM", room)
            _add(line, "NS_TEAM_NUMBER", 1 if room == "OPEN" else 2)
            _add(line, "EW_TEAM_NUMBER", 2 if room == "OPEN" else 1)
            _played(line, play)
            _add(line, "SCORE", score)
        _add(entry, "IMPS", board.imps)
    return _text(root)


def dumps(report: PairsReport | TeamsReport) -> str:
    """The USEBIO document of a scored pairs event or team match, as text."""
    return teams_text(report) if isinstance(report, TeamsReport) else pairs_text(report)


def dump(report: PairsReport | TeamsReport, fp: TextIO) -> None:
    """Write the USEBIO document to an open text file."""
    fp.write(dumps(report))


# --- reading ------------------------------------------------------------------------


class _Lines(ET.TreeBuilder):
    """A tree builder that remembers the line each element starts on."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[ET.Element, int] = {}
        self.expat = None

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        element = super().start(tag, attrs)
        self.lines[element] = self.expat.CurrentLineNumber if self.expat is not None else 0
        return element


def parse(data: str | bytes) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The document's root and each element's line; XML that is not well formed, or that
    declares entities (defusedxml refuses them), is a :class:`ResultsFileError`."""
    builder = _Lines()
    parser = safe_xml.DefusedXMLParser(target=builder)
    builder.expat = parser.parser
    try:
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as error:
        line, _column = error.position
        raise ResultsFileError(f"not well-formed XML ({str(error).split(':')[0]})", line=line) from None
    except defusedxml.DefusedXmlException as error:
        raise ResultsFileError(f"refused: the XML declares entities or external references "
                               f"({type(error).__name__})") from None
    except LookupError as error:  # <?xml ... encoding="..."?> names one Python does not know
        raise ResultsFileError(f"the XML's encoding is not one xlbridge reads ({str(error)[:60]}); "
                               "save it as UTF-8") from None
    return root, builder.lines


def _child(element: ET.Element, name: str) -> str | None:
    found = element.find(name)
    return None if found is None or found.text is None else found.text.strip()


def _walk(element: ET.Element, name: str, skip: tuple[str, ...] = ("HANDSET",)) -> Iterator[ET.Element]:
    """Every ``name`` below ``element`` at any depth (EVENT, SESSION, SECTION ...), in
    document order, not looking inside ``skip`` (hand records have BOARDs too). Iterative:
    a hostile file's nesting cannot exhaust the stack."""
    pending = list(reversed(element))
    while pending:
        child = pending.pop()
        if child.tag == name:
            yield child
        elif child.tag not in skip:
            pending.extend(reversed(child))


_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


def loads(data: str | bytes) -> Imported:
    """Read a USEBIO file: pairs, names, every traveller line (with or without SESSION and
    SECTION levels), the scoring and the published figures. Raises :class:`ResultsFileError`
    naming the board and line."""
    check_size(data)
    root, lines = parse(data)
    if root.tag != "USEBIO":
        raise ResultsFileError(f"the document is <{root.tag[:30]}>: a USEBIO file is <USEBIO>", line=lines.get(root))
    event = root.find("EVENT")
    if event is None:
        raise ResultsFileError("no <EVENT>", line=lines.get(root))
    event_type = (event.get("EVENT_TYPE") or "").strip().upper()
    method = (_child(event, "BOARD_SCORING_METHOD") or "").upper()
    if "TEAM" in event_type or event_type == "KO":
        raise ResultsFileError(f"EVENT_TYPE {event_type}: a team event; xlbridge imports pairs events",
                               line=lines.get(event))
    scoring = scoring_of([event_type, method])
    if scoring is None and (method or event_type not in ("", "PAIRS")):
        raise ResultsFileError(f"scoring {event_type or method}: xlbridge imports matchpoint, cross-IMP and "
                               "Butler pairs", line=lines.get(event))
    builder = EventBuilder(name=" ".join((_child(event, "EVENT_DESCRIPTION") or "").split()),
                           scoring=scoring or Scoring.MP)
    date = _DATE.fullmatch(_child(event, "DATE") or "")
    if date:
        builder.date = iso_date(int(date[1]), int(date[2]), int(date[3]))
    if (_child(event, "WINNER_TYPE") or "1") == "2":
        builder.fields = 2
    for pair in _walk(event, "PAIR"):
        _read_pair(builder, pair, lines.get(pair))
    for board in _walk(event, "BOARD"):
        number = _child(board, "BOARD_NUMBER")
        board_number(number, line=lines.get(board))  # a bad number is named even on an empty board
        for line in board.findall("TRAVELLER_LINE"):
            _read_line(builder, number, line, lines.get(line))
    return builder.build()


_DIRECTED = re.compile(r"([0-9]{1,3})\s*(N-?S|E-?W|N|E)?", re.IGNORECASE)


def directed(text: str, what: str, line: int | None) -> tuple[str, str | None]:
    """A pair number as USEBIO files write it, alone or with the direction the pair sat
    (``1NS``, ``1 EW``, ``1N``, ``1E``): the number, and ``NS``, ``EW`` or None.

    >>> directed("12", "PAIR_NUMBER", 1), directed("1 NS", "PAIR_NUMBER", 1), directed("13e", "EW_PAIR_NUMBER", 1)
    (('12', None), ('1', 'NS'), ('13', 'EW'))
    """
    found = _DIRECTED.fullmatch(text.strip())
    if found is None or not 1 <= int(found[1]) <= 999:
        raise ResultsFileError(f"{what} {text[:20]!r}: must be a pair number 1-999, with or without its "
                               "direction (1NS, 1EW)", line=line)
    side = found[2]
    return found[1], None if side is None else ("NS" if side.upper().startswith("N") else "EW")


def _read_pair(builder: EventBuilder, pair: ET.Element, line: int | None) -> None:
    number, sat = directed(_child(pair, "PAIR_NUMBER") or "", "PAIR_NUMBER", line)
    names = [" ".join(name.split()) for name in
             (_child(player, "PLAYER_NAME") for player in pair.findall("PLAYER")) if name]
    direction = (_child(pair, "DIRECTION") or sat or "").upper()
    figure = _child(pair, "TOTAL_SCORE" if builder.scoring.imps else "PERCENTAGE")
    figure = (figure or "").replace(",", ".").rstrip("%")
    builder.pair(int(number), " – ".join(names), direction=direction if direction in ("NS", "EW") else None,
                 published=figure if re.fullmatch(r"-?\d+(\.\d+)?", figure) else None, line=line)


def _read_line(builder: EventBuilder, board: str | None, line: ET.Element, number: int | None) -> None:
    contract = _child(line, "CONTRACT")
    score = _child(line, "SCORE") or ""
    if score.upper().startswith("A") or score.upper() == "NP":
        contract = score  # A6040, NP: the line has no played contract
    pairs = []
    for side, name in (("NS", "NS_PAIR_NUMBER"), ("EW", "EW_PAIR_NUMBER")):
        text = _child(line, name)
        if text is not None and _DIRECTED.fullmatch(text.strip()):
            text, sat = directed(text, name, number)
            if sat not in (None, side):
                raise ResultsFileError(f"{name} {_child(line, name)!r}: a pair of the other direction", line=number)
        pairs.append(text)
    builder.line(board or "", *pairs, contract, _child(line, "PLAYED_BY"), _child(line, "TRICKS"), line=number)


def sniff(head: bytes) -> bool:
    """Whether a file's first bytes may be USEBIO: XML.

    >>> sniff(b'  <?xml version="1.0"?>'), sniff(b'% PBN 2.1')
    (True, False)
    """
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


FORMAT = Format("usebio", "USEBIO 1.2 XML", "for results sites and national bodies",
                (".xml", ".usebio"), (PairsReport, TeamsReport), dumps, loads, sniff)
