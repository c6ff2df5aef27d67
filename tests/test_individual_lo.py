"""individual.xlsx in LibreOffice: filled from its movement, its native formulas score as
the engine does (each row's matchpoints, each player's total, percentage and place), in
every language, with NP and adjusted scores, a board with fewer results (Neuberg) and ties."""

from __future__ import annotations

import random

import pytest

from tests import lo
from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.engine.individual_scoring import individual_event

pytestmark = lo.needs_soffice

# (players, boards in all, language, seed): a sit-out (13, 11 with a phantom table), none
# (8, 16), the half scale and no Neuberg on one of them.
CASES = [(8, 14, "en", 1), (13, 13, "fi", 2), (11, 22, "ru", 3), (16, 15, "en", 4)]
CHOICES = ["4S", "3NT", "2H", "PASS", "A60/40", "A50", "NP", "5DX", "3NT", "4S"]


def results(count: int, seed: int) -> list[tuple]:
    """Random results (the same contracts often, so ties are common)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        contract = rng.choice(CHOICES)
        if contract in ("PASS", "NP") or contract.startswith("A"):
            out.append((contract, None, None))
        else:
            need = E.parse_contract(contract).tricks_needed
            out.append((contract, rng.choice("NS"), need + rng.choice([-1, 0, 0, 1])))
    return out


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    folder = tmp_path_factory.mktemp("individual")
    paths, events = [], {}
    for index, (players, boards, lang, seed) in enumerate(CASES):
        book = W.build("individual", players=players, boards=boards, lang=lang)
        rows = list(zip(*(W.read_named(book, n) for n in ("Board", "North", "East", "South", "West")), strict=True))
        typed = results(len(rows), seed)
        typed[-1] = ("", None, None)  # the last result not in yet
        options = {}
        if index == 3:
            W.write_named(book, "MPScale", [1])
            W.write_named(book, "UseNeuberg", [W.template("pairs").YES_NO.word(False, lang)])
            options = {"mpscale": 1, "neuberg": False}
        for i, name in enumerate(("Contract", "Declarer", "Tricks")):
            W.write_named(book, name, [r[i] for r in typed])
        paths.append(W.save(book, folder / f"individual-{index}.xlsx"))
        events[index] = individual_event([(*row, *result) for row, result in zip(rows, typed, strict=True)],
                                         **options)
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("individual-calc"))
    return {index: lo.Values(out) for index, out in enumerate(outputs)}, events


@pytest.mark.parametrize("index", range(len(CASES)))
def test_the_book_scores_as_the_engine(books, index):
    values, events = books
    book, event = values[index], events[index]
    assert not book.errors()
    expected_rows = [(None, None, None) if r is None or r.ns is None else (r.ns, r.ew, r.top) for r in event.rows]
    for name, column in (("MPNS", 0), ("MPEW", 1), ("BoardTop", 2)):
        assert not book.mismatches(name, [row[column] for row in expected_rows]), name
    numbers = book.read("PlayerNumber")
    assert numbers == list(range(1, CASES[index][0] + 1))
    by_player = {name: dict(zip(numbers, book.read(name), strict=True))
                 for name in ("PlayerBoards", "PlayerMP", "PlayerTop", "PlayerPercent", "PlayerPlace")}
    assert set(event.players) == set(numbers)  # everybody played
    for player, total in event.players.items():
        assert by_player["PlayerBoards"][player] == total.boards, player
        assert by_player["PlayerMP"][player] == pytest.approx(total.mp, abs=1e-9), player
        assert by_player["PlayerTop"][player] == pytest.approx(total.top, abs=1e-9), player
        assert by_player["PlayerPercent"][player] == pytest.approx(total.percent, abs=1e-9), player
        assert str(by_player["PlayerPlace"][player]) == total.place, player
    assert book.read("ResultsEntered") == [sum(r is not None for r in event.rows)]
    assert book.read("ResultsFlagged") == [0]


def test_shared_places_are_among_the_cases(books):
    _, events = books
    assert any("-" in p.place for event in events.values() for p in event.players.values())


def test_report_prints_the_ranking_and_each_board_whole_on_a_page(tmp_path):
    """``report --pdf``: the ranking on the first page, then every board's traveller, its
    heading on the same page as its rows (no board cut over a page)."""
    import subprocess
    import sys

    book = W.build("individual", players=13, boards=26, event="Club night")
    rows = list(zip(*(W.read_named(book, n) for n in ("Board", "North", "East", "South", "West")), strict=True))
    typed = results(len(rows), 7)
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [r[i] for r in typed])
    path = W.save(book, tmp_path / "individual.xlsx")
    done = subprocess.run([sys.executable, "-m", "xlbridge", "report", str(path), "--pdf", str(tmp_path / "r.pdf")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    pages = lo.pdf_words(tmp_path / "r.pdf")
    first = " ".join(w.text for w in pages[0].words)
    assert "Club night" in first and {"Place", "Player", "Name", "MP", "Top", "%", "Boards"} <= set(first.split())
    event = individual_event([(*row, *result) for row, result in zip(rows, typed, strict=True)])
    seen = {}
    for page in pages[1:]:
        words = list(page.words)
        for i, word in enumerate(words[:-1]):
            if word.text == "Board" and words[i + 1].text.isdigit():
                board = int(words[i + 1].text)
                seen[board] = page.number
                below = [w for w in words if w.y_min > word.y_max and w.text == "Round"]
                assert below, f"board {board}: its table is not under it on page {page.number}"
    assert sorted(seen) == sorted({r[0] for r in rows}) and len(event.players) == 13


def test_the_book_flags_bad_rows_and_scores_the_rest_as_the_engine(tmp_path):
    """A player twice at a table, a player not on the list, a player moved to another table of
    the round: each row flagged (``twice?``, ``player?``) and left out; the others scored as the
    engine scores them."""
    book = W.build("individual", players=8, boards=14)
    names = ("RoundNo", "TableNo", "Board", "North", "East", "South", "West")
    rows = [list(row) for row in zip(*(W.read_named(book, n) for n in names), strict=True)]
    typed = results(len(rows), 11)
    rows[3][3] = rows[3][4]  # North is East too
    rows[8][6] = 99  # West is nobody on the list
    other = next(r for r in rows if r[0] == rows[20][0] and r[1] != rows[20][1])
    rows[20][5] = other[3]  # South sits at the other table of the round too
    for i, name in enumerate(names):
        W.write_named(book, name, [row[i] for row in rows])
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [r[i] for r in typed])

    def bad(index: int) -> str | None:
        round_no, table, board, *seats = rows[index]
        if any(p not in range(1, 9) for p in seats):
            return "player?"
        if len(set(seats)) < 4:
            return "twice?"
        for j, (r2, t2, b2, *others) in enumerate(rows):
            if j != index and set(seats) & set(others) and (b2 == board or (r2 == round_no and t2 != table)):
                return "twice?"
        return None

    expected = [bad(i) for i in range(len(rows))]
    assert expected[3] == "twice?" and expected[8] == "player?" and expected[20] == "twice?"
    [out] = lo.recalc([W.save(book, tmp_path / "flags.xlsx")], tmp_path / "calc")
    values = lo.Values(out)
    assert values.read("Check") == expected
    assert values.read("ResultsFlagged") == [sum(flag is not None for flag in expected)]
    good = [(row[2], *row[3:], *result) for row, result, flag in zip(rows, typed, expected, strict=True)
            if flag is None]
    event = individual_event(good)
    scored = iter(event.rows)
    mp = [None if flag else next(scored) for flag in expected]
    assert not values.mismatches("MPNS", [None if r is None or r.ns is None else r.ns for r in mp])
    percents = dict(zip(values.read("PlayerNumber"), values.read("PlayerPercent"), strict=True))
    for player, total in event.players.items():
        assert percents[player] == pytest.approx(total.percent, abs=1e-9)


@pytest.mark.parametrize(("players", "lang"), [(13, "en"), (20, "fi")])
def test_the_cards_print_one_or_two_a_page_and_nothing_is_cut(tmp_path, players, lang):
    import re

    book = W.build("individual", players=players, lang=lang, event="Club night")
    [pdf] = lo.to_pdf([W.save(book, tmp_path / "individual.xlsx")], tmp_path / "pdf")
    words = {"en": ("Table", "Player", ": score card"), "fi": ("Pöytä", "Pelaaja", ": oma kortti")}[lang]
    title = re.compile(rf"^({words[0]}|{words[1]}) \d+({words[2]})?$")
    found: dict[str, list[int]] = {}
    for page in lo.pdf_words(pdf):
        lines: dict[int, list[str]] = {}
        for word in page.words:
            if word.y_max - word.y_min >= 12:  # a card's title is the large print (14 pt)
                lines.setdefault(round(word.y_min), []).append(word.text)
        cards = [" ".join(ws) for _, ws in sorted(lines.items()) if title.match(" ".join(ws))]
        assert len(cards) <= 2, (page.number, cards)
        for card in cards:
            found.setdefault(card, []).append(page.number)
        right = max((w.x_max for w in page.words), default=0)
        assert right <= page.width - 30, page.number  # nothing cut at the right edge
    tables = E.individual(players, 2).tables
    expected = ([f"{words[0]} {t}" for t in range(1, tables + 1)] + [f"{words[1]} {p}" for p in range(1, players + 1)]
                + [f"{words[1]} {p}{words[2]}" for p in range(1, players + 1)])
    assert sorted(found) == sorted(expected)
    assert all(len(pages) == 1 for pages in found.values())  # each card on one page
