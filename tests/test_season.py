"""The player register and the season (issue 21): the register against bad rows, the ladder
worked by hand, and ``xlbridge season add`` from workbooks and real results files, refusing
a session twice (and a player the register lacks) with the file unchanged."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import openpyxl
import pytest

from xlbridge import files, workbooks
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError
from xlbridge.engine.players import register, split_names
from xlbridge.engine.season import SeasonLine, SeasonRule, acbl_points, hundredths, ladder, line_points, session_points
from xlbridge.event import sample
from xlbridge.kinds import INDIVIDUAL, PAIRS, SEASON, SWISS_PAIRS, check, read
from xlbridge.kinds.players import read_register

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def players_book(tmp_path: Path, rows: list[tuple[object, ...]]) -> Path:
    book = workbooks.build("players")
    for index, name in enumerate(("PlayerNumber", "PlayerName", "PlayerMembership", "PlayerClub", "PlayerHandicap")):
        workbooks.write_named(book, name, [row[index] if index < len(row) else None for row in rows])
    path = tmp_path / "players.xlsx"
    files.save(book, path)
    return path


def pairs_session(tmp_path: Path, seed: int, date: str) -> Path:
    event = dataclasses.replace(sample.pairs_event(seed=seed), date=date, name="Club night")
    path = tmp_path / f"event-{seed}.xlsx"
    files.save(PAIRS.fill(event), path)
    return path


def new_season(tmp_path: Path, **options: object) -> Path:
    path = tmp_path / "season.xlsx"
    files.save(workbooks.build("season", **{"rows": 400, "players": 150, **options}), path)
    return path


# --- the register ------------------------------------------------------------------------


def test_register_rows_named_by_row():
    found = register([(5, 12, "Ann Smith", 1234.0, "Oak", None), (6, 12, "Bob", "", "", None),
                      (7, 13, "   ", "", "", None), (8, "x", "Cy", "", "", None), (9, 14, "Di", "", "", 80),
                      (10, None, None, None, None, None), (11, 15, "Ed  Jones", "E7", "", "2.5")])
    assert [(p.row, p.field) for p in found.problems] == [(6, "number"), (7, "name"), (8, "number"), (9, "handicap")]
    assert "already on row 5" in str(found.problems[0]) and str(found.problems[0]).startswith("row 6:")
    assert [p.number for p in found.register.players] == [12, 15]
    assert found.register.number(12).membership == "1234"  # a number cell, kept as the federation writes it
    assert found.register.named("ed jones").handicap == 2.5
    assert found.register.find("15").name == "Ed Jones" and found.register.find("Nobody") is None


def test_players_book_check_names_each_bad_row(tmp_path, capsys):
    path = players_book(tmp_path, [(1, "Ann"), (2, "Bob"), (2, "Cy"), (3, None), (4, "Di", "", "", 99)])
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Players!A7: player number 2 is already on row 6" in out
    assert "Players!B8: player 3: the name is blank" in out
    assert "Players!E9: handicap 99" in out
    assert read(path).kind.name == "players"
    with pytest.raises(Exception, match="already on row 6"):
        read_register(path)


def test_a_clean_register_reads():
    book = workbooks.build("players")
    assert {"PlayerNumber", "PlayerName", "PlayerMembership", "PlayerHandicap"} <= set(book.defined_names)


# --- the ladder by hand ------------------------------------------------------------------


def test_points_share_the_places_a_tie_spans():
    assert session_points(2, 3, (10, 8, 6)) == 7
    assert session_points(3, 5, (10, 8, 6)) == 2  # (6 + 0 + 0) / 3: places past the table earn nothing
    assert session_points(61, 61, (1,) * 60) == 0
    assert hundredths(0.125) == 13 and hundredths(54.17) == 5417


def test_points_by_place_and_field_size_worked_by_hand():
    # Three columns: fields of 1-8 pairs the default 10, 8, 6 ...; 9-12 pairs 12, 9, 7, 5, 3, 1;
    # 13 pairs or more 15, 12, 10 ... A field takes the column of the largest size not above it.
    rule = SeasonRule(minimum=1, ranking="points", fields=(1, 9, 13),
                      columns=((12, 9, 7, 5, 3, 1), (15, 12, 10, 8, 6, 4, 2, 1)))
    lines = [SeasonLine("a", 1, "Ann", 60, 1, 1, field=10), SeasonLine("a", 2, "Bob", 55, 2, 3, field=10),
             SeasonLine("b", 1, "Ann", 52, 2, 3, field=13), SeasonLine("b", 2, "Bob", 58, 1, 1, field=13),
             SeasonLine("c", 1, "Ann", 50, 2, 3, field=8), SeasonLine("c", 2, "Bob", 50, 1, 1),
             SeasonLine("d", 1, "Ann", 50, 1, 3, field=12), SeasonLine("d", 2, "Bob", 50, 1, 1, field=40)]
    # 10 pairs: 1st 12, a 2-3 tie (9 + 7) / 2 = 8; 13 pairs: 2-3 (12 + 10) / 2 = 11, 1st 15;
    # 8 pairs: 2-3 (8 + 6) / 2 = 7; a blank field: the first column, 10; 12 pairs 1-3 (12 + 9 + 7) / 3 = 9.33;
    # 40 pairs: the last column, 15.
    assert [line_points(line, rule) for line in lines] == [12, 8, 11, 15, 7, 10, 9.33, 15]
    assert [(s.player, s.points, s.place) for s in ladder(lines, rule)] == [("Ann", 39.33, 2), ("Bob", 48.0, 1)]
    # The default rule is one column from a field of 1: the field makes no difference.
    assert SeasonRule().fields == (1,) and SeasonRule().points_for(40) == SeasonRule().points
    for fields, columns in (((1, 9, 9), ((1,), (2,))), ((0,), ()), ((1, 9), ()), ((1, 9.5), ((1,),))):
        with pytest.raises(BridgeInputError):
            SeasonRule(fields=fields, columns=columns)


def test_points_fields_read_from_setup_and_bad_ones_named_at_their_cell(tmp_path, capsys):
    book = workbooks.build("season", rows=20, players=10)
    workbooks.write_named(book, "PointsFields", [1, 9, 13])
    setup = book["Setup"]
    for row, (second, third) in enumerate(((12, 15), (9, 12), (7, 10)), start=10):
        setup[f"C{row}"], setup[f"D{row}"] = second, third
    path = files.save(book, tmp_path / "season.xlsx")
    checked = check(read(path))
    assert checked.clean, checked.problems
    assert checked.event.rule.fields == (1, 9, 13)
    assert checked.event.rule.columns == ((12, 9, 7), (15, 12, 10))
    bad_fields = (([1, 9, 9], "Setup!D9", "points field 9: must be above 9"),
                  ([1, 9, 8.5], "Setup!D9", "points field 8.5: must be a whole number"),
                  ([1, None, 13], "Setup!C9", "the field size is blank"),
                  ([1, 9], "Setup!D10", "points 15 in a column without a field size"))
    for index, (fields, cell, words) in enumerate(bad_fields):
        workbooks.write_named(book, "PointsFields", [*fields, None, None, None][:6])
        bad = files.save(book, tmp_path / f"bad-{index}.xlsx")
        assert main(["check", str(bad)]) == 1
        out = capsys.readouterr().out
        assert f"{cell}: {words}" in out, out


def test_a_season_made_before_points_fields_reads_its_one_column(tmp_path):
    # A book from before PointsFields: its PointsTable one column (B10:B69), no PointsFields name.
    book = workbooks.build("season", rows=20, players=10)
    del book.defined_names["PointsFields"]
    book.defined_names["PointsTable"].attr_text = "'Setup'!$B$10:$B$69"
    book["Setup"]["B11"] = 7
    checked = check(read(files.save(book, tmp_path / "old-season.xlsx")))
    assert checked.clean, checked.problems
    assert (checked.event.rule.fields, checked.event.rule.columns) == ((1,), ())
    assert checked.event.rule.points == (10, 7, 6, 5, 4, 3, 2, 1)


def test_acbl_club_scale_worked_from_its_rules():
    # ACBL Handbook, "Calculating the awards": an open club game's first place earns 0.10 a table
    # of its group (at most 1.50); 2nd 70%, 3rd 50%, 4th 35%, 5th 1/5, 6th 1/6; awards to 40%
    # of the group's pairs (rounded, .5 up). A 12-table Mitchell direction: 12 pairs, 5 awards.
    awards = [acbl_points(place, place, 12, "NS") for place in range(1, 7)]
    assert awards == [1.2, 0.84, 0.6, 0.42, 0.24, 0.0]
    assert acbl_points(2, 3, 12, "EW") == 0.72  # a tie shares 2nd and 3rd: (0.84 + 0.60) / 2
    assert acbl_points(1, 1, 20, "NS") == 1.5  # 2.00 capped at 1.50
    assert acbl_points(1, 1, 12, "") == 0.6  # a Howell of 12 pairs is 6 tables
    lines = [SeasonLine("a", 1, "A", 60, 1, 1, field=12, direction="NS"),
             SeasonLine("a", 2, "B", 55, 2, 2, field=12, direction="NS")]
    assert [s.points for s in ladder(lines, SeasonRule(minimum=1, ranking="points", scale="acbl"))] == [1.2, 0.84]


def test_best_n_minimum_and_ties_share():
    lines = []
    for session, scores in enumerate(([60, 40, 55, 45], [50, 70, 55, 45], [40, 40, 55, 65], [70, 30, 55, 45])):
        for player, score in enumerate(scores, start=1):
            lines.append(SeasonLine(f"s{session}", player, f"P{player}", score))
    lines.append(SeasonLine("s4", 5, "Once", 99.0))
    standings = ladder(lines, SeasonRule(best=3, minimum=2))
    by = {s.player: s for s in standings}
    # P1: best 3 of 60 50 40 70 = 60; P2: 70 40 40 = 50; P3: 55; P4: 65 45 45 = 51.67
    assert by["P1"].average == 60 and by["P2"].average == 50 and by["P3"].average == 55
    assert by["P4"].average == pytest.approx(155 / 3)
    assert [by[p].place for p in ("P1", "P3", "P4", "P2")] == [1, 2, 3, 4]
    assert by["Once"].place is None and by["Once"].average == 99  # one session: not qualified
    # Best 1: P1 and P2 both 70, sharing first; P4 65 is third.
    one = {s.player: s.place for s in ladder(lines, SeasonRule(best=1, minimum=2))}
    assert (one["P1"], one["P2"], one["P4"], one["P3"]) == (1, 1, 3, 4)


def test_averages_compared_exactly_not_rounded():
    # 50.01 + 50.00 + 50.00 over 3 and 50.00 over 1: the averages round alike to 2 decimals, but differ.
    lines = [SeasonLine(k, 1, "A", s) for k, s in (("a", 50.01), ("b", 50.0), ("c", 50.0))] + [
        SeasonLine("a", 2, "B", 50.0)]
    places = {s.player: s.place for s in ladder(lines, SeasonRule(best=5, minimum=1))}
    assert places == {"A": 1, "B": 2}


def test_pair_names_split_into_players():
    assert split_names("J. Ivanov – E. Fischer") == ("J. Ivanov", "E. Fischer")
    assert split_names("Ann & Bob") == ("Ann", "Bob")
    assert split_names("Leif-Erik Hoel - Per Berg") == ("Leif-Erik Hoel", "Per Berg")
    assert split_names("12 31") == ("12", "31")


# --- season add ------------------------------------------------------------------------------


def test_season_add_from_workbooks_and_twice_refused(tmp_path, capsys):
    season = new_season(tmp_path)
    first, second = pairs_session(tmp_path, 1, "2025-01-07"), pairs_session(tmp_path, 2, "2025-01-14")
    assert main(["season", "add", str(season), str(first), str(second)]) == 0
    checked = check(read(season))
    assert checked.clean, checked.problems
    lines = checked.event.lines
    assert len(lines) == 2 * 2 * 18 and len({line.session for line in lines}) == 2
    event = sample.pairs_event(seed=1)
    report = PAIRS.score(event)
    totals = report.scored.pairs
    ivanov = [line for line in lines if line.session.startswith("2025-01-07")]
    for line in ivanov:  # each player's row carries the pair's engine figures
        pair = next(p for p in event.pairs if line.player in p.names)
        assert line.score == round(totals[pair.number].percent, 2)
        assert line.field == 18 and line.boards == totals[pair.number].boards
    before = digest(season)
    assert main(["season", "add", str(season), str(first)]) == 2
    assert "already in" in capsys.readouterr().err
    assert digest(season) == before
    # One new session with one held: refused whole, nothing written.
    third = pairs_session(tmp_path, 3, "2025-01-21")
    assert main(["season", "add", str(season), str(third), str(second)]) == 2
    assert digest(season) == before
    assert main(["report", str(season)]) == 0
    out = capsys.readouterr().out
    assert "2 sessions" in out and "Place" in out
    # The web page: the ladder, each player linked to their own sessions.
    page = tmp_path / "season.html"
    assert main(["export", str(season), "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    standings = SEASON.score(checked.event).standings
    first = standings[0]
    assert f'<a href="#player-{first.number}">{first.player}</a>' in text
    assert text.count('<section class="board" id="player-') == len(standings)
    assert main(["export", str(season), "--pbn", str(tmp_path / "season.pbn")]) == 2
    table = tmp_path / "season.csv"
    assert main(["report", str(season), "--csv", str(table)]) == 0
    rows = table.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "Place,No.,Player,Sessions,Attended,Average,Points,Hcp"  # Hcp: a season of percentages
    assert rows[1].split(",")[2] == first.player and len(rows) == 1 + len(standings) + 2 + len(lines)


def test_season_add_with_the_register(tmp_path, capsys):
    event = dataclasses.replace(sample.pairs_event(seed=4), date="2025-02-04")
    names = sorted({part for pair in event.pairs for part in split_names(pair.names)})
    register_path = players_book(tmp_path, [(100 + i, name, f"M{i}") for i, name in enumerate(names)])
    # The event typed numbers for its first pair: found in the register by number.
    first = names.index(split_names(event.pairs[0].names)[0]) + 100
    second = names.index(split_names(event.pairs[0].names)[1]) + 100
    numbered = dataclasses.replace(event, pairs=(dataclasses.replace(event.pairs[0], names=f"{first} {second}"),
                                                 *event.pairs[1:]))
    path = tmp_path / "numbers.xlsx"
    files.save(PAIRS.fill(numbered), path)
    season = new_season(tmp_path)
    assert main(["season", "add", str(season), str(path), "--players", str(register_path)]) == 0
    checked = check(read(season))
    assert checked.clean
    numbers = {line.number for line in checked.event.lines}
    assert numbers == set(range(100, 100 + len(names)))
    assert {name for _, name in checked.event.players} == set(names)
    # A number the register lacks, and a name it lacks: refused, the season unchanged.
    before = digest(season)
    for bad, said in (("999 100", "player number 999 is not in the register"),
                      ("Zed Unknown & " + names[0], "player 'Zed Unknown' is not in the register")):
        other = dataclasses.replace(event, date="2025-03-01",
                                    pairs=(dataclasses.replace(event.pairs[0], names=bad), *event.pairs[1:]))
        files.save(PAIRS.fill(other), tmp_path / "bad.xlsx", force=True)
        assert main(["season", "add", str(season), str(tmp_path / "bad.xlsx"), "--players", str(register_path)]) == 2
        assert said in capsys.readouterr().err
        assert digest(season) == before


def test_check_names_players_the_register_lacks(tmp_path, capsys):
    register_path = players_book(tmp_path, [(12, "Ann Smith"), (31, "Bob Jones")])
    event = dataclasses.replace(sample.pairs_event(seed=6), date="2025-02-18")
    named = dataclasses.replace(event, pairs=(dataclasses.replace(event.pairs[0], names="12 31"),
                                              dataclasses.replace(event.pairs[1], names="12 999"), *event.pairs[2:]))
    path = tmp_path / "typed.xlsx"
    files.save(PAIRS.fill(named), path)
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["check", str(path), "--players", str(register_path)]) == 1
    out = capsys.readouterr().out
    assert f"pair {event.pairs[1].number}: player number 999 is not in the register" in out
    assert f"pair {event.pairs[0].number}:" not in out  # 12 and 31 are registered
    assert f"pair {event.pairs[2].number}: player " in out  # names the register does not hold


def test_a_player_twice_in_one_session_is_refused(tmp_path, capsys):
    event = dataclasses.replace(sample.pairs_event(seed=5), date="2025-02-11")
    twice = dataclasses.replace(event, pairs=(dataclasses.replace(event.pairs[0], names="Ann & Bob"),
                                              dataclasses.replace(event.pairs[1], names="Ann & Cy"), *event.pairs[2:]))
    path = tmp_path / "twice.xlsx"
    files.save(PAIRS.fill(twice), path)
    season = new_season(tmp_path)
    before = digest(season)
    assert main(["season", "add", str(season), str(path)]) == 2
    assert "plays twice in this session" in capsys.readouterr().err
    assert digest(season) == before


def test_season_check_names_bad_rows(tmp_path, capsys):
    book = workbooks.build("season")
    workbooks.write_named(book, "SessionKey", ["s1", "s1", "s1"])
    workbooks.write_named(book, "SessionNumber", [1, 1, "x"])
    workbooks.write_named(book, "SessionPlayer", ["Ann", "Ann", "Bob"])
    workbooks.write_named(book, "SessionScore", [55, 56, "high"])
    workbooks.write_named(book, "SeasonNumber", [1])
    workbooks.write_named(book, "SeasonPlayer", ["Ann"])
    path = tmp_path / "bad-season.xlsx"
    files.save(book, path)
    assert read(path).kind is SEASON
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Sessions!D6: player 1 is twice in session 's1'" in out
    assert "Sessions!D7: player number \"x\"" in out and "Sessions!H7" in out


needs_real = pytest.mark.skipif(not REAL.is_dir(), reason=f"no real results files at {REAL}")


@needs_real
def test_season_add_from_real_pbn_and_usebio(tmp_path, capsys):
    sources = [REAL / "ruter_no" / "2016-01-06.pbn", REAL / "ruter_no" / "2016-01-13.pbn",
               REAL / "ukbridgeclub_usebio" / "mp-pairs_usebio.xml"]
    season = new_season(tmp_path)
    assert main(["season", "add", str(season), *map(str, sources)]) == 0
    checked = check(read(season))
    assert checked.clean and checked.event.sessions == 3
    # The same Ruter club's players recur: one number for one name across the two evenings.
    per_name = {}
    for line in checked.event.lines:
        per_name.setdefault(line.player, set()).add(line.number)
    assert all(len(numbers) == 1 for numbers in per_name.values())
    assert any(len({line.session for line in checked.event.lines if line.player == name}) == 2 for name in per_name)
    before = digest(season)
    assert main(["season", "add", str(season), str(sources[2])]) == 2
    assert digest(season) == before
    # A Butler session in a season of percentages: refused, the file unchanged.
    assert main(["season", "add", str(season), str(REAL / "magiccontest_fi" / "butler.pbn")]) == 2
    assert "is scored in IMPs, the season in percentages" in capsys.readouterr().err
    assert digest(season) == before


def test_season_add_takes_an_individual_and_swiss_pairs_each_in_its_unit(tmp_path, capsys):
    """An individual's players go in alone (no partner, a hyphenated name kept whole) with the
    engine's percentages and places; a Swiss pairs event's pairs with their VPs, in a season
    of VPs, never mixed into a season of percentages."""
    names = {1: "Anna-Liisa Virtanen", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo", 7: "Gus", 8: "Hal"}
    book = workbooks.build("individual", players=8, boards=14, names=names)
    rows = list(zip(*(workbooks.read_named(book, n) for n in ("Board", "North")), strict=True))
    results = [("4S", "N", 9 + (i * 7) % 3) if i % 5 else ("3NT", "S", 9) for i in range(len(rows))]
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        workbooks.write_named(book, name, [r[i] for r in results])
    workbooks.write_named(book, "EventDate", ["2025-02-04"])
    individual = files.save(book, tmp_path / "individual.xlsx")
    season = new_season(tmp_path)
    assert main(["season", "add", str(season), str(individual)]) == 0
    capsys.readouterr()
    lines = check(read(season)).event.lines
    report = INDIVIDUAL.score(check(read(individual)).event)
    assert len(lines) == 8 and {line.partner for line in lines} == {""}
    for total in report.ranking():
        line = next(line for line in lines if line.player == names[total.player])
        assert (line.score, line.unit, line.boards, line.field) == (round(total.percent, 2), "%", total.boards, 8)
        assert line.place == int(total.place.split("-")[0].rstrip("="))
    # Swiss pairs: one round played, VPs from the engine's standings.
    assert main(["workbooks", "swiss-pairs", "--pairs", "6", "--rounds", "3", "--boards", "2",
                 "--out", str(tmp_path)]) == 0
    swiss = tmp_path / "swiss-pairs.xlsx"
    book = openpyxl.load_workbook(swiss)
    workbooks.write_named(book, "PairName", ["Ann & Bob", "Cid & Dot", "Eve & Fay", "Gil & Hoa", "Ida & Jon",
                                             "Kim & Lou"])
    ns = workbooks.read_named(book, "MatchNS")
    drawn = [i for i, n in enumerate(ns) if n is not None]
    cells = {name: workbooks.named_cells(book, name) for name in ("Contract", "Declarer", "Tricks")}
    for k, i in enumerate(drawn):
        for name, value in zip(cells, ("3NT", "N", 8 + k % 4), strict=True):
            cells[name][i].value = value
    files.save(book, swiss, force=True)
    before = digest(season)
    assert main(["season", "add", str(season), str(swiss)]) == 2
    assert "scored in VPs, the season in percentages" in capsys.readouterr().err
    assert digest(season) == before
    vp_season = tmp_path / "vp" / "season.xlsx"
    vp_season.parent.mkdir()
    files.save(workbooks.build("season", rows=100, players=40), vp_season)
    assert main(["season", "add", str(vp_season), str(swiss)]) == 0
    checked = check(read(vp_season))
    assert checked.clean, checked.problems
    standings = SWISS_PAIRS.score(check(read(swiss)).event).standings()
    lines = checked.event.lines
    assert len(lines) == 12 and {line.unit for line in lines} == {"VP"}
    for standing in standings:
        line = next(line for line in lines if line.player == split_names(book_name(swiss, standing.team))[0])
        assert line.score == round(standing.vp, 2) and line.boards == 2 and line.field == 6
    capsys.readouterr()
    assert main(["report", str(vp_season)]) == 0
    shown = capsys.readouterr().out
    assert f"{lines[0].score:.2f} VPs" in shown and "IMPs" not in shown


def book_name(path: Path, pair: int) -> str:
    book = openpyxl.load_workbook(path)
    numbers, names = workbooks.read_named(book, "PairNumber"), workbooks.read_named(book, "PairName")
    return dict(zip(numbers, names, strict=True))[pair]
