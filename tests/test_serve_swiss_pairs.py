"""``xlbridge serve`` for a Swiss pairs event (swiss-pairs.xlsx, issue 22 part 4) through its
HTTP forms: match k of a drawn round at table k, a round entered and confirmed from the
phones, the director's VPs against the kind's scoring of the same results typed into a copy
of the book, ``--write`` then ``check`` and ``draw`` from the written book, served again for
round 2; bad input refused with the journal unchanged; an odd number of pairs (the bye)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")

from tests.test_serve import Phone, codes, message
from xlbridge import cli, kinds
from xlbridge import workbooks as W
from xlbridge.live.app import create_app
from xlbridge.live.event import read_event

NAMES = ("Ann & Bo", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kim & Lu", "Mo & Ned", "Olly & Pat")
RESULT = ("Contract", "Declarer", "Tricks")
SIDES = ("MatchRound", "MatchNS", "MatchEW", "Board")
PLAYS = (  # round 1's results by table, then board: level, suit, double, declarer, tricks
    (("4", "S", "", "N", "10"), ("3", "N", "", "S", "9")),
    (("4", "S", "", "N", "9"), ("3", "N", "", "S", "10")),
    (("2", "H", "X", "E", "8"), ("PASS",)),
    (("3", "H", "", "W", "9"), ("1", "N", "", "S", "6")),
)
VP_ROW = r"<tr><td>([^<]+)</td><td>(\d+)</td><td>([^<]*)</td><td>([\d.]+)</td></tr>"


def built(folder: Path, pairs: int, boards: int = 2, lang: str = "en") -> Path:
    """A swiss-pairs.xlsx of ``pairs`` pairs and 3 rounds, named, with round 1 drawn (as written)."""
    assert cli.main(["workbooks", "swiss-pairs", "--pairs", str(pairs), "--rounds", "3", "--boards", str(boards),
                     "--lang", lang, "--out", str(folder)]) == 0
    book = folder / "swiss-pairs.xlsx"
    workbook = load_workbook(book)
    names = W.read_named(workbook, "PairName")
    W.write_named(workbook, "PairName", [NAMES[i] if i < pairs else value for i, value in enumerate(names)])
    workbook.save(book)
    return book


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory.mktemp("serve-swiss"), 8)


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(template, tmp_path / "swiss.xlsx"))


def read(book: Path, names: tuple[str, ...]) -> list[tuple]:
    """The Results rows' cells of ``names``, read straight from the sheet, in its order."""
    workbook = load_workbook(book)
    try:
        return list(zip(*(W.read_named(workbook, name) for name in names), strict=True))
    finally:
        workbook.close()


def matches_of(book: Path, round: int) -> list[tuple[int, int]]:
    """Round ``round``'s matches (NS, EW) in the rows' order: match k at table k."""
    return list(dict.fromkeys((ns, ew) for r, ns, ew, _ in read(book, SIDES) if r == round and ns is not None))


def boards_of(book: Path, round: int) -> list[int]:
    return sorted({board for r, _, _, board in read(book, SIDES) if r == round})


def cells(result: tuple[str, ...]) -> tuple[object, object, object]:
    """A phone's buttons as the book's three cells."""
    if result == ("PASS",):
        return ("PASS", None, None)
    level, strain, doubling, declarer, tricks = result
    return (f"{level}{strain}{doubling}", declarer, int(tricks))


def typed_copy(book: Path, folder: Path, results: dict[tuple[int, int, int], tuple[str, ...]]) -> Path:
    """A copy of ``book`` with ``results`` ((NS, EW, board): buttons) typed into their rows."""
    copy = Path(shutil.copy(book, folder / "typed.xlsx"))
    workbook = load_workbook(copy)
    keys = list(zip(*(W.read_named(workbook, name) for name in SIDES[1:]), strict=True))
    columns = {name: W.read_named(workbook, name) for name in RESULT}
    for row, key in enumerate(keys):
        if key in results:
            for name, value in zip(RESULT, cells(results[key]), strict=True):
                columns[name][row] = value
    for name, values in columns.items():
        W.write_named(workbook, name, values)
    workbook.save(copy)
    return copy


def standings(book: Path) -> list[tuple[str, str, str, str]]:
    """The kind's standings of a book's typed results, as the director's page shows a row."""
    checked = kinds.check(kinds.read(book))
    assert not checked.problems, checked.problems
    names = dict(zip(range(1, len(NAMES) + 1), NAMES, strict=True))
    return [(s.place, str(s.team), names[s.team], f"{s.vp:.2f}")
            for s in kinds.SWISS_PAIRS.score(checked.event).standings()]


def enter_round(app, book: Path, plays) -> dict[tuple[int, int, int], tuple[str, ...]]:
    """Every table of round 1 enters and confirms its boards; the results by (NS, EW, board)."""
    code = codes(app)
    boards = boards_of(book, 1)
    entered = {}
    for table, (ns, ew) in enumerate(matches_of(book, 1), start=1):
        phone = Phone(app, f"/t/{code[f't{table}']}")
        for board, result in zip(boards, plays[table - 1], strict=True):
            answer = phone.enter(table, board, result)
            assert answer.status_code == 200 and message(answer).startswith(f"Saved: board {board}"), message(answer)
            answer = phone.post("/table/confirm", board=board, round=1, table=table)
            assert answer.status_code == 200 and message(answer) == f"Confirmed: board {board}."
            entered[(ns, ew, board)] = result
    return entered


def going(page: str) -> dict[str, str]:
    """The phone's "Next" table: each pair's name and where it plays next."""
    return {html.unescape(name): html.unescape(where)
            for name, where in re.findall(r"<tr><th>([^<]+)</th><td>([^<]+)</td></tr>", page)}


def test_a_round_entered_ranked_as_the_kind_written_checked_drawn_and_served_again(book, tmp_path, capsys):
    event = read_event(book)
    matches = matches_of(book, 1)
    assert event.rounds == 1 and event.undrawn and event.tables == tuple(range(1, len(matches) + 1)) == (1, 2, 3, 4)
    app = create_app(book, event)
    code = codes(app)
    for table, (ns, ew) in enumerate(matches, start=1):
        page = Phone(app, f"/t/{code[f't{table}']}").page.text
        assert f"NS {ns} {NAMES[ns - 1]}".replace("&", "&amp;") in page
        assert f"EW {ew} {NAMES[ew - 1]}".replace("&", "&amp;") in page
        assert "Table " + f"{table}, round 1" in page and "Boards 1-2" in page
    entered = enter_round(app, book, PLAYS)
    assert len(entered) == 8
    # the round is done and round 2 is not drawn: each pair waits for the draw
    phone = Phone(app, f"/t/{code['t1']}")
    assert going(phone.page.text) == {NAMES[p - 1]: "wait for the draw" for p in matches[0]}

    expected = standings(typed_copy(book, tmp_path, entered))
    director = Phone(app, f"/d/{code['director']}")
    assert "<th>Pair</th><th>Names</th><th>VP</th>" in director.page.text
    shown = [(place, pair, names.replace("&amp;", "&"), vp) for place, pair, names, vp
             in re.findall(VP_ROW, director.page.text)]
    assert shown == expected and len({vp for *_, vp in shown}) > 2  # the tables' results differ
    assert all(f'id="grid-1-{table}">2/2<' in director.page.text for table in (1, 2, 3, 4))

    app.app.state.server.journal.close()
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert capsys.readouterr().out.startswith(f"{book}: 8 results written")
    assert read(book, RESULT) == read(tmp_path / "typed.xlsx", RESULT)  # each result in its match's row
    assert cli.main(["check", str(book)]) == 0
    assert cli.main(["serve", "--write", str(book)]) == 0  # again: nothing new
    assert "nothing written; 8 results already in the book" in capsys.readouterr().out
    assert cli.main(["draw", str(book)]) == 0  # draw reads what --write wrote
    assert "round 2 drawn" in capsys.readouterr().out
    following = matches_of(book, 2)
    assert len(following) == 4 and not set(following) & set(matches)

    again = read_event(book)  # the server restarted: round 2 served, the same journal and codes
    assert again.rounds == 2 and again.tables == (1, 2, 3, 4) and len(again.typed) == 8
    app = create_app(book, again)
    assert codes(app) == code
    one = Phone(app, f"/t/{code['t1']}")  # round 1 is not closed yet: where each pair plays next
    for pair in matches[0]:
        k, (ns, _) = next((k, m) for k, m in enumerate(following, start=1) if pair in m)
        assert going(one.page.text)[NAMES[pair - 1]] == f"table {k} {'NS' if pair == ns else 'EW'}"
    director = Phone(app, f"/d/{code['director']}")
    shown = [(place, pair, names.replace("&amp;", "&"), vp) for place, pair, names, vp
             in re.findall(VP_ROW, director.page.text)]
    assert shown == expected  # round 1 now typed in the book: ranked the same
    assert director.post("/director/close", round=1).status_code == 200
    ns, ew = following[1]
    two = Phone(app, f"/t/{code['t2']}")
    page = two.page.text
    assert "Table 2, round 2" in page and "Boards 3-4" in page  # round 2's boards follow round 1's
    assert f"NS {ns} " in page and f"EW {ew} " in page
    # a new phone's keys: not those the test's round 1 phone sent (a real phone's are random)
    answer = two.enter(2, 3, ("3", "N", "", "S", "9"), round=2, key="round-2-enter")
    assert answer.status_code == 200 and message(answer).startswith("Saved: board 3"), message(answer)
    assert two.post("/table/confirm", key="round-2-confirm", board=3, round=2, table=2).status_code == 200
    app.app.state.server.journal.close()
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert capsys.readouterr().out.startswith(f"{book}: 1 result written; 8 results already in the book")
    row = next(i for i, (r, n, e, b) in enumerate(read(book, SIDES)) if (r, n, e, b) == (2, ns, ew, 3))
    assert read(book, RESULT)[row] == ("3N", "S", 9)
    assert cli.main(["check", str(book)]) == 0


def test_bad_input_is_one_line_and_the_journal_unchanged(book):
    app = create_app(book, read_event(book))
    journal = app.app.state.server.journal
    code = codes(app)
    one = Phone(app, f"/t/{code['t1']}")
    assert one.enter(1, 1, ("4", "S", "", "N", "10")).status_code == 200
    before = journal.entries()
    later = boards_of(book, 2)[0]  # round 2's first board: another round's
    answer = one.enter(1, later, ("4", "S", "", "N", "10"))
    assert answer.status_code == 403 and message(answer) == f"Board {later} is not played at table 1 in round 1."
    answer = one.enter(5, 1, ("4", "S", "", "N", "10"))  # 8 pairs: four tables, no table 5
    assert answer.status_code == 403 and message(answer) == "This phone is table 1; it cannot write table 5."
    assert Phone(app, "/t/" + code["t1"]).client.get("/t/nosuchcode").status_code == 403
    director = Phone(app, f"/d/{code['director']}")
    answer = director.post("/director/result", round=1, table=5, board=1, contract="4S", declarer="N", tricks=10)
    assert answer.status_code == 400 and message(answer) == "Board 1 is not played at table 5 in round 1."
    answer = director.post("/director/result", round=1, table=1, board=later, contract="4S", declarer="N", tricks=10)
    assert answer.status_code == 400 and message(answer) == f"Board {later} is not played at table 1 in round 1."
    answer = director.post("/director/close", round=2)  # not drawn: not a round served
    assert answer.status_code == 400 and message(answer) == "Round 2 is closed: only the director can change it."
    assert director.post("/director/close", round=1).status_code == 200
    answer = one.enter(1, 2, ("3", "N", "", "S", "9"))
    assert answer.status_code == 403 and message(answer) == "Round 1 is closed: only the director can change it."
    assert 'id="over"' in answer.text and "wait for the next round" in answer.text
    assert journal.entries() == before
    journal.close()


def test_odd_pairs_the_bye_has_no_table_and_its_vps_are_ranked(tmp_path, capsys):
    book = built(tmp_path, 5)
    event = read_event(book)
    bye = W.read_named(load_workbook(book), "RoundBye")[0]
    assert bye == 5 and event.tables == (1, 2)
    assert all(bye not in (place.ns, place.ew) for place in event.places)
    app = create_app(book, event)
    code = codes(app)
    assert set(code) == {"t1", "t2", "director"}
    for table in (1, 2):
        assert NAMES[bye - 1].replace("&", "&amp;") not in Phone(app, f"/t/{code[f't{table}']}").page.text
    entered = enter_round(app, book, PLAYS[1:3])
    expected = standings(typed_copy(book, tmp_path, entered))
    shown = [(place, pair, names.replace("&amp;", "&"), vp) for place, pair, names, vp
             in re.findall(VP_ROW, Phone(app, f"/d/{code['director']}").page.text)]
    bye_vp = W.read_named(load_workbook(book), "ByeVP")[0]
    assert shown == expected and len(shown) == 5
    assert [vp for _, pair, _, vp in shown if pair == str(bye)] == [f"{bye_vp:.2f}"]  # the bye's VPs, ranked
    app.app.state.server.journal.close()
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert cli.main(["draw", str(book)]) == 0
    capsys.readouterr()
    rested = W.read_named(load_workbook(book), "RoundBye")[1]
    assert rested is not None and rested != bye
    app = create_app(book, read_event(book))
    table = next(k for k, match in enumerate(matches_of(book, 1), start=1) if rested in match)
    page = Phone(app, f"/t/{code[f't{table}']}").page.text  # round 1's phone: round 2's bye pair has the bye
    assert going(page)[NAMES[rested - 1]] == "Bye"
    app.app.state.server.journal.close()


def test_the_pages_speak_the_books_language(tmp_path):
    book = built(tmp_path, 4, boards=1, lang="fi")
    event = read_event(book)
    assert event.lang == "fi"
    app = create_app(book, event)
    code = codes(app)
    phone = Phone(app, f"/t/{code['t1']}")
    assert phone.enter(1, 1, ("3", "N", "", "S", "9")).status_code == 200
    page = phone.post("/table/confirm", board=1, round=1, table=1).text
    assert set(going(page).values()) == {"odota arvontaa"}
    director = Phone(app, f"/d/{code['director']}").page.text
    assert "<th>Pari</th>" in director and "<th>VP</th>" in director
    app.app.state.server.journal.close()


def test_the_cards_are_one_a_table(book, monkeypatch, capsys):
    """``serve`` on the club's Wi-Fi prints a card for each table of the drawn rounds (four
    for eight pairs) and the director's; LibreOffice's printing is tests/test_serve_cards.py."""
    import uvicorn

    from xlbridge.commands import serve
    from xlbridge.live import cards

    printed: list[tuple[str, dict[int, str]]] = []

    def table_cards(title, tables, director, lang, out, *, force=False):
        cards.cards_sheet(title, tables, director, lang=lang)  # the cards' sheet is laid out for these tables
        printed.append((title, dict(tables)))
        out.write_bytes(b"%PDF-1.4")
        return out

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(cards, "table_cards", table_cards)
    monkeypatch.setattr(serve, "_address", lambda host: "192.168.1.20")
    assert cli.main(["serve", str(book), "--host", "0.0.0.0"]) == 0
    out = capsys.readouterr().out
    assert "4 tables, 1 rounds" in out
    event = read_event(book)
    app = create_app(book, event)
    code = codes(app)
    assert printed == [(event.name, {t: f"http://192.168.1.20:8000/t/{code[f't{t}']}" for t in (1, 2, 3, 4)})]
    app.app.state.server.journal.close()


def test_write_keeps_what_the_book_has_and_force_writes_the_journals(book, capsys):
    """--write into a match's rows: a result the book has in another spelling is left, a
    different one is a conflict kept (exit 1) until --force writes the journal's."""
    app = create_app(book, read_event(book))
    one = Phone(app, f"/t/{codes(app)['t1']}")
    for board, result in zip((1, 2), PLAYS[0], strict=True):
        assert one.enter(1, board, result).status_code == 200
        assert one.post("/table/confirm", board=board, round=1, table=1).status_code == 200
    app.app.state.server.journal.close()
    ns, ew = matches_of(book, 1)[0]
    rows = {(r, n, e, b): i for i, (r, n, e, b) in enumerate(read(book, SIDES))}
    first, second = rows[(1, ns, ew, 1)], rows[(1, ns, ew, 2)]
    workbook = load_workbook(book)
    columns = {name: W.read_named(workbook, name) for name in RESULT}
    for row, typed in ((first, ("4S", "N", 11)), (second, ("3NT", "S", 9))):  # 3NT: the journal's 3N S 9
        for name, value in zip(RESULT, typed, strict=True):
            columns[name][row] = value
    for name, values in columns.items():
        W.write_named(workbook, name, values)
    address = f"Results!F{W.named_cells(workbook, 'Contract')[first].row}"
    workbook.save(book)
    capsys.readouterr()
    assert cli.main(["serve", "--write", str(book)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{book}: nothing written; 1 result already in the book; 1 conflict kept as the book has it "
                   "(--force writes the journal's)",
                   f"round 1, table 1, board 1: the book has 4S N 11 ({address}), the journal 4S N 10; "
                   "the book's kept"]
    assert read(book, RESULT)[first] == ("4S", "N", 11)
    assert cli.main(["serve", "--write", "--force", str(book)]) == 0
    assert read(book, RESULT)[first] == ("4S", "N", 10) and read(book, RESULT)[second] == ("3NT", "S", 9)


def test_the_traveller_is_the_rounds_tables_on_the_board(book):
    """Every table plays the round's boards: a board's traveller lists each table's result."""
    app = create_app(book, read_event(book))
    code = codes(app)
    assert Phone(app, f"/d/{code['director']}").post("/director/setting", show="yes").status_code == 200
    for table, result in ((3, ("2", "H", "X", "E", "8")), (1, ("4", "S", "", "N", "10"))):
        page = Phone(app, f"/t/{code[f't{table}']}").enter(table, 1, result)
        assert page.status_code == 200, message(page)
    traveller = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td>(-?\d+)</td></tr>",
                           re.search(r'<table id="traveller-1">.*?</table>', page.text).group(0))
    assert traveller == [("1", "4SN=", "420"), ("3", "2HXE=", "-470")]  # 2HX made, not vulnerable: 470 to EW
    app.app.state.server.journal.close()
