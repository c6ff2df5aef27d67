"""PBN's plainest results form: no ``[ScoreTable]``, but one game record per table, each
with its ``[Board]``, the four players (``[North]``, ``[East]``, ``[South]``, ``[West]``),
``[Contract]``, ``[Declarer]`` and ``[Result]`` (BBO's tournament files, JFR Pary's and
KOPS's pages converted to PBN). :func:`build` turns them into traveller lines.

A pair is its two players: the same two names North-South, or East-West, are one pair,
whichever direction they sit (names compared without case, as BBO does). Pairs are
numbered in order of first appearance, unless the file numbers them: a ``[PairNS]`` /
``[PairEW]`` number on every record, or players named by a number (JFR Pary writes
``Para-11`` for both players of pair 11).

What cannot be a pairs event is refused in one line: one pair at two tables of a board
(a robot pair at every table), most players with more than one partner (an individual),
a team match (``[Room]``, ``[HomeTeam]``). A record with no contract and no result is a
board not played there, with a note.

    >>> found = build(EventBuilder(), [
    ...     Record("1", 1, ("Ann", "Cy", "Bo", "Di"), "4S", "N", "10"),
    ...     Record("1", 20, ("Ed", "Gus", "Flo", "Hal"), "4S", "S", "9"),
    ...     Record("2", 40, ("di", "Ed", "Cy", "Flo"), "3NT", "S", "9"),
    ...     Record("2", 60, ("Hal", "Bo", "Gus", "Ann"), "Pass", None, None),
    ... ])
    >>> [(pair.number, pair.names) for pair in found.event.pairs]
    [(1, 'Ann – Bo'), (2, 'Cy – Di'), (3, 'Ed – Flo'), (4, 'Gus – Hal')]
    >>> [(r.board, r.ns, r.ew, r.play.contract, r.play.tricks) for r in found.event.results]
    [(1, 1, 2, '4S', 10), (1, 3, 4, '4S', 9), (2, 2, 3, '3NT', 9), (2, 4, 1, 'PASS', None)]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import BridgeInputError
from ..engine.errors import describe
from ..event import Play
from .results import EventBuilder, Imported, ResultsFileError, blank, board_number, digits

ROBOT = re.compile(r"gib|robot|~~.*", re.IGNORECASE)
"""A robot's name (BBO's GiB, and its ``~~`` bots): one robot is not one player, so a
robot with many partners is no sign of an individual event."""

_NUMBERED = re.compile(r"\D*?(\d{1,3})")  # Para-11, Pair 11, 11


@dataclass(frozen=True, slots=True)
class Record:
    """One game record's results tags as the file has them: board, line, the players
    (North, East, South, West), contract, declarer, result, and the optional pair numbers
    (``[PairNS]``, ``[PairEW]``), score (``[Score "NS 420"]``) and the figures the file
    published for the board (``[ScorePercentage "NS 61.5"]``, ``[ScoreIMP "EW 3"]``)."""

    board: str
    line: int
    seats: tuple[str, str, str, str]
    contract: str | None
    declarer: str | None
    result: str | None
    pairs: tuple[str | None, str | None] = (None, None)
    score: str | None = None
    figures: tuple[str | None, str | None] = (None, None)


def _key(name: str) -> str:
    """A player's name as compared: case and spacing free (BBO's ``cheryl o`` is ``Cheryl O``)."""
    return " ".join(name.split()).casefold()


def _partnership(one: str, other: str) -> frozenset[str]:
    return frozenset((_key(one), _key(other)))


def _names(one: str, other: str) -> str:
    """A pair's names: both players, or one when the file names the pair, not its players."""
    one, other = " ".join(one.split()), " ".join(other.split())
    return one if _key(one) == _key(other) or not other else (other if not one else f"{one} – {other}")


def _numbers(records: Sequence[Record], order: list[frozenset[str]],
             names: dict[frozenset[str], str]) -> tuple[dict[frozenset[str], int], str | None]:
    """Each partnership's pair number: the file's (``[PairNS]``/``[PairEW]`` on every record,
    or every pair named by a number), else the order of first appearance; and a note."""
    tagged: dict[frozenset[str], str] = {}
    if all(digits((p or "").strip(), 3) for record in records for p in record.pairs):
        for record in records:
            north, east, south, west = record.seats
            for pair, number in ((_partnership(north, south), record.pairs[0]),
                                 (_partnership(east, west), record.pairs[1])):
                if tagged.setdefault(pair, number.strip()) != number.strip():
                    raise ResultsFileError(f"{names[pair]} are pair {tagged[pair]} and pair {number.strip()}",
                                           board=board_number(record.board), line=record.line)
        numbers = {pair: int(text) for pair, text in tagged.items()}
        if len(set(numbers.values())) == len(numbers) and 0 not in numbers.values():
            return numbers, None
        raise ResultsFileError("[PairNS]/[PairEW] give one number to two pairs")
    named = {pair: _NUMBERED.fullmatch(names[pair]) for pair in order}
    if all(named.values()) and all(len(pair) == 1 for pair in order):
        numbers = {pair: int(found[1]) for pair, found in named.items()}
        if len(set(numbers.values())) == len(numbers) and 0 not in numbers.values():
            return numbers, None
    return {pair: number for number, pair in enumerate(order, start=1)}, (
        "the file does not number its pairs: they are numbered in the order they first appear")


def build(builder: EventBuilder, records: Sequence[Record]) -> Imported:
    """The event of a file's game records (the builder already holds the name, date and
    scoring): pairs by their players, one traveller line a record."""
    order: list[frozenset[str]] = []
    names: dict[frozenset[str], str] = {}
    partners: dict[str, set[str]] = {}
    played: dict[tuple[int, frozenset[str]], int] = {}
    not_played = 0
    for record in records:
        board = board_number(record.board, line=record.line)
        north, east, south, west = record.seats
        for one, other in ((north, south), (east, west)):
            if blank(one) and blank(other):
                raise ResultsFileError("a game record with no players' names: xlbridge needs them to know the "
                                       "pairs", board=board, line=record.line)
            pair = _partnership(one, other)
            if pair not in names:
                order.append(pair)
                names[pair] = _names(one, other)
            also = played.setdefault((board, pair), record.line)
            if also != record.line:
                raise ResultsFileError(f"{names[pair]} play the board at two tables (also line {also}): "
                                       "not a pairs event (a robot pair, or one pair at many tables)",
                                       board=board, line=record.line)
            for player, partner in ((one, other), (other, one)):
                if not ROBOT.fullmatch(player.strip()) and _key(player) != _key(partner):
                    partners.setdefault(_key(player), set()).add(_key(partner))
    if max(Counter(record.board.strip().lstrip("0") for record in records).values()) < 2 and len(records) > 1:
        raise ResultsFileError("every board was played at one table: nothing to score it against (one "
                               "table's deals, not a pairs event's results)")
    several = sorted(player for player, with_ in partners.items() if len(with_) > 1)
    if partners and len(several) * 2 > len(partners):
        raise ResultsFileError(f"{len(several)} of {len(partners)} players play with more than one partner: an "
                               "individual event; xlbridge imports pairs events")
    numbers, note = _numbers(records, order, names)
    if note:
        builder.notes.append(note)
    if several:
        builder.notes.append(f"{len(several)} player{'s' if len(several) > 1 else ''} played with more than one "
                             f"partner (a substitute?), e.g. {several[0]!r}: each partnership is a pair here")
    published = _published(records, builder.scoring.imps)
    for pair in sorted(order, key=numbers.__getitem__):
        builder.pair(numbers[pair], names[pair], published=published.get(pair))
    for record in records:
        north, east, south, west = record.seats
        contract, declarer, result = record.contract, record.declarer, record.result
        if blank(contract) and blank(result):
            contract, not_played = "NP", not_played + 1
        _check_score(record)
        builder.line(record.board, str(numbers[_partnership(north, south)]), str(numbers[_partnership(east, west)]),
                     contract, declarer, result, line=record.line)
    if not_played:
        builder.notes.append(f"{not_played} game record{'s have' if not_played > 1 else ' has'} no contract and no "
                             "result: read as not played at that table (NP)")
    return builder.build()


def _check_score(record: Record) -> None:
    """A record's ``[Score "NS 420"]`` must be its contract's score: if not, the contract,
    declarer or result was not read as the file meant it."""
    found = re.fullmatch(r"(NS|EW)\s+(-?\d{1,5})", (record.score or "").strip().upper())
    if found is None or blank(record.contract):
        return
    board = board_number(record.board, line=record.line)
    try:
        tricks = (record.result or "").strip()
        ours = Play(record.contract.strip(), (record.declarer or "").strip().upper()[:1],
                    int(tricks) if digits(tricks, 2) else None).played.score(board)
    except BridgeInputError:
        return  # the line itself is refused, more precisely, when it is read
    theirs = int(found[2]) * (1 if found[1] == "NS" else -1)
    if ours != theirs:
        raise ResultsFileError(f"[Score {record.score!r}]: {record.contract} by {record.declarer} making "
                               f"{describe(record.result)} scores {ours:+} for North-South", board=board,
                               line=record.line)


_FIGURE = re.compile(r"(NS|EW)\s+(-?\d{1,4}(?:[.,]\d{1,4})?)%?")


def _published(records: Sequence[Record], imps: bool) -> dict[frozenset[str], str]:
    """Each pair's published figure from the records' own: its IMPs summed, or the mean of
    its boards' percentages (to 0.1: each board's was rounded). Only when every record has
    one; else none (a partial sum would differ for no fault of the import).

    >>> seats = ("Ann", "Cy", "Bo", "Di")
    >>> _published([Record("1", 1, seats, "4S", "N", "10", figures=("NS 62.5", None)),
    ...             Record("2", 9, seats, "3NT", "N", "9", figures=("EW 40", None))], False)[frozenset({"ann", "bo"})]
    '61.2'
    """
    found: dict[frozenset[str], list[float]] = {}
    for record in records:
        figure = _FIGURE.fullmatch((record.figures[imps] or "").strip().upper())
        if figure is None:
            return {}
        value = float(figure[2].replace(",", "."))
        north, east, south, west = record.seats
        for side, pair in (("NS", _partnership(north, south)), ("EW", _partnership(east, west))):
            mine = value if figure[1] == side else (-value if imps else 100 - value)
            found.setdefault(pair, []).append(mine)
    if imps:
        decimals = max(len((record.figures[1] or "").replace(",", ".").partition(".")[2]) for record in records)
        return {pair: f"{sum(values):.{decimals}f}" for pair, values in found.items()}
    return {pair: f"{sum(values) / len(values):.1f}" for pair, values in found.items()}

