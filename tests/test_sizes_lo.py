"""pairs.xlsx of many sizes in LibreOffice as users have it: threaded formula groups on, every
formula recalculated on load (issue 19).

LibreOffice 7.4 and 25.2 showed Err:522 (a cycle, where there is none) in every matchpoint,
percentage and ranking cell of some sizes: 6x17/18/19, 7x16, 8x16, 9x18, 10x18, 12x16 and
30x18, plain or built from a Mitchell. Every such book, blank and filled, and the movements
a club runs, must compute with no error value.
"""

from __future__ import annotations

import random

import pytest

from tests import lo
from tests.test_workbooks_fill import COMMON_CONTRACTS, random_result
from xlbridge import workbooks as W
from xlbridge.engine import movement

pytestmark = lo.needs_soffice

SIZES = [(6, 17), (6, 18), (6, 19), (7, 16), (8, 16), (9, 18), (10, 18), (12, 16), (30, 18), (3, 24), (15, 30)]
MOVEMENTS = [("mitchell", 6, 18), ("mitchell", 8, 16), ("mitchell", 9, 18), ("howell", 5, 27), ("howell", 8, 30)]


def _filled(tables: int, boards: int):
    """A book of that size with every board played at every table (NS 1.., EW 31..)."""
    book = W.build("pairs", tables=tables, boards=boards)
    rng = random.Random(tables * 100 + boards)
    rows = [(board, table, 30 + table, *random_result(rng, COMMON_CONTRACTS))
            for board in range(1, boards + 1) for table in range(1, tables + 1)]
    for index, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [row[index] for row in rows])
    numbers = [*range(1, tables + 1), *range(31, 31 + tables)]
    W.write_named(book, "PairNumber", numbers + [None] * (len(W.read_named(book, "PairNumber")) - len(numbers)))
    return book


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sizes")
    paths = []
    for tables, boards in SIZES:
        paths.append(W.save(W.build("pairs", tables=tables, boards=boards), folder / f"blank-{tables}x{boards}.xlsx"))
        paths.append(W.save(_filled(tables, boards), folder / f"filled-{tables}x{boards}.xlsx"))
    for kind, tables, boards in MOVEMENTS:
        paths.append(W.save(W.build("pairs", movement=movement(kind, tables, boards)),
                            folder / f"{kind}-{tables}x{boards}.xlsx"))
    return {out.stem: lo.Values(out) for out in lo.recalc(paths, tmp_path_factory.mktemp("out"))}


def test_every_size_computes_with_no_error_value(recalculated):
    errors = {name: list(book.errors())[:3] for name, book in recalculated.items() if list(book.errors())}
    assert not errors, errors


def test_a_filled_book_shows_its_figures(recalculated):
    """Not blank either: each filled book ranks every pair with a percentage."""
    for tables, boards in SIZES:
        percents = [p for p in recalculated[f"filled-{tables}x{boards}"].read("RankPercent") if p is not None]
        assert len(percents) == 2 * tables, (tables, boards)
