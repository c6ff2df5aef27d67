"""``xlbridge serve`` tried as a club would (issue 23): a 7-table Mitchell played for three
rounds in Debian's chromium through Playwright (no browser download), one browser context a
table and one for the director, against the real server (``xlbridge serve`` in a subprocess
on 127.0.0.1). The phones enter every board with the big buttons, East-West confirm, one
table corrects a result before its round closes, the director corrects one and closes each
round; ``xlbridge serve --write`` then gives a book that LibreOffice scores as the engine
scores the same results. Each page is also drawn at a phone's width in en, fi and ru (and
the director's at a desktop's), saved to look at (``XLBRIDGE_SCREENS=/work/screens pytest
tests/test_serve_browser.py``), and held to a phone's needs: nothing wider than the screen,
every button, button-drawn choice, text field and fold-out a thumb's height.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")
pytest.importorskip("playwright", reason="Playwright is not installed (the test extra)")

from tests import lo
from tests.serving import Served
from xlbridge import cli
from xlbridge import engine as E
from xlbridge.event import Play
from xlbridge.live.entry import Entry
from xlbridge.live.event import Place, read_event

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None,
                                    reason="Debian's chromium is not installed (apt-get install chromium)")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]

TABLES, BOARDS, PLAYED = 7, 21, 3
"""A 7-table Mitchell of 21 boards (7 rounds of 3), of which the first PLAYED rounds are played."""
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
THUMB = 44
"""The least height of anything a thumb presses, in CSS pixels (Apple's and WCAG's 44 px)."""
SCREENS = os.environ.get("XLBRIDGE_SCREENS")
"""Where the screenshots go to be looked at (a folder outside the repository, one folder a
language); unset, they go to the test's temporary folder."""


def write_book(folder: Path, lang: str = "en", tables: int = TABLES, boards: int = BOARDS) -> Path:
    assert cli.main(["workbooks", "pairs", "--movement", "mitchell", "--tables", str(tables), "--boards",
                     str(boards), "--lang", lang, "--out", str(folder)]) == 0
    return folder / "pairs.xlsx"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


# --- what a phone does -----------------------------------------------------------------------


def result_for(rng: random.Random, round: int, table: int, board: int) -> Entry:
    """A result as players bring it: now and then passed out, otherwise a contract made or
    down by a trick or two."""
    if rng.random() < 0.08:
        return Entry(round, table, board, "PASS", "", None)
    level = rng.choice("1234445663")
    strain = rng.choice("CDHSNN")
    doubling = rng.choice(["", "", "", "", "X", "XX"])
    contract = f"{level}{strain}{doubling}"
    need = E.parse_contract(contract).tricks_needed
    tricks = max(0, min(13, need + rng.choice([-2, -1, 0, 0, 1])))
    return Entry(round, table, board, contract, rng.choice("NESW"), tricks)


def press(page, ident: str) -> None:
    """Press the button drawn for radio input ``ident`` (its label: the input itself is hidden)."""
    page.click(f"label[for='{ident}']")


def pick(page, board: int, action: str, entry: Entry) -> None:
    """Choose ``entry``'s contract, declarer and tricks with the board's buttons."""
    prefix = f"b{board}-{action}"
    if entry.contract == "PASS":
        press(page, f"{prefix}-level-PASS")
        return
    press(page, f"{prefix}-level-{entry.contract[0]}")
    press(page, f"{prefix}-strain-{entry.contract[1]}")
    press(page, f"{prefix}-doubling-{entry.contract[2:] or 'none'}")
    press(page, f"{prefix}-declarer-{entry.declarer}")
    press(page, f"{prefix}-tricks-{entry.tricks}")


def submit(page, ident: str) -> None:
    """Press a form's submit button and wait for the answer page."""
    with page.expect_navigation():
        page.click(f"#{ident}")


def shown(entry: Entry) -> str:
    """How the phone shows a result: ``4SXN-1``, ``3NS=``, ``PASS``."""
    if entry.contract == "PASS":
        return "PASS"
    made = entry.tricks - E.parse_contract(entry.contract).tricks_needed
    contract = entry.contract.replace("N", "NT")
    return f"{contract}{entry.declarer}{'=' if made == 0 else f'{made:+d}'}"


def ns_score(entry: Entry) -> int:
    """North-South's score of a result, the engine's (the phone shows it)."""
    return Play(entry.contract, entry.declarer, entry.tricks).played.score(entry.board)


def traveller(page, board: int) -> list[tuple[int, int]]:
    """The board's traveller as the phone shows it after entry: (table, NS score) a line."""
    rows = page.eval_on_selector_all(f"#traveller-{board} tr",
                                     "els => els.map(e => Array.from(e.cells).map(c => c.textContent))")
    return sorted((int(r[0]), int(r[2])) for r in rows if r[0].isdigit())


def state(page, board: int) -> str:
    return page.get_attribute(f"#state-{board}", "data-state")


def enter(page, entry: Entry) -> None:
    """North-South enter a board; the phone shows the result and North-South's score."""
    pick(page, entry.board, "enter", entry)
    submit(page, f"b{entry.board}-enter-submit")
    assert "ok" in page.get_attribute("#msg", "class")
    assert state(page, entry.board) == "entered"
    assert shown(entry) in page.inner_text(f"#result-{entry.board}")
    assert page.inner_text(f"#result-{entry.board}").endswith(f": {ns_score(entry)}")


def confirm(page, board: int) -> None:
    """East-West confirm with one tap."""
    submit(page, f"b{board}-confirm-submit")
    assert state(page, board) == "confirmed"


def correct(page, entry: Entry) -> None:
    """A table's correction, before its round closes: it goes back to East-West."""
    page.click(f"#b{entry.board}-correct-open summary")
    pick(page, entry.board, "correct", entry)
    submit(page, f"b{entry.board}-correct-submit")
    assert state(page, entry.board) == "entered"
    assert shown(entry) in page.inner_text(f"#result-{entry.board}")


def fits_a_phone(page, width: int) -> None:
    """Nothing wider than the screen, and every visible button, button-drawn choice, text
    field and fold-out at least a thumb's height."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    heights = page.eval_on_selector_all(
        "button, a.button, .pick label, input:not([type=radio]):not([type=hidden]), summary",
        "els => els.filter(e => e.offsetParent !== null)"
        ".map(e => [e.id || e.getAttribute('for') || e.textContent, e.getBoundingClientRect().height])")
    small = [(name, height) for name, height in heights if height < THUMB]
    assert not small, small[:5]


def where_next(page, place: Place) -> None:
    """The end of the round: where the boards, North-South and East-West go, in the cards' words."""
    cells = page.eval_on_selector_all("#next-table td", "els => els.map(e => e.textContent)")
    assert cells == [place.boards_next or "-", place.ns_next or "-", place.ew_next or "-"]


# --- the session -----------------------------------------------------------------------------


def director_percents(page) -> dict[int, float]:
    """The director's live ranking: pair -> percentage."""
    rows = page.eval_on_selector_all(
        "table.ranking tr", "els => els.map(e => Array.from(e.cells).map(c => c.textContent))")
    return {int(r[1]): float(r[3].rstrip("%")) for r in rows if r and r[1].isdigit()}


def engine_totals(results: dict[tuple[int, int, int], Entry]) -> dict[int, E.PairTotal]:
    """The engine's pairs_event on the same results, from the movement's pairs (a Mitchell
    without arrow switch: a winner each way)."""
    seats = {(r, t, b): (ns, ew) for r, t, b, ns, ew in E.movement("mitchell", TABLES, BOARDS).results()}
    return E.pairs_event([(e.board, *seats[key], *e.cells()) for key, e in results.items()], fields=2).pairs


def engine_percents(results: dict[tuple[int, int, int], Entry]) -> dict[int, float]:
    return {pair: total.percent for pair, total in engine_totals(results).items()}


@needs_chromium
@pytest.mark.libreoffice
@lo.requires_soffice
def test_a_session_from_the_phones_to_the_workbook(browser, tmp_path):
    book = write_book(tmp_path)
    event = read_event(book)
    served = Served(book)
    rng = random.Random(23)
    results: dict[tuple[int, int, int], Entry] = {}
    contexts = []
    try:
        phones = {}
        for table in event.tables:
            context = browser.new_context(viewport=PHONE)
            contexts.append(context)
            phones[table] = context.new_page()
            phones[table].goto(served.urls[f"table {table}"])
            assert phones[table].inner_text("#where").startswith(f"Table {table}")
        desk = browser.new_context(viewport=DESKTOP)
        contexts.append(desk)
        director = desk.new_page()
        director.goto(served.urls["director"])
        for round in range(1, PLAYED + 1):
            if round == 2:  # the club's choice: each board's traveller so far shown after entry, from now on
                submit(director, "setting-submit")
                assert director.inner_text("#traveller-setting") == "yes"
            for table, phone in phones.items():
                place = event.place(round, table)
                if round > 1:  # the phone waits on the round's end: its link shows the next round
                    submit(phone, "reload")
                assert phone.inner_text("#pairs").count("\n") == 1 and f"{place.ns}" in phone.inner_text("#pairs")
                for board in place.boards:
                    entry = result_for(rng, round, table, board)
                    enter(phone, entry)
                    confirm(phone, board)
                    results[entry.key] = entry
                if table == round + 1:  # a table finds a mistake after confirming: corrected, confirmed again
                    board = place.boards[1]
                    fixed = result_for(random.Random(round * 100 + table), round, table, board)
                    while fixed == results[(round, table, board)]:
                        fixed = result_for(rng, round, table, board)
                    correct(phone, fixed)
                    confirm(phone, board)
                    results[fixed.key] = fixed
                fits_a_phone(phone, PHONE["width"])
                where_next(phone, place)
                if round == 1:  # no traveller until the club chooses it
                    assert phone.query_selector(f"#traveller-{place.boards[0]}") is None
                for board in place.boards if round >= 2 else ():  # every line of the board so far
                    assert traveller(phone, board) == sorted((e.table, ns_score(e)) for e in results.values()
                                                             if e.board == board)
                if table == 1:  # the others are behind table 1 now
                    director.goto(served.base + "/director")  # afresh: reloading a form's answer would send it again
                    assert director.inner_text("#late") == ", ".join(map(str, event.tables[1:]))
            director.goto(served.base + "/director")  # afresh: reloading a form's answer would send it again
            assert director.inner_text("#late") == "none"
            for table in event.tables:
                assert director.inner_text(f"#grid-{round}-{table}") == "3/3"
            # the director corrects one result of the round (a ruling), then closes it
            table, board = 1 + round % TABLES, event.place(round, 1 + round % TABLES).boards[0]
            ruling = Entry(round, table, board, "3N", "S", 9 + round % 3)
            for name, value in (("round", round), ("table", table), ("board", board), ("contract", "3N"),
                                ("declarer", "S"), ("tricks", ruling.tricks)):
                director.fill(f"#edit-{name}", str(value))
            submit(director, "edit-submit")
            assert "ok" in director.get_attribute("#msg", "class")
            results[ruling.key] = ruling
            assert "director" in director.inner_text("#corrections")
            live = director_percents(director)
            expected = engine_percents(results)
            assert live.keys() == expected.keys()
            assert all(live[pair] == pytest.approx(expected[pair], abs=0.005) for pair in expected)
            submit(director, f"close-{round}-submit")
            assert "ok" in director.get_attribute("#msg", "class")
        submit(phones[1], "reload")  # the phone moves on to the next round once the director has closed this one
        assert phones[1].inner_text("#where") == f"Table 1, round {PLAYED + 1}"
        assert state(phones[1], event.place(PLAYED + 1, 1).boards[0]) == "open"
    finally:
        for context in contexts:
            context.close()
        served.stop()
    written = subprocess.run([sys.executable, "-m", "xlbridge", "serve", "--write", str(book)], capture_output=True,
                             text=True, timeout=120)
    assert written.returncode == 0, written.stderr
    [calc] = lo.recalc([book], tmp_path / "calc")
    values = lo.Values(calc)
    assert not values.errors()
    assert values.read("ResultsEntered") == [len(results)] == [TABLES * 3 * PLAYED]
    percents = {p: v for p, v in zip(values.read("PairNumber"), values.read("PairPercent"), strict=True) if p}
    expected = engine_percents(results)
    assert percents.keys() == expected.keys()
    for pair, percent in expected.items():
        assert percents[pair] == pytest.approx(percent, abs=1e-9), pair
    # the ranking as the sheet lays it out: each pair's place and percentage, as the engine ranks them
    ranked = {pair: (str(place), percent) for pair, place, percent in
              zip(values.read("RankPair"), values.read("RankPlace"), values.read("RankPercent"), strict=True) if pair}
    engine = engine_totals(results)
    assert ranked.keys() == engine.keys()
    for pair, total in engine.items():
        assert ranked[pair][0] == total.place and ranked[pair][1] == pytest.approx(total.percent, abs=1e-9), pair


@needs_chromium
@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
def test_each_page_at_a_phones_width(browser, tmp_path, lang):
    """The table's board list, a board's form with its buttons pressed, the score to confirm,
    the end of the round and the director's page, drawn in each language (saved in
    SCREENS to look at): none wider than a phone, every button a thumb's height."""
    book = write_book(tmp_path, lang)
    event = read_event(book)
    served = Served(book)
    folder = (Path(SCREENS) if SCREENS else tmp_path / "screens") / lang
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(lang)
    context = browser.new_context(viewport=PHONE)
    contexts = [context]
    try:
        phone = context.new_page()
        phone.goto(served.urls["table 2"])
        place = event.place(1, 2)

        def shot(name: str) -> None:
            phone.screenshot(path=str(folder / f"{name}.png"), full_page=True)  # first: to look at when it fails
            fits_a_phone(phone, PHONE["width"])

        shot("1-boards")
        first = Entry(1, 2, place.boards[0], "4HX", "S", 9)  # every row of buttons pressed
        pick(phone, first.board, "enter", first)
        phone.locator(f"#board-{first.board}").screenshot(path=str(folder / "2-entry.png"))
        shot("2-entry-page")
        submit(phone, f"b{first.board}-enter-submit")
        shot("3-score-to-confirm")
        for board in place.boards:
            if state(phone, board) == "open":
                enter(phone, result_for(rng, 1, 2, board))
            confirm(phone, board)
        where_next(phone, place)
        shot("4-where-next")
        desk = browser.new_context(viewport=PHONE)  # its own cookie: a login is one a browser
        contexts.append(desk)
        director = desk.new_page()
        director.goto(served.urls["director"])
        # the ranking's fields in the book's words, as its Setup sheet has them (no English in fi or ru)
        assert director.eval_on_selector_all("h3", "els => els.map(e => e.textContent)") == ["NS", "EW"]
        director.screenshot(path=str(folder / "5-director-phone.png"), full_page=True)
        submit(director, "setting-submit")  # the travellers shown: the phone's page with them
        submit(phone, "reload")
        assert phone.query_selector("#msg") is None  # a page of its own, not the last form sent again
        assert all(traveller(phone, board) for board in place.boards)
        shot("4-where-next-travellers")
        director.set_viewport_size(DESKTOP)
        director.goto(served.base + "/director")  # afresh: reloading a form's answer would send it again
        director.screenshot(path=str(folder / "6-director-desktop.png"), full_page=True)
        fits_a_phone(director, DESKTOP["width"])
        # a desktop shows the whole grid, tables by rounds, with no scrolling inside it
        assert director.evaluate("(grid => grid.scrollWidth <= grid.clientWidth)(document.getElementById('grid'))")
        director.set_viewport_size(PHONE)
        fits_a_phone(director, PHONE["width"])
    finally:
        for each in contexts:
            each.close()
        served.stop()
