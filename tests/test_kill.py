"""kill -9 of every writing command at random moments: each file it writes is the old file
or the new one, never a mix nor half a file; a set of files (``workbooks``, ``demo``) is
the whole old set or the whole new one once the folder is recovered; and after the next
run no temp, journal or lock file is left.

Each command runs in a real process, which imports xlbridge first and then waits for a
word on its stdin: the moments (seeded) are drawn over the time the command writes, from
a little before its first temp file to its end, as measured by a run of it to completion (so they fall in
its writing rather than in Python's start). The same run gives the "new" files. A workbook is
compared by its contents (openpyxl stamps the time it was saved in docProps/core.xml);
every other file byte for byte.

Not here: ``report --pdf``, whose LibreOffice runs in its own process group and would be
left running by a kill; its PDF goes through the same writer (``files.write``) as the CSV.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from xlbridge import files
from xlbridge.cli import main
from xlbridge.event import sample
from xlbridge.kinds import PAIRS, TEAM_EVENT, TEAMS

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9 and process groups are POSIX")

ROOT = Path(__file__).resolve().parent.parent
MOMENTS = 5  # a command, each drawn at random; a set also killed as its journal appears
SEED = 18

# Imports xlbridge, says so, waits for the word, then runs the command.
WARM = "import sys\nfrom xlbridge.cli import main\nprint('ready', flush=True)\nsys.stdin.readline()\n" \
       "sys.exit(main(sys.argv[1:]))"


@dataclass
class Case:
    """A command writing ``targets`` (names in the folder it runs in); ``old`` puts what
    was there before (every target exists, so the command runs with --force)."""

    args: Callable[[Path], list[str]]
    targets: list[str]
    old: Callable[[Path, Path], None]  # (the folder, the inputs' folder)
    moments: int = MOMENTS


def sentinel(folder: Path, names: list[str]) -> None:
    for name in names:
        (folder / name).write_bytes(f"the old {name}\n".encode())


def inputs(folder: Path) -> None:
    """The books and the file the commands read: the sample pairs event, team match and
    Swiss (three rounds of five played), and the pairs event exported as PBN."""
    folder.mkdir()
    files.save(PAIRS.fill(sample.pairs_event(), fit=True), folder / "pairs.xlsx")
    files.save(TEAMS.fill(sample.team_match(), fit=True), folder / "match.xlsx")
    files.save(TEAM_EVENT.fill(sample.team_event(), fit=True), folder / "swiss.xlsx")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["export", str(folder / "pairs.xlsx"), "--pbn", str(folder / "pairs.pbn")]) == 0


TEMPLATES = ["traveller.xlsx", "teams.xlsx", "rubber.xlsx", "pivot.xlsx"]
DEMO = ["traveller.xlsx", "pairs.xlsx", "teams.xlsx", "teams-event.xlsx", "rubber.xlsx", "chicago.xlsx",
        "pivot.xlsx", "sample-pairs.xlsx", "sample-teams.xlsx", "sample-team-event.xlsx"]
CONFIG = '"INTERPRETER_WIN","C:\\\\old\\\\python.exe"\n"LOG FILE","keep.log"\n'

CASES = {
    "workbooks": Case(lambda d: ["workbooks", *(n.removesuffix(".xlsx") for n in TEMPLATES), "--out", str(d),
                                 "--force"], TEMPLATES, lambda d, i: sentinel(d, TEMPLATES)),
    # The two slow ones (5 s and 2 s a run) get fewer moments; demo's set is written as workbooks' is.
    "demo": Case(lambda d: ["demo", "--out", str(d), "--force"], DEMO, lambda d, i: sentinel(d, DEMO), moments=1),
    "import": Case(lambda d: ["import", str(d.parent / "in" / "pairs.pbn"), "--out", str(d / "event.xlsx"),
                              "--force"], ["event.xlsx"], lambda d, i: sentinel(d, ["event.xlsx"]), moments=3),
    **{f"export --{kind}": Case(lambda d, kind=kind: ["export", str(d.parent / "in" / "pairs.xlsx"), f"--{kind}",
                                                      str(d / f"event.{kind}"), "--force"],
                                [f"event.{kind}"], lambda d, i, kind=kind: sentinel(d, [f"event.{kind}"]))
       for kind in ("pbn", "usebio", "html")},
    "report --csv": Case(lambda d: ["report", str(d.parent / "in" / "match.xlsx"), "--csv", str(d / "match.csv"),
                                    "--force"], ["match.csv"], lambda d, i: sentinel(d, ["match.csv"])),
    "draw": Case(lambda d: ["draw", str(d / "swiss.xlsx")], ["swiss.xlsx"],
                 lambda d, i: shutil.copyfile(i / "swiss.xlsx", d / "swiss.xlsx")),
    "addin --config": Case(lambda d: ["addin", "--config", str(d / "xlwings.conf"), "--force"], ["xlwings.conf"],
                           lambda d, i: (d / "xlwings.conf").write_text(CONFIG)),
}


def contents(path: Path) -> object:
    """What a file holds: a workbook's parts but the time it was saved; else its bytes.
    None for a file that is not whole (a zip that does not open)."""
    data = path.read_bytes()
    if path.suffix != ".xlsx" or not data.startswith(b"PK"):
        return data
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as book:
            return {name: book.read(name) for name in book.namelist() if name != "docProps/core.xml"}
    except (zipfile.BadZipFile, OSError, EOFError):
        return None


def warm(args: list[str]) -> subprocess.Popen[str]:
    """A process that has imported xlbridge and waits for :func:`go` to run the command."""
    process = subprocess.Popen([sys.executable, "-c", WARM, *args], cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    return process


def go(process: subprocess.Popen[str]) -> None:
    assert process.stdout.readline() == "ready\n"
    process.stdin.write("go\n")
    process.stdin.flush()


def run_to_completion(args: list[str], folder: Path) -> tuple[float, float]:
    """Run the command as the killed ones run, to the end: the seconds from the word to its
    first temp file in ``folder`` (0 if none was seen), and to its end."""
    process = warm(args)
    go(process)
    started = time.perf_counter()
    first = None
    while process.poll() is None:
        if first is None and any(name.endswith(".tmp") for name in os.listdir(folder)):
            first = time.perf_counter() - started
        time.sleep(0.002)
    took = time.perf_counter() - started
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, (args, out, err)
    return first or 0.0, took


def which(path: Path, old: bytes, new: object) -> str:
    """Whether ``path`` holds the old file, the new one, or neither."""
    return "old" if path.read_bytes() == old else "new" if contents(path) == new else "neither"


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.fixture(scope="module")
def inputs_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kill") / "in"
    inputs(folder)
    return folder


@pytest.mark.parametrize("name", CASES)
def test_a_command_killed_at_any_moment_leaves_the_old_files_or_the_new(name, inputs_folder, tmp_path):
    case = CASES[name]
    folder = tmp_path / "out"
    shutil.copytree(inputs_folder, tmp_path / "in")
    fresh = tmp_path / "fresh"  # the command run to completion once: the new files, and its time
    for place in (folder, fresh):
        place.mkdir()
        case.old(place, inputs_folder)
    old = {target: (folder / target).read_bytes() for target in case.targets}
    writing, took = run_to_completion(case.args(fresh), fresh)
    new = {target: contents(fresh / target) for target in case.targets}
    assert all(new[t] != contents(folder / t) for t in case.targets), "the new files must differ from the old"

    rng = random.Random(f"{SEED} {name}")
    # Every process imports xlbridge now, together, so the moments are drawn over the command alone.
    # Around its writing, from a little before its first temp file (runs vary) to its end: a kill long
    # before it writes only shows the old file kept, one after its end nothing.
    moments: list[float | None] = [rng.uniform(writing / 2, took * 1.05) for _ in range(case.moments)]
    if len(case.targets) > 1:
        moments.append(None)  # and a set killed the moment its journal appears: in the middle of its renames
    waiting = [warm(case.args(folder)) for _ in moments]
    killed = 0
    try:
        for process, moment in zip(waiting, moments, strict=True):
            go(process)
            if moment is None:
                deadline = time.monotonic() + took * 3
                while not (folder / files.JOURNAL).exists() and process.poll() is None and time.monotonic() < deadline:
                    pass
            else:
                time.sleep(moment)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            status = process.wait(timeout=60)
            killed += status == -signal.SIGKILL
            seen = {t: which(folder / t, old[t], new[t]) for t in case.targets}
            assert "neither" not in seen.values(), f"killed after {moment} s: {seen}"
            if (folder / files.JOURNAL).exists():  # stopped between its renames: the next write completes them
                files.recover(folder)
                seen = {t: which(folder / t, old[t], new[t]) for t in case.targets}
                assert set(seen.values()) == {"new"}, f"killed after {moment} s, recovered: {seen}"
            assert len(set(seen.values())) == 1, f"killed after {moment} s: a mixed set {seen}"
            for target, data in old.items():  # the old files again, for the next moment
                (folder / target).write_bytes(data)
    finally:
        for process in waiting:
            if process.returncode is None:  # not yet reaped, so its group is still ours to kill
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert killed, f"no moment fell inside the command's {took:.2f} s"
    run_to_completion(case.args(folder), folder)  # the next run
    assert {t: contents(folder / t) for t in case.targets} == new
    assert leftovers(folder) == []
