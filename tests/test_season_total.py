"""A multi-session event ranked on its sessions' total (issue 21, docs/rules.md §15): two
sessions of one championship worked by hand (percentages weighted by boards, IMPs added, a
player who missed a session, ties sharing a place), the report and web page showing it, and
season.xlsx recalculated by LibreOffice equal to the engine."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests import lo
from xlbridge import files, workbooks
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError
from xlbridge.engine.season import SeasonLine, SeasonRule, ladder, session_total
from xlbridge.event import sample
from xlbridge.event.season import Season, SeasonReport
from xlbridge.formats.season import page, season_text
from xlbridge.kinds import PAIRS, check, read
from xlbridge.workbooks.season import RANKING, SESSION_COLUMNS

# Two sessions of a championship: 24 boards, then 26. Each pair's two players share its
# score; Gus and Hal play only the first session.
PAIRS_PLAYED = (((1, "Ann"), (2, "Bob"), 60.00, 50.00), ((3, "Cy"), (4, "Di"), 40.00, 70.00),
                ((5, "Ed"), (6, "Flo"), 54.80, 54.80), ((7, "Gus"), (8, "Hal"), 56.00, None))
# Worked by hand: (60 x 24 + 50 x 26) / 50 = 54.8; (40 x 24 + 70 x 26) / 50 = 55.6; Ed and
# Flo 54.8 in both; Gus and Hal 56 in the one session they played.
TOTALS = {1: 54.8, 2: 54.8, 3: 55.6, 4: 55.6, 5: 54.8, 6: 54.8, 7: 56.0, 8: 56.0}
# Two sessions to qualify: Cy and Di share first, the 54.8s share third, Gus and Hal unplaced.
PLACES = {1: 3, 2: 3, 3: 1, 4: 1, 5: 3, 6: 3, 7: None, 8: None}


def championship_rows() -> list[tuple[object, ...]]:
    """The Sessions sheet's rows (as SESSION_COLUMNS), one a player a session."""
    rows = []
    for key, date, boards, index in (("S1", "2025-03-01", 24, 2), ("S2", "2025-03-02", 26, 3)):
        for pair in PAIRS_PLAYED:
            if pair[index] is None:
                continue
            for (number, name), (_, partner) in ((pair[0], pair[1]), (pair[1], pair[0])):
                rows.append((key, date, "Championship", number, name, partner, "", pair[index], "%", None, None,
                             len(PAIRS_PLAYED), boards))
    return rows


def lines_of(rows: list[tuple[object, ...]]) -> list[SeasonLine]:
    return [SeasonLine(str(r[0]), int(r[3]), str(r[4]), float(r[7]), unit=str(r[8]), boards=int(r[12] or 0))
            for r in rows]


def test_two_sessions_worked_by_hand():
    lines = lines_of(championship_rows())
    standings = {s.number: s for s in ladder(lines, SeasonRule(best=10, minimum=2, ranking="total"))}
    assert {n: s.total for n, s in standings.items()} == pytest.approx(TOTALS)
    assert {n: s.place for n, s in standings.items()} == PLACES
    # The plain average of the sessions ranks differently: Ann's 55.0 above Ed's 54.8.
    average = {s.number: s.place for s in ladder(lines, SeasonRule(best=10, minimum=2, ranking="average"))}
    assert average[1] < average[5]
    # With one session enough, Gus and Hal lead on the session they played.
    one = {s.number: s.place for s in ladder(lines, SeasonRule(best=10, minimum=1, ranking="total"))}
    assert one == {1: 5, 2: 5, 3: 3, 4: 3, 5: 5, 6: 5, 7: 1, 8: 1}


def test_imps_are_added_and_a_row_without_boards_weighs_one():
    imps = [SeasonLine("1", 1, "Ann", 12.5, unit="IMP", boards=24), SeasonLine("2", 1, "Ann", -3.25, unit="IMP"),
            SeasonLine("1", 2, "Bob", 9.25, unit="IMP", boards=24), SeasonLine("2", 3, "Cy", 20.0, unit="VP")]
    standings = ladder(imps, SeasonRule(minimum=1, ranking="total"))
    assert [(s.total, s.place) for s in standings] == [(9.25, 2), (9.25, 2), (20.0, 1)]
    assert session_total([SeasonLine("1", 1, "Ann", 60.0), SeasonLine("2", 1, "Ann", 50.0)]) == (11000, 2)


def test_the_rule_is_named_and_a_wrong_one_refused():
    assert RANKING.parse("sessions' total") == "total"
    with pytest.raises(BridgeInputError, match="ranking 'sum': must be one of average, points, both, total"):
        SeasonRule(ranking="sum")


def test_report_and_page_show_the_total():
    lines = lines_of(championship_rows())
    players = tuple((number, name) for pair in PAIRS_PLAYED for number, name in pair[:2])
    report = SeasonReport(Season("Championship", tuple(lines), SeasonRule(minimum=2, ranking="total"), players))
    text = season_text(report)
    assert "the sessions' total (percentages weighted by boards" in text.splitlines()[0]
    ladder_lines = text.split("\n\n")[1].splitlines()
    heads = ladder_lines[0].split()
    column = heads.index("Total")  # after Points, before the handicap
    assert heads[column - 1:column + 2] == ["Points", "Total", "Hcp"]
    rows = [line.split() for line in ladder_lines[2:]]
    assert [(row[0], row[2], row[column]) for row in rows] == [
        ("1", "Cy", "55.60"), ("1", "Di", "55.60"), ("3", "Ann", "54.80"), ("3", "Bob", "54.80"),
        ("3", "Ed", "54.80"), ("3", "Flo", "54.80"), ("-", "Gus", "56.00"), ("-", "Hal", "56.00")]
    assert "<th>Total</th>" in page(report) and "55.60" in page(report)


def season_book(tmp_path: Path, name: str, rows: list[tuple[object, ...]], players: list[tuple[int, str]],
                minimum: int) -> Path:
    book = workbooks.build("season", rows=60, players=20)
    for index, column in enumerate(SESSION_COLUMNS):
        workbooks.write_named(book, column, [row[index] for row in rows])
    workbooks.write_named(book, "SeasonNumber", [p[0] for p in players])
    workbooks.write_named(book, "SeasonPlayer", [p[1] for p in players])
    workbooks.write_named(book, "SeasonRanking", [RANKING.word("total", "en")])
    workbooks.write_named(book, "MinSessions", [minimum])
    return files.save(book, tmp_path / name)


def engine_of(path: Path):
    checked = check(read(path))
    assert checked.clean, checked.problems[:3]
    season = checked.event
    assert season.rule.ranking == "total"
    return ladder(season.lines, season.rule, season.players)


@lo.requires_soffice
def test_the_sheet_ranks_the_total_as_the_engine(tmp_path):
    rows = championship_rows()
    players = [(number, name) for pair in PAIRS_PLAYED for number, name in pair[:2]]
    hand = season_book(tmp_path, "championship.xlsx", rows, players, 2)
    # IMPs, one row without boards (it weighs nothing: IMPs are added).
    imps = [("1", "2025-01-01", "Teams", 1, "Ann", "", "", 12.5, "IMP", 1, None, 2, 24),
            ("2", "2025-01-08", "Teams", 1, "Ann", "", "", -3.25, "IMP", 2, None, 2, None),
            ("1", "2025-01-01", "Teams", 2, "Bob", "", "", 9.25, "IMP", 2, None, 2, 24),
            ("2", "2025-01-08", "Teams", 3, "Cy", "", "", 20, "IMP", 1, None, 2, 24)]
    imp_book = season_book(tmp_path, "imps.xlsx", imps, [(1, "Ann"), (2, "Bob"), (3, "Cy")], 1)
    # Two club nights of different sizes (so different boards a pair), added by season add.
    added = tmp_path / "added.xlsx"
    files.save(workbooks.build("season", rows=120, players=60), added)
    nights = []
    for seed, tables in ((7, 5), (8, 7)):
        event = dataclasses.replace(sample.pairs_event(seed=seed, tables=tables), date=f"2025-04-0{seed - 6}",
                                    name="Championship")
        nights.append(files.save(PAIRS.fill(event, fit=True), tmp_path / f"night-{seed}.xlsx"))
    assert main(["season", "add", str(added), *map(str, nights)]) == 0
    book = load_workbook(added)
    workbooks.write_named(book, "SeasonRanking", [RANKING.word("total", "en")])
    workbooks.write_named(book, "MinSessions", [1])
    book.save(added)
    paths = [hand, imp_book, added]
    calculated = lo.recalc(paths, tmp_path / "calc")
    shared = 0
    for source, path in zip(paths, calculated, strict=True):
        engine = engine_of(source)
        values = lo.Values(path)
        totals = values.read("SeasonTotal")[:len(engine)]
        places = values.read("SeasonPlace")[:len(engine)]
        for standing, total, place in zip(engine, totals, places, strict=True):
            assert total == pytest.approx(standing.total, abs=1e-9), (source.name, standing)
            assert (None if place in (None, "") else int(place)) == standing.place, (source.name, standing)
        placed = [s.place for s in engine if s.place is not None]
        shared += len(placed) - len(set(placed))
    hand_engine = {s.number: s for s in engine_of(hand)}
    assert {n: s.place for n, s in hand_engine.items()} == PLACES
    assert {n: s.total for n, s in hand_engine.items()} == pytest.approx(TOTALS)
    assert [s.total for s in engine_of(imp_book)] == pytest.approx([9.25, 9.25, 20.0])
    assert shared > 0
