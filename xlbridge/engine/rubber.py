"""Rubber bridge: the score sheet above and below the line (docs/rules.md §9).

Vulnerability is not fixed per deal as in duplicate or Chicago: a side is
vulnerable on a deal when it has won a game in this rubber before that deal.
That decides its undertrick penalties, doubled and redoubled overtricks and
slam bonuses. Only trick score goes below the line; there is no game or
part-score bonus, only the rubber bonus (700 when the opponents have no game,
500 when they have one) or, for an unfinished rubber, 300 for a side with a
game and 100 for a side with a part score in the unfinished game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .contract import Contract, Strain
from .deals import check_deal, deal_rows, for_deal, is_blank, parse_deal
from .errors import BridgeInputError, describe
from .numeric import column_of, whole_number
from .score import GAME_POINTS, score_parts
from .seat import Seat, Side
from .vulnerability import Vulnerability

RUBBER_BONUS = 700
"""Winning the rubber 2-0."""
RUBBER_BONUS_TWO_ONE = 500
"""Winning the rubber 2-1."""
UNFINISHED_GAME_BONUS = 300
"""Unfinished rubber: a side that has won one game."""
UNFINISHED_PARTSCORE_BONUS = 100
"""Unfinished rubber: a side with a part score in the unfinished game."""
HONOURS = (100, 150)


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours claimed by one side: 100 (four of the five trump honours in one
    hand) or 150 (all five, or four aces in one hand at no-trump).

    >>> str(Honours(Side.EW, 150))
    'EW 150'
    """

    side: Side
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise BridgeInputError(f"honours side {describe(self.side)}: must be NS or EW")
        if isinstance(self.points, bool) or self.points not in HONOURS:
            raise BridgeInputError(f"honours {describe(self.points)}: must be 100 or 150")

    def __str__(self) -> str:
        return f"{self.side} {self.points}"


_SIDE_WORDS = {"NS": Side.NS, "N-S": Side.NS, "N/S": Side.NS,
               "EW": Side.EW, "E-W": Side.EW, "E/W": Side.EW}
_SIDE_TEXT = "NS|N-S|N/S|EW|E-W|E/W"
_HONOURS_TEXT = re.compile(
    rf"(?P<side>{_SIDE_TEXT})?(?P<points>[+-]?\d{{1,4}}(?:\.0*)?)(?P<after>{_SIDE_TEXT})?"
)
_HONOURS_ACCEPTED = "write NS 100, EW 150, or a number (positive for NS, negative for EW)"


def parse_honours(value: object) -> Honours | None:
    """Parse an honours cell: blank (or 0) for none, ``"NS 100"``, ``"EW 150"``
    (spacing and case free, the side before or after), or a number: positive
    for North-South, negative for East-West. Only 100 and 150 exist.

    >>> [str(parse_honours(cell)) for cell in ("ew150", " 100 NS ", -100.0, "", 0)]
    ['EW 150', 'NS 100', 'EW 100', 'None', 'None']
    """
    if isinstance(value, Honours) or value is None:
        return value
    if isinstance(value, str):
        if not value.strip():
            return None
        key = "".join(value.split()).upper()
        match = _HONOURS_TEXT.fullmatch(key) if len(key) <= 12 else None
        if match is None or (match["side"] and match["after"]):
            raise BridgeInputError(f"honours {describe(value)}: {_HONOURS_ACCEPTED}")
        side_text = match["side"] or match["after"]
        number = whole_number(match["points"], "honours")
        if side_text:
            if match["points"][0] in "+-":
                raise BridgeInputError(f"honours {describe(value)}: {_HONOURS_ACCEPTED}")
            return _honours(_SIDE_WORDS[side_text], number, value)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        number = whole_number(value, "honours")
    else:
        raise BridgeInputError(f"honours {describe(value)}: {_HONOURS_ACCEPTED}")
    if number == 0:
        return None
    return _honours(Side.NS if number > 0 else Side.EW, abs(number), value)


def _honours(side: Side, points: int, shown: object) -> Honours:
    if points not in HONOURS:
        raise BridgeInputError(f"honours {describe(shown)}: only 100 and 150 exist")
    return Honours(side, points)


@dataclass(frozen=True, slots=True)
class RubberDeal:
    """One rubber deal as played: contract, declarer, tricks taken, honours.

    The declarer may be given in the contract (``4SXN``) or separately; a
    passed-out deal (:data:`PASSED_OUT`) is redealt and scores nothing. Build
    from typed values with :meth:`parse`.

    >>> deal = RubberDeal.parse("4S", "N", "+1", "EW 100")
    >>> str(deal.contract), deal.tricks, str(deal.honours)
    ('4SN', 11, 'EW 100')
    """

    contract: Contract
    declarer: Seat | None = None
    tricks: int = 0
    honours: Honours | None = None

    def __post_init__(self) -> None:
        contract, seat = check_deal(self.contract, self.declarer, self.tricks)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "declarer", seat)
        if self.honours is None:
            pass
        elif not isinstance(self.honours, Honours):
            raise BridgeInputError(
                f"honours {describe(self.honours)}: must be Honours; use .parse() for text"
            )
        elif contract.passed_out:
            raise BridgeInputError(f"honours {self.honours}: a passed-out deal scores nothing")
        elif contract.strain is Strain.NT and self.honours.points == 100:
            raise BridgeInputError(
                f"honours {describe(str(self.honours))}: 100 is impossible at no-trump "
                "(four aces are 150)"
            )
        if contract.passed_out:
            object.__setattr__(self, "tricks", 0)

    @classmethod
    def parse(
        cls, contract: object, declarer: object = None, result: object = None,
        honours: object = None,
    ) -> RubberDeal:
        """A deal from typed values: any contract, declarer, result and honours form."""
        played, tricks = parse_deal(contract, declarer, result)
        return cls(played, played.declarer, tricks, parse_honours(honours))


@dataclass(frozen=True, slots=True)
class RubberLine:
    """One deal on the score sheet: what each side wrote above and below the line.

    ``ns_above``/``ew_above`` hold overtricks, insult, slam bonuses,
    undertricks and honours; ``ns_below``/``ew_below`` the trick score. The
    rubber bonus is apart, in ``bonus`` (on the deal that ends the rubber,
    to ``game``'s side). ``game`` is the side that won a game on this deal;
    the games, part scores (points below the line in the current game) and
    vulnerability are those after the deal.
    """

    deal: int
    played: RubberDeal
    ns_above: int
    ns_below: int
    ew_above: int
    ew_below: int
    game: Side | None
    ns_games: int
    ew_games: int
    ns_partscore: int
    ew_partscore: int
    vulnerability: Vulnerability
    finished: bool
    bonus: int

    @property
    def winner(self) -> Side | None:
        """The side that won the rubber on this deal, if it ended here."""
        return self.game if self.finished else None

    @property
    def ns_points(self) -> int:
        """All North-South wrote on this deal, the rubber bonus included."""
        return self.ns_above + self.ns_below + (self.bonus if self.winner is Side.NS else 0)

    @property
    def ew_points(self) -> int:
        """All East-West wrote on this deal, the rubber bonus included."""
        return self.ew_above + self.ew_below + (self.bonus if self.winner is Side.EW else 0)


@dataclass(frozen=True, slots=True)
class RubberLedger:
    """A rubber's score sheet: the deal lines and the bonuses.

    ``ns_bonus``/``ew_bonus`` are the rubber bonus (finished rubber) or the
    unfinished-rubber bonuses (300 for a game, 100 for a part score in the
    unfinished game; a side may have both). The ``*_above``/``*_below`` sums
    are the deal lines' only; ``*_total`` adds everything.
    """

    lines: tuple[RubberLine, ...]
    ns_bonus: int
    ew_bonus: int

    @property
    def finished(self) -> bool:
        """True when a side has won two games."""
        return bool(self.lines) and self.lines[-1].finished

    @property
    def winner(self) -> Side | None:
        """The side that won the rubber (None while unfinished)."""
        return self.lines[-1].winner if self.finished else None

    @property
    def ns_games(self) -> int:
        """Games North-South won."""
        return self.lines[-1].ns_games if self.lines else 0

    @property
    def ew_games(self) -> int:
        """Games East-West won."""
        return self.lines[-1].ew_games if self.lines else 0

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable after the last deal (a side with a game)."""
        return self.lines[-1].vulnerability if self.lines else Vulnerability.NONE

    @property
    def ns_above(self) -> int:
        """North-South's points above the line, bonuses apart."""
        return sum(line.ns_above for line in self.lines)

    @property
    def ns_below(self) -> int:
        """North-South's trick score below the line."""
        return sum(line.ns_below for line in self.lines)

    @property
    def ew_above(self) -> int:
        """East-West's points above the line, bonuses apart."""
        return sum(line.ew_above for line in self.lines)

    @property
    def ew_below(self) -> int:
        """East-West's trick score below the line."""
        return sum(line.ew_below for line in self.lines)

    @property
    def ns_total(self) -> int:
        """North-South's total, bonuses included."""
        return self.ns_above + self.ns_below + self.ns_bonus

    @property
    def ew_total(self) -> int:
        """East-West's total, bonuses included."""
        return self.ew_above + self.ew_below + self.ew_bonus

    @property
    def totals(self) -> tuple[int, int]:
        """``(ns_total, ew_total)``."""
        return self.ns_total, self.ew_total

    @property
    def net_ns(self) -> int:
        """North-South's margin: ``ns_total - ew_total``."""
        return self.ns_total - self.ew_total


def play_rubber(deals: Iterable[RubberDeal]) -> RubberLedger:
    """Score the deals of one rubber in order (deal 1, 2, ...).

    A deal after the rubber has ended is an input error naming it. Seed 000's
    example: EW 1NT+1, NS 2C+1, EW 2S+1 (game: EW vulnerable), EW 6S made.

    >>> ledger = play_rubber([
    ...     RubberDeal.parse("1NT", "E", 8), RubberDeal.parse("2C", "N", 9),
    ...     RubberDeal.parse("2S", "W", 9), RubberDeal.parse("6S", "W", 12)])
    >>> ledger.totals, ledger.winner, ledger.ew_bonus
    ((60, 1790), <Side.EW: 'EW'>, 700)
    """
    return _play(enumerate(column_of(deals, "deals"), start=1))


def _play(numbered: Iterable[tuple[int, RubberDeal]]) -> RubberLedger:
    lines: list[RubberLine] = []
    games = {Side.NS: 0, Side.EW: 0}
    legs = {Side.NS: 0, Side.EW: 0}
    ended_on: int | None = None
    for number, deal in numbered:
        if not isinstance(deal, RubberDeal):
            raise BridgeInputError(f"deal {number}: {describe(deal)} is not a RubberDeal")
        if ended_on is not None:
            raise BridgeInputError(
                f"deal {number}: the rubber ended on deal {ended_on}; start a new rubber"
            )
        above = {Side.NS: 0, Side.EW: 0}
        below = {Side.NS: 0, Side.EW: 0}
        game: Side | None = None
        bonus = 0
        if deal.declarer is not None:
            side = deal.declarer.side
            parts = score_parts(deal.contract, deal.tricks, games[side] > 0)
            if parts.made:
                below[side] = parts.below
                above[side] = parts.above
                legs[side] += parts.below
                if legs[side] >= GAME_POINTS:
                    # A game draws a new line: both sides start the next game from 0.
                    game = side
                    games[side] += 1
                    legs = {Side.NS: 0, Side.EW: 0}
                    if games[side] == 2:
                        ended_on = number
                        bonus = RUBBER_BONUS if games[side.other] == 0 else RUBBER_BONUS_TWO_ONE
            else:
                above[side.other] = parts.penalty
        if deal.honours is not None:
            above[deal.honours.side] += deal.honours.points
        lines.append(RubberLine(
            number, deal, above[Side.NS], below[Side.NS], above[Side.EW], below[Side.EW], game,
            games[Side.NS], games[Side.EW], legs[Side.NS], legs[Side.EW],
            Vulnerability.of_sides(games[Side.NS] > 0, games[Side.EW] > 0),
            ended_on is not None, bonus,
        ))
    bonuses = {Side.NS: 0, Side.EW: 0}
    if ended_on is not None:
        last = lines[-1]
        assert last.game is not None
        bonuses[last.game] = last.bonus
    else:
        for side in Side:
            bonuses[side] = (UNFINISHED_GAME_BONUS if games[side] else 0) + (
                UNFINISHED_PARTSCORE_BONUS if legs[side] else 0
            )
    return RubberLedger(tuple(lines), bonuses[Side.NS], bonuses[Side.EW])


def rubber_ledger(
    contracts: Sequence[object], declarers: Sequence[object], results: Sequence[object],
    honours: Sequence[object] | None = None,
) -> RubberLedger:
    """Score a rubber from parallel columns of cell values, row k being deal k.

    A row with a blank contract is skipped (it keeps its number). A contract
    with a blank declarer or result, or any bad value, is an input error
    naming the deal; so is a deal after the rubber has ended.

    >>> ledger = rubber_ledger(["4S", "", "3NT"], ["N", "", "W"], [10, "", 9], ["NS 100", "", ""])
    >>> [(line.deal, line.ns_points, line.ew_points) for line in ledger.lines]
    [(1, 220, 0), (3, 0, 100)]
    >>> ledger.totals, str(ledger.vulnerability)
    ((520, 400), 'All')
    """
    columns = deal_rows(contracts, declarers=declarers, results=results, honours=honours)
    numbered = [
        (number, for_deal(number, lambda c=contract, d=declarer, r=result, h=claim:
                           RubberDeal.parse(c, d, r, h)))
        for number, (contract, declarer, result, claim) in enumerate(columns, start=1)
        if not is_blank(contract)
    ]
    return _play(numbered)


def rubber_total(
    contracts: Sequence[object], declarers: Sequence[object], results: Sequence[object],
    honours: Sequence[object] | None = None,
) -> tuple[int, int]:
    """North-South's and East-West's totals of one rubber, bonuses included, as ``RUBBERTOTAL``.

    >>> rubber_total(["1NT", "2C", "2S", "6S"], ["E", "N", "W", "W"], [8, 9, 9, 12])
    (60, 1790)
    """
    return rubber_ledger(contracts, declarers, results, honours).totals
