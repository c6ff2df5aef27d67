"""A scored Swiss pairs event in the exchange formats (``xlbridge export --pbn/--usebio``),
and such a file read back (``xlbridge import``, into swiss-pairs.xlsx). The web page is
:mod:`.html`'s, as a Swiss team event's. The figures written are the engine's, carried by
the :class:`~xlbridge.event.SwissPairsReport`; nothing here scores.

What each format carries (docs/rules.md §16):

- PBN has no element for a match. Each board is a game section whose ScoreTable has a row a
  table of the board's round: ``Round``, ``PairId_NS``, ``PairId_EW``, ``Contract``,
  ``Declarer``, ``Result``, ``Score_NS``, ``Score_EW``, ``IMP_NS``/``IMP_EW`` (the table's
  IMPs on the field) and ``VP_NS``/``VP_EW``, the VPs of the match that row belongs to (as
  Ruter names a team match's ``VP_Home``/``VP_Away``). The Scoring tag is the pairs
  method's (``IMP;Butler-2``, ``IMP;Cross2``): a reader that knows pairs reads every board
  as a Butler or cross-IMP pairs traveller. The TotalScoreTable after the first board has
  the standings: ``Rank``, ``PairId``, ``Names``, ``TotalScoreVP``, ``NrRounds`` (a bye's
  VPs included in the total; PBN has no row for a bye, so a bye is the round a pair has no
  table in).
- USEBIO 1.2: ``EVENT_TYPE="SWISS_PAIRS"`` with ``BOARD_SCORING_METHOD`` ``BUTLER_IMPS`` or
  ``CROSS_IMPS`` and ``MATCH_SCORING_METHOD`` ``VPS``; each ``PAIR`` (``PAIR_NUMBER``,
  ``PLACE``, ``TOTAL_SCORE`` its VPs, a ``PLAYER`` a name); each match a ``MATCH``
  (``ROUND_NUMBER``, ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``NS_SCORE`` and ``EW_SCORE``
  their VPs) holding its boards, one ``TRAVELLER_LINE`` each with the table's result and
  its IMPs on the field (``NS_BUTLER_POINTS`` or ``NS_CROSS_IMP_POINTS``); a bye a
  ``MATCH`` with no ``EW_PAIR_NUMBER``, ``NS_SCORE`` the bye's VPs. These are the element
  names the EBU's USEBIO importer reads for a Swiss pairs MATCH (marcshearer/ImportUsebio).

    >>> from xlbridge.event import Play, SwissBoard, SwissPairsEvent, score_swiss_pairs
    >>> tables = (SwissBoard(1, 1, 2, 1, Play("4S", "N", 10)), SwissBoard(1, 3, 4, 1, Play("4S", "N", 9)))
    >>> report = score_swiss_pairs(SwissPairsEvent("Club", "2025-03-14", dict.fromkeys(range(1, 5), ""), 1, 1,
    ...                                            "butler", 12.0, {}, tables))
    >>> print(pbn(report).split("[ScoreTable ")[1].splitlines()[1])
     1  1  2 4S    N 10    420      -      6     -6 15.74  4.26
    >>> from xlbridge.formats import pbn as pbn_format
    >>> pbn_format.loads(pbn(report)).event.boards == tables
    True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine import BridgeInputError, Played, Scoring
from ..engine.errors import describe
from ..engine.swiss_pairs import FieldBoard
from ..event import SwissBoard, SwissPairsEvent, SwissPairsReport
from ..workbooks.book import EVENT_LENGTH, NAME_LENGTH
from .results import (
    Figure,
    ResultsFileError,
    _held,
    blank,
    board_number,
    digits,
    figure_text,
    iso_date,
    scoring_of,
    traveller_line,
)

_METHODS = {"butler": Scoring.BUTLER, "cross-imps": Scoring.CROSS_IMPS}


def _scoring(report: SwissPairsReport) -> Scoring:
    return _METHODS[report.event.method]


def imps_text(value: Fraction | int) -> str:
    """A table's IMPs on the field: whole under Butler, to 2 decimals when averaged.

    >>> imps_text(Fraction(7)), imps_text(Fraction(-10, 3))
    ('7', '-3.33')
    """
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _rounds(report: SwissPairsReport) -> dict[int, list[FieldBoard]]:
    """Each board's tables, board by board, in the order the event lists them."""
    boards: dict[int, list[FieldBoard]] = defaultdict(list)
    for scored in report.field.boards:
        boards[scored.board].append(scored)
    return dict(sorted(boards.items()))


# --- writing -----------------------------------------------------------------------------


def pbn(report: SwissPairsReport) -> str:
    """The PBN file: a game a board (its ScoreTable with each row's match VPs), the standings
    with the first."""
    from .pbn import Column, _game_tags, _header, _played_columns, _score_columns, quote, table

    event = report.event
    plays = {(b.round, b.ns, b.ew, b.board): b.play for b in event.boards}
    vps = {(m.round, m.home, m.away): (m.vp_home, m.vp_away) for m in report.matches}
    columns = [Column("Round", 2), Column("PairId_NS", 2), Column("PairId_EW", 2), Column("Contract", 5, "L"),
               Column("Declarer", 1), Column("Result", 2), Column("Score_NS", 6), Column("Score_EW", 6),
               Column("IMP_NS", 6), Column("IMP_EW", 6), Column("VP_NS", 5), Column("VP_EW", 5)]
    tag = _scoring(report).method.pbn_tag(scale=2, averaged=True)
    lines = _header()
    for number, (board, tables) in enumerate(_rounds(report).items()):
        rows, first = [], None
        for scored in tables:
            play = plays[scored.round, scored.ns, scored.ew, board]
            played = _played_columns(play.contract, play.declarer, play.tricks)
            first = first or played
            home, away = vps[scored.round, scored.ns, scored.ew]
            rows.append([str(scored.round), str(scored.ns), str(scored.ew), *played, *_score_columns(scored.score),
                         imps_text(scored.imps), imps_text(-scored.imps), f"{home:.2f}", f"{away:.2f}"])
        lines += _game_tags(event.name, event.date, board, tag, first, [("Round", tables[0].round)],
                            event.hands.get(board))
        lines += table("ScoreTable", columns, rows)
        if number == 0:
            total = [Column("Rank", 3), Column("PairId", 2), Column("Names", 30, "L"), Column("TotalScoreVP", 6),
                     Column("NrRounds", 2)]
            lines += table("TotalScoreTable", total,
                           [[s.place, str(s.team), quote(event.pairs.get(s.team, "")), f"{s.vp:.2f}", str(s.matches)]
                            for s in report.standings()])
        lines.append("")
    return "\n".join(lines)


def usebio(report: SwissPairsReport) -> str:
    """The USEBIO 1.2 document: the pairs with place and VPs, each match with its boards, the byes."""
    from .usebio import _add, _document, _handset, _place, _played, _text, players

    event = report.event
    method = _scoring(report).method
    root, element = _document("SWISS_PAIRS", event.name, event.date, method.usebio[1], None)
    _add(element, "MATCH_SCORING_METHOD", "VPS")
    participants = _add(element, "PARTICIPANTS")
    for standing in report.standings():
        pair = _add(participants, "PAIR")
        _add(pair, "PAIR_NUMBER", standing.team)
        _add(pair, "PLACE", _place(standing.place))
        _add(pair, "TOTAL_SCORE", f"{standing.vp:.2f}")
        for name in players(event.pairs.get(standing.team, "")):
            if name:
                _add(_add(pair, "PLAYER"), "PLAYER_NAME", name)
    plays = {(b.round, b.ns, b.ew, b.board): b.play for b in event.boards}
    tables: dict[tuple[int, int, int], list[FieldBoard]] = defaultdict(list)
    for scored in report.field.boards:
        tables[scored.round, scored.ns, scored.ew].append(scored)
    points = method.usebio[2]
    for match in report.matches:
        written = _add(element, "MATCH")
        for name, value in (("ROUND_NUMBER", match.round), ("NS_PAIR_NUMBER", match.home),
                            ("EW_PAIR_NUMBER", match.away), ("NS_SCORE", f"{match.vp_home:.2f}"),
                            ("EW_SCORE", f"{match.vp_away:.2f}")):
            _add(written, name, value)
        for scored in sorted(tables[match.round, match.home, match.away], key=lambda b: b.board):
            board = _add(written, "BOARD")
            _add(board, "BOARD_NUMBER", scored.board)
            line = _add(board, "TRAVELLER_LINE")
            _add(line, "NS_PAIR_NUMBER", scored.ns)
            _add(line, "EW_PAIR_NUMBER", scored.ew)
            _played(line, plays[scored.round, scored.ns, scored.ew, scored.board])
            _add(line, "SCORE", scored.score)
            _add(line, f"NS_{points}", imps_text(scored.imps))
            _add(line, f"EW_{points}", imps_text(-scored.imps))
    for number, pair in sorted(event.byes.items()):
        if number in report.rounds_begun:
            written = _add(element, "MATCH")
            _add(written, "ROUND_NUMBER", number)
            _add(written, "NS_PAIR_NUMBER", pair)
            _add(written, "NS_SCORE", f"{report.score.bye_vp:.2f}")
    _handset(root, event.hands)
    return _text(root)


# --- reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportedSwissPairs:
    """A Swiss pairs results file read: the event (for swiss-pairs.xlsx), the figures the
    file published (each table's IMPs on the field, each match's VPs, each pair's total VPs,
    as far as the file has them, keyed as :func:`figures` keys the workbook's) and what
    the reader changed on the way (``notes``)."""

    event: SwissPairsEvent
    published: tuple[Figure, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def scoring(self) -> str:
        """How it is scored, in words."""
        method = "Butler IMPs" if self.event.method == "butler" else "cross-IMPs"
        return f"Swiss pairs, {method} on the field, WBF 20-VP scale"


def figures(report: SwissPairsReport) -> dict[tuple[object, ...], float]:
    """Every figure a Swiss pairs file may publish, as the engine scores it, by the key
    :class:`ImportedSwissPairs` names it by."""
    found: dict[tuple[object, ...], float] = {("board", b.round, b.ns, b.ew, b.board): float(b.imps)
                                              for b in report.field.boards}
    for match in report.matches:
        key = (match.round, match.home, match.away)
        found[("match", *key, "vp_home")] = match.vp_home
        found[("match", *key, "vp_away")] = match.vp_away
    found.update({("team", standing.team): standing.vp for standing in report.standings()})
    return found


@dataclass
class SwissBuilder:
    """Collects a Swiss pairs file's pairs, tables and figures as a reader meets them, and
    checks the whole at the end."""

    name: str = ""
    date: str = ""
    method: str = "butler"
    pairs: dict[int, str] = field(default_factory=dict)
    boards: list[tuple[SwissBoard, int | None]] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    byes: dict[int, tuple[int, str | None]] = field(default_factory=dict)
    totals: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def pair(self, text: str | None, names: str | None, total: str | None, line: int | None) -> None:
        """List a pair: its number, names and the total VPs the file published."""
        number = _number(text, "pair", line)
        names = _held(" ".join((names or "").split()), self.notes,
                      f"pair {number}: characters a workbook cannot hold were left out of its names")
        if len(names) > NAME_LENGTH:
            raise ResultsFileError(f"pair {number}: its names are {len(names)} characters; the limit is "
                                   f"{NAME_LENGTH}", line=line)
        if number in self.pairs:
            raise ResultsFileError(f"pair {number} is listed twice", line=line)
        self.pairs[number] = names
        if figure_text(total) is not None:
            self.totals[number] = figure_text(total)

    def table(self, round_text: str | None, ns_text: str | None, ew_text: str | None, board_text: str | None,
              contract: str | None, declarer: str | None, tricks: str | None, *, imps: str | None = None,
              line: int | None = None) -> tuple[int, int, int]:
        """One table's result on a board; its published IMPs on the field."""
        board = board_number(board_text, line=line)
        round_no = _number(round_text, "round", line)
        ns, ew = _number(ns_text, "NS pair", line), _number(ew_text, "EW pair", line)
        try:
            read = traveller_line(board, str(ns), str(ew), contract, declarer, tricks)
        except BridgeInputError as error:
            raise ResultsFileError(str(error), board=board, line=line) from None
        if read is None or not isinstance(read.play.outcome, Played):
            shown = describe((contract or "").strip() or "nothing")
            raise ResultsFileError(f"{shown} is not a played result; a Swiss pairs table scores a contract, "
                                   "declarer and tricks, or PASS", board=board, line=line)
        self.boards.append((SwissBoard(round_no, ns, ew, board, read.play), line))
        if figure_text(imps) is not None:
            self.figures.append(Figure(f"round {round_no}, {ns} v {ew}: board {board}, IMPs to {ns}",
                                       ("board", round_no, ns, ew, board), figure_text(imps)))
        return round_no, ns, ew

    def match_vps(self, where: tuple[int, int, int], vps: tuple[str | None, str | None]) -> None:
        """A match's published VPs, North-South's and East-West's (once a match)."""
        round_no, ns, ew = where
        for side, pair, value in (("vp_home", ns, vps[0]), ("vp_away", ew, vps[1])):
            key = ("match", round_no, ns, ew, side)
            if figure_text(value) is not None and all(f.key != key for f in self.figures):
                self.figures.append(Figure(f"round {round_no}, {ns} v {ew}: VPs of {pair}", key, figure_text(value)))

    def build(self) -> ImportedSwissPairs:
        """The Swiss pairs event, checked as a whole: a pair once a round, a table's board once."""
        self.name = _held(self.name, self.notes, "characters a workbook cannot hold were left out of the event's name")
        if len(self.name) > EVENT_LENGTH:
            raise ResultsFileError(f"the event's name is {len(self.name)} characters; the limit is {EVENT_LENGTH}")
        if not self.boards:
            raise ResultsFileError("a Swiss pairs event with no table's result")
        playing: dict[tuple[int, int], tuple[int, int, int | None]] = {}
        seen: dict[tuple[int, int, int], int | None] = {}
        sizes: dict[tuple[int, int, int], int] = defaultdict(int)
        for board, line in self.boards:
            for pair in (board.ns, board.ew):
                ns, ew, first = playing.setdefault((board.round, pair), (board.ns, board.ew, line))
                if (ns, ew) != (board.ns, board.ew):
                    raise ResultsFileError(f"round {board.round}: pair {pair} plays {ns} v {ew} (line {first}) and "
                                           f"{board.ns} v {board.ew}", board=board.board, line=line)
            if board.ns == board.ew:
                raise ResultsFileError(f"pair {board.ns} plays itself", board=board.board, line=line)
            other = seen.setdefault((board.round, board.ns, board.board), line)
            if other != line:
                raise ResultsFileError(f"round {board.round}, {board.ns} v {board.ew}: board {board.board} twice "
                                       f"(also line {other})", board=board.board, line=line)
            sizes[board.round, board.ns, board.ew] += 1
        numbers = set(self.pairs) | {pair for (_r, pair) in playing} | {p for p, _v in self.byes.values()}
        if numbers != set(range(1, len(numbers) + 1)):
            raise ResultsFileError(f"pairs {', '.join(map(str, sorted(numbers)))}: a Swiss pairs event's pairs must be "
                                   "numbered 1, 2, 3 ... without a gap")
        rounds = max(round_no for round_no, _pair in playing)
        byes = {number: pair for number, (pair, _vp) in self.byes.items()}
        if len(numbers) % 2:  # PBN has no row for a bye: the pair with no table in a round had it
            for number in range(1, rounds + 1):
                idle = [pair for pair in sorted(numbers) if (number, pair) not in playing]
                if len(idle) == 1:
                    byes.setdefault(number, idle[0])
        bye_vps = {vp for _pair, vp in self.byes.values() if vp is not None} or self._bye_vps(byes)
        if len(bye_vps) > 1:
            raise ResultsFileError(f"byes score {' and '.join(sorted(bye_vps))} VPs: a Swiss pairs event's byes "
                                   "score the same")
        bye_vp = float(next(iter(bye_vps))) if bye_vps else 12.0
        self.figures += [Figure(f"pair {pair}: total VPs", ("team", pair), total)
                         for pair, total in sorted(self.totals.items())]
        event = SwissPairsEvent(self.name, self.date, {n: self.pairs.get(n, "") for n in sorted(numbers)}, rounds,
                                max(sizes.values()), self.method, bye_vp, byes,
                                tuple(board for board, _line in self.boards))
        return ImportedSwissPairs(event, tuple(self.figures), tuple(self.notes))

    def _bye_vps(self, byes: Mapping[int, int]) -> set[str]:
        """A bye's VPs where the file gives none (PBN): a bye pair's total less its matches'
        VPs, when the file publishes both."""
        found = set()
        for pair in set(byes.values()):
            total = self.totals.get(pair)
            won = [f.number for f in self.figures if f.key[0] == "match" and (
                (f.key[2] == pair and f.key[4] == "vp_home") or (f.key[3] == pair and f.key[4] == "vp_away"))]
            played = {f.key[1:4] for f in self.figures if f.key[0] == "match" and pair in f.key[2:4]}
            had = sum(1 for other in byes.values() if other == pair)
            if total is not None and len(won) == len(played):
                found.add(f"{(float(total) - sum(won)) / had:.2f}")
        if found:
            self.notes.append(f"the bye's VPs ({', '.join(sorted(found))}) are a bye pair's total less its matches'")
        return found


def _number(text: str | None, what: str, line: int | None) -> int:
    value = (text or "").strip()
    if not digits(value, 3) or int(value) < 1:
        raise ResultsFileError(f"{what} {describe(value)}: must be a number from 1", line=line)
    return int(value)


_PBN_DATE = re.compile(r"(\d{4})[.-](\d\d)[.-](\d\d)")


def pbn_swiss(game) -> bool:
    """Whether a PBN game section is a Swiss pairs board: a ScoreTable with a round and each
    row's match VPs (``VP_NS``), as :func:`pbn` writes it."""
    scores = game.tables.get("SCORETABLE")
    return (scores is not None and scores.index("VP_NS") is not None and scores.index("Round") is not None
            and scores.index("PairId_NS") is not None)


def read_pbn(found: Iterable) -> ImportedSwissPairs:
    """A PBN Swiss pairs event from its game sections (:func:`xlbridge.formats.pbn.games`)."""
    from .pbn import _cell  # pbn hands a Swiss pairs file here: imported when used

    builder = SwissBuilder()
    totals = None
    for game in found:
        if not builder.name and game.value("Event"):
            builder.name = game.value("Event").strip()
        date = _PBN_DATE.match((game.value("Date") or "").strip())
        if not builder.date and date:
            builder.date = iso_date(int(date[3]), int(date[2]), int(date[1]))
        scoring = game.value("Scoring") or ""
        if scoring_of([scoring]) is Scoring.CROSS_IMPS:
            builder.method = "cross-imps"
        elif scoring and scoring_of([scoring]) is not Scoring.BUTLER:
            raise ResultsFileError(f"Scoring {scoring!r}: a Swiss pairs board here is scored by Butler or cross-IMPs",
                                   line=game.tags["SCORING"][1])
        totals = totals or game.tables.get("TOTALSCORETABLE")
        scores = game.tables.get("SCORETABLE")
        if scores is None:
            continue
        if not pbn_swiss(game):
            raise ResultsFileError("a Swiss pairs [ScoreTable] needs Round, PairId_NS, PairId_EW and VP_NS columns",
                                   line=scores.line)
        for number, values in scores.rows:
            where = builder.table(_cell(scores, values, "Round"), _cell(scores, values, "PairId_NS"),
                                  _cell(scores, values, "PairId_EW"), game.value("Board"),
                                  *(_cell(scores, values, name) for name in ("Contract", "Declarer", "Result")),
                                  imps=_cell(scores, values, "IMP_NS"), line=number)
            builder.match_vps(where, (_cell(scores, values, "VP_NS"), _cell(scores, values, "VP_EW")))
    if totals is not None:
        if totals.index("PairId") is None:
            raise ResultsFileError("[TotalScoreTable] has no PairId column", line=totals.line)
        for number, values in totals.rows:
            builder.pair(_cell(totals, values, "PairId"), _cell(totals, values, "Names"),
                         _cell(totals, values, "TotalScoreVP", "TotalVP"), number)
    return builder.build()


def read_usebio(event: ET.Element, lines: Mapping[ET.Element, int]) -> ImportedSwissPairs:
    """A USEBIO Swiss pairs event from its EVENT (``EVENT_TYPE="SWISS_PAIRS"``)."""
    from .usebio import _DATE, _child, _walk  # usebio hands a Swiss pairs file here: imported when used

    builder = SwissBuilder(name=" ".join((_child(event, "EVENT_DESCRIPTION") or "").split()))
    date = _DATE.fullmatch(_child(event, "DATE") or "")
    if date:
        builder.date = iso_date(int(date[1]), int(date[2]), int(date[3]))
    board_method = (_child(event, "BOARD_SCORING_METHOD") or "").upper()
    method = scoring_of([event.get("EVENT_TYPE") or "", board_method])
    if method is Scoring.CROSS_IMPS:
        builder.method = "cross-imps"
    elif method is Scoring.MP or (board_method and method is None):
        raise ResultsFileError(f"Swiss pairs with BOARD_SCORING_METHOD {board_method}: xlbridge scores a Swiss pairs "
                               "board by Butler IMPs or cross-IMPs", line=lines.get(event))
    for pair in _walk(event, "PAIR", skip=("HANDSET", "MATCH")):
        names = " – ".join(" ".join(name.split()) for name in (_child(player, "PLAYER_NAME")
                                                               for player in pair.findall("PLAYER")) if name)
        builder.pair(_child(pair, "PAIR_NUMBER"), names, _child(pair, "TOTAL_SCORE"), lines.get(pair))
    for match in _walk(event, "MATCH"):
        line = lines.get(match)
        round_no = _child(match, "ROUND_NUMBER")
        ns, ew = _child(match, "NS_PAIR_NUMBER"), _child(match, "EW_PAIR_NUMBER")
        if blank(ew):  # a bye
            number, pair = _number(round_no, "round", line), _number(ns, "NS pair", line)
            builder.byes[number] = (pair, figure_text(_child(match, "NS_SCORE")))
            continue
        for board in match.findall("BOARD"):
            for traveller in board.findall("TRAVELLER_LINE"):
                imps = next((_child(traveller, name) for name in ("NS_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "NS_IMPS")
                             if _child(traveller, name) is not None), None)
                builder.table(round_no, ns, ew, _child(board, "BOARD_NUMBER"), _child(traveller, "CONTRACT"),
                              _child(traveller, "PLAYED_BY"), _child(traveller, "TRICKS"), imps=imps,
                              line=lines.get(traveller))
        builder.match_vps((_number(round_no, "round", line), _number(ns, "NS pair", line),
                           _number(ew, "EW pair", line)), (_child(match, "NS_SCORE"), _child(match, "EW_SCORE")))
    return builder.build()
