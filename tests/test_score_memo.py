"""score() remembers the argument tuples it has seen: that must never change an answer."""

import importlib

import pytest

import xlbridge
from xlbridge import BridgeInputError


def test_equal_but_different_values_keep_their_meanings():
    # With a declarer, TRUE is "declarer vulnerable" but 1 is board 1 (none vulnerable).
    assert xlbridge.score("4S", 10, True, "N") == 620
    assert xlbridge.score("4S", 10, 1, "N") == 420
    assert xlbridge.score("4S", 10, True, "N") == 620
    # A number of tricks is tricks; a boolean is an error, even after the number was scored.
    assert xlbridge.score("1NT", 1, False) == -300
    with pytest.raises(BridgeInputError):
        xlbridge.score("1NT", True, False)


def test_errors_are_raised_every_time_and_unhashable_values_still_get_the_message():
    for _ in range(2):
        with pytest.raises(BridgeInputError, match="level must be 1-7"):
            xlbridge.score("8S", 10, False)
    with pytest.raises(BridgeInputError, match=r"result \[10\]"):
        xlbridge.score("4S", [10], False)


def test_the_memo_stays_bounded(monkeypatch):
    module = importlib.import_module("xlbridge.engine.score")
    monkeypatch.setattr(module, "_SCORED_MAX", 100)
    for board in range(1, 40):
        for tricks in range(14):
            assert xlbridge.score("3NT", tricks, board, "E") == module._score("3NT", tricks, board, "E")
            assert len(module._SCORED) <= 101
