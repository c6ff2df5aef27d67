"""``xlbridge serve`` for a team event (teams-event.xlsx) through its HTTP forms: each match's
two rooms at tables 2k-1 (open) and 2k (closed), both rooms entered and confirmed from the
phones, the director's VPs against the engine's, ``--write`` then ``check`` and ``report``."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")

from tests.test_serve import Phone, codes, message, rows
from xlbridge import cli
from xlbridge.event import EventBoard, Play, score_event
from xlbridge.live.app import create_app
from xlbridge.live.event import read_event

NAMES = ("Aces", "Kings", "Queens", "Jacks")
RESULTS = {  # round 1, by (table, board): level, suit, double, declarer, tricks
    (1, 1): ("4", "S", "", "N", "10"), (1, 2): ("3", "N", "", "S", "9"),
    (2, 1): ("4", "S", "", "S", "9"), (2, 2): ("3", "N", "", "N", "10"),
    (3, 1): ("2", "H", "X", "E", "8"), (3, 2): ("PASS",),
    (4, 1): ("3", "H", "", "W", "9"), (4, 2): ("1", "N", "", "S", "6"),
}


def drawn(book: Path) -> list[tuple[int, int, int, int]]:
    """The Results rows' (round, home, away, board), read straight from the sheet, in its order."""
    workbook = load_workbook(book)
    try:
        columns = [[cell.value for row in workbook.defined_names[name].destinations
                    for line in workbook[row[0]][row[1].replace("$", "")] for cell in line]
                   for name in ("MatchRound", "MatchHome", "MatchAway", "Board")]
    finally:
        workbook.close()
    return [row for row in zip(*columns, strict=True) if None not in row]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("serve-teams")
    assert cli.main(["workbooks", "teams-event", "--teams", "4", "--boards", "2", "--out", str(folder)]) == 0
    book = folder / "teams-event.xlsx"
    workbook = load_workbook(book)
    sheet, ref = next(iter(workbook.defined_names["TeamName"].destinations))
    for line, name in zip(workbook[sheet][ref.replace("$", "")], NAMES, strict=True):
        line[0].value = name
    workbook.save(book)
    return book


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(template, tmp_path / "teams.xlsx"))


def matches_of(book: Path, round: int) -> list[tuple[int, int]]:
    """Round ``round``'s matches (home, away) in the rows' order: match k at tables 2k-1 and 2k."""
    return list(dict.fromkeys((home, away) for r, home, away, _ in drawn(book) if r == round))


def test_a_round_of_both_rooms_entered_confirmed_ranked_written_and_reported(book, capsys):
    event = read_event(book)
    app = create_app(book, event)
    code = codes(app)
    matches = matches_of(book, 1)
    assert len(matches) == 2 and event.tables == (1, 2, 3, 4)
    phones = {table: Phone(app, f"/t/{code[f't{table}']}") for table in (1, 2, 3, 4)}
    for k, (home, away) in enumerate(matches, start=1):
        open_, closed = phones[2 * k - 1].page.text, phones[2 * k].page.text
        assert f"Open room: {NAMES[home - 1]} (NS) v {NAMES[away - 1]} (EW)" in open_
        assert f"Closed room: {NAMES[away - 1]} (NS) v {NAMES[home - 1]} (EW)" in closed
        assert "Boards 1-2" in open_ and "Boards 1-2" in closed
    for (table, board), result in RESULTS.items():
        answer = phones[table].enter(table, board, result)
        assert answer.status_code == 200 and message(answer).startswith(f"Saved: board {board}"), message(answer)
        assert phones[table].post("/table/confirm", board=board, round=1, table=table).status_code == 200
    # the round is done: where each team plays next, round 2's tables in its draw's order
    following = matches_of(book, 2)
    going = dict(re.findall(r"<tr><th>([^<]+)</th><td>([^<]+)</td></tr>", phones[1].client.get("/table").text))
    for team in matches[0]:
        k, (home, _) = next((k, m) for k, m in enumerate(following, start=1) if team in m)
        ns, ew = (2 * k - 1, 2 * k) if team == home else (2 * k, 2 * k - 1)
        assert going[NAMES[team - 1]] == f"table {ns} NS, table {ew} EW"

    # the director's VPs: the engine's team event on the same boards, found here from the rows
    boards = []
    for k, (home, away) in enumerate(matches, start=1):
        for board in (1, 2):
            plays = [RESULTS[table, board] for table in (2 * k - 1, 2 * k)]
            boards.append(EventBoard(1, home, away, board, *(play_of(result) for result in plays)))
    expected = score_event(dataclasses.replace(event.event, boards=tuple(boards))).standings()
    director = Phone(app, f"/d/{code['director']}")
    shown = re.findall(r"<tr><td>([^<]+)</td><td>(\d+)</td><td>([^<]*)</td><td>([\d.]+)</td></tr>", director.page.text)
    assert "<th>Team</th><th>Names</th><th>VP</th>" in director.page.text
    assert shown == [(s.place, str(s.team), NAMES[s.team - 1], f"{s.vp:.2f}") for s in expected]
    assert len({vp for *_, vp in shown}) > 1  # the rooms' results differ: not a table of ties

    app.app.state.server.journal.close()
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert capsys.readouterr().out.startswith(f"{book}: 8 results written")
    assert cli.main(["check", str(book)]) == 0
    capsys.readouterr()
    assert cli.main(["report", str(book)]) == 0
    report = capsys.readouterr().out
    for s in expected:  # report's standings line of each team: place, team, name, matches, the same VPs
        assert re.search(rf"^ *{s.place} +{s.team} +{NAMES[s.team - 1]} +1 +{s.vp:.2f} ", report, re.M), report
    assert read_event(book).typed.keys() == {(1, table, board) for table, board in RESULTS}


def play_of(result: tuple[str, ...]) -> Play:
    if result == ("PASS",):
        return Play("PASS", "", None)
    level, strain, doubling, declarer, tricks = result
    return Play(f"{level}{strain}{doubling}", declarer, int(tricks))


def test_a_board_of_another_match_or_table_is_refused_and_nothing_written(book):
    app = create_app(book, read_event(book))
    one = Phone(app, f"/t/{codes(app)['t1']}")
    before = rows(book)
    later = next(board for r, _, _, board in drawn(book) if r == 2)  # round 2's board, another match's
    answer = one.enter(1, later, ("4", "S", "", "N", "10"))
    assert answer.status_code == 403 and message(answer) == f"Board {later} is not played at table 1 in round 1."
    answer = one.enter(3, 1, ("4", "S", "", "N", "10"))  # the other match's open room
    assert answer.status_code == 403 and "cannot write table 3" in message(answer)
    assert rows(book) == before


def test_a_swiss_waits_for_the_draw_and_writes_its_drawn_round(tmp_path, capsys):
    assert cli.main(["workbooks", "teams-event", "--teams", "4", "--rounds", "3", "--swiss", "--boards", "1",
                     "--out", str(tmp_path)]) == 0
    book = tmp_path / "teams-event.xlsx"
    event = read_event(book)
    assert event.rounds == 1 and event.tables == (1, 2, 3, 4)  # only round 1 is drawn
    app = create_app(book, event)
    code = codes(app)
    for table in (1, 2, 3, 4):
        phone = Phone(app, f"/t/{code[f't{table}']}")
        assert phone.enter(table, 1, ("3", "N", "", "S", str(7 + table))).status_code == 200
        assert phone.post("/table/confirm", board=1, round=1, table=table).status_code == 200
    going = re.findall(r"<tr><th>[^<]+</th><td>([^<]+)</td></tr>", phone.client.get("/table").text)
    assert going == ["wait for the draw"] * 2
    assert Phone(app, f"/d/{code['director']}").post("/director/close", round=1).status_code == 200
    over = re.search(r'id="over">([^<]+)<', phone.client.get("/table").text).group(1)
    assert "wait for the next round&#x27;s draw" in over  # not "every round is closed": more rounds to draw
    app.app.state.server.journal.close()
    capsys.readouterr()
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert capsys.readouterr().out.startswith(f"{book}: 4 results written")
    assert cli.main(["check", str(book)]) == 0
    # the director draws round 2 into the book and serves it again: the same journal, codes and tables
    assert cli.main(["draw", str(book)]) == 0
    again = read_event(book)
    assert again.rounds == 2 and again.tables == (1, 2, 3, 4)
    app = create_app(book, again)
    assert codes(app) == code
    home, away = matches_of(book, 2)[0]
    page = Phone(app, f"/t/{code['t2']}").page.text
    assert "Table 2, round 2" in page and f"Closed room: Team {away} (NS) v Team {home} (EW)" in page
    app.app.state.server.journal.close()


def test_the_traveller_of_a_board_is_its_rounds_when_each_round_numbers_its_boards_from_1(book):
    workbook = load_workbook(book)  # round 2 plays boards 1-2 again: other deals than round 1's
    (sheet, rounds), (_, boards) = (next(iter(workbook.defined_names[name].destinations))
                                    for name in ("MatchRound", "Board"))
    for line, (round_no,) in zip(workbook[sheet][boards.replace("$", "")],
                                 workbook[sheet][rounds.replace("$", "")], strict=True):
        if round_no.value == 2:
            line[0].value -= 2
    workbook.save(book)
    app = create_app(book, read_event(book))
    code = codes(app)
    director = Phone(app, f"/d/{code['director']}")
    assert director.post("/director/setting", show="yes").status_code == 200
    one = Phone(app, f"/t/{code['t1']}")
    assert one.enter(1, 1, ("4", "S", "", "N", "10")).status_code == 200
    assert director.post("/director/close", round=1).status_code == 200
    page = one.enter(1, 1, ("3", "N", "", "S", "9"), round=2)
    assert page.status_code == 200, message(page)
    traveller = re.search(r'<table id="traveller-1">.*?</table>', page.text).group(0)
    assert "3NTS=" in traveller and "4S" not in traveller
