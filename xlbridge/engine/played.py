"""A played deal written as one text: contract, declarer and result (``4SXN-1``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .contract import Contract, Doubling, Strain, parse_contract
from .errors import BridgeInputError, describe
from .numeric import column_of
from .result import tricks_taken
from .score import duplicate_points, duplicate_score, seat_vulnerable
from .seat import SEATS, Seat, Side

_RESULT_TAIL = re.compile(r"(=|[+-]\d{1,2})$")
# The usual shape (``4SXN-1``, ``3NTE=``), read in one step; anything else takes the general path.
_PLAIN = re.compile(r"([1-7])(NT|N|S|H|D|C)(?:([NESW])(XX|X)?|(XX|X)?([NESW]))(=|[+-]\d{1,2})")
_STRAIN_LETTERS = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT, "NT": Strain.NT}
_DOUBLING_LETTERS = {None: Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}
_SEAT_LETTERS = {seat.value: seat for seat in SEATS}


@functools.lru_cache(maxsize=16384)
def _plain(text: str) -> tuple[int, Strain, Doubling, Seat, int] | None:
    """Level, strain, doubling, declarer and tricks of a text of the usual shape, else None."""
    match = _PLAIN.fullmatch(text.upper())
    if match is None:
        return None
    level, strain, seat, doubling, doubling2, seat2, result = match.groups()
    tricks = int(level) + 6 + (0 if result == "=" else int(result))
    if not 0 <= tricks <= 13:
        return None  # the general path says what is wrong
    return (int(level), _STRAIN_LETTERS[strain], _DOUBLING_LETTERS[doubling or doubling2],
            _SEAT_LETTERS[seat or seat2], tricks)


@dataclass(frozen=True, slots=True)
class Played:
    """A contract with its declarer, and the tricks declarer took.

    >>> p = parse_played("4SXN-1")
    >>> p.contract, p.tricks, str(p)
    (Contract(level=4, strain=<Strain.S: 3>, doubling=<Doubling.DOUBLED: 2>, declarer=<Seat.N: 'N'>), 9, '4SXN-1')
    """

    contract: Contract
    tricks: int = 0

    def score(self, vulnerable: object) -> int:
        """North-South's score; ``vulnerable`` as for :func:`score` with a declarer.

        >>> parse_played("3NTE=").score("All")
        -600
        """
        try:
            return _ns_score(self, vulnerable)
        except TypeError:  # an unhashable vulnerability: nothing to cache
            return _ns_score.__wrapped__(self, vulnerable)

    def __str__(self) -> str:
        if self.contract.passed_out:
            return "PASS"
        diff = self.tricks - self.contract.tricks_needed
        return f"{self.contract}{'=' if diff == 0 else f'{diff:+d}'}"


# typed: True (declarer vulnerable) and 1 (board 1) must not share an entry.
@functools.lru_cache(maxsize=16384, typed=True)
def _ns_score(played: Played, vulnerable: object) -> int:
    contract = played.contract
    if contract.passed_out or contract.declarer is None:
        return 0
    points = duplicate_score(contract, played.tricks, seat_vulnerable(vulnerable, contract.declarer))
    return points if contract.declarer.side is Side.NS else -points


@functools.lru_cache(maxsize=8192)
def parse_played(text: str) -> Played:
    """Parse ``<contract><declarer><result>`` as travellers and PBN tools write it.

    The result is ``=``, ``+n`` or ``-n``; declarer may stand before or after
    the doubling (``4SXN-1``, ``4SNX-1``); ``PASS`` needs no result.

    >>> str(parse_played("4s x n -1")), str(parse_played("3NTE=")), str(parse_played("PASS"))
    ('4SXN-1', '3NTE=', 'PASS')
    """
    if not isinstance(text, str):
        raise BridgeInputError(f"played deal {describe(text)}: write e.g. 4SXN-1 or 3NTE=")
    plain = _plain(text)
    if plain is not None:
        level, strain, doubling, seat, tricks = plain
        return Played(Contract(level, strain, doubling, seat), tricks)
    key = "".join(text.split())
    tail = _RESULT_TAIL.search(key)
    contract = parse_contract(key[: tail.start()] if tail else key)
    if contract.passed_out:
        return Played(contract)
    if tail is None or contract.declarer is None:
        raise BridgeInputError(f"played deal {describe(text)}: write e.g. 4SXN-1 or 3NTE=")
    return Played(contract, tricks_taken(contract, tail[1]))


def score_played_many(texts: Iterable[str], vulnerable: object) -> list[int]:
    """North-South's scores of many played deals on one board (one vulnerability).

    Each distinct text is parsed and scored once; a traveller column repeats
    few results, so this is the way to score a whole field.

    >>> score_played_many(["4SN=", "4SN=", "4SXE-2", "PASS"], "NS")
    [620, 620, 300, 0]
    """
    by_seat = {seat: seat_vulnerable(vulnerable, seat) for seat in SEATS}
    texts = column_of(texts, "results")
    # One entry per distinct text, in order of first appearance (so the first bad
    # text is the one reported); the column is then read back from it.
    memo: dict[str, int] = dict.fromkeys(texts, 0)
    for text in memo:
        plain = _plain(text) if isinstance(text, str) else None
        if plain is None:
            played = parse_played(text)
            if played.contract.declarer is None:
                continue  # passed out: 0
            contract, tricks = played.contract, played.tricks
            level, strain, doubling, seat = contract.level, contract.strain, contract.doubling, contract.declarer
        else:
            level, strain, doubling, seat, tricks = plain
        points = duplicate_points(level, strain, doubling, tricks, by_seat[seat])
        memo[text] = points if seat.side is Side.NS else -points
    return list(map(memo.__getitem__, texts))
