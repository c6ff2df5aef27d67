"""PBN forms found in real results files that nobody here had seen (tests/test_real_more.py),
each reduced to the lines that matter: read as the program meant, or refused in one line.
"""

from __future__ import annotations

from pathlib import Path

from xlbridge.cli import main


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
