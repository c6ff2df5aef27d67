"""formats.pbn: the PBN 2.1 results file of a pairs event or team match, read by endplay's
PBN parser (a reader we did not write) and by our own reader (the round trip)."""

from __future__ import annotations

import dataclasses
import io
import re
import shlex

import pytest
from endplay.parsers import pbn as endplay_pbn

from tests.varied import varied_event
from xlbridge.engine import parse_contract
from xlbridge.event import PairResult, Play, sample
from xlbridge.event import scored as report
from xlbridge.formats import pbn

MANDATORY = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
             "Deal", "Scoring", "Declarer", "Contract", "Result"]


def sections(text: str) -> list[list[str]]:
    return [block.splitlines() for block in text.split("\n\n") if "[Board " in block]


def tags(block: list[str]) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', "\n".join(block), flags=re.M))


def test_every_board_has_the_mandatory_tags_in_order_and_the_tables_follow():
    text = pbn.dumps(report.score_pairs(sample.pairs_event()))
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    boards = sections(text)
    assert len(boards) == 27
    for number, block in enumerate(boards, start=1):
        names = [re.match(r"\[(\w+)", line)[1] for line in block if line.startswith("[")]
        assert names[:15] == MANDATORY
        found = tags(block)
        assert found["Board"] == str(number) and found["Date"] == "2024.11.26" and found["Deal"] == "N:- - - -"
        assert found["Dealer"] == "NESW"[(number - 1) % 4]
        assert found["Vulnerable"] in ("None", "NS", "EW", "All") and found["Scoring"] == "MP;MP1"
        assert names[15] == "ScoreTable"
        assert ("TotalScoreTable" in names) == (number == 1)  # the ranking once, after the first board
    header = re.search(r'\[ScoreTable "(.*)"\]', text)[1]
    assert header == ("PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;"
                      "MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R")
    assert re.search(r'\[TotalScoreTable "(.*)"\]', text)[1] == (
        "Rank\\2R;PairId\\2R;Names\\40L;TotalMP\\6R;TotalPercentage\\5R;NrBoards\\2R")


def test_the_columns_have_their_widths_and_alignment():
    text = pbn.dumps(report.score_pairs(sample.pairs_event()))
    block = sections(text)[0]
    start = next(i for i, line in enumerate(block) if line.startswith("[ScoreTable"))
    first_row = block[start + 1]
    # PairId_NS right-aligned in 2, then PairId_EW in 2, Contract left-aligned in 5 ...
    assert first_row[:2].strip().isdigit() and first_row[2] == " " and first_row[5] == " "
    assert first_row[6:11] == first_row[6:11].rstrip().ljust(5)


def test_endplay_reads_the_boards_contracts_and_results_of_the_workbook():
    event = varied_event()
    scored = report.score_pairs(event)
    boards = endplay_pbn.loads(pbn.dumps(scored))
    assert [b.board_num for b in boards] == list(range(1, 28))
    by_board: dict[int, list[PairResult]] = {}
    for result in event.results:
        by_board.setdefault(result.board, []).append(result)
    for board in boards:
        table = board.info["ScoreTable"]
        names = [h["name"] for h in table["headers"]]
        rows = [dict(zip(names, row, strict=True)) for row in table["rows"]]
        expected = by_board[board.board_num]
        assert len(rows) == len(expected)
        for row, result in zip(rows, expected, strict=True):
            assert row["PairId_NS"] == ("-" if result.ns is None else str(result.ns))
            assert row["PairId_EW"] == str(result.ew)
            play = result.play
            if play.scored_otherwise:
                assert row["Contract"] == ("NP" if play.contract == "NP" else "-")
                if play.contract == "A60/40":  # artificial values start with a caret (PBN §5.2)
                    assert (row["Score_NS"], row["Score_EW"]) == ("^60%", "^40%")
                    assert row["MP_NS"].startswith("^") and row["Percentage_EW"].startswith("^")
            elif play.passed_out:
                assert (row["Contract"], row["Declarer"], row["Result"]) == ("Pass", "-", "-")
            else:
                assert parse_contract(row["Contract"]) == parse_contract(play.contract).with_declarer(None)
                assert (row["Declarer"], int(row["Result"])) == (play.declarer, play.tricks)
        # the board's own tags are its first played line
        first = next(r for r in expected if not r.play.scored_otherwise)
        if first.play.passed_out:
            assert board.contract.is_passout()
        else:
            contract = parse_contract(first.play.contract)
            assert board.contract.level == contract.level and board.contract.declarer.abbr == first.play.declarer
            assert board.contract.result == first.play.tricks - 6 - contract.level


def test_endplay_reads_the_ranking_names_rejoined():
    scored = report.score_pairs(sample.pairs_event())
    boards = endplay_pbn.loads(pbn.dumps(scored))
    total = boards[0].info["TotalScoreTable"]
    names = [h["name"] for h in total["headers"]]
    # endplay splits every table row at whitespace, also inside a quoted value such as
    # "S. Heikkinen – V. Korhonen". We join its pieces back with spaces and split them again
    # the PBN way (quotes keep a value together: shlex), so the names compare whole.
    rows = [dict(zip(names, shlex.split(" ".join(row)), strict=True)) for row in total["rows"]]
    assert len(rows) == 18
    for row in rows:
        pair = scored.scored.pairs[int(row["PairId"])]
        assert row["Names"] == scored.names[pair.pair]
        assert (row["Rank"], float(row["TotalPercentage"]), int(row["NrBoards"])) == (
            pair.place, round(pair.percent, 2), pair.boards)
        assert float(row["TotalMP"]) == pytest.approx(pair.mp, abs=0.005)


@pytest.mark.parametrize("options", [{}, {"scoring": "Cross-IMPs"}, {"scoring": "Cross-IMPs", "crossimps": "total"},
                                     {"scoring": "Butler"}, {"fields": 2}, {"scoring": "Butler", "fields": 2}])
def test_the_round_trip_gives_the_same_figures(options):
    event = varied_event(**options)
    scored = report.score_pairs(event)
    imported = pbn.loads(pbn.dumps(scored))
    again = report.score_pairs(imported.event)
    assert again.scored.scoring == scored.scored.scoring and again.scored.fields == scored.scored.fields
    assert again.scored.pairs == scored.scored.pairs
    assert {p.number: p.names for p in imported.event.pairs} == scored.names
    assert sorted(imported.event.results, key=repr) == sorted(
        (dataclasses.replace(r, play=_canonical(r.play)) for r in event.results), key=repr)
    for pair, total in scored.scored.pairs.items():
        figure = total.imps if scored.imps else total.percent
        assert imported.published[pair].number == pytest.approx(figure, abs=0.005)


def test_the_scoring_tag_carries_the_scale_and_the_cross_imp_mode():
    # PBN §3.4.12: MP1 is 2/1/0, MP2 1/0.5/0; Cross is summed, Cross2 divided by the comparisons.
    halves = dataclasses.replace(varied_event(), scale=1)
    scored = report.score_pairs(halves)
    text = pbn.dumps(scored)
    assert '[Scoring "MP;MP2"]' in text
    imported = pbn.loads(text)
    assert imported.event.scale == 1
    assert report.score_pairs(imported.event).scored.pairs == scored.scored.pairs
    summed = pbn.dumps(report.score_pairs(varied_event(scoring="Cross-IMPs", crossimps="total")))
    assert '[Scoring "IMP;Cross"]' in summed
    assert pbn.loads(summed).event.options["crossimps"] == "total"


def _canonical(play: Play) -> Play:
    """A play as the file spells it: ``PASS``, the contract without a declarer in it."""
    if play.scored_otherwise:
        return play
    if play.passed_out:
        return Play("PASS")
    return Play(str(parse_contract(play.contract).with_declarer(None)), play.declarer, play.tricks)


def test_the_imp_tables_and_the_two_winner_ranking():
    scored = report.score_pairs(varied_event(scoring="Butler", fields=2))
    text = pbn.dumps(scored)
    assert '[Scoring "IMP;Butler-2"]' in text and "IMP_NS\\4R;IMP_EW\\4R" in text and "Percentage_NS" not in text
    header = re.search(r'\[TotalScoreTable "(.*)"\]', text)[1]
    assert header == "Rank\\2R;Direction\\2L;PairId\\2R;Names\\40L;TotalIMP\\6R;NrBoards\\2R"
    assert '[Scoring "IMP;Cross2"]' in pbn.dumps(report.score_pairs(varied_event(scoring="Cross-IMPs")))


def test_a_team_match_both_rooms_a_board():
    match = report.score_teams(sample.team_match())
    text = pbn.dumps(match)
    boards = endplay_pbn.loads(text)
    assert len(boards) == 24
    assert boards[0].info["HomeTeam"] == "Kallio Bridge Club" and boards[0].info["Scoring"] == "IMP"
    for board, scored in zip(boards, match.boards, strict=True):
        rows = board.info["ScoreTable"]["rows"]
        assert [row[0] for row in rows] == ["Open", "Closed"]
        assert int(rows[0][6]) == scored.imps and int(rows[1][7]) == scored.imps
    total = boards[0].info["TotalScoreTable"]["rows"]
    assert shlex.split(" ".join(total[0]))[1] == "Espoo Aces"  # the winner first
    # xlbridge reads its own team match back, board by board (issue 18: team import).
    read = pbn.loads(text)
    assert read.event.boards == sample.team_match().boards


def test_names_with_quotes_and_backslashes_survive():
    event = sample.pairs_event()
    pairs = list(event.pairs)
    pairs[0] = dataclasses.replace(pairs[0], names='Ann "Ace" Berg \\ Bo')
    event = dataclasses.replace(event, pairs=tuple(pairs))
    imported = pbn.loads(pbn.dumps(report.score_pairs(event)))
    assert imported.event.pairs[0].names == 'Ann "Ace" Berg \\ Bo'


def test_dump_writes_what_dumps_returns():
    scored = report.score_pairs(sample.pairs_event())
    handle = io.StringIO()
    pbn.dump(scored, handle)
    assert handle.getvalue() == pbn.dumps(scored)
