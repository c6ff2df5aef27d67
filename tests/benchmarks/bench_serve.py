"""``xlbridge serve`` under a club's busiest moment (issue 23): a 30-table Mitchell served on
the loopback address only, and 30 HTTP clients, one a table, entering and confirming their
round's boards at once, each from its own address (127.0.0.11, .12, ...) as phones on a
Wi-Fi would be. Every request is bounded (a timeout) and each client stops after its
boards; the director closes the round between rounds.

Reported: the latency of one entry (a POST of a board's result, or of East-West's
confirmation, each written to the journal before it is answered), p50 and p99 over every
table and round, and the server's memory (``VmHWM``, its peak RSS, from /proc). The
target is the issue's: p99 under 200 ms on this 2-core machine.

    python -m tests.benchmarks serve
"""

from __future__ import annotations

import http.client
import importlib.util
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from tests.benchmarks.timing import Row
from xlbridge import cli
from xlbridge.live.entry import Entry
from xlbridge.live.event import read_event
from xlbridge.live.journal import Journal

TABLES, BOARDS, ROUNDS = 30, 60, 3
"""A 30-table Mitchell of 60 boards (2 a round); the first ROUNDS rounds are entered."""
TARGET = 0.200
"""The issue's target for p99, in seconds."""
TIMEOUT = 10.0
"""The longest any one request may take before the client gives up (bounded: no request hangs)."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _memory(pid: int) -> dict[str, int]:
    """The process's VmHWM (peak RSS) and VmRSS, in kB, from /proc/PID/status."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmHWM", "VmRSS"):
            found[name] = int(value.split()[0])
    return found


def _cpu(pid: int) -> float:
    """The process's CPU seconds so far (user and system), from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _journal_write(folder: Path, count: int = 100) -> float:
    """The median time of one journal write alone (a transaction and its fsync, as the server
    makes one an entry): the part of an entry no server can overlap with another's."""
    journal = Journal(folder / "alone.journal.sqlite")
    times = []
    try:
        for n in range(count):
            start = time.perf_counter()
            journal.enter(Entry(1, 1, n + 1, "3N", "S", 9), by="t1", key=f"alone-{n:08d}")
            times.append(time.perf_counter() - start)
    finally:
        journal.close()
    return _percentile(times, 0.5)


def _percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) by the nearest rank: a latency some request really had."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))]


class _Phone:
    """One table's client: logged in by its code from its own loopback address, on one
    kept-alive connection (http.client: the lightest client, so that the 30 clients, which
    share this machine's two cores with the server, weigh on the figures as little as they can)."""

    def __init__(self, url: str, address: str) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=TIMEOUT,
                                                     source_address=(address, 0))
        status, headers, _ = self._send("GET", parts.path)
        if status != 303:
            raise RuntimeError(f"{url}: {status}")
        self.cookie = headers["set-cookie"].split(";")[0]
        status, _, page = self._send("GET", headers["location"])
        self.csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)

    def _send(self, method: str, path: str, body: str | None = None) -> tuple[int, dict[str, str], str]:
        headers = {"cookie": self.cookie} if hasattr(self, "cookie") else {}
        if body is not None:
            headers["content-type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=body, headers=headers)
        answer = self.connection.getresponse()
        text = answer.read().decode()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text

    def get(self, path: str) -> str:
        status, _, text = self._send("GET", path)
        if status != 200:
            raise RuntimeError(f"{path}: {status} {text[:200]}")
        return text

    def post(self, path: str, fields: dict[str, str]) -> float:
        """POST a form; the seconds until the whole answer is in (a refusal is a failure)."""
        fields = {"csrf": self.csrf, "key": f"{path}-{random.getrandbits(64):x}", **fields}
        start = time.perf_counter()
        status, _, text = self._send("POST", path, urlencode(fields))
        took = time.perf_counter() - start
        if status != 200:
            raise RuntimeError(f"{path} {fields.get('board')}: {status} {text[:200]}")
        return took


def _round(phones: dict[int, _Phone], event, round: int, seed: int) -> list[float]:
    """Every table enters and confirms its boards of ``round`` at once: each POST's latency."""
    start = threading.Barrier(len(phones))
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()

    def table(number: int, phone: _Phone) -> None:
        rng = random.Random(seed * 1000 + number)
        place = event.place(round, number)
        mine = []
        start.wait()
        try:
            for board in place.boards:
                where = {"board": str(board), "round": str(round), "table": str(number)}
                mine.append(phone.post("/table/enter", {**where, "level": "3", "strain": "N", "doubling": "",
                                                        "declarer": rng.choice("NESW"),
                                                        "tricks": str(rng.randint(6, 11))}))
                mine.append(phone.post("/table/confirm", where))
        except Exception as error:  # reported below: the benchmark must not hide a failure
            with lock:
                failures.append(f"table {number}: {error}")
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=table, args=item, daemon=True) for item in phones.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIMEOUT * 4 * len(event.place(round, 1).boards))
    if failures or any(thread.is_alive() for thread in threads):
        raise RuntimeError("; ".join(failures) or "a client did not finish")
    return latencies


def run() -> list[Row]:
    """Serve the event, enter ROUNDS rounds from 30 clients at once, report the figures."""
    missing = [name for name in ("uvicorn", "starlette", "multipart") if importlib.util.find_spec(name) is None]
    if missing:
        return [Row("serve: 30 tables entering at once (skipped)", 0.0, note=f"not installed: {', '.join(missing)}")]

    with tempfile.TemporaryDirectory(prefix="bench_serve_") as temp:
        folder = Path(temp)
        assert cli.main(["workbooks", "pairs", "--movement", "mitchell", "--tables", str(TABLES), "--boards",
                         str(BOARDS), "--out", str(folder)]) == 0
        book = folder / "pairs.xlsx"
        event = read_event(book)
        port = _free_port()
        server = subprocess.Popen([sys.executable, "-m", "xlbridge", "serve", str(book), "--host", "127.0.0.1",
                                   "--port", str(port), "--no-cards"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        try:
            urls = {}
            assert server.stdout is not None
            for line in server.stdout:
                found = re.match(r"(table \d+|director): (\S+)", line)
                if found:
                    urls[found.group(1)] = found.group(2)
                if line.startswith("director:"):
                    break
            started = time.monotonic()
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() - started > 60:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.05)
            idle = _memory(server.pid)
            phones = {table: _Phone(urls[f"table {table}"], f"127.0.0.{10 + table}") for table in event.tables}
            director = _Phone(urls["director"], "127.0.0.2")
            cpu = _cpu(server.pid)
            latencies: list[float] = []
            pages: list[float] = []
            wall = time.perf_counter()
            for round in range(1, ROUNDS + 1):
                latencies.extend(_round(phones, event, round, seed=round))
                start = time.perf_counter()
                director.get("/director")
                pages.append(time.perf_counter() - start)  # the grid and the live ranking of 30 tables
                director.post("/director/close", {"round": str(round)})
            wall = time.perf_counter() - wall
            cpu = _cpu(server.pid) - cpu
            memory = _memory(server.pid)
            load = Path("/proc/loadavg").read_text().split()[0]
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        alone = _journal_write(folder)
    count = len(latencies)
    p50, p99 = _percentile(latencies, 0.50), _percentile(latencies, 0.99)
    what = f"{TABLES} tables x {ROUNDS} rounds, {count} POSTs; load average {load} on {os.cpu_count()} cores"
    return [
        Row(f"serve: entry latency p50 ({TABLES} tables at once)", p50, note=what),
        Row(f"serve: entry latency p99 ({TABLES} tables at once)", p99, TARGET, "the 200 ms target", limit=1.0,
            note=f"max {max(latencies):.3f} s; {count / wall:.0f} POSTs/s over {wall:.1f} s; the server's CPU "
                 f"{cpu / count * 1000:.1f} ms a POST"),
        Row("serve: one journal write alone (its fsync)", alone, note="median of 100: entries wait for each other's"),
        Row("serve: the director's page (30 tables, ranking)", max(pages), note=f"slowest of {len(pages)}"),
        Row("serve: server memory, peak RSS in MB (not s)", memory["VmHWM"] / 1024,
            note=f"VmHWM; {idle['VmRSS'] / 1024:.0f} MB idle before the clients, {memory['VmRSS'] / 1024:.0f} MB "
                 "RSS after"),
    ]


if __name__ == "__main__":
    from tests.benchmarks.timing import format_table

    print(format_table(run()))
