"""What the results-file readers (:mod:`.pbn`, :mod:`.usebio`) share: the imported event
with the figures the file published, the error naming board and line, the size bound,
and turning one traveller line's texts into a checked :class:`PairResult`.

Files from other programs are untrusted: every value is parsed here, at the edge, into
the immutable values of :mod:`xlbridge.event`; anything the engine would refuse
is refused now, with the board and line it came from.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine import (
    PASSED_OUT,
    Adjusted,
    BridgeInputError,
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
from ..event import Pair, PairResult, PairsEvent, Play
from ..workbooks.book import EVENT_LENGTH, NAME_LENGTH  # what a workbook's name cells allow: longer is refused

MAX_BYTES = 5_000_000
"""The largest results file read (5 MB: a big club session is well under 1 MB)."""
MAX_BOARDS = 99
"""The most boards (the pairs workbook's limit)."""
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


@dataclass(frozen=True, slots=True)
class Published:
    """A pair's figure as the file printed it: a percentage (matchpoints) or IMPs, as text
    (its decimals say how exactly it was printed)."""

    pair: int
    value: str

    @property
    def number(self) -> float:
        """The figure as a number."""
        return float(self.value)

    @property
    def tolerance(self) -> float:
        """Half a unit of the last decimal printed: ``58.33`` stands for 58.325-58.335.

        >>> Published(1, "58.33").tolerance, Published(1, "12").tolerance
        (0.005, 0.5)
        """
        decimals = len(self.value.partition(".")[2])
        return 0.5 * 10 ** -decimals


@dataclass(frozen=True)
class Imported:
    """A results file read: the event (to fill into a pairs workbook), the figures the file
    published for each pair (a percentage for matchpoints, IMPs otherwise), and what the
    reader changed on the way (``notes``, e.g. East-West pairs renumbered)."""

    event: PairsEvent
    published: Mapping[int, Published] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

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


@dataclass(frozen=True, slots=True)
class RawLine:
    """A traveller line's texts as the file has them (NS, EW, contract, declarer, tricks),
    with its board, its score columns and its line."""

    board: int
    values: tuple[str | None, str | None, str | None, str | None, str | None]
    scores: tuple[str | None, str | None]
    line: int | None


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
             line: int | None = None, penalty: float | None = None) -> None:
        """List a pair: its names, the direction it sat (``NS``/``EW``, if the file says),
        the figure the file published for it (a percentage or IMPs, as text) and any
        procedural penalty taken from its total (points, a bonus negative)."""
        names = " ".join(names.split())
        if printable(names) != names:
            names = printable(names)
            self.notes.append(f"pair {number}: characters a workbook cannot hold were left out of the names")
        if len(names) > NAME_LENGTH:
            raise ResultsFileError(f"pair {number}: names are {len(names)} characters; the limit is {NAME_LENGTH}",
                                   line=line)
        self.listed.append(Listed(number, names, direction, published, line, penalty))

    def line(self, board_text: str, ns: str | None, ew: str | None, contract: str | None,
             declarer: str | None = None, tricks: str | None = None, *, line: int | None = None,
             scores: tuple[str | None, str | None] = (None, None)) -> None:
        """Add one traveller line (board, NS, EW, contract, declarer, tricks as texts); it is
        checked in :meth:`build`, once the pairs' numbering is known."""
        board = board_number(board_text, line=line)
        self.lines.append(RawLine(board, (ns, ew, contract, declarer, tricks), scores, line))

    def _ew_offset(self) -> int:
        """0, or what to add to East-West numbers when the file numbers both directions
        from 1 (a two-winner Mitchell): the highest North-South number, so EW follow NS."""
        ns = {entry.number for entry in self.listed if entry.direction == "NS"}
        ew = {entry.number for entry in self.listed if entry.direction == "EW"}
        return max(ns) if ns & ew else 0

    def _results(self, offset: int) -> list[tuple[PairResult, int | None]]:
        """Every line checked (East-West numbers moved by ``offset``); Byes and empty lines dropped.
        A bare ``A`` (an adjusted score with no split) is read as average, with a note."""
        rows = []
        for raw in self.lines:
            ns, ew, *rest = raw.values
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
                rows.append((result, raw.line))
        return rows

    def build(self) -> Imported:
        """The event, checked as a whole: a pair listed once and playing a board once,
        sizes within bounds."""
        if printable(self.name) != self.name:
            self.name = printable(self.name)
            self.notes.append("characters a workbook cannot hold were left out of the event's name")
        offset = self._ew_offset()
        rows = self._results(offset)
        if not rows:
            raise ResultsFileError("no traveller lines with results")
        if len(self.name) > EVENT_LENGTH:
            raise ResultsFileError(f"the event's name is {len(self.name)} characters; the limit is {EVENT_LENGTH}")
        names: dict[int, str] = {}
        penalties: dict[int, float] = {}
        published: dict[int, Published] = {}
        for entry in self.listed:
            number = entry.number + (offset if entry.direction == "EW" else 0)
            if number in names:
                raise ResultsFileError(f"pair {entry.number} is listed twice", line=entry.line)
            names[number] = entry.names
            if entry.penalty is not None:
                penalties[number] = entry.penalty
            if entry.published is not None:
                published[number] = Published(number, entry.published)
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
        options: dict[str, object] = {}
        if self.scoring is not Scoring.MP:
            options["scoring"] = str(self.scoring)
        if self.fields == 2:
            options["fields"] = 2
        if self.scoring is Scoring.CROSS_IMPS and self.crossimps is not None:
            options["crossimps"] = self.crossimps
        event = PairsEvent(
            name=self.name, date=self.date,
            pairs=tuple(Pair(number, names[number], penalties.get(number)) for number in sorted(names)),
            results=results, scale=self.scale, tables=max(per_board.values()), boards=max(per_board), options=options,
        )
        notes = (f"the file numbers each direction from 1: East-West pair n is pair {offset}+n here",) if offset else ()
        return Imported(event, published, (*notes, *self.notes))


def board_number(text: str | None, *, line: int | None = None) -> int:
    """A board number 1-99."""
    value = (text or "").strip()
    if not digits(value) or not 1 <= int(value) <= MAX_BOARDS:
        raise ResultsFileError(f"board {describe(value)}: must be a board number 1-{MAX_BOARDS}", line=line)
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
