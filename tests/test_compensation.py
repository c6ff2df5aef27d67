"""The compensation table (seed 000 b) against compensationtable.com's values."""

import csv
from pathlib import Path

import pytest

import xlbridge
from xlbridge import Fit

TABLE = Path(__file__).parent / "data" / "compensation_table.csv"
FIT_NAMES = {"major8": "M8", "major9": "M9", "major10": "M10", "minor8": "m8",
             "minor9": "m9", "minor10": "m10", "none": "none"}


def test_every_table_entry():
    with TABLE.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 14 * 7 * 2
    wrong = [r for r in rows
             if xlbridge.compensation(int(r["hcp"]), FIT_NAMES[r["fit"]], r["vul"] == "V")
             != int(r["expected_score"])]
    assert wrong == []


def test_above_33_adds_100_or_150_a_point():
    assert xlbridge.compensation(35, "M8", False) == xlbridge.compensation(33, "M8", False) + 200
    assert xlbridge.compensation(40, "none", True) == xlbridge.compensation(33, "none", True) + 7 * 150


@pytest.mark.parametrize(
    ("text", "fit"),
    [("M8", Fit.MAJOR8), ("m8", Fit.MINOR8), ("M10", Fit.MAJOR10), ("major 9", Fit.MAJOR9),
     ("Minor 10", Fit.MINOR10), ("minor11", Fit.MINOR10), ("none", Fit.NONE), ("no fit", Fit.NONE),
     ("None", Fit.NONE)],
)
def test_fit_forms(text, fit):
    assert Fit.parse(text) is fit


def test_seed_example():
    assert xlbridge.compensation_imps(480, 28, "M10", False) == -4
