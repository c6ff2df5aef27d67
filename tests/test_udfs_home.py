"""The home-bridge Excel functions called as plain Python (as the classic add-in calls them):
rubber and Chicago score sheets, pivot seating, the auction.

Ranges are lists of rows; errors are the text ``#VALUE! <message>``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import engine
from xlbridge.udfs import (
    AUCTIONCONTRACT,
    AUCTIONDECLARER,
    CHICAGOLEDGER,
    CHICAGOTOTAL,
    PIVOTSEAT,
    PIVOTSEATS,
    RUBBERLEDGER,
    RUBBERTOTAL,
)

NA = "#VALUE! {} #N/A: an error value; fix the cell it comes from"


def col(*values):
    """A column range as Excel passes it: one row per cell."""
    return [[v] for v in values]


# --- rubber (docs/rules.md §9)

# Seed 000 c: EW 1NT+1, NS 2C+1, EW 2S+1 (EW game), EW 6S made: EW win 2-0.
SEED = (col("1NT", "2C", "2S", "6S"), col("E", "N", "W", "W"), col(8, 9, 9, 12))


def test_seed_000_rubber():
    assert RUBBERTOTAL(*SEED) == [60, 1790]
    assert RUBBERTOTAL(*SEED, col(None, None, None, None)) == [60, 1790]


def test_numbers_as_excel_sends_them_and_ranges_as_rows():
    assert RUBBERTOTAL(col("1NT", "2C", "2S", "6S"), col("E", "N", "W", "W"), col(8.0, 9.0, 9.0, 12.0)) == [
        60, 1790
    ]
    assert RUBBERTOTAL([["1NT", "2C", "2S", "6S"]], [["E", "N", "W", "W"]], [[8, 9, 9, 12]]) == [60, 1790]
    # COM passes a range as a tuple of row tuples
    assert RUBBERTOTAL(tuple(map(tuple, SEED[0])), tuple(map(tuple, SEED[1])), tuple(map(tuple, SEED[2]))) == [
        60, 1790
    ]


def test_seed_000_ledger():
    assert RUBBERLEDGER(*SEED) == [
        [1, 0, 0, 30, 40, 0, 0, "None"],
        [2, 20, 40, 0, 0, 0, 0, "None"],
        [3, 0, 0, 30, 60, 0, 0, "EW"],
        [4, 0, 0, 750, 180, 0, 700, "EW"],
    ]


# NS 4S made with 100 honours (game: NS vulnerable); EW 3NT made with four aces (game:
# all vulnerable); NS 2H one down, East-West holding 100 trump honours as defenders.
HONOURS = (col("4S", "3NT", "2H"), col("N", "W", "S"), col(10, 9, 7))


@pytest.mark.parametrize("honours", [col("NS 100", "ew150", "EW 100"), col(100.0, -150.0, -100.0)])
def test_honours_of_both_sides(honours):
    # NS: 120 below + 100 honours + 300 (a game, unfinished);
    # EW: 100 below + 150 + 100 (vulnerable undertrick) + 100 honours + 300.
    assert RUBBERTOTAL(*HONOURS, honours) == [520, 750]
    assert RUBBERLEDGER(*HONOURS, honours) == [
        [1, 100, 120, 0, 0, 0, 0, "NS"],
        [2, 0, 0, 150, 100, 0, 0, "All"],
        [3, 0, 0, 200, 0, 300, 300, "All"],
    ]


def test_honours_errors_name_the_deal():
    assert RUBBERTOTAL(*HONOURS, col(None, "NS 100", None)) == (
        '#VALUE! deal 2: honours "NS 100": 100 is impossible at no-trump (four aces are 150)'
    )
    assert RUBBERTOTAL(*HONOURS, col("NS 120", None, None)) == (
        '#VALUE! deal 1: honours "NS 120": only 100 and 150 exist'
    )


def test_an_unfinished_rubber():
    # NS game (120), then EW 2D+1: 40 below, 20 above, a part score in the unfinished game.
    columns = (col("4S", "2D"), col("N", "E"), col(10, 9))
    assert RUBBERTOTAL(*columns) == [120 + 300, 40 + 20 + 100]
    assert RUBBERLEDGER(*columns) == [
        [1, 0, 120, 0, 0, 0, 0, "NS"],
        [2, 0, 0, 20, 40, 300, 100, "NS"],
    ]


def test_a_rubber_won_2_1_earns_500():
    columns = (col("4S", "4H", "3NT"), col("N", "E", "S"), col(10, 10, 9))
    assert RUBBERTOTAL(*columns) == [120 + 100 + 500, 120]
    assert RUBBERLEDGER(*columns)[-1] == [3, 0, 100, 0, 0, 500, 0, "All"]


def test_a_deal_after_the_rubber_ended_is_an_error_naming_it():
    late = (col("1NT", "2C", "2S", "6S", "1C"), col("E", "N", "W", "W", "N"), col(8, 9, 9, 12, 7))
    message = "#VALUE! deal 5: the rubber ended on deal 4; start a new rubber"
    assert RUBBERTOTAL(*late) == message
    assert RUBBERLEDGER(*late) == message


def test_blank_rows_are_skipped_and_keep_their_number():
    columns = (col("1NT", None, "2C", "  ", "2S", "6S", None),
               col("E", None, "N", None, "W", "W", None),
               col(8, None, 9, None, 9, 12, None))
    assert RUBBERTOTAL(*columns) == [60, 1790]
    blank = [""] * 8
    assert RUBBERLEDGER(*columns) == [
        [1, 0, 0, 30, 40, 0, 0, "None"], blank,
        [3, 20, 40, 0, 0, 0, 0, "None"], blank,
        [5, 0, 0, 30, 60, 0, 0, "EW"],
        [6, 0, 0, 750, 180, 0, 700, "EW"], blank,
    ]


def test_a_passed_out_deal_needs_no_declarer_or_result():
    assert RUBBERTOTAL(col("PASS", "4S"), col(None, "N"), col(None, 10)) == [420, 0]
    assert RUBBERLEDGER(col("PASS", "4S"), col(None, "N"), col(None, 10))[0] == [1, 0, 0, 0, 0, 0, 0, "None"]


@pytest.mark.parametrize("blank", [None, "", " "])
def test_an_empty_sheet_is_empty(blank):
    assert RUBBERTOTAL(col(blank, blank), col(blank, blank), col(blank, blank)) == ""
    assert RUBBERLEDGER(col(blank, blank), col(blank, blank), col(blank, blank), col(blank, blank)) == ""
    assert RUBBERTOTAL(blank, blank, blank) == ""
    assert CHICAGOTOTAL(col(blank), col(blank), col(blank)) == ""
    assert CHICAGOLEDGER(col(blank), col(blank), col(blank)) == ""


def test_a_one_deal_sheet_may_be_single_cells():
    assert RUBBERTOTAL("4S", "N", 10) == [120 + 300, 0]
    assert RUBBERTOTAL("4S", "N", 10, "NS 100") == [120 + 100 + 300, 0]
    assert RUBBERLEDGER("4SN", None, "=") == [[1, 0, 120, 0, 0, 300, 0, "NS"]]


def test_a_contract_without_declarer_or_result_names_its_deal():
    assert RUBBERTOTAL(col("4S", "3NT"), col("N", "E"), col(10, None)) == (
        "#VALUE! deal 2: result is blank: give tricks 0-13, or =, +n, -n for 3NTE"
    )
    assert RUBBERTOTAL(col("4S", "3NT"), col("N", None), col(10, 9)) == (
        "#VALUE! deal 2: declarer is blank: give N, E, S or W for 3NT"
    )
    assert RUBBERTOTAL(col("4S", "8S"), col("N", "E"), col(10, 9)) == (
        '#VALUE! deal 2: contract "8S": level must be 1-7'
    )


@pytest.mark.parametrize(
    "error", ["#N/A", -2146826246, {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}],
    ids=["text", "COM", "Office.js"],
)
def test_error_cells_in_the_columns_name_the_deal(error):
    assert RUBBERTOTAL(col("1NT", "2C"), col("E", "N"), col(8, error)) == NA.format("deal 2: results")
    assert RUBBERLEDGER(col("1NT", "2C"), col("E", "N"), col(8, 9), col(None, error)) == (
        NA.format("deal 2: honours")
    )
    # even on a row without a contract: an error cell is never read as a blank
    assert RUBBERTOTAL(col("1NT", None), col("E", error), col(8, None)) == NA.format("deal 2: declarers")
    assert CHICAGOTOTAL(col(error, "2C"), col("E", "N"), col(8, 9)) == NA.format("deal 1: contracts")


def test_error_cells_in_the_single_arguments():
    assert CHICAGOTOTAL(col("1NT"), col("E"), col(8), "#N/A") == NA.format("cycle")
    assert CHICAGOTOTAL(col("1NT"), col("E"), col(8), None, "#N/A") == NA.format("carry")


def test_columns_of_different_lengths_or_shapes():
    assert RUBBERTOTAL(col("1NT", "2C", "2S"), col("E", "N"), col(8, 9, 9)) == (
        "#VALUE! declarers: 2 rows, but contracts has 3"
    )
    assert RUBBERTOTAL([["1NT", "E"], ["2C", "N"]], col("E", "N"), col(8, 9)) == (
        "#VALUE! contracts: a 2x2 range; give one column (or one row), a deal a cell"
    )


def test_ledger_against_the_engine_and_adding_up_to_the_total():
    columns = (
        col("1NT", "2D", "3S", None, "2HX", "3NT", "1C"),
        col("S", "E", "W", None, "N", "S", "E"),
        col(7, 8, 10, None, 6, 9, 7),
        col(None, "EW 100", 150, None, None, "NS 150", None),
    )
    rows = RUBBERLEDGER(*columns)
    ledger = engine.rubber_ledger(*([row[0] for row in c] for c in columns))
    assert len(rows) == 7 and {len(row) for row in rows} == {8}
    by_deal = {line.deal: line for line in ledger.lines}
    for number, row in enumerate(rows, start=1):
        line = by_deal.get(number)
        if line is None:
            assert row == [""] * 8
            continue
        assert row[:5] == [line.deal, line.ns_above, line.ns_below, line.ew_above, line.ew_below]
        assert row[7] == str(line.vulnerability)
    played = [row for row in rows if row[0] != ""]
    ns = sum(row[1] + row[2] + row[5] for row in played)
    ew = sum(row[3] + row[4] + row[6] for row in played)
    assert [ns, ew] == RUBBERTOTAL(*columns) == list(ledger.totals)


CONTRACTS = st.builds(
    lambda level, strain, doubling: f"{level}{strain}{doubling}",
    st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.sampled_from(["", "X", "XX"]),
)
DEALS = st.lists(
    st.tuples(CONTRACTS, st.sampled_from("NESW"), st.integers(0, 13),
              st.sampled_from([None, "NS 100", "EW 150", -100])),
    max_size=8,
)


@settings(max_examples=60, deadline=None)
@given(deals=DEALS)
def test_any_rubber_as_the_engine_scores_it(deals):
    contracts, declarers, results, honours = (list(c) for c in zip(*deals, strict=True)) if deals else ([], [], [], [])
    ranges = [col(*c) if c else col(None) for c in (contracts, declarers, results, honours)]
    try:
        expected = list(engine.rubber_total(contracts, declarers, results, honours))
    except engine.BridgeInputError as error:
        expected = f"#VALUE! {error}"
    assert RUBBERTOTAL(*ranges) == (expected if deals else "")
    ledger = RUBBERLEDGER(*ranges)
    if isinstance(ledger, list):
        assert [sum(r[1] + r[2] + r[5] for r in ledger), sum(r[3] + r[4] + r[6] for r in ledger)] == expected


# --- Chicago (docs/rules.md §4)

# Deal 1 NS 1NT+1; deal 2 EW 4S=; deal 3 NS 3NT-1; deal 4 EW 2H+2... as 8 tricks: 2H+0.
CHICAGO = (col("1NT", "4S", "3NT", "2H"), col("S", "E", "N", "W"), col(8, 10, 8, 8))


@pytest.mark.parametrize(
    ("options", "totals"),
    [
        ((), [120, 620 + 100 + 110]),  # standard: deal 2 EW vulnerable, deal 3 NS
        (("standard", False), [120, 620 + 100 + 110]),
        (("duplicate",), [120, 420 + 50 + 110]),  # deal 2 NS vulnerable, deal 3 EW
        (("Duplicate", 0), [120, 420 + 50 + 110]),
        # the Laws: 1NT+1 is 70 (no 50), 4S completes game (+500 vulnerable), 2H on the
        # fourth deal is a part score worth 60 + 100
        ((None, True), [70, 620 + 100 + 160]),
    ],
)
def test_chicago_totals(options, totals):
    assert CHICAGOTOTAL(*CHICAGO, *options) == totals
    assert totals == list(engine.chicago_totals(*([r[0] for r in c] for c in CHICAGO), *options))


def test_chicago_ledger_preprints_dealer_and_vulnerability():
    columns = (col("1NT", None, "3NT", None, "PASS"), col("S", None, "N", None, None), col(8, None, 8, None, None))
    assert CHICAGOLEDGER(*columns) == [
        [1, "N", "None", 120, 120, 0],
        [2, "E", "EW", "", "", ""],
        [3, "S", "NS", -100, 120, 100],
        [4, "W", "All", "", "", ""],
        [5, "N", "None", 0, 120, 100],
    ]
    assert CHICAGOTOTAL(*columns) == [120, 100]
    assert [row[:3] for row in CHICAGOLEDGER(*columns, "duplicate")][1:3] == [[2, "E", "NS"], [3, "S", "EW"]]


def test_chicago_ledger_with_part_scores_carrying():
    assert CHICAGOLEDGER(col("2S", "2H"), col("N", "S"), col(8, 8), None, True) == [
        [1, "N", "None", 60, 60, 0],
        [2, "E", "EW", 360, 420, 0],
    ]


def test_chicago_errors():
    assert CHICAGOTOTAL(*CHICAGO, "rubber") == '#VALUE! variant "rubber": must be standard or duplicate'
    assert CHICAGOTOTAL(*CHICAGO, None, "yes") == '#VALUE! carry "yes": must be TRUE or FALSE'
    assert CHICAGOLEDGER(col("1NT", "4S"), col("S", "E"), col(8, 14)) == (
        "#VALUE! deal 2: result 14: tricks must be 0-13 (for 4S: -10 to +3)"
    )
    # a range where one cell belongs: a ledger per element is no answer
    assert CHICAGOLEDGER(*CHICAGO, col("standard", "duplicate")) == "#VALUE! cycle: give one cell here, not a range"


def test_chicago_options_over_a_column_give_a_row_of_totals_each():
    assert CHICAGOTOTAL(*CHICAGO, col("standard", "duplicate")) == [[120, 830], [120, 580]]


# --- pivot bridge (docs/rules.md §10): (N, E, S, W, sits out) of each round

FOUR = [[2, 4, 1, 3, ""], [3, 2, 1, 4, ""], [4, 3, 1, 2, ""]]
FIVE = [[2, 4, 1, 3, 5], [5, 3, 1, 2, 4], [4, 2, 1, 5, 3], [3, 5, 1, 4, 2], [4, 5, 2, 3, 1]]


@pytest.mark.parametrize(("players", "table"), [(4, FOUR), (5, FIVE), (5.0, FIVE), ("4", FOUR)])
def test_pivot_seats_match_the_rules(players, table):
    for number, row in enumerate(table, start=1):
        assert PIVOTSEATS(players, number) == row
        assert PIVOTSEATS(players, float(number)) == row
        assert [PIVOTSEAT(players, number, seat) for seat in ("N", "E", "S", "W", "Out")] == row
        assert [PIVOTSEAT(players, number, seat) for seat in ("north", "East", "s", " w ", "sits out")] == row
    # after the schedule the players draw again: the rounds repeat
    assert PIVOTSEATS(players, len(table) + 1) == table[0]


def test_pivot_seats_of_a_column_of_rounds():
    assert PIVOTSEATS(5, col(1, 2, 3, 4, 5)) == FIVE
    assert PIVOTSEATS(4, col(1, None, 3)) == [FOUR[0], [""] * 5, FOUR[2]]
    assert PIVOTSEATS(4, col(1, 0, "#N/A")) == [
        FOUR[0],
        ["#VALUE! round 0: must be a whole number, 1 or more", "", "", "", ""],
        [NA.format("round"), "", "", "", ""],
    ]
    assert PIVOTSEAT(5, col(1, 2, 3), "Out") == [[5], [4], [3]]
    assert PIVOTSEATS(5, [[1, 2]]) == "#VALUE! round: a 1x2 range; give one column, each row's answer is 5 cells wide"


def test_pivot_errors_and_blanks():
    assert PIVOTSEATS(6, 1) == "#VALUE! players 6: must be a whole number 4-5"
    assert PIVOTSEATS(None, 1) == "#VALUE! players blank: must be a whole number 4-5"
    assert PIVOTSEATS(5, 0) == "#VALUE! round 0: must be a whole number, 1 or more"
    assert PIVOTSEATS(5, None) == "" and PIVOTSEAT(5, " ", "N") == ""
    assert PIVOTSEAT(5, 1, "Q") == '#VALUE! seat "Q": must be N, E, S, W or Out'
    assert PIVOTSEAT(5, 1, None) == "#VALUE! seat blank: must be N, E, S, W or Out"
    assert PIVOTSEATS("#N/A", 1) == NA.format("players")


# --- the auction (docs/rules.md §11)

DIAGRAM = [  # a bidding diagram as written: W, N, E, S columns, dealer North
    [None, "1C", "P", "1S"],
    ["P", "2S", "P", "4S"],
    ["X", "P", "P", "P"],
]


@pytest.mark.parametrize(
    "calls",
    [
        "1C P 1S P 2S P 4S X P P P",
        "1c - pass - 1♠ - pass - 2s, p, 4 S dbl AP",
        DIAGRAM,
        col("1C", "P", None, "1S", "P", "2S", "P", "4S", "X", "P", "P", "P"),
        [["1C", "P", "1S", "P", "2S", "P", "4S", "X", "P", "P", "P"]],
        [["1C P 1S P"], ["2S P 4S"], ["X all pass"]],
    ],
    ids=["text", "spelled", "diagram", "column", "row", "cells of several calls"],
)
def test_auction_contract_and_declarer(calls):
    assert AUCTIONCONTRACT(calls, "N") == "4SXS"
    assert AUCTIONDECLARER(calls, "N") == "S"
    assert AUCTIONCONTRACT(calls, 1.0) == "4SXS"  # board 1: North deals


def test_auction_results():
    assert AUCTIONCONTRACT("P P P P", "E") == "PASS" and AUCTIONDECLARER("P P P P", "E") == ""
    assert AUCTIONCONTRACT("P AP", "E") == "PASS"
    assert AUCTIONCONTRACT("1C 1H 1S 2H X XX 3C P P P", "E") == "3CE"
    assert AUCTIONCONTRACT("P - 1H - X - XX - AP", "W") == "1HXXN"
    assert AUCTIONDECLARER("1H P 2NT P 3NT AP", "S") == "N"
    # the contract is as BRIDGESCORE takes it
    assert engine.score(AUCTIONCONTRACT("1C P 1S P 2S P 4S X P P P", "N"), 10, True, None) == 790


@pytest.mark.parametrize(
    ("calls", "dealer", "message"),
    [
        ("1S 1H", "N", 'call 2 "1H": insufficient bid after 1S'),
        ("1H P 1S P 1H", "N", 'call 5 "1H": insufficient bid after 1S'),
        ("1C P 1S P X", "N", 'call 5 "X": cannot double partner\'s bid 1S'),
        ("1C P P X XX XX", "N", 'call 6 "XX": 1C is already redoubled'),
        ("1C X P XX", "N", "call 4 \"XX\": cannot redouble partner's double of 1C"),
        ("1C XX", "N", 'call 2 "XX": no double to redouble (1C is not doubled)'),
        ("X", "N", 'call 1 "X": no bid to double'),
        ("1C P P P P", "N", 'call 5 "P": the auction ended with call 4'),
        ("1C 8S", "N", 'call 2 "8S": level must be 1-7'),
        ("1C hello", "N", 'call 2 "hello": must be a bid 1C-7NT, P (pass), X (double) or XX (redouble)'),
        ("1S P 4S P P", "N", "auction unfinished after call 5: 4S needs three passes in a row"),
        ("P P P", "N", "auction unfinished after call 3: four passes pass the deal out"),
        ("1S P P P", None, "dealer blank: must be N, E, S or W"),
        ("1S P P P", "Q", 'dealer "Q": must be N, E, S or W'),
        ("1S P P P", 0, "board 0: must be a whole number, 1 or more"),
    ],
)
def test_auction_errors(calls, dealer, message):
    assert AUCTIONCONTRACT(calls, dealer) == f"#VALUE! {message}"
    assert AUCTIONDECLARER(calls, dealer) == f"#VALUE! {message}"


def test_auction_blanks_and_error_cells():
    assert AUCTIONCONTRACT(None, "N") == "" and AUCTIONCONTRACT(col(None, " "), "N") == ""
    assert AUCTIONCONTRACT(col("1S", "#N/A", "P"), "N") == NA.format("calls")
    assert AUCTIONCONTRACT("1S P P P", "#N/A") == NA.format("dealer")
    assert AUCTIONCONTRACT(col("1S", True), "N") == (
        '#VALUE! call 2 "True": must be a bid 1C-7NT, P (pass), X (double) or XX (redouble)'
    )


def test_auction_per_dealer_over_a_column():
    assert AUCTIONDECLARER("1H P 2NT P 3NT AP", col("N", "E", "S")) == [["S"], ["W"], ["N"]]
