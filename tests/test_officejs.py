"""The Excel functions through xlwings' own Office.js custom-function path.

This is exactly how xlwings Lite and xlwings Server register and call them:
``xlwings.server.custom_functions_meta(module)`` and
``custom_functions_call(data, module)``. That path needs XLWINGS_ON_SERVER=true
(and a license key) set before xlwings is imported, so it runs in a subprocess
(tests/officejs/harness.py) and the rest of the suite keeps plain xlwings.
"""

from __future__ import annotations

import importlib.util
import inspect
from pathlib import Path

import pytest
import xlwings

from xlbridge import udfs

_spec = importlib.util.spec_from_file_location(
    "officejs_harness", Path(__file__).parent / "officejs" / "harness.py"
)
assert _spec is not None and _spec.loader is not None
harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(harness)

NA = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}
ERROR_TEXT = "an error value; fix the cell it comes from"


@pytest.fixture(scope="module")
def officejs():
    running = harness.Harness("xlbridge.udfs")
    yield running
    running.close()


def cell(value):
    """One cell as Office.js sends it (``None`` stays ``null``: an empty cell)."""
    return [[value]]


def call(officejs, name, *args):
    """Call ``name``; the result, or the XlwingsError message as ("error", message)."""
    answer = officejs.call(harness.call_data(name, *args, version=xlwings.__version__))
    if "ok" in answer:
        return answer["ok"]
    assert answer["error"] == "XlwingsError", answer  # anything else is a bug
    return ("error", answer["message"])


# --- registration


def test_meta_lists_every_function(officejs):
    meta = officejs.meta()
    assert sorted(f["name"] for f in meta["functions"]) == sorted(udfs.__all__)
    assert meta["allowErrorForDataTypeAny"] is True


@pytest.mark.parametrize("name", udfs.__all__)
def test_meta_describes_function_and_arguments(officejs, name):
    meta = {f["name"]: f for f in officejs.meta()["functions"]}[name]
    function = getattr(udfs, name)
    assert meta["description"] == function.__doc__
    parameters = inspect.signature(function).parameters
    assert [p["name"] for p in meta["parameters"]] == list(parameters)
    for param in meta["parameters"]:
        doc = param["description"]
        assert doc and not doc.startswith("Positional argument"), (name, param["name"])
        assert len(doc) <= 255 and "\n" not in doc
        has_default = parameters[param["name"]].default is not inspect.Parameter.empty
        assert param.get("optional", False) == has_default
        assert doc.startswith("Optional") == has_default
        assert param["dimensionality"] == "matrix"  # ranges welcome everywhere
    assert "volatile" not in meta["options"]
    assert meta["result"] == {"dimensionality": "matrix", "type": "any"}


# --- calls with single cells

EXAMPLES = [
    ("BRIDGESCORE", ("4S", 10, False), 420),
    ("BRIDGESCORE", ("4S", "+1", True), 650),
    ("BRIDGESCORE", ("3NT", 9, "All", "E"), -600),
    ("BRIDGESCORE", ("2CXX", 9, True), 1160),
    ("BRIDGESCORE", ("7NTXX", 0, True), -7600),
    ("BRIDGESCORE", ("4S", 10, 2, "N"), 620),
    ("IMPS", (-160,), -4),
    ("IMPS", (620, 170), 10),
    ("VP", (1, 6), 10.5),
    ("VP", (-1, 6), 9.5),
    ("VP", (8, 14), 12.44),
    ("CHICAGOVUL", (2,), "EW"),
    ("CHICAGOVUL", (2, "duplicate"), "NS"),
    ("CHICAGOVUL", (8,), "All"),
    ("CHICAGODEALER", (2,), "E"),
    ("BOARDVUL", (13,), "All"),
    ("BOARDDEALER", (13,), "N"),
    ("COMPIMPS", (480, 28, "M10", False), -4),
    ("COMPENSATION", (28, "M10", False), 640),
    ("NEUBERG", (4, 3, 4), 5.666666666666667),
]


@pytest.mark.parametrize(("name", "args", "expected"), EXAMPLES)
def test_examples(officejs, name, args, expected):
    assert call(officejs, name, *map(cell, args)) == [[expected]]


def test_whole_range_functions(officejs):
    field = [[420], [450], [400], [420]]
    assert call(officejs, "MATCHPOINTS", cell(420), field) == [[3]]
    assert call(officejs, "MPPERCENT", cell(420), field) == [[50]]
    assert call(officejs, "CROSSIMPS", cell(450), [[420], [450], [400], [-50]]) == [[14]]
    assert call(officejs, "DATUM", [[420], [450], [400], [-50], [420]]) == [[410]]
    assert call(officejs, "BUTLER", cell(-50), [[420], [450], [400], [-50], [420]]) == [[-10]]
    assert call(officejs, "PLACE", cell(55), [[55, 60.2, 55, 40.1]]) == [["2-3"]]


def test_numbers_as_excel_sends_them(officejs):
    assert call(officejs, "BRIDGESCORE", cell("4S"), cell(10.0), cell(2.0), cell("N")) == [[620]]


def test_booleans(officejs):
    assert call(officejs, "BRIDGESCORE", cell("4S"), cell(11), cell(True)) == [[650]]
    assert call(officejs, "CROSSIMPS", cell(420), [[420], [450], [400], [-50]], cell(True)) == [
        [pytest.approx(10 / 3)]
    ]


# --- omitted optionals and empty cells


def test_omitted_optionals_arrive_as_null_or_not_at_all(officejs):
    assert call(officejs, "VP", cell(8), cell(14), None) == [[12.44]]
    assert call(officejs, "VP", cell(8), cell(14)) == [[12.44]]
    assert call(officejs, "IMPS", cell(-160), None) == [[-4]]
    assert call(officejs, "BRIDGESCORE", cell("4S"), cell(10), cell(False), None) == [[420]]


def test_empty_cells(officejs):
    # an empty optional cell counts as omitted; an empty row is empty
    assert call(officejs, "CHICAGOVUL", cell(2), cell(None)) == [["EW"]]
    assert call(officejs, "BRIDGESCORE", cell(None), cell(None), cell(7), cell(None)) == [[""]]
    assert call(officejs, "BRIDGESCORE", cell("4S"), cell(None), cell(7), cell("N")) == [[""]]
    assert call(officejs, "BOARDVUL", cell("")) == [[""]]


# --- 2-D ranges


def test_a_traveller_column(officejs):
    contracts = [["3NT"], ["4S"], [None], ["8S"], ["PASS"]]
    results = [[9], ["+1"], [None], [10], [None]]
    declarers = [["E"], ["N"], [None], ["S"], [None]]
    assert call(officejs, "BRIDGESCORE", contracts, results, cell(2), declarers) == [
        [-400], [650], [""], ['#VALUE! contract "8S": level must be 1-7'], [0]
    ]


def test_rows_and_blocks_keep_their_shape(officejs):
    assert call(officejs, "BOARDVUL", [[1, 2, 3, 4]]) == [["None", "NS", "EW", "All"]]
    assert call(officejs, "BOARDDEALER", [[1, 2], [3, None]]) == [["N", "E"], ["S", ""]]
    assert call(officejs, "IMPS", [[620], [-160]], [[170], [None]]) == [[10], [-4]]


def test_matchpoints_of_a_column_against_its_field(officejs):
    scores = [[420], [450], [None], [400], [420]]
    assert call(officejs, "MATCHPOINTS", scores, scores) == [[3], [6], [""], [0], [3]]
    assert call(officejs, "MPPERCENT", scores, scores) == [[50], [100], [""], [0], [50]]


def test_ranges_of_different_shapes(officejs):
    assert call(officejs, "IMPS", [[1], [2]], [[1], [2], [3]]) == (
        "error",
        "other: a 3x1 range, but difference is 2x1; give ranges of the same shape, or one cell",
    )


# --- Excel error values passed in


def test_an_error_cell_is_an_input_error(officejs):
    assert call(officejs, "BRIDGESCORE", cell("4S"), cell(NA), cell(True)) == (
        "error", f"result #N/A: {ERROR_TEXT}"
    )
    # an optional argument: not silently its default
    assert call(officejs, "IMPS", cell(620), cell(NA)) == ("error", f"other #N/A: {ERROR_TEXT}")
    assert call(officejs, "VP", cell(8), cell(14), cell(NA)) == (
        "error", f"vpscale #N/A: {ERROR_TEXT}"
    )


def test_an_error_element_of_a_range(officejs):
    div0 = {"type": "Error", "basicValue": "#DIV/0!", "errorType": "Div0"}
    assert call(officejs, "IMPS", [[450], [div0], [None]]) == [
        [10], [f"#VALUE! difference #DIV/0!: {ERROR_TEXT}"], [""]
    ]


def test_an_error_cell_in_a_field(officejs):
    assert call(officejs, "MATCHPOINTS", cell(420), [[420], [NA]]) == (
        "error", f"field #N/A: {ERROR_TEXT}"
    )


# --- bad input raises XlwingsError: #VALUE! in the cell, the message on hover

BAD = [
    ("BRIDGESCORE", ("8S", 10, False), 'contract "8S": level must be 1-7'),
    ("BRIDGESCORE", ("4S", 14, False), "result 14: tricks must be 0-13 (for 4S: -10 to +3)"),
    ("BRIDGESCORE", ("4S", 10, "maybe"),
     'vulnerable "maybe": must be TRUE/FALSE, 1/0, V/NV or Yes/No'),
    ("BRIDGESCORE", ("4S", 10, 0, "N"), "board 0: must be a whole number, 1 or more"),
    ("IMPS", ("lots",), 'difference "lots": must be a number'),
    ("VP", (8, 0), "boards 0: must be a whole number 1-10000"),
    ("CHICAGOVUL", (2, "rubber"), 'variant "rubber": must be standard or duplicate'),
    ("BOARDVUL", (0,), "board 0: must be a whole number, 1 or more"),
    ("COMPIMPS", (480, 19, "M10", False), "hcp 19: must be a whole number 20-40"),
    ("COMPENSATION", (28, "M7", False),
     'fit "M7": must be M8, M9, M10 (major), m8, m9, m10 (minor) or none'),
    ("NEUBERG", (4, 0, 4), "results 0: must be a whole number, 1 or more"),
]


@pytest.mark.parametrize(("name", "args", "message"), BAD)
def test_bad_input_raises_with_its_message(officejs, name, args, message):
    assert call(officejs, name, *map(cell, args)) == ("error", message)


def test_not_in_the_field(officejs):
    assert call(officejs, "MATCHPOINTS", cell(430), [[420], [450]]) == (
        "error", "score 430: not among the field's results"
    )


# --- home bridge: score-sheet columns, spilled rows, pivot seating, the auction

HOME = ["AUCTIONCONTRACT", "AUCTIONDECLARER", "CHICAGOLEDGER", "CHICAGOTOTAL", "PIVOTSEAT",
        "PIVOTSEATS", "RUBBERLEDGER", "RUBBERTOTAL"]


def test_meta_lists_the_home_bridge_functions(officejs):
    meta = {f["name"]: f for f in officejs.meta()["functions"]}
    for name in HOME:
        assert meta[name]["description"] == getattr(udfs, name).__doc__
        assert all(p["description"] for p in meta[name]["parameters"])
    assert [p["name"] for p in meta["RUBBERTOTAL"]["parameters"]] == [
        "contracts", "declarers", "results", "honours"
    ]
    assert meta["RUBBERTOTAL"]["parameters"][3]["optional"] is True


def test_a_rubber_from_columns_with_empty_rows(officejs):
    # seed 000 c with a blank row; the omitted honours arrive as null
    contracts = [["1NT"], ["2C"], [None], ["2S"], ["6S"]]
    declarers = [["E"], ["N"], [None], ["W"], ["W"]]
    results = [[8], [9.0], [None], [9], [12]]
    assert call(officejs, "RUBBERTOTAL", contracts, declarers, results, None) == [[60, 1790]]
    assert call(officejs, "RUBBERTOTAL", contracts, declarers, results) == [[60, 1790]]
    assert call(officejs, "RUBBERLEDGER", contracts, declarers, results, [[None]] * 5) == [
        [1, 0, 0, 30, 40, 0, 0, "None"],
        [2, 20, 40, 0, 0, 0, 0, "None"],
        [""] * 8,
        [4, 0, 0, 30, 60, 0, 0, "EW"],
        [5, 0, 0, 750, 180, 0, 700, "EW"],
    ]
    # a one-row range arrives as a flat row: the deals across
    assert call(officejs, "RUBBERTOTAL", [["4S", "3NT"]], [["N", "W"]], [[10, 9]], [["NS 100", "EW 150"]]) == [
        [120 + 100 + 300, 100 + 150 + 300]
    ]
    assert call(officejs, "RUBBERTOTAL", [[None], [None]], [[None], [None]], [[None], [None]]) == [[""]]


def test_chicago_from_columns(officejs):
    contracts, declarers, results = [["1NT"], ["4S"], [None]], [["S"], ["E"], [None]], [[8], [10], [None]]
    assert call(officejs, "CHICAGOTOTAL", contracts, declarers, results) == [[120, 620]]
    assert call(officejs, "CHICAGOTOTAL", contracts, declarers, results, cell("duplicate")) == [[120, 420]]
    assert call(officejs, "CHICAGOTOTAL", contracts, declarers, results, None, cell(True)) == [[70, 620]]
    assert call(officejs, "CHICAGOLEDGER", contracts, declarers, results) == [
        [1, "N", "None", 120, 120, 0], [2, "E", "EW", -620, 120, 620], [3, "S", "NS", "", "", ""]
    ]


def test_pivot_seats(officejs):
    assert call(officejs, "PIVOTSEATS", cell(4), cell(2)) == [[3, 2, 1, 4, ""]]
    assert call(officejs, "PIVOTSEATS", cell(5), [[1], [2], [None], [5]]) == [
        [2, 4, 1, 3, 5], [5, 3, 1, 2, 4], ["", "", "", "", ""], [4, 5, 2, 3, 1]
    ]
    assert call(officejs, "PIVOTSEAT", cell(5), cell(3), cell("W")) == [[5]]
    assert call(officejs, "PIVOTSEAT", cell(5), cell(3), cell("out")) == [[3]]


def test_auctions(officejs):
    assert call(officejs, "AUCTIONCONTRACT", cell("1C P 1S P 2S P 4S X P P P"), cell("N")) == [["4SXS"]]
    diagram = [[None, "1C", "P", "1S"], ["P", "2S", "P", "4S"], ["X", "P", "P", "P"]]  # W N E S
    assert call(officejs, "AUCTIONCONTRACT", diagram, cell("N")) == [["4SXS"]]
    assert call(officejs, "AUCTIONDECLARER", diagram, cell(1)) == [["S"]]
    assert call(officejs, "AUCTIONCONTRACT", [["P", "P", "P", "P"]], cell("E")) == [["PASS"]]


HOME_BAD = [
    ("RUBBERTOTAL", ([["1NT"], ["2C"], ["2S"], ["6S"], ["1C"]], [["E"], ["N"], ["W"], ["W"], ["N"]],
                     [[8], [9], [9], [12], [7]]),
     "deal 5: the rubber ended on deal 4; start a new rubber"),
    ("RUBBERTOTAL", ([["1NT"], ["2C"]], [["E"], ["N"]], [[8], [NA]]), f"deal 2: results #N/A: {ERROR_TEXT}"),
    ("RUBBERLEDGER", ([["4S"], ["3NT"]], [["N"], ["E"]], [[10], [9]], [[None], ["NS 100"]]),
     'deal 2: honours "NS 100": 100 is impossible at no-trump (four aces are 150)'),
    ("CHICAGOTOTAL", ([["1NT"], ["2C"]], [["E"]], [[8], [9]]), "declarers: 1 rows, but contracts has 2"),
    ("PIVOTSEATS", (cell(6), cell(1)), "players 6: must be a whole number 4-5"),
    ("AUCTIONCONTRACT", (cell("1S 1H"), cell("N")), 'call 2 "1H": insufficient bid after 1S'),
    ("AUCTIONCONTRACT", ([["1C"], ["P"], ["1S"], ["P"], ["X"]], cell("N")),
     'call 5 "X": cannot double partner\'s bid 1S'),
    ("AUCTIONDECLARER", (cell("1S P 4S P P"), cell("N")),
     "auction unfinished after call 5: 4S needs three passes in a row"),
    ("AUCTIONCONTRACT", ([["1S"], [NA]], cell("N")), f"calls #N/A: {ERROR_TEXT}"),
]


@pytest.mark.parametrize(("name", "args", "message"), HOME_BAD)
def test_home_bridge_bad_input_raises_with_its_message(officejs, name, args, message):
    assert call(officejs, name, *args) == ("error", message)
