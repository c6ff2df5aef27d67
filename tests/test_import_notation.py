"""What other programs write, read as they mean it (issue 18): an adjusted score in the
score columns (``A+`` / ``A-``, ``A=``), an adjusted score with no split (``A``), ``PO``
for a passed-out board, ``4S*`` and a declarer in the contract; each written into the
workbook as the workbook spells it, so that ``check`` finds nothing to say. And an import
whose figures differ from the file's says so even without ``--compare``.

The rows are in the shape Ruter and Bridgewebs write (the real files are in
``test_real_files.py`` when ../shared is present); the published figures are worked by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge import kinds
from xlbridge.cli import main
from xlbridge.formats import pbn

HEAD = ('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;'
        'MP_NS\\4R;MP_EW\\4R"]')


def board(number: int, *rows: str) -> list[str]:
    return [f'[Board "{number}"]', '[Scoring "MatchPoints;MP1"]', HEAD, *rows, ""]


def results(*boards: list[str], totals: tuple[str, ...] = ()) -> str:
    lines = ["% PBN 2.0", '[Event "Club night"]', '[Date "2024.10.01"]']
    if totals:
        lines += ['[TotalScoreTable "Rank\\2R;PairId\\2R;TotalPercentage\\5R;Names\\20L"]', *totals]
    for rows in boards:
        lines += rows
    return "\n".join(lines)


@pytest.mark.parametrize(("ns", "ew", "code"), [('"A+"', '"A-"', "A60/40"), ('"A="', '"A="', "A50"),
                                               ('"A-"', '"A+"', "A40/60"), ('"A+"', '"A+"', "A60"),
                                               ('"60%"', '"40%"', "A60/40"), ('"^50%"', '"^50%"', "A50")])
def test_an_adjusted_score_in_the_score_columns(ns, ew, code):
    text = results(board(1, ' 1  2 4S  N 10 "420"    -  1.0 0.0', f' 3  4 -   - -  {ns} {ew} 1.0 1.0'))
    plays = {(r.ns, r.ew): r.play for r in pbn.loads(text).event.results}
    assert plays[(3, 4)].contract == code and plays[(3, 4)].scored_otherwise


@pytest.mark.parametrize(("written", "contract", "declarer"), [("4S*", "4SX", "N"), ("PO", "PASS", ""),
                                                               ("4SN", "4S", "N"), ("3NXX", "3NTXX", "N")])
def test_contracts_are_written_as_the_workbook_spells_them(written, contract, declarer, tmp_path):
    result = "10" if written != "PO" else "-"
    seat = "N" if written not in ("PO", "4SN") else "-"
    text = results(board(1, ' 1  2 4S  N 10 "420" - 1.0 0.0', f' 3  4 {written} {seat} {result} - - 1.0 1.0'))
    play = next(r.play for r in pbn.loads(text).event.results if r.ns == 3)
    assert (play.contract, play.declarer) == (contract, declarer)
    path = tmp_path / "event.pbn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "event.xlsx"
    assert main(["import", str(path), "--out", str(out)]) == 0
    assert kinds.check(kinds.read(out)).clean


def test_a_bare_a_is_average_and_said(tmp_path, capsys):
    path = tmp_path / "event.pbn"
    path.write_text(results(board(1, ' 1  2 4S N 10 - - - -', ' 3  4 A  A  A - - - -')), encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "event.xlsx")]) == 0
    out = capsys.readouterr().out
    assert "an adjusted score written A, with no split, is read as A50 (average)" in out
    played = kinds.check(kinds.read(tmp_path / "event.xlsx"))
    assert played.clean and next(r.play.contract for r in played.event.results if r.ns == 3) == "A50"


# Board 1: 5 v 6 made 4S+1 (+450), 1 v 2 made 4S (+420), 3 v 4 got A60/40. Two results
# played of three, Neuberg-factored to a top of 4: raw 2 and 0 become (M + 1) * 3/2 - 1 =
# 3.5 and 0.5; pair 3 has 60% of 4 = 2.4, pair 4 40% = 1.6. Board 2 passed out at every
# table: 2 of 4 each. Pair 1: (0.5 + 2) / 8 = 31.25%; pairs 2 and 5: 68.75%; pair 6:
# 31.25%; pair 3: (2.4 + 2) / 8 = 55.00%; pair 4: 45.00%.
TOTALS = (' 1  2 68.75 "Ann - Bo"', ' 1  5 68.75 "Cai - Dan"', ' 3  3 55.00 "Eva - Fred"', ' 4  4 45.00 "Gus - Ida"',
          ' 5  1 31.25 "Jon - Kai"', ' 5  6 31.25 "Lea - Max"')


def _event(tmp_path: Path, totals: tuple[str, ...]) -> Path:
    path = tmp_path / "event.pbn"
    path.write_text(results(board(1, ' 5  6 4S N 11 "450" - 2 0', ' 1  2 4S N 10 "420" - 0 2',
                                  ' 3  4 - - - "A+" "A-" 1.2 0.8'),
                            board(2, ' 1  2 PO - - - - 1 1', ' 3  4 PASS - - - - 1 1', ' 5  6 AP - - - - 1 1'),
                            totals=totals), encoding="utf-8")
    return path


def test_the_hand_worked_figures_agree(tmp_path, capsys):
    assert main(["import", str(_event(tmp_path, TOTALS)), "--out", str(tmp_path / "e.xlsx"), "--compare"]) == 0
    assert "0 differences (6 published figures compared)" in capsys.readouterr().out


def test_a_difference_is_said_without_compare(tmp_path, capsys):
    wrong = (*TOTALS[:2], ' 3  3 50.00 "Eva - Fred"', *TOTALS[3:])  # as if A+ were read as not played
    assert main(["import", str(_event(tmp_path, wrong)), "--out", str(tmp_path / "e.xlsx")]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == ("1 difference (6 published figures compared): the workbook does not score as the file; "
                       "see them with --compare")
    assert (tmp_path / "e.xlsx").exists()  # written: what differs is said, the workbook is the director's


def _directed(text: str, style: str) -> str:
    """The hand-written Mitchell (tests/data) with its pair numbers as Compscore (``1NS``) or
    the New Zealand scorer (``1 NS``) write them, the direction in the number."""
    for side in ("NS", "EW"):
        for number in (1, 2):
            text = text.replace(f"<PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{side}</DIRECTION>",
                                f"<PAIR_NUMBER>{number}{style}{side}</PAIR_NUMBER>")
            text = text.replace(f"<{side}_PAIR_NUMBER>{number}</{side}_PAIR_NUMBER>",
                                f"<{side}_PAIR_NUMBER>{number}{style}{side}</{side}_PAIR_NUMBER>")
    return text


@pytest.mark.parametrize("style", ["", " "])
def test_usebio_pair_numbers_with_their_direction(style, tmp_path, capsys):
    original = (Path(__file__).parent / "data" / "mitchell_numbered_from_1.xml").read_text(encoding="utf-8")
    text = _directed(original, style)
    assert f"<PAIR_NUMBER>2{style}EW</PAIR_NUMBER>" in text and "<DIRECTION>" not in text
    path = tmp_path / "mitchell.xml"
    path.write_text(text, encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "e.xlsx"), "--compare"]) == 0
    out = capsys.readouterr().out
    assert "East-West pair n is pair 2+n here" in out and "0 differences (4 published figures compared)" in out


def test_a_pair_of_the_wrong_direction_is_refused(tmp_path, capsys):
    original = (Path(__file__).parent / "data" / "mitchell_numbered_from_1.xml").read_text(encoding="utf-8")
    path = tmp_path / "mitchell.xml"
    path.write_text(_directed(original, "").replace("<NS_PAIR_NUMBER>1NS<", "<NS_PAIR_NUMBER>1EW<", 1),
                    encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "e.xlsx")]) == 2
    assert "NS_PAIR_NUMBER '1EW': a pair of the other direction" in capsys.readouterr().err


def test_sections_that_number_their_own_pairs_are_read_as_sections(tmp_path, capsys):
    """A Section column where pair 1 of section A and pair 1 of section B are two pairs (as
    BridgeComposer writes a two-section event): read as the two sections, compared with
    --compare alone or written into a pairs.xlsx of two sections."""
    head = '[ScoreTable "Section\\1L;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]'
    rows = ["A  1  2 4S  N 10", "B  1  2 4S  N  9"]
    path = tmp_path / "sections.pbn"
    path.write_text("\n".join(['[Event "Two sections"]', '[Board "1"]', head, *rows, ""]), encoding="utf-8")
    assert main(["import", str(path), "--compare"]) == 0  # nothing published: nothing differs
    out = capsys.readouterr().out
    # Across the field: +420 (A 1 NS) beats -50 (B 1 NS): A 1 and B 2 100%, A 2 and B 1 0%.
    assert [line.split()[:2] + line.split()[3:4] for line in out.splitlines() if line[:4].strip()[:1] in "AB"
            and line.strip()] == [["A", "1", "100.00"], ["A", "2", "0.00"], ["B", "1", "0.00"], ["B", "2", "100.00"]]
    assert main(["import", str(path), "--out", str(tmp_path / "e.xlsx")]) == 0  # a book of sections A and B
    checked = kinds.check(kinds.read(tmp_path / "e.xlsx"))
    assert checked.problems == () and checked.event.sections == ("A", "B")
    assert {(r.section, r.ns, r.ew) for r in checked.event.results} == {("A", 1, 2), ("B", 1, 2)}
    apart = path.read_text(encoding="utf-8").replace("B  1  2", "B 11 12")
    path.write_text(apart, encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "apart.xlsx")]) == 0
    checked = kinds.check(kinds.read(tmp_path / "apart.xlsx"))
    assert {(r.section, r.ns, r.ew) for r in checked.event.results} == {("A", 1, 2), ("B", 11, 12)}
