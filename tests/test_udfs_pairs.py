"""PAIRSRANKING: a whole pairs event ranked in one formula, as pairs_event ranks it."""

from __future__ import annotations

import pytest

from xlbridge import engine
from xlbridge.event import sample
from xlbridge.udfs import PAIRSRANKING


def columns(rows):
    """Six columns of cells (Excel's 2-D ranges) from result rows."""
    return [[[row[i]] for row in rows] for i in range(6)]


ROWS = [(r.board, r.ns, r.ew, r.play.contract, r.play.declarer or None, r.play.tricks)
        for r in sample.pairs_event().results]
ROWS[5] = (*ROWS[5][:3], "A60/40", None, None)
ROWS[30] = (*ROWS[30][:3], "NP", None, None)


@pytest.mark.parametrize("scoring", ["MP", "Cross-IMPs", "Butler"])
def test_it_spills_the_engines_ranking(scoring):
    event = engine.pairs_event(ROWS, scoring=scoring)
    got = PAIRSRANKING(*columns(ROWS), scoring)
    expected = [
        [t.pair, t.place, t.imps, t.boards, t.imps_per_board] if event.scoring.imps
        else [t.pair, t.place, t.mp, t.top, t.percent]
        for t in event.ranking()
    ]
    assert got == expected
    assert len(got) == 18 and got[0][1].startswith("1")


def test_blank_columns_give_a_blank_and_bad_input_one_message():
    blank = [[[None]] * 3 for _ in range(6)]
    assert PAIRSRANKING(*blank) == ""
    cols = columns(ROWS[:4])
    cols[0] = cols[0][:3]
    assert PAIRSRANKING(*cols) == "#VALUE! boards: 3 rows, but contracts has 4"
    assert PAIRSRANKING(*columns(ROWS[:4]), "IMPs") == (
        '#VALUE! scoring "IMPs": must be MP, Cross-IMPs or Butler')
    bad = list(ROWS[:4])
    bad[2] = (*bad[2][:3], "A70/30", None, None)
    assert PAIRSRANKING(*columns(bad)).startswith('#VALUE! row 3: adjusted score "A70/30"')
