"""``xlbridge serve`` started by the tests as a user starts it: a subprocess on a free
loopback port, up when its style sheet answers; stopped as Ctrl-C stops it, or killed."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    """A port nothing listens on now, on the loopback address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """``xlbridge serve BOOK --port PORT --no-cards`` in a subprocess: the tables' and the
    director's addresses it prints (``urls``: ``table 3``, ``director``)."""

    def __init__(self, book: Path, port: int | None = None) -> None:
        import httpx

        port = free_port() if port is None else port
        self.base = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen([sys.executable, "-m", "xlbridge", "serve", str(book), "--port", str(port),
                                         "--no-cards"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.urls: dict[str, str] = {}
        assert self.process.stdout is not None
        for line in self.process.stdout:
            found = re.match(r"(table \d+|director): (\S+)", line)
            if found:
                self.urls[found.group(1)] = found.group(2)
            if line.startswith("director:"):
                break
        started = time.monotonic()
        while time.monotonic() - started < 30:
            try:
                httpx.get(f"{self.base}/style.css", timeout=1)
                return
            except httpx.TransportError:
                assert self.process.poll() is None, self.process.stderr.read() if self.process.stderr else ""
                time.sleep(0.02)
        self.stop()
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        """Stop it as Ctrl-C would (every confirmed entry is in the journal already)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._close()

    def kill(self) -> None:
        """kill -9: no chance to finish anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._close()

    def _close(self) -> None:
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
