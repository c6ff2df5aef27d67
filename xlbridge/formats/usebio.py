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

import dataclasses
import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TextIO

import defusedxml
import defusedxml.ElementTree as safe_xml

from .. import __version__
from ..engine import Adjusted, BridgeInputError, Scoring, is_not_played, looks_weighted, parse_contract, parse_split
from ..engine.errors import describe
from ..engine.handrecord import HandRecord
from ..engine.hands import Deal
from ..engine.pairs import PairTotal, RowPoints
from ..engine.players import MEMBERSHIP_LENGTH, Club, Player, Roster, membership_text
from ..engine.seat import SEATS, Seat
from ..event import (
    EventBoard,
    PairsEvent,
    PairsReport,
    Play,
    SwissPairsReport,
    TeamBoard,
    TeamEventReport,
    TeamMatch,
    TeamsReport,
    score_teams,
    section_of,
)
from ..event.individual import IndividualEvent, IndividualReport
from ..workbooks.book import NAME_LENGTH
from .format import Format
from .results import (
    EventBuilder,
    Imported,
    ImportedTeams,
    MatchRead,
    ResultsFileError,
    TeamsBuilder,
    board_number,
    check_size,
    contract_of,
    digits,
    figure_text,
    iso_date,
    scoring_of,
    team_play,
)
from .sections import section_name
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
              winners: int | None, club_of: Club | None = None) -> tuple[ET.Element, ET.Element]:
    root = ET.Element("USEBIO", Version="1.2")
    club = _add(root, "CLUB")
    # USEBIO 1.2's CLUB holds CLUB_NAME and CLUB_ID_NUMBER (the federation's number for the
    # club), as Marc Shearer's ImportUsebio reads them (Usebio Parser.swift, processClub) and
    # Compscore and PairsScorer write them (tests/test_federation.py reads both).
    _add(club, "CLUB_NAME", "" if club_of is None else club_of.name)
    if club_of is not None and club_of.number:
        _add(club, "CLUB_ID_NUMBER", club_of.number)
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


_SUIT_ELEMENTS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
_DIRECTIONS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def _handset(root: ET.Element, hands: Mapping[int, HandRecord]) -> None:
    """The event's deals, after the EVENT, as USEBIO club programs write them (Compscore,
    the UK club programs' sample): ``HANDSET`` > ``BOARD`` (``BOARD_NUMBER``, a ``HAND``
    for each known hand: ``DIRECTION`` North/East/South/West, then ``SPADES``,
    ``HEARTS``, ``DIAMONDS``, ``CLUBS``, a void empty). USEBIO has no element for the
    double-dummy tricks or par: they travel in the PBN export."""
    if not hands:
        return
    handset = _add(root, "HANDSET")
    for board in sorted(hands):
        element = _add(handset, "BOARD")
        _add(element, "BOARD_NUMBER", board)
        for seat in SEATS:
            hand = hands[board].deal.hand(seat)
            if hand is None:
                continue
            written = _add(element, "HAND")
            _add(written, "DIRECTION", _DIRECTIONS[seat])
            for name, ranks in zip(_SUIT_ELEMENTS, hand.suits, strict=True):
                _add(written, name, ranks)


def _read_hands(root: ET.Element, imported: Imported | ImportedTeams,
                lines: dict[ET.Element, int]) -> Imported | ImportedTeams:
    """The deals of the file's ``HANDSET`` for the event's boards into its ``hands``; a
    deal that cannot be read is left out with a note naming its board and line."""
    event = imported.event
    boards = ({result.board for result in event.results} if isinstance(event, PairsEvent | IndividualEvent)
              else {board.board for board in event.boards})
    hands: dict[int, HandRecord] = {}
    notes: list[str] = []
    for handset in root.iter("HANDSET"):
        for board in handset.iter("BOARD"):
            number = _child(board, "BOARD_NUMBER") or ""
            if not number.isdigit() or int(number) not in boards or int(number) in hands:
                continue
            try:
                hands[int(number)] = HandRecord(int(number), _deal(board))
            except BridgeInputError as error:
                notes.append(f"deal not imported: board {number} (line {lines.get(board)}): {error}")
    if not hands and not notes:
        return imported
    return dataclasses.replace(imported, event=dataclasses.replace(event, hands=hands),
                               notes=(*imported.notes, *notes))


def _deal(board: ET.Element) -> Deal:
    """A HANDSET's BOARD as a deal in PBN notation: each HAND by its DIRECTION."""
    written: dict[Seat, str] = {}
    for hand in board.iter("HAND"):
        direction = (_child(hand, "DIRECTION") or "").strip()
        seat = next((seat for seat, word in _DIRECTIONS.items() if word.upper() == direction.upper()
                     or str(seat) == direction.upper()), None)
        if seat is None:
            raise BridgeInputError(f"DIRECTION {describe(direction)}: must be North, East, South or West")
        # a void is empty (Compscore) or "-" (the UK club programs' sample)
        written[seat] = ".".join((_child(hand, name) or "").strip("-") for name in _SUIT_ELEMENTS)
    return Deal.parse("N:" + " ".join(written.get(seat, "-") for seat in SEATS))


def _text(root: ET.Element) -> str:
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + ET.tostring(root, encoding="unicode") + "\n"


def pairs_text(report: PairsReport) -> str:
    """The USEBIO document of a scored pairs event."""
    event, scored = report.event, report.scored
    how = scored.scoring
    event_type, board_scoring, _points = how.method.usebio
    roster = event.roster or Roster()
    root, element = _document(event_type, event.name, event.date, board_scoring, scored.fields, roster.club)
    parts = [("", element)]
    if report.sections:  # as the EBU's programs write sections: SESSION, a SECTION each, pairs numbered within
        session = _add(element, "SESSION")
        session.set("SESSION_ID", "1")
        parts = [(section, _add(session, "SECTION")) for section in report.sections]
        for section, part in parts:
            part.set("SECTION_ID", section)
    for section, parent in parts:
        participants = _add(parent, "PARTICIPANTS")
        for _heading, totals in report.rankings():
            for total in totals:
                if section_of(total) == section:
                    _pair(participants, total, report.name(section, total.pair), scored.fields == 2, how.imps,
                          roster.pairs.get(report.key(total), ()))
        boards: dict[int, ET.Element] = {}
        for result, row in sorted(zip(event.results, scored.rows, strict=True), key=lambda pair: pair[0].board):
            if row is None or result.section != section:
                continue
            if result.board not in boards:
                boards[result.board] = _add(parent, "BOARD")
                _add(boards[result.board], "BOARD_NUMBER", result.board)
            _line(boards[result.board], result.ns, result.ew, result.play, row, how)
    _handset(root, event.hands)
    return _text(root)


def _pair(parent: ET.Element, total: PairTotal, names: str, two: bool, imps: bool,
          registered: tuple[Player, ...] = ()) -> None:
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
    if registered:  # the register's players, each with the federation's number for them
        for player in registered:
            element = _add(pair, "PLAYER")
            _add(element, "PLAYER_NAME", player.name)
            # A PLAYER's NATIONAL_ID_NUMBER: the membership number a federation credits
            # (USEBIO 1.2; ImportUsebio's processPlayer reads it; Compscore writes it).
            if player.membership:
                _add(element, "NATIONAL_ID_NUMBER", player.membership)
        return
    for name in players(names):
        _add(_add(pair, "PLAYER"), "PLAYER_NAME", name)


def _line(board: ET.Element, ns: int | None, ew: int | None, play: Play, row: RowPoints, how: Scoring) -> None:
    line = _add(board, "TRAVELLER_LINE")
    for name, pair in (("NS_PAIR_NUMBER", ns), ("EW_PAIR_NUMBER", ew)):
        if pair is not None:
            _add(line, name, pair)
    if looks_weighted(play.contract):  # USEBIO has no code for it: the notation in CONTRACT
        _add(line, "CONTRACT", play.contract)
    elif row.score is None:
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
    _handset(root, match.hands)
    return _text(root)


def event_text(report: TeamEventReport) -> str:
    """The USEBIO document of a team event, as team-event programs write it: each team
    (``TEAM_ID``, ``TEAM_NAME``, ``PLACE``, ``TOTAL_SCORE`` its VPs), then each ``MATCH``
    (``ROUND_NUMBER``, ``TEAM`` the home team, ``OPPOSING_TEAM``, ``TEAM_SCORE`` and
    ``OPPOSING_TEAM_SCORE`` their VPs) with its boards: the home team's ``IMPS`` and two
    traveller lines, ``DIRECTION`` ``NS`` where the home team sat North-South (the open
    room) and ``EW`` where it sat East-West. A bye is a ``MATCH`` with no
    ``OPPOSING_TEAM``, ``TEAM_SCORE`` the bye's VPs. A Swiss is ``EVENT_TYPE``
    ``SWISS_TEAMS``.

        >>> from xlbridge.event import sample, score_event
        >>> text = event_text(score_event(sample.team_event()))
        >>> text.count("<MATCH>"), text.count("<TRAVELLER_LINE>"), '<EVENT EVENT_TYPE="SWISS_TEAMS">' in text
        (12, 96, True)
    """
    event = report.event
    root, element = _document("SWISS_TEAMS" if event.swiss else "TEAMS", event.name, event.date, "IMPS", None)
    _add(element, "MATCH_SCORING_METHOD", "VPS")
    participants = _add(element, "PARTICIPANTS")
    for standing in report.standings():
        entry = _add(participants, "TEAM", None)
        entry.set("TEAM_ID", str(standing.team))
        entry.set("TEAM_NAME", event.teams.get(standing.team, ""))
        _add(entry, "TOTAL_SCORE", f"{standing.vp:.2f}")
        _add(entry, "PLACE", _place(standing.place))
    boards: dict[tuple[int, int, int], list[EventBoard]] = {}
    for board in event.boards:
        boards.setdefault((board.round, board.home, board.away), []).append(board)
    for match in report.matches:
        entry = _add(element, "MATCH")
        for name, value in (("ROUND_NUMBER", match.round), ("TEAM", match.home), ("OPPOSING_TEAM", match.away),
                            ("TEAM_SCORE", f"{match.vp_home:.2f}"), ("OPPOSING_TEAM_SCORE", f"{match.vp_away:.2f}")):
            _add(entry, name, value)
        for board in sorted(boards[match.round, match.home, match.away], key=lambda b: b.board):
            scored = score_teams(TeamMatch("", "", "", "", (TeamBoard(board.board, board.open, board.closed),)))
            row = _add(entry, "BOARD")
            _add(row, "BOARD_NUMBER", board.board)
            _add(row, "IMPS", scored.boards[0].imps)
            for direction, play, score in (("NS", board.open, scored.boards[0].open_score),
                                           ("EW", board.closed, scored.boards[0].closed_score)):
                line = _add(row, "TRAVELLER_LINE")
                _add(line, "DIRECTION", direction)
                _played(line, play)
                _add(line, "SCORE", score)
    begun = report.rounds_begun
    for number, team in sorted(event.byes.items()):
        if number in begun:
            entry = _add(element, "MATCH")
            _add(entry, "ROUND_NUMBER", number)
            _add(entry, "TEAM", team)
            _add(entry, "TEAM_SCORE", f"{report.score.bye_vp:.2f}")
    _handset(root, report.event.hands)
    return _text(root)


def dumps(report: PairsReport | TeamsReport | TeamEventReport) -> str:
    """The USEBIO document of a scored pairs event, team match or team event, as text."""
    if isinstance(report, IndividualReport):  # formats/individual.py writes it in every format
        from .individual import usebio

        return usebio(report)
    if isinstance(report, SwissPairsReport):  # formats/swiss_pairs.py writes it in both exchange formats
        from .swiss_pairs import usebio as swiss_usebio

        return swiss_usebio(report)
    if isinstance(report, TeamEventReport):
        return event_text(report)
    return teams_text(report) if isinstance(report, TeamsReport) else pairs_text(report)


def dump(report: PairsReport | TeamsReport | TeamEventReport, fp: TextIO) -> None:
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


def loads(data: str | bytes, *, event: str | None = None, session: str | None = None,
          section: str | None = None) -> Imported | ImportedTeams:
    """Read a USEBIO file: pairs, names, every traveller line (with or without SESSION and
    SECTION levels), the scoring and the published figures, and the deals of its
    ``HANDSET``. Raises :class:`ResultsFileError`
    naming the board and line.

    A file with several EVENTs or SESSIONs is read one at a time: ``event`` and ``session``
    choose it, by its name or id or by its number from 1; without a choice such a file is
    refused, the line listing them (:func:`contents` lists them all). Several SECTIONs of a
    session are read as the sections they are (a pair is its SECTION_ID and its number
    there), compared across the field or within each section as the file's matchpoints show
    (:mod:`.sections`); ``section`` reads one section alone."""
    check_size(data)
    root, lines = parse(data)
    if root.tag != "USEBIO":
        raise ResultsFileError(f"the document is <{root.tag[:30]}>: a USEBIO file is <USEBIO>", line=lines.get(root))
    chosen = _choose(root.findall("EVENT"), event, "event", lines.get(root))
    if chosen is None:
        raise ResultsFileError("no <EVENT>", line=lines.get(root))
    event_type = (chosen.get("EVENT_TYPE") or "").strip().upper()
    method = (_child(chosen, "BOARD_SCORING_METHOD") or "").upper()
    if event_type == "INDIVIDUAL":
        from .individual_results import read_usebio  # an individual: read there

        return _read_hands(root, read_usebio(chosen, lines), lines)
    if event_type.startswith("SWISS_PAIRS"):
        from .swiss_pairs import read_usebio as read_swiss  # a Swiss pairs event: read there

        return _read_hands(root, read_swiss(chosen, lines), lines)
    # IMPS alone is also a pairs file's Butler scoring: a team file when it lists teams.
    if "TEAM" in event_type or event_type == "KO" or (method == "IMPS" and "PAIR" not in event_type
                                                      and next(_walk(chosen, "TEAM"), None) is not None):
        if section is not None:
            raise ResultsFileError(f"--section {section}: chooses a section of a pairs event; this is "
                                   f"EVENT_TYPE {event_type or 'TEAMS'}", line=lines.get(chosen))
        if method and "IMP" not in method:  # EBUScore Teams' PAB: each board won, drawn or lost, no IMPs
            what = " (point-a-board: each board won, drawn or lost)" if method in ("PAB", "BAM") else ""
            raise ResultsFileError(f"BOARD_SCORING_METHOD {method[:20]}{what}: xlbridge scores team matches by "
                                   "IMPs and VPs", line=lines.get(chosen))
        return _read_hands(root, _teams(chosen, lines, event_type, session), lines)
    scoring = scoring_of([event_type, method])
    if scoring is None and (method or event_type not in ("", "PAIRS")):
        # An EVENT_TYPE no program writes (cobalt's test file NOTSUP is its Butler Mitchell with the
        # EVENT's type changed) may contradict the file's PARTICIPANTS and BOARDs: say so, choose neither.
        inner = sorted({element.get("EVENT_TYPE", "").strip().upper() for name in ("PARTICIPANTS", "BOARD")
                        for element in _walk(chosen, name)} - {""})
        said = "" if not inner else (f" (its PARTICIPANTS/BOARD elements say {', '.join(inner)}: "
                                     "the file contradicts itself)")
        raise ResultsFileError(f"scoring {event_type or method}{said}: xlbridge imports matchpoint, cross-IMP and "
                               "Butler pairs", line=lines.get(chosen))
    builder = EventBuilder(name=" ".join((_child(chosen, "EVENT_DESCRIPTION") or "").split()),
                           scoring=scoring or Scoring.MP)
    date = _DATE.fullmatch(_child(chosen, "DATE") or "")
    if date:
        builder.date = iso_date(int(date[1]), int(date[2]), int(date[3]))
    if (_child(chosen, "WINNER_TYPE") or "1") == "2":
        builder.fields = 2
    scope = chosen
    sessions = list(_walk(chosen, "SESSION"))
    if sessions:
        scope = _choose(sessions, session, "session", lines.get(chosen))
        if len(sessions) > 1:
            builder.notes.append(f"session {_label(scope, 'SESSION', sessions)} of {len(sessions)}: its own "
                                 "figures are compared, not the totals over sessions")
    elif session is not None:
        raise ResultsFileError(f"--session {session}: the event has no SESSION", line=lines.get(chosen))
    sections = list(_walk(scope, "SECTION"))
    if section is not None:
        if not sections:
            raise ResultsFileError(f"--section {section}: the file has no SECTION", line=lines.get(scope))
        parts = [_choose(sections, section, "section", lines.get(scope))]
        if len(sections) > 1:
            builder.notes.append(f"section {_label(parts[0], 'SECTION', sections)} alone, matchpointed on its "
                                 "own; the file's figures may compare across sections")
    else:
        parts = sections or [scope]
    pairs = [(pair, part) for part in parts for pair in _walk(part, "PAIR")]
    if not pairs and scope is not chosen:  # names listed once for the event, results per session
        listed = chosen.find("PARTICIPANTS")
        pairs = [(pair, None) for pair in ([] if listed is None else _walk(listed, "PAIR"))]
    named = _section_names(parts, builder.notes, lines) if len(parts) > 1 else {}
    # Sections read as sections number their pairs as the file does (the builder puts a
    # section's East-West after its North-South when it numbers each direction from 1).
    numbering = _Numbering({id(part): (0, 0) for part in parts}) if named else _Numbering.of(parts, lines)
    if numbering.note:
        builder.notes.append(numbering.note)
    registered: dict[str, tuple[Player, ...]] = {}  # by the pair's names: the builder may renumber East-West
    for pair, part in pairs:
        members = _read_pair(builder, pair, lines.get(pair), numbering, part, named.get(id(part), ""))
        if any(player.membership for player in members):
            registered[builder.listed[-1].names] = members
    for part in parts:
        for board in _walk(part, "BOARD"):
            number = _child(board, "BOARD_NUMBER")
            board_number(number, line=lines.get(board))  # a bad number is named even on an empty board
            for line in board.findall("TRAVELLER_LINE"):
                _read_line(builder, number, line, lines.get(line), numbering, part, named.get(id(part), ""))
    imported = _read_hands(root, builder.build(), lines)
    club = _club(root)
    if registered or club.number:
        # In a sectioned event A 1 and B 1 are two pairs: the roster keys each by (section, number).
        roster = Roster(club, {(pair.section, pair.number) if imported.event.sections else pair.number:
                               registered[pair.names] for pair in imported.event.pairs if pair.names in registered})
        imported = dataclasses.replace(imported, event=dataclasses.replace(imported.event, roster=roster))
    return imported


def _club(root: ET.Element) -> Club:
    """The file's CLUB: its name and CLUB_ID_NUMBER (blank when absent)."""
    club = root.find("CLUB")
    if club is None:
        return Club()
    return Club(" ".join((_child(club, "CLUB_NAME") or "").split())[:NAME_LENGTH],
                " ".join((_child(club, "CLUB_ID_NUMBER") or "").split())[:MEMBERSHIP_LENGTH])


def _teams(event: ET.Element, lines: dict[ET.Element, int], event_type: str, session: str | None) -> ImportedTeams:
    """A team match or team event: the teams (``TEAM`` in ``PARTICIPANTS``, by ``TEAM_ID``
    or ``TEAM_NUMBER``, its name and total VPs), and either ``MATCH`` elements (round, the
    two teams, their VPs, each board's IMPs and two lines: ``DIRECTION`` ``NS`` the home
    team North-South, the open room) or, for one match, boards whose lines name their
    ``ROOM`` (xlbridge's own team match)."""
    builder = TeamsBuilder(name=" ".join((_child(event, "EVENT_DESCRIPTION") or "").split()),
                           swiss="SWISS" in event_type)
    date = _DATE.fullmatch(_child(event, "DATE") or "")
    if date:
        builder.date = iso_date(int(date[1]), int(date[2]), int(date[3]))
    scope = event
    sessions = list(_walk(event, "SESSION"))
    if sessions:
        scope = _choose(sessions, session, "session", lines.get(event))
    elif session is not None:
        raise ResultsFileError(f"--session {session}: the event has no SESSION", line=lines.get(event))
    listed = [entry for participants in _walk(scope, "PARTICIPANTS", ("HANDSET", "MATCH"))
              for entry in participants.findall("TEAM")]
    if not listed and scope is not event:
        listed = [entry for participants in event.findall("PARTICIPANTS") for entry in participants.findall("TEAM")]
    unnamed = False
    for entry in listed:
        line = lines.get(entry)
        number = _team_number(entry.get("TEAM_ID") or _child(entry, "TEAM_ID") or _child(entry, "TEAM_NUMBER"),
                              "TEAM_ID", line)
        name = entry.get("TEAM_NAME") or _child(entry, "TEAM_NAME") or ""
        if not name.strip():
            name = _by_players(entry)
            unnamed = unnamed or bool(name)
        builder.team(number, name, total=figure_text(_child(entry, "TOTAL_SCORE")), line=line)
    if unnamed:
        builder.notes.append("teams the file does not name are named by their players")
    matches = list(_walk(scope, "MATCH"))
    if matches:
        for match in matches:
            _read_match(builder, match, lines)
    else:
        _read_rooms(builder, scope, lines)
    return builder.build()


def _by_players(team: ET.Element) -> str:
    """A team with no name, named by its players (``Ann Berg, Bo Dahl, ...``), or by the
    first of them when all would be too long."""
    names = [" ".join(name.split()) for pair in _walk(team, "PLAYER")
             for name in [_child(pair, "PLAYER_NAME")] if name]
    joined = ", ".join(names)
    return joined if len(joined) <= NAME_LENGTH else f"{names[0]} et al."


def _team_number(text: str | None, what: str, line: int | None) -> int:
    value = (text or "").strip()
    if not digits(value, 3) or not 1 <= int(value) <= 999:
        raise ResultsFileError(f"{what} {describe(value)}: must be a team number 1-999", line=line)
    return int(value)


def _read_match(builder: TeamsBuilder, match: ET.Element, lines: dict[ET.Element, int]) -> None:
    """One ``MATCH``: its round, teams, VPs and boards; without ``OPPOSING_TEAM``, a bye."""
    line = lines.get(match)
    text = _child(match, "ROUND_NUMBER")
    number = None
    if text is not None:
        if not digits(text, 3) or not 1 <= int(text) <= 999:
            raise ResultsFileError(f"ROUND_NUMBER {describe(text)}: must be a round number", line=line)
        number = int(text)
    home = _team_number(_child(match, "TEAM"), "TEAM", line)
    if _child(match, "OPPOSING_TEAM") is None and match.find("BOARD") is None:
        if number is None:
            raise ResultsFileError(f"team {home}: a bye (a MATCH with no OPPOSING_TEAM) needs its ROUND_NUMBER",
                                   line=line)
        if number in builder.byes:
            raise ResultsFileError(f"round {number}: two byes (teams {builder.byes[number]} and {home})", line=line)
        builder.byes[number] = home
        vps = figure_text(_child(match, "TEAM_SCORE"))
        if vps is not None:
            builder.bye_vps.add(vps)
        return
    away = _team_number(_child(match, "OPPOSING_TEAM"), "OPPOSING_TEAM", line)
    read = MatchRead(number, home, away, vps=(figure_text(_child(match, "TEAM_SCORE")),
                                               figure_text(_child(match, "OPPOSING_TEAM_SCORE"))), line=line)
    for board in match.findall("BOARD"):
        _read_board(read, board, lines)
    builder.matches.append(read)


def _read_rooms(builder: TeamsBuilder, scope: ET.Element, lines: dict[ET.Element, int]) -> None:
    """One match whose boards' lines say their ``ROOM`` (xlbridge's team match): the
    home team is North-South in the open room, team 1 unless the lines say otherwise."""
    boards = list(_walk(scope, "BOARD"))
    home, away = 1, 2
    for board in boards:
        for line in board.findall("TRAVELLER_LINE"):
            if (_child(line, "ROOM") or "").upper() == "OPEN" and _child(line, "NS_TEAM_NUMBER"):
                home = _team_number(_child(line, "NS_TEAM_NUMBER"), "NS_TEAM_NUMBER", lines.get(line))
                away = _team_number(_child(line, "EW_TEAM_NUMBER") or str(3 - home), "EW_TEAM_NUMBER", lines.get(line))
                break
        else:
            continue
        break
    read = MatchRead(None, home, away, line=lines.get(scope))
    for board in boards:
        _read_board(read, board, lines)
    if home in builder.teams and away in builder.teams:
        imps = {team: figure_text(_child(entry, "IMPS")) for entry in _walk(scope, "TEAM", ("HANDSET", "BOARD"))
                for team in [entry.get("TEAM_ID") or _child(entry, "TEAM_ID") or _child(entry, "TEAM_NUMBER")]}
        read.imps = (imps.get(str(home)), imps.get(str(away)))
        read.vps = (builder.totals.pop(home, None), builder.totals.pop(away, None))
    builder.matches.append(read)


def _room(line: ET.Element, home: int, away: int) -> str | None:
    """Which room a match's traveller line is: ``open`` (the home team North-South) or
    ``closed``, by its ``DIRECTION``, ``ROOM`` or ``NS_TEAM_NUMBER``; None when it does not say."""
    direction = (_child(line, "DIRECTION") or "").upper()
    room = (_child(line, "ROOM") or "").upper()
    team = (_child(line, "NS_TEAM_NUMBER") or "").strip()
    if direction in ("NS", "EW"):
        return "open" if direction == "NS" else "closed"
    if room in ("OPEN", "CLOSED"):
        return room.lower()
    if team in (str(home), str(away)):
        return "open" if team == str(home) else "closed"
    return None


def _read_board(match: MatchRead, board: ET.Element, lines: dict[ET.Element, int]) -> None:
    text = _child(board, "BOARD_NUMBER")
    number = board_number(text, line=lines.get(board))
    rooms: dict[str, Play] = {}
    for line in board.findall("TRAVELLER_LINE"):
        where = lines.get(line)
        room = _room(line, match.home, match.away)
        if room is None:
            raise ResultsFileError("a team match's line that says neither its DIRECTION (NS, EW), its ROOM (OPEN, "
                                   "CLOSED) nor its NS_TEAM_NUMBER", board=number, line=where)
        if room in rooms:
            raise ResultsFileError(f"two lines for the {room} room", board=number, line=where)
        contract, score = _child(line, "CONTRACT"), _child(line, "SCORE") or ""
        if score.upper().startswith("A") or score.upper() == "NP":
            contract = score
        contract = contract_of(contract, score, "a team workbook", board=number, line=where)
        _check_score(text, contract, _child(line, "PLAYED_BY"), _child(line, "TRICKS"), score, where)
        rooms[room] = team_play(number, contract, _child(line, "PLAYED_BY"), _child(line, "TRICKS"), room,
                                line=where)
    if not rooms:
        return
    if len(rooms) == 1:
        missing = "closed" if "open" in rooms else "open"
        raise ResultsFileError(f"no result from the {missing} room (match {match.home} v {match.away})",
                               board=number, line=lines.get(board))
    match.boards.append((number, rooms["open"], rooms["closed"], figure_text(_child(board, "IMPS"))))


_IDS = {"EVENT": "EVENT_IDENTIFIER", "SESSION": "SESSION_ID", "SECTION": "SECTION_ID"}


def _label(element: ET.Element, kind: str, among: list[ET.Element]) -> str:
    """How an EVENT, SESSION or SECTION is named: its id (attribute or element), else its
    description, else its number from 1.

    >>> one, other = ET.fromstring('<SECTION SECTION_ID="A"/>'), ET.Element("SESSION")
    >>> _label(one, "SECTION", [one]), _label(other, "SESSION", [ET.Element("SESSION"), other])
    ('A', '2')
    """
    found = element.get(_IDS[kind]) or _child(element, _IDS[kind]) or _child(element, f"{kind}_DESCRIPTION")
    return " ".join(found.split())[:40] if found else str(next(i for i, e in enumerate(among, 1) if e is element))


def _choose(elements: list[ET.Element], wanted: str | None, what: str, line: int | None) -> ET.Element | None:
    """The EVENT, SESSION or SECTION ``wanted`` names (its id or name, case free, else its
    number from 1); the only one when nothing is wanted; refused in one line, listing them,
    when there are several and none is chosen or the choice names none."""
    if not elements:
        return None
    kind = elements[0].tag
    labels = [_label(element, kind, elements) for element in elements]
    listed = ", ".join(f"{number} {label!r}" if label != str(number) else str(number)
                       for number, label in enumerate(labels, start=1))
    if wanted is None:
        if len(elements) == 1:
            return elements[0]
        raise ResultsFileError(f"the file holds {len(elements)} {what}s ({listed}): choose one with --{what} "
                               f"NAME or NUMBER", line=line)
    key = " ".join(wanted.split()).casefold()
    for element, label in zip(elements, labels, strict=True):
        if label.casefold() == key:
            return element
    if key.isascii() and key.isdigit() and 1 <= int(key) <= len(elements):
        return elements[int(key) - 1]
    raise ResultsFileError(f"--{what} {wanted[:40]!r}: the file's {what}s are {listed}", line=line)


def contents(data: str | bytes) -> list[str]:
    """A USEBIO file's events, sessions and sections, one line each with what each holds,
    for ``xlbridge import --list``.

    >>> text = ('<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Cup</EVENT_DESCRIPTION>'
    ...         '<SESSION SESSION_ID="1"><SECTION SECTION_ID="A"><PARTICIPANTS><PAIR/></PARTICIPANTS>'
    ...         '<BOARD><TRAVELLER_LINE/></BOARD></SECTION></SESSION></EVENT></USEBIO>')
    >>> contents(text)
    ["event 1 'Cup' (MP_PAIRS)", '  session 1', "    section 1 'A': 1 pairs, 1 boards, 1 traveller lines"]
    """
    check_size(data)
    root, _lines = parse(data)
    out = []

    def counts(element: ET.Element) -> str:
        boards = list(_walk(element, "BOARD"))
        return (f"{sum(1 for _ in _walk(element, 'PAIR'))} pairs, {len(boards)} boards, "
                f"{sum(len(board.findall('TRAVELLER_LINE')) for board in boards)} traveller lines")

    def describe(element: ET.Element, among: list[ET.Element], depth: int, leaf: bool) -> None:
        kind = element.tag
        label = _label(element, kind, among)
        number = among.index(element) + 1
        named = f"{kind.lower()} {number}" + (f" {label!r}" if label != str(number) else "")
        extra = f" ({element.get('EVENT_TYPE')})" if kind == "EVENT" and element.get("EVENT_TYPE") else ""
        out.append("  " * depth + named + extra + (f": {counts(element)}" if leaf else ""))

    events = root.findall("EVENT")
    for event in events:
        sessions = list(_walk(event, "SESSION"))
        describe(event, events, 0, not sessions and not list(_walk(event, "SECTION")))
        for session in sessions:
            sections = list(_walk(session, "SECTION"))
            describe(session, sessions, 1, not sections)
            for part in sections:
                describe(part, sections, 2, True)
        if not sessions:
            sections = list(_walk(event, "SECTION"))
            for part in sections:
                describe(part, sections, 1, True)
    return out


_SECTIONED = re.compile(r"\(\s*([A-Za-z0-9]{1,4})\s*\)\s*(.*)")  # NZ Scorer: "(A) 1 NS"


@dataclass(frozen=True)
class _Numbering:
    """How the pair numbers of several sections become one event's: each section that
    numbers its own pairs (pair 1 in A and in B) is moved past the ones before it, and a
    section that numbers each direction from 1 has its East-West pairs after its North-South."""

    offsets: dict[int, tuple[int, int]]  # id(section) -> (offset, East-West offset)
    note: str = ""

    @classmethod
    def of(cls, parts: list[ET.Element], lines: dict[ET.Element, int]) -> _Numbering:
        listed = []
        for part in parts:
            numbers = set()
            for pair in _walk(part, "PAIR"):
                text = _SECTIONED.sub(r"\2", _child(pair, "PAIR_NUMBER") or "")
                number, sat = directed(text, "PAIR_NUMBER", lines.get(pair))
                numbers.add((int(number), (_child(pair, "DIRECTION") or sat or "").upper()))
            listed.append(numbers)
        plain = [{number for number, _side in numbers} for numbers in listed]
        if len(parts) < 2 or sum(len(numbers) for numbers in plain) == len(set().union(*plain)):
            return cls({})
        offsets, base, said = {}, 0, []
        for part, numbers in zip(parts, listed, strict=True):
            ns = {number for number, side in numbers if side == "NS"}
            ew = {number for number, side in numbers if side == "EW"}
            ew_offset = max(ns) if ns & ew else 0
            offsets[id(part)] = (base, ew_offset)
            name = _label(part, part.tag, parts)
            said.append(f"{name} {base + 1}-{base + max([n for n, _ in numbers] or [0]) + ew_offset}")
            base += max([n for n, _ in numbers] or [0]) + ew_offset
        return cls(offsets, "the sections number their own pairs: renumbered one after the other, matchpointed "
                   "across (" + ", ".join(said) + ")")

    def number(self, text: str, side: str | None, part: ET.Element | None, what: str, line: int | None) -> str:
        """A pair number in the event's numbering, as text."""
        if not self.offsets:
            return text
        found = _SECTIONED.fullmatch(text.strip())
        number, sat = directed(found[2] if found else text, what, line)
        base, ew_offset = self.offsets.get(id(part), (0, 0))
        return str(base + int(number) + (ew_offset if (sat or side) == "EW" else 0))


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


def _read_pair(builder: EventBuilder, pair: ET.Element, line: int | None, numbering: _Numbering,
               part: ET.Element | None, section: str = "") -> tuple[Player, ...]:
    """Read one PAIR into ``builder`` (of ``section``, in a file read as its sections); its
    players, each with the membership number its NATIONAL_ID_NUMBER gives (blank when none)."""
    text = _child(pair, "PAIR_NUMBER") or ""
    found = _SECTIONED.fullmatch(text.strip())
    number, sat = directed(found[2] if found else text, "PAIR_NUMBER", line)
    names = [" ".join(name.split()) for name in
             (_child(player, "PLAYER_NAME") for player in pair.findall("PLAYER")) if name]
    direction = (_child(pair, "DIRECTION") or sat or "").upper()
    figure = _child(pair, "TOTAL_SCORE" if builder.scoring.imps else "PERCENTAGE")
    figure = (figure or "").replace(",", ".").rstrip("%")
    if numbering.offsets:  # sections renumbered here: the event is one field of distinct numbers
        number = numbering.number(text, direction, part, "PAIR_NUMBER", line)
    builder.pair(int(number), " – ".join(names), direction=direction if direction in ("NS", "EW") else None,
                 published=figure if re.fullmatch(r"-?\d+(\.\d+)?", figure) else None, line=line,
                 handicap=_handicap(builder, pair, line), section=section)
    members = tuple(Player(0, " ".join(name.split()), membership_text(_child(player, "NATIONAL_ID_NUMBER"))
                           [:MEMBERSHIP_LENGTH])
                    for player in pair.findall("PLAYER") for name in [_child(player, "PLAYER_NAME")] if name)
    return members


HANDICAP_NOTE = ("each pair's HANDICAP is applied at half, as the file's percentages are its matchpoint "
                 "percentage plus half its HANDICAP (the pair's handicap here is that half)")


def _handicap(builder: EventBuilder, pair: ET.Element, line: int | None) -> float | None:
    """A pair's handicap in percentage points, from its ``HANDICAP`` (NZ Scorer writes one):
    half the file's figure, since its PERCENTAGE is the matchpoint percentage plus half its
    HANDICAP (so NZ Scorer's Whitehead Trophy file, every pair of it); None when the pair has
    none. ``import --compare`` then compares the file's percentages with the handicapped
    ones, so a file that applied it otherwise differs and says so."""
    text = (_child(pair, "HANDICAP") or "").strip().replace(",", ".")
    if not text:
        return None
    if not re.fullmatch(r"-?\d+(\.\d+)?", text) or abs(float(text)) > 100:
        raise ResultsFileError(f"HANDICAP {text[:20]!r}: must be percentage points, -100 to 100", line=line)
    if HANDICAP_NOTE not in builder.notes:
        builder.notes.append(HANDICAP_NOTE)
    return float(text) / 2


def _read_line(builder: EventBuilder, board: str | None, line: ET.Element, number: int | None,
               numbering: _Numbering, part: ET.Element, section: str = "") -> None:
    contract = _child(line, "CONTRACT")
    score = _child(line, "SCORE") or ""
    if score.upper().startswith("A") or score.upper() == "NP":
        contract = score  # A6040, NP: the line has no played contract
    contract = contract_of(contract, score, "pairs.xlsx", board=board, line=number)
    pairs = []
    for side, name in (("NS", "NS_PAIR_NUMBER"), ("EW", "EW_PAIR_NUMBER")):
        text = _child(line, name)
        if text is not None and numbering.offsets:
            text = numbering.number(text, side, part, name, number)
        elif text is not None and _DIRECTED.fullmatch(text.strip()):
            text, sat = directed(text, name, number)
            if sat not in (None, side):
                raise ResultsFileError(f"{name} {_child(line, name)!r}: a pair of the other direction", line=number)
        pairs.append(text)
    try:
        _check_score(board, contract, _child(line, "PLAYED_BY"), _child(line, "TRICKS"), score, number)
    except ResultsFileError as error:
        if not section:
            raise
        said = str(error).split(": ", 1)[-1]  # its board and line said again, after the section
        raise ResultsFileError(f"section {section}: {said}", board=error.board, line=error.line) from None
    builder.line(board or "", *pairs, contract, _child(line, "PLAYED_BY"), _child(line, "TRICKS"), line=number,
                 section=section, top=_top(line) if section else None)


def _top(line: ET.Element) -> float | None:
    """The sum of a line's NS_MATCH_POINTS and EW_MATCH_POINTS (the board's top, as the
    file scored it); None when it printed no figure for either."""
    figures = [figure_text(_child(line, name)) for name in ("NS_MATCH_POINTS", "EW_MATCH_POINTS")]
    return None if None in figures else float(figures[0]) + float(figures[1])


def _section_names(parts: list[ET.Element], notes: list[str], lines: dict[ET.Element, int]) -> dict[int, str]:
    """Each SECTION's name (its SECTION_ID: ``A``, ``B``), by ``id``; when one is not a
    section's name (1-3 letters or digits) or two are the same, the sections are named
    A, B, C ... in the file's order, with a note."""
    labels = [_label(part, "SECTION", parts) for part in parts]
    try:
        names = [section_name(label, line=lines.get(part)) for label, part in zip(labels, parts, strict=True)]
    except ResultsFileError:
        names = []
    if len(set(names)) != len(parts):
        if len(parts) > 26:
            raise ResultsFileError(f"{len(parts)} sections: xlbridge names at most 26 (A-Z)")
        names = [chr(ord("A") + index) for index in range(len(parts))]
        notes.append("the sections are named " + ", ".join(f"{name} ({label!r})" for name, label in
                                                          zip(names, labels, strict=True)))
    return {id(part): name for part, name in zip(parts, names, strict=True)}


def _check_score(board: str | None, contract: str | None, declarer: str | None, tricks: str | None, text: str,
                 line: int | None) -> None:
    """A played line's SCORE must be its contract's: the file's figures were worked from
    SCORE, so a line whose contract says otherwise cannot be reproduced (refused, named).

    >>> _check_score("1", "6NT", "W", "7", "250", 9)
    >>> _check_score("1", "6NT", "W", "7", "-250", 9)
    Traceback (most recent call last):
    ...
    xlbridge.formats.results.ResultsFileError: board 1, line 9: SCORE -250, but 6NT by W taking 7 tricks scores +250 ...
    """
    if not re.fullmatch(r"-?\d{1,5}", text) or not (tricks or "").strip().isdigit() or not declarer:
        return
    try:
        ours = Play(contract or "", declarer.strip().upper()[:1], int(tricks)).played.score(int(board))
    except (BridgeInputError, ValueError, TypeError):
        return  # the line is refused when it is read, more precisely
    if ours != int(text):
        raise ResultsFileError(f"SCORE {text}, but {contract} by {declarer} taking {tricks} tricks scores {ours:+} "
                               "for North-South", board=int(board), line=line)


def sniff(head: bytes) -> bool:
    """Whether a file's first bytes may be USEBIO: XML.

    >>> sniff(b'  <?xml version="1.0"?>'), sniff(b'% PBN 2.1')
    (True, False)
    """
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


FORMAT = Format("usebio", "USEBIO 1.2 XML", "for results sites and national bodies",
                (".xml", ".usebio"), (PairsReport, TeamsReport, TeamEventReport, IndividualReport, SwissPairsReport),
                dumps, loads,
                sniff)
