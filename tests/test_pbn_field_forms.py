"""PBN forms found in real results files that nobody here had seen (the files themselves: tests/data/real),
each reduced to the lines that matter: read as the program meant, or refused in one line.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.varied import varied_event
from xlbridge import kinds, workbooks
from xlbridge.cli import main
from xlbridge.commands import conventions
from xlbridge.event import sample, score_pairs
from xlbridge.formats.results import Imported, Published


def imported(capsys, path: Path, out: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["import", str(path), "--out", str(out), *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_team_event_standings_after_a_blank_line_is_refused_for_what_it_is(tmp_path, capsys):
    # Ruter (Finland), a league's division: the standings (TotalScoreTable) end their game
    # section with a blank line, and the matches' ScoreTable follows in a game of its own
    # that has no Scoring tag. Its [Board "202"] is no board of the event: the file was
    # refused for that board number, not for being a team event's standings.
    text = ('[Event "Lounaisliiga II divisioona"]\n[Board "202"]\n[Deal ""]\n[Scoring "Teams"]\n[Contract ""]\n'
            '[TotalScoreTable "Rank\\1R;TeamId\\1R;TotalScoreVP\\5R;TeamName\\16L"]\n'
            '1 5 20.00 "HELP?"\n2 2  0.00 "HUNTERS"\n\n'
            '[ScoreTable "Round\\2R;Table\\1R;TeamId_Home\\1R;TeamId_Away\\1R;MatchDetails\\28L;VP_Home\\5R;'
            'VP_Away\\4R"]\n'
            ' 1 5 5 2 "1,74,7|2,105,14|200,179,21" 20.00 0.00\n')
    path = tmp_path / "div2.pbn"
    path.write_text(text)
    code, _out, err = imported(capsys, path, tmp_path / "event.xlsx")
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "the file has 1 match's IMPs and VPs but no board's contract and result" in err, err
    assert "board number" not in err
    assert not (tmp_path / "event.xlsx").exists()


# Ruter's IMP;Cross2 (PBN 2.1 §3.4.12: "the value of 'Cross', divided by number of comparisons"),
# worked by hand. Three tables, two boards, none vulnerable; each result has 2 comparisons.
# Board 1: 420, 420, -50: 470 is 10 IMPs, so pairs 1 and 3 take +10, pair 5 -20 (East-West the opposite).
# Board 2: 140, 110, 110: 30 is 1 IMP, so pair 1 takes +2, pairs 3 and 5 -1 each.
# A pair's Cross total over its 4 comparisons: pair 1 12/4 = 3.00, pair 3 9/4 = 2.25, pair 5 -21/4 = -5.25.
CROSS2 = ('[Event "Cross2"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "IMP;Cross2"]\n'
          '[TotalScoreTable "Rank\\1R;PairId\\1R;TotalScoreIMP\\5R;Names\\5L"]\n'
          '1 1  3.00 "A-B"\n2 6  5.25 "K-L"\n3 3  2.25 "E-F"\n4 4 -2.25 "G-H"\n5 2 -3.00 "C-D"\n6 5 -5.25 "I-J"\n'
          '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\2L;Declarer\\1R;Result\\2R;Score_NS\\4R;Score_EW\\4R;'
          'IMP_NS\\3R;IMP_EW\\3R"]\n'
          '1 2 4S N 10 420 -  10 -10\n3 4 4S N 10 420 -  10 -10\n5 6 4S N  9 -   50 -20  20\n\n'
          '[Board "2"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Scoring "IMP;Cross2"]\n'
          '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\2L;Declarer\\1R;Result\\2R;Score_NS\\4R;Score_EW\\4R;'
          'IMP_NS\\3R;IMP_EW\\3R"]\n'
          '1 2 2S N  9 140 -   2  -2\n3 4 2S N  8 110 -  -1   1\n5 6 2S N  8 110 -  -1   1\n')


def test_cross2_totals_over_all_comparisons_are_found_and_reproduced(tmp_path, capsys):
    path = tmp_path / "cross2.pbn"
    path.write_text(CROSS2)
    code, out, err = imported(capsys, path, tmp_path / "event.xlsx", "--compare")
    assert code == 0, out + err
    assert ("Note: scored as the file's figures show: each pair's averaged cross-IMPs a board (its total over "
            "all its comparisons) (--imps-per-board)") in out.splitlines()
    assert "0 differences (6 published figures compared)" in out
    # xlbridge's own Cross2 totals (each board's Cross over its comparisons, summed: 5 + 1 = 6 for pair 1)
    # are read as before: the standard way reproduces them, and no convention is claimed.
    summed = CROSS2
    for each, total in (("3.00", "6.00"), ("5.25", "10.50"), ("2.25", "4.50")):
        summed = summed.replace(f" {each} ", f" {total} ").replace(f"-{each} ", f"-{total} ")
    (tmp_path / "summed.pbn").write_text(summed)
    code, out, err = imported(capsys, tmp_path / "summed.pbn", tmp_path / "summed.xlsx", "--compare")
    assert code == 0 and "Note: scored" not in out and "0 differences (6 published figures compared)" in out, out + err


def test_matchpoints_rounded_to_a_hundredth_and_added_are_found():
    # EBUScore prints each line's Neuberg matchpoints to 0.01 (11.57 on a board of 8 results with
    # 7 played) and publishes the sums of those printed figures over the tops (139.86 / 336 = 41.625,
    # 41.63), where xlbridge adds them unrounded (41.62). Import tries 0.1 and then 0.01.
    event = varied_event(scoring="MP")
    report = score_pairs(dataclasses.replace(event, options={**event.options, "round_mp": "0.01"}))
    figures = {pair: Published(pair, f"{total.percent:.4f}") for pair, total in report.scored.pairs.items()}
    assert conventions.differences(figures, score_pairs(event))  # the standard way does not give them
    chosen = conventions.found(Imported(event, figures))
    assert [(convention.flag, value) for convention, value in chosen.conventions] == [("round-mp", "0.01")]
    assert chosen.setup == {"round_mp": "0.01"}  # pairs.xlsx's Setup holds it (MPDecimals 2)


def test_a_point_a_board_team_event_is_refused_in_one_line(tmp_path, capsys):
    # EBUScore Teams writes a point-a-board event as EVENT_TYPE TEAMS with BOARD_SCORING_METHOD PAB:
    # it was imported as IMPs and VPs, and 56 of its 64 figures differed. A team match xlbridge wrote,
    # its scoring method changed to PAB, is refused; as IMPS it imports.
    book = tmp_path / "match.xlsx"
    workbooks.save(kinds.TEAMS.fill(sample.team_match(boards=2), fit=True), book)
    assert main(["export", str(book), "--usebio", str(tmp_path / "imps.xml")]) == 0
    text = (tmp_path / "imps.xml").read_text()
    assert text.count("<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>") == 1
    (tmp_path / "pab.xml").write_text(text.replace("<BOARD_SCORING_METHOD>IMPS<", "<BOARD_SCORING_METHOD>PAB<"))
    capsys.readouterr()
    code, _out, err = imported(capsys, tmp_path / "pab.xml", tmp_path / "pab.xlsx")
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert ("BOARD_SCORING_METHOD PAB (point-a-board: each board won, drawn or lost): xlbridge scores team "
            "matches by IMPs and VPs") in err
    assert not (tmp_path / "pab.xlsx").exists()
    code, _out, err = imported(capsys, tmp_path / "imps.xml", tmp_path / "imps.xlsx")
    assert code == 0, err


def test_a_score_of_zero_for_both_sides_with_no_contract_is_a_result_of_the_board(tmp_path, capsys):
    # Ruter (a Norwegian club, 2017): a line with no contract and "+0" in both score columns, its
    # MP_NS 2 and MP_EW -2 and its 75%/25% those of a score of 0 against the field. It was read as a
    # table without a result and left out: all 10 pairs' percentages differed. Here one board of three
    # results, 420, 0 and -50: matchpoints 4, 2 and 0 of 4.
    text = ('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MatchPoints;MP1"]\n'
            '[TotalScoreTable "Rank\\1R;PairId\\1R;TotalPercentage\\6R;Names\\5L"]\n'
            '1 1 100.00 "A-B"\n1 6 100.00 "K-L"\n3 3  50.00 "E-F"\n3 4  50.00 "G-H"\n5 2   0.00 "C-D"\n'
            '5 5   0.00 "I-J"\n'
            '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\2L;Declarer\\1R;Result\\2R;Score_NS\\4R;'
            'Score_EW\\4R;MP_NS\\2R;MP_EW\\2R"]\n'
            '1 2 4S N 10 "420" -     4  0\n3 4 -  -  -  "+0"  "+0"  2  2\n5 6 4S N  9 -     "50"  0  4\n')
    path = tmp_path / "plus_zero.pbn"
    path.write_text(text)
    code, out, err = imported(capsys, path, tmp_path / "event.xlsx", "--compare")
    assert code == 0 and "0 differences (6 published figures compared)" in out, out + err
    assert "3 results" in out, out
