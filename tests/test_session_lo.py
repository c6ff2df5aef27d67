"""A session's workbook in LibreOffice: filled from its movement, it scores exactly as the
free-entry workbook with the same rows typed in, and as the engine; its cards print one
or two a page."""

from __future__ import annotations

import re

import pytest

from tests import lo
from tests.test_session import CASES, fill
from xlbridge import engine as E
from xlbridge import workbooks as W

pytestmark = lo.needs_soffice

OUTPUTS = ("PairPercent", "PairMP", "PairBoards", "PairField", "RankPlace", "RankPair", "MPNS", "MPEW",
           "ScoreNS")


@pytest.fixture(scope="module")
def session_books(tmp_path_factory):
    """Each case twice, recalculated: from the movement, and typed into a free-entry book."""
    folder = tmp_path_factory.mktemp("session")
    paths, events = [], {}
    for index, (kind, tables, boards, options) in enumerate(CASES):
        m = E.movement(kind, tables, boards, **options)
        book = W.build("pairs", movement=m)
        results = fill(book, len(m.results()), seed=index)
        paths.append(W.save(book, folder / f"movement-{index}.xlsx"))
        rows = [(b, ns, ew, *result) for (_, _, b, ns, ew), result in zip(m.results(), results, strict=True)]
        free = W.build("pairs", tables=tables, boards=boards, pairs=[(p, None) for p in m.pair_numbers])
        for i, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks")):
            W.write_named(free, name, [row[i] for row in rows])
        fields = W.read_named(book, "Fields")[0]
        W.write_named(free, "Fields", [fields])
        paths.append(W.save(free, folder / f"free-{index}.xlsx"))
        events[index] = E.pairs_event(rows, fields=fields)
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("session-calc"))
    return {out.stem: lo.Values(out) for out in outputs}, events


@pytest.mark.parametrize("index", range(len(CASES)))
def test_a_session_scores_as_the_free_entry_book_and_the_engine(session_books, index):
    books, events = session_books
    moved, free = books[f"movement-{index}"], books[f"free-{index}"]
    for name in OUTPUTS:
        assert not moved.mismatches(name, free.read(name)), name
    event = events[index]
    percents = {p: v for p, v in zip(moved.read("PairNumber"), moved.read("PairPercent"), strict=True) if p}
    assert set(percents) == set(event.pairs)
    for pair, total in event.pairs.items():
        assert percents[pair] == pytest.approx(total.percent, abs=1e-9)
    assert not moved.errors() and not free.errors()


def test_the_cards_print_one_or_two_a_page(tmp_path):
    m = E.movement("mitchell", 8, 24, variant="relay", pairs=15, arrow_switch=True)
    book = W.build("pairs", movement=m, event="Club night")
    [pdf] = lo.to_pdf([W.save(book, tmp_path / "session.xlsx")], tmp_path / "pdf")
    pages = lo.pdf_words(pdf)
    title = re.compile(r"^(Table \d+|Pair \d+(: score card)?|Board \d+)$")
    found: dict[str, list[int]] = {}
    for page in pages:
        # A card's title is the large print (14 pt): its words, line by line.
        lines: dict[int, list[str]] = {}
        for word in page.words:
            if word.y_max - word.y_min >= 12:
                lines.setdefault(round(word.y_min), []).append(word.text)
        cards = [" ".join(words) for _, words in sorted(lines.items()) if title.match(" ".join(words))]
        assert len(cards) <= 2, (page.number, cards)
        for card in cards:
            found.setdefault(card, []).append(page.number)
        right = max((w.x_max for w in page.words), default=0)
        assert right <= page.width - 30, page.number  # nothing cut at the right edge
    pairs = m.pair_numbers  # 1-7 and 9-16: North-South 8 is the phantom, the empty table 8
    assert pairs == [*range(1, 8), *range(9, 17)]
    expected = ([f"Table {t}" for t in range(1, 9)] + [f"Pair {p}" for p in pairs]
                + [f"Board {b}" for b in range(1, 25)] + [f"Pair {p}: score card" for p in pairs])
    for card in expected:
        assert card in found, card
    assert all(len(pages_) == 1 for card, pages_ in found.items() if card.startswith("Table"))
