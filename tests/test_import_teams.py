"""``xlbridge import`` of team results: a team match into teams.xlsx, a team event into
teams-event.xlsx, their published IMPs and VPs compared as a pairs event's percentages are.
Round trips through ``xlbridge export`` (PBN and USEBIO), files in the shapes other
programs write, and what is refused in one line."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from xlbridge import kinds, workbooks
from xlbridge.cli import main
from xlbridge.event import EventBoard, Play, TeamEvent, sample, score_event, score_pairs
from xlbridge.formats import usebio
from xlbridge.formats.results import Imported, ImportedTeams

SUMMARY = re.compile(r"^(\d+) differences? \((\d+) published figures? compared\)$", re.M)


def scored(path: Path):
    """A workbook read back, checked (no problems) and scored by the engine."""
    book = kinds.read(path)
    checked = kinds.check(book)
    assert checked.problems == (), checked.problems
    return book.kind, book.kind.score(checked.event)


def exported(tmp_path: Path, kind, event, flag: str, suffix: str) -> Path:
    book = tmp_path / f"original-{suffix}.xlsx"
    workbooks.save(kind.fill(event, fit=True), book)
    out = tmp_path / f"exported.{suffix}"
    assert main(["export", str(book), flag, str(out)]) == 0
    return out


def imported(capsys, path: Path, out: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["import", str(path), "--out", str(out), *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(("flag", "suffix"), [("--pbn", "pbn"), ("--usebio", "xml")])
def test_a_team_match_exported_and_imported_scores_the_same(tmp_path, capsys, flag, suffix):
    match = sample.team_match()
    path = exported(tmp_path, kinds.TEAMS, match, flag, suffix)
    out = tmp_path / "imported.xlsx"
    code, text, err = imported(capsys, path, out, "--compare")
    assert code == 0, text + err
    # 24 boards' IMPs, each team's IMPs and VPs
    assert SUMMARY.search(text).groups() == ("0", "28"), text
    kind, after = scored(out)
    before = kinds.TEAMS.score(match)
    assert kind is kinds.TEAMS
    assert (after.match.home, after.match.away, after.match.name, after.match.date) == \
        (match.home, match.away, match.name, match.date)
    assert after.boards == before.boards
    assert (after.imps_home, after.imps_away, after.vp_home, after.vp_away) == \
        (before.imps_home, before.imps_away, before.vp_home, before.vp_away)


def team_event_with_byes() -> TeamEvent:
    """Seven teams: the sample's first three rounds without team 8, whose opponents have
    the bye (one a round), and byes worth 12 VPs."""
    event = sample.team_event()
    boards = tuple(board for board in event.boards if 8 not in (board.home, board.away))
    byes = {number: next(b.away if b.home == 8 else b.home for b in event.boards
                         if b.round == number and 8 in (b.home, b.away)) for number in (1, 2, 3)}
    teams = {number: name for number, name in event.teams.items() if number != 8}
    return dataclasses.replace(event, teams=teams, rounds=5, boards=boards, byes=byes, bye_vp=12.0)


@pytest.mark.parametrize("event", [sample.team_event(), team_event_with_byes()], ids=["swiss", "byes"])
def test_a_team_event_exported_to_usebio_and_imported_scores_the_same(tmp_path, capsys, event):
    path = exported(tmp_path, kinds.TEAM_EVENT, event, "--usebio", "xml")
    out = tmp_path / "imported.xlsx"
    code, text, err = imported(capsys, path, out, "--compare")
    assert code == 0, text + err
    differences, compared = SUMMARY.search(text).groups()
    matches = len({(b.round, b.home, b.away) for b in event.boards})
    # every board's IMPs, each match's two VPs, each team's total
    assert (differences, int(compared)) == ("0", len(event.boards) + 2 * matches + len(event.teams)), text
    kind, after = scored(out)
    before = score_event(event)
    assert kind is kinds.TEAM_EVENT
    assert after.event.teams == event.teams and after.event.swiss == event.swiss
    assert after.event.byes == event.byes and after.event.bye_vp == event.bye_vp
    assert sorted(after.event.boards, key=repr) == sorted(event.boards, key=repr)
    assert after.matches == before.matches
    assert after.standings() == before.standings()


def test_a_pairs_scoring_option_on_a_team_file_is_refused(tmp_path, capsys):
    path = exported(tmp_path, kinds.TEAMS, sample.team_match(boards=2), "--pbn", "pbn")
    code, _out, err = imported(capsys, path, tmp_path / "a.xlsx", "--no-neuberg")
    assert code == 2 and err.strip().endswith(f"--no-neuberg: scores a pairs event; {path} is a team match"), err
    assert not (tmp_path / "a.xlsx").exists()


def test_a_published_figure_that_differs_is_said_and_exits_1(tmp_path, capsys):
    path = exported(tmp_path, kinds.TEAMS, sample.team_match(), "--usebio", "xml")
    text = path.read_text()
    # the home team's VPs, as the file printed them, one VP off
    home = re.search(r"<TOTAL_SCORE>([\d.]+)</TOTAL_SCORE>", text)
    path.write_text(text.replace(home[0], f"<TOTAL_SCORE>{float(home[1]) + 1:.2f}</TOTAL_SCORE>", 1))
    code, out, _err = imported(capsys, path, tmp_path / "a.xlsx")
    assert code == 1
    assert out.strip().splitlines()[-1] == ("1 difference (28 published figures compared): the workbook does not "
                                            "score as the file; see them with --compare")
    code, out, _err = imported(capsys, path, tmp_path / "b.xlsx", "--compare")
    assert code == 1 and "VPs of Kallio Bridge Club" in out and "DIFFERENT by -1.00" in out


def usebio_match(lines: str, *, event_type: str = "TEAMS", extra: str = "") -> str:
    return (f'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="{event_type}">'
            "<EVENT_DESCRIPTION>Club teams</EVENT_DESCRIPTION><BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>"
            '<PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="Reds"><TOTAL_SCORE>40</TOTAL_SCORE></TEAM>'
            '<TEAM TEAM_ID="2" TEAM_NAME="Blues"><TOTAL_SCORE>20</TOTAL_SCORE></TEAM>'
            '<TEAM TEAM_ID="3" TEAM_NAME="Greens"><TOTAL_SCORE>0</TOTAL_SCORE></TEAM></PARTICIPANTS>'
            f"{lines}{extra}</EVENT></USEBIO>")


def match(round_no: int, home: int, away: int, vps: tuple[str, str], *boards: str) -> str:
    return (f"<MATCH><ROUND_NUMBER>{round_no}</ROUND_NUMBER><TEAM>{home}</TEAM><OPPOSING_TEAM>{away}</OPPOSING_TEAM>"
            f"<TEAM_SCORE>{vps[0]}</TEAM_SCORE><OPPOSING_TEAM_SCORE>{vps[1]}</OPPOSING_TEAM_SCORE>{''.join(boards)}"
            "</MATCH>")


def board(number: int, imps: int, open_room: tuple[str, ...], closed_room: tuple[str, ...], *,
          tags: tuple[str, str] = ("DIRECTION", "NS|EW")) -> str:
    name, values = tags
    lines = ""
    for value, (contract, declarer, tricks, score) in zip(values.split("|"), (open_room, closed_room), strict=True):
        lines += (f"<TRAVELLER_LINE><{name}>{value}</{name}><CONTRACT>{contract}</CONTRACT>"
                  f"<PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>")
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER><IMPS>{imps}</IMPS>{lines}</BOARD>"


GAME = ("4S", "N", "10", "420")  # on boards 1, 8, 11 and 14: nobody vulnerable
DOWN = ("4S", "N", "9", "-50")


def test_a_usebio_team_event_in_matches_is_read_room_by_room(tmp_path, capsys):
    # Three teams, one match a round, the third team's bye. Board 1: 420 and +50 for the
    # home team (NS in the open room, EW in the closed): 470, 10 IMPs, which the WBF scale
    # makes 16.46 to 3.54 over the match's 2 boards (engine/teams.py's team_event example).
    text = usebio_match(
        match(1, 1, 2, ("16.46", "3.54"), board(1, 10, GAME, DOWN), board(8, 0, GAME, GAME)) +
        match(2, 2, 3, ("10", "10"), board(11, 0, GAME, GAME)) +
        match(3, 3, 1, ("10", "10"), board(14, 0, DOWN, DOWN)))
    path = tmp_path / "teams.xml"
    path.write_text(text)
    code, out, err = imported(capsys, path, tmp_path / "event.xlsx", "--compare")
    assert "Wrote" in out and "team event, 3 teams, 3 matches in 3 rounds, 4 boards" in out, out + err
    _kind, report = scored(tmp_path / "event.xlsx")
    first = report.matches[0]
    assert (first.round, first.home, first.away, first.imps_home, first.imps_away) == (1, 1, 2, 10, 0)
    board_imps = [line for line in out.splitlines() if "board 1, IMPs to 1" in line]
    assert board_imps and board_imps[0].split()[-2:] == ["10", "10"]
    # Each team's total VPs (40, 20, 0) are not what these matches give: said, exit 1.
    assert code == 1 and "team 1: total VPs" in out
    assert report.event.boards[0] == EventBoard(1, 1, 2, 1, Play("4S", "N", 10), Play("4S", "N", 9))


def test_rounds_where_a_team_plays_twice_are_laid_out_again_and_said(tmp_path, capsys):
    text = usebio_match(
        match(1, 1, 2, ("", ""), board(1, 0, GAME, GAME)) +
        match(1, 2, 3, ("", ""), board(8, 0, GAME, GAME)) +
        match(1, 3, 1, ("", ""), board(11, 0, GAME, GAME)))
    path = tmp_path / "teams.xml"
    path.write_text(text.replace("<TOTAL_SCORE>40</TOTAL_SCORE>", "<TOTAL_SCORE>30</TOTAL_SCORE>")
                    .replace("<TOTAL_SCORE>20</TOTAL_SCORE>", "<TOTAL_SCORE>20</TOTAL_SCORE>")
                    .replace("<TOTAL_SCORE>0</TOTAL_SCORE>", "<TOTAL_SCORE>10</TOTAL_SCORE>"))
    _code, out, err = imported(capsys, path, tmp_path / "event.xlsx")
    assert "in 3 rounds" in out and "the file's rounds have a team playing twice in one round" in out, out + err
    _kind, report = scored(tmp_path / "event.xlsx")
    rounds = {(m.home, m.away): m.round for m in report.matches}
    assert sorted(rounds.values()) == [1, 2, 3]


def test_a_team_match_of_pbn_game_records_is_read_room_by_room(tmp_path, capsys):
    def record(board_no: int, room: str, contract: str, declarer: str, result: str) -> str:
        return (f'[Event "Cup"]\n[Board "{board_no}"]\n[HomeTeam "Reds"]\n[VisitTeam "Blues"]\n[Room "{room}"]\n'
                f'[Contract "{contract}"]\n[Declarer "{declarer}"]\n[Result "{result}"]\n\n')

    path = tmp_path / "match.pbn"
    path.write_text(record(1, "Open", "4S", "N", "10") + record(1, "Closed", "4S", "N", "9")
                    + record(2, "Closed", "Pass", "", "") + record(2, "Open", "3NT", "W", "9"))
    code, out, err = imported(capsys, path, tmp_path / "match.xlsx")
    assert code == 0 and "team match, Reds v Blues, 2 boards" in out, out + err
    _kind, report = scored(tmp_path / "match.xlsx")
    # board 1: +420 and +50 for Reds, 470: 10 IMPs; board 2 (EW not vulnerable): 3NT by W
    # making, -400, and passed out in the other room: 400, 9 IMPs to Blues
    assert [(b.board, b.imps) for b in report.boards] == [(1, 10), (2, -9)]


REFUSED = [
    (usebio_match(match(1, 1, 2, ("", ""), board(1, 0, GAME, GAME, tags=("TABLE", "1|2")))),
     "board 1, line 1: a team match's line that says neither its DIRECTION"),
    (usebio_match(match(1, 1, 2, ("", ""), board(1, 0, GAME, GAME, tags=("DIRECTION", "NS|NS")))),
     "board 1, line 1: two lines for the open room"),
    (usebio_match(match(1, 1, 2, ("", ""), board(1, 0, GAME, ("A6040", "", "", "A6040")))),
     'board 1, line 1: closed room: "A6040" is not a played result'),
    (usebio_match(match(1, 1, 2, ("", ""), board(1, 0, GAME, ("4S", "N", "10", "450")))),
     "board 1, line 1: SCORE 450, but 4S by N taking 10 tricks scores +420"),
    (usebio_match(match(1, 1, 1, ("", ""), board(1, 0, GAME, GAME)) + match(2, 2, 3, ("", ""))),
     "team 1 plays itself"),
    (usebio_match(match(1, 1, 7, ("", ""), board(1, 0, GAME, GAME)) + match(2, 2, 3, ("", ""),
                                                                             board(8, 0, GAME, GAME))),
     "teams 1, 2, 3, 7: a team event's teams must be numbered 1, 2, 3 ... without a gap"),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=lambda value: str(value)[-40:])
def test_what_a_team_workbook_cannot_hold_is_refused_in_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "teams.xml"
    path.write_text(text)
    code, _out, err = imported(capsys, path, tmp_path / "event.xlsx")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "event.xlsx").exists()


def test_a_pbn_file_of_two_matches_or_of_match_results_alone_is_refused(tmp_path, capsys):
    path = exported(tmp_path, kinds.TEAMS, sample.team_match(boards=2), "--pbn", "pbn")
    text = path.read_text()
    two = text.replace('[HomeTeam "Kallio Bridge Club"]', '[HomeTeam "Oulu North"]', 1)
    (tmp_path / "two.pbn").write_text(two)
    code, _out, err = imported(capsys, tmp_path / "two.pbn", tmp_path / "a.xlsx")
    assert code == 2 and "2 matches (Oulu North v Espoo Aces; Kallio Bridge Club v Espoo Aces)" in err, err
    # Ruter's team event: each match's IMPs and VPs, no board's result
    ruter = ('[Event "Salo"]\n[Board "202"]\n[Scoring "Teams"]\n'
             '[ScoreTable "Round\\1R;Table\\1R;TeamId_Home\\2R;TeamId_Away\\2R;MatchDetails\\11L;VP_Home\\5R;'
             'VP_Away\\5R"]\n1 1  1  2 "200,25,8"  15.75  4.25\n')
    (tmp_path / "ruter.pbn").write_text(ruter)
    code, _out, err = imported(capsys, tmp_path / "ruter.pbn", tmp_path / "b.xlsx")
    assert code == 2 and ("the file has 1 match's IMPs and VPs but no board's contract and result; a team workbook "
                          "takes each board's contract, declarer and tricks in both rooms") in err, err
    assert not (tmp_path / "a.xlsx").exists() and not (tmp_path / "b.xlsx").exists()


REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
TEAMS_SCORER = REAL / "ukbridgeclub_usebio" / "multiple-teams_usebio.xml"


@pytest.mark.skipif(not TEAMS_SCORER.is_file(), reason=f"no {TEAMS_SCORER} (CI has the real files beside the project)")
def test_teams_scorers_event_agrees_board_by_board_and_differs_only_in_its_vp_scale(tmp_path, capsys):
    # 10 teams, 40 matches of 3 boards; its ROUND_NUMBERs have teams playing twice in a round.
    code, out, err = imported(capsys, TEAMS_SCORER, tmp_path / "event.xlsx", "--compare")
    assert code == 1, out + err
    assert "team event, 10 teams, 40 matches in 8 rounds, 120 boards" in out
    assert "the file prints VPs as whole numbers" in out
    figures = [line for line in out.splitlines() if line.startswith(("round ", "team "))]
    boards = [line for line in figures if ": board " in line]
    assert len(boards) == 120 and not [line for line in boards if "DIFFERENT" in line]
    different = [line for line in figures if "DIFFERENT" in line]
    assert different and all("VPs" in line for line in different)
    assert SUMMARY.search(out).groups() == (str(len(different)), str(120 + 80 + 10))


def test_imps_scoring_is_a_team_file_only_when_it_lists_teams():
    # BOARD_SCORING_METHOD IMPS is also how a pairs file may say Butler: read as pairs
    # unless the file has TEAMs (TeamsScorer's has MATCHes and says EVENT_TYPE TEAMS).
    butler = dataclasses.replace(sample.pairs_event(), options={"scoring": "Butler"})
    text = usebio.dumps(score_pairs(butler)).replace('EVENT_TYPE="BUTLER_PAIRS"', 'EVENT_TYPE=""')
    text = text.replace(">BUTLER_IMPS<", ">IMPS<")
    assert isinstance(usebio.loads(text), Imported)
    teams = usebio_match(match(1, 1, 2, ("", ""), board(1, 0, GAME, GAME)), event_type="")  # IMPS, TEAMs
    assert isinstance(usebio.loads(teams), ImportedTeams)
