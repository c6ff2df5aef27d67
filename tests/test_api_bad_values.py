"""Every public function of the Python API, fed what spreadsheets and scripts pass by
mistake, either answers or raises BridgeInputError with its one-line message: never a
TypeError, AttributeError, OverflowError or bare math error."""

from __future__ import annotations

import inspect
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlbridge

SPREADSHEET_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([math.nan, 1e308, -1e308, 0.5, 99]),
    st.text(max_size=8), st.sampled_from(["", " ", "4S", "3NTX", "=", "+1", "NS", "All", "PASS", "N", "x"]),
    st.lists(st.integers(-500, 500), max_size=3), st.tuples(st.integers()), st.dictionaries(st.text(), st.integers()),
)

FUNCTIONS = sorted(name for name in xlbridge.__all__ if inspect.isfunction(getattr(xlbridge, name)))


def required(function) -> int:
    return sum(1 for p in inspect.signature(function).parameters.values()
               if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty)


@pytest.mark.parametrize("name", FUNCTIONS)
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_bad_values_give_bridge_input_errors(name, data):
    function = getattr(xlbridge, name)
    args = [data.draw(SPREADSHEET_VALUES) for _ in range(required(function))]
    try:
        function(*args)
    except xlbridge.BridgeInputError as error:
        message = str(error)
        assert message and "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize(("call", "message"), [
    (lambda: xlbridge.matchpoints(99), "scores 99: must be a column of values"),
    (lambda: xlbridge.rank(None), "totals blank: must be a column of values"),
    (lambda: xlbridge.tricks_taken(0.5, "="), "contract 0.5"),
    (lambda: xlbridge.vp_exact(math.nan, 6), "imps nan"),
    (lambda: xlbridge.vp_exact(5, -3), "boards -3"),
])
def test_the_cases_a_new_user_met(call, message):
    with pytest.raises(xlbridge.BridgeInputError, match=message):
        call()


def test_spreadsheet_values_are_accepted_where_they_mean_something():
    assert xlbridge.score_parts("4S", 10, False) == xlbridge.score_parts(xlbridge.parse_contract("4S"), 10, False)
    assert xlbridge.duplicate_score("2CXX", 9.0, "V") == 1160
    assert xlbridge.relative_result("3NT", 8) == "-1"
    assert xlbridge.trick_score("NT", 3, "X") == 200
    assert xlbridge.vp_exact(-1e9, 14) == 0.0  # a huge losing margin: the loser's 0, no overflow


HUGE = [10**400, -(10**400), 10**5000]


@pytest.mark.parametrize("name", FUNCTIONS)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_integers_too_large_for_a_float_give_bridge_input_errors(name, data):
    """Integers past a float's range (and past the 4,300 digits repr will write) in every
    argument: the one-line error, never OverflowError or ValueError from int to text."""
    function = getattr(xlbridge, name)
    args = [data.draw(st.one_of(st.sampled_from(HUGE), st.lists(st.sampled_from(HUGE), min_size=1, max_size=3),
                                SPREADSHEET_VALUES)) for _ in range(required(function))]
    try:
        function(*args)
    except xlbridge.BridgeInputError as error:
        message = str(error)
        assert message and "\n" not in message and len(message) < 300


def test_rank_is_told_its_order_by_true_or_false():
    assert xlbridge.rank([1, 2, 3], False) == [1, 2, 3] and xlbridge.rank([1, 2, 3]) == [3, 2, 1]
    with pytest.raises(xlbridge.BridgeInputError, match='descending "yes": must be True or False'):
        xlbridge.rank([1, 2, 3], "yes")


@pytest.mark.parametrize("name", ["MPPERCENT", "PLACE", "BUTLER"])
def test_a_field_of_ranges_is_one_line_in_the_cell(name):
    """A range whose cells hold ranges (3-deep lists, as a script may pass): #VALUE! and
    its reason, never a TypeError in the cell."""
    from xlbridge import udfs

    function = getattr(udfs, name)
    answer = function([[[1, 2]]], [[[1, 2]]])
    assert isinstance(answer, str) and answer.startswith("#VALUE!") and "one a cell" in answer
