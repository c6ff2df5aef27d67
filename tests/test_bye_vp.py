"""A team event's bye VPs come from its book, through every command that scores it.

The book's ``ByeVP`` is set to 3, far from the default 12, in a five-team Swiss whose
first round ends with the bye team level with the others. If ``check``, ``report``,
``draw`` or ``export`` lost the value anywhere (and used the default), the bye team's VPs,
its place and the next round's draw would change: each is compared with the engine's
standings and draw computed here from the typed rows and the book's own ``ByeVP``.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.cli import main

BYE_VP = 3.0
TEAMS = {1: "Aces", 2: "Kings", 3: "Queens", 4: "Jacks", 5: "Tens"}

# Round 1 as the Swiss draws it from team numbers: two matches and a bye. Board 1 of each
# match: 4S by North making 10 tricks in the open room, 4S by North one down in the closed
# room (both non-vulnerable): 420 + 50 = 470, 10 IMPs to the home team. Board 2 is passed
# out in both rooms.
BOARD_1 = {"OpenContract": "4S", "OpenDeclarer": "N", "OpenTricks": 10,
           "ClosedContract": "4S", "ClosedDeclarer": "N", "ClosedTricks": 9}
BOARD_2 = {"OpenContract": "PASS", "ClosedContract": "PASS"}


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The Swiss with round 1 played and ``ByeVP`` at 3, saved as a director would have it."""
    book = W.build("teams-event", teams=5, rounds=3, boards=2, swiss=True, names=list(TEAMS.values()))
    W.write_named(book, "ByeVP", [BYE_VP])
    rounds = W.read_named(book, "MatchRound")
    rows = [i for i, r in enumerate(rounds) if r == 1]
    columns = {name: W.read_named(book, name) for name in (*BOARD_1, "OpenDeclarer", "OpenTricks")}
    for index, row in enumerate(rows):
        for name, value in (BOARD_1 if index % 2 == 0 else BOARD_2).items():
            columns[name][row] = value
    for name, values in columns.items():
        W.write_named(book, name, values)
    path = tmp_path / "event.xlsx"
    W.save(book, path)
    return path


def round_one(path: Path) -> list[tuple[int, int | None]]:
    book = openpyxl.load_workbook(path)
    homes, aways, rounds = (W.read_named(book, n) for n in ("MatchHome", "MatchAway", "MatchRound"))
    matches = list(dict.fromkeys((h, a) for h, a, r in zip(homes, aways, rounds, strict=True) if r == 1))
    return [*matches, (W.read_named(book, "RoundBye")[0], None)]


def expected(path: Path, bye_vp: float) -> list[E.TeamStanding]:
    """The engine's standings after round 1 with ``bye_vp``: each match 10-0 IMPs over 2 boards."""
    games: list[tuple] = [(h, a, 10, 0, 2) for h, a in round_one(path) if a is not None]
    bye = next(h for h, a in round_one(path) if a is None)
    return E.team_standings([*games, (bye, None)], bye_vp=bye_vp)


def test_the_book_holds_a_round_whose_standings_depend_on_the_bye_vp(event):
    ours, default = expected(event, BYE_VP), expected(event, E.BYE_VP)
    assert ours != default
    bye = round_one(event)[-1][0]
    assert next(s for s in ours if s.team == bye).vp == BYE_VP


def test_report_and_its_csv_use_the_books_bye_vp(event, tmp_path, capsys):
    assert main(["report", str(event), "--csv", str(tmp_path / "s.csv")]) == 0
    lines = capsys.readouterr().out.splitlines()
    bye = round_one(event)[-1][0]
    assert [str(bye), TEAMS[bye], "bye", f"{BYE_VP:.2f}"] in [line.split() for line in lines]
    rule = next(i for i, line in enumerate(lines) if line.startswith("-----"))
    standings = [line.split() for line in lines[rule + 1:rule + 6]]
    assert [(row[0], int(row[1]), float(row[4])) for row in standings] == [
        (s.place, s.team, s.vp) for s in expected(event, BYE_VP)]
    rows = (tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()[1:]
    table = [(row.split(",")[0], int(row.split(",")[1]), float(row.split(",")[4])) for row in rows]
    assert table == [(s.place, s.team, s.vp) for s in expected(event, BYE_VP)]


def test_export_writes_the_books_bye_vp(event, tmp_path, capsys):
    page = tmp_path / "event.html"
    assert main(["export", str(event), "--html", str(page)]) == 0
    # a cell's text as the page shows it: names kept whole in a span (the page wraps no name)
    html = page.read_text(encoding="utf-8").replace('<span class="w">', "").replace("</span>", "")
    bye = round_one(event)[-1][0]
    assert f"<td>{bye} {TEAMS[bye]}</td><td>bye</td><td></td><td></td><td></td><td>{BYE_VP:.2f}</td>" in html.replace(
        '<td class="text">', "<td>")
    for standing in expected(event, BYE_VP):
        assert f"<td>{standing.team}</td><td>{TEAMS[standing.team]}</td><td>1</td><td>{standing.vp:.2f}</td>" in (
            html.replace('<td class="text">', "<td>"))


def test_draw_ranks_with_the_books_bye_vp(event, capsys):
    played = round_one(event)
    ours = E.swiss_draw([s.team for s in expected(event, BYE_VP)], played, round=2)
    default = E.swiss_draw([s.team for s in expected(event, E.BYE_VP)], played, round=2)
    assert ours != default  # the draw tells the two apart
    assert main(["draw", str(event)]) == 0
    printed = capsys.readouterr().out.splitlines()[1:]
    lines = [f"  bye: {h} {TEAMS[h]}" if a is None else f"  {h} {TEAMS[h]} v {a} {TEAMS[a]}" for h, a in ours]
    assert printed == lines
