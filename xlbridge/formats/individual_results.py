"""An individual's results file written by another program, read into an
:class:`~xlbridge.event.individual.IndividualEvent` with the percentages it published for
each player (docs/rules.md §12). ``xlbridge import`` fills individual.xlsx from it.

What is read (the writers' side is :mod:`.individual`):

- PBN, as Ruter writes an individual: ``[Competition "Individuals"]`` or a ScoreTable with
  ``PlayerId_North``, ``PlayerId_East``, ``PlayerId_South``, ``PlayerId_West`` (and
  ``Round``, ``Table`` when the file has them), ``Contract``, ``Declarer``, ``Result``,
  ``Score_NS``/``Score_EW`` (an adjusted score as ``A+``/``A-``/``60%``); the
  TotalScoreTable's ``PlayerId``, ``Name`` and ``TotalPercentage``.
- USEBIO, ``EVENT_TYPE="INDIVIDUAL"``: each ``PLAYER`` of PARTICIPANTS (``PLAYER_NUMBER``,
  ``PLAYER_NAME``, ``PERCENTAGE``) and each BOARD's ``TRAVELLER_LINE``\\ s
  (``N_PLAYER_NUMBER`` ... ``W_PLAYER_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``TRICKS``,
  ``SCORE``). USEBIO has no round or table for a line.

Every value is parsed here, at the edge, as :mod:`.results` parses a pairs file's: a line
that cannot be read, a player twice at a table or on a board, a player the file's list
does not have, is refused in one line naming the board and the file's line.

    >>> from xlbridge.event import Play
    >>> from xlbridge.event.individual import IndividualEvent, IndividualResult, score_individual
    >>> from xlbridge.formats.individual import pbn
    >>> report = score_individual(IndividualEvent("Club", "2025-03-14", (), (
    ...     IndividualResult(1, 1, 1, (1, 2, 3, 4), Play("4S", "N", 10)),
    ...     IndividualResult(1, 2, 1, (5, 6, 7, 8), Play("4S", "N", 9)))))
    >>> from xlbridge.formats.pbn import loads
    >>> imported = loads(pbn(report))
    >>> [(r.round, r.table, r.seats) for r in imported.event.results]
    [(1, 1, (1, 2, 3, 4)), (1, 2, (5, 6, 7, 8))]
    >>> imported.published[1].value, imported.scoring
    ('100.00', 'individual, matchpoints 2/1/0')
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine import BridgeInputError, looks_weighted, parse_split
from ..engine.errors import describe
from ..event.individual import IndividualEvent, IndividualResult, Player, score_individual
from ..workbooks.book import EVENT_LENGTH, NAME_LENGTH
from .results import (
    MAX_INDIVIDUAL_BOARDS,
    Published,
    ResultsFileError,
    _held,
    blank,
    board_number,
    contract_of,
    digits,
    figure_text,
    iso_date,
    scores_alone,
    scoring_of,
    traveller_line,
)

SEATS = ("North", "East", "South", "West")
MAX_PLAYER = 999
"""The highest player number (individual.xlsx's)."""


@dataclass(frozen=True)
class ImportedIndividual:
    """An individual's results file read: the event, each player's published percentage
    (keyed by player number) and what the reader changed on the way (``notes``)."""

    event: IndividualEvent
    published: Mapping[int, Published] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    @property
    def scoring(self) -> str:
        """How it is scored, in words."""
        return f"individual, matchpoints {'2/1/0' if self.event.scale == 2 else '1/0.5/0'}"


@dataclass
class IndividualBuilder:
    """Collects an individual's players and rows as a reader meets them, each row with the
    file line it came from, and checks the whole at the end."""

    name: str = ""
    date: str = ""
    scale: int = 2
    listed: dict[int, tuple[str, str | None, int | None]] = field(default_factory=dict)
    rows: list[tuple[IndividualResult, int | None]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    list_name: str = "the file's list of players"

    def player(self, text: str | None, name: str | None, published: str | None, line: int | None) -> None:
        """List a player: number, name and the percentage the file published."""
        number = _player(text, "player", line)
        if number is None:
            raise ResultsFileError(f"player {describe((text or '').strip())}: a listed player needs a number",
                                   line=line)
        if number in self.listed:
            raise ResultsFileError(f"player {number} is listed twice (also line {self.listed[number][2]})", line=line)
        name = _held(" ".join((name or "").split()), self.notes,
                     f"player {number}: characters a workbook cannot hold were left out of the name")
        if len(name) > NAME_LENGTH:
            raise ResultsFileError(f"player {number}: the name is {len(name)} characters; the limit is {NAME_LENGTH}",
                                   line=line)
        self.listed[number] = (name, figure_text(published), line)

    def row(self, board_text: str | None, where: tuple[str | None, str | None], seats: Iterable[str | None],
            contract: str | None, declarer: str | None, tricks: str | None, *,
            scores: tuple[str | None, str | None] = (None, None), line: int | None = None) -> None:
        """One traveller line: the board, round and table (None when the file has none),
        the four players (North, East, South, West) and the result."""
        board = board_number(board_text, line=line, most=MAX_INDIVIDUAL_BOARDS)
        round_no, table = (_whole(text, what, board, line) for text, what in zip(where, ("round", "table"),
                                                                                  strict=True))
        players = tuple(_player(text, f"{seat} player", line, board) for text, seat in zip(seats, SEATS, strict=True))
        try:
            read = traveller_line(board, "1", "2", contract, declarer, tricks, scores=scores)
        except BridgeInputError as error:
            raise ResultsFileError(str(error), board=board, line=line) from None
        if read is None:
            return  # no result at this table
        if looks_weighted(read.play.contract) or parse_split(read.play.contract) is not None:
            raise ResultsFileError(f"{describe(read.play.contract)}: an individual does not score weighted or split "
                                   "scores", board=board, line=line)
        if all(player is None for player in players):
            raise ResultsFileError("a result with no players", board=board, line=line)
        self.rows.append((IndividualResult(round_no, table, board, players, read.play), line))

    def build(self) -> ImportedIndividual:
        """The individual, checked as a whole: each player once at a table and on a board,
        and on the file's list when it has one."""
        self.name = _held(self.name, self.notes, "characters a workbook cannot hold were left out of the event's name")
        if len(self.name) > EVENT_LENGTH:
            raise ResultsFileError(f"the event's name is {len(self.name)} characters; the limit is {EVENT_LENGTH}")
        if not self.rows:
            raise ResultsFileError("an individual with no result")
        on_board: dict[tuple[int, int], int | None] = {}
        in_round: dict[tuple[int, int], tuple[int | None, int | None]] = {}
        seated: dict[tuple[int, int], tuple[tuple[int | None, ...], int | None]] = {}
        for result, line in self.rows:
            if result.round is not None and result.table is not None:
                seats, first = seated.setdefault((result.round, result.table), (result.seats, line))
                if seats != result.seats and len(self.notes) < 5:
                    self.notes.append(f"round {result.round}, table {result.table}: the players sit otherwise on "
                                      f"board {result.board} (line {line}) than on line {first}; the workbook "
                                      "keeps every row as the file has it, with no movement to check it against")
            seen: set[int] = set()
            for player, seat in zip(result.seats, SEATS, strict=True):
                if player is None:
                    continue
                if self.listed and player not in self.listed:
                    raise ResultsFileError(f"{seat} player {player} is not among the {len(self.listed)} players of "
                                           f"{self.list_name}", board=result.board, line=line)
                if player in seen:
                    raise ResultsFileError(f"player {player} sits twice at one table", board=result.board, line=line)
                seen.add(player)
                other = on_board.setdefault((result.board, player), line)
                if other != line:
                    raise ResultsFileError(f"player {player} plays board {result.board} twice (also line {other})",
                                           board=result.board, line=line)
                if result.round is not None:
                    table, first = in_round.setdefault((result.round, player), (result.table, line))
                    if table != result.table:
                        raise ResultsFileError(f"player {player} is at table {result.table} in round {result.round}, "
                                               f"and at table {table} (line {first})", board=result.board, line=line)
        players = tuple(Player(number, name) for number, (name, _f, _l) in sorted(self.listed.items()))
        event = IndividualEvent(self.name, self.date, players, tuple(result for result, _line in self.rows),
                                scale=self.scale)
        try:
            score_individual(event)  # anything the engine refuses is refused here, not in the workbook
        except BridgeInputError as error:
            raise ResultsFileError(str(error)) from None
        published = {number: Published(number, figure) for number, (_n, figure, _l) in self.listed.items()
                     if figure is not None}
        return ImportedIndividual(event, published, tuple(self.notes))


def _player(text: str | None, what: str, line: int | None, board: int | None = None) -> int | None:
    """A player number 1-999; None for an empty seat (``-``, blank)."""
    if blank(text):
        return None
    value = text.strip()
    if not digits(value) or not 1 <= int(value) <= MAX_PLAYER:
        raise ResultsFileError(f"{what} {describe(value)}: must be a player number 1-{MAX_PLAYER}, or - for none",
                               board=board, line=line)
    return int(value)


def _whole(text: str | None, what: str, board: int, line: int | None) -> int | None:
    """A round or table number; None when the file leaves it out."""
    if blank(text):
        return None
    value = text.strip()
    if not digits(value, 3) or int(value) < 1:
        raise ResultsFileError(f"{what} {describe(value)}: must be a whole number from 1", board=board, line=line)
    return int(value)


# --- PBN ---------------------------------------------------------------------------------


def pbn_individual(game) -> bool:
    """Whether a PBN game section is an individual's: ``[Competition "Individuals"]``, or a
    ScoreTable that seats players (``PlayerId_North``)."""
    scores = game.tables.get("SCORETABLE")
    return ((game.value("Competition") or "").strip().upper().startswith("INDIVIDUAL")
            or (scores is not None and scores.index("PlayerId_North") is not None))


_PBN_DATE = re.compile(r"(\d{4})[.-](\d\d)[.-](\d\d)")


def read_pbn(found: Iterable) -> ImportedIndividual:
    """A PBN individual from its game sections (:func:`xlbridge.formats.pbn.games`)."""
    from .pbn import _cell  # pbn hands an individual here: imported when used

    builder = IndividualBuilder(list_name="the [TotalScoreTable]")
    totals = None
    for game in found:
        if not builder.name and game.value("Event"):
            builder.name = game.value("Event").strip()
        date = _PBN_DATE.match((game.value("Date") or "").strip())
        if not builder.date and date:
            builder.date = iso_date(int(date[3]), int(date[2]), int(date[1]))
        scoring = game.value("Scoring")
        if scoring:
            method = scoring_of([scoring])
            if method is not None and method.imps:
                raise ResultsFileError(f"Scoring {scoring!r}: an individual here is scored by matchpoints",
                                       line=game.tags["SCORING"][1])
            if "MP2" in {part.strip().upper() for part in scoring.split(";")}:
                builder.scale = 1
        totals = totals or game.tables.get("TOTALSCORETABLE")
        scores = game.tables.get("SCORETABLE")
        if scores is None:
            continue
        missing = [f"PlayerId_{seat}" for seat in SEATS if scores.index(f"PlayerId_{seat}") is None]
        if missing or scores.index("Contract") is None:
            raise ResultsFileError(f"an individual's [ScoreTable] has no {', '.join(missing or ['Contract'])} column",
                                   line=scores.line)
        if game.value("Board") is None:
            raise ResultsFileError("a [ScoreTable] without a [Board] tag", line=scores.line)
        for number, values in scores.rows:
            builder.row(game.value("Board"), (_cell(scores, values, "Round"), _cell(scores, values, "Table")),
                        [_cell(scores, values, f"PlayerId_{seat}") for seat in SEATS],
                        *(_cell(scores, values, name) for name in ("Contract", "Declarer", "Result")),
                        scores=(_cell(scores, values, "Score_NS"), _cell(scores, values, "Score_EW")), line=number)
    if totals is not None:
        if totals.index("PlayerId") is None:
            raise ResultsFileError("an individual's [TotalScoreTable] has no PlayerId column", line=totals.line)
        for number, values in totals.rows:
            builder.player(_cell(totals, values, "PlayerId"), _cell(totals, values, "Name", "Names"),
                           _cell(totals, values, "SessionPercentage", "TotalPercentage"), number)
    return builder.build()  # pbn reads the deals into its hands


# --- USEBIO ------------------------------------------------------------------------------


def read_usebio(event: ET.Element, lines: Mapping[ET.Element, int]) -> ImportedIndividual:
    """A USEBIO individual from its EVENT (``EVENT_TYPE="INDIVIDUAL"``)."""
    from .usebio import _DATE, _child, _walk  # usebio hands an individual here: imported when used

    builder = IndividualBuilder(name=" ".join((_child(event, "EVENT_DESCRIPTION") or "").split()),
                                list_name="the file's PARTICIPANTS")
    date = _DATE.fullmatch(_child(event, "DATE") or "")
    if date:
        builder.date = iso_date(int(date[1]), int(date[2]), int(date[3]))
    method = (_child(event, "BOARD_SCORING_METHOD") or "MATCH_POINTS").upper()
    if scoring_of([method]) is not None and scoring_of([method]).imps:
        raise ResultsFileError(f"BOARD_SCORING_METHOD {method}: an individual here is scored by matchpoints",
                               line=lines.get(event))
    if len(list(_walk(event, "SESSION"))) > 1:
        raise ResultsFileError("an individual of several SESSIONs: xlbridge imports one session",
                               line=lines.get(event))
    for player in _walk(event, "PLAYER", skip=("HANDSET", "BOARD")):
        builder.player(_child(player, "PLAYER_NUMBER"), _child(player, "PLAYER_NAME"), _child(player, "PERCENTAGE"),
                       lines.get(player))
    boards = list(_walk(event, "BOARD"))
    if len(boards) > MAX_INDIVIDUAL_BOARDS:
        raise ResultsFileError(f"{len(boards)} boards: at most {MAX_INDIVIDUAL_BOARDS}",
                               line=lines.get(boards[MAX_INDIVIDUAL_BOARDS]))
    every = [(_child(line, "CONTRACT"), _child(line, "SCORE")) for board in boards
             for line in board.findall("TRAVELLER_LINE")]
    alone = scores_alone(every)
    for board in boards:
        number = _child(board, "BOARD_NUMBER")
        for line in board.findall("TRAVELLER_LINE"):
            contract, score = _child(line, "CONTRACT"), _child(line, "SCORE") or ""
            if score.upper().startswith("A") or score.upper() == "NP":
                contract = score  # A6040, NP: the line has no played contract
            else:
                board_no = board_number(number, line=lines.get(board), most=MAX_INDIVIDUAL_BOARDS)
                contract = contract_of(contract, score, "individual.xlsx", line=lines.get(line), alone=alone,
                                       lines=len(every), board=board_no)
            seats = [_child(line, f"{seat[0]}_PLAYER_NUMBER") for seat in SEATS]
            builder.row(number, (None, None), seats, contract, _child(line, "PLAYED_BY"), _child(line, "TRICKS"),
                        line=lines.get(line))
    return builder.build()
