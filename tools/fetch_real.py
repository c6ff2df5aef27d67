"""Fetch the real results files the project may not copy, then import each as a director would.

The files other programs wrote that ``tests/test_real_more.py`` checks are kept in
``tests/data/real/`` only when their repository's licence allows it; the others are listed in
``tests/data/real/fetched.tsv`` (the folder and name used here, the GitHub repository, the
commit, the path there, the repository's licence and the file's SHA-256). This script
downloads each from GitHub's raw URLs at that commit, checks its SHA-256, and writes it into a
folder (``../realmore`` beside the project by default, where the test looks for them), then
runs ``xlbridge import FILE --compare`` on every file there and tallies the exit statuses by
program: 0 agree, 1 differ, 2 refused (a traceback is counted apart: it is a bug).

It needs the network, so CI does not run it. Usage, from the project root::

    python tools/fetch_real.py                  # fetch what is missing, then scan
    python tools/fetch_real.py --no-scan        # fetch only
    python tools/fetch_real.py --scan-only      # scan what is there
    python tools/fetch_real.py --into DIR --base file:///some/mirror   # another folder or source
"""

from __future__ import annotations

import argparse
import collections
import csv
import hashlib
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "data" / "real" / "fetched.tsv"
INTO = ROOT.parent / "realmore"
BASE = "https://raw.githubusercontent.com"
LIMIT = 5_000_000  # xlbridge refuses a results file over 5 MB: nothing larger is wanted


def entries(listing: Path = LIST) -> list[dict[str, str]]:
    """The files to fetch, one a row of the listing."""
    with listing.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def url(base: str, entry: dict[str, str]) -> str:
    """Where a file is, at its commit: ``BASE/owner/name/commit/path`` (the path quoted).

    >>> url(BASE, {"repository": "a/b", "commit": "c0", "path": "x/S 1@D.pbn"})
    'https://raw.githubusercontent.com/a/b/c0/x/S%201%40D.pbn'
    """
    return f"{base.rstrip('/')}/{entry['repository']}/{entry['commit']}/{urllib.parse.quote(entry['path'])}"


def fetch(entry: dict[str, str], into: Path, base: str = BASE) -> str:
    """Fetch one file unless it is there already with its SHA-256; what was done, in a word."""
    target = into / entry["file"]
    if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == entry["sha256"]:
        return "present"
    with urllib.request.urlopen(url(base, entry), timeout=60) as response:
        data = response.read(LIMIT + 1)
    if len(data) > LIMIT:
        raise ValueError(f"{entry['file']}: over {LIMIT} bytes")
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise ValueError(f"{entry['file']}: its SHA-256 is not the listed one (the source changed?)")
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.part")
    temp.write_bytes(data)
    temp.replace(target)  # whole or not at all
    return "fetched"


def scan(folder: Path) -> dict[str, collections.Counter[str]]:
    """Import every results file under ``folder`` with ``--compare``; print a line each and
    return the tally by program (the file's folder)."""
    tally: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    with tempfile.TemporaryDirectory() as out:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in (".pbn", ".xml")):
            done = subprocess.run([sys.executable, "-m", "xlbridge", "import", str(path), "--out",
                                   str(Path(out) / "event.xlsx"), "--compare", "--force"],
                                  capture_output=True, text=True, timeout=300, cwd=ROOT, check=False)
            what = {0: "agree", 1: "differ", 2: "refused"}.get(done.returncode, f"exit {done.returncode}")
            if "Traceback" in done.stderr:
                what = "TRACEBACK"
            said = (done.stdout.strip().splitlines() or [""])[-1] if done.returncode in (0, 1) else (
                done.stderr.strip().splitlines() or [""])[-1]
            tally[path.parent.name][what] += 1
            print(f"{what:9} {path.parent.name}/{path.name}: {said[:160]}")
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, default=INTO, help=f"the folder to fetch into (default {INTO})")
    parser.add_argument("--base", default=BASE, help=f"where the repositories' files are (default {BASE})")
    parser.add_argument("--no-scan", action="store_true", help="fetch only")
    parser.add_argument("--scan-only", action="store_true", help="scan the folder without fetching")
    args = parser.parse_args(argv)
    failed = 0
    if not args.scan_only:
        for entry in entries():
            try:
                print(f"{fetch(entry, args.into, args.base):9} {entry['file']}")
            except (OSError, ValueError) as error:
                failed += 1
                print(f"{'failed':9} {entry['file']}: {error}", file=sys.stderr)
    if not args.no_scan:
        tally = scan(args.into)
        for program, counts in sorted(tally.items()):
            print(f"{program:24} " + ", ".join(f"{counts[what]} {what}" for what in sorted(counts)))
        total = sum(tally.values(), collections.Counter())
        print("total: " + ", ".join(f"{n} {what}" for what, n in sorted(total.items())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
