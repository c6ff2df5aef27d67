"""``xlbridge serve`` as a real server (a uvicorn subprocess on 127.0.0.1, a free port) under
faults: two phones entering the same board at once, and the server killed with SIGKILL at
random moments while phones enter and confirm: every entry a phone was told was saved is in
the journal after the restart, and none is doubled."""

from __future__ import annotations

import random
import re
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")
httpx = pytest.importorskip("httpx", reason="the test extra is not installed: pip install 'xlbridge[test]'")

from tests.serving import Served, free_port  # noqa: E402
from xlbridge import cli  # noqa: E402
from xlbridge.live.event import read_event  # noqa: E402
from xlbridge.live.journal import journal_path  # noqa: E402

KILL_SECONDS = 45.0
"""How long the kill -9 trials may run in all (a restart takes 1.5-3 s here: Python,
openpyxl and the book read again)."""
TRIALS = 50


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("faults")
    assert cli.main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "3", "--boards", "9",
                     "--out", str(folder)]) == 0
    return folder / "pairs.xlsx"


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(template, tmp_path / "club.xlsx"))


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """A 7-table Mitchell, 7 rounds of 3 boards: 147 results, more than 50 short trials enter."""
    assert cli.main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "7", "--boards", "21",
                     "--out", str(tmp_path)]) == 0
    return tmp_path / "pairs.xlsx"


class Phone:
    """An HTTP client logged in by a code; posts forms with its own idempotency keys."""

    def __init__(self, url: str) -> None:
        self.client = httpx.Client(timeout=10, follow_redirects=True)
        page = self.client.get(url)
        assert page.status_code == 200, page.text
        self.csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
        self.base = url.split("/t/")[0].split("/d/")[0]

    def post(self, path: str, fields: dict[str, str]) -> httpx.Response:
        return self.client.post(self.base + path, data={"csrf": self.csrf, **fields})


def entries(book: Path) -> list[tuple]:
    with sqlite3.connect(journal_path(book)) as db:
        return db.execute("SELECT round, table_no, board, contract, declarer, tricks, state FROM entries").fetchall()


def test_two_phones_at_one_table_entering_the_same_board_at_once(book):
    served = Served(book, free_port())
    try:
        places = [p for p in read_event(book).places if p.round == 1]
        for place in places:
            phones = [Phone(served.urls[f"table {place.table}"]) for _ in range(2)]  # two phones at one table
            for board in place.boards:
                start = threading.Barrier(2)
                answers: list[httpx.Response] = [None, None]  # type: ignore[list-item]

                def enter(index: int, phone: Phone, board: int = board, table: int = place.table,
                          start: threading.Barrier = start, answers: list = answers) -> None:
                    fields = {"key": f"phone-{index}-{board}", "board": str(board), "round": "1", "table": str(table),
                              "level": "3", "strain": "N", "doubling": "", "declarer": "S", "tricks": str(8 + index)}
                    start.wait()
                    answers[index] = phone.post("/table/enter", fields)

                threads = [threading.Thread(target=enter, args=(index, phone)) for index, phone in enumerate(phones)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                assert sorted(answer.status_code for answer in answers) == [200, 409]
                winner = 0 if answers[0].status_code == 200 else 1
                stored = [row for row in entries(book) if row[:3] == (1, place.table, board)]
                assert stored == [(1, place.table, board, "3N", "S", 8 + winner, "entered")]
                # the loser sees the winner's entry
                assert f"already entered: 3NTS{'-1' if winner == 0 else '='}" in answers[1 - winner].text
        assert len(entries(book)) == 9
    finally:
        served.kill()


def test_kill_9_at_random_moments_loses_no_saved_entry(evening):
    book = evening
    rng = random.Random(23)
    places = sorted(read_event(book).places, key=lambda p: (p.round, p.table))
    tasks = [(p.round, p.table, board) for p in places if not p.sits_out for board in p.boards]
    told: dict[tuple[int, int, int], str] = {}  # what a phone was told: "entered" or "confirmed"
    unanswered: list[tuple[str, str, dict[str, str]]] = []  # (who, path, fields): retried with the same key
    served = Served(book, free_port())
    phones = {who: Phone(url) for who, url in served.urls.items()}
    codes = {who: url.removeprefix(served.base) for who, url in served.urls.items()}
    started, trials, kills_while_posting = time.monotonic(), 0, 0
    closed: set[int] = set()  # the rounds the director was told are closed

    def request(who: str, path: str, fields: dict[str, str]) -> bool:
        """Post; True when answered (the answer recorded), False when the server died under it."""
        try:
            answer = phones[who].post(path, fields)
        except httpx.TransportError:
            unanswered.append((who, path, fields))
            return False
        assert answer.status_code == 200, (path, fields, answer.status_code, answer.text[-300:])
        if path in ("/table/enter", "/table/confirm"):
            where = (int(fields["round"]), int(fields["table"]), int(fields["board"]))
            told[where] = "entered" if path == "/table/enter" else "confirmed"
        return True

    def phones_at_work(stop: threading.Event) -> None:
        while unanswered and not stop.is_set():  # a phone's retry: the same form, the same key
            if not request(*unanswered.pop(0)):
                return
        while tasks and not stop.is_set():
            round, table, board = tasks[0]
            if round > 1 and round - 1 not in closed:  # the director closes the round before
                if not request("director", "/director/close", {"key": f"close-round-{round - 1}",
                                                               "round": str(round - 1)}):
                    return
                closed.add(round - 1)
            fields = {"round": str(round), "table": str(table), "board": str(board)}
            result = {"level": str(1 + board % 7), "strain": "SHDCN"[board % 5], "doubling": "",
                      "declarer": "NESW"[board % 4], "tricks": str((board * 5 + round) % 14)}
            if not request(f"table {table}", "/table/enter", {"key": f"enter-{round}-{table}-{board}",
                                                             **fields, **result}):
                return
            if not request(f"table {table}", "/table/confirm", {"key": f"confirm-{round}-{table}-{board}", **fields}):
                return
            tasks.pop(0)

    failures: list[BaseException] = []

    def guarded(stop: threading.Event) -> None:
        try:
            phones_at_work(stop)
        except BaseException as error:  # raised again in the test's own thread
            failures.append(error)

    def check() -> None:
        if failures:
            raise failures[0]
        stored = {row[:3]: row for row in entries(book)}
        for where, state in told.items():
            assert where in stored, f"{where} was told {state} and is not in the journal"
            assert state == "entered" or stored[where][6] == "confirmed", (where, stored[where])
        assert len(stored) == len(entries(book))  # one row a board and table (none doubled)
        with sqlite3.connect(journal_path(book)) as db:
            assert db.execute("SELECT count(*) FROM corrections").fetchone() == (0,)  # nothing written twice

    try:
        while trials < TRIALS and time.monotonic() - started < KILL_SECONDS and (tasks or unanswered):
            stop = threading.Event()
            worker = threading.Thread(target=guarded, args=(stop,))
            worker.start()
            time.sleep(rng.uniform(0.0, 0.1))  # a few requests a trial: the kills land all through the evening
            kills_while_posting += worker.is_alive()
            served.kill()
            stop.set()
            worker.join()
            trials += 1
            # a new port each time: another program may have taken the last one meanwhile
            served = Served(book, free_port())
            assert {who: url.removeprefix(served.base) for who, url in served.urls.items()} == codes  # cards valid
            for phone in phones.values():  # the same phones, logged in still (the cookies are the journal's)
                phone.base = served.base
            check()
        phones_at_work(threading.Event())  # the rest, with no more kills
        check()
    finally:
        served.kill()
        for phone in phones.values():
            phone.client.close()
    assert trials >= 10 and kills_while_posting >= trials // 2, (trials, kills_while_posting)
    assert not tasks and not unanswered and len(told) == len(entries(book)) == 147
    assert set(told.values()) == {"confirmed"}
    print(f"{trials} kills ({kills_while_posting} while posting) in {time.monotonic() - started:.0f} s")
