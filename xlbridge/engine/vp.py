"""Victory points: the WBF 20-VP continuous scale (docs/rules.md §6)."""

from __future__ import annotations

import functools
import math
from decimal import ROUND_HALF_UP, Decimal

from .errors import BridgeInputError, describe
from .numeric import real_number, whole_number

SCALES = ("WBF",)
# The formula holds for any number of boards; the cap keeps a mistyped board count
# from stalling a sheet (10,000 boards build their table in a fraction of a second).
MAX_BOARDS = 10_000
_TAU = (math.sqrt(5) - 1) / 2


def vp_exact(margin: float, boards: int) -> float:
    """The winner's VPs by the WBF formula, before rounding (docs/rules.md §6); a
    negative margin is the loser's, 20 minus the winner's.

    >>> round(vp_exact(8, 14), 4), round(vp_exact(-8, 14), 4)
    (12.4346, 7.5654)
    """
    margin = real_number(margin, "imps")
    boards = whole_number(boards, "boards", 1, MAX_BOARDS)
    if margin < 0:  # the formula is the winner's; negative powers of tau would overflow
        return 20.0 - vp_exact(-margin, boards)
    blitz = 15 * math.sqrt(boards)
    return min(20.0, 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3))


@functools.lru_cache(maxsize=128)
def vp_table(boards: int) -> tuple[float, ...]:
    """The official winner's VPs for IMP margins 0, 1, 2 ... up to the first 20.00.

    Rounded to 2 decimals, then, as the WBF did, raised 0.01 at a time wherever
    a step would be larger than the step before it (convexity), re-checking
    from the start after each change. Reproduces the published tables.

    >>> vp_table(6)[:4]
    (10.0, 10.5, 10.99, 11.46)
    """
    boards = whole_number(boards, "boards", 1, MAX_BOARDS)
    hundredths: list[int] = []
    while not hundredths or hundredths[-1] < 2000:
        exact = vp_exact(len(hundredths), boards)
        # Decimal of the float's repr: round half up on the value as printed.
        hundredths.append(int(Decimal(repr(exact * 100)).quantize(Decimal(1), ROUND_HALF_UP)))
    margin = 1
    while margin < len(hundredths) - 1:
        if hundredths[margin + 1] - hundredths[margin] > hundredths[margin] - hundredths[margin - 1]:
            hundredths[margin] += 1
            # Re-checking from the start finds nothing new before margin - 1: only the
            # steps next to this entry changed. Stepping back one is the same, in linear time.
            margin = max(1, margin - 1)
        else:
            margin += 1
    return tuple(h / 100 for h in hundredths)


def vp(imps: object, boards: object, scale: object = "WBF") -> float:
    """Victory points of the side whose IMP margin is ``imps`` over ``boards`` boards.

    A negative margin is the losing side: ``vp(-m, n) == 20 - vp(m, n)``.
    Whole margins read the official table; a fractional margin (cross-IMPs,
    Butler) is interpolated between its two neighbours and rounded to 2 decimals.

    >>> vp(1, 6), vp(-1, 6), vp(8, 14)
    (10.5, 9.5, 12.44)
    """
    if not (isinstance(scale, str) and scale.strip().upper() in SCALES):
        raise BridgeInputError(f"scale {describe(scale)}: must be WBF")
    n = whole_number(boards, "boards", 1, MAX_BOARDS)
    margin = real_number(imps, "imps")
    table = vp_table(n)
    size = abs(margin)
    low = int(size)
    if low >= len(table) - 1:
        winner = 20.0
    elif size == low:
        winner = table[low]
    else:
        between = table[low] + (table[low + 1] - table[low]) * (size - low)
        winner = float(Decimal(repr(between)).quantize(Decimal("0.01"), ROUND_HALF_UP))
    return winner if margin >= 0 else round(20 - winner, 2)
