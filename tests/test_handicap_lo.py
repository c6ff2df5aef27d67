"""pairs.xlsx's handicapped ranking recalculated by LibreOffice equals the engine's
(docs/rules.md §17): each pair's percentage plus its handicap, its place (ties sharing),
in one field and in two; and a blank book (or one without handicaps, or IMP-scored) shows
none."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests import lo
from xlbridge import workbooks as W
from xlbridge.event import sample, score_pairs
from xlbridge.kinds.pairs import pairs_workbook

pytestmark = lo.needs_soffice

# Pair 3 (45%) + 5 and pair 10 (47.5%) + 2.5 tie on 50%; pair 7 (65%) gives 3 away.
HANDICAPS = {3: 5.0, 10: 2.5, 7: -3.0, 5: 2.5, 2: 5.0, 8: -1.25, 1: 0.0}


def _event(**options):
    event = sample.pairs_event(tables=5, boards_per_round=3)
    pairs = tuple(dataclasses.replace(p, handicap=HANDICAPS.get(p.number)) for p in event.pairs)
    return dataclasses.replace(event, pairs=pairs, options={**event.options, **options})


def _sheet(values: lo.Values) -> list[tuple]:
    rows = zip(values.read("HandicapPlace"), values.read("HandicapPair"), values.read("HandicapGiven"),
               values.read("HandicapPercent"), strict=True)
    return [(str(place), pair, given, round(percent, 6)) for place, pair, given, percent in rows if pair is not None]


def _engine(event) -> list[tuple]:
    return [(h.place, h.pair, h.handicap, round(h.percent, 6)) for h in score_pairs(event).handicapped]


def test_libreoffice_ranks_the_handicapped_pairs_as_the_engine(tmp_path):
    one, two, imps = _event(), _event(fields=2), _event(scoring="Butler")
    paths = [W.save(pairs_workbook(event, fit=True), tmp_path / f"{name}.xlsx")
             for name, event in (("one", one), ("two", two), ("imps", imps))]
    paths.append(W.save(W.build("pairs"), tmp_path / "blank.xlsx"))
    books = [lo.Values(path) for path in lo.recalc(paths, tmp_path / "calc")]
    for book in books:
        assert not book.errors()
    expected_one = _engine(one)
    assert ("4-5", 3, 5.0, 50.0) in expected_one and ("4-5", 10, 2.5, 50.0) in expected_one  # the tie
    assert _sheet(books[0]) == expected_one
    # Two fields: each ranked within itself, NS first, as the scratch ranking.
    expected_two = _engine(two)
    assert {h.field for h in score_pairs(two).handicapped} == {sample.Side.NS, sample.Side.EW}
    assert _sheet(books[1]) == expected_two
    assert books[1].read("HandicapField")[:len(expected_two)] == [
        "NS" if h.field is sample.Side.NS else "EW" for h in score_pairs(two).handicapped]
    # IMP scoring has no handicapped ranking: a handicap is percentage points.
    assert _engine(imps) == [] and _sheet(books[2]) == []
    assert _sheet(books[3]) == []


# Setup's club method: (last N sessions, factor, cap), the defaults first.
PARAMETERS = ((10, 1, 10), (3, 0.5, 4), (2, 1.5, 50), (1, 1, 2.5))


def test_libreoffice_computes_the_season_handicaps_as_the_engine(tmp_path):
    from openpyxl import load_workbook

    from xlbridge import files
    from xlbridge.cli import main
    from xlbridge.engine.handicap import HandicapRule
    from xlbridge.kinds import PAIRS, SEASON, check, read

    nights = []
    for seed in range(7):
        event = dataclasses.replace(sample.pairs_event(seed=300 + seed, tables=(3, 5, 7)[seed % 3]),
                                    date=f"2025-04-{10 + seed:02d}", name="Club night")
        nights.append(files.save(PAIRS.fill(event, fit=True), tmp_path / f"night-{seed}.xlsx"))
    season = tmp_path / "season.xlsx"
    assert main(["workbooks", "season", "--out", str(tmp_path)]) == 0
    assert main(["season", "add", str(season), *map(str, nights)]) == 0
    variants = []
    for index, (last, factor, cap) in enumerate(PARAMETERS):
        book = load_workbook(season)
        for name, value in (("HandicapSessions", last), ("HandicapFactor", factor), ("HandicapCap", cap)):
            W.write_named(book, name, [value])
        variants.append(tmp_path / f"season-{index}.xlsx")
        book.save(variants[-1])
    # The last night's event filled with the season's handicaps (the defaults), for its ranking.
    assert main(["season", "handicaps", str(season), str(nights[-1])]) == 0
    books = lo.recalc([*variants, nights[-1]], tmp_path / "calc")
    capped = 0
    for (last, factor, cap), variant, path in zip(PARAMETERS, variants, books, strict=False):
        checked = check(read(variant))
        assert checked.clean and checked.event.handicap == HandicapRule(last, factor, cap)
        report = SEASON.score(checked.event)
        values = lo.Values(path)
        assert not values.errors()
        numbers, handicaps = values.read("SeasonNumber"), values.read("SeasonHandicap")
        sheet = {n: h for n, h in zip(numbers, handicaps, strict=True) if n is not None}
        assert set(sheet) == {number for number, _ in report.season.players}
        for number, value in sheet.items():
            assert value == pytest.approx(report.handicaps[number], abs=1e-9), (last, factor, cap, number)
        capped += sum(abs(v) == cap for v in report.handicaps.values())
    assert capped  # some player reaches a cap
    event = check(read(nights[-1])).event
    assert all(pair.handicap is not None for pair in event.pairs)
    assert _sheet(lo.Values(books[-1])) == _engine(event)


REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
WHITEHEAD = REAL / "nz_scorer_usebio" / "handicap_pairs.xml"


@pytest.mark.skipif(not WHITEHEAD.is_file(), reason=f"no real results files at {REAL} (CI has them beside the project)")
def test_a_real_handicap_event_ranks_as_its_program_published(tmp_path, capsys):
    """NZ Scorer's Whitehead Trophy handicap pairs: each pair's published percentage is its
    matchpoint percentage plus half its HANDICAP. Imported, the book's own formulas
    (LibreOffice) give every published handicapped percentage, as the engine does."""
    from xlbridge.cli import main
    from xlbridge.formats.usebio import loads

    book = tmp_path / "whitehead.xlsx"
    assert main(["import", str(WHITEHEAD), "--out", str(book), "--compare"]) == 0
    assert "0 differences (18 published figures compared)" in capsys.readouterr().out
    imported = loads(WHITEHEAD.read_text(encoding="utf-8"))
    values = lo.Values(lo.recalc([book], tmp_path / "out")[0])
    shown = {pair: percent for pair, percent in zip(values.read("HandicapPair"), values.read("HandicapPercent"),
                                                    strict=True) if pair is not None}
    assert len(shown) == len(imported.published) == 18
    for pair, figure in imported.published.items():
        assert round(shown[pair], 2) == pytest.approx(figure.number, abs=0.005), pair
