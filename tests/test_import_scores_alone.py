"""A results file's line that gives its SCORE and no CONTRACT (issue 18): no workbook holds a
score alone (each works the score from the contract, declarer and tricks, and a score is
many contracts': 80 is 1H or 1S made, by either side), so such a line is refused in one
line that says so, never dropped; a SCORE of 0 alone is the board passed out (the one table
result that scores 0) and is read as PASS, as is a CONTRACT ``NP`` with a SCORE of 0 (NZ
Scorer's board passed in; a board not played has no score). The real file is UK Bridge Club's sample
individual (../shared/data/real-results), skipped with a reason when it is absent."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.event import sample
from xlbridge.event import scored as report
from xlbridge.formats import usebio
from xlbridge.formats.results import ResultsFileError

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
UK = REAL / "ukbridgeclub_usebio" / "individual_usebio.xml"


def _without_contract(text: str, score: str | None = None) -> tuple[str, int]:
    """Our USEBIO of the sample pairs event with the first played line's CONTRACT, PLAYED_BY
    and TRICKS taken out (its SCORE kept, or set to ``score``); and that line's board."""
    root = ET.fromstring(text.split("\n", 2)[2])  # past the declaration and the DOCTYPE
    for board in root.iter("BOARD"):
        for line in board.findall("TRAVELLER_LINE"):
            if line.find("CONTRACT") is None or line.find("TRICKS") is None:
                continue
            for name in ("CONTRACT", "PLAYED_BY", "TRICKS"):
                line.remove(line.find(name))
            if score is not None:
                line.find("SCORE").text = score
            return ET.tostring(root, encoding="unicode"), int(board.findtext("BOARD_NUMBER"))
    raise AssertionError("no played line")


def test_a_pairs_line_with_a_score_and_no_contract_is_refused_not_dropped():
    text = usebio.dumps(report.score_pairs(sample.pairs_event()))
    changed, board = _without_contract(text)
    with pytest.raises(ResultsFileError) as raised:
        usebio.loads(changed)
    message = str(raised.value)
    assert re.match(rf"board {board}, line \d+: SCORE -?\d+ without a CONTRACT: pairs\.xlsx holds a result as its "
                    "contract, declarer and tricks", message), message


def test_a_score_of_0_and_no_contract_is_the_board_passed_out():
    text = usebio.dumps(report.score_pairs(sample.pairs_event()))
    changed, board = _without_contract(text, score="0")
    def passed(data: str) -> int:
        return sum(1 for result in usebio.loads(data).event.results
                   if result.board == board and result.play.contract == "PASS")

    assert passed(changed) == passed(text) + 1
    assert len(usebio.loads(changed).event.results) == len(usebio.loads(text).event.results)


def _contract_np(text: str, score: str | None) -> tuple[str, int]:
    """Our USEBIO of the sample pairs event with the first played line's CONTRACT made ``NP``
    and its TRICKS 0, as NZ Scorer writes a board passed in, with SCORE ``score`` (or none)."""
    root = ET.fromstring(text.split("\n", 2)[2])
    for board in root.iter("BOARD"):
        for line in board.findall("TRAVELLER_LINE"):
            if line.find("CONTRACT") is None or line.find("TRICKS") is None:
                continue
            line.find("CONTRACT").text, line.find("TRICKS").text = "NP", "0"
            if score is None:
                line.remove(line.find("SCORE"))
            else:
                line.find("SCORE").text = score
            return ET.tostring(root, encoding="unicode"), int(board.findtext("BOARD_NUMBER"))
    raise AssertionError("no played line")


def test_a_contract_np_with_a_score_of_0_is_the_board_passed_out_not_unplayed():
    """NZ Scorer writes a board passed in as contract ``N P`` (its USEBIO converter: ``NP``)
    with SCORE 0, and matchpoints it as a pass-out; a board not played has no score."""
    text = usebio.dumps(report.score_pairs(sample.pairs_event()))
    def plays(data: str, board: int) -> list[str]:
        return sorted(result.play.contract for result in usebio.loads(data).event.results if result.board == board)

    passed, board = _contract_np(text, "0")
    unplayed, _ = _contract_np(text, None)
    assert plays(passed, board).count("PASS") == plays(text, board).count("PASS") + 1
    assert plays(unplayed, board).count("NP") == plays(text, board).count("NP") + 1
    assert "PASS" not in set(plays(unplayed, board)) - set(plays(text, board))


@pytest.mark.skipif(not UK.is_file(), reason=f"no real results files at {REAL} (CI has them beside the project)")
def test_the_uk_individual_says_its_book_cannot_hold_a_score_alone(tmp_path, capsys):
    """All 132 of its lines give a SCORE and no contract: refused in one line that says the
    workbook holds a result as its contract, declarer and tricks."""
    out = tmp_path / "uk.xlsx"
    assert main(["import", str(UK), "--out", str(out), "--compare"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert ("board 1, line 148: SCORE 80 without a CONTRACT (132 of the file's 132 lines give a score alone): "
            "individual.xlsx holds a result as its contract, declarer and tricks, and works the score from them; "
            "it cannot hold a score alone") in err, err
    assert not out.exists()
