"""The IMP scale (docs/rules.md §5)."""

from __future__ import annotations

import bisect

from .numeric import real_number

# The printed scale: (lowest difference, highest difference, IMPs); the last band is open.
IMP_SCALE: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4),
    (170, 210, 5), (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9),
    (430, 490, 10), (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14),
    (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23), (4000, None, 24),
)

# Midpoint boundaries: each band starts 5 below its printed lowest difference,
# so averages and datums that are not multiples of 10 fall in the nearer band.
IMP_THRESHOLDS: tuple[int, ...] = tuple(low - 5 for low, _, _ in IMP_SCALE[1:])


def imps(difference: object) -> int:
    """IMPs for a score difference, carrying its sign.

    >>> imps(-160), imps(450), imps(14), imps(15), imps(5000)
    (-4, 10, 0, 1, 24)
    """
    return signed_imps(real_number(difference, "difference"))


def signed_imps(difference: float) -> int:
    """:func:`imps` of a difference already parsed, for the engine's inner loops."""
    magnitude = bisect.bisect_right(IMP_THRESHOLDS, abs(difference))
    return -magnitude if difference < 0 else magnitude
