"""The one file writer (xlbridge/files.py): what a killed write leaves behind is cleaned up
by the next write to the same file, and nothing a write in progress may still need."""

from __future__ import annotations

import os
import time

from xlbridge import files


def test_the_next_write_removes_what_a_killed_write_left(tmp_path):
    target = tmp_path / "event.xlsx"
    stale = tmp_path / ".event.xlsx.0123456789ab.tmp"
    fresh = tmp_path / ".event.xlsx.ba9876543210.tmp"
    other = tmp_path / ".other.xlsx.0123456789ab.tmp"
    for path in (stale, fresh, other):
        path.write_bytes(b"half a file")
    old = time.time() - files.STALE_SECONDS - 60
    for path in (stale, other):
        os.utime(path, (old, old))
    files.write_text("results", target)
    assert target.read_text(encoding="utf-8") == "results"
    assert not stale.exists()  # left by a killed write to this file: gone
    assert fresh.exists()  # may be another write's, in progress: kept
    assert other.exists()  # another file's: not this write's business
