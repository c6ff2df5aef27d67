"""Players into events and results the federation takes (issue 21, parts 1 and 5): an
event's book carrying the club's register (``xlbridge workbooks NAME --players``), player
numbers typed for a pair and checked against it, USEBIO's membership numbers and club
identifier written and read back, and the federation CSV with the season's points."""

from __future__ import annotations

import csv
import dataclasses
import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge import files, workbooks
from xlbridge.cli import main
from xlbridge.engine.players import Club, Player, Register, Roster
from xlbridge.event import sample, score_pairs
from xlbridge.formats import FORMATS, federation, usebio
from xlbridge.kinds import PAIRS, TEAMS, check, read
from xlbridge.kinds.players import read_players, registered
from xlbridge.workbooks import register as carried

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason=f"the real results files are not here ({REAL})")

PLAYERS = [(12, "Ann Smith", "EBU 1001"), (31, "Bob Jones", "0042"), (40, "Cy Young", ""), (41, "Di Prince", "77")]


def players_book(tmp_path: Path, rows=PLAYERS, club: tuple[str, str] = ("Oakfield BC", "00987654")) -> Path:
    book = workbooks.build("players")
    for name, column in zip(("PlayerNumber", "PlayerName", "PlayerMembership"), zip(*rows, strict=True),
                            strict=False):
        workbooks.write_named(book, name, list(column))
    workbooks.write_named(book, "ClubName", [club[0]])
    workbooks.write_named(book, "ClubNumber", [club[1]])
    path = tmp_path / "players.xlsx"
    files.save(book, path)
    return path


def typed_event(names: dict[int, str], seed: int = 6):
    """The sample event with some pairs' names typed as given (by pair index)."""
    event = sample.pairs_event(seed=seed)
    pairs = tuple(dataclasses.replace(p, names=names.get(i, p.names)) for i, p in enumerate(event.pairs))
    return dataclasses.replace(event, pairs=pairs)


def carrying_book(tmp_path: Path, event, register_path: Path, name: str = "event.xlsx") -> Path:
    book = PAIRS.fill(event)
    carried.add(book, *read_players(register_path))
    path = tmp_path / name
    files.save(book, path)
    return path


# --- the register in an event's book -------------------------------------------------


def test_workbooks_players_copies_the_register_into_each_book(tmp_path, capsys):
    register_path = players_book(tmp_path)
    out = tmp_path / "books"
    assert main(["workbooks", "pairs", "teams-event", "--players", str(register_path), "--out", str(out)]) == 0
    assert "with the register's 4 players" in capsys.readouterr().out
    for name in ("pairs", "teams-event"):
        book = load_workbook(out / f"{name}.xlsx")
        assert workbooks.read_named(book, "RegisterNumber") == [12, 31, 40, 41]
        assert workbooks.read_named(book, "RegisterMembership") == ["EBU 1001", "0042", None, "77"]
        assert workbooks.read_named(book, "RegisterClubNumber") == ["00987654"]
    pairs = load_workbook(out / "pairs.xlsx")
    assert len(workbooks.read_named(pairs, "PairPlayers")) == len(workbooks.read_named(pairs, "PairName"))
    assert "PairPlayers" not in load_workbook(out / "teams-event.xlsx").defined_names
    # A movement's book and an individual take it too; the count and the register together.
    assert main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "3", "--boards", "12", "--players",
                 str(register_path), "--out", str(tmp_path / "mv")]) == 0
    assert "RegisterName" in load_workbook(tmp_path / "mv" / "pairs.xlsx").defined_names
    assert main(["workbooks", "individual", "--players", "8", "--players", str(register_path),
                 "--out", str(tmp_path / "ind")]) == 0
    assert workbooks.read_named(load_workbook(tmp_path / "ind" / "individual.xlsx"), "RegisterName")[0] == "Ann Smith"


def test_workbooks_players_refuses_a_bad_register_in_one_line(tmp_path, capsys):
    bad = players_book(tmp_path, [(12, "Ann", ""), (12, "Bob", "")])
    assert main(["workbooks", "pairs", "--players", str(bad), "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "player number 12 is already on row" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()
    assert main(["workbooks", "pairs", "--players", str(tmp_path / "none.xlsx")]) == 2
    assert main(["workbooks", "pairs", "--players", str(bad), "--players", str(bad)]) == 2
    season = tmp_path / "season.xlsx"
    files.save(workbooks.build("season"), season)
    assert main(["workbooks", "pairs", "--players", str(season), "--out", str(tmp_path / "y")]) == 2
    assert "not a player register" in capsys.readouterr().err


def test_numbers_typed_for_pairs_are_checked_at_their_cells(tmp_path, capsys):
    register_path = players_book(tmp_path)
    event = typed_event({0: "12 31", 1: "40-99", 2: "Guest One & 41", 3: "12/Guest Two"})
    path = carrying_book(tmp_path, event, register_path)
    checked = check(read(path))
    by_message = {p.message: p.address for p in checked.problems}
    cells = {p.number: cell for p, cell in zip(event.pairs, _pair_name_cells(path), strict=False)}
    assert by_message == {
        f"pair {event.pairs[1].number}: player number 99 is not in the register (add them to players.xlsx, or "
        "correct the number)": cells[event.pairs[1].number],
        f"pair {event.pairs[3].number}: player 12 (Ann Smith) is already in pair {event.pairs[0].number} (a player "
        "plays once a session)": cells[event.pairs[3].number],
    }
    assert any("'Guest One' is not in the register (a guest" in note for note in checked.notes)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{cells[event.pairs[1].number]}: pair {event.pairs[1].number}: player number 99" in out


def _pair_name_cells(path: Path) -> list[str]:
    book = load_workbook(path)
    return [f"{cell.parent.title}!{cell.coordinate}" for cell in workbooks.named_cells(book, "PairName")]


def test_a_book_carrying_the_register_reports_the_registered_names(tmp_path, capsys):
    register_path = players_book(tmp_path)
    event = typed_event({0: "12 31", 1: "40 - 41"})
    path = carrying_book(tmp_path, event, register_path)
    assert main(["report", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann Smith - Bob Jones" in out and "Cy Young - Di Prince" in out and "12 31" not in out
    assert main(["export", str(path), "--usebio", str(tmp_path / "out.xml")]) == 0
    root = ET.parse(tmp_path / "out.xml").getroot()
    assert root.findtext("CLUB/CLUB_NAME") == "Oakfield BC" and root.findtext("CLUB/CLUB_ID_NUMBER") == "00987654"


# --- USEBIO: membership numbers and the club's identifier ------------------------------


@needs_real
def test_real_usebio_files_membership_numbers_are_read():
    compscore = usebio.loads((REAL / "compscore_au" / "mp_pairs_howell.xml").read_bytes()).event
    assert compscore.roster.club == Club("NSBC@Lindfield", "2074")
    assert [(p.name, p.membership) for p in compscore.roster.pairs[1]] == [("IREN MAJEDI", "964263"),
                                                                            ("MAUREEN DUTHIE", "627089")]
    # PairsScorer's example: a club number with leading zeros stays text, as a member's does.
    pairs_scorer = usebio.loads((REAL / "ukbridgeclub_usebio" / "mp-pairs_usebio.xml").read_bytes()).event
    assert pairs_scorer.roster.club.number == "00987654"
    assert pairs_scorer.roster.membership(1) == ("800001", "800002")
    every = [m for pair in pairs_scorer.roster.pairs.values() for m in (p.membership for p in pair)]
    assert len(every) == 2 * len(pairs_scorer.pairs) and len(set(every)) == len(every)


def _independent_read(text: str) -> tuple[tuple[str, str], dict[str, list[tuple[str, str]]]]:
    """What Marc Shearer's ImportUsebio (Usebio Parser.swift) takes from a file, walked as it
    walks it: USEBIO > CLUB (CLUB_NAME, CLUB_ID_NUMBER); EVENT > PARTICIPANTS > PAIR
    (PAIR_NUMBER, PLAYER > PLAYER_NAME, NATIONAL_ID_NUMBER). Written here from its source,
    not with xlbridge's reader."""
    root = ET.fromstring(text.split("\n", 2)[2])  # past the declaration and the DOCTYPE
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    club = root.find("CLUB")
    pairs = {}
    for pair in root.find("EVENT").find("PARTICIPANTS").findall("PAIR"):
        pairs[pair.findtext("PAIR_NUMBER")] = [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER") or "")
                                               for p in pair.findall("PLAYER")]
    return (club.findtext("CLUB_NAME"), club.findtext("CLUB_ID_NUMBER") or ""), pairs


@needs_real
def test_our_usebio_players_are_read_by_an_independent_reader_and_as_real_files_write_them():
    members = Register.of([Player(12, "Ann Smith", "EBU 1001"), Player(31, "Bob Jones", "0042"),
                           Player(40, "Cy Young")])
    event = registered(typed_event({0: "12 31", 1: "40 & Zed"}), members, Club("Oakfield BC", "00987654"))
    text = usebio.dumps(score_pairs(event))
    club, pairs = _independent_read(text)
    assert club == ("Oakfield BC", "00987654")
    first, second = (str(p.number) for p in event.pairs[:2])
    assert pairs[first] == [("Ann Smith", "EBU 1001"), ("Bob Jones", "0042")]
    assert pairs[second] == [("Cy Young", ""), ("Zed", "")]
    # The element names and their order inside PLAYER and CLUB are the ones real files use.
    ours = ET.fromstring(text.split("\n", 2)[2])
    for path, container in ((REAL / "compscore_au" / "mp_pairs_howell.xml", "PLAYER"),
                            (REAL / "ukbridgeclub_usebio" / "mp-pairs_usebio.xml", "CLUB")):
        theirs = ET.parse(path).getroot()
        real_names = {child.tag for element in theirs.iter(container) for child in element}
        for element in ours.iter(container):
            assert {child.tag for child in element} <= real_names
    real_player = [c.tag for c in ET.parse(REAL / "compscore_au" / "mp_pairs_howell.xml").getroot().iter("PLAYER")
                   .__next__()]
    ours_player = [c.tag for c in next(p for p in ours.iter("PLAYER") if len(p) == 2)]
    assert ours_player == real_player[: len(ours_player)]  # PLAYER_NAME, then NATIONAL_ID_NUMBER


def test_usebio_membership_numbers_survive_export_and_import(tmp_path, capsys):
    register_path = players_book(tmp_path)
    event = typed_event({0: "12 31", 1: "40 41"})
    path = tmp_path / "plain.xlsx"
    files.save(PAIRS.fill(event), path)  # a book without the register: --players gives it
    assert main(["export", str(path), "--usebio", str(tmp_path / "out.xml"), "--players", str(register_path)]) == 0
    back = usebio.loads((tmp_path / "out.xml").read_bytes()).event
    assert back.roster.club == Club("Oakfield BC", "00987654")
    assert back.roster.membership(event.pairs[0].number) == ("EBU 1001", "0042")
    assert back.roster.membership(event.pairs[1].number) == ("", "77")
    assert back.pairs[[p.number for p in back.pairs].index(event.pairs[0].number)].names == "Ann Smith – Bob Jones"
    # Without a register nothing is invented: names as typed, no membership elements.
    assert main(["export", str(path), "--usebio", str(tmp_path / "bare.xml")]) == 0
    assert "NATIONAL_ID_NUMBER" not in (tmp_path / "bare.xml").read_text()
    assert usebio.loads((tmp_path / "bare.xml").read_bytes()).event.roster is None


# --- the federation CSV ------------------------------------------------------------------


def _rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text())))


def test_federation_csv_a_row_a_player_with_membership_numbers(tmp_path, capsys):
    register_path = players_book(tmp_path)
    event = typed_event({0: "12 31", 1: "40 41"})
    path = carrying_book(tmp_path, event, register_path)
    assert "federation" in FORMATS
    assert main(["export", str(path), "--federation", str(tmp_path / "fed.csv")]) == 0
    rows = _rows(tmp_path / "fed.csv")
    report = score_pairs(event)
    assert len(rows) == 2 * sum(len(totals) for _, totals in report.rankings())
    ann = next(r for r in rows if r["Player"] == "Ann Smith")
    total = next(t for _, totals in report.rankings() for t in totals if t.pair == event.pairs[0].number)
    assert (ann["Membership"], ann["Partner"], ann["Partner membership"]) == ("EBU 1001", "Bob Jones", "0042")
    assert (ann["Club"], ann["Club number"]) == ("Oakfield BC", "00987654")
    assert ann["Percent"] == f"{total.percent:.2f}" and ann["Place"] == total.place.split("-")[0] + (
        "=" if "-" in total.place else "")
    assert ann["Points"] == ""  # no season given: no points the club did not choose
    guest = next(r for r in rows if r["Player"] == event.pairs[5].names.split(" – ")[0])
    assert guest["Membership"] == ""


def test_federation_csv_points_by_the_seasons_scale(tmp_path, capsys):
    season = tmp_path / "season.xlsx"
    files.save(workbooks.build("season"), season)  # the generic scale: 10, 8, 6, 5, 4, 3, 2, 1
    event = sample.pairs_event(seed=6)
    path = tmp_path / "event.xlsx"
    files.save(PAIRS.fill(event), path)
    assert main(["export", str(path), "--federation", str(tmp_path / "fed.csv"), "--season", str(season)]) == 0
    by_place = {}
    for row in _rows(tmp_path / "fed.csv"):
        by_place.setdefault(row["Place"], set()).add(row["Points"])
    # Worked by hand from the table: 1st 10, 2nd 8; a shared 3rd-4th (6 + 5) / 2; 9th and below 0.
    assert by_place["1"] == {"10.00"} and by_place["2"] == {"8.00"}
    assert by_place["3="] == {"5.50"}
    assert all(points == {"0.00"} for place, points in by_place.items() if int(place.rstrip("=")) > 8)


def test_federation_csv_points_by_place_and_field_size(tmp_path, capsys):
    event = tmp_path / "event.xlsx"
    files.save(PAIRS.fill(sample.pairs_event(seed=6)), event)
    assert main(["export", str(event), "--federation", str(tmp_path / "plain.csv")]) == 0
    [field] = {int(row["Field"]) for row in _rows(tmp_path / "plain.csv")}
    # Setup's table in three columns: fields from 1 (the default scale), from this event's field
    # (20, 16, 12, 10) and from one pair more (99, never this event's).
    book = workbooks.build("season")
    workbooks.write_named(book, "PointsFields", [1, field, field + 1])
    for row, points in enumerate((20, 16, 12, 10), start=10):
        book["Setup"][f"C{row}"] = points
    book["Setup"]["D10"] = 99
    season = files.save(book, tmp_path / "season.xlsx")
    assert main(["export", str(event), "--federation", str(tmp_path / "fed.csv"), "--season", str(season)]) == 0
    by_place = {}
    for row in _rows(tmp_path / "fed.csv"):
        by_place.setdefault(row["Place"], set()).add(row["Points"])
    # Worked by hand from the second column: 1st 20, 2nd 16, a shared 3rd-4th (12 + 10) / 2 = 11.
    assert by_place["1"] == {"20.00"} and by_place["2"] == {"16.00"} and by_place["3="] == {"11.00"}
    assert all(points == {"0.00"} for place, points in by_place.items() if int(place.rstrip("=")) > 4)


def test_federation_csv_refuses_what_it_cannot_use_in_one_line(tmp_path, capsys):
    register_path = players_book(tmp_path)
    teams = tmp_path / "teams.xlsx"
    files.save(workbooks.build("teams"), teams)
    event = tmp_path / "event.xlsx"
    files.save(PAIRS.fill(sample.pairs_event(seed=6)), event)
    assert main(["export", str(event), "--federation", str(tmp_path / "a.csv"), "--season", str(register_path)]) == 2
    assert "not a season" in capsys.readouterr().err
    assert main(["export", str(event), "--usebio", str(tmp_path / "b.xml"), "--players", str(event)]) == 2
    assert "not a player register" in capsys.readouterr().err
    assert main(["export", str(teams), "--federation", str(tmp_path / "c.csv")]) == 2
    match = tmp_path / "match.xlsx"
    files.save(TEAMS.fill(sample.team_match()), match)
    assert main(["export", str(match), "--usebio", str(tmp_path / "d.xml"), "--players", str(register_path)]) == 2
    assert "--players and --season are for a pairs event's results" in capsys.readouterr().err
    for name in ("a.csv", "b.xml", "c.csv", "d.xml"):
        assert not (tmp_path / name).exists()


def test_federation_csv_of_an_imported_file_keeps_its_membership_numbers():
    roster = Roster(Club("X", "9"), {1: (Player(0, "Ann", "11"), Player(0, "Bob", "12"))})
    event = dataclasses.replace(typed_event({}), roster=roster)
    rows = federation.rows(score_pairs(event))
    ann = next(r for r in rows if r[4] == "Ann")
    assert ann[5:8] == ("11", "Bob", "12") and ann[2:4] == ("X", "9")


@needs_real
@pytest.mark.parametrize("name", ["compscore_au/mp_pairs_mitchell.xml", "ukbridgeclub_usebio/mp-pairs_usebio.xml"])
def test_import_keeps_a_files_membership_numbers_in_the_book(tmp_path, capsys, name):
    """import writes the file's players with their membership numbers into the book's
    register (numbered in the file's order), so export --usebio and --federation carry them."""
    source = REAL / name
    book = tmp_path / "event.xlsx"
    assert main(["import", str(source), "--out", str(book)]) in (0, 1)  # 1: a figure the file rounds otherwise
    assert check(read(book)).problems == ()
    assert main(["export", str(book), "--usebio", str(tmp_path / "out.xml")]) == 0

    def members(root: ET.Element) -> dict[str, str]:
        return {p.findtext("PLAYER_NAME").strip(): (p.findtext("NATIONAL_ID_NUMBER") or "").strip()
                for p in root.iter("PLAYER")}

    theirs, ours = members(ET.parse(source).getroot()), members(ET.parse(tmp_path / "out.xml").getroot())
    assert ours == theirs and len(ours) > 20
    assert ET.parse(tmp_path / "out.xml").getroot().findtext("CLUB/CLUB_ID_NUMBER") == \
        ET.parse(source).getroot().findtext("CLUB/CLUB_ID_NUMBER").strip()
    assert main(["export", str(book), "--federation", str(tmp_path / "fed.csv")]) == 0
    rows = _rows(tmp_path / "fed.csv")
    assert {r["Player"]: r["Membership"] for r in rows} == theirs


def test_federation_csv_acbl_points_by_direction(tmp_path, capsys):
    """A two-winner event under the ACBL club scale: each direction its own group of 9 pairs
    (as many tables), worked by hand from the handbook's rule: first 0.10 a table = 0.90,
    second 70% = 0.63, third 50% = 0.45, fourth 35% = 0.315, to the cent 0.32; awards to 40%
    of 9 pairs = 4 places; a tie for first shares (0.90 + 0.63) / 2 = 0.765, halves up 0.77."""
    season = tmp_path / "season.xlsx"
    book = workbooks.build("season")
    workbooks.write_named(book, "PointsScale", ["ACBL club scale"])
    files.save(book, season)
    event = sample.pairs_event(seed=6)
    event = dataclasses.replace(event, options={**event.options, "fields": 2})
    path = tmp_path / "event.xlsx"
    files.save(PAIRS.fill(event), path)
    assert main(["export", str(path), "--federation", str(tmp_path / "fed.csv"), "--season", str(season)]) == 0
    rows = _rows(tmp_path / "fed.csv")
    assert {r["Direction"] for r in rows} == {"NS", "EW"} and {r["Field"] for r in rows} == {"9"}
    by = {(r["Direction"], r["Place"]): r["Points"] for r in rows}
    assert by[("EW", "1")] == "0.90" and by[("EW", "2")] == "0.63" and by[("EW", "3")] == "0.45"
    assert by[("NS", "1=")] == "0.77" and by[("NS", "3")] == "0.45" and by[("NS", "4")] == "0.32"
    assert by[("NS", "5")] == by[("EW", "5")] == "0.00"


def test_an_individual_typed_as_register_numbers(tmp_path, capsys):
    """An individual's players typed as the register's numbers: named by it in report, a
    number it lacks a problem at its cell, a name it lacks a guest's note, a registered
    player on two seats a problem."""
    from tests.test_individual_book import played

    register_path = players_book(tmp_path)
    book = workbooks.build("individual", players=8, boards=14,
                           names={1: 12, 2: "31", 3: "Guest One", 4: "99", 5: "12"})
    played(book)
    carried.add(book, *read_players(register_path))
    path = tmp_path / "individual.xlsx"
    files.save(book, path)
    assert "PlayerRegistered" in load_workbook(path).defined_names
    checked = check(read(path))
    cells = [f"{c.parent.title}!{c.coordinate}" for c in workbooks.named_cells(load_workbook(path), "PlayerName")]
    assert {p.address: p.message for p in checked.problems} == {
        cells[3]: "player 4: player number 99 is not in the register (add them to players.xlsx, or correct the "
                  "number)",
        cells[4]: "player 5: player 12 (Ann Smith) is already in player 1 (a player plays once a session)"}
    assert any("player 3: player 'Guest One' is not in the register" in note for note in checked.notes)
    assert [checked.event.name_of(n) for n in (1, 2, 3)] == ["Ann Smith", "Bob Jones", "Guest One"]
    workbooks.write_named(book, "PlayerName", [12, "31", "Guest One", "40", "41"])
    files.save(book, path, force=True)
    assert main(["report", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("Ann Smith", "Bob Jones", "Cy Young", "Di Prince", "Guest One"))


def test_season_add_numbers_players_by_the_register_a_book_carries(tmp_path, capsys):
    """season add without --players: a book carrying the register numbers its registered
    players by the register, a guest after every number the register and the season hold."""
    register_path = players_book(tmp_path)
    season = tmp_path / "season.xlsx"
    files.save(workbooks.build("season", rows=200, players=100), season)
    first = carrying_book(tmp_path, dataclasses.replace(typed_event({0: "12 31", 1: "40 41"}), date="2025-01-07"),
                          register_path, "first.xlsx")
    second = carrying_book(tmp_path, dataclasses.replace(typed_event({3: "41-12"}, seed=7), date="2025-01-14"),
                           register_path, "second.xlsx")
    assert main(["season", "add", str(season), str(first), str(second)]) == 0
    ladder = dict(zip(workbooks.read_named(load_workbook(season), "SeasonPlayer"),
                      workbooks.read_named(load_workbook(season), "SeasonNumber"), strict=True))
    assert {name: ladder[name] for name in ("Ann Smith", "Bob Jones", "Cy Young", "Di Prince")} == \
        {"Ann Smith": 12, "Bob Jones": 31, "Cy Young": 40, "Di Prince": 41}
    guests = [number for name, number in ladder.items() if name and name not in
              ("Ann Smith", "Bob Jones", "Cy Young", "Di Prince")]
    assert guests and min(guests) == 42 and len(set(guests)) == len(guests)
    sessions = workbooks.read_named(load_workbook(season), "SessionNumber")
    assert sessions.count(12) == 2 and sessions.count(41) == 2 and sessions.count(31) == 1
