"""Rubber bridge (docs/rules.md §9): the score sheet, games, vulnerability, bonuses."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlbridge
from xlbridge import (
    PASSED_OUT,
    BridgeInputError,
    Honours,
    RubberDeal,
    Side,
    Vulnerability,
    parse_contract,
    parse_honours,
    play_rubber,
    rubber_ledger,
    rubber_total,
)


def deal(contract, declarer, result, honours=None):
    return RubberDeal.parse(contract, declarer, result, honours)


# Seed 000 c: EW 1NT+1, NS 2C+1, EW 2S+1 (game), EW 6S made.
SEED = (["1NT", "2C", "2S", "6S"], ["E", "N", "W", "W"], [8, 9, 9, 12])


def test_seed_000_rubber_totals():
    assert rubber_total(*SEED) == (60, 1790)


def test_seed_000_sheet_line_by_line():
    ledger = rubber_ledger(*SEED)
    rows = [(line.deal, line.ns_above, line.ns_below, line.ew_above, line.ew_below)
            for line in ledger.lines]
    assert rows == [(1, 0, 0, 30, 40), (2, 20, 40, 0, 0), (3, 0, 0, 30, 60), (4, 0, 0, 750, 180)]
    assert [line.game for line in ledger.lines] == [None, None, Side.EW, Side.EW]
    assert [str(line.vulnerability) for line in ledger.lines] == ["None", "None", "EW", "EW"]
    # EW's game on deal 3 draws the line: NS's 40 no longer counts toward game.
    assert (ledger.lines[2].ns_partscore, ledger.lines[2].ew_partscore) == (0, 0)
    assert [line.finished for line in ledger.lines] == [False, False, False, True]
    assert ledger.lines[3].bonus == 700 and ledger.lines[3].winner is Side.EW
    assert ledger.winner is Side.EW and ledger.finished
    assert (ledger.ns_bonus, ledger.ew_bonus) == (0, 700)
    assert (ledger.ew_above, ledger.ew_below) == (810, 280)
    assert ledger.net_ns == 60 - 1790


def test_seed_000_sheet_shows_60_for_an_overtrick_worth_30():
    # The seed's text says 2S+1 (one spade overtrick: 30 above the line); its
    # hand-drawn sheet writes 60 there and totals 1820. Law 77 gives 1790.
    ledger = rubber_ledger(*SEED)
    assert ledger.lines[2].ew_above == 30
    assert ledger.ew_total == 1790 != 1820


def test_vulnerable_slam_after_a_game_scores_750():
    # The 6S on deal 4 is bid by a side with a game: vulnerable small slam.
    not_vul = play_rubber([deal("6S", "W", 12)])
    vul = play_rubber([deal("4S", "W", 10), deal("6S", "W", 12)])
    assert not_vul.lines[0].ew_above == 500
    assert vul.lines[1].ew_above == 750


def test_two_one_rubber_bonus_500():
    ledger = play_rubber([deal("4S", "N", 10), deal("3NT", "E", 9), deal("5C", "S", 11)])
    assert [(line.ns_games, line.ew_games) for line in ledger.lines] == [(1, 0), (1, 1), (2, 1)]
    assert [line.vulnerability for line in ledger.lines] == [
        Vulnerability.NS, Vulnerability.ALL, Vulnerability.ALL]
    assert ledger.winner is Side.NS
    assert (ledger.ns_bonus, ledger.ew_bonus) == (500, 0)
    assert ledger.totals == (120 + 100 + 500, 100)


def test_two_nil_rubber_bonus_700():
    ledger = play_rubber([deal("3NT", "S", 9), deal("4H", "N", 10)])
    assert ledger.totals == (100 + 120 + 700, 0)


def test_part_scores_add_up_to_game():
    ledger = play_rubber([deal("2S", "N", 8), deal("1NT", "S", 7)])
    assert [line.game for line in ledger.lines] == [None, Side.NS]
    assert [line.ns_partscore for line in ledger.lines] == [60, 0]
    assert ledger.ns_games == 1


def test_partscores_of_both_sides_accumulate_separately():
    ledger = play_rubber([deal("2S", "N", 8), deal("2D", "E", 8), deal("1D", "W", 7)])
    assert (ledger.lines[-1].ns_partscore, ledger.lines[-1].ew_partscore) == (60, 60)
    assert ledger.ew_games == 0


@pytest.mark.parametrize(
    ("deals", "totals"),
    [
        # one game up: 300
        ([("4S", "N", 10)], (120 + 300, 0)),
        # a part score in the unfinished game: 100
        ([("2S", "N", 8)], (60 + 100, 0)),
        # both, for one side: a game and a part score
        ([("4S", "N", 10), ("2S", "N", 8)], (120 + 60 + 300 + 100, 0)),
        # both sides with part scores
        ([("2S", "N", 8), ("2D", "E", 8)], (60 + 100, 40 + 100)),
        # a game each, and a part score for one side
        ([("4S", "N", 10), ("3NT", "E", 9), ("1D", "W", 7)], (120 + 300, 100 + 20 + 300 + 100)),
        # a part score wiped by the opponents' game earns nothing
        ([("2S", "N", 8), ("4H", "E", 10)], (60, 120 + 300)),
    ],
)
def test_unfinished_rubber_bonuses(deals, totals):
    ledger = play_rubber([deal(*d) for d in deals])
    assert not ledger.finished and ledger.winner is None
    assert ledger.totals == totals


def test_empty_rubber():
    ledger = play_rubber([])
    assert ledger.totals == (0, 0) and ledger.vulnerability is Vulnerability.NONE


@pytest.mark.parametrize(
    ("contract", "vulnerable", "penalty"),
    [("4S", False, 100), ("4S", True, 200), ("4SX", False, 300), ("4SX", True, 500),
     ("4SXX", False, 600), ("4SXX", True, 1000), ("4SX", False, 300)],
)
def test_down_two_doubled_and_redoubled_by_rubber_vulnerability(contract, vulnerable, penalty):
    # NS become vulnerable by winning a game first.
    before = [deal("3NT", "N", 9)] if vulnerable else []
    ledger = play_rubber([*before, deal(contract, "S", 8)])
    last = ledger.lines[-1]
    assert (last.ew_above, last.ns_above, last.ns_below) == (penalty, 0, 0)


@pytest.mark.parametrize(
    ("vulnerable", "above"), [(False, 50 + 100), (True, 50 + 200)]
)
def test_doubled_overtrick_by_rubber_vulnerability(vulnerable, above):
    before = [deal("3NT", "E", 9)] if vulnerable else []
    ledger = play_rubber([*before, deal("2HX", "W", 9)])
    last = ledger.lines[-1]
    assert (last.ew_below, last.ew_above, last.game) == (120, above, Side.EW)


def test_redoubled_made_goes_below_times_four():
    ledger = play_rubber([deal("1CXX", "N", 7)])
    assert (ledger.lines[0].ns_below, ledger.lines[0].ns_above) == (80, 100)
    assert ledger.ns_games == 0


def test_honours_for_declarers_side_and_for_defenders_whatever_the_result():
    ledger = rubber_ledger(
        ["4H", "4H", "4S", "3NT"], ["N", "N", "S", "E"], [10, 9, 8, 9],
        ["NS 100", "EW 100", "ns150", "EW 150"],
    )
    lines = ledger.lines
    assert (lines[0].ns_above, lines[0].ns_below) == (100, 120)
    # NS down one in 4H (NS vulnerable now), EW holding four trump honours: 100 + 100.
    assert (lines[1].ew_above, lines[1].ns_above) == (100 + 100, 0)
    # NS down two with all five honours: the 150 still counts.
    assert (lines[2].ns_above, lines[2].ew_above) == (150, 200)
    # Four aces at no-trump: 150, to declarer's side here.
    assert (lines[3].ew_above, lines[3].ew_below) == (150, 100)


def test_honours_as_numbers():
    ledger = rubber_ledger(["4H", "4H"], ["N", "E"], [10, 10], [100, -150.0])
    assert (ledger.lines[0].ns_above, ledger.lines[1].ew_above) == (100, 150)


@pytest.mark.parametrize(
    ("cell", "expected"),
    [("NS 100", Honours(Side.NS, 100)), ("ew150", Honours(Side.EW, 150)),
     (" 150 EW ", Honours(Side.EW, 150)), ("n-s 100", Honours(Side.NS, 100)),
     (150, Honours(Side.NS, 150)), (-100.0, Honours(Side.EW, 100)), ("-150", Honours(Side.EW, 150)),
     ("", None), (None, None), (0, None)],
)
def test_honours_forms(cell, expected):
    assert parse_honours(cell) == expected


@pytest.mark.parametrize(
    ("cell", "message"),
    [("NS 120", 'honours "NS 120": only 100 and 150 exist'), (50, "honours 50: only 100 and 150"),
     ("EW -100", 'honours "EW -100": write NS 100'), ("lots", 'honours "lots": write NS 100'),
     (True, "honours True: write NS 100"), (100.5, "honours 100.5: must be a whole number")],
)
def test_bad_honours(cell, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        parse_honours(cell)


def test_hundred_honours_impossible_at_no_trump():
    with pytest.raises(BridgeInputError, match=r"^deal 2: honours \"NS 100\": 100 is impossible"):
        rubber_ledger(["4S", "3NT"], ["N", "S"], [10, 9], ["", "NS 100"])


def test_deal_after_the_rubber_ended_is_rejected():
    contracts, declarers, results = ([*column, value] for column, value in
                                     zip(SEED, ("1C", "N", 7), strict=True))
    with pytest.raises(BridgeInputError, match=r"^deal 5: the rubber ended on deal 4"):
        rubber_total(contracts, declarers, results)
    with pytest.raises(BridgeInputError, match=r"^deal 3: the rubber ended on deal 2"):
        play_rubber([deal("4S", "N", 10), deal("4S", "N", 10), deal("PASS", None, None)])


def test_blank_rows_are_skipped_and_keep_their_numbers():
    ledger = rubber_ledger(["1NT", None, "", "2C", "  "], ["E", "", "", "N", "S"],
                           [8, "", 9, "+1", ""])
    assert [line.deal for line in ledger.lines] == [1, 4]
    assert ledger.totals == (40 + 20 + 100, 40 + 30 + 100)


def test_passed_out_deal_scores_nothing():
    ledger = rubber_ledger(["PASS", "4S"], ["", "N"], ["", 10])
    assert [(line.ns_points, line.ew_points) for line in ledger.lines] == [(0, 0), (120, 0)]
    assert play_rubber([RubberDeal(PASSED_OUT)]).totals == (0, 0)


@pytest.mark.parametrize(
    ("columns", "message"),
    [((["4S"], [""], [10]), "deal 1: declarer is blank"),
     ((["4S", "3NT"], ["N", "E"], [10, ""]), "deal 2: result is blank"),
     ((["4S", "8S"], ["N", "E"], [10, 9]), 'deal 2: contract "8S": level must be 1-7'),
     ((["4SN"], ["E"], [10]), 'deal 1: declarer "E": contract "4SN" names N'),
     ((["4S"], ["N"], [14]), "deal 1: result 14: tricks must be 0-13"),
     ((["PASS"], [""], [""], ["NS 100"]), "deal 1: honours NS 100: a passed-out deal"),
     ((["4S", "4S"], ["N"], [10, 10]), "declarers: 1 rows, but contracts has 2"),
     ((["4S"], ["N"], [10], ["", ""]), "honours: 2 rows, but contracts has 1")],
)
def test_input_errors_name_the_deal(columns, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        rubber_ledger(*columns)


def test_declarer_in_the_contract_text():
    assert rubber_total(["4SXN"], [""], [9]) == (0, 100)


def test_rubber_deal_values():
    played = RubberDeal(parse_contract("4S"), xlbridge.Seat.N, 10, Honours(Side.EW, 100))
    assert str(played.contract) == "4SN" and played.declarer is xlbridge.Seat.N
    with pytest.raises(BridgeInputError, match="must be a Contract"):
        RubberDeal("4S", xlbridge.Seat.N, 10)
    with pytest.raises(BridgeInputError, match="tricks 14"):
        RubberDeal(parse_contract("4S"), xlbridge.Seat.N, 14)
    with pytest.raises(BridgeInputError, match="declarer is blank"):
        RubberDeal(parse_contract("4S"), None, 10)


# --- Properties ---------------------------------------------------------------------------


@settings(max_examples=300)
@given(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=15),
                 st.text(st.sampled_from(list("NSEW-/ 0159+.")), max_size=10)))
def test_honours_parser_is_total(cell):
    try:
        result = parse_honours(cell)
    except BridgeInputError as error:
        assert str(error).startswith("honours") and "\n" not in str(error)
    else:
        assert result is None or (result.points in (100, 150) and result.side in Side)


played_deals = st.tuples(
    st.sampled_from(["PASS", "1C", "2D", "2H", "1NT", "3NT", "4S", "4SX", "5CXX", "6H", "7NT"]),
    st.sampled_from(list("NESW")),
    st.integers(0, 13),
)


@settings(max_examples=300)
@given(st.lists(played_deals, max_size=12))
def test_rubber_invariants(rows):
    deals = []
    for contract, declarer, tricks in rows:
        deals.append(RubberDeal.parse(contract, declarer, tricks))
        if play_rubber(deals).finished:
            break
    ledger = play_rubber(deals)
    games = {Side.NS: 0, Side.EW: 0}
    for line in ledger.lines:
        played = line.played
        if played.declarer is None:
            assert (line.ns_points, line.ew_points) == (0, 0)
            continue
        side = played.declarer.side
        # Rubber pieces plus duplicate's game or part-score bonus are the duplicate score,
        # with the vulnerability the side had before the deal.
        duplicate = xlbridge.duplicate_score(played.contract, played.tricks, games[side] > 0)
        ns, ew = (line.ns_above, line.ns_below), (line.ew_above, line.ew_below)
        mine, theirs = (ns, ew) if side is Side.NS else (ew, ns)
        if duplicate > 0:
            bonus = (500 if games[side] else 300) if mine[1] >= 100 else 50
            assert sum(mine) + bonus == duplicate and theirs == (0, 0)
        else:
            assert theirs == (-duplicate, 0) and mine == (0, 0)
        if line.game is not None:
            games[line.game] += 1
        assert (line.ns_games, line.ew_games) == (games[Side.NS], games[Side.EW])
        assert line.vulnerability == Vulnerability.of_sides(games[Side.NS] > 0, games[Side.EW] > 0)
        assert line.finished is (max(games.values()) == 2)
    assert ledger.ns_total == sum(line.ns_points for line in ledger.lines) + (
        0 if ledger.finished else ledger.ns_bonus)
    assert ledger.ew_total == sum(line.ew_points for line in ledger.lines) + (
        0 if ledger.finished else ledger.ew_bonus)
    assert max(ledger.ns_games, ledger.ew_games) <= 2
