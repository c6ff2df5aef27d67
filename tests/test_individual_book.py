"""individual.xlsx from the command line: written from its movement, checked against it
(a player twice in a round, a wrong table or round, a player the movement does not seat
there: one line each at its cell, the other rows read, the file untouched), scored."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from xlbridge import engine as E
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.engine.individual_scoring import individual_event

SEATS = ("North", "East", "South", "West")


def xlbridge(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True,
                          text=True, timeout=300, check=False)


def played(book: openpyxl.Workbook, count: int | None = None) -> list[tuple]:
    """Every prefilled row (or the first ``count``) given a result; returns the rows as the engine takes them."""
    rows = list(zip(*(W.read_named(book, n) for n in ("Board", *SEATS)), strict=True))
    count = len(rows) if count is None else count
    results = [("4S", "N", 9 + (i * 7) % 3) if i % 5 else ("3NT", "S", 9) for i in range(count)]
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [r[i] for r in results])
    return [(*row, *result) for row, result in zip(rows, results, strict=False)]


def test_the_command_writes_the_movement_and_refuses_what_cannot_be(tmp_path: Path):
    done = xlbridge("workbooks", "individual", "--players", 13, "--boards", 26, "--out", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (f"{tmp_path / 'individual.xlsx'}: Individual, 13 players: 13 rounds of 2 boards "
                                   "at 3 tables")
    book = openpyxl.load_workbook(tmp_path / "individual.xlsx")
    m = E.individual(13, 2)
    assert len(W.read_named(book, "Board")) == 13 * 3 * 2 and len(W.read_named(book, "MoveRound")) == 39
    rows = zip(*(W.read_named(book, n) for n in ("RoundNo", "TableNo", "Board", *SEATS)), strict=True)
    for round_no, table, board, *seats in rows:
        place = m.at(round_no, table)
        assert tuple(seats) == place.players and board in place.boards
    assert W.read_named(book, "PlayerNumber") == list(range(1, 14))
    assert {"Table cards", "Guide cards"} <= set(book.sheetnames)
    before = (tmp_path / "individual.xlsx").read_bytes()
    for args, message in [
        (("--players", 13, "--boards", 27), "boards 27: the 13-player individual has 13 rounds; give a multiple of 13"),
        (("--players", 10), "players 10: an individual here has 5, 7, 8, 11, 12, 13"),
        (("--players", 13), f"{tmp_path / 'individual.xlsx'} already exists"),
        (("--players", 16, "--rounds", 16), "rounds 16: the 16-player individual has 15 rounds"),
    ]:
        bad = xlbridge("workbooks", "individual", *args, "--out", tmp_path)
        assert bad.returncode == 2, bad
        [line] = bad.stderr.strip().splitlines()
        assert line.startswith(f"xlbridge: {message}"), line
    assert (tmp_path / "individual.xlsx").read_bytes() == before
    other = xlbridge("workbooks", "pairs", "--players", 8, "--out", tmp_path)
    assert other.returncode == 2 and "--players is for individual" in other.stderr
    fewer = xlbridge("workbooks", "individual", "--players", 16, "--rounds", 5, "--boards", 15, "--out",
                     tmp_path / "f", "--lang", "fi")
    assert fewer.returncode == 0 and "5 rounds of 3 boards at 4 tables" in fewer.stdout


def test_a_filled_book_checks_clean_and_reads_what_the_engine_scores(tmp_path: Path):
    book = W.build("individual", players=8, boards=14, names={1: "Ann", 8: "Bo"})
    rows = played(book)
    path = W.save(book, tmp_path / "individual.xlsx")
    done = xlbridge("check", path)
    assert done.returncode == 0, done.stdout
    assert done.stdout.strip() == f"{path}: individual, 8 players, 28 results: no problems"
    checked = kinds.check(kinds.read(path))
    report = kinds.INDIVIDUAL.score(checked.event)
    assert report.scored == individual_event(rows)
    assert checked.event.name_of(1) == "Ann" and checked.event.name_of(8) == "Bo"


def test_bad_rows_are_one_line_each_and_nothing_is_lost(tmp_path: Path):
    m = E.individual(8, 2)
    book = W.build("individual", players=8, boards=14)
    count = len(W.read_named(book, "Board"))
    played(book, count - 2)  # the last two not in yet
    cells = {name: W.named_cells(book, name) for name in ("RoundNo", "TableNo", "Board", *SEATS, "Contract")}
    # Row 3: North is somebody else, who also plays elsewhere in the round.
    r3 = cells["North"][3]
    round3, table3 = cells["RoundNo"][3].value, cells["TableNo"][3].value
    other = next(s for s in m.seatings if s.round == round3 and s.table != table3)
    r3.value = other.west
    # Row 6: a table the movement does not have.
    cells["TableNo"][6].value = 5
    # Row 9: a round the movement does not have.
    cells["RoundNo"][9].value = 8
    # Row 12: a split score.
    cells["Contract"][12].value = "A60/4S"
    path = W.save(book, tmp_path / "individual.xlsx")
    before = path.read_bytes()
    done = xlbridge("check", path)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    planned = m.at(round3, table3).north
    where = f"round {round3}, table {table3}"
    assert f"Results!{r3.coordinate}: player {other.west}: the movement has player {planned} North at {where}" in lines
    assert any(line.startswith("Results!B") and ": round " in line and "table 5: not in the movement" in line
               for line in lines)
    assert any(line.startswith("Results!B") and "round 8, table" in line and "not in the movement" in line
               for line in lines)
    assert any(line.startswith(f"Results!H{cells['Contract'][12].row}: split score \"A60/4S\"") for line in lines)
    assert "2 results of the movement: not in yet" in lines
    assert path.read_bytes() == before  # check never writes
    checked = kinds.check(kinds.read(path))
    # Every other row is read: the four bad ones are left out, the two not in yet too.
    assert len(checked.event.results) == count - 2 - 4
    assert all(len(str(p).splitlines()) == 1 for p in checked.problems)


def test_a_player_twice_in_a_round_by_hand(tmp_path: Path):
    """Rows typed without a movement (round and table typed): the same player at two tables of a round."""
    book = W.build("individual", players=8, boards=14)
    for name in ("MoveRound", "MoveTable"):
        W.write_named(book, name, [None] * 14)  # no movement to compare with
    rows = [(1, 1, 1, 1, 2, 3, 4), (1, 2, 1, 5, 6, 7, 8), (2, 1, 3, 1, 3, 5, 7), (2, 2, 3, 2, 4, 6, 1)]
    blanks = [None] * (len(W.read_named(book, "Board")) - len(rows))
    for i, name in enumerate(("RoundNo", "TableNo", "Board", *SEATS)):
        W.write_named(book, name, [row[i] for row in rows] + blanks)
    for name, value in (("Contract", "4S"), ("Declarer", "N"), ("Tricks", 10)):
        W.write_named(book, name, [value] * len(rows) + blanks)
    path = W.save(book, tmp_path / "individual.xlsx")
    done = xlbridge("check", path)
    assert done.returncode == 1
    row = W.named_cells(book, "West")[3].row
    assert done.stdout.splitlines()[0] == (f"Results!G{row}: player 1 is at table 2 in round 2, "
                                           f"and at table 1 (Results!D{row - 1})")
    assert len([line for line in done.stdout.splitlines() if line.startswith("Results!")]) == 1


@pytest.mark.parametrize("players", [5, 7, 12])
def test_every_template_size_builds_its_movement(players):
    book = W.build("individual", players=players)
    m = E.individual(players, 2)
    assert W.read_named(book, "MovementText")[0].endswith(f"{m.rounds} rounds, 2 boards a round")
    assert len(W.read_named(book, "Board")) == len(m.seatings) * 2


REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"


@pytest.fixture(scope="module")
def scored_book(tmp_path_factory):
    """A 13-player book (one sits out each round) with every result typed, adjusted and NP among them."""
    folder = tmp_path_factory.mktemp("individual-report")
    book = W.build("individual", players=13, boards=13, names={5: "Eve Example", 13: "=SUM(1)"}, event="Club night")
    rows = played(book)
    contracts = W.named_cells(book, "Contract")
    for index, code in ((4, "A60/40"), (9, "NP")):
        contracts[index].value = code
        W.named_cells(book, "Declarer")[index].value = None
        W.named_cells(book, "Tricks")[index].value = None
        rows[index] = (*rows[index][:5], code, None, None)
    path = W.save(book, folder / "individual.xlsx")
    return path, individual_event(rows), folder


def test_report_prints_and_writes_the_engines_ranking(scored_book):
    path, event, folder = scored_book
    done = xlbridge("report", path, "--csv", folder / "ranking.csv")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Club night: 13 players, 13 boards, matchpoints 2/1/0"
    table = [line.split() for line in lines[4:4 + 13]]
    assert [(row[0], int(row[1])) for row in table] == [(p.place, p.player) for p in event.ranking()]
    assert [float(row[-2]) for row in table] == [round(p.percent, 2) for p in event.ranking()]
    import csv
    with open(folder / "ranking.csv", newline="", encoding="utf-8") as fp:
        written = list(csv.reader(fp))
    assert written[0] == ["Place", "Player", "Name", "MP", "Top", "%", "Boards"]
    by_player = {int(row[1]): row for row in written[1:14]}
    assert by_player[5][2] == "Eve Example" and by_player[13][2] == "'=SUM(1)"  # a formula stays text
    for p in event.players.values():
        assert float(by_player[p.player][3]) == pytest.approx(p.mp, abs=0.005)
    lines_csv = written[15:]
    assert lines_csv[0][:4] == ["Board", "Round", "Table", "N"] and len(lines_csv) - 1 == len(event.rows)


def test_export_writes_the_page_pbn_and_usebio_as_the_real_individual_files_do(scored_book):
    import xml.etree.ElementTree as ET

    from xlbridge.formats import pbn

    path, event, folder = scored_book
    for option in ("html", "pbn", "usebio"):
        done = xlbridge("export", path, f"--{option}", folder / f"out.{option}")
        assert done.returncode == 0, done.stderr
    page = (folder / "out.html").read_text(encoding="utf-8")
    assert page.count('<section class="board" id="board-') == 13 and "Eve Example" in page
    assert "=SUM(1)" in page and "<script" not in page.lower()
    text = (folder / "out.pbn").read_text(encoding="utf-8")
    games = list(pbn.games(text))
    assert len(games) == 13 and all(g.value("Competition") == "Individuals" for g in games)
    table = games[0].tables["SCORETABLE"]
    mine = {column.upper() for column in table.columns}
    totals = games[0].tables["TOTALSCORETABLE"]
    assert [values[1] for _line, values in totals.rows] == [str(p.player) for p in event.ranking()]
    root = ET.fromstring((folder / "out.usebio").read_text(encoding="utf-8").split("\n", 2)[2])
    assert root.find("EVENT").get("EVENT_TYPE") == "INDIVIDUAL"
    players = root.find("EVENT/PARTICIPANTS").findall("PLAYER")
    assert [(p.findtext("PLAYER_NUMBER"), p.findtext("PERCENTAGE")) for p in players] == \
        [(str(p.player), f"{p.percent:.2f}") for p in event.ranking()]
    lines = root.findall("EVENT/BOARD/TRAVELLER_LINE")
    assert len(lines) == len(event.rows)
    elements = {child.tag for line in lines for child in line}
    ruter, uk = REAL / "ruter_fi" / "indi.pbn", REAL / "ukbridgeclub_usebio" / "individual_usebio.xml"
    if not ruter.is_file() or not uk.is_file():
        pytest.skip(f"no real results files at {REAL} (CI has them beside the project)")
    theirs = next(pbn.games(ruter.read_bytes().decode("latin-1"))).tables["SCORETABLE"]
    players_columns = {c for c in mine if c.startswith(("PLAYERID_", "MP_"))}
    assert len(players_columns) == 8 and players_columns <= {column.upper() for column in theirs.columns}
    sample = ET.parse(uk).getroot()
    written_by_them = {child.tag for line in sample.iter("TRAVELLER_LINE") for child in line}
    assert {"N_PLAYER_NUMBER", "E_PLAYER_NUMBER", "S_PLAYER_NUMBER", "W_PLAYER_NUMBER", "SCORE",
            "NS_MATCH_POINTS", "EW_MATCH_POINTS"} <= elements & written_by_them


def test_setup_options_are_read_in_any_language_and_a_bad_one_is_one_line(tmp_path: Path):
    book = W.build("individual", players=8, boards=14, lang="fi")
    rows = played(book)
    W.write_named(book, "UseNeuberg", ["ei"])  # Finnish "No"
    W.write_named(book, "MPScale", [1])
    path = W.save(book, tmp_path / "fi.xlsx")
    checked = kinds.check(kinds.read(path))
    assert not checked.problems and checked.event.options == {"neuberg": False} and checked.event.scale == 1
    assert kinds.INDIVIDUAL.score(checked.event).scored == individual_event(rows, mpscale=1, neuberg=False)
    W.write_named(book, "ExpectedResults", [1])  # every board has 2 results
    W.write_named(book, "UseNeuberg", ["maybe"])
    path = W.save(book, tmp_path / "bad.xlsx")
    done = xlbridge("check", path)
    assert done.returncode == 1
    lines = [line for line in done.stdout.splitlines() if line.startswith("Asetukset!")]
    assert lines == ["Asetukset!B8: Neuberg \"maybe\": choose Yes or No, or a word of the sheet's dropdown",
                     "Asetukset!B9: expected results 1: board 1 has 2 results; must be at least 2"]
    refused = xlbridge("report", path)
    assert refused.returncode == 1 and "2 problems; fix them first" in refused.stderr and not refused.stdout


def test_fill_writes_an_event_back_as_a_director_would_have_typed_it(tmp_path: Path):
    book = W.build("individual", players=12, boards=22, names={3: "Cy"})
    played(book, 40)  # four results not in yet
    path = W.save(book, tmp_path / "typed.xlsx")
    event = kinds.check(kinds.read(path)).event
    again = kinds.check(kinds.read(W.save(kinds.INDIVIDUAL.fill(event), tmp_path / "filled.xlsx")))
    assert not again.problems and again.event.results == event.results and again.event.name_of(3) == "Cy"
    # Another program's seating: the rows as they are, no movement to compare them with.
    from xlbridge.event import Play
    from xlbridge.event.individual import IndividualEvent, IndividualResult
    foreign = IndividualEvent("Elsewhere", "2025-03-14", (), (
        IndividualResult(1, 1, 1, (1, 2, 3, 4), Play("4S", "N", 10)),
        IndividualResult(1, 2, 1, (5, 6, 7, 8), Play("NP")),
        IndividualResult(1, 3, 1, (9, 10, 11, 12), Play("A60/40"))))
    checked = kinds.check(kinds.read(W.save(kinds.INDIVIDUAL.fill(foreign), tmp_path / "foreign.xlsx")))
    assert not checked.problems and checked.event.results == foreign.results
    assert kinds.INDIVIDUAL.score(checked.event).scored == kinds.INDIVIDUAL.score(foreign).scored
