"""Chicago: four-deal rounds with a fixed dealer and vulnerability cycle (docs/rules.md §4).

Also the scoring of a sequence of deals (plain duplicate scores, or the Laws
of Chicago with part scores carrying toward game) and compensation-table IMPs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .compensation import Fit, compensation_imps
from .contract import Contract
from .deals import check_deal, deal_rows, for_deal, is_blank, parse_deal
from .errors import BridgeInputError, describe
from .numeric import column_of, real_number, whole_number
from .score import GAME_POINTS, duplicate_score, score_parts
from .seat import SEATS, Seat, Side
from .vulnerability import Vulnerability

VARIANTS = ("standard", "duplicate")

# Deals 1-4 of each round. "standard" is the Laws of Chicago (seed 000): the
# dealer's side is vulnerable on deals 2 and 3; "duplicate" (seed 004) follows
# duplicate boards 1-4, where it is not.
_CYCLES: dict[str, tuple[Vulnerability, ...]] = {
    "standard": (Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.ALL),
    "duplicate": (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL),
}


def chicago_variant(variant: object) -> str:
    """Parse a Chicago variant name: ``standard`` (default) or ``duplicate``.

    >>> chicago_variant(" Duplicate ")
    'duplicate'
    """
    if is_blank(variant):
        return "standard"
    if isinstance(variant, str) and variant.strip().lower() in VARIANTS:
        return variant.strip().lower()
    raise BridgeInputError(f"variant {describe(variant)}: must be standard or duplicate")


def chicago_vul(deal: object, variant: object = "standard") -> Vulnerability:
    """Vulnerability of Chicago deal ``deal`` (1, 2, ...; every 4 deals repeat).

    >>> str(chicago_vul(2)), str(chicago_vul(2, "duplicate")), str(chicago_vul(8))
    ('EW', 'NS', 'All')
    """
    number = whole_number(deal, "deal", 1)
    return _CYCLES[chicago_variant(variant)][(number - 1) % 4]


def chicago_dealer(deal: object) -> Seat:
    """Dealer of Chicago deal ``deal``: N, E, S, W in turn.

    >>> chicago_dealer(7)
    <Seat.S: 'S'>
    """
    return SEATS[(whole_number(deal, "deal", 1) - 1) % 4]


# --- Scoring a sequence of Chicago deals -------------------------------------------------

FOURTH_DEAL_PARTSCORE_BONUS = 100


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    """One Chicago deal as played: the contract (with declarer) and tricks taken.

    ``ns_hcp`` (North-South's high-card points, 0-40) and ``fit`` (the best fit
    of the side with more points) are optional; given, the deal is also scored
    against the compensation table. Build from typed values with :meth:`parse`.

    >>> deal = ChicagoDeal.parse("3NT", "E", 9)
    >>> str(deal.contract), deal.declarer, deal.tricks
    ('3NTE', <Seat.E: 'E'>, 9)
    """

    contract: Contract
    declarer: Seat | None = None
    tricks: int = 0
    ns_hcp: int | None = None
    fit: Fit | None = None

    def __post_init__(self) -> None:
        contract, seat = check_deal(self.contract, self.declarer, self.tricks)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "declarer", seat)
        if contract.passed_out:
            object.__setattr__(self, "tricks", 0)
        if (self.ns_hcp is None) != (self.fit is None):
            missing = "fit" if self.fit is None else "hcp"
            raise BridgeInputError(f"{missing} is blank: compensation needs both hcp and fit")
        if self.ns_hcp is not None:
            object.__setattr__(self, "ns_hcp", whole_number(self.ns_hcp, "hcp", 0, 40))
            if not isinstance(self.fit, Fit):
                raise BridgeInputError(
                    f"fit {describe(self.fit)}: must be a Fit; use .parse() for text"
                )

    @classmethod
    def parse(
        cls, contract: object, declarer: object = None, result: object = None,
        ns_hcp: object = None, fit: object = None,
    ) -> ChicagoDeal:
        """A deal from typed values: contract, declarer, result in any accepted form.

        ``ns_hcp`` and ``fit`` are both blank or both given (a fit such as
        ``"M8 m9"`` naming a major and a minor fit counts as the major, see
        :func:`best_fit`).
        """
        played, tricks = parse_deal(contract, declarer, result)
        hcp = None if is_blank(ns_hcp) else whole_number(ns_hcp, "hcp", 0, 40)
        best = None if is_blank(fit) else best_fit(fit)
        return cls(played, played.declarer, tricks, hcp, best)


@dataclass(frozen=True, slots=True)
class ChicagoLine:
    """One deal of a Chicago sequence, scored.

    ``ns_score`` is North-South's score (negative when East-West gained), or
    None on a blank row. ``game`` is the side that scored a game bonus on this
    deal. ``ns_partscore``/``ew_partscore`` are each side's points toward game
    after the deal when part scores carry (always 0 otherwise). ``imps_ns`` are
    the compensation IMPs (None without hcp and fit). The totals are running:
    ``ns_total`` is the sum of North-South's positive scores so far,
    ``ew_total`` East-West's, ``imps_total`` the sum of ``imps_ns``.
    """

    deal: int
    dealer: Seat
    vulnerability: Vulnerability
    played: ChicagoDeal | None
    ns_score: int | None
    game: Side | None
    ns_partscore: int
    ew_partscore: int
    imps_ns: int | None
    ns_total: int
    ew_total: int
    imps_total: int


@dataclass(frozen=True, slots=True)
class ChicagoLedger:
    """A sequence of Chicago deals, scored; see :func:`play_chicago`."""

    lines: tuple[ChicagoLine, ...]
    variant: str = "standard"
    carry_partscores: bool = False

    @property
    def ns_total(self) -> int:
        """Points North-South gained (the sum of their positive scores)."""
        return self.lines[-1].ns_total if self.lines else 0

    @property
    def ew_total(self) -> int:
        """Points East-West gained."""
        return self.lines[-1].ew_total if self.lines else 0

    @property
    def totals(self) -> tuple[int, int]:
        """``(ns_total, ew_total)``."""
        return self.ns_total, self.ew_total

    @property
    def net_ns(self) -> int:
        """North-South's margin: ``ns_total - ew_total``."""
        return self.ns_total - self.ew_total

    @property
    def imps_ns(self) -> int:
        """Compensation IMPs from North-South's view, summed."""
        return self.lines[-1].imps_total if self.lines else 0


def play_chicago(
    deals: Iterable[ChicagoDeal | None], variant: object = "standard",
    carry_partscores: bool = False, first_deal: object = 1,
) -> ChicagoLedger:
    """Score Chicago deals in order; the first is deal ``first_deal`` (1, 5, 9 start a round).

    Each deal has the dealer and vulnerability of its number (``variant``
    ``standard`` or ``duplicate``, docs/rules.md §4). None is a deal not (yet)
    played: it keeps its number and scores nothing. A passed-out deal scores 0
    (the Laws redeal it with the same dealer and vulnerability: record the redeal).

    By default each deal is scored as in duplicate (a part score earns 50).
    With ``carry_partscores`` (the Laws of Chicago): trick scores of a round
    accumulate toward game for each side as in rubber bridge, and a side
    completing 100 gets the game bonus of its vulnerability on that deal
    (300/500); a game wipes both sides' part scores. There is no 50 part-score
    bonus; instead a side that makes a part score on a round's fourth deal
    that does not complete a game gets 100 (whatever part scores either side
    holds). Part scores left at the end of a round are lost.

    >>> plain = play_chicago([ChicagoDeal.parse("2S", "N", 8), ChicagoDeal.parse("2H", "S", 8)])
    >>> [line.ns_score for line in plain.lines], plain.totals
    ([110, 110], (220, 0))
    >>> carry = play_chicago([ChicagoDeal.parse("2S", "N", 8), ChicagoDeal.parse("2H", "S", 8)],
    ...                      carry_partscores=True)
    >>> [line.ns_score for line in carry.lines], [line.game for line in carry.lines]
    ([60, 360], [None, <Side.NS: 'NS'>])
    """
    name = chicago_variant(variant)
    first = whole_number(first_deal, "first deal", 1)
    carry = bool(carry_partscores)
    deals = column_of(deals, "deals")
    lines: list[ChicagoLine] = []
    legs = {Side.NS: 0, Side.EW: 0}
    ns_total = ew_total = imps_total = 0
    for number, played in enumerate(deals, start=first):
        fourth = number % 4 == 0
        if number % 4 == 1:
            legs = {Side.NS: 0, Side.EW: 0}
        vul = chicago_vul(number, name)
        if played is not None and not isinstance(played, ChicagoDeal):
            raise BridgeInputError(f"deal {number}: {describe(played)} is not a ChicagoDeal")
        ns_score: int | None = None
        game: Side | None = None
        imps_ns: int | None = None
        if played is not None:
            if played.declarer is None:
                ns_score = 0
            else:
                side = played.declarer.side
                points, game = _deal_points(played, vul.is_vulnerable(side), carry, fourth, legs)
                ns_score = points if side is Side.NS else -points
            ns_total += max(ns_score, 0)
            ew_total += max(-ns_score, 0)
            if played.ns_hcp is not None:
                imps_ns = chicago_compensation(played.ns_hcp, played.fit, number, ns_score, name)
                imps_total += imps_ns
        lines.append(ChicagoLine(
            number, chicago_dealer(number), vul, played, ns_score, game,
            legs[Side.NS], legs[Side.EW], imps_ns, ns_total, ew_total, imps_total,
        ))
    return ChicagoLedger(tuple(lines), name, carry)


def _deal_points(
    played: ChicagoDeal, vulnerable: bool, carry: bool, fourth: bool, legs: dict[Side, int]
) -> tuple[int, Side | None]:
    """Declarer's score on one deal and the side that scored a game (updates ``legs``)."""
    contract = played.contract
    assert played.declarer is not None
    side = played.declarer.side
    parts = score_parts(contract, played.tricks, vulnerable)
    if not carry:
        game = side if parts.made and parts.below >= GAME_POINTS else None
        return duplicate_score(contract, played.tricks, vulnerable), game
    if not parts.made:
        return -parts.penalty, None
    legs[side] += parts.below
    points = parts.below + parts.above
    if legs[side] >= GAME_POINTS:
        legs[Side.NS] = legs[Side.EW] = 0
        return points + (500 if vulnerable else 300), side
    return points + (FOURTH_DEAL_PARTSCORE_BONUS if fourth else 0), None


def chicago_ledger(
    contracts: Sequence[object], declarers: Sequence[object], results: Sequence[object],
    ns_hcp: Sequence[object] | None = None, fits: Sequence[object] | None = None,
    variant: object = "standard", carry_partscores: bool = False, first_deal: object = 1,
) -> ChicagoLedger:
    """Score Chicago from parallel columns of cell values, row k being deal ``first_deal + k - 1``.

    A row with a blank contract is a deal not yet played. A contract with a
    blank declarer or result is an input error naming the deal; so is hcp
    without fit or fit without hcp. See :func:`play_chicago` for the options.

    >>> ledger = chicago_ledger(["1NT", "", "4S"], ["S", "", "E"], [8, "", 10])
    >>> [line.ns_score for line in ledger.lines], ledger.totals
    ([120, None, -420], (120, 420))
    """
    columns = deal_rows(contracts, declarers=declarers, results=results, hcp=ns_hcp, fits=fits)
    first = whole_number(first_deal, "first deal", 1)
    deals: list[ChicagoDeal | None] = []
    for number, (contract, declarer, result, hcp, fit) in enumerate(columns, start=first):
        if is_blank(contract):
            deals.append(None)
            continue
        deals.append(for_deal(number, lambda c=contract, d=declarer, r=result, h=hcp, f=fit:
                               ChicagoDeal.parse(c, d, r, h, f)))
    return play_chicago(deals, variant, carry_partscores, first)


def chicago_totals(
    contracts: Sequence[object], declarers: Sequence[object], results: Sequence[object],
    variant: object = "standard", carry_partscores: bool = False, first_deal: object = 1,
) -> tuple[int, int]:
    """Points gained by North-South and by East-West over the rows: ``(ns, ew)``.

    >>> chicago_totals(["1NT", "4S"], ["S", "E"], [8, 10])  # deal 2: East-West vulnerable
    (120, 620)
    """
    ledger = chicago_ledger(contracts, declarers, results, variant=variant,
                            carry_partscores=carry_partscores, first_deal=first_deal)
    return ledger.totals


# --- Compensation-table Chicago (docs/rules.md §4, seed 000 b) ----------------------------

_FIT_ITEM = re.compile(r"((?i:major|minor)|M|m)\s*(\d{1,2})")
_FIT_GLUE = re.compile(r"[\s,;/+&]+|(?i:\band\b)")


def best_fit(fits: object) -> Fit:
    """The fit the compensation table uses when a side has several: a major before a minor,
    then the longer.

    Takes one fit (``"M9"``, ``"minor 10"``, ``"none"``), several in one text
    (``"M8 m10"``, ``"major 8 and minor 9"``) or a sequence of fits.

    >>> best_fit("m10, M8"), best_fit(["M8", "M9"]), best_fit("no fit")
    (<Fit.MAJOR8: 'M8'>, <Fit.MAJOR9: 'M9'>, <Fit.NONE: 'none'>)
    """
    if isinstance(fits, Fit):
        return fits
    if isinstance(fits, str):
        try:
            return Fit.parse(fits)
        except BridgeInputError:
            if len(fits) > 40:
                raise
        items = list(_FIT_ITEM.finditer(fits))
        if not items or _FIT_GLUE.sub("", _FIT_ITEM.sub(" ", fits)):
            raise BridgeInputError(
                f"fit {describe(fits)}: must be M8, M9, M10 (major), m8, m9, m10 (minor) or none; "
                'a major and a minor fit as "M8 m9"'
            ) from None
        candidates = [Fit.parse(item[1] + item[2]) for item in items]
    elif isinstance(fits, Iterable):
        candidates = [best_fit(fit) for fit in fits]
        if not candidates:
            raise BridgeInputError("fit is blank: give M8, M9, M10, m8, m9, m10 or none")
    else:
        raise BridgeInputError(f"fit {describe(fits)}: must be M8, M9, M10, m8, m9, m10 or none")
    return max(candidates, key=_fit_order)


def _fit_order(fit: Fit) -> tuple[bool, int]:
    if fit is Fit.NONE:
        return False, 0
    return fit.value[0] == "M", int(fit.value[1:])


def compensation_side(ns_hcp: object, deal: object) -> Side:
    """The side the compensation table is read for: more high-card points, at 20-20 the dealer's.

    >>> compensation_side(28, 1), compensation_side(20, 2), compensation_side(20, 3)
    (<Side.NS: 'NS'>, <Side.EW: 'EW'>, <Side.NS: 'NS'>)
    """
    hcp = whole_number(ns_hcp, "hcp", 0, 40)
    if hcp == 20:
        return chicago_dealer(deal).side
    return Side.NS if hcp > 20 else Side.EW


def chicago_compensation(
    ns_hcp: object, fit: object, deal: object, ns_score: object, variant: object = "standard"
) -> int:
    """Compensation-table IMPs on a Chicago deal, from North-South's view.

    ``ns_hcp`` is North-South's high-card points (East-West hold 40 minus
    that); ``fit`` is the best fit of the side with more points (at 20-20 the
    dealer's side: :func:`compensation_side`); ``ns_score`` is the deal's
    score from North-South's view. The table is read with that side's points
    and its vulnerability on deal ``deal`` (``variant`` as in
    :func:`chicago_vul`); the side's score minus the expected score is turned
    into IMPs for that side, negative ones going to the opponents.

    The seed's example: North-South, not vulnerable (deal 1), 28 points and a
    10-card spade fit, make 4S with two overtricks, 480 against 640: 4 IMPs
    to East-West.

    >>> chicago_compensation(28, "M10", 1, 480)
    -4
    >>> chicago_compensation(12, "M10", 1, -480)
    4
    """
    hcp = whole_number(ns_hcp, "hcp", 0, 40)
    side = compensation_side(hcp, deal)
    vulnerable = chicago_vul(deal, variant).is_vulnerable(side)
    points = real_number(ns_score, "score")
    if side is Side.NS:
        return compensation_imps(points, hcp, best_fit(fit), vulnerable)
    return -compensation_imps(-points, 40 - hcp, best_fit(fit), vulnerable)
