"""``xlbridge serve``'s web app through its HTTP forms (Starlette's TestClient): a round
entered, confirmed and corrected; the director's ranking against the engine's
``pairs_event``; every refusal leaves the journal's rows as they were."""

from __future__ import annotations

import re
import shutil
import sqlite3
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")
with warnings.catch_warnings():  # Starlette's notice that its TestClient will want httpx2: nothing to act on here
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

from xlbridge import cli
from xlbridge.engine import pairs_event
from xlbridge.live.app import create_app
from xlbridge.live.event import read_event
from xlbridge.live.journal import journal_path

RESULTS = {  # round 1 of a 3-table Mitchell: table 1 boards 1-3, table 2 boards 4-6, table 3 boards 7-9
    (1, 1): ("4", "S", "", "N", "10"), (1, 2): ("3", "N", "", "S", "8"), (1, 3): ("2", "H", "X", "E", "8"),
    (2, 4): ("1", "N", "", "W", "7"), (2, 5): ("PASS",), (2, 6): ("6", "D", "", "N", "12"),
    (3, 7): ("4", "S", "", "N", "9"), (3, 8): ("3", "N", "", "S", "10"), (3, 9): ("5", "C", "XX", "W", "11"),
}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("serve")
    assert cli.main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "3", "--boards", "9",
                     "--out", str(folder)]) == 0
    return folder / "pairs.xlsx"


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(template, tmp_path / "club.xlsx"))


def app_for(book: Path, **limits: object):
    return create_app(book, read_event(book), **limits)


def rows(book: Path) -> list[tuple]:
    """Every row of the journal but the requests' (the state a refusal must leave)."""
    with sqlite3.connect(journal_path(book)) as db:
        return [(name, *row) for name in ("entries", "corrections", "closed", "settings")
                for row in db.execute(f"SELECT * FROM {name} ORDER BY 1, 2")]


class Phone:
    """A phone: logged in by its code, posting the forms as a browser would."""

    def __init__(self, app, code: str) -> None:
        self.client = TestClient(app, follow_redirects=True)
        self.page = self.client.get(code)
        assert self.page.status_code == 200, self.page.text
        self.csrf = re.search(r'name="csrf" value="([^"]+)"', self.page.text).group(1)
        self.keys = 0

    def post(self, path: str, key: str | None = None, csrf: bool = True, **fields: object):
        self.keys += 1
        data = {"key": key or f"key-{self.keys:06d}", **{name: str(value) for name, value in fields.items()}}
        if csrf:
            data["csrf"] = self.csrf
        return self.client.post(path, data=data)

    def enter(self, table: int, board: int, result: tuple[str, ...], action: str = "enter", round: int = 1, **more):
        fields = dict(zip(("level", "strain", "doubling", "declarer", "tricks"), result, strict=False))
        return self.post(f"/table/{action}", board=board, round=round, table=table, **fields, **more)


def message(response) -> str:
    found = re.search(r'id="msg"[^>]*>([^<]*)', response.text)
    return found.group(1) if found else response.text.strip()


def codes(app) -> dict[str, str]:
    return app.app.state.server.codes


def test_a_round_entered_confirmed_corrected_and_ranked_as_the_engine(book):
    app = app_for(book)
    code = codes(app)
    phones = {table: Phone(app, f"/t/{code[f't{table}']}") for table in (1, 2, 3)}
    assert "NS 1" in phones[1].page.text and "EW 4" in phones[1].page.text and "Boards 1-3" in phones[1].page.text
    for (table, board), result in RESULTS.items():
        answer = phones[table].enter(table, board, result)
        assert answer.status_code == 200, message(answer)
        assert message(answer).startswith(f"Saved: board {board}")
    # the score on the phone is the engine's, North-South's view, on the board's vulnerability
    page = phones[1].client.get("/table").text
    assert re.search(r'id="result-1"><b>4SN=</b> · Score for North-South: 420', page)
    assert re.search(r'id="result-3"><b>2HXE=</b> · Score for North-South: -670', page)  # board 3: EW vulnerable
    for (table, board) in RESULTS:
        assert phones[table].post("/table/confirm", board=board, round=1, table=table).status_code == 200
    assert {row[8] for row in rows(book) if row[0] == "entries"} == {"confirmed"}
    # a correction before the round is closed: logged, and back to East-West to confirm
    answer = phones[1].enter(1, 2, ("3", "N", "", "S", "9"), action="correct")
    assert answer.status_code == 200, message(answer)
    assert 'id="state-2" data-state="entered"' in answer.text
    assert phones[1].post("/table/confirm", board=2, round=1, table=1).status_code == 200
    log = [row for row in rows(book) if row[0] == "corrections"]
    assert [(row[3], row[4], row[5], row[6], row[7], row[8]) for row in log] == [("t1", 1, 1, 2, "3N S 8", "3N S 9")]
    # the round is done: where everyone goes next, in the table card's words
    done = phones[1].client.get("/table").text
    assert 'id="next"' in done and "table 3" in done and "table 1 NS" in done and "table 2 EW" in done

    director = Phone(app, f"/d/{code['director']}")
    assert director.post("/director/close", round=1).status_code == 200
    live = read_event(book)
    results = {(1, place.table, board): RESULTS[place.table, board] for place in live.places if place.round == 1
               for board in place.boards}
    results[1, 1, 2] = ("3", "N", "", "S", "9")
    for number, place in enumerate(place for place in live.places if place.round == 2):
        for board in place.boards:  # round 2's boards are round 1's, played by other pairs
            result = ("3", "N", "", "S", str(7 + (board + number) % 4)) if board % 3 else ("4", "H", "X", "W", "9")
            assert phones[place.table].enter(place.table, board, result, round=2).status_code == 200
            confirmed = phones[place.table].post("/table/confirm", board=board, round=2, table=place.table)
            assert confirmed.status_code == 200
            results[2, place.table, board] = result
    page = director.client.get("/director").text
    shown = re.findall(r"<tr><td>([^<]+)</td><td>(\d+)</td><td>[^<]*</td><td>([\d.]+)%</td></tr>", page)
    entries = []
    for (round, table, board), result in results.items():
        place = live.place(round, table)
        if result == ("PASS",):
            entries.append((board, place.ns, place.ew, "PASS", None, None))
        else:
            level, strain, doubling, declarer, tricks = result
            entries.append((board, place.ns, place.ew, f"{level}{strain}{doubling}", declarer, int(tricks)))
    scored = pairs_event(entries, mpscale=live.event.scale, **live.event.options)
    expected = {(total.place, total.pair, f"{total.percent:.2f}") for field in scored.field_list
                for total in scored.ranking(field)}
    assert {(place, int(pair), percent) for place, pair, percent in shown} == expected
    assert len(expected) == 6 and len({percent for _, _, percent in expected}) > 1


def test_refusals_leave_the_journal_unchanged(book):
    app = app_for(book)
    code = codes(app)
    one, two = Phone(app, f"/t/{code['t1']}"), Phone(app, f"/t/{code['t2']}")
    assert one.enter(1, 1, ("4", "S", "", "N", "10")).status_code == 200
    before = rows(book)
    refused = [
        (one.enter(1, 4, ("4", "S", "", "N", "10")), 403, "Board 4 is not played at table 1 in round 1."),
        (one.enter(1, 2, ("8", "S", "", "N", "10")), 400, "Choose a level and a suit, or Pass."),
        (one.enter(1, 2, ("4", "S", "", "N", "14")), 400, "Choose the tricks taken, 0-13."),
        (one.enter(1, 2, ("4", "S", "", "Q", "10")), 400, "Choose the declarer: N, E, S or W."),
        (two.enter(1, 2, ("4", "S", "", "N", "10")), 403, "This phone is table 2; it cannot write table 1."),
        (two.enter(2, 2, ("4", "S", "", "N", "10")), 403, "Board 2 is not played at table 2 in round 1."),
        (one.enter(1, 2, ("4", "S", "", "N", "10"), round=2), 403, "Round 2 is closed"),
        (one.enter(1, 1, ("3", "N", "", "S", "9")), 409, "Board 1 is already entered: 4SN=."),
        (one.enter(1, 2, ("4", "S", "", "N", "10"), csrf=False), 403, "This form is not from this page"),
        (one.client.post("/table/enter", data={"csrf": two.csrf, "key": "another-login", "board": "2", "round": "1",
                                               "table": "1", "level": "PASS"}), 403, "This form is not from this page"),
        (one.post("/table/confirm", board=2, round=1, table=1), 409, "Board 2 has no entry yet."),
        (TestClient(app).get("/t/not-a-code"), 403, "Wrong code"),
        (TestClient(app).get(f"/t/{code['director']}"), 403, "Wrong code"),
        (TestClient(app).post("/table/enter", data={"board": "2"}), 403, "Not logged in"),
        (one.client.get("/director"), 403, "Not logged in"),
        (one.client.post("/table/enter", content=b"x" * 9000,
                         headers={"content-type": "application/x-www-form-urlencoded"}), 413, "Request too large."),
    ]
    for answer, status, text in refused:
        assert (answer.status_code, message(answer)[:len(text)]) == (status, text)
    assert rows(book) == before
    # the second entry is refused and shows the first one
    assert 'id="result-1"><b>4SN=</b>' in refused[7][0].text
    director = Phone(app, f"/d/{code['director']}")
    answer = director.post("/director/result", round=1, table=1, board=2, contract="8S", declarer="N", tricks=10)
    assert answer.status_code == 400 and "That result cannot be" in message(answer)
    assert director.post("/director/result", round=1, table=1, board=5, contract="4S", declarer="N",
                         tricks=10).status_code == 400
    assert rows(book) == before
    # a closed round: the table's code cannot write it, the director still can (logged)
    assert director.post("/director/close", round=1).status_code == 200
    closed = rows(book)
    answer = one.enter(1, 2, ("4", "S", "", "N", "10"))
    assert (answer.status_code, message(answer)) == (403, "Round 1 is closed: only the director can change it.")
    assert rows(book) == closed
    assert "Table 1, round 2" in one.client.get("/table").text
    answer = director.post("/director/result", round=1, table=1, board=2, contract="3nx", declarer="s", tricks=8)
    assert answer.status_code == 200, message(answer)
    assert [row[3:] for row in rows(book) if row[0] == "corrections"] == [("director", 1, 1, 2, "-", "3NX S 8")]


def test_a_flood_is_refused_and_writes_nothing(book):
    # The login's budget: its page, then two requests an entry (the POST, and the page it is sent on to).
    app = app_for(book, rate_login=(7, 60.0))
    one = Phone(app, f"/t/{codes(app)['t1']}")  # the code's request, then the login's first: its page
    assert one.enter(1, 1, ("4", "S", "", "N", "10")).status_code == 200
    before = rows(book)
    statuses = [one.enter(1, board, ("4", "S", "", "N", "10")).status_code for board in (2, 3, 2, 3, 2, 3)]
    assert statuses[:2] == [200, 200] and set(statuses[2:]) == {429}
    after = rows(book)
    assert len([row for row in after if row[0] == "entries"]) == 3
    flooded = [one.enter(1, 3, ("1", "C", "", "N", "7"), action="correct").status_code for _ in range(20)]
    assert set(flooded) == {429} and rows(book) == after != before
    address = app_for(book, rate_address=(3, 60.0))
    client = TestClient(address)
    assert [client.get("/style.css").status_code for _ in range(4)] == [200, 200, 200, 429]


def test_a_retry_with_the_same_key_doubles_nothing(book):
    app = app_for(book)
    one = Phone(app, f"/t/{codes(app)['t1']}")
    first = one.enter(1, 1, ("4", "S", "", "N", "10"), key="retry-key-1")
    saved = rows(book)
    again = one.enter(1, 1, ("4", "S", "", "N", "10"), key="retry-key-1")
    assert (first.status_code, again.status_code) == (200, 200)
    assert message(again) == message(first) == "Saved: board 1, 4SN=, NS +420."
    assert rows(book) == saved and len([row for row in saved if row[0] == "entries"]) == 1
    # a correction retried is logged once
    for _ in range(3):
        assert one.enter(1, 1, ("5", "S", "", "N", "10"), action="correct", key="retry-key-2").status_code == 200
    assert len([row for row in rows(book) if row[0] == "corrections"]) == 1


def test_pages_carry_the_security_headers_and_no_script(book):
    app = app_for(book)
    one = Phone(app, f"/t/{codes(app)['t1']}")
    page = one.client.get("/table")
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert page.headers["referrer-policy"] == "no-referrer" and page.headers["x-frame-options"] == "DENY"
    assert "<script" not in page.text and "http" not in page.text.replace("http-equiv", "")
    # every control has a name and an id; every button a visible label
    for control in re.findall(r"<input [^>]*>", page.text):
        assert 'name="' in control and ('id="' in control or 'type="hidden"' in control), control
    assert all(label.strip() for label in re.findall(r"<button[^>]*>([^<]*)</button>", page.text))
    assert one.client.get("/").status_code == 404 and one.client.get("/../club.xlsx").status_code == 404


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_the_pages_speak_the_books_language(template, tmp_path, lang):
    assert cli.main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "3", "--boards", "9",
                     "--lang", lang, "--out", str(tmp_path)]) == 0
    book = tmp_path / "pairs.xlsx"
    event = read_event(book)
    assert event.lang == lang
    app = create_app(book, event)
    one = Phone(app, f"/t/{codes(app)['t1']}")
    words = {"fi": ("Pöytä 1, kierros 1", "pöytä 3"), "ru": ("Стол 1, раунд 1", "стол 3")}[lang]
    assert words[0] in one.page.text
    for board in (1, 2, 3):
        one.enter(1, board, ("PASS",))
        one.post("/table/confirm", board=board, round=1, table=1)
    assert words[1] in one.client.get("/table").text  # where the boards go, as the book's table card says


def test_other_books_are_refused_in_one_line(tmp_path, capsys):
    assert cli.main(["workbooks", "teams", "pairs", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    for name, what in (("teams.xlsx", "is a team match"), ("pairs.xlsx", "is a pairs event with no movement")):
        assert cli.main(["serve", str(tmp_path / name), "--no-cards"]) == 2
        err = capsys.readouterr().err
        assert what in err and "serves a pairs event written from a movement" in err and err.count("\n") == 1


def test_write_puts_the_confirmed_entries_into_the_book(book, capsys):
    app = app_for(book)
    one = Phone(app, f"/t/{codes(app)['t1']}")
    one.enter(1, 1, ("4", "S", "", "N", "10"))
    one.post("/table/confirm", board=1, round=1, table=1)
    one.enter(1, 2, ("3", "N", "", "S", "9"))  # not confirmed: not written
    app.app.state.server.journal.close()
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert capsys.readouterr().out.startswith(f"{book}: 1 result written")
    typed = read_event(book).typed
    assert [(key, result.play.contract) for key, result in typed.items()] == [((1, 1, 1), "4S")]


def test_the_traveller_is_shown_after_entry_when_the_club_chose_it(book):
    app = app_for(book)
    code = codes(app)
    one = Phone(app, f"/t/{code['t1']}")
    answer = one.enter(1, 1, ("4", "S", "", "N", "10"))
    assert 'id="traveller-1"' not in answer.text
    director = Phone(app, f"/d/{code['director']}")
    answer = director.post("/director/setting", show="yes")
    assert re.search(r'id="traveller-setting">yes<', answer.text)
    page = one.client.get("/table").text
    assert re.search(r'id="traveller-1">.*<tr><td>1</td><td>4SN=</td><td>420</td></tr></table>', page)


def test_the_directors_button_writes_the_book_or_says_it_is_open(book):
    app = app_for(book)
    code = codes(app)
    one = Phone(app, f"/t/{code['t1']}")
    one.enter(1, 1, ("4", "S", "", "N", "10"))
    one.post("/table/confirm", board=1, round=1, table=1)
    director = Phone(app, f"/d/{code['director']}")
    lock = book.with_name(f".~lock.{book.name}#")
    lock.write_text("someone,at the club;")
    before, data = rows(book), book.read_bytes()
    answer = director.post("/director/write")
    assert answer.status_code == 409 and message(answer).startswith("Not written: ")
    assert "LibreOffice" in message(answer) and book.read_bytes() == data and rows(book) == before
    lock.unlink()
    answer = director.post("/director/write")
    assert (answer.status_code, message(answer)) == (200, f"{book}: 1 result written")
    typed = read_event(book).typed
    assert [(key, r.play.contract, r.play.tricks) for key, r in typed.items()] == [((1, 1, 1), "4S", 10)]


def test_the_director_sees_what_is_in_and_the_late_tables(book):
    app = app_for(book)
    code = codes(app)
    one, two = Phone(app, f"/t/{code['t1']}"), Phone(app, f"/t/{code['t2']}")
    director = Phone(app, f"/d/{code['director']}")
    assert re.search(r'id="late">none<', director.page.text)
    for board in (1, 2, 3):  # table 1 finishes round 1; table 2 has one board entered, not confirmed
        one.enter(1, board, ("PASS",))
        one.post("/table/confirm", board=board, round=1, table=1)
    two.enter(2, 4, ("1", "N", "", "W", "7"))
    page = director.client.get("/director").text
    assert re.search(r'id="grid-1-1">3/3<', page) and re.search(r'id="grid-1-2">0/3 \(\+1\)<', page)
    assert re.search(r'id="grid-1-3">0/3<', page) and re.search(r'id="late">2, 3<', page)


def test_without_the_serve_extra_one_line(book, monkeypatch, capsys):
    from xlbridge.commands import serve

    real = serve.importlib.util.find_spec
    monkeypatch.setattr(serve.importlib.util, "find_spec", lambda name: None if name == "uvicorn" else real(name))
    assert cli.main(["serve", str(book), "--no-cards"]) == 2
    assert capsys.readouterr().err == "xlbridge: xlbridge serve needs its web server: pip install 'xlbridge[serve]'\n"
    assert not journal_path(book).exists()


def test_an_individual_is_served_seat_by_seat_and_ranked_as_the_engine(tmp_path):
    from xlbridge.event import Play
    from xlbridge.event.individual import IndividualEvent, IndividualResult, score_individual

    assert cli.main(["workbooks", "individual", "--players", "8", "--out", str(tmp_path)]) == 0
    book = tmp_path / "individual.xlsx"
    event = read_event(book)
    app = create_app(book, event)
    code = codes(app)
    results = []
    for table in (1, 2):
        place = event.place(1, table)
        phone = Phone(app, f"/t/{code[f't{table}']}")
        players = re.search(r'id="pairs">(.*?)</p>', phone.page.text).group(1)
        assert players == "<br>".join(f"{seat} {player}" for seat, player in zip("NESW", place.seats, strict=True))
        for board in place.boards:
            result = ("4", "S", "", "N", str(8 + board + table))
            assert phone.enter(table, board, result).status_code == 200
            assert phone.post("/table/confirm", board=board, round=1, table=table).status_code == 200
            results.append(IndividualResult(1, table, board, place.seats, Play("4S", "N", 8 + board + table)))
    # where each player goes next, in the guide cards' words (table and seat)
    done = phone.client.get("/table").text
    going = dict(re.findall(r"<tr><th>(\d+)</th><td>([^<]+)</td></tr>", done))
    for player in place.seats:
        there = next(p for p in event.places if p.round == 2 and player in p.seats)
        seat = ("North", "East", "South", "West")[there.seats.index(player)]
        assert going[str(player)] == f"Table {there.table}, {seat}"
    director = Phone(app, f"/d/{code['director']}")
    shown = re.findall(r"<tr><td>([^<]+)</td><td>(\d+)</td><td>[^<]*</td><td>([\d.]+)%</td></tr>", director.page.text)
    assert "<th>Player</th>" in director.page.text
    report = score_individual(IndividualEvent("", "", (), tuple(results), event.event.scale, event.event.options))
    assert {(place, int(player), percent) for place, player, percent in shown} == {
        (total.place, total.player, f"{total.percent:.2f}") for total in report.ranking()}
    assert len(shown) == 8


def test_the_director_confirms_what_east_west_left(book):
    app = app_for(book)
    code = codes(app)
    one = Phone(app, f"/t/{code['t1']}")
    one.enter(1, 1, ("4", "S", "", "N", "10"))
    director = Phone(app, f"/d/{code['director']}")
    assert re.search(r'id="grid-1-1">0/3 \(\+1\)<', director.page.text)
    answer = director.post("/director/result", round=1, table=1, board=1, contract="4S", declarer="N", tricks=10)
    assert answer.status_code == 200 and re.search(r'id="grid-1-1">1/3<', answer.text)
    assert [row[8:10] for row in rows(book) if row[0] == "entries"] == [("confirmed", "t1")]
    assert not [row for row in rows(book) if row[0] == "corrections"]  # the same result: nothing corrected


def test_the_cards_point_where_the_phones_can_reach(book, monkeypatch, capsys):
    """On the loopback address no card is printed (its codes would send every phone
    nowhere); on the Wi-Fi the cards are printed once and kept while the address is the
    same; printed for another address, they are replaced only with --force."""
    import uvicorn

    from xlbridge.commands import serve
    from xlbridge.live import cards

    printed: list[str] = []

    def table_cards(title, tables, director, lang, out, *, force=False):
        printed.append(director.split("/d/")[0])
        out.write_bytes(b"%PDF-1.4 cards for " + director.encode())
        return out

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(cards, "table_cards", table_cards)
    pdf = book.with_name(f"{book.stem}-tables.pdf")
    assert cli.main(["serve", str(book)]) == 0
    assert "127.0.0.1 is this computer only" in capsys.readouterr().out and not pdf.exists()
    monkeypatch.setattr(serve, "_address", lambda host: "192.168.1.20")
    assert cli.main(["serve", str(book), "--host", "0.0.0.0", "--port", "8000"]) == 0
    assert printed == ["http://192.168.1.20:8000"] and f"Wrote {pdf}" in capsys.readouterr().out
    first = pdf.read_bytes()
    assert cli.main(["serve", str(book), "--host", "0.0.0.0", "--port", "8000"]) == 0
    assert "kept (the codes are the same)" in capsys.readouterr().out and len(printed) == 1
    monkeypatch.setattr(serve, "_address", lambda host: "192.168.1.31")
    assert cli.main(["serve", str(book), "--host", "0.0.0.0", "--port", "8000"]) == 0
    out = capsys.readouterr().out
    assert "printed for http://192.168.1.20:8000, not http://192.168.1.31:8000" in out and "--force" in out
    assert pdf.read_bytes() == first and len(printed) == 1
    assert cli.main(["serve", str(book), "--host", "0.0.0.0", "--port", "8000", "--force"]) == 0
    assert printed[-1] == "http://192.168.1.31:8000" and pdf.read_bytes() != first


def test_a_playing_director_uses_one_phone_for_the_table_and_the_director(book):
    """The table's and the director's logins are cookies of their own: logging in as the
    director keeps the table's login, and each page's forms carry their own login's token."""
    app = app_for(book)
    phone = Phone(app, f"/t/{codes(app)['t1']}")
    table_csrf = phone.csrf
    assert phone.client.get(f"/d/{codes(app)['director']}").status_code == 200
    assert phone.client.get("/table").status_code == 200
    assert phone.enter(1, 1, ("4", "S", "", "N", "10")).status_code == 200
    director_csrf = re.search(r'name="csrf" value="([^"]+)"', phone.client.get("/director").text).group(1)
    assert director_csrf != table_csrf
    # A table's token does not pass on the director's forms, nor the director's on a table's.
    before = rows(book)
    assert phone.post("/director/close", round=1).status_code == 403
    phone.csrf = director_csrf
    assert phone.enter(1, 2, ("3", "N", "", "S", "9")).status_code == 403
    assert rows(book) == before
    assert phone.post("/director/close", round=1).status_code == 200
    assert 1 in {row[1] for row in rows(book) if row[0] == "closed"}


def test_a_saved_entry_sends_the_phone_to_its_page(book):
    """Post, redirect, get: a reload of the page after an entry shows it again and never
    offers to send the form a second time; a refusal answers at once with its status."""
    app = app_for(book)
    one = Phone(app, f"/t/{codes(app)['t1']}")
    one.client.follow_redirects = False
    answer = one.enter(1, 1, ("4", "S", "", "N", "10"))
    assert (answer.status_code, answer.headers["location"]) == (303, "/table?saved=1")
    page = one.client.get("/table?saved=1")
    assert "4♠" in message(page) or "4S" in message(page)
    assert "NS +420" in message(page)
    answer = one.post("/table/confirm", board=1, round=1, table=1)
    assert (answer.status_code, answer.headers["location"]) == (303, "/table?confirmed=1")
    assert one.enter(1, 1, ("3", "N", "", "S", "9")).status_code == 409
