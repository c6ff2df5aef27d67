"""The Excel functions called as plain Python (as the classic add-in calls them).

Errors are the text ``#VALUE! <message>``; ranges are lists of rows.
"""

from __future__ import annotations

import ast
import inspect
import keyword
import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlbridge import udfs
from xlbridge.udfs import (
    BOARDDEALER,
    BOARDVUL,
    BRIDGESCORE,
    BUTLER,
    CHICAGODEALER,
    CHICAGOVUL,
    COMPENSATION,
    COMPIMPS,
    CROSSIMPS,
    DATUM,
    IMPS,
    MATCHPOINTS,
    MPPERCENT,
    NEUBERG,
    PLACE,
    VP,
)

FIELD = [420, 450, 400, 420]

# The examples of README.md's "Excel functions" tables, and one example of each other function.
EXAMPLES = [
    (BRIDGESCORE, ("4S", 10, False), 420),
    (BRIDGESCORE, ("4S", "+1", True), 650),
    (BRIDGESCORE, ("3NT", 9, "All", "E"), -600),
    (BRIDGESCORE, ("2CXX", 9, True), 1160),
    (BRIDGESCORE, ("7NTXX", 0, True), -7600),
    (BRIDGESCORE, ("4S", 10, 2, "N"), 620),
    (IMPS, (-160,), -4),
    (IMPS, (620, 170), 10),
    (VP, (1, 6), 10.5),
    (VP, (-1, 6), 9.5),
    (VP, (8, 14), 12.44),
    (CHICAGOVUL, (2,), "EW"),
    (CHICAGOVUL, (2, "duplicate"), "NS"),
    (CHICAGOVUL, (8,), "All"),
    (BOARDVUL, (13,), "All"),
    (BOARDDEALER, (13,), "N"),
    (MATCHPOINTS, (420, FIELD), 3),
    (MPPERCENT, (420, FIELD), 50),
    (COMPIMPS, (480, 28, "M10", False), -4),
    # the others
    (BRIDGESCORE, ("4SXN", "-2", 7), -500),
    (BRIDGESCORE, ("PASS", None, "All", "N"), 0),
    (CHICAGODEALER, (7,), "S"),
    (MATCHPOINTS, (420, FIELD, 1), 1.5),
    (NEUBERG, (4, 3, 4), 5.666666666666667),
    (CROSSIMPS, (420, [420, 450, 400, -50]), 10),
    (CROSSIMPS, (420, [420, 450, 400, -50], True), 10 / 3),
    (DATUM, ([420, 450, 400, -50, 420],), 410),
    (DATUM, ([420, 450, 400, -50, 420], 0), 330),
    (BUTLER, (-50, [420, 450, 400, -50, 420]), -10),
    (COMPENSATION, (28, "M10", False), 640),
    (COMPENSATION, (35, "none", "V"), 1470),
    (PLACE, (55, [55, 60.2, 55, 40.1]), "2-3"),
    (PLACE, (60.2, [55, 60.2, 55, 40.1]), "1"),
]


@pytest.mark.parametrize(("function", "args", "expected"), EXAMPLES)
def test_examples(function, args, expected):
    result = function(*args)
    assert result == pytest.approx(expected) if isinstance(expected, float) else result == expected
    assert type(result) is not str or type(expected) is str  # numbers stay numbers


def test_text_results_are_plain_str_not_enums():
    assert type(BOARDVUL(3)) is str and type(CHICAGODEALER(2)) is str


def test_excel_numbers_arrive_as_floats():
    assert BRIDGESCORE("4S", 10.0, 2.0, "N") == 620
    assert BOARDVUL([[13.0]]) == "All"
    assert MATCHPOINTS(420.0, [[420.0], [450.0], [400.0], [420.0]]) == 3


# --- arrays: ranges in, arrays of the same shape out, element-wise errors


def test_a_traveller_column_in_one_call():
    contracts = [["3NT"], ["4S"], [None], ["8S"], ["PASS"], ["2HX"]]
    results = [[9], ["+1"], [None], [10], [None], [None]]
    declarers = [["E"], ["N"], [None], ["S"], [None], ["W"]]
    assert BRIDGESCORE(contracts, results, 2, declarers) == [
        [-400],
        [650],
        [""],
        ['#VALUE! contract "8S": level must be 1-7'],
        [0],
        [""],
    ]


def test_rows_keep_their_orientation():
    assert BOARDVUL([[1, 2, 3, 4]]) == [["None", "NS", "EW", "All"]]
    assert BOARDVUL([[1], [2]]) == [["None"], ["NS"]]
    assert IMPS([[10, 20], [-160, None]]) == [[0, 1], [-4, ""]]


def test_single_values_broadcast_over_ranges():
    assert BRIDGESCORE([["4S"], ["3NT"]], 10, True) == [[620], [630]]
    assert BRIDGESCORE("4S", [[9], [10], [11]], [[True], [False], [True]]) == [
        [-100], [420], [650]
    ]


def test_a_one_cell_range_is_a_single_value():
    assert BRIDGESCORE([["4S"]], [[10]], [[False]], [[None]]) == 420


def test_flat_lists_are_rows_as_in_excel():
    assert IMPS([-160, 620], [0, 170]) == [[-4, 10]]
    assert BOARDDEALER((1, 2, 3)) == [["N", "E", "S"]]


def test_ranges_of_different_shapes_are_an_input_error():
    assert BRIDGESCORE([["4S"], ["3NT"]], [[10], [9], [8]], True) == (
        "#VALUE! result: a 3x1 range, but contract is 2x1; give ranges of the same shape,"
        " or one cell"
    )
    assert IMPS([[1, 2]], [[1], [2]]) == (
        "#VALUE! other: a 2x1 range, but difference is 1x2; give ranges of the same shape,"
        " or one cell"
    )


def test_ragged_lists_are_an_input_error():
    assert IMPS([[1, 2], [3]]) == (
        "#VALUE! difference: rows of different lengths; give a rectangular range"
    )


def test_bad_elements_carry_their_own_error():
    assert IMPS([["x"], [450], [True]]) == [
        ['#VALUE! difference "x": must be a number'],
        [10],
        ["#VALUE! difference True: must be a number"],
    ]


def test_a_bad_single_value_is_the_error_of_every_element():
    assert BRIDGESCORE([["4S"], ["3NT"]], 10, "maybe") == [
        ['#VALUE! vulnerable "maybe": must be TRUE/FALSE, 1/0, V/NV or Yes/No'],
        ['#VALUE! vulnerable "maybe": must be TRUE/FALSE, 1/0, V/NV or Yes/No'],
    ]


# --- blanks


@pytest.mark.parametrize("blank", [None, "", "   "])
def test_an_empty_row_is_empty(blank):
    assert BRIDGESCORE(blank, blank, 7, blank) == ""
    assert IMPS(blank) == ""
    assert VP(blank, 14) == ""
    assert BOARDVUL(blank) == "" and BOARDDEALER(blank) == ""
    assert CHICAGOVUL(blank) == "" and CHICAGODEALER(blank) == ""
    assert MATCHPOINTS(blank, FIELD) == "" and MPPERCENT(blank, FIELD) == ""
    assert CROSSIMPS(blank, FIELD) == "" and BUTLER(blank, FIELD) == ""
    assert DATUM([[blank], [blank]]) == ""
    assert COMPENSATION(blank, "M8", False) == "" and COMPIMPS(blank, 28, "M8", False) == ""
    assert NEUBERG(blank, 3, 4) == "" and PLACE(blank, [1, 2]) == ""


def test_a_contract_without_result_is_an_unfinished_row():
    assert BRIDGESCORE("4S", None, True, "N") == ""
    assert BRIDGESCORE("PASS", None, True, "N") == 0  # a passed-out deal needs no result


def test_a_result_without_contract_is_an_error():
    assert BRIDGESCORE(None, 10, True) == (
        "#VALUE! contract blank: must be text such as 4S, 3NTX or PASS"
    )


def test_blank_optionals_take_their_default():
    assert IMPS(-160, None) == -4
    assert VP(8, 14, None) == 12.44
    assert CHICAGOVUL(2, " ") == "EW"
    assert MATCHPOINTS(420, FIELD, None) == 3
    assert DATUM([420, 450, 400, -50, 420], None) == 410
    assert CROSSIMPS(420, [420, 450, 400, -50], None) == 10
    assert BRIDGESCORE("4S", 10, False, None) == 420


def test_blank_cells_of_a_field_are_skipped():
    field = [[420], [None], [450], [""], [400], [420]]
    assert MATCHPOINTS([[420], [450], [None]], field) == [[3], [6], [""]]
    assert MPPERCENT(450, field) == 100
    assert MPPERCENT(420, [[420], [None]]) == 50  # played once: average


# --- error values passed in


@pytest.mark.parametrize("error", ["#N/A", "#DIV/0!", "#REF!", "#VALUE!", "#SPILL!"])
def test_error_cells_are_input_errors(error):
    code = error
    assert BRIDGESCORE("4S", error, True) == (
        f"#VALUE! result {code}: an error value; fix the cell it comes from"
    )
    assert BRIDGESCORE("4S", 10, error) == (
        f"#VALUE! vulnerable {code}: an error value; fix the cell it comes from"
    )
    # never read as a blank optional, which would mean the default
    assert IMPS(620, error) == f"#VALUE! other {code}: an error value; fix the cell it comes from"
    assert BRIDGESCORE(None, None, 1, error) == (
        f"#VALUE! declarer {code}: an error value; fix the cell it comes from"
    )


def test_error_forms_of_each_runtime():
    # the classic add-in gets error cells from COM as numbers: 0x800A0000 + xlErr code
    assert BOARDVUL(-2146826246) == "#VALUE! board #N/A: an error value; fix the cell it comes from"
    assert BOARDVUL(-2146826243) == (
        "#VALUE! board #SPILL!: an error value; fix the cell it comes from"
    )
    assert BOARDVUL(-2146828288 + 2099) == (
        "#VALUE! board #2099: an error value; fix the cell it comes from"
    )
    # Office.js's error object, as xlwings Lite and Server pass it on
    assert BOARDVUL({"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}) == (
        "#VALUE! board #N/A: an error value; fix the cell it comes from"
    )
    # the text form, and this module's own error text passed on to another function
    assert BOARDVUL("#N/A") == "#VALUE! board #N/A: an error value; fix the cell it comes from"
    assert IMPS(BRIDGESCORE("8S", 10, False)) == (
        "#VALUE! difference #VALUE!: an error value; fix the cell it comes from"
    )


def test_cells_as_each_runtime_passes_them(monkeypatch):
    # COM passes a range as a tuple of row tuples
    assert BOARDVUL(((1.0, 2.0), (None, 4.0))) == [["None", "NS"], ["", "All"]]
    # Office.js passes a data-type cell (a formatted number ...) as a dict
    assert BOARDVUL({"type": "FormattedNumber", "basicValue": 13.0, "numberFormat": "0"}) == "All"
    # xlwings Lite passes an empty cell of a range as Pyodide's JsNull
    js_null = type("JsNull", (), {})
    monkeypatch.setattr(udfs, "_JsNull", js_null)
    assert BOARDVUL([[1.0], [js_null()], [3.0]]) == [["None"], [""], ["EW"]]
    assert IMPS(620, js_null()) == 12


def test_an_error_element_in_a_range():
    assert BOARDDEALER([[1], ["#N/A"], [3]]) == [
        ["N"], ["#VALUE! board #N/A: an error value; fix the cell it comes from"], ["S"]
    ]


def test_an_error_cell_in_a_field_fails_the_whole_call():
    assert MATCHPOINTS([[420], [450]], [[420], ["#N/A"], [450]]) == (
        "#VALUE! field #N/A: an error value; fix the cell it comes from"
    )


def test_text_that_merely_starts_with_a_hash_is_not_an_error_value():
    assert BRIDGESCORE("#4S", 10, True) == (
        '#VALUE! contract "#4S": must start with a level 1-7, e.g. 4S, 3NTX or PASS'
    )


# --- every error message, each naming the argument and the value

ERRORS = [
    (BRIDGESCORE, ("8S", 10, False), 'contract "8S": level must be 1-7'),
    (BRIDGESCORE, ("4Q", 10, False), 'contract "4Q": strain must be C, D, H, S or NT'),
    (BRIDGESCORE, ("4SXXX", 10, False), 'contract "4SXXX": at most redoubled (XX)'),
    (BRIDGESCORE, (4, 10, False), "contract 4: must be text such as 4S, 3NTX or PASS"),
    (BRIDGESCORE, ("4S", 14, False), 'result 14: tricks must be 0-13 (for 4S: -10 to +3)'),
    (BRIDGESCORE, ("4S", "+4", False), 'result "+4": tricks must be 0-13 (for 4S: -10 to +3)'),
    (BRIDGESCORE, ("4S", 9.5, False), "result 9.5: tricks must be a whole number"),
    (BRIDGESCORE, ("4S", "many", False), 'result "many": give tricks 0-13, or =, +n, -n'),
    (BRIDGESCORE, ("4S", "-0", False), 'result "-0": down needs 1 or more'),
    (BRIDGESCORE, ("4S", 10, "All"),
     'vulnerable "All": must be TRUE/FALSE, 1/0, V/NV or Yes/No'),
    (BRIDGESCORE, ("4S", 10, 0, "N"), "board 0: must be a whole number, 1 or more"),
    (BRIDGESCORE, ("4S", 10, "maybe", "N"),
     'vulnerable "maybe": must be None/NS/EW/All, a board number or TRUE/FALSE'),
    (BRIDGESCORE, ("4S", 10, 2, "X"), 'declarer "X": must be N, E, S or W'),
    (BRIDGESCORE, ("4SN", 10, 2, "E"), 'declarer "E": contract "4SN" names N'),
    (IMPS, ("lots",), 'difference "lots": must be a number'),
    (IMPS, (620, "x"), 'other "x": must be a number'),
    (VP, (8, 0), "boards 0: must be a whole number 1-10000"),
    (VP, (8, 14, "VP30"), 'scale "VP30": must be WBF'),
    (VP, ("x", 14), 'imps "x": must be a number'),
    (CHICAGOVUL, (0,), "deal 0: must be a whole number, 1 or more"),
    (CHICAGOVUL, (2, "rubber"), 'variant "rubber": must be standard or duplicate'),
    (CHICAGODEALER, (1.5,), "deal 1.5: must be a whole number, 1 or more"),
    (BOARDVUL, (0,), "board 0: must be a whole number, 1 or more"),
    (BOARDDEALER, ("one",), 'board "one": must be a whole number, 1 or more'),
    (MATCHPOINTS, (430, FIELD), "score 430: not among the field's results"),
    (MATCHPOINTS, (420, FIELD, 3), "scale 3: must be 2 (2/1/0) or 1 (1/0.5/0)"),
    (MATCHPOINTS, (420, [420, "A+"]), 'field "A+": must be a number'),
    (MATCHPOINTS, ("x", FIELD), 'score "x": must be a number'),
    (MPPERCENT, (430, FIELD), "score 430: not among the field's results"),
    (NEUBERG, (4, 0, 4), "results 0: must be a whole number, 1 or more"),
    (NEUBERG, (4, 3, "x"), 'expected results "x": must be a whole number, 1 or more'),
    (NEUBERG, ("x", 3, 4), 'matchpoints "x": must be a number'),
    (CROSSIMPS, (420, FIELD, "yes"), 'average "yes": must be TRUE or FALSE'),
    (CROSSIMPS, (430, FIELD), "score 430: not among the field's results"),
    (DATUM, ([420, "x"],), 'field "x": must be a number'),
    (DATUM, (FIELD, -1), "drop -1: must be a whole number, 0 or more"),
    (BUTLER, (430, FIELD), "score 430: not among the field's results"),
    (COMPENSATION, (19, "M8", False), "hcp 19: must be a whole number 20-40"),
    (COMPENSATION, (28, "M7", False),
     'fit "M7": must be M8, M9, M10 (major), m8, m9, m10 (minor) or none'),
    (COMPENSATION, (28, "M8", "maybe"),
     'vulnerable "maybe": must be TRUE/FALSE, 1/0, V/NV or Yes/No'),
    (COMPIMPS, ("x", 28, "M8", False), 'score "x": must be a number'),
    (COMPIMPS, (480, 41, "M8", False), "hcp 41: must be a whole number 20-40"),
    (PLACE, (30, [55, 60]), "total 30: not among the totals"),
]


@pytest.mark.parametrize(("function", "args", "message"), ERRORS)
def test_error_messages(function, args, message):
    assert function(*args) == f"#VALUE! {message}"
    assert "\n" not in message and len(message) < 100


# --- the functions' shape, checked here because on this platform xw.func is a passthrough


def functions():
    return [getattr(udfs, name) for name in udfs.__all__]


def test_all_lists_every_excel_function():
    found = {
        name for name, value in vars(udfs).items()
        if name.isupper() and callable(value) and not name.startswith("_")
    }
    assert found == set(udfs.__all__)


@pytest.mark.parametrize("function", functions(), ids=lambda f: f.__name__)
def test_description_is_one_short_line(function):
    assert function.__doc__ and "\n" not in function.__doc__ and len(function.__doc__) <= 255


# What VBA reserves (MS-VBAL 3.3.5.2: statement and marker keywords, operators,
# special forms, reserved names, literals, types): the classic add-in writes every
# argument name into a VBA Function declaration, and one bad name breaks them all.
_VBA_WORDS = """
    Call Case Close Const Declare DefBool DefByte DefCur DefDate DefDbl DefInt DefLng
    DefLngLng DefLngPtr DefObj DefSng DefStr DefVar Dim Do Else ElseIf End EndIf Enum Erase
    Event Exit For Friend Function Get Global GoSub GoTo If Implements Input Let Lock Loop
    LSet Next On Open Option Print Private Public Put RaiseEvent ReDim Resume Return RSet
    Seek Select Set Static Stop Sub Type Unlock Wend While With Write Rem
    Any As ByRef ByVal Each In Lib New Optional ParamArray Preserve Shared Spc Tab
    Then To Until WithEvents AddressOf And Eqv Imp Is Like Mod Not Or TypeOf Xor
    Array Circle InputB LBound Scale UBound
    Abs CBool CByte CCur CDate CDbl CDec CInt CLng CLngLng CLngPtr CSng CStr CVar CVErr
    Date Debug DoEvents Fix Int Len LenB Me PSet Sgn String
    Empty False Nothing Null True
    Boolean Byte Currency Decimal Double Integer Long LongLong LongPtr Object Single Variant
    Attribute CDecl Error Line Name Step
"""
VBA_RESERVED = {word.lower() for word in _VBA_WORDS.split()}


@pytest.mark.parametrize("function", functions(), ids=lambda f: f.__name__)
def test_arguments_are_valid_vba_names(function):
    for name, parameter in inspect.signature(function).parameters.items():
        assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,30}", name), name
        assert name.lower() not in VBA_RESERVED, name
        assert not keyword.iskeyword(name)
        assert parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD


def test_wrong_number_of_arguments_is_a_python_error():
    with pytest.raises(TypeError):
        BRIDGESCORE("4S", 10)
    with pytest.raises(TypeError):
        IMPS(1, 2, 3)


# --- the wrapper, as later functions (e.g. a rubber total) will use it


def test_the_wrapper_returns_a_row_from_whole_ranges():
    @udfs.cells(whole_ranges=("points",))
    def totals(points, side="NS"):
        values = [udfs.real_number(p, "points") for p in points]
        return [sum(v for v in values if v > 0), -sum(v for v in values if v < 0)]

    assert totals([[100], [None], [-50], [30]]) == [130, 50]
    assert totals([[None]]) == ""
    assert totals([["x"]]) == '#VALUE! points "x": must be a number'


def test_the_wrapper_refuses_unknown_argument_names():
    with pytest.raises(TypeError, match="no argument nope"):
        udfs.cells(row=("nope",))(lambda x: x)


# --- README's function reference: every function with its signature, examples true

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_functions() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("\n## Excel functions\n")[1].split("\n## ")[0]


@pytest.mark.parametrize("function", functions(), ids=lambda f: f.__name__)
def test_readme_documents_each_function(function):
    parameters = inspect.signature(function).parameters.values()
    shown = ", ".join(
        p.name if p.default is inspect.Parameter.empty else f"[{p.name}]" for p in parameters
    )
    assert f"**`{function.__name__}({shown})`**" in readme_functions()


def excel_examples() -> list[tuple[str, str, str]]:
    """(function, arguments, shown result) of each README example without cell references."""
    found = re.findall(
        r"`=([A-Z]+)\(([^`]*)\)`(?: \| | is )(-?\d+(?:\.\d+)?(?:-\d+)?|[A-Za-z]+|\{[^}]*\})",
        readme_functions(),
    )
    unquoted = [(f, re.sub(r'"[^"]*"', "", f[1])) for f in found]
    return [f for f, rest in unquoted if not re.search(r"\$?[A-Z]+\$?\d", rest)]


def test_readme_has_examples():
    assert {name for name, _, _ in excel_examples()} >= set(udfs.__all__) - {
        "MATCHPOINTS", "MPPERCENT"  # shown with a traveller's cells
    }


@pytest.mark.parametrize(("name", "arguments", "shown"), excel_examples())
def test_readme_examples_are_true(name, arguments, shown):
    python = re.sub(r"\bTRUE\b", "True", re.sub(r"\bFALSE\b", "False", arguments))
    args = ast.literal_eval(f"({python.replace('{', '[').replace('}', ']')},)")
    result = getattr(udfs, name)(*args)
    if shown.startswith("{"):  # a spilled array as Excel writes one: {1, "N"; 2, "E"}
        rows = [ast.literal_eval(f"[{row}]") for row in shown[1:-1].split(";")]
        assert (result if isinstance(result[0], list) else [result]) == rows
    elif isinstance(result, float):
        assert round(result, 2) == float(shown)
    elif isinstance(result, int):
        assert result == int(shown)
    else:
        assert result == shown


# --- any cells at all: a value or #VALUE! text, never an exception
CELLS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-300, max_value=300),
    st.integers(),
    st.floats() | st.sampled_from([math.nan, math.inf, -math.inf]),
    st.text(max_size=8),
    st.sampled_from(["4S", "3NTX", "PASS", "=", "+1", "-2", "N", "All", "M10", "#N/A", " "]),
    st.just({"type": "Error", "basicValue": "#REF!", "errorType": "Ref"}),
)
ARGUMENT = st.one_of(
    CELLS,
    st.integers(1, 3).flatmap(
        lambda width: st.lists(
            st.lists(CELLS, min_size=width, max_size=width), min_size=1, max_size=3
        )
    ),
)


@pytest.mark.parametrize(
    ("function", "args"),
    [(DATUM, ([[1e100], [0]],)), (BUTLER, (0, [[1e100], [0]]))],
    ids=["DATUM", "BUTLER"],
)
def test_huge_numbers_in_a_field(function, args):
    result = function(*args)
    assert isinstance(result, int) or result.startswith("#VALUE! ")


@pytest.mark.parametrize("function", functions(), ids=lambda f: f.__name__)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_cells_give_a_value_or_value_text(function, data):
    count = len(inspect.signature(function).parameters)
    result = function(*(data.draw(ARGUMENT) for _ in range(count)))

    def check(value):
        assert isinstance(value, int | float | str) and type(value) is not bool, value
        if isinstance(value, str) and value.startswith("#"):
            assert value.startswith("#VALUE! ") and "\n" not in value and "Traceback" not in value

    for row in result if isinstance(result, list) else [[result]]:
        for value in row if isinstance(row, list) else [row]:
            check(value)


def test_workbooks_keep_every_function_name_free():
    # Defined names must never equal a function name (docs/workbooks.md); the generator's
    # guard list must know every function this module defines.
    from xlbridge.workbooks.names import XLBRIDGE_FUNCTIONS

    assert set(udfs.__all__) == XLBRIDGE_FUNCTIONS - {"SCORE"}
