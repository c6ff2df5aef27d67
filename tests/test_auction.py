"""The auction (docs/rules.md §11): legal calls, the final contract and declarer."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import (
    PASSED_OUT,
    BridgeInputError,
    Call,
    CallKind,
    Doubling,
    Seat,
    Strain,
    auction,
    auction_contract,
)


def illegal(calls, dealer, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message) + "$"):
        auction(calls, dealer)


def test_insufficient_bid():
    illegal("1H P 1S P 1H", "N", 'call 5 "1H": insufficient bid after 1S')
    illegal("1NT 1S", "E", 'call 2 "1S": insufficient bid after 1NT')
    illegal("2D 2D", "S", 'call 2 "2D": insufficient bid after 2D')
    illegal(["1S", "X", "1H"], "W", 'call 3 "1H": insufficient bid after 1S')


def test_sufficient_bids_by_level_and_strain():
    assert str(auction_contract("1NT 2C 2D 2H 2S 2NT 3C AP", "N")) == "3CS"


def test_double_of_partner():
    illegal("1S P X", "N", "call 3 \"X\": cannot double partner's bid 1S")
    illegal("1S X P P X", "N", 'call 5 "X": cannot double your own bid 1S')


def test_double_with_nothing_to_double():
    illegal("P X", "N", 'call 2 "X": no bid to double')


def test_redouble_without_double():
    illegal("1S XX", "N", 'call 2 "XX": no double to redouble (1S is not doubled)')
    illegal("XX", "N", 'call 1 "XX": no bid to redouble')
    # A bid after a double starts afresh: nothing to redouble.
    illegal("1S X 2H XX", "N", 'call 4 "XX": no double to redouble (2H is not doubled)')


def test_redouble_only_by_the_doubled_side():
    illegal("1S X P XX", "N", "call 4 \"XX\": cannot redouble partner's double of 1S")


def test_double_after_double():
    illegal("1S X P X", "N", 'call 4 "X": 1S is already doubled')
    illegal("1S X XX X", "N", 'call 4 "X": 1S is already redoubled')
    illegal("1S X XX P P XX", "N", 'call 6 "XX": 1S is already redoubled')


def test_four_passes_pass_the_deal_out():
    result = auction("P P P P", "E")
    assert result.complete and result.passed_out and result.contract is PASSED_OUT
    assert result.declarer is None and result.next_seat is None
    assert auction_contract(["Pass", "pass", "P", "p"], "S") is PASSED_OUT
    assert auction_contract("AP", "W") is PASSED_OUT


def test_three_passes_after_a_bid_end_the_auction():
    result = auction("P P P 1C P P P", "N")
    assert result.complete and str(result.contract) == "1CW"
    illegal("P P P 1C P P P P", "N", 'call 8 "P": the auction ended with call 7')
    illegal("1S P P P 2S", "N", 'call 5 "2S": the auction ended with call 4')


def test_declarer_is_the_first_of_the_side_to_name_the_strain():
    # North opens 1C, South bids spades first; North bids 4S last: South declares.
    contract = auction_contract("1C P 1S P 2S P 3NT P 4S P P P", "N")
    assert (contract.level, contract.strain, contract.declarer) == (4, Strain.S, Seat.S)
    # East bid spades before either North or South: it does not count for NS.
    contract = auction_contract("1H 1S 2S P 3NT P 4S AP", "N")
    assert contract.declarer is Seat.S
    # The other side's bid of the strain does not make them declarer either.
    assert auction_contract("1S 2H P P 2S P P P", "N").declarer is Seat.N


def test_final_contract_doubled_and_redoubled():
    assert str(auction_contract("1S X P P P", "N")) == "1SXN"
    assert str(auction_contract("1S X XX P P P", "N")) == "1SXXN"
    assert str(auction_contract("1S X XX 2C P P P", "N")) == "2CW"
    contract = auction_contract("P 1H X XX AP", "W")
    assert (contract.doubling, contract.declarer) == (Doubling.REDOUBLED, Seat.N)
    # East's double is answered by South's 2H, which West doubles.
    assert str(auction_contract("1S X 2H X P P P", "N")) == "2HXS"


@pytest.mark.parametrize(
    "calls",
    ["1S 2H 2S P P P", "1S,2H,2S,P,P,P", "1S - 2H - 2S - P - P - P", "1s, 2h; 2s pass pass pass",
     "1♠ 2♥ 2♠ AP", "1S 2H 2S All pass", ["1S", "2H", "2S", "P", "P", "P"],
     [Call.parse("1S"), "2H", "2S", "Pass", "pass", "PASS"], ("1S", "2H", "2S", "AP")],
)
def test_forms_of_calls(calls):
    result = auction(calls, "N")
    assert str(result.contract) == "2SN"
    assert [str(call) for call in result.calls] == ["1S", "2H", "2S", "P", "P", "P"]


def test_spaced_bids_and_no_trump_spellings():
    assert str(auction_contract("1 NT, P, 3 N, all pass", "S")) == "3NTS"
    assert str(auction_contract("1N Dbl Rdbl AP", "S")) == "1NTXXS"


def test_incomplete_auction():
    result = auction("1S P 2S P P", "N")
    assert not result.complete
    assert str(result.contract) == "2SN" and result.next_seat is Seat.E
    with pytest.raises(BridgeInputError, match=r"^auction unfinished after call 5: 2S needs"):
        auction_contract("1S P 2S P P", "N")
    with pytest.raises(BridgeInputError, match=r"^auction unfinished after call 2: four passes"):
        auction_contract("P P", "N")
    with pytest.raises(BridgeInputError, match=r"^calls are blank"):
        auction_contract("", "N")
    empty = auction("", "E")
    assert empty.contract is None and empty.next_seat is Seat.E and not empty.complete


def test_bad_calls_name_their_position():
    illegal("1S 8H", "N", 'call 2 "8H": level must be 1-7')
    illegal("1S P 1Z", "N", 'call 3 "1Z": must be a bid 1C-7NT, P (pass), X (double) or XX (redouble)')
    illegal("1S AP P", "N", 'call 2 "AP": all pass must be the last call')
    with pytest.raises(BridgeInputError, match=r"^call 2 4: must be a bid"):
        auction(["1S", 4], "N")


def test_dealer_forms():
    assert auction("1S AP", "south").declarer is Seat.S
    assert auction("1S AP", 2).declarer is Seat.E  # board 2: East deals
    with pytest.raises(BridgeInputError, match=r'^dealer "Q"'):
        auction("1S", "Q")


def test_call_values():
    bid = Call.parse(" 3 nt ")
    assert (bid.kind, bid.level, bid.strain, str(bid)) == (CallKind.BID, 3, Strain.NT, "3NT")
    assert [str(Call.parse(t)) for t in ("Pass", "nb", "dbl", "X", "rdbl", "xx")] == [
        "P", "P", "X", "X", "XX", "XX"]
    assert Call.parse("2C") > Call.parse("1NT") and Call.parse("1D") < Call.parse("1H")
    assert Call.parse("2♦") == Call(CallKind.BID, 2, Strain.D)
    with pytest.raises(BridgeInputError):
        Call(CallKind.BID, 8, Strain.S)
    with pytest.raises(BridgeInputError):
        Call(CallKind.PASS, 1, Strain.S)


# --- Properties ---------------------------------------------------------------------------

CALL_POOL = ["P", "P", "P", "X", "XX", "1C", "1S", "1NT", "2H", "2NT", "3D", "4S", "6NT", "7NT"]
seats = st.sampled_from(list(Seat))


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=40), st.lists(st.text(max_size=5), max_size=8),
                 st.integers(), st.none()), seats)
def test_any_input_gives_a_result_or_an_input_error(calls, dealer):
    try:
        auction(calls, dealer)
    except BridgeInputError as error:
        assert str(error) and "\n" not in str(error) and len(str(error)) < 160


@settings(max_examples=500)
@given(st.lists(st.sampled_from(CALL_POOL), max_size=14), st.booleans(), seats)
def test_legal_auctions_end_in_the_last_bid(calls, close, dealer):
    if close:
        calls = [*calls, "P", "P", "P"]
    try:
        result = auction(calls, dealer)
    except BridgeInputError as error:
        assert str(error).startswith("call ")
        return
    bids = [i for i, call in enumerate(calls) if call[0].isdigit()]
    assert len(result.calls) == len(calls)
    if not bids:
        assert result.contract is (PASSED_OUT if result.complete else None)
        return
    last = bids[-1]
    after = calls[last + 1:]
    doubling = Doubling.REDOUBLED if "XX" in after else (
        Doubling.DOUBLED if "X" in after else Doubling.UNDOUBLED)
    contract = result.contract
    assert str(Call(CallKind.BID, contract.level, contract.strain)) == calls[last]
    assert contract.doubling is doubling
    # Declarer is on the side of the last bidder, and bid the strain at some point.
    bidder = dealer.next(last)
    assert contract.declarer.side is bidder.side
    assert any(calls[i][1:] == calls[last][1:] and dealer.next(i) is contract.declarer
               for i in bids)
    assert result.complete is (calls[-3:] == ["P", "P", "P"] and len(calls) - last > 3)
