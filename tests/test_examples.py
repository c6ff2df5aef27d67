"""Worked examples from the Laws, the seeds (docs/rules.md) and README.md's "Excel functions", through the
Python API."""

import pytest

import xlbridge

# docs/rules.md §2: (contract, tricks, declarer vulnerable, score)
RULES_EXAMPLES = [
    ("1C", 7, False, 70),
    ("1NT", 9, True, 150),
    ("3NT", 9, True, 600),
    ("2CXX", 9, True, 1160),
    ("6S", 13, True, 1460),
    ("1NTXX", 13, True, 3160),
    ("7NTXX", 0, True, -7600),
    ("4S", 12, False, 480),
]


@pytest.mark.parametrize(("contract", "tricks", "vul", "expected"), RULES_EXAMPLES)
def test_rules_worked_examples(contract, tricks, vul, expected):
    assert xlbridge.score(contract, tricks, vul) == expected


def test_seed_003_slip_2cxx_is_1160_not_830():
    # Seed 003 prints 830 for 2CXX made with an overtrick, vulnerable. Law 77:
    # trick score 160 + redoubled overtrick 400 + insult 100 + game 500 = 1160.
    parts = xlbridge.score_parts(xlbridge.parse_contract("2CXX"), 9, True)
    assert (parts.below, parts.above) == (160, 500)
    assert xlbridge.score("2CXX", 9, True) == 1160 != 830


def test_seed_004_slip_1ntxx_trick_score_is_160():
    # Seed 004 gives 1NT redoubled 120 trick points and a total of 3120; it is 160 and 3160.
    assert xlbridge.trick_score(xlbridge.Strain.NT, 1, xlbridge.Doubling.REDOUBLED) == 160
    assert xlbridge.score("1NTXX", 13, True) == 3160 != 3120


def test_functions_md_examples():
    assert xlbridge.score("4S", 10, False) == 420
    assert xlbridge.score("4S", "+1", True) == 650
    assert xlbridge.score("3NT", 9, "All", "E") == -600
    assert xlbridge.score("2CXX", 9, True) == 1160
    assert xlbridge.score("7NTXX", 0, True) == -7600
    assert xlbridge.score("4S", 10, 2, "N") == 620
    assert xlbridge.imps(-160) == -4
    assert xlbridge.imps(620 - 170) == 10
    assert (xlbridge.vp(1, 6), xlbridge.vp(-1, 6), xlbridge.vp(8, 14)) == (10.5, 9.5, 12.44)
    assert xlbridge.chicago_vul(2) == "EW"
    assert xlbridge.chicago_vul(2, "duplicate") == "NS"
    assert xlbridge.chicago_vul(8) == "All"
    assert xlbridge.board_vul(13) == "All"
    assert xlbridge.board_dealer(13) == "N"
    assert xlbridge.matchpoints_against(420, [420, 450, 400, 420]) == 3
    assert xlbridge.mp_percent(3, 4) == 50
    assert xlbridge.compensation_imps(480, 28, "M10", False) == -4


def test_compensation_seed_example():
    # Seed 000 b: NS not vulnerable, 28 HCP, 10-card spade fit, 4S+2 = 480; table 640.
    assert xlbridge.score("4S", "+2", False) == 480
    assert xlbridge.compensation(28, "major 10", "NV") == 640
    assert xlbridge.imps(480 - 640) == -4


def test_declarer_view_and_ns_view():
    # Without declarer: declarer's view. With it: NS view, EW's plus is NS's minus.
    assert xlbridge.score("3NT", 8, True) == -100
    assert xlbridge.score("3NT", 8, "All", "W") == 100
    assert xlbridge.score("3NTE", 8, "EW") == 100  # declarer appended counts as given
    assert xlbridge.score("PASS", None, "All", "N") == 0
    assert xlbridge.score("Passed out", 5, True) == 0


@pytest.mark.parametrize(
    ("board", "vul", "dealer"),
    [(1, "None", "N"), (2, "NS", "E"), (3, "EW", "S"), (4, "All", "W"), (5, "NS", "N"),
     (8, "None", "W"), (9, "EW", "N"), (11, "None", "S"), (12, "NS", "W"), (16, "EW", "W"),
     (17, "None", "N"), (29, "All", "N"), (32, "EW", "W")],
)
def test_board_cycle(board, vul, dealer):
    assert xlbridge.board_vul(board) == vul
    assert xlbridge.board_dealer(board) == dealer


def test_board_number_as_vulnerability_means_board():
    # With a declarer, a number is a board number: board 1 is None even though 1 looks like TRUE.
    assert xlbridge.score("4S", 10, 1, "N") == 420
    assert xlbridge.score("4S", 10, True, "N") == 620
    assert xlbridge.score("4S", 10, 1) == 620  # without declarer 1 means vulnerable


@pytest.mark.parametrize(
    ("deal", "standard", "duplicate", "dealer"),
    [(1, "None", "None", "N"), (2, "EW", "NS", "E"), (3, "NS", "EW", "S"), (4, "All", "All", "W"),
     (5, "None", "None", "N"), (6, "EW", "NS", "E"), (12, "All", "All", "W")],
)
def test_chicago_cycle(deal, standard, duplicate, dealer):
    assert xlbridge.chicago_vul(deal) == standard
    assert xlbridge.chicago_vul(deal, "duplicate") == duplicate
    assert xlbridge.chicago_dealer(deal) == dealer


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("4S", "4S"), ("4s", "4S"), ("4♠", "4S"), ("3NT", "3NT"), ("3N", "3NT"), ("3nt", "3NT"),
     ("4SX", "4SX"), ("4S*", "4SX"), ("4SXX", "4SXX"), ("4S**", "4SXX"), ("2HX", "2HX"),
     ("PASS", "PASS"), ("P", "PASS"), ("AP", "PASS"), ("Passed out", "PASS"),
     (" 4 s x ", "4SX"), ("4♥xx", "4HXX"), ("6♦", "6D"), ("1♣", "1C"), ("4SXN", "4SXN"),
     ("4SNX", "4SXN"), ("3NN", "3NTN"), ("7NTXXW", "7NTXXW")],
)
def test_contract_forms(text, canonical):
    contract = xlbridge.parse_contract(text)
    assert str(contract) == canonical
    assert xlbridge.parse_contract(str(contract)) == contract


@pytest.mark.parametrize(
    ("result", "tricks"),
    [(10, 10), ("10", 10), (10.0, 10), ("=", 10), ("+1", 11), ("+3", 13), ("-1", 9), (-1, 9),
     (-10, 0), ("-10", 0), (0, 0), (" + 2 ", 12), ("made", 10)],
)
def test_result_forms(result, tricks):
    assert xlbridge.tricks_taken(xlbridge.parse_contract("4S"), result) == tricks
