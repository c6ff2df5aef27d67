"""The journal of ``xlbridge serve``: ``EVENT.journal.sqlite`` beside the workbook.

Every write is one transaction committed (``synchronous=FULL`` in WAL mode) before the
function returns, so a phone told "saved" holds an entry that survives a killed server.
It keeps the event's codes (made once, so printed QR cards stay valid across restarts),
the entries, the corrections' log, the closed rounds, the settings and the outcome of
every request by its idempotency key (a retried request writes nothing and gets the
first answer).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> journal = Journal(folder / "club.journal.sqlite")
>>> codes = journal.codes([1, 2])
>>> sorted(codes), len(codes["t1"]) >= 22, journal.codes([1, 2]) == codes
(['director', 't1', 't2'], True, True)
>>> entry = Entry(1, 1, 2, "4S", "N", 10)
>>> journal.enter(entry, by="t1", key="k1").status, journal.enter(entry, by="t1", key="k1").status
('saved', 'saved')
>>> journal.enter(Entry(1, 1, 2, "3N", "S", 9), by="t1", key="k2").status
'exists'
>>> [(e.entry.contract, e.state) for e in journal.entries()]
[('4S', 'entered')]
>>> journal.close()
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from .entry import Entry

ENTERED, CONFIRMED = "entered", "confirmed"
DIRECTOR = "director"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS codes (who TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS entries (
    round INTEGER NOT NULL, table_no INTEGER NOT NULL, board INTEGER NOT NULL,
    contract TEXT NOT NULL, declarer TEXT NOT NULL, tricks INTEGER, lead TEXT NOT NULL,
    state TEXT NOT NULL, entered_by TEXT NOT NULL, entered_at REAL NOT NULL,
    confirmed_by TEXT, confirmed_at REAL, key TEXT NOT NULL UNIQUE,
    PRIMARY KEY (round, table_no, board));
CREATE TABLE IF NOT EXISTS corrections (
    id INTEGER PRIMARY KEY, at REAL NOT NULL, who TEXT NOT NULL,
    round INTEGER NOT NULL, table_no INTEGER NOT NULL, board INTEGER NOT NULL, before TEXT, after TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS closed (round INTEGER PRIMARY KEY, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS requests (key TEXT PRIMARY KEY, outcome TEXT NOT NULL);
"""


def journal_path(book: Path) -> Path:
    """Where a workbook's journal is: beside it, named after it.

    >>> journal_path(Path("club/tuesday.xlsx")).as_posix()
    'club/tuesday.journal.sqlite'
    """
    return book.with_name(f"{book.stem}.journal.sqlite")


@dataclass(frozen=True)
class Stored:
    """An entry as the journal holds it: the result, its state and who did what when."""

    entry: Entry
    state: str
    entered_by: str
    entered_at: float
    confirmed_at: float | None = None

    @property
    def confirmed(self) -> bool:
        return self.state == CONFIRMED


@dataclass(frozen=True)
class Outcome:
    """What a write did: ``saved`` (or, for a retried key, what it did the first time),
    ``exists`` (the board was already entered: ``stored`` is that entry), ``missing``
    (nothing to confirm or correct)."""

    status: str
    stored: Stored | None = None


@dataclass(frozen=True)
class Correction:
    """One line of the corrections' log."""

    at: float
    who: str
    round: int
    table: int
    board: int
    before: str
    after: str


def _describe(entry: Entry | None) -> str:
    """An entry as the log shows it: ``4SX N 9 (lead SA)``; ``-`` for none."""
    if entry is None:
        return "-"
    text = " ".join(str(part) for part in (entry.contract, entry.declarer, entry.tricks) if part not in ("", None))
    return f"{text} (lead {entry.lead})" if entry.lead else text


class Journal:
    """The journal of one event. Thread-safe: one connection, writes serialised by a lock
    (the server's worker threads share it; SQLite would serialise them anyway)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        path.touch(mode=0o600, exist_ok=True)  # it holds the codes: its owner's alone when it is made
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        with self._lock:
            self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- one transaction a write -----------------------------------------------------------

    def _write(self, key: str | None, work: Callable[[sqlite3.Cursor], Outcome]) -> Outcome:
        """Run ``work(cursor) -> Outcome`` in one transaction; with ``key``, a key seen before
        returns its stored outcome and writes nothing, a new one is stored with the write."""
        with self._lock:
            cursor = self._db.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                if key is not None:
                    row = cursor.execute("SELECT outcome FROM requests WHERE key = ?", (key,)).fetchone()
                    if row is not None:
                        cursor.execute("ROLLBACK")
                        return self._outcome(json.loads(row[0]))
                outcome = work(cursor)
                if key is not None:
                    cursor.execute("INSERT INTO requests (key, outcome) VALUES (?, ?)", (key, json.dumps(
                        [outcome.status, None if outcome.stored is None else list(outcome.stored.entry.key)])))
                cursor.execute("COMMIT")
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            return outcome

    def _outcome(self, saved: list) -> Outcome:
        status, where = saved
        return Outcome(status, None if where is None else self._stored(self._db.cursor(), *where))

    # --- codes and settings ----------------------------------------------------------------

    def codes(self, tables: Iterable[int]) -> dict[str, str]:
        """Each table's code (``t3``) and the director's: made once, then always the same."""
        wanted = [f"t{table}" for table in tables] + [DIRECTOR]

        def work(cursor: sqlite3.Cursor) -> Outcome:
            have = dict(cursor.execute("SELECT who, code FROM codes"))
            for who in wanted:
                if who not in have:
                    cursor.execute("INSERT INTO codes VALUES (?, ?)", (who, secrets.token_urlsafe(18)))
            return Outcome("saved")

        self._write(None, work)
        with self._lock:
            return {who: code for who, code in self._db.execute("SELECT who, code FROM codes") if who in wanted}

    def setting(self, name: str, default: str = "") -> str:
        with self._lock:
            row = self._db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return default if row is None else row[0]

    def set_setting(self, name: str, value: str) -> None:
        self._write(None, lambda cursor: (cursor.execute(
            "INSERT OR REPLACE INTO settings VALUES (?, ?)", (name, value)), Outcome("saved"))[1])

    def secret(self) -> bytes:
        """The key that signs the phones' cookies, made once (a restart keeps them logged in)."""
        value = self.setting("secret")
        if not value:
            self._write(None, lambda cursor: (cursor.execute(
                "INSERT OR IGNORE INTO settings VALUES ('secret', ?)", (secrets.token_hex(32),)), Outcome("saved"))[1])
            value = self.setting("secret")
        return bytes.fromhex(value)

    # --- entries -----------------------------------------------------------------------------

    @staticmethod
    def _stored(cursor: sqlite3.Cursor, round: int, table: int, board: int) -> Stored | None:
        row = cursor.execute(
            "SELECT round, table_no, board, contract, declarer, tricks, lead, state, entered_by, entered_at, "
            "confirmed_at FROM entries WHERE round = ? AND table_no = ? AND board = ?",
            (round, table, board)).fetchone()
        return None if row is None else _row(row)

    def enter(self, entry: Entry, *, by: str, key: str, confirmed: bool = False) -> Outcome:
        """Store a new entry (``exists`` with the first one when the board is already in)."""

        def work(cursor: sqlite3.Cursor) -> Outcome:
            before = self._stored(cursor, *entry.key)
            if before is not None:
                return Outcome("exists", before)
            now = time.time()
            cursor.execute(
                "INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*entry.key, entry.contract, entry.declarer, entry.tricks, entry.lead,
                 CONFIRMED if confirmed else ENTERED, by, now, by if confirmed else None,
                 now if confirmed else None, key))
            if by == DIRECTOR:
                cursor.execute("INSERT INTO corrections (at, who, round, table_no, board, before, after) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)", (now, by, *entry.key, "-", _describe(entry)))
            return Outcome("saved", self._stored(cursor, *entry.key))

        return self._write(key, work)

    def confirm(self, where: tuple[int, int, int], *, by: str, key: str) -> Outcome:
        """East-West's one tap: the entry becomes confirmed."""

        def work(cursor: sqlite3.Cursor) -> Outcome:
            if self._stored(cursor, *where) is None:
                return Outcome("missing")
            cursor.execute("UPDATE entries SET state = ?, confirmed_by = ?, confirmed_at = ? WHERE round = ? AND "
                           "table_no = ? AND board = ? AND state = ?", (CONFIRMED, by, time.time(), *where, ENTERED))
            return Outcome("saved", self._stored(cursor, *where))

        return self._write(key, work)

    def correct(self, entry: Entry, *, by: str, key: str) -> Outcome:
        """Replace a board's entry (logged: time, who, before, after). A table's correction
        goes back to East-West to confirm; the director's is confirmed (the same result again
        confirms it, unlogged); a table's unchanged one stays as it is."""

        def work(cursor: sqlite3.Cursor) -> Outcome:
            before = self._stored(cursor, *entry.key)
            if before is None and by != DIRECTOR:
                return Outcome("missing")
            if before is not None and before.entry == entry:
                if by == DIRECTOR and not before.confirmed:  # the director confirms what East-West left
                    cursor.execute("UPDATE entries SET state = ?, confirmed_by = ?, confirmed_at = ? WHERE round = ? "
                                   "AND table_no = ? AND board = ?", (CONFIRMED, by, time.time(), *entry.key))
                    return Outcome("saved", self._stored(cursor, *entry.key))
                return Outcome("saved", before)
            now = time.time()
            state = CONFIRMED if by == DIRECTOR else ENTERED
            cursor.execute("INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (*entry.key, entry.contract, entry.declarer, entry.tricks, entry.lead, state, by, now,
                            by if state == CONFIRMED else None, now if state == CONFIRMED else None, key))
            cursor.execute("INSERT INTO corrections (at, who, round, table_no, board, before, after) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (now, by, *entry.key, _describe(None if before is None else before.entry), _describe(entry)))
            return Outcome("saved", self._stored(cursor, *entry.key))

        return self._write(key, work)

    def entries(self) -> list[Stored]:
        """Every entry, by round, table and board."""
        with self._lock:
            rows = self._db.execute(
                "SELECT round, table_no, board, contract, declarer, tricks, lead, state, entered_by, entered_at, "
                "confirmed_at FROM entries ORDER BY round, table_no, board").fetchall()
        return [_row(row) for row in rows]

    def corrections(self) -> list[Correction]:
        """The log, newest first."""
        with self._lock:
            rows = self._db.execute("SELECT at, who, round, table_no, board, before, after FROM corrections "
                                    "ORDER BY id DESC").fetchall()
        return [Correction(*row) for row in rows]

    # --- rounds ------------------------------------------------------------------------------

    def close_round(self, round: int) -> None:
        """Close a round: the tables move on, and their codes cannot write it any more."""
        self._write(None, lambda cursor: (cursor.execute(
            "INSERT OR IGNORE INTO closed VALUES (?, ?)", (round, time.time())), Outcome("saved"))[1])

    def closed(self) -> frozenset[int]:
        with self._lock:
            return frozenset(row[0] for row in self._db.execute("SELECT round FROM closed"))


def _row(row: tuple) -> Stored:
    round, table, board, contract, declarer, tricks, lead, state, by, at, confirmed_at = row
    return Stored(Entry(round, table, board, contract, declarer, tricks, lead), state, by, at, confirmed_at)
