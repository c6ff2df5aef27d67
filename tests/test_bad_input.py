"""Bad input: a BridgeInputError with a message a director understands, nothing else."""

import math

import pytest

import xlbridge
from xlbridge import BridgeInputError


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: xlbridge.score("8S", 10, False), 'contract "8S": level must be 1-7'),
        (lambda: xlbridge.score("0NT", 6, False), 'contract "0NT": level must be 1-7'),
        (lambda: xlbridge.score("4Z", 10, False), 'contract "4Z": strain must be C, D, H, S or NT'),
        (lambda: xlbridge.score("4SXXX", 10, False), 'contract "4SXXX": at most redoubled (XX)'),
        (lambda: xlbridge.score("4S", 14, False), "result 14: tricks must be 0-13 (for 4S: -10 to +3)"),
        (lambda: xlbridge.score("4S", "+4", False), 'result "+4": tricks must be 0-13'),
        (lambda: xlbridge.score("7NT", "-14", False), 'result "-14": tricks must be 0-13 (for 7NT: -13 to +0)'),
        (lambda: xlbridge.score("4S", 10.5, False), "result 10.5: tricks must be a whole number"),
        (lambda: xlbridge.score("4S", "10.5", False), 'result "10.5": tricks must be a whole number'),
        (lambda: xlbridge.score("4S", 10, False, "Q"), 'declarer "Q": must be N, E, S or W'),
        (lambda: xlbridge.score("4S", 10, "maybe"), 'vulnerable "maybe": must be TRUE/FALSE'),
        (lambda: xlbridge.score("4S", 10, "maybe", "N"), 'vulnerable "maybe": must be None/NS/EW/All'),
        (lambda: xlbridge.board_vul(0), "board 0: must be a whole number, 1 or more"),
        (lambda: xlbridge.board_vul(-3), "board -3: must be a whole number, 1 or more"),
        (lambda: xlbridge.score("4S", 10, 0, "N"), "board 0: must be a whole number, 1 or more"),
        (lambda: xlbridge.vp(5, 0), "boards 0: must be a whole number 1-10000"),
        (lambda: xlbridge.vp(math.nan, 10), "imps nan: must be a number"),
        (lambda: xlbridge.imps(math.nan), "difference nan: must be a number"),
        (lambda: xlbridge.score(None, 10, False), "contract blank: must be text"),
        (lambda: xlbridge.score("", 10, False), "contract is blank"),
        (lambda: xlbridge.score("4S", None, False), "result blank"),
        (lambda: xlbridge.score("4S", "", False), 'result "": give tricks 0-13'),
        (lambda: xlbridge.score("4S" * 5000, 10, False), "too long"),
        (lambda: xlbridge.score("4S\x00\x07", 10, False), 'contract "4S??"'),
        (lambda: xlbridge.score("4SN", 10, False, "E"), 'declarer "E": contract "4SN" names N'),
        (lambda: xlbridge.chicago_vul(2, "rubber"), 'variant "rubber": must be standard or duplicate'),
        (lambda: xlbridge.compensation(19, "M8", False), "hcp 19: must be a whole number 20-40"),
        (lambda: xlbridge.compensation(25, "M7", False), 'fit "M7": must be M8, M9, M10'),
        (lambda: xlbridge.matchpoints([420, "x"]), 'score "x": must be a number'),
        (lambda: xlbridge.matchpoints([420], scale=3), "scale 3: must be 2 (2/1/0) or 1 (1/0.5/0)"),
        (lambda: xlbridge.vp(3, 10, "IMP"), 'scale "IMP": must be WBF'),
    ],
)
def test_message_names_value_and_what_is_accepted(call, message):
    with pytest.raises(BridgeInputError) as caught:
        call()
    text = str(caught.value)
    assert message in text
    assert "\n" not in text and len(text) < 120


def test_bridge_input_error_is_a_value_error():
    assert issubclass(BridgeInputError, ValueError)


def test_long_text_is_shortened_in_the_message():
    with pytest.raises(BridgeInputError) as caught:
        xlbridge.parse_contract("9" * 10_000)
    assert len(str(caught.value)) < 80
