"""Every contract x doubling x vulnerability x tricks 0-13 against endplay, an independent scorer."""

import itertools

import pytest

import xlbridge
from xlbridge import Contract, Doubling, Seat, Strain

endplay_types = pytest.importorskip("endplay.types", reason="endplay is a test dependency")

DENOM = {
    Strain.C: endplay_types.Denom.clubs,
    Strain.D: endplay_types.Denom.diamonds,
    Strain.H: endplay_types.Denom.hearts,
    Strain.S: endplay_types.Denom.spades,
    Strain.NT: endplay_types.Denom.nt,
}
PENALTY = {
    Doubling.UNDOUBLED: endplay_types.Penalty.passed,
    Doubling.DOUBLED: endplay_types.Penalty.doubled,
    Doubling.REDOUBLED: endplay_types.Penalty.redoubled,
}


def endplay_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    theirs = endplay_types.Contract(
        level=contract.level,
        denom=DENOM[contract.strain],
        declarer=endplay_types.Player.north,
        penalty=PENALTY[contract.doubling],
        result=tricks - contract.tricks_needed,
    )
    return theirs.score(endplay_types.Vul.both if vulnerable else endplay_types.Vul.none)


def all_cases():
    for level, strain, doubling in itertools.product(range(1, 8), Strain, Doubling):
        for vulnerable, tricks in itertools.product((False, True), range(14)):
            yield Contract(level, strain, doubling), tricks, vulnerable


def test_every_contract_result_and_vulnerability_matches_endplay():
    cases = list(all_cases())
    assert len(cases) == 7 * 5 * 3 * 2 * 14
    mismatches = [
        (str(c), t, v, xlbridge.duplicate_score(c, t, v), endplay_score(c, t, v))
        for c, t, v in cases
        if xlbridge.duplicate_score(c, t, v) != endplay_score(c, t, v)
    ]
    assert mismatches == []


@pytest.mark.parametrize("seat", list(Seat))
def test_ns_view_through_board_vulnerability(seat):
    # score() with a declarer and a board number: NS view, vulnerability from the board.
    for board in range(1, 17):
        vul = xlbridge.board_vul(board)
        for text, tricks in (("4SX", 9), ("3NT", 10), ("6H", 12), ("2DXX", 8)):
            contract = xlbridge.parse_contract(text)
            theirs = endplay_score(contract, tricks, vul.is_vulnerable(seat))
            expected = theirs if seat.side is xlbridge.Side.NS else -theirs
            assert xlbridge.score(text, tricks, board, seat) == expected
