"""Chicago (docs/rules.md §4): rounds, running totals, the Laws' part scores, compensation."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import (
    BridgeInputError,
    ChicagoDeal,
    Fit,
    Seat,
    Side,
    Vulnerability,
    best_fit,
    chicago_compensation,
    chicago_ledger,
    chicago_totals,
    compensation,
    compensation_side,
    play_chicago,
    score,
)


def ns_scores(ledger):
    return [line.ns_score for line in ledger.lines]


def test_dealer_and_vulnerability_per_deal_both_variants():
    blank = [""] * 8
    standard = chicago_ledger(blank, blank, blank)
    duplicate = chicago_ledger(blank, blank, blank, variant="duplicate")
    assert [line.dealer for line in standard.lines] == [Seat.N, Seat.E, Seat.S, Seat.W] * 2
    assert [str(line.vulnerability) for line in standard.lines] == ["None", "EW", "NS", "All"] * 2
    assert [str(line.vulnerability) for line in duplicate.lines] == ["None", "NS", "EW", "All"] * 2
    assert [line.deal for line in standard.lines] == list(range(1, 9))
    assert standard.totals == (0, 0) and ns_scores(standard) == [None] * 8


def test_each_deal_scored_as_duplicate_with_its_vulnerability():
    contracts = ["4S", "4S", "4S", "4S"]
    ledger = chicago_ledger(contracts, ["N", "E", "N", "E"], [10, 10, 10, 10])
    assert ns_scores(ledger) == [420, -620, 620, -620]
    for line, contract, declarer in zip(ledger.lines, contracts, "NENE", strict=True):
        assert line.ns_score == score(contract, 10, line.vulnerability, declarer)
    dup = chicago_ledger(contracts, ["N", "E", "N", "E"], [10, 10, 10, 10], variant="duplicate")
    assert ns_scores(dup) == [420, -420, 420, -620]


def test_running_totals_of_points_gained_by_each_side():
    ledger = chicago_ledger(["3NT", "2H", "PASS", "4SX"], ["S", "W", "", "N"], [9, 7, "", 8])
    # 3NT= not vulnerable; 2H-1 by EW (vulnerable) is 100 to NS; passed out 0; 4SX-2 All 500 to EW.
    assert ns_scores(ledger) == [400, 100, 0, -500]
    assert [(line.ns_total, line.ew_total) for line in ledger.lines] == [
        (400, 0), (500, 0), (500, 0), (500, 500)]
    assert ledger.totals == (500, 500) and ledger.net_ns == 0


def test_blank_rows_keep_their_deal_numbers():
    ledger = chicago_ledger(["", "4S"], ["", "E"], ["", 10])
    assert [line.deal for line in ledger.lines] == [1, 2]
    assert ns_scores(ledger) == [None, -620]


def test_first_deal_continues_a_session():
    ledger = chicago_ledger(["4S"], ["E"], [10], first_deal=6)
    line = ledger.lines[0]
    assert (line.deal, line.dealer, line.vulnerability, line.ns_score) == (
        6, Seat.E, Vulnerability.EW, -620)


def test_chicago_totals():
    assert chicago_totals(["1NT", "4S"], ["S", "E"], [8, 10]) == (120, 620)
    assert chicago_totals(["1NT", "4S"], ["S", "E"], [8, 10], variant="duplicate") == (120, 420)


# --- The Laws of Chicago: part scores carry toward game within the round -------------------

def carry(rows, first_deal=1):
    contracts, declarers, results = zip(*rows, strict=True) if rows else ((), (), ())
    return chicago_ledger(list(contracts), list(declarers), list(results),
                          carry_partscores=True, first_deal=first_deal)


def test_carry_part_scores_complete_a_game_with_that_deals_vulnerability():
    # Deal 2 (standard): EW vulnerable, NS not: NS's 60 + 60 is a game worth 300.
    ledger = carry([("2S", "N", 8), ("2H", "S", 8)])
    assert ns_scores(ledger) == [60, 60 + 300]
    assert [line.game for line in ledger.lines] == [None, Side.NS]
    assert [line.ns_partscore for line in ledger.lines] == [60, 0]


def test_carry_no_50_bonus_and_game_contract_as_duplicate():
    ledger = carry([("2S", "N", 8), ("4H", "E", 10), ("3NT", "S", 10)])
    # 2S: 60 only. 4H by EW vulnerable on deal 2: 620, and it wipes NS's 60.
    # 3NT+1 on deal 3, NS vulnerable: 100 + 30 + 500.
    assert ns_scores(ledger) == [60, -620, 630]


def test_carry_opponents_game_wipes_the_part_score():
    ledger = carry([("2S", "N", 8), ("4H", "E", 10), ("2S", "N", 8)])
    assert ns_scores(ledger) == [60, -620, 60]
    assert ledger.lines[2].game is None and ledger.lines[2].ns_partscore == 60


def test_carry_fourth_deal_part_score_earns_100():
    ledger = carry([("", "", ""), ("", "", ""), ("", "", ""), ("2S", "N", 8)])
    assert ns_scores(ledger)[3] == 60 + 100


def test_carry_fourth_deal_100_whatever_part_scores_are_held():
    ledger = carry([("2D", "E", 8), ("", "", ""), ("", "", ""), ("1NT", "N", 7)])
    # EW hold 40; NS's 1NT on deal 4 does not complete a game: 40 + 100.
    assert ns_scores(ledger) == [-40, None, None, 140]


def test_carry_fourth_deal_part_score_completing_game_gets_the_game_bonus_only():
    ledger = carry([("", "", ""), ("", "", ""), ("2S", "N", 8), ("2S", "N", 8)])
    assert ns_scores(ledger) == [None, None, 60, 60 + 500]


def test_carry_part_scores_do_not_cross_rounds():
    ledger = carry([("", "", ""), ("", "", ""), ("2S", "N", 8), ("", "", ""), ("2S", "N", 8)])
    assert ns_scores(ledger)[4] == 60
    assert ledger.lines[4].game is None


def test_carry_first_deal_sets_the_round():
    # Deal 8 is the fourth deal of round 2.
    assert ns_scores(carry([("2S", "N", 8)], first_deal=8)) == [160]


def test_carry_undertricks_and_slams_unchanged():
    ledger = carry([("4SX", "N", 8), ("6NT", "E", 12)])
    assert ns_scores(ledger) == [-300, -(190 + 500 + 750)]


def test_default_is_plain_duplicate():
    ledger = chicago_ledger(["2S", "2H", "", "2S"], ["N", "S", "", "N"], [8, 8, "", 8])
    assert ns_scores(ledger) == [110, 110, None, 110]
    assert not ledger.carry_partscores


# --- Compensation table (seed 000 b) -----------------------------------------------------

def test_seed_example_four_imps_to_east_west():
    # NS not vulnerable (deal 1), 28 HCP, 10-card spade fit, 4S+2 = 480 against 640.
    assert compensation(28, "M10", False) == 640
    assert chicago_compensation(28, "M10", 1, 480) == -4
    # The mirror image: East-West hold the 28 points and make 480; 4 IMPs to North-South.
    assert chicago_compensation(12, "M10", 1, -480) == 4


def test_side_with_more_points_uses_its_own_vulnerability():
    # Deal 2, standard: EW vulnerable. EW hold 28 and make 4S+2 vulnerable: 680 against
    # 920, 240 short: 6 IMPs to NS.
    assert compensation(28, "M10", True) == 920
    assert chicago_compensation(12, "M10", 2, -680) == 6
    # Duplicate variant: on deal 2 EW are not vulnerable: 480 against 640, 4 IMPs to NS.
    assert chicago_compensation(12, "M10", 2, -480, "duplicate") == 4
    # NS's vulnerability does not matter when EW hold the points.
    assert chicago_compensation(12, "M10", 1, -480) == 4


def test_twenty_twenty_uses_the_dealers_side():
    assert compensation_side(20, 1) is Side.NS
    assert compensation_side(20, 2) is Side.EW
    assert compensation_side(20, 3) is Side.NS
    assert compensation_side(20, 4) is Side.EW
    assert compensation_side(21, 2) is Side.NS and compensation_side(19, 1) is Side.EW
    # Deal 2, standard: dealer East, EW vulnerable; expected (20, none, V) = -10.
    # EW make 2S (110): 110 + 10 = 120 = 3 IMPs to EW.
    assert compensation(20, "none", True) == -10
    assert chicago_compensation(20, "none", 2, -110) == -3
    # Deal 3: dealer South, NS vulnerable; the same result is NS's -110 against -10.
    assert chicago_compensation(20, "none", 3, -110) == -3
    # Deal 1: dealer North, nobody vulnerable; expected 20: NS's +110 is +90 = 3.
    assert chicago_compensation(20, "none", 1, 110) == 3


def test_above_33_hcp():
    # 35 HCP not vulnerable: the 33 row + 2 x 100. 7S made is 1510.
    assert compensation(35, "M10", False) == 1110 + 200
    assert chicago_compensation(35, "M10", 1, 1510) == 5
    assert chicago_compensation(5, "M10", 1, -1510) == -5
    # vulnerable (deal 4): + 150 a point; 7S vulnerable is 2210.
    assert compensation(35, "M10", True) == 1610 + 300
    assert chicago_compensation(35, "M10", 4, 2210) == 7


def test_major_and_minor_fit_uses_the_major():
    assert best_fit("M8 m10") is Fit.MAJOR8
    assert best_fit("minor 10 and major 8") is Fit.MAJOR8
    assert best_fit(["m9", "M8"]) is Fit.MAJOR8
    assert best_fit("M8, M9") is Fit.MAJOR9
    # 26 HCP: M8 expects 350, m10 420. NS make 4S: 420.
    assert chicago_compensation(26, "M8 m10", 1, 420) == 2
    assert chicago_compensation(26, "m10", 1, 420) == 0


@pytest.mark.parametrize("fit", ["M7", "spades", "M8 x", "", []])
def test_bad_fits(fit):
    with pytest.raises(BridgeInputError, match=r"^fit"):
        best_fit(fit)


def test_compensation_in_the_ledger():
    ledger = chicago_ledger(
        ["4S", "3NT", "", "2H"], ["N", "E", "", "S"], [12, 9, "", 8],
        ns_hcp=[28, 15, "", 20], fits=["M10", "none", "", "M8 m9"],
    )
    # deal 2: EW 25 HCP vulnerable, no fit: 3NT= 600 against 290: 7 IMPs to EW.
    # deal 4: 20-20, dealer West: EW's view, all vulnerable, M8: -110 against 10 = -120.
    assert [line.imps_ns for line in ledger.lines] == [-4, -7, None, 3]
    assert [line.imps_total for line in ledger.lines] == [-4, -11, -11, -8]
    assert ledger.imps_ns == -8


def test_ledger_without_hcp_has_no_imps():
    ledger = chicago_ledger(["4S"], ["N"], [10])
    assert ledger.lines[0].imps_ns is None and ledger.imps_ns == 0


@pytest.mark.parametrize(
    ("columns", "message"),
    [({"ns_hcp": [28]}, "deal 1: fit is blank: compensation needs both hcp and fit"),
     ({"fits": ["M8"]}, "deal 1: hcp is blank"),
     ({"ns_hcp": [41], "fits": ["M8"]}, "deal 1: hcp 41: must be a whole number 0-40"),
     ({"ns_hcp": [28, 20]}, "hcp: 2 rows, but contracts has 1")],
)
def test_compensation_input_errors(columns, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        chicago_ledger(["4S"], ["N"], [10], **columns)


@pytest.mark.parametrize(
    ("columns", "message"),
    [((["4S"], [""], [10]), "deal 1: declarer is blank"),
     ((["", "4S"], ["", "N"], ["", None]), "deal 2: result is blank"),
     ((["4S"], ["N"], ["+4"]), 'deal 1: result "+4": tricks must be 0-13'),
     ((["4S"], ["N", "E"], [10]), "declarers: 2 rows, but contracts has 1")],
)
def test_input_errors_name_the_deal(columns, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        chicago_ledger(*columns)


def test_play_chicago_with_values():
    deals = [ChicagoDeal.parse("4S", "N", 10), None, ChicagoDeal.parse("PASS")]
    ledger = play_chicago(deals, variant="duplicate")
    assert ns_scores(ledger) == [420, None, 0]
    assert ledger.variant == "duplicate"
    with pytest.raises(BridgeInputError, match="variant"):
        play_chicago(deals, variant="rubber")
    with pytest.raises(BridgeInputError, match=r"^deal 1: .* is not a ChicagoDeal"):
        play_chicago(["4S"])


# --- Properties ---------------------------------------------------------------------------

rows = st.lists(st.tuples(
    st.sampled_from(["", "PASS", "1C", "2H", "1NT", "3NT", "4S", "4SX", "5CXX", "6H", "7NT"]),
    st.sampled_from(list("NESW")),
    st.integers(0, 13),
), max_size=12)


@settings(max_examples=200)
@given(rows, st.sampled_from(["standard", "duplicate"]), st.integers(1, 9))
def test_plain_chicago_is_the_engine_score_and_carry_differs_only_when_made(
    deals, variant, first_deal
):
    contracts = [c for c, _, _ in deals]
    declarers = [d if c else "" for c, d, _ in deals]
    results = [t if c else "" for c, _, t in deals]
    plain = chicago_ledger(contracts, declarers, results, variant=variant, first_deal=first_deal)
    laws = chicago_ledger(contracts, declarers, results, variant=variant, first_deal=first_deal,
                          carry_partscores=True)
    for line, other, (contract, declarer, tricks) in zip(plain.lines, laws.lines, deals,
                                                         strict=True):
        if not contract:
            assert line.ns_score is None and other.ns_score is None
            continue
        assert line.ns_score == score(contract, tricks, line.vulnerability, declarer)
        if line.ns_score * (1 if declarer in "NS" else -1) <= 0:
            assert other.ns_score == line.ns_score
    assert plain.ns_total == sum(max(line.ns_score or 0, 0) for line in plain.lines)
    assert plain.ew_total == sum(max(-(line.ns_score or 0), 0) for line in plain.lines)
