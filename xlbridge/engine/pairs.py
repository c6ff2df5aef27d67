"""A pairs event scored from its results rows, as club scoring programs score it.

:func:`pairs_event` is the one place where an event is scored: the pairs workbook's
formulas, ``xlbridge check``, ``xlbridge report`` and the ``PAIRSRANKING`` function
all agree with it. The rules (docs/rules.md §7, Law 12C2):

- Results are compared within their direction on each board (2/1/0 or 1/½/0).
  A board with ``n`` real results where ``N`` were expected is Neuberg-factored:
  ``(M + 1)·N/n − 1``. ``N`` is the most rows (real, adjusted, not played) any
  board has, unless given.
- An artificial adjusted score (``A60/40``) gives each side its percentage of the
  board's top. Under the session rule (Law 12C2(c)) a pair given 60 whose
  percentage on its real results is higher gets that instead, and a pair given
  40 whose percentage is lower gets that one.
- A weighted score (``60% 4SN= 40% 4SN-1``, Law 12C1(c)) is a result of the board:
  each of its results is compared with the field, and the field with each of them,
  weighted. It counts as one result on the board.
- A split score (``A60/4S``: North-South given 60%, East-West the table result 4S)
  is a real result of the board, compared with the others as usual; only the side
  given a percentage scores that instead (with the session rule, as above).
- ``NP`` scores for neither pair. A blank pair number is a pair from outside the
  event: the result is compared as usual, and only the named pair scores.
- IMP pairs: cross-IMPs (every other real result in the direction, averaged or
  summed) or Butler (against the datum); adjusted scores are +3, 0 or -3 IMPs.
- A procedural penalty (Law 90) is taken from a pair's total: matchpoints (IMPs in
  IMP scoring), or a percentage of a board's top (``25%``). The percentage is then
  of the total less the penalty, over the same tops.

Four conventions other programs score by, each off by default (docs/rules.md §7):

- ``missing_as_ties`` factors a board with fewer results than expected by counting each
  missing result as a tie (``M + N - n`` on the 2/1/0 scale) instead of by Neuberg;
- ``round_mp`` rounds each row's matchpoints to a step (``0.1``) before they are added;
- ``scale_to_boards`` scales a pair's total and tops to that many boards (a pair that sat
  out boards scores its average on them) before a penalty is taken;
- ``adjusted_per_comparison`` gives an adjusted score, in cross-IMPs, that many IMPs a
  comparison (times the board's real results when summed) instead of +3/0/-3 a board.

All arithmetic is exact (fractions); the results are floats.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .adjusted import Adjusted, Split, imps_for, is_not_played, looks_adjusted, parse_split
from .contract import parse_contract
from .deals import is_blank
from .errors import BridgeInputError, describe
from .imps import signed_imps
from .matchpoints import datum, doubled_matchpoints, mp_scale, place_labels
from .numeric import real_number, whole_number
from .result import tricks_taken
from .score import score
from .scoring import Scoring
from .seat import Seat, Side
from .weighted import Weighted, parse_weighted


def yes_no(value: object, what: str) -> bool:
    """A Setup switch: ``Yes``/``No``, ``TRUE``/``FALSE``, 1/0.

    >>> yes_no("No", "neuberg"), yes_no(True, "neuberg")
    (False, True)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().upper() in ("YES", "Y", "TRUE", "1"):
        return True
    if isinstance(value, str) and value.strip().upper() in ("NO", "N", "FALSE", "0"):
        return False
    raise BridgeInputError(f"{what} {describe(value)}: must be Yes or No")


def cross_imps_mode(value: object) -> bool:
    """True when cross-IMPs are averaged (``Average``, the default), False for ``Total``.

    >>> cross_imps_mode("Average"), cross_imps_mode("total")
    (True, False)
    """
    if is_blank(value) or (isinstance(value, str) and value.strip().upper() in ("AVERAGE", "AVG")):
        return True
    if isinstance(value, str) and value.strip().upper() in ("TOTAL", "SUM"):
        return False
    raise BridgeInputError(f"cross-IMPs {describe(value)}: must be Average or Total")


def fields_count(value: object) -> int:
    """1 (one ranking of all pairs) or 2 (one per direction).

    >>> fields_count("2"), fields_count(1.0)
    (2, 1)
    """
    try:
        number = whole_number(value, "fields")
    except BridgeInputError:
        number = None
    if number not in (1, 2):
        raise BridgeInputError(f"fields {describe(value)}: must be 1 (one ranking) or 2 (one per direction)")
    return number


# --- one row -----------------------------------------------------------------------------


class EntryKind(StrEnum):
    """What a results row holds."""

    PLAYED = "played"
    ADJUSTED = "adjusted"
    WEIGHTED = "weighted"
    NOT_PLAYED = "not played"


@dataclass(frozen=True, slots=True)
class Entry:
    """One results row, parsed: the board, the pairs (None: from outside the event)
    and what happened: North-South's score, an adjusted score, a weighted score, or not
    played. A played row may be ``split``: one side given a percentage instead of the
    table result."""

    board: int
    ns: int | None
    ew: int | None
    kind: EntryKind
    score: int | None = None
    adjusted: Adjusted | None = None
    split: Split | None = None
    weighted: Weighted | None = None


def parse_row(row: Sequence[object]) -> Entry | None:
    """Parse ``(board, ns, ew, contract, declarer, tricks)``; None for a row not
    (yet) complete: no board or contract, or a played contract without declarer
    or tricks, as the sheet leaves it blank.

    >>> parse_row((4, 1, 11, "3N", "E", 9)).score
    -600
    >>> entry = parse_row((1, 2, 12, "a60/40", "", ""))
    >>> entry.kind, entry.adjusted
    (<EntryKind.ADJUSTED: 'adjusted'>, Adjusted(ns=60, ew=40))
    >>> entry = parse_row((1, 2, 12, "A60/4S", "N", 10))
    >>> entry.kind, entry.score, entry.split.side
    (<EntryKind.PLAYED: 'played'>, 420, <Side.NS: 'NS'>)
    >>> parse_row((1, 2, 12, "60% 4SN= 40% 4SN-1", "", "")).weighted.scores(1)
    [(Fraction(3, 5), 420), (Fraction(2, 5), -50)]

    A contract already parsed (a :class:`~.contract.Contract`, or an :class:`Adjusted`
    score) is taken as it is.
    """
    if len(row) != 6:
        raise BridgeInputError(f"row {describe(tuple(row))}: must be (board, ns, ew, contract, declarer, tricks)")
    board, ns, ew, contract, declarer, tricks = row
    if is_blank(board) or is_blank(contract):
        return None
    number = whole_number(board, "board", 1)
    pairs = [None if is_blank(p) else whole_number(p, f"{side} pair", 1) for p, side in ((ns, "NS"), (ew, "EW"))]
    if pairs[0] is not None and pairs[0] == pairs[1]:
        raise BridgeInputError(f"EW pair {pairs[0]}: is also the NS pair")
    weighted = contract if isinstance(contract, Weighted) else parse_weighted(contract)
    if weighted is not None:
        for value, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not is_blank(value):
                raise BridgeInputError(f"{what} {describe(value)}: must be blank for a weighted score "
                                       "(each of its results names its declarer)")
        return Entry(number, *pairs, EntryKind.WEIGHTED, weighted=weighted)
    split = contract if isinstance(contract, Split) else parse_split(contract)
    if split is not None:
        contract = split.contract
        if is_not_played(contract) or looks_adjusted(contract):
            raise BridgeInputError(f"split score {split}: the table result must be a contract or PASS")
    if is_not_played(contract) or looks_adjusted(contract) or isinstance(contract, Adjusted):
        for value, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not is_blank(value):
                raise BridgeInputError(f"{what} {describe(value)}: must be blank for {describe(contract)}")
        if is_not_played(contract):
            return Entry(number, *pairs, EntryKind.NOT_PLAYED)
        adjusted = contract if isinstance(contract, Adjusted) else Adjusted.parse(contract)
        return Entry(number, *pairs, EntryKind.ADJUSTED, adjusted=adjusted)
    parsed = parse_contract(contract)
    if parsed.passed_out:
        for value, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not is_blank(value):
                raise BridgeInputError(f"{what} {describe(value)}: must be blank when the board is passed out")
        return Entry(number, *pairs, EntryKind.PLAYED, score=0, split=split)
    if (is_blank(declarer) and parsed.declarer is None) or is_blank(tricks):
        return None
    seat = parsed.declarer if is_blank(declarer) else Seat.parse(declarer)
    if parsed.declarer not in (None, seat):
        raise BridgeInputError(f"declarer {describe(declarer)}: contract {describe(contract)} names {parsed.declarer}")
    taken = tricks_taken(parsed, tricks)
    return Entry(number, *pairs, EntryKind.PLAYED, score=score(parsed.with_declarer(None), taken, number, seat),
                 split=split)


# --- the result --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RowPoints:
    """What one row scored: North-South's score (None unless played), and each
    side's matchpoints or IMPs (None for not played). ``top`` is the board's top
    in matchpoint scoring (None in IMP scoring and for not played)."""

    score: int | None
    ns: float | None
    ew: float | None
    top: float | None = None


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's line: boards it has a row on (not-played rows do not count), its
    matchpoints, tops and percentage (MP scoring) or IMPs (IMP scoring), and its
    place within its field (``2-3`` for a shared place). ``penalty`` is what was taken from
    the total (matchpoints or IMPs, already out of ``mp`` or ``imps``). ``scaled_to``: the
    boards the total and tops were scaled to (``scale_to_boards``), None when not scaled."""

    pair: int
    boards: int
    field: Side | None
    place: str
    mp: float | None = None
    top: float | None = None
    percent: float | None = None
    imps: float | None = None
    penalty: float = 0.0
    scaled_to: int | None = None

    @property
    def imps_per_board(self) -> float | None:
        """IMPs divided by boards (IMP scoring): by the boards the total was scaled to, if it was."""
        boards = self.scaled_to or self.boards
        return None if self.imps is None or not boards else self.imps / boards


@dataclass(frozen=True)
class PairsEvent:
    """A scored pairs event: per-row points in row order, and each pair's total."""

    scoring: Scoring
    mpscale: int
    fields: int
    expected: int
    rows: tuple[RowPoints | None, ...]
    pairs: Mapping[int, PairTotal]

    def ranking(self, field: Side | None = None) -> list[PairTotal]:
        """The pairs of one field (all of them for a one-field event), best first,
        ties by pair number.

        >>> event = pairs_event([(1, 1, 2, "4S", "N", 10), (1, 3, 4, "4S", "N", 9)])
        >>> [(p.place, p.pair, p.percent) for p in event.ranking()]
        [('1-2', 1, 100.0), ('1-2', 4, 100.0), ('3-4', 2, 0.0), ('3-4', 3, 0.0)]
        """
        chosen = [p for p in self.pairs.values() if field is None or p.field is field]
        return sorted(chosen, key=lambda p: (_place_number(p.place), p.pair))

    @property
    def field_list(self) -> list[Side | None]:
        """The fields to rank: ``[None]`` for one field, ``[NS, EW]`` for two."""
        return [None] if self.fields == 1 else [Side.NS, Side.EW]


def _place_number(place: str) -> int:
    return int(place.split("-")[0])


def pairs_event(rows: Iterable[Sequence[object]], *, scoring: object = "MP", mpscale: object = 2,
                neuberg: object = True, session_rule: object = True, expected: object = None,
                crossimps: object = "average", fields: object = 1,
                penalties: Mapping[int, object] | None = None, missing_as_ties: object = False,
                round_mp: object = None, scale_to_boards: object = None,
                adjusted_per_comparison: object = None) -> PairsEvent:
    """Score a pairs event from its results rows ``(board, ns, ew, contract, declarer,
    tricks)``, blanks as None or ``""``; a row that is not complete is skipped.

    >>> rows = [(1, 1, 11, "4S", "N", 10), (1, 2, 12, "4S", "N", 11),
    ...         (1, 3, 13, "A60/40", None, None), (1, 4, 14, "3N", "S", 9)]
    >>> event = pairs_event(rows)
    >>> [(round(r.ns, 2), round(r.ew, 2)) for r in event.rows]  # 420, 450, 400: factored to 4
    [(3.0, 3.0), (5.67, 0.33), (3.6, 2.4), (0.33, 5.67)]
    >>> event.pairs[3].percent, event.pairs[13].percent
    (60.0, 40.0)

    ``penalties`` maps a pair to what is taken from its total (Law 90): matchpoints or
    IMPs, or a percentage of a board's top (``"25%"``):

    >>> fined = pairs_event(rows, penalties={3: "25%"})  # a quarter of the top of 6: 1.5
    >>> fined.pairs[3].mp, fined.pairs[3].penalty, fined.pairs[3].percent
    (2.1, 1.5, 35.0)

    ``missing_as_ties`` counts each result a board lacks as a tie, where Neuberg would
    factor (3 results of 4: each scores one more, a tie with the one missing):

    >>> [r.ns for r in pairs_event(rows, missing_as_ties=True).rows if r.score is not None]
    [3.0, 5.0, 1.0]

    ``round_mp`` rounds each row's matchpoints to a step, halves up, before they are added
    (a program that prints a board's matchpoints to 0.1 and adds those):

    >>> rounded = pairs_event(rows, round_mp="0.1")
    >>> [(r.ns, r.ew) for r in rounded.rows][1], rounded.pairs[2].mp
    ((5.7, 0.3), 5.7)

    ``scale_to_boards`` scales each pair's total and tops to that many boards before a
    penalty is taken: a pair that played 2 of 3 boards scores 3/2 of its IMPs (its average
    on the board it sat out); a percentage changes only if the pair has a penalty.
    ``adjusted_per_comparison`` gives an adjusted score, in cross-IMPs, that many IMPs a
    comparison (+ for 60%, - for 40%), times the board's real results when summed:

    >>> imp_rows = [(1, 1, 2, "3N", "N", 10), (1, 3, 4, "3N", "N", 9), (1, 5, 6, "A60/40", "", ""),
    ...             (2, 1, 2, "4S", "N", 10), (2, 5, 6, "4S", "N", 9)]
    >>> butler = pairs_event(imp_rows, scoring="Butler", scale_to_boards=2)
    >>> butler.pairs[3].imps, butler.pairs[3].imps_per_board
    (-2.0, -1.0)
    >>> summed = pairs_event(imp_rows, scoring="Cross-IMPs", crossimps="total", adjusted_per_comparison=1.5)
    >>> summed.rows[2].ns, summed.rows[2].ew
    (3.0, -3.0)

    Bad rows raise :class:`BridgeInputError` naming the row (1 is the first).
    """
    how = Scoring.parse(scoring)
    points = mp_scale(mpscale)
    ties = yes_no(missing_as_ties, "missing results as ties")
    factored = yes_no(neuberg, "neuberg") or ties
    rule = yes_no(session_rule, "session rule")
    averaged = cross_imps_mode(crossimps)
    field_count = fields_count(fields)
    step = None if is_blank(round_mp) else _positive(round_mp, "matchpoint rounding")
    scale_to = None if is_blank(scale_to_boards) else whole_number(scale_to_boards, "boards to scale to", 1)
    per_comparison = (None if is_blank(adjusted_per_comparison)
                      else _positive(adjusted_per_comparison, "adjusted IMPs a comparison"))
    for parsed, given, wanted, what in ((step, round_mp, Scoring.MP, "matchpoint rounding"),
                                        (per_comparison, adjusted_per_comparison, Scoring.CROSS_IMPS,
                                         "adjusted IMPs a comparison")):
        if parsed is not None and how is not wanted:
            raise BridgeInputError(f"{what} {describe(given)}: only for {wanted} scoring, not {how}")
    entries = list(rows) if isinstance(rows, ParsedRows) else _entries(rows)
    by_board: dict[int, list[int]] = defaultdict(list)
    for index, entry in enumerate(entries):
        if entry is not None:
            by_board[entry.board].append(index)
    most = max((len(where) for where in by_board.values()), default=0)
    if is_blank(expected):
        expect = most
    else:
        expect = whole_number(expected, "expected results", 1)
        if expect < most:
            board = next(b for b, where in sorted(by_board.items()) if len(where) == most)
            raise BridgeInputError(f"expected results {describe(expected)}: board {board} has {most} "
                                   f"results; must be at least {most}")

    # Real results first: each board's top (matchpoints) and North-South's points, exact
    # as (numerator, denominator): a few integer operations a row instead of fractions.
    ns_points: list[Exact | None] = [None] * len(entries)
    tops: dict[int, int] = {}
    for board, where in by_board.items():
        if any(entries[i].kind is EntryKind.WEIGHTED for i in where):
            tops[board] = points * max((expect if factored else _results_on(entries, where)) - 1, 0)
            for i, value in _weighted_board(entries, where, how, points, expect if factored else None,
                                            averaged, ties).items():
                ns_points[i] = value
            continue
        played = [i for i in where if entries[i].kind is EntryKind.PLAYED]
        scores = [entries[i].score for i in played]
        n = len(played)
        if how is Scoring.MP:
            tops[board] = points * max((expect if factored else n) - 1, 0)
            for i, raw in zip(played, doubled_matchpoints(scores), strict=True):
                # (M + 1) * N / n - 1 on the 2/1/0 scale, times points / 2.
                if ties:  # each missing result a tie: one more on the 2/1/0 scale
                    ns_points[i] = (points * (raw + expect - n), 2)
                else:
                    ns_points[i] = (points * ((raw + 1) * expect - n), 2 * n) if factored else (points * raw, 2)
        elif how is Scoring.CROSS_IMPS:
            counts = Counter(scores)
            total = {own: sum(count * signed_imps(own - other) for other, count in counts.items()) for own in counts}
            for i, own in zip(played, scores, strict=True):
                ns_points[i] = (total[own], n - 1) if averaged and n > 1 else (total[own], 1)
        else:
            level = datum(scores) if scores else 0
            for i, own in zip(played, scores, strict=True):
                ns_points[i] = (signed_imps(own - level), 1)

    def side_points(entry: Entry, i: int) -> tuple[Exact, Exact]:
        if entry.kind in _RESULTS:
            num, den = ns_points[i]
            return (num, den), ((tops[entry.board] * den - num, den) if how is Scoring.MP else (-num, den))
        if how.imps:
            return _adjusted_imps(entry.adjusted.ns, entry.board), _adjusted_imps(entry.adjusted.ew, entry.board)
        top = tops[entry.board]
        return (top * entry.adjusted.ns, 100), (top * entry.adjusted.ew, 100)

    # Each pair's real results (for the session rule) and the directions it sat.
    real: dict[int, _Sum] = defaultdict(_Sum)
    seats: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for i, entry in enumerate(entries):
        if entry is None or entry.kind is EntryKind.NOT_PLAYED:
            continue
        pair_points = side_points(entry, i) if entry.kind in _RESULTS and how is Scoring.MP else None
        given = None if entry.split is None else entry.split.side
        for side, pair in zip((Side.NS, Side.EW), (entry.ns, entry.ew), strict=True):
            if pair is None:
                continue
            seats[pair][side is Side.EW] += 1
            if pair_points is not None and side is not given:
                real[pair].add(pair_points[side is Side.EW], tops[entry.board])

    def _adjusted_imps(percent: int, board: int) -> Exact:
        if per_comparison is None:
            return imps_for(percent), 1
        # 60% is +1, 40% -1 comparison's worth; summed cross-IMPs count every real result.
        value = per_comparison * imps_for(percent) / 3 * (1 if averaged else _results_on(entries, by_board[board]))
        return value.numerator, value.denominator

    def rule_percent(pair: int | None, given: int) -> Fraction:
        if not rule or how.imps or pair is None or given == 50 or not real[pair].top:
            return Fraction(given)
        own = 100 * real[pair].value() / real[pair].top
        return max(own, Fraction(given)) if given == 60 else min(own, Fraction(given))

    totals: dict[int, _Sum] = defaultdict(_Sum)
    boards: dict[int, int] = defaultdict(int)
    results: list[RowPoints | None] = []
    for i, entry in enumerate(entries):
        if entry is None:
            results.append(None)
            continue
        if entry.kind is EntryKind.NOT_PLAYED:
            results.append(RowPoints(None, None, None))
            continue
        ns, ew = side_points(entry, i)
        top = tops[entry.board] if how is Scoring.MP else None
        if entry.kind is EntryKind.ADJUSTED and top is not None:
            ns, ew = (_part(top, rule_percent(pair, given)) for pair, given in
                      ((entry.ns, entry.adjusted.ns), (entry.ew, entry.adjusted.ew)))
        elif entry.split is not None:
            split, pair = entry.split, (entry.ns if entry.split.side is Side.NS else entry.ew)
            given = (_adjusted_imps(split.percent, entry.board) if top is None
                     else _part(top, rule_percent(pair, split.percent)))
            ns, ew = (given, ew) if split.side is Side.NS else (ns, given)
        if step is not None:
            ns, ew = _rounded(ns, step), _rounded(ew, step)
        results.append(RowPoints(entry.score, ns[0] / ns[1], ew[0] / ew[1], None if top is None else float(top)))
        for pair, gained in ((entry.ns, ns), (entry.ew, ew)):
            if pair is None:
                continue
            boards[pair] += 1
            totals[pair].add(gained, top or 0)

    def field_of(pair: int) -> Side | None:
        if field_count == 1:
            return None
        as_ns, as_ew = seats[pair]
        return Side.NS if as_ns >= as_ew else Side.EW

    fines = _penalties(penalties, set(boards), how, points * max(expect - 1, 0))

    def scaled(pair: int) -> tuple[Fraction, Fraction]:
        """The pair's total and tops, scaled to ``scale_to`` boards when asked."""
        factor = Fraction(1) if scale_to is None else Fraction(scale_to, boards[pair])
        return totals[pair].value() * factor, totals[pair].top * factor

    def ranked_by(pair: int) -> Fraction:
        total, top = scaled(pair)
        if how.imps:
            return total - fines.get(pair, 0)
        return 100 * (total - fines.get(pair, 0)) / top if top else Fraction(50)

    value = {pair: ranked_by(pair) for pair in boards}
    places: dict[int, str] = {}
    for field in ([None] if field_count == 1 else [Side.NS, Side.EW]):
        ordered = sorted((p for p in boards if field_of(p) is field), key=lambda p: (-value[p], p))
        first: dict[Fraction, int] = {}
        for place, pair in enumerate(ordered, start=1):
            first.setdefault(value[pair], place)
        for pair, label in zip(ordered, place_labels([first[value[p]] for p in ordered]), strict=True):
            places[pair] = label

    pairs: dict[int, PairTotal] = {}
    for pair in sorted(boards):
        total, top = scaled(pair)
        fine = fines.get(pair, Fraction(0))
        if how.imps:
            pairs[pair] = PairTotal(pair, boards[pair], field_of(pair), places[pair], imps=float(value[pair]),
                                    penalty=float(fine), scaled_to=scale_to)
        else:
            pairs[pair] = PairTotal(pair, boards[pair], field_of(pair), places[pair], mp=float(total - fine),
                                    top=float(top), percent=float(value[pair]), penalty=float(fine),
                                    scaled_to=scale_to)
    return PairsEvent(how, points, field_count, expect, tuple(results), pairs)


def _penalties(given: Mapping[int, object] | None, scored: set[int], how: Scoring, top: int) -> dict[int, Fraction]:
    """Each penalised pair's penalty, exactly: a number as it is (matchpoints or IMPs), or
    ``25%`` of ``top`` (a board's top, matchpoint scoring only)."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise BridgeInputError(f"penalties {describe(given)}: must map pair numbers to penalties")
    fines: dict[int, Fraction] = {}
    for key, amount in given.items():
        pair = whole_number(key, "penalty's pair", 1)
        if is_blank(amount):
            continue
        if pair not in scored:
            raise BridgeInputError(f"penalty for pair {pair}: the pair has no results")
        what = f"penalty for pair {pair}"
        if isinstance(amount, str) and amount.strip().endswith("%"):
            if how.imps:
                raise BridgeInputError(f"{what} {describe(amount)}: give IMPs in IMP scoring, not a percentage")
            fines[pair] = Fraction(str(real_number(amount.strip()[:-1], what))) * top / 100
        else:
            fines[pair] = Fraction(str(real_number(amount, what)))
    return fines


_RESULTS = (EntryKind.PLAYED, EntryKind.WEIGHTED)  # the rows that are results of the board


def _results_on(entries: Sequence[Entry | None], where: Iterable[int]) -> int:
    return sum(entries[i].kind in _RESULTS for i in where)


def _weighted_board(entries: Sequence[Entry | None], where: list[int], how: Scoring, points: int,
                    expect: int | None, averaged: bool, ties: bool = False) -> dict[int, Exact]:
    """North-South's points of each result on a board that has a weighted score: every
    result is a list of (weight, score), one part for a played row; a result is compared
    with each part of every other, weighted (the slower, exact path: such boards are rare).
    ``expect`` is the results Neuberg factors to (None: no factoring); ``ties`` counts each
    missing result as a tie instead."""
    board = entries[where[0]].board
    parts = {i: (entries[i].weighted.scores(board) if entries[i].kind is EntryKind.WEIGHTED
                 else [(Fraction(1), entries[i].score)]) for i in where if entries[i].kind in _RESULTS}
    n = len(parts)

    def against(i: int, compare) -> Fraction:
        return sum((weight * other_weight * compare(own, other)
                    for weight, own in parts[i] for j in parts if j != i for other_weight, other in parts[j]),
                   Fraction(0))

    values: dict[int, Fraction] = {}
    if how is Scoring.MP:
        for i in parts:
            raw = against(i, lambda own, other: (own > other) * 2 + (own == other))
            if ties and expect:
                values[i] = Fraction(points * (raw + expect - n), 2)
            else:
                values[i] = points * ((raw + 1) * expect - n) / (2 * n) if expect else points * raw / 2
    elif how is Scoring.CROSS_IMPS:
        for i in parts:
            total = against(i, lambda own, other: signed_imps(own - other))
            values[i] = total / (n - 1) if averaged and n > 1 else total
    else:
        played = [entries[i].score for i in where if entries[i].kind is EntryKind.PLAYED]
        level = datum(played) if played else 0
        for i in parts:
            values[i] = sum((weight * signed_imps(own - level) for weight, own in parts[i]), Fraction(0))
    return {i: (value.numerator, value.denominator) for i, value in values.items()}


Exact = tuple[int, int]
"""An exact value as (numerator, denominator), the denominator positive, not reduced."""


class _Sum:
    """An exact running sum of :data:`Exact` values (integer numerators kept per
    denominator, so adding is integer arithmetic), with the tops it was out of."""

    __slots__ = ("parts", "top")

    def __init__(self) -> None:
        self.parts: dict[int, int] = {}
        self.top = 0

    def add(self, value: Exact, top: int) -> None:
        num, den = value
        self.parts[den] = self.parts.get(den, 0) + num
        self.top += top

    def value(self) -> Fraction:
        return sum((Fraction(num, den) for den, num in self.parts.items()), Fraction(0))


def _positive(value: object, what: str) -> Fraction:
    """A positive number, exactly as written (``0.1`` is one tenth)."""
    number = Fraction(str(real_number(value, what)))
    if number <= 0:
        raise BridgeInputError(f"{what} {describe(value)}: must be a number above 0")
    return number


def _rounded(value: Exact, step: Fraction) -> Exact:
    """``value`` to the nearest multiple of ``step``, halves up (matchpoints are never negative)."""
    whole = math.floor(Fraction(*value) / step + Fraction(1, 2)) * step
    return whole.numerator, whole.denominator


def _part(top: int, percent: Fraction) -> Exact:
    """``percent`` % of ``top``, exactly."""
    return top * percent.numerator, 100 * percent.denominator


class ParsedRows(tuple):
    """Rows already parsed by :func:`parse_row` (an :class:`Entry`, or None for a row not
    complete) and checked (no pair twice on a board), which :func:`pairs_event` scores as
    they are: a sectioned event parses each row once and renumbers its pairs."""

    __slots__ = ()


def _entries(rows: Iterable[Sequence[object]]) -> list[Entry | None]:
    """Parse every row; a pair on a board twice is an error of its second row."""
    entries: list[Entry | None] = []
    seen: dict[tuple[int, int], int] = {}
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise BridgeInputError(f"rows {describe(rows)}: must be rows of (board, ns, ew, contract, declarer, tricks)")
    for number, row in enumerate(rows, start=1):
        try:
            if isinstance(row, str | bytes) or not isinstance(row, Sequence):
                raise BridgeInputError(f"{describe(row)} must be (board, ns, ew, contract, declarer, tricks)")
            entry = parse_row(row)
        except BridgeInputError as error:
            raise BridgeInputError(f"row {number}: {error}") from None
        if entry is not None:
            for pair in (entry.ns, entry.ew):
                if pair is None:
                    continue
                key = (entry.board, pair)
                if key in seen:
                    raise BridgeInputError(f"row {number}: pair {pair} plays board {entry.board} twice "
                                           f"(also row {seen[key]})")
                seen[key] = number
        entries.append(entry)
    return entries
