"""season.xlsx recalculated by LibreOffice equals the engine's ladder (issue 21): 20 sessions
added by ``xlbridge season add`` from pairs workbooks and from real PBN and USEBIO files,
under each rule on Setup (best-N average, points, points then average) and each points
scale (the club's table, a table by place and field size, the ACBL's club scale by place and
field size), with a minimum to qualify, and each player's handicap by the club method; ties
share places."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests import lo
from xlbridge import files, workbooks
from xlbridge.cli import main
from xlbridge.engine.players import register
from xlbridge.engine.season import SeasonRule, ladder, line_points
from xlbridge.event import sample
from xlbridge.kinds import PAIRS, SEASON, check, read
from xlbridge.workbooks.season import RANKING, SCALE

pytestmark = lo.needs_soffice

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
RUTER = sorted((REAL / "ruter_no").glob("*.pbn")) if REAL.is_dir() else []
USEBIO = [REAL / "ukbridgeclub_usebio" / "mp-pairs_usebio.xml", REAL / "nz_scorer_usebio" / "pairs.xml",
          REAL / "compscore_au" / "mp_pairs_mitchell.xml"]
RULES = (("average", 4, 3, "table"), ("points", 10, 2, "table"), ("both", 3, 4, "table"), ("points", 5, 3, "acbl"),
         ("points", 10, 2, "fields"))
# "fields": the club's table in three columns by field size (Setup's PointsFields), the first the default.
FIELDS = (1, 12, 16)  # the workbook sessions have fields of 10, 14 and 18 pairs
COLUMNS = ((12, 9, 7, 5, 3, 1), (15, 12.5, 10, 8, 6, 4, 2, 1))


def pairs_sessions(tmp_path: Path, count: int) -> list[Path]:
    paths = []
    for seed in range(count):
        event = dataclasses.replace(sample.pairs_event(seed=100 + seed, tables=(5, 7, 9)[seed % 3]),
                                    date=f"2025-0{1 + seed // 4}-{10 + seed:02d}", name="Club night")
        path = tmp_path / f"night-{seed}.xlsx"
        files.save(PAIRS.fill(event, fit=True), path)
        paths.append(path)
    return paths


def compare(season: Path, tmp_path: Path) -> int:
    """Recalculate the season under each rule; every ladder figure equals the engine's."""
    checked = check(read(season))
    assert checked.clean, checked.problems[:3]
    variants = []
    # The Player sheet lists one player's sessions: the one who played most.
    chosen = max(checked.event.players, key=lambda p: sum(line.number == p[0] for line in checked.event.lines))
    for index, (ranking, best, minimum, scale) in enumerate(RULES):
        book = load_workbook(season)
        workbooks.write_named(book, "BestN", [best])
        workbooks.write_named(book, "MinSessions", [minimum])
        workbooks.write_named(book, "SeasonRanking", [RANKING.word(ranking, "en")])
        workbooks.write_named(book, "PointsScale", [SCALE.word("table" if scale == "fields" else scale, "en")])
        if scale == "fields":
            workbooks.write_named(book, "PointsFields", FIELDS)
            first = checked.event.rule.points  # the book's own first column (the default)
            workbooks.write_named(book, "PointsTable", [  # row by row: each place's points across
                value for place in range(60) for value in (*(col[place] if place < len(col) else None
                                                             for col in (first, *COLUMNS)), None, None, None)])
        workbooks.write_named(book, "ChosenPlayer", [chosen[1]])
        path = tmp_path / f"season-{index}-{ranking}-{scale}.xlsx"
        book.save(path)
        variants.append(path)
    calculated = lo.recalc(variants, tmp_path / "calc")
    season_value = checked.event
    shared = 0
    for (ranking, best, minimum, scale), path in zip(RULES, calculated, strict=True):
        if scale == "fields":
            rule = SeasonRule(best, minimum, ranking, season_value.rule.points, "table", FIELDS, COLUMNS)
            # Every column is used, so the sheet's choice of column is tested, not assumed.
            assert {rule.points_for(line.field) for line in season_value.lines} == {rule.points, *COLUMNS}
        else:
            rule = SeasonRule(best, minimum, ranking, season_value.rule.points, scale)
        engine = ladder(season_value.lines, rule, season_value.players)
        values = lo.Values(path)
        count = len(engine)
        places = values.read("SeasonPlace")[:count]
        averages = values.read("SeasonAverage")[:count]
        points = values.read("SeasonPoints")[:count]
        sessions = values.read("SeasonSessions")[:count]
        assert values.read("SessionsHeld") == [season_value.sessions]
        for standing, place, average, point, played in zip(engine, places, averages, points, sessions, strict=True):
            assert played == standing.sessions, standing
            assert point == pytest.approx(standing.points, abs=1e-9), standing
            assert average == pytest.approx(standing.average, abs=1e-9), standing
            assert (None if place in (None, "") else int(place)) == standing.place, (ranking, standing)
        placed = [s.place for s in engine if s.place is not None]
        shared += len(placed) - len(set(placed))
        assert not any(lo.is_error(v) for v in (*places, *averages, *points)), ranking
        assert len(placed) < count  # the minimum leaves some players out
        own = [line for line in season_value.lines if line.number == chosen[0]]
        sheet = values.sheets["Player"]
        listed = [(sheet.get((row, 3)), sheet.get((row, 5)), sheet.get((row, 6)), sheet.get((row, 9)))
                  for row in range(5, 5 + len(own) + 1)]
        assert listed[-1] == (None, None, None, None)  # nothing after the player's sessions
        assert listed[:-1] == [(line.partner or None, pytest.approx(line.score), line.place,
                                pytest.approx(line_points(line, rule))) for line in own]
        assert values.sheets["Player"][(2, 5)] == len(own)
        # Each player's handicap by the club method (Setup's defaults), as the engine gives it.
        handicaps = SEASON.score(season_value).handicaps
        numbers, shown = values.read("SeasonNumber"), values.read("SeasonHandicap")
        sheet = {n: h for n, h in zip(numbers, shown, strict=True) if n is not None}
        assert set(sheet) == set(handicaps) and handicaps
        for number, value in sheet.items():
            assert value == pytest.approx(handicaps[number], abs=1e-9), number
    return shared


def test_workbook_sessions_recalculate_as_the_engine(tmp_path):
    season = tmp_path / "season.xlsx"
    files.save(workbooks.build("season", rows=1200, players=200), season)
    assert main(["season", "add", str(season), *map(str, pairs_sessions(tmp_path, 6))]) == 0
    compare(season, tmp_path)


def test_points_by_field_size_typed_rows_as_the_engine(tmp_path):
    # Typed rows over every way a field picks its column: below the first size (3), blank,
    # at a size (9, 13), between (10, 12) and past the last (40); ties across the table's end.
    fields, columns = (4, 9, 13), ((12, 9, 7, 5, 3, 1), (15, 12, 10, 8, 6, 4, 2, 1))
    rows = [(1, 1, 3), (2, 3, None), (1, 1, 9), (2, 3, 10), (1, 3, 12), (2, 2, 13), (5, 9, 40), (60, 61, 10)]
    book = workbooks.build("season", rows=20, players=10)
    workbooks.write_named(book, "PointsFields", fields)
    for index, column in enumerate(columns):  # the first column is the book's default
        for place, points in enumerate(column, start=10):
            book["Setup"][f"{'CD'[index]}{place}"] = points
    count = len(rows)
    for name, values in (("SessionKey", [f"s{i}" for i in range(count)]), ("SessionNumber", [1] * count),
                         ("SessionPlayer", ["Ann"] * count), ("SessionScore", [50] * count),
                         ("SessionPlace", [r[0] for r in rows]), ("SessionPlaceTo", [r[1] for r in rows]),
                         ("SessionField", [r[2] for r in rows]), ("SeasonNumber", [1]), ("SeasonPlayer", ["Ann"])):
        workbooks.write_named(book, name, values)
    path = files.save(book, tmp_path / "season.xlsx")
    checked = check(read(path))
    assert checked.clean, checked.problems[:3]
    season = checked.event
    assert season.rule.fields == fields and season.rule.columns == columns
    engine = [line_points(line, season.rule) for line in season.lines]
    # By hand: 3 pairs and blank take the first column (10; 2-3 (8 + 6) / 2 = 7); 9 and 10 the
    # second (12; (9 + 7) / 2 = 8); 12 its 1-3 (12 + 9 + 7) / 3 = 9.33; 13 and 40 the third
    # (12; 5-9 (6 + 4 + 2 + 1 + 0) / 5 = 2.6); 60-61 past the table 0.
    assert engine == [10, 7, 12, 8, 9.33, 12, 2.6, 0]
    [calculated] = lo.recalc([path], tmp_path / "calc")
    values = lo.Values(calculated)
    assert values.read("SessionPoints")[:count] == [pytest.approx(p, abs=1e-9) for p in engine]
    assert values.read("SeasonPoints")[:1] == [pytest.approx(sum(engine), abs=1e-9)]


@pytest.mark.skipif(not RUTER, reason=f"no real results files at {REAL}")
def test_twenty_sessions_from_workbooks_and_real_files(tmp_path):
    sources = [*pairs_sessions(tmp_path, 5), *RUTER[:12], *[p for p in USEBIO if p.exists()]]
    assert len(sources) == 20
    season = tmp_path / "season.xlsx"
    files.save(workbooks.build("season", rows=1500, players=400), season)
    assert main(["season", "add", str(season), *map(str, sources)]) == 0
    # A session again, as its own file: refused, the file unchanged.
    before = season.read_bytes()
    assert main(["season", "add", str(season), str(RUTER[3])]) == 2
    assert season.read_bytes() == before
    shared = compare(season, tmp_path)
    assert shared > 0  # partners share every figure: ties are exercised, not assumed


def test_players_book_flags_the_rows_the_engine_refuses(tmp_path):
    rows = [(1, "Ann"), (2, "Bob"), (2, "Cy"), (3, None), (None, "Di"), (4, "Ed")]
    book = workbooks.build("players")
    workbooks.write_named(book, "PlayerNumber", [r[0] for r in rows])
    workbooks.write_named(book, "PlayerName", [r[1] for r in rows])
    path = files.save(book, tmp_path / "players.xlsx")
    [calculated] = lo.recalc([path], tmp_path / "calc")
    flags = lo.Values(calculated).read("PlayerCheck")[:len(rows) + 1]
    # The engine names rows 3 (number used twice), 4 (name blank), 5 (no number); the sheet flags
    # the first of a duplicated number too, so a director sees both rows.
    found = register((i, number, name, None, None, None) for i, (number, name) in enumerate(rows, start=1))
    assert {p.row for p in found.problems} == {3, 4, 5}
    assert flags == [None, "number?", "number?", "name?", "number?", None, None]
