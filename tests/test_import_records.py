"""``xlbridge import`` of PBN's plainest results form: no [ScoreTable], one game record per
table with the players, [Contract], [Declarer] and [Result] (as BBO, JFR Pary and KOPS
pages converted to PBN are). The travellers are built from the records; the figures below
are worked by hand."""

from __future__ import annotations

import pytest

from xlbridge import kinds
from xlbridge.cli import main
from xlbridge.event import scored as report


def record(board: int, north: str, east: str, south: str, west: str, contract: str | None,
           declarer: str | None = None, result: str | None = None, **extra: str) -> str:
    tags = {"Event": "Club night", "Date": "2024.03.05", "Board": str(board), "West": west, "North": north,
            "East": east, "South": south}
    tags |= {name: value for name, value in (("Contract", contract), ("Declarer", declarer), ("Result", result))
             if value is not None}
    tags |= extra
    return "".join(f'[{name} "{value}"]\n' for name, value in tags.items()) + "\n"


# Two boards, four pairs, two tables; pairs change direction (a Howell): Cy and Di sit EW on
# board 1 and NS on board 2, their names the other way round.
# Board 1 (nobody vulnerable): Ann-Bo +420, Ed-Flo -50: Ann-Bo and Gus-Hal top (2 of 2).
# Board 2 (NS vulnerable): Di-Cy +600, Hal-Gus passed out: Cy-Di and Ann-Bo top.
# Ann-Bo 4/4 = 100%, Cy-Di 2/4 = 50%, Ed-Flo 0%, Gus-Hal 50%.
EVENING = [
    ("1", "Ann", "Cy", "Bo", "Di", "4S", "N", "10"),
    ("1", "Ed", "Gus", "Flo", "Hal", "4S", "S", "9"),
    ("2", "Di", "Ed", "Cy", "Flo", "3NT", "S", "9"),
    ("2", "Hal", "Bo", "Gus", "Ann", "Pass", None, None),
]
PERCENT = {"Ann – Bo": 100.0, "Cy – Di": 50.0, "Ed – Flo": 0.0, "Gus – Hal": 50.0}


def evening(**extra_per_line: list[dict[str, str]]) -> str:
    extras = extra_per_line.get("extra", [{}] * len(EVENING))
    return "% PBN 2.1\n" + "".join(record(*line, **extra) for line, extra in zip(EVENING, extras, strict=True))


def run(tmp_path, text: str, *args: str) -> tuple[int, str, str]:
    source = tmp_path / "records.pbn"
    source.write_text(text, encoding="utf-8")
    code = main(["import", str(source), "--out", str(tmp_path / "event.xlsx"), *args])
    return code, source.name, str(tmp_path / "event.xlsx")


def scored(path: str) -> report.PairsReport:
    checked = kinds.check(kinds.read(path))
    assert checked.problems == ()
    return report.score_pairs(checked.event)


def test_the_travellers_are_built_from_the_records_pairs_by_their_players(tmp_path, capsys):
    code, _name, out = run(tmp_path, evening())
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "4 pairs, 2 boards, 4 results, MP" in printed
    assert "numbered in the order they first appear" in printed and "no [Scoring] tag" in printed
    result = scored(out)
    names = {pair.number: pair.names for pair in result.event.pairs}
    assert names == {1: "Ann – Bo", 2: "Cy – Di", 3: "Ed – Flo", 4: "Gus – Hal"}
    assert {names[n]: total.percent for n, total in result.scored.pairs.items()} == PERCENT
    assert result.event.date == "2024-03-05" and result.event.name == "Club night"


def test_published_per_board_percentages_are_compared(tmp_path, capsys):
    figures = [{"ScorePercentage": "NS 100"}, {"ScorePercentage": "NS 0"}, {"ScorePercentage": "NS 100"},
               {"ScorePercentage": "NS 0"}]
    code, *_ = run(tmp_path, evening(extra=figures), "--compare")
    out = capsys.readouterr().out
    assert code == 0 and "0 differences (4 published figures compared)" in out, out
    figures[3] = {"ScorePercentage": "NS 50"}  # Gus-Hal 75%, Ann-Bo 75%: not what the records score
    code, *_ = run(tmp_path, evening(extra=figures), "--force")
    out = capsys.readouterr().out
    assert code == 1 and "2 differences (4 published figures compared)" in out, out


def test_a_score_tag_that_is_not_the_contracts_score_is_refused(tmp_path, capsys):
    scores = [{"Score": "NS 420"}, {"Score": "EW 50"}, {"Score": "NS 630"}, {}]
    code, *_ = run(tmp_path, evening(extra=scores))
    err = capsys.readouterr().err
    assert code == 2 and "board 2, line" in err and "scores +600 for North-South" in err, err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "event.xlsx").exists()
    scores[2] = {"Score": "NS 600"}
    assert run(tmp_path, evening(extra=scores))[0] == 0


def test_pairs_the_file_numbers_keep_their_numbers(tmp_path, capsys):
    numbered = "".join(record(board, f"Para-{ns}", f"Para-{ew}", f"Para-{ns}", f"Para-{ew}", "3NT", "N", "9")
                       for board, ns, ew in ((1, 7, 12), (1, 3, 5), (2, 12, 3), (2, 5, 7)))
    code, _name, out = run(tmp_path, numbered)
    assert code == 0, capsys.readouterr()
    assert sorted(pair.number for pair in scored(out).event.pairs) == [3, 5, 7, 12]
    tagged = evening(extra=[{"PairNS": "11", "PairEW": "12"}, {"PairNS": "13", "PairEW": "14"},
                            {"PairNS": "12", "PairEW": "13"}, {"PairNS": "14", "PairEW": "11"}])
    code, _name, out = run(tmp_path, tagged, "--force")
    assert code == 0, capsys.readouterr()
    assert {pair.number: pair.names for pair in scored(out).event.pairs}[12] == "Cy – Di"


def test_a_record_without_contract_or_result_is_not_played_with_a_note(tmp_path, capsys):
    lines = [*EVENING[:3], ("2", "Hal", "Bo", "Gus", "Ann", None, None, None)]
    code, _name, out = run(tmp_path, "".join(record(*line) for line in lines))
    assert code == 0 and "1 game record has no contract and no result: read as not played" in capsys.readouterr().out
    assert scored(out).scored.pairs[4].boards == 1  # Gus-Hal played board 1 only


@pytest.mark.parametrize(("lines", "message"), [
    # BBO's robots: the same GiB pair at every table is not one pair playing the board twice
    ([("1", "Ann", "GiB", "Bo", "GiB", "4S", "N", "10"), ("1", "Cy", "GiB", "Di", "GiB", "4S", "N", "9")],
     "board 1, line 14: GiB play the board at two tables (also line 3): not a pairs event"),
    # an individual: each player has a new partner on board 2
    ([("1", "Ann", "Cy", "Bo", "Di", "4S", "N", "10"), ("1", "Ed", "Gus", "Flo", "Hal", "4S", "N", "9"),
      ("2", "Ann", "Bo", "Cy", "Ed", "4S", "N", "9"), ("2", "Di", "Flo", "Gus", "Hal", "4S", "N", "9")],
     "8 of 8 players play with more than one partner: an individual event"),
    ([("1", "Ann", "Cy", "Bo", "Di", "4S", "N", "10"), ("2", "Ann", "Cy", "Bo", "Di", "4S", "N", "10")],
     "every board was played at one table"),
    ([("1", "", "Cy", "", "Di", "4S", "N", "10"), ("1", "Ed", "Gus", "Flo", "Hal", "4S", "N", "10")],
     "board 1, line 3: a game record with no players' names"),
    ([("1", "Ann", "Cy", "Bo", "Di", "4S", "N", "14"), ("1", "Ed", "Gus", "Flo", "Hal", "4S", "N", "10")],
     "board 1, line 3: result 14: tricks must be 0-13"),
])
def test_what_is_not_a_pairs_event_is_refused_in_one_line(tmp_path, capsys, lines, message):
    code, *_ = run(tmp_path, "".join(record(*line) for line in lines))
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "event.xlsx").exists()


def test_a_team_match_of_game_records_is_a_team_match(tmp_path, capsys):
    # [Room] makes the records a team match's (tests/test_import_teams.py reads them):
    # not pairs, so a teams.xlsx, here with no team names and one board, drawn.
    text = record(1, "Ann", "Cy", "Bo", "Di", "4S", "N", "10", Room="Open")
    code, *_ = run(tmp_path, text + record(1, "Cy", "Ann", "Di", "Bo", "4S", "N", "10", Room="Closed"))
    out = capsys.readouterr().out
    assert code == 0 and "team match, home v away, 1 board," in out, out
    assert kinds.read(tmp_path / "event.xlsx").kind is kinds.TEAMS


def test_a_file_of_deals_alone_is_still_not_a_results_file(tmp_path, capsys):
    deals = '[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n\n[Board "2"]\n[Contract ""]\n'
    code, *_ = run(tmp_path, deals)
    assert code == 2 and "not a results file" in capsys.readouterr().err
