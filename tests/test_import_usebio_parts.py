"""``xlbridge import`` of USEBIO files with more than one EVENT, SESSION or SECTION:
``--event``, ``--session``, ``--section`` (by name or id, or number from 1), ``--list``,
the one-line refusal that lists them, and sections that number their own pairs read as
one field. The files are hand-made; their figures worked by hand below."""

from __future__ import annotations

import pytest

from xlbridge import kinds
from xlbridge.cli import main
from xlbridge.event import scored as report

# One board, two tables: 4S by N making (+420) beats 4S by N one off (-50).
# NS pair of the first table and EW pair of the second: 100%; the others 0%.
TABLES = (("4S", "N", "10", "420"), ("4S", "N", "9", "-50"))


def pairs(numbers: tuple[str, str, str, str], names: str, figures=("100", "0", "0", "100")) -> str:
    return "<PARTICIPANTS>" + "".join(
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><PERCENTAGE>{figure}</PERCENTAGE>"
        f"<PLAYER><PLAYER_NAME>{names}{number}a</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>{names}{number}b</PLAYER_NAME></PLAYER></PAIR>"
        for number, figure in zip(numbers, figures, strict=True)) + "</PARTICIPANTS>"


def board(numbers: tuple[str, str, str, str], tables=TABLES) -> str:
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{numbers[2 * i]}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{numbers[2 * i + 1]}</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
        for i, (contract, by, tricks, score) in enumerate(tables))
    return f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD>"


def event(name: str, body: str) -> str:
    return (f'<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>{name}</EVENT_DESCRIPTION>'
            f"<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>{body}</EVENT>")


def document(*events: str) -> str:
    return '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n' + "\n".join(events) + "\n</USEBIO>\n"


ONE = ("1", "2", "3", "4")
OTHER = ("5", "6", "7", "8")
TWO_EVENTS = document(event("Monday", pairs(ONE, "Mon") + board(ONE)), event("Tuesday", pairs(OTHER, "Tue")
                                                                                + board(OTHER)))
TWO_SESSIONS = document(event("Cup", "".join(
    f'<SESSION SESSION_ID="{sid}">{pairs(ONE, sid, figures)}{board(ONE, tables)}</SESSION>'
    for sid, figures, tables in (("Morning", ("100", "0", "0", "100"), TABLES),
                                 ("Evening", ("0", "100", "100", "0"), TABLES[::-1])))))
# Two sections that number their own pairs 1-4, matchpointed across: four tables on board 1.
SECTIONS = document(event("Club", "<SESSION>" + "".join(
    f'<SECTION SECTION_ID="{sid}">{pairs(ONE, sid, figures)}{board(ONE, tables)}</SECTION>'
    for sid, figures, tables in (("A", ("83.33", "16.67", "16.67", "83.33"), (TABLES[0], TABLES[1])),
                                 ("B", ("50", "50", "50", "50"), (TABLES[0], TABLES[1])))
) + "</SESSION>"))


def run(tmp_path, text: str, *args: str) -> int:
    source = tmp_path / "results.xml"
    source.write_text(text, encoding="utf-8")
    return main(["import", str(source), *args])


def scored(path) -> report.PairsReport:
    checked = kinds.check(kinds.read(path))
    assert checked.problems == ()
    return report.score_pairs(checked.event)


def test_several_events_are_refused_in_one_line_that_lists_them(tmp_path, capsys):
    assert run(tmp_path, TWO_EVENTS, "--out", str(tmp_path / "e.xlsx")) == 2
    err = capsys.readouterr().err
    assert "the file holds 2 events (1 'Monday', 2 'Tuesday'): choose one with --event NAME or NUMBER" in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "e.xlsx").exists()


@pytest.mark.parametrize("choice", ["2", "tuesday"])
def test_an_event_chosen_by_number_or_name(tmp_path, capsys, choice):
    assert run(tmp_path, TWO_EVENTS, "--out", str(tmp_path / "e.xlsx"), "--event", choice, "--compare") == 0
    assert "0 differences (4 published figures compared)" in capsys.readouterr().out
    result = scored(tmp_path / "e.xlsx")
    assert result.event.name == "Tuesday" and [pair.number for pair in result.event.pairs] == [5, 6, 7, 8]


def test_a_choice_that_names_none_is_refused_with_the_list(tmp_path, capsys):
    assert run(tmp_path, TWO_EVENTS, "--out", str(tmp_path / "e.xlsx"), "--event", "Friday") == 2
    assert "--event 'Friday': the file's events are 1 'Monday', 2 'Tuesday'" in capsys.readouterr().err


def test_several_sessions_one_at_a_time_with_its_own_figures(tmp_path, capsys):
    assert run(tmp_path, TWO_SESSIONS, "--out", str(tmp_path / "s.xlsx")) == 2
    assert "2 sessions (1 'Morning', 2 'Evening'): choose one with --session" in capsys.readouterr().err
    assert run(tmp_path, TWO_SESSIONS, "--out", str(tmp_path / "s.xlsx"), "--session", "Evening", "--compare") == 0
    out = capsys.readouterr().out
    assert "session Evening of 2" in out and "0 differences (4 published figures compared)" in out
    percent = {pair: total.percent for pair, total in scored(tmp_path / "s.xlsx").scored.pairs.items()}
    assert percent == {1: 0.0, 2: 100.0, 3: 100.0, 4: 0.0}  # the evening's, not the morning's


def test_sections_that_number_their_own_pairs_are_read_as_sections(tmp_path, capsys):
    # Board 1 across both sections, four tables: +420 twice, -50 twice. On the 2/1/0 scale the top
    # is 6; a +420 beats the two -50s and ties the other +420: 5 of 6, 83.33%. Section B's
    # published 50s are wrong on purpose: the comparison names those four. The file prints no
    # matchpoints, so the sections are compared across the field, as a note says.
    assert run(tmp_path, SECTIONS, "--compare") == 1
    out = capsys.readouterr().out
    assert "2 sections (A, B): the file prints no matchpoints" in out and "compared across the field" in out
    assert "4 differences (8 published figures compared)" in out
    shown = {line.split()[0] + line.split()[1]: line.split()[3] for line in out.splitlines()
             if line[:4].strip()[:1] in ("A", "B")}
    assert shown == {"A1": "83.33", "A2": "16.67", "A3": "16.67", "A4": "83.33",
                     "B1": "83.33", "B2": "16.67", "B3": "16.67", "B4": "83.33"}
    assert list(tmp_path.iterdir()) == [tmp_path / "results.xml"]  # --compare alone writes nothing


def test_one_section_alone_is_matchpointed_on_its_own(tmp_path, capsys):
    assert run(tmp_path, SECTIONS, "--out", str(tmp_path / "b.xlsx"), "--section", "B", "--compare") == 1
    out = capsys.readouterr().out
    assert "section B alone, matchpointed on its own" in out
    percent = {pair: total.percent for pair, total in scored(tmp_path / "b.xlsx").scored.pairs.items()}
    assert percent == {1: 100.0, 2: 0.0, 3: 0.0, 4: 100.0}


def test_list_shows_the_parts_and_writes_nothing(tmp_path, capsys):
    assert run(tmp_path, TWO_SESSIONS, "--list") == 0
    assert capsys.readouterr().out.splitlines() == [
        "event 1 'Cup' (MP_PAIRS)", "  session 1 'Morning': 4 pairs, 1 boards, 2 traveller lines",
        "  session 2 'Evening': 4 pairs, 1 boards, 2 traveller lines"]
    assert list(tmp_path.iterdir()) == [tmp_path / "results.xml"]


def test_choosing_a_part_of_a_pbn_file_is_refused(tmp_path, capsys):
    source = tmp_path / "r.pbn"
    source.write_text('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 Pass\n', encoding="utf-8")
    assert main(["import", str(source), "--out", str(tmp_path / "r.xlsx"), "--section", "A"]) == 2
    assert "--section: chooses a part of a USEBIO file" in capsys.readouterr().err
    assert main(["import", str(source), "--list"]) == 2
    assert main(["import", str(source)]) == 2 and "needs --out" in capsys.readouterr().err


def test_a_score_that_is_not_the_contracts_is_refused_in_one_line(tmp_path, capsys):
    bad = TWO_EVENTS.replace("<SCORE>420</SCORE>", "<SCORE>450</SCORE>", 1)
    assert run(tmp_path, bad, "--out", str(tmp_path / "e.xlsx"), "--event", "1") == 2
    err = capsys.readouterr().err
    assert "board 1, line 3: SCORE 450, but 4S by N taking 10 tricks scores +420 for North-South" in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "e.xlsx").exists()
