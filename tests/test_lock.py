"""One writer at a time (xlbridge/files.py, ``locked``): two commands writing one workbook
never interleave.

Two ``xlbridge draw`` started together on one Swiss used to both read round 3, both draw
round 4 and both say so. With the workbook's lock held from the read to the rename, the
second reads what the first wrote: it finds round 4 drawn and says so in one line, and the
book holds one draw. A command that finds the lock held waits up to ``LOCK_SECONDS``, then
stops in one line; the lock is the system's, so a killed holder leaves none behind.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from xlbridge import files
from xlbridge.director.safe_open import load
from xlbridge.event import sample
from xlbridge.kinds import TEAM_EVENT
from xlbridge.workbooks import named_cells

ROOT = Path(__file__).resolve().parent.parent


def xlbridge(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "xlbridge", *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture
def swiss(tmp_path: Path) -> Path:
    """The sample Swiss, three rounds of five played: the next draw is round 4."""
    path = tmp_path / "swiss.xlsx"
    files.save(TEAM_EVENT.fill(sample.team_event(), fit=True), path)
    return path


def drawn_rounds(path: Path) -> list[int]:
    """The rounds whose Results rows have their teams written in."""
    book = load(path, read_only=False)
    rounds, homes = named_cells(book, "MatchRound"), named_cells(book, "MatchHome")
    return sorted({r.value for r, h in zip(rounds, homes, strict=True) if h.value is not None})


def test_two_draws_at_once_draw_round_4_once(swiss):
    assert drawn_rounds(swiss) == [1, 2, 3]
    runs = [xlbridge("draw", swiss) for _ in range(2)]
    done = [(run.wait(timeout=120), *run.communicate()) for run in runs]
    said = sorted((status, out.splitlines()[0] if out else err.strip()) for status, out, err in done)
    assert said[0] == (0, f"{swiss}: round 4 drawn")
    status, line = said[1]  # the second found round 4 drawn: one line, the book left alone
    assert status == 2 and line.startswith(f"xlbridge: {swiss}: round 4 is already drawn") and "\n" not in line
    assert drawn_rounds(swiss) == [1, 2, 3, 4]
    assert sorted(p.name for p in swiss.parent.iterdir()) == ["swiss.xlsx"]


def hold(target: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process holding ``target``'s lock for ``seconds`` (it prints once it has it)."""
    code = (f"import sys, time; from xlbridge import files\nwith files.locked({str(target)!r}):\n"
            f"    print('held', flush=True); time.sleep({seconds})")
    holder = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "held\n"
    return holder


def test_a_write_waits_for_the_holder_then_writes(tmp_path):
    target = tmp_path / "event.csv"
    holder = hold(target, 1.0)
    started = time.monotonic()
    files.write_text("ours", target)
    assert time.monotonic() - started > 0.5  # it waited for the holder
    assert holder.wait(timeout=30) == 0
    assert target.read_text(encoding="utf-8") == "ours"


def test_a_write_that_waits_too_long_stops_in_one_line_and_writes_nothing(tmp_path, monkeypatch):
    target = tmp_path / "event.csv"
    monkeypatch.setattr(files, "LOCK_SECONDS", 0.3)
    holder = hold(target, 30)
    try:
        with pytest.raises(files.BusyError) as busy:
            files.write_text("ours", target)
        assert str(busy.value) == (f"{target} is being written by another xlbridge command; "
                                   "try again when it has finished")
        assert not target.exists()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    # Killed, the holder's lock died with it: the lock file it left is no obstacle.
    assert sorted(p.name for p in tmp_path.iterdir()) == [".event.csv.lock"]
    files.write_text("ours", target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.csv"]


def test_the_cli_says_busy_in_one_line(swiss, monkeypatch, capsys):
    from xlbridge.cli import main

    monkeypatch.setattr(files, "LOCK_SECONDS", 0.3)
    before = swiss.read_bytes()
    holder = hold(swiss, 30)
    try:
        assert main(["draw", str(swiss)]) == 2
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    assert capsys.readouterr().err == f"xlbridge: {swiss} is being written by another xlbridge command; " \
                                      "try again when it has finished\n"
    assert swiss.read_bytes() == before
