"""What the results-file readers (:mod:`.pbn`, :mod:`.usebio`) share: the imported event
with the figures the file published, the error naming board and line, the size bound,
and turning one traveller line's texts into a checked :class:`PairResult`.

Files from other programs are untrusted: every value is parsed here, at the edge, into
the immutable values of :mod:`xlbridge.event`; anything the engine would refuse
is refused now, with the board and line it came from.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from ..engine import (
    BYE_VP,
    PASSED_OUT,
    Adjusted,
    BridgeInputError,
    Played,
    Scoring,
    Side,
    Split,
    is_not_played,
    looks_weighted,
    parse_contract,
    parse_weighted,
)
from ..engine.adjusted import AVERAGE_WORDS, parse_adjusted
from ..engine.errors import XlbridgeError, describe
from ..engine.pairs import parse_row
from ..event import EventBoard, Pair, PairResult, PairsEvent, Play, TeamBoard, TeamEvent, TeamMatch
from ..workbooks.book import (  # what a workbook's cells allow: longer names, higher boards are refused
    EVENT_LENGTH,
    INDIVIDUAL_BOARDS,
    NAME_LENGTH,
    PAIRS_BOARDS,
)

MAX_BYTES = 5_000_000
"""The largest results file read (5 MB: a big club session is well under 1 MB)."""
MAX_BOARDS = PAIRS_BOARDS
"""The highest board number (the pairs workbook's)."""
MAX_INDIVIDUAL_BOARDS = INDIVIDUAL_BOARDS
"""The most boards, and the highest board number, of an individual (its workbook's)."""
MAX_TABLES = 60
"""The most results on one board (the pairs workbook's table limit)."""
MAX_PAIRS = 240
"""The most pairs an event may list."""


class ResultsFileError(XlbridgeError):
    """A results file that cannot be read: the message names the board and line."""

    def __init__(self, message: str, *, board: int | None = None, line: int | None = None) -> None:
        where = ", ".join(part for part in (f"board {board}" if board is not None else "",
                                            f"line {line}" if line is not None else "") if part)
        super().__init__(f"{where}: {message}" if where else message)
        self.board, self.line = board, line


class Printed:
    """A figure as a file printed it: ``value``, its text (its decimals say how exactly it
    was printed)."""

    __slots__ = ()
    value: str

    @property
    def number(self) -> float:
        """The figure as a number."""
        return float(self.value)

    @property
    def tolerance(self) -> float:
        """Half a unit of the last decimal printed: ``58.33`` stands for 58.325-58.335. A
        figure printed to 8 significant digits or more may be a single-precision float,
        printed from its own 24 bits (BriAn writes 48.557693 for 48.5576923...): that
        float's precision is allowed as well.

        >>> Published(1, "58.33").tolerance, Published(1, "12").tolerance
        (0.005, 0.5)
        >>> abs(48.5576923 - 48.557693) <= Published(1, "48.557693").tolerance
        True
        """
        decimals = len(self.value.partition(".")[2])
        half_unit = 0.5 * 10 ** -decimals
        if len(self.value.lstrip("-0.").replace(".", "")) >= 8:
            return half_unit + abs(self.number) * 2 ** -23  # a float32's spacing, relative
        return half_unit


@dataclass(frozen=True, slots=True)
class Published(Printed):
    """A pair's figure as the file printed it: a percentage (matchpoints) or IMPs; in a
    sectioned event ``section`` is the pair's section (and the figures are keyed
    ``(section, pair)``)."""

    pair: int
    value: str
    section: str = ""


@dataclass(frozen=True)
class Imported:
    """A results file read: the event (to fill into a pairs workbook), the figures the file
    published for each pair (a percentage for matchpoints, IMPs otherwise), and what the
    reader changed on the way (``notes``, e.g. East-West pairs renumbered)."""

    event: PairsEvent
    published: Mapping[int | tuple[str, int], Published] = field(default_factory=dict)
    """By pair number; by ``(section, number)`` in a sectioned event."""
    notes: tuple[str, ...] = ()
    handicapped: bool = False
    """The published figures are the handicapped percentages (the pairs carry handicaps)."""

    @property
    def scoring(self) -> Scoring:
        """How the event is scored."""
        return Scoring.parse(self.event.options.get("scoring", "MP"))


def check_size(text: str | bytes, what: str = "file") -> None:
    """Refuse a file over :data:`MAX_BYTES`.

    >>> check_size("x" * 6_000_000)
    Traceback (most recent call last):
    ...
    xlbridge.formats.results.ResultsFileError: file is 6000000 bytes: the limit is 5000000 (5 MB)
    """
    size = len(text.encode("utf-8", "replace")) if isinstance(text, str) else len(text)
    if size > MAX_BYTES:
        raise ResultsFileError(f"{what} is {size} bytes: the limit is {MAX_BYTES} (5 MB)")


def iso_date(day: int, month: int, year: int) -> str:
    """A date as ISO text, or ``""`` when it is not a real date (a file's ``????.??.??``).

    >>> iso_date(26, 11, 2024), iso_date(31, 2, 2024)
    ('2024-11-26', '')
    """
    try:
        return datetime.date(year, month, day).isoformat()
    except ValueError:
        return ""


_BLANK = frozenset({"", "-", "?", "--", "BYE"})
AVERAGE_CODE = str(Adjusted(50, 50))  # Law 12C2: average, 50% to each side
_PERCENT = re.compile(r"\^?(\d\d)%")  # PBN marks an artificial value with a caret


def digits(text: str, most: int = 6) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits, at most ``most`` of them:
    ``²`` and a 5,000-digit number are not (``str.isdigit`` says yes to both).

    >>> digits("12"), digits("²"), digits("1" * 7), digits("-1")
    (True, False, False, False)
    """
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def printable(text: str) -> str:
    """``text`` without the characters a workbook cannot hold: control characters (U+0001,
    ESC ...), lone surrogates and the noncharacters U+FFFE and U+FFFF.

    >>> printable("Ann\x01 Berg\x1b[31m"), printable("Åsa – Bo")
    ('Ann Berg[31m', 'Åsa – Bo')
    """
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cs") and ch not in "\ufffe\uffff")


_EVENT_NAME_LEFT_OUT = "characters a workbook cannot hold were left out of the event's name"


def _held(text: str, notes: list[str], note: str) -> str:
    """``text`` with what a workbook cannot hold left out (:func:`printable`), ``note`` added
    to ``notes`` when anything was."""
    kept = printable(text)
    if kept != text:
        notes.append(note)
    return kept


def blank(text: str | None) -> bool:
    """True for a cell a results file leaves empty: ``-``, ``?``, ``Bye`` or nothing.

    >>> blank("-"), blank(" Bye "), blank("4S")
    (True, True, False)
    """
    return text is None or text.strip().upper() in _BLANK


def _spelled(ns: int, ew: int) -> str:
    """An adjusted score as the workbook spells it (``A60/40``; ``A60`` when both sides
    have the same), or BridgeInputError for a percentage the Laws do not give."""
    return str(Adjusted(ns, ew))


def adjusted_code(text: str) -> str | None:
    """An adjusted score as other programs write it in the contract column, in the
    workbook's spelling; None when ``text`` is not one.

    >>> adjusted_code("A6040"), adjusted_code("A60-40"), adjusted_code("a50"), adjusted_code("AVE+/AVE-")
    ('A60/40', 'A60/40', 'A50', 'A60/40')
    >>> adjusted_code("A5050"), adjusted_code("A="), adjusted_code("4S") is None
    ('A50', 'A50', True)
    """
    adjusted = parse_adjusted(text)
    return None if adjusted is None else str(adjusted)


def _side(text: str | None) -> int | None:
    """One side's artificial score in a score column: ``60%``, PBN's ``^60%``, or average
    plus, average, average minus (``A+``, ``A=``, ``A-``, ``AVE+`` ...); None otherwise."""
    value = "".join((text or "").split()).upper()
    found = _PERCENT.fullmatch(value)
    return int(found[1]) if found else AVERAGE_WORDS.get(value)


def percent_pair(ns: str | None, ew: str | None) -> str | None:
    """An adjusted score written in the score columns, one side each: percentages
    (``60%`` / ``40%``, PBN's artificial ``^60%``) or averages (``A+`` / ``A-``, ``A=`` for
    both, ``AVE+`` ...); None when the columns hold anything else.

    >>> percent_pair("60%", "40%"), percent_pair("^50%", "^50%"), percent_pair("420", None)
    ('A60/40', 'A50', None)
    >>> percent_pair("A+", "A-"), percent_pair("A=", "A="), percent_pair("A+", "A+")
    ('A60/40', 'A50', 'A60')
    """
    sides = [_side(text) for text in (ns, ew)]
    if None in sides:
        return None
    return _spelled(*sides)


def split_given(ns: str | None, ew: str | None) -> tuple[Side, int, str] | None:
    """A split score in the score columns: one side artificial (``A+``, ``60%``), the other
    a score (``+0``, ``-420``): the side given a percentage, the percentage and the other
    column's text; None otherwise.

    >>> split_given("+0", "A+"), split_given("A+", "A-"), split_given("420", None)
    ((<Side.EW: 'EW'>, 60, '+0'), None, None)
    """
    sides = [_side(text) for text in (ns, ew)]
    if (sides[0] is None) == (sides[1] is None):
        return None
    side = Side.NS if sides[0] is not None else Side.EW
    other = (ew if side is Side.NS else ns) or ""
    if blank(other):
        return None
    return side, sides[0] if sides[0] is not None else sides[1], other.strip()


def pair_number(text: str | None, side: str) -> int | None:
    """A pair number; None for a missing side (``-``, ``Bye``, blank).

    >>> pair_number("12", "NS"), pair_number("-", "EW")
    (12, None)
    """
    if blank(text):
        return None
    value = text.strip()
    if not digits(value) or not 1 <= int(value) <= 999:
        raise BridgeInputError(f"{side} pair {describe(value)}: must be a pair number 1-999, or - for none")
    return int(value)


def _tricks(contract: str, text: str | None) -> int | None:
    """Tricks taken, from a count (``10``) or relative to the contract (``+1``, ``=``, ``-2``)."""
    if blank(text):
        return None
    value = text.strip()
    if digits(value, 2):
        return int(value)
    if value in ("=", "0") or re.fullmatch(r"[+-]\d", value):
        level = parse_contract(contract).level
        return level + 6 + (0 if value == "=" else int(value))
    raise BridgeInputError(f"result {describe(value)}: must be the tricks taken (0-13), or +1, =, -2")


def traveller_line(board: int, ns: str | None, ew: str | None, contract: str | None,
                   declarer: str | None = None, tricks: str | None = None, *,
                   scores: tuple[str | None, str | None] = (None, None)) -> PairResult | None:
    """One traveller line's texts as a checked result; None for a line with no result at
    all (a ``Bye``, or a row left empty). ``scores`` (NS, EW) may carry an adjusted score
    as percentages.

    >>> traveller_line(4, "1", "11", "3NT", "E", "9").play
    Play(contract='3NT', declarer='E', tricks=9)
    >>> traveller_line(4, "2", "-", "A6040").play, traveller_line(4, "3", "Bye", "-")
    (Play(contract='A60/40', declarer='', tricks=None), None)

    A split score (one score column artificial, the other a score) keeps the table result
    for the field (docs/rules.md §7); a score of 0 with no contract is the table result PASS.

    >>> traveller_line(16, "3", "2", "-", scores=("+0", "A+")).play
    Play(contract='PASS/A60', declarer='', tricks=None)
    >>> traveller_line(9, "1", "6", "-", "-", "-", scores=("+0", "+0")).play
    Play(contract='PASS', declarer='', tricks=None)
    """
    ns_pair, ew_pair = pair_number(ns, "NS"), pair_number(ew, "EW")
    text = "" if contract is None else contract.strip()
    if looks_weighted(text):  # a weighted score, as xlbridge writes it in PBN and USEBIO
        written = str(parse_weighted(text))  # as the workbook reads it
        return None if ns_pair is None and ew_pair is None else PairResult(board, ns_pair, ew_pair, Play(written))
    code = adjusted_code(text) if not blank(text) else percent_pair(*scores)
    split = split_given(*scores) if code is None and not is_not_played(text) else None
    if split is not None and blank(text):
        if not re.fullmatch(r"[+-]?0", split[2]):
            raise BridgeInputError(f"a score of {split[2]} beside an adjusted score, with no contract: "
                                   "xlbridge needs the table result's contract (PASS for a score of 0)")
        text = str(PASSED_OUT)
    if code is None and split is None and blank(text) and all(
            not blank(score) and re.fullmatch(r"[+-]?0", score.strip()) for score in scores):
        # Ruter's "+0" "+0" with no contract: a score of 0 for both sides, matchpointed against the
        # field (its MP_NS and percentages say so): the table result PASS, not a table without one.
        text = str(PASSED_OUT)
    if code is None and blank(text):
        if ns_pair is None or ew_pair is None or all(blank(v) for v in (declarer, tricks)):
            return None  # a Bye, or a table that has no result
        raise BridgeInputError("no contract")
    if ns_pair is None and ew_pair is None:
        return None
    if code is not None or is_not_played(text):
        play = Play(code or "NP")
    elif (parsed := parse_contract(text)).passed_out:
        play = Play(str(PASSED_OUT) if split is None else str(Split(split[0], split[1], str(PASSED_OUT))))
    else:
        # Written as the workbook spells it (4S* is 4SX; a declarer in the contract, 4SN,
        # goes to its own column), so that the workbook reads what import read.
        seat = "" if blank(declarer) else declarer.strip().upper()[:1]
        if parsed.declarer is not None and seat and seat != parsed.declarer.value:
            raise BridgeInputError(f"declarer {describe(declarer)}: contract {describe(text)} names "
                                   f"{parsed.declarer}")
        seat = seat or ("" if parsed.declarer is None else parsed.declarer.value)
        written = str(parsed.with_declarer(None))
        if split is not None:
            written = str(Split(split[0], split[1], written))
        play = Play(written, seat, _tricks(text, tricks))
    result = PairResult(board, ns_pair, ew_pair, play)
    if parse_row(result.entry) is None:
        raise BridgeInputError(f"contract {describe(text)}: needs a declarer and the tricks taken")
    return result


_SCORE_ALONE = re.compile(r"[+-]?\d{1,5}")


def scores_alone(lines: Iterable[tuple[str | None, str | None]]) -> int:
    """How many of a file's lines, as (CONTRACT, SCORE), give a score and no contract.

    >>> scores_alone([(None, "80"), ("4S", "420"), ("", "0"), (None, "A6040")])
    2
    """
    return sum(1 for contract, score in lines if blank(contract) and _SCORE_ALONE.fullmatch((score or "").strip()))


def contract_of(contract: str | None, score: str | None, book: str, *, board: int | str | None, line: int | None,
                alone: int | None = None, lines: int | None = None) -> str | None:
    """A line's contract where a file may give its SCORE and no CONTRACT: the contract as
    given; for a score alone, PASS when it is 0 (a passed-out board is the one table result
    that scores 0), else refused in one line, since ``book`` holds a result as its contract,
    declarer and tricks and works the score from them (80 is 1H or 1S made, by either side:
    no one contract can be put in its place). When given, ``alone`` of the file's ``lines``
    give a score alone (:func:`scores_alone`), said in the line.

    A contract ``NP`` with a SCORE of 0 is a board passed out, not one left unplayed: a
    board not played has no score to give, and NZ Scorer writes a pass-out as ``N P`` (no
    bid) with score 0 and the pass-out's matchpoints.

    >>> contract_of("4S", "420", "pairs.xlsx", board=1, line=9), contract_of(None, "0", "pairs.xlsx", board=1, line=9)
    ('4S', 'PASS')
    >>> contract_of("NP", "0", "pairs.xlsx", board=1, line=9), contract_of("NP", None, "pairs.xlsx", board=1, line=9)
    ('PASS', 'NP')
    >>> contract_of(None, "80", "individual.xlsx", board=1, line=9, alone=3, lines=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.formats.results.ResultsFileError: board 1, line 9: SCORE 80 without a CONTRACT (3 of the file's 4 lines \
give a score alone): individual.xlsx holds a result as its contract, declarer and tricks, ...
    """
    text = (score or "").strip()
    if is_not_played(contract) and _SCORE_ALONE.fullmatch(text) and int(text) == 0:
        return str(PASSED_OUT)
    if not blank(contract) or not _SCORE_ALONE.fullmatch(text):
        return contract
    if int(text) == 0:
        return str(PASSED_OUT)
    count = ""
    if alone is not None and lines is not None:
        count = (f" ({alone} of the file's {lines} line{'s' if lines != 1 else ''} "
                 f"give{'s' if alone == 1 else ''} a score alone)")
    raise ResultsFileError(f"SCORE {text} without a CONTRACT{count}: {book} holds a result as its contract, declarer "
                           "and tricks, and works the score from them; it cannot hold a score alone",
                           board=board, line=line)


@dataclass(frozen=True, slots=True)
class Listed:
    """A pair as a file lists it: its number (within its direction, when the file numbers
    each direction from 1), names, published figure and line."""

    number: int
    names: str
    direction: str | None = None
    published: str | None = None
    line: int | None = None
    penalty: float | None = None
    handicap: float | None = None
    section: str = ""


@dataclass(frozen=True, slots=True)
class RawLine:
    """A traveller line's texts as the file has them (NS, EW, contract, declarer, tricks),
    with its board, its score columns and its line; in a sectioned file its section and
    the board's top the file's matchpoints show (NS's plus EW's), when it printed them."""

    board: int
    values: tuple[str | None, str | None, str | None, str | None, str | None]
    scores: tuple[str | None, str | None]
    line: int | None
    section: str = ""
    top: float | None = None


K = TypeVar("K", int, tuple[str, int])


def listed_pairs(listed: Iterable[Listed], offset: Callable[[str], int], key: Callable[[str, int], K],
                 ) -> tuple[dict[K, str], dict[K, float], dict[K, float], dict[K, Published]]:
    """The pairs a file lists, each keyed by ``key(section, number)`` (its number, or its
    section and number): names, penalties, handicaps and published figures. A file that
    numbers each direction from 1 has East-West's numbers moved past North-South's by
    ``offset(section)``; a pair listed twice is refused in one line.

    >>> names, *_ = listed_pairs([Listed(3, "Ann & Bob", line=7)], lambda s: 0, lambda s, n: n)
    >>> names
    {3: 'Ann & Bob'}
    """
    names: dict[K, str] = {}
    penalties: dict[K, float] = {}
    handicaps: dict[K, float] = {}
    published: dict[K, Published] = {}
    for entry in listed:
        number = entry.number + (offset(entry.section) if entry.direction == "EW" else 0)
        at = key(entry.section, number)
        if at in names:
            shown = f"{entry.section} {entry.number}" if entry.section else str(entry.number)
            raise ResultsFileError(f"pair {shown} is listed twice", line=entry.line)
        names[at] = entry.names
        if entry.penalty is not None:
            penalties[at] = entry.penalty
        if entry.handicap is not None:
            handicaps[at] = entry.handicap
        if entry.published is not None:
            published[at] = Published(number, entry.published, entry.section)
    return names, penalties, handicaps, published


@dataclass
class EventBuilder:
    """Collects an event's pairs and traveller lines as a reader meets them, each line
    with the file line it came from, and checks the whole at the end."""

    name: str = ""
    date: str = ""
    scoring: Scoring = Scoring.MP
    fields: int = 1
    scale: int = 2
    crossimps: str | None = None
    listed: list[Listed] = field(default_factory=list)
    lines: list[RawLine] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def pair(self, number: int, names: str, *, direction: str | None = None, published: str | None = None,
             line: int | None = None, penalty: float | None = None, handicap: float | None = None,
             section: str = "") -> None:
        """List a pair: its names, the direction it sat (``NS``/``EW``, if the file says),
        the figure the file published for it (a percentage or IMPs, as text), any
        procedural penalty taken from its total (points, a bonus negative) and any handicap
        (percentage points; its published figure is then the handicapped percentage).
        ``section`` is its section in a file of several (its number is then the section's)."""
        names = _held(" ".join(names.split()), self.notes,
                           f"pair {number}: characters a workbook cannot hold were left out of the names")
        if len(names) > NAME_LENGTH:
            raise ResultsFileError(f"pair {number}: names are {len(names)} characters; the limit is {NAME_LENGTH}",
                                   line=line)
        self.listed.append(Listed(number, names, direction, published, line, penalty, handicap, section))

    def line(self, board_text: str, ns: str | None, ew: str | None, contract: str | None,
             declarer: str | None = None, tricks: str | None = None, *, line: int | None = None,
             scores: tuple[str | None, str | None] = (None, None), section: str = "",
             top: float | None = None) -> None:
        """Add one traveller line (board, NS, EW, contract, declarer, tricks as texts); it is
        checked in :meth:`build`, once the pairs' numbering is known. In a file of several
        sections, ``section`` is the line's and ``top`` the sum of the matchpoints the file
        printed for its two sides (how :meth:`build` tells whether the file compared the
        sections' results together)."""
        board = board_number(board_text, line=line)
        self.lines.append(RawLine(board, (ns, ew, contract, declarer, tricks), scores, line, section, top))

    def _ew_offset(self) -> int:
        """0, or what to add to East-West numbers when the file numbers both directions
        from 1 (a two-winner Mitchell): the highest North-South number, so EW follow NS."""
        ns = {entry.number for entry in self.listed if entry.direction == "NS"}
        ew = {entry.number for entry in self.listed if entry.direction == "EW"}
        return max(ns) if ns & ew else 0

    def _results(self, offset: int,
                 offsets: Mapping[str, int] | None = None) -> list[tuple[PairResult, int | None, RawLine]]:
        """Every line checked (East-West numbers moved by ``offset``, or by its section's in
        ``offsets``, the line's section kept); Byes and empty lines dropped.
        A bare ``A`` (an adjusted score with no split) is read as average, with a note."""
        rows = []
        for raw in self.lines:
            ns, ew, *rest = raw.values
            if offsets is not None:
                offset = offsets.get(raw.section, 0)
            if offset and ew is not None and digits(ew.strip()):
                ew = str(int(ew) + offset)
            if (rest[0] or "").strip().upper() == "A":
                rest = [AVERAGE_CODE, None, None]
                self.notes.append(f"board {raw.board}, line {raw.line}: an adjusted score written A, with no "
                                  f"split, is read as {AVERAGE_CODE} (average); correct it in the workbook if "
                                  "it was not")
            try:
                result = traveller_line(raw.board, ns, ew, *rest, scores=raw.scores)
            except BridgeInputError as error:
                raise ResultsFileError(str(error), board=raw.board, line=raw.line) from None
            if result is not None:
                rows.append((dataclasses.replace(result, section=raw.section) if raw.section else result, raw.line,
                             raw))
        return rows

    def options(self) -> dict[str, object]:
        """The scoring the file names, as :func:`xlbridge.engine.pairs_event`'s keywords
        (matchpoints, one field and averaged cross-IMPs left to the defaults)."""
        options: dict[str, object] = {}
        if self.scoring is not Scoring.MP:
            options["scoring"] = str(self.scoring)
        if self.fields == 2:
            options["fields"] = 2
        if self.scoring is Scoring.CROSS_IMPS and self.crossimps is not None:
            options["crossimps"] = self.crossimps
        return options

    def build(self) -> Imported:
        """The event, checked as a whole: a pair listed once and playing a board once,
        sizes within bounds. A file of several sections is built by :mod:`.sections`."""
        named = {entry.section for entry in self.listed} | {raw.section for raw in self.lines}
        if len(named - {""}) > 1:
            from .sections import build_sections  # the sectioned event: built there

            return build_sections(self)
        if named - {""}:  # one section named (a Section column of A's alone): an event of one section
            self.listed = [dataclasses.replace(entry, section="") for entry in self.listed]
            self.lines = [dataclasses.replace(raw, section="") for raw in self.lines]
        self.name = _held(self.name, self.notes, _EVENT_NAME_LEFT_OUT)
        offset = self._ew_offset()
        rows = [(result, line) for result, line, _raw in self._results(offset)]
        if not rows:
            raise ResultsFileError("no traveller lines with results")
        if len(self.name) > EVENT_LENGTH:
            raise ResultsFileError(f"the event's name is {len(self.name)} characters; the limit is {EVENT_LENGTH}")
        names, penalties, handicaps, published = listed_pairs(self.listed, lambda section: offset,
                                                              lambda section, number: number)
        seen: dict[tuple[int, int], int | None] = {}
        per_board: dict[int, int] = {}
        for result, line in rows:
            per_board[result.board] = per_board.get(result.board, 0) + 1
            if per_board[result.board] > MAX_TABLES:
                raise ResultsFileError(f"more than {MAX_TABLES} results", board=result.board, line=line)
            for pair in (result.ns, result.ew):
                if pair is None:
                    continue
                if (result.board, pair) in seen:
                    also = seen[(result.board, pair)]
                    raise ResultsFileError(f"pair {pair} plays the board twice"
                                           + (f" (also line {also})" if also else ""),
                                           board=result.board, line=line)
                seen[(result.board, pair)] = line
                names.setdefault(pair, "")
        if len(names) > MAX_PAIRS:
            raise ResultsFileError(f"{len(names)} pairs: the limit is {MAX_PAIRS}")
        results = tuple(sorted((r for r, _ in rows), key=lambda r: (r.board, r.ns or 0, r.ew or 0)))
        options = self.options()
        event = PairsEvent(
            name=self.name, date=self.date,
            pairs=tuple(Pair(number, names[number], penalties.get(number), handicaps.get(number))
                        for number in sorted(names)),
            results=results, scale=self.scale, tables=max(per_board.values()), boards=max(per_board), options=options,
        )
        notes = (f"the file numbers each direction from 1: East-West pair n is pair {offset}+n here",) if offset else ()
        return Imported(event, published, (*notes, *self.notes), handicapped=bool(handicaps))


def board_number(text: str | None, *, line: int | None = None, most: int = MAX_BOARDS) -> int:
    """A board number 1-999 (1-``most``).

    >>> board_number("105")
    105
    >>> board_number("105", most=99)
    Traceback (most recent call last):
    ...
    xlbridge.formats.results.ResultsFileError: board "105": must be a board number 1-99
    """
    value = (text or "").strip()
    if not digits(value) or not 1 <= int(value) <= most:
        raise ResultsFileError(f"board {describe(value)}: must be a board number 1-{most}", line=line)
    return int(value)


def scoring_of(texts: Iterable[str]) -> Scoring | None:
    """The scoring a file's words name, the most specific first: cross-IMPs (``CROSS_IMPS``,
    ``IMP;Cross``), then Butler (``BUTLER_IMPS``), then matchpoints (``MP``, ``MATCH_POINTS``),
    then IMPs alone (Butler, as IMP pairs are usually scored); None when none does.

    >>> scoring_of(["IMP;Cross"]), scoring_of(["MATCH_POINTS"]), scoring_of(["IMP"])
    (<Scoring.CROSS_IMPS: 'Cross-IMPs'>, <Scoring.MP: 'MP'>, <Scoring.BUTLER: 'Butler'>)
    >>> scoring_of(["IMPS", "CROSS_IMPS"]), scoring_of(["Rubber"]) is None
    (<Scoring.CROSS_IMPS: 'Cross-IMPs'>, True)
    """
    keys = ["".join(ch for ch in text.upper() if ch.isalpha()) for text in texts]
    if any("CROSS" in key for key in keys):
        return Scoring.CROSS_IMPS
    if any("BUTLER" in key for key in keys):
        return Scoring.BUTLER
    if any(key.startswith(("MP", "MATCHPOINT")) for key in keys):
        return Scoring.MP
    if any("IMP" in key for key in keys):
        return Scoring.BUTLER
    return None


# --- team matches and team events ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figure(Printed):
    """A figure a file published for a team match or event, as printed: what it is in
    words (``board 3: IMPs to Home``), the key the workbook's scoring of the same figure
    is found by (``("board", 3)``, ``("vp", "home")``, ``("match", 2, 1, 3, "vp_home")``,
    ``("team", 4)``), and its text (its decimals say how exactly it was printed)."""

    what: str
    key: tuple[object, ...]
    value: str


@dataclass(frozen=True)
class ImportedTeams:
    """A team results file read: a team match (for teams.xlsx) or a team event (for
    teams-event.xlsx), the figures the file published (each board's IMPs, each match's
    IMPs and VPs, each team's total VPs, as far as the file has them) and what the reader
    changed on the way (``notes``)."""

    event: TeamMatch | TeamEvent
    published: tuple[Figure, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def scoring(self) -> str:
        """How it is scored, in words."""
        return "IMPs, WBF 20-VP scale"


_FIGURE = re.compile(r"-?\d{1,6}(\.\d{1,6})?")


def figure_text(text: str | None) -> str | None:
    """A published figure as a number's text (``12,5`` read as ``12.5``); None when the
    file left it out or it is not a number.

    >>> figure_text(" 12,50 "), figure_text("-8"), figure_text("-"), figure_text(None)
    ('12.50', '-8', None, None)
    """
    value = (text or "").strip().replace(",", ".")
    return value if _FIGURE.fullmatch(value) else None


def team_play(board: int, contract: str | None, declarer: str | None, tricks: str | None, room: str, *,
              line: int | None = None) -> Play:
    """One room's result on a board of a team match, read as a pairs traveller line is
    (``4S*`` is 4SX, ``+1`` counts from the contract, ``PO`` is passed out), and refused
    in one line when it is not a played result: the team workbooks take contracts and
    PASS only (an adjusted result is scored there as IMPs, not typed).

    >>> team_play(3, "4S*", "N", "9", "open"), team_play(3, "PO", None, None, "closed")
    (Play(contract='4SX', declarer='N', tricks=9), Play(contract='PASS', declarer='', tricks=None))
    >>> team_play(3, "A60/40", None, None, "open")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.formats.results.ResultsFileError: board 3: open room: "A60/40" is not a played result; ...
    """
    try:
        result = traveller_line(board, "1", "2", contract, declarer, tricks)
    except BridgeInputError as error:
        raise ResultsFileError(f"{room} room: {error}", board=board, line=line) from None
    play = None if result is None else result.play
    if play is None or not isinstance(play.outcome, Played):
        shown = describe((contract or "").strip() or "nothing")
        raise ResultsFileError(f"{room} room: {shown} is not a played result; xlbridge's team workbooks take a "
                               "contract, declarer and tricks, or PASS, in each room", board=board, line=line)
    return play


@dataclass
class MatchRead:
    """A match as a file has it: its round (None when the file does not say), the teams
    by number (the home team North-South in the open room), each board's two results
    with the home team's IMPs the file printed, and the VPs it printed for each team."""

    round: int | None
    home: int
    away: int
    boards: list[tuple[int, Play, Play, str | None]] = field(default_factory=list)
    vps: tuple[str | None, str | None] = (None, None)
    imps: tuple[str | None, str | None] = (None, None)
    line: int | None = None


@dataclass
class TeamsBuilder:
    """Collects a team file's teams, matches and byes as a reader meets them, and makes
    the whole into a team match (one match between two teams) or a team event (several
    matches, laid out in rounds in which each team plays once)."""

    name: str = ""
    date: str = ""
    swiss: bool = False
    teams: dict[int, str] = field(default_factory=dict)
    matches: list[MatchRead] = field(default_factory=list)
    byes: dict[int, int] = field(default_factory=dict)
    bye_vps: set[str] = field(default_factory=set)
    totals: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def team(self, number: int, name: str, *, total: str | None = None, line: int | None = None) -> None:
        """List a team: its number, name and the total VPs the file published for it."""
        name = _held(" ".join(name.split()), self.notes,
                          f"team {number}: characters a workbook cannot hold were left out of its name")
        if len(name) > NAME_LENGTH:
            raise ResultsFileError(f"team {number}: its name is {len(name)} characters; the limit is {NAME_LENGTH}",
                                   line=line)
        if number in self.teams:
            raise ResultsFileError(f"team {number} is listed twice", line=line)
        self.teams[number] = name
        if total is not None:
            self.totals[number] = total

    def build(self) -> ImportedTeams:
        """The team match or team event, checked as a whole."""
        self.name = _held(self.name, self.notes, _EVENT_NAME_LEFT_OUT)
        if len(self.name) > EVENT_LENGTH:
            raise ResultsFileError(f"the event's name is {len(self.name)} characters; the limit is {EVENT_LENGTH}")
        matches = [match for match in self.matches if match.boards]
        if not matches:
            raise ResultsFileError("no boards with a result in both rooms")
        for match in matches:
            seen: set[int] = set()
            for board, *_ in match.boards:
                if board in seen:
                    raise ResultsFileError(f"board {board} appears twice in the match {match.home} v {match.away}",
                                           board=board, line=match.line)
                seen.add(board)
        if len(matches) == 1 and not self.byes and set(self.teams) <= {matches[0].home, matches[0].away}:
            return self._match(matches[0])
        return self._event(matches)

    def _match(self, match: MatchRead) -> ImportedTeams:
        home, away = (self.teams.get(team, "") for team in (match.home, match.away))
        boards = tuple(TeamBoard(board, open_, closed) for board, open_, closed, _ in
                       sorted(match.boards, key=lambda entry: entry[0]))
        figures = [Figure(f"board {board}: IMPs to {home or 'home'}", ("board", board), imps)
                   for board, _o, _c, imps in sorted(match.boards, key=lambda entry: entry[0]) if imps is not None]
        for side, name, index in (("home", home or "home", 0), ("away", away or "away", 1)):
            if match.imps[index] is not None:
                figures.append(Figure(f"IMPs won by {name}", ("imps", side), match.imps[index]))
        for side, name, index in (("home", home or "home", 0), ("away", away or "away", 1)):
            vps = match.vps[index] or self.totals.get((match.home, match.away)[index])
            if vps is not None:
                figures.append(Figure(f"VPs of {name}", ("vp", side), vps))
        event = TeamMatch(name=self.name, date=self.date, home=home, away=away, boards=boards)
        return ImportedTeams(event, tuple(figures), (*self.notes, *_scale_note(figures)))

    def _event(self, matches: list[MatchRead]) -> ImportedTeams:
        numbers = set(self.teams) | {m.home for m in matches} | {m.away for m in matches} | set(self.byes.values())
        if numbers != set(range(1, len(numbers) + 1)):
            raise ResultsFileError(f"teams {', '.join(map(str, sorted(numbers)))}: a team event's teams must be "
                                   "numbered 1, 2, 3 ... without a gap")
        if not TEAMS_BOUND[0] <= len(numbers) <= TEAMS_BOUND[1]:
            raise ResultsFileError(f"{len(numbers)} teams: a team event has {TEAMS_BOUND[0]}-{TEAMS_BOUND[1]}")
        most = max(len(m.boards) for m in matches)
        if most > MATCH_BOARDS:
            raise ResultsFileError(f"a match of {most} boards: a team event's matches have 1-{MATCH_BOARDS}")
        for match in matches:
            if match.home == match.away:
                raise ResultsFileError(f"team {match.home} plays itself", line=match.line)
        rounds = self._rounds(matches, len(numbers))
        limit = len(numbers) - 1 if len(numbers) % 2 == 0 else len(numbers)
        if max(rounds) > limit:
            raise ResultsFileError(f"the matches need {max(rounds)} rounds, each team playing once a round: "
                                   f"a team event of {len(numbers)} teams has at most {limit}")
        if len(self.bye_vps) > 1:
            raise ResultsFileError(f"byes score {' and '.join(sorted(self.bye_vps))} VPs: a team event's byes "
                                   "score the same")
        boards, figures = [], []
        for match, number in zip(matches, rounds, strict=True):
            teams = f"round {number}, {match.home} v {match.away}"
            for board, open_, closed, imps in sorted(match.boards, key=lambda entry: entry[0]):
                boards.append(EventBoard(number, match.home, match.away, board, open_, closed))
                if imps is not None:
                    figures.append(Figure(f"{teams}: board {board}, IMPs to {match.home}",
                                          ("board", number, match.home, match.away, board), imps))
            for index, side in enumerate(("home", "away")):
                team = (match.home, match.away)[index]
                if match.imps[index] is not None:
                    figures.append(Figure(f"{teams}: IMPs won by {team}",
                                          ("match", number, match.home, match.away, f"imps_{side}"), match.imps[index]))
                if match.vps[index] is not None:
                    figures.append(Figure(f"{teams}: VPs of {team}",
                                          ("match", number, match.home, match.away, f"vp_{side}"), match.vps[index]))
        figures += [Figure(f"team {team}: total VPs", ("team", team), total)
                    for team, total in sorted(self.totals.items())]
        swiss = self.swiss or not _round_robin(matches, len(numbers))
        bye_vp = float(next(iter(self.bye_vps))) if self.bye_vps else float(BYE_VP)
        event = TeamEvent(name=self.name, date=self.date, swiss=swiss,
                          teams={number: self.teams.get(number, "") for number in sorted(numbers)},
                          rounds=max(rounds + list(self.byes)), match_boards=most, bye_vp=bye_vp,
                          byes=dict(self.byes), boards=tuple(boards))
        if max(event.rounds, 1) > limit:
            raise ResultsFileError(f"{event.rounds} rounds: a team event of {len(numbers)} teams has at most {limit}")
        return ImportedTeams(event, tuple(figures), (*self.notes, *_scale_note(figures)))

    def _rounds(self, matches: list[MatchRead], teams: int) -> list[int]:
        """Each match's round: the file's, when it gives every match one and no team plays
        twice in a round (nor in the round it has the bye); otherwise rounds assigned here
        so that each team plays once a round, in as few rounds as the matches allow, with a note."""
        given = [m.round for m in matches]
        if None not in given and _once_a_round(matches, given, self.byes):
            return given  # type: ignore[return-value]
        most = max(Counter(team for m in matches for team in (m.home, m.away)).values())
        limit = teams - 1 if teams % 2 == 0 else teams
        for count in range(max(most, max(self.byes, default=0)), limit + 1):
            found = _colour(matches, count, self.byes)
            if found is not None:
                why = ("the file gives no rounds" if None in given else
                       "the file's rounds have a team playing twice in one round")
                self.notes.append(f"{why}: the {len(matches)} matches are laid out in {count} rounds, each team "
                                  "playing once a round (the standings do not depend on it)")
                return found
        raise ResultsFileError(f"the {len(matches)} matches cannot be laid out in {limit} rounds with each team "
                               f"playing once a round, as a team event of {teams} teams is")


def _scale_note(figures: list[Figure]) -> tuple[str, ...]:
    """A note when every VP figure the file printed is a whole number (and not only 0, 10
    and 20): a whole-number VP scale, which xlbridge does not score.

    >>> _scale_note([Figure("VPs of 1", ("vp", "home"), "12"), Figure("VPs of 2", ("vp", "away"), "8")])[0][:40]
    'the file prints VPs as whole numbers (8,'
    >>> _scale_note([Figure("VPs of 1", ("vp", "home"), "15.75")])
    ()
    """
    vps = [figure.value for figure in figures if figure.key[0] in ("vp", "team")
           or str(figure.key[-1]).startswith("vp")]
    if not vps or any("." in value for value in vps) or set(vps) <= {"0", "10", "20"}:
        return ()
    return (f"the file prints VPs as whole numbers ({', '.join(sorted(set(vps), key=float)[:4])} ...): a "
            "whole-number VP scale, which xlbridge does not score; the workbook's VPs are the WBF 20-VP "
            "continuous scale's, compared all the same",)


TEAMS_BOUND = (3, 40)
"""How many teams a team event (teams-event.xlsx) has."""
MATCH_BOARDS = 32
"""The most boards of one match of a team event."""


def _once_a_round(matches: list[MatchRead], rounds: list[int | None], byes: Mapping[int, int]) -> bool:
    """Whether no team plays twice in a round, nor in a round it has the bye."""
    busy = {(number, team) for number, team in byes.items()}
    for match, number in zip(matches, rounds, strict=True):
        for team in (match.home, match.away):
            if (number, team) in busy:
                return False
            busy.add((number, team))
    return True


def _colour(matches: list[MatchRead], count: int, byes: Mapping[int, int], budget: int = 20_000) -> list[int] | None:
    """Rounds 1..``count`` for the matches, each team once a round (an edge colouring,
    by backtracking on the match with the fewest rounds left); None when none is found
    within ``budget`` steps."""
    busy = {(number, team) for number, team in byes.items()}
    out = [0] * len(matches)
    steps = 0

    def free(index: int) -> list[int]:
        match = matches[index]
        return [n for n in range(1, count + 1) if (n, match.home) not in busy and (n, match.away) not in busy]

    def place(left: set[int]) -> bool:
        nonlocal steps
        if not left:
            return True
        steps += 1
        if steps > budget:
            return False
        index = min(left, key=lambda i: (len(free(i)), i))
        match = matches[index]
        for number in free(index):
            busy.update({(number, match.home), (number, match.away)})
            out[index] = number
            if place(left - {index}):
                return True
            busy.difference_update({(number, match.home), (number, match.away)})
        return False

    return out if place(set(range(len(matches)))) else None


def _round_robin(matches: list[MatchRead], teams: int) -> bool:
    """Whether the matches are a whole round robin: every two teams meet once."""
    met = {frozenset((m.home, m.away)) for m in matches}
    return len(met) == len(matches) == teams * (teams - 1) // 2
