"""A played deal written as one text: contract, declarer and result (``4SXN-1``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .contract import Contract, parse_contract
from .errors import BridgeInputError, describe
from .result import tricks_taken
from .score import duplicate_score, seat_vulnerable
from .seat import SEATS, Side

_RESULT_TAIL = re.compile(r"(=|[+-]\d{1,2})$")
# The usual shape, read in one step; anything else takes the general path.
_PLAIN = re.compile(r"([1-7])(NT|N|S|H|D|C)(?:([NESW])(XX|X)?|(XX|X)?([NESW]))(=|[+-]\d{1,2})")


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
    plain = _PLAIN.fullmatch(text.upper())
    if plain is not None:
        level, strain, seat, doubling, doubling2, seat2, result = plain.groups()
        contract = parse_contract(f"{level}{strain}{doubling or doubling2 or ''}{seat or seat2}")
        change = 0 if result == "=" else int(result)
        if 0 <= contract.tricks_needed + change <= 13:
            return Played(contract, contract.tricks_needed + change)
    key = "".join(text.split())
    tail = _RESULT_TAIL.search(key)
    contract = parse_contract(key[: tail.start()] if tail else key)
    if contract.passed_out:
        return Played(contract)
    if tail is None or contract.declarer is None:
        raise BridgeInputError(f"played deal {describe(text)}: write e.g. 4SXN-1 or 3NTE=")
    return Played(contract, tricks_taken(contract, tail[1]))


@functools.lru_cache(maxsize=32768, typed=True)
def score_played(text: str, vulnerable: object) -> int:
    """North-South's score of a played deal written as one text.

    The fast path for whole travellers: parse and score are memoised on the
    text itself, since a field repeats a few thousand distinct results.

    >>> score_played("4SXN-1", 7), score_played("3NTE=", "All")
    (-200, -600)
    """
    return parse_played(text).score(vulnerable)


def score_played_many(texts: Iterable[str], vulnerable: object) -> list[int]:
    """North-South's scores of many played deals on one board (one vulnerability).

    Each distinct text is parsed and scored once; a traveller column repeats
    few results, so this is the way to score a whole field.

    >>> score_played_many(["4SN=", "4SN=", "4SXE-2", "PASS"], "NS")
    [620, 620, 300, 0]
    """
    by_seat = {seat: seat_vulnerable(vulnerable, seat) for seat in SEATS}
    texts = list(texts)
    # One entry per distinct text, in order of first appearance (so the first bad
    # text is the one reported); the column is then read back from it.
    memo: dict[str, int] = dict.fromkeys(texts, 0)
    for text in memo:
        played = parse_played(text)
        declarer = played.contract.declarer
        if declarer is not None:
            points = duplicate_score(played.contract, played.tricks, by_seat[declarer])
            memo[text] = points if declarer.side is Side.NS else -points
    return list(map(memo.__getitem__, texts))
