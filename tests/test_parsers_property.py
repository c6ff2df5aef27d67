"""The parsers are total: any input gives a value or BridgeInputError, nothing else."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import xlbridge
from xlbridge import BridgeInputError

contract_alphabet = st.sampled_from(list("1234567890 NTSHDCXx*♠♥♦♣nesw=+-.PASop\x00\t\u200b"))
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10**20, max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=60),
    st.text(contract_alphabet, max_size=12),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=2),
)


def value_or_input_error(function, *args):
    try:
        return function(*args)
    except BridgeInputError as error:
        message = str(error)
        assert message and "\n" not in message and len(message) < 160
        return error


@settings(max_examples=400)
@given(anything)
def test_parse_contract_is_total(text):
    result = value_or_input_error(xlbridge.parse_contract, text)
    if isinstance(result, xlbridge.Contract):
        assert xlbridge.parse_contract(str(result)) == result


@settings(max_examples=400)
@given(st.sampled_from(["1C", "3NT", "4SX", "7NTXX", "PASS"]), anything)
def test_result_is_total(contract, result):
    value = value_or_input_error(xlbridge.tricks_taken, xlbridge.parse_contract(contract), result)
    assert isinstance(value, BridgeInputError) or 0 <= value <= 13


@settings(max_examples=300)
@given(anything, anything, anything, anything)
def test_score_is_total(contract, result, vulnerable, declarer):
    value = value_or_input_error(xlbridge.score, contract, result, vulnerable, declarer)
    assert isinstance(value, BridgeInputError) or (isinstance(value, int) and value % 10 == 0)


@settings(max_examples=300)
@given(anything)
def test_seat_vulnerability_board_fit_are_total(value):
    value_or_input_error(xlbridge.Seat.parse, value)
    value_or_input_error(xlbridge.Vulnerability.parse, value)
    value_or_input_error(xlbridge.board_vul, value)
    value_or_input_error(xlbridge.board_dealer, value)
    value_or_input_error(xlbridge.chicago_vul, value)
    value_or_input_error(xlbridge.Fit.parse, value)
    value_or_input_error(xlbridge.declarer_vulnerable, value)
    value_or_input_error(xlbridge.imps, value)


@settings(max_examples=300)
@given(anything, anything, anything)
def test_vp_is_total(imps, boards, scale):
    value = value_or_input_error(xlbridge.vp, imps, boards, scale)
    assert isinstance(value, BridgeInputError) or (0 <= value <= 20 and not math.isnan(value))
