"""The IMP scale against the printed table, and its invariants."""

import csv
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import xlbridge

SCALE = Path(__file__).parent / "data" / "imp_scale.csv"


def printed() -> list[tuple[int, int | None, int]]:
    with SCALE.open() as f:
        return [(int(r["from"]), int(r["to"]) if r["to"] else None, int(r["imps"]))
                for r in csv.DictReader(f)]


def test_engine_scale_is_the_printed_scale():
    assert list(xlbridge.IMP_SCALE) == printed()


def test_every_multiple_of_10_up_to_5000():
    for difference in range(0, 5001, 10):
        expected = next(imps for low, high, imps in printed()
                        if low <= difference and (high is None or difference <= high))
        assert xlbridge.imps(difference) == expected
        assert xlbridge.imps(-difference) == -expected


def test_midpoints():
    # Non-multiples of 10 (averages, datums) fall in the nearer band.
    assert [xlbridge.imps(d) for d in (14, 15, 44, 45, 84.9, 85)] == [0, 1, 1, 2, 2, 3]
    assert xlbridge.imps(-15) == -1
    assert xlbridge.imps(3994) == 23 and xlbridge.imps(3995) == 24


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_odd_symmetric(difference):
    assert xlbridge.imps(-difference) == -xlbridge.imps(difference)


@given(st.floats(min_value=-1e5, max_value=1e5), st.floats(min_value=-1e5, max_value=1e5))
def test_monotone(a, b):
    low, high = sorted((a, b))
    assert xlbridge.imps(low) <= xlbridge.imps(high)
    assert -24 <= xlbridge.imps(low) <= 24
