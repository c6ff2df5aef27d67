"""pairs.xlsx's handicapped ranking recalculated by LibreOffice equals the engine's
(docs/rules.md §17): each pair's percentage plus its handicap, its place (ties sharing),
in one field and in two; and a blank book (or one without handicaps, or IMP-scored) shows
none."""

from __future__ import annotations

import dataclasses

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
