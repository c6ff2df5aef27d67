"""The one file writer (xlbridge/files.py): what a killed write leaves behind is cleaned up
by the next write to the same file; a set of files is replaced as one, a set stopped
halfway completed by the next write into its folder; one writer at a time.

The same, with real processes killed at random moments, is tests/test_kill.py; two real
commands at once, tests/test_lock.py.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from xlbridge import files


def names(folder):
    return sorted(path.name for path in folder.iterdir())


def test_the_next_write_removes_every_temp_file_a_killed_write_left(tmp_path):
    target = tmp_path / "event.xlsx"
    stale = tmp_path / ".event.xlsx.0123456789ab.tmp"
    fresh = tmp_path / ".event.xlsx.ba9876543210.tmp"
    other = tmp_path / ".other.xlsx.0123456789ab.tmp"
    mine = tmp_path / ".event.xlsx.notours.tmp"  # not a name the writer gives
    for path in (stale, fresh, other, mine):
        path.write_bytes(b"half a file")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    files.write_text("results", target)
    assert target.read_text(encoding="utf-8") == "results"
    # With the lock held, no other write to this file is in progress: every one is a leftover.
    assert not stale.exists() and not fresh.exists()
    assert other.exists()  # another file's: not this write's business
    assert mine.exists()
    assert names(tmp_path) == [".event.xlsx.notours.tmp", ".other.xlsx.0123456789ab.tmp", "event.xlsx"]


def test_a_lock_is_reentrant_and_leaves_nothing_behind(tmp_path):
    target = tmp_path / "event.xlsx"
    with files.locked(target):
        assert names(tmp_path) == [".event.xlsx.lock"]
        files.write_text("one", target)  # the writer takes the lock its caller holds
        files.write_text("two", target, force=True)
    assert names(tmp_path) == ["event.xlsx"]
    assert target.read_text(encoding="utf-8") == "two"


def _sets(folder, text):
    return {folder / f"{name}.txt": (lambda temp, name=name: temp.write_text(f"{text} {name}")) for name in "abc"}


def _contents(folder):
    return {path.name: path.read_text() for path in folder.iterdir()}


def test_a_set_without_force_writes_nothing_when_any_file_is_there(tmp_path):
    (tmp_path / "b.txt").write_text("results")
    with pytest.raises(files.OutputExistsError, match=r"b\.txt already exists"):
        files.write_all(_sets(tmp_path, "new"))
    assert _contents(tmp_path) == {"b.txt": "results"}


def test_a_set_stopped_while_its_temp_files_are_written_leaves_the_old_set(tmp_path):
    files.write_all(_sets(tmp_path, "old"))
    writes = _sets(tmp_path, "new")
    writes[tmp_path / "c.txt"] = lambda temp: (temp.write_text("half"), 1 / 0)
    with pytest.raises(ZeroDivisionError):
        files.write_all(writes, force=True)
    assert _contents(tmp_path) == {f"{n}.txt": f"old {n}" for n in "abc"}


def test_a_set_stopped_between_its_renames_is_completed_by_the_next_write_into_its_folder(tmp_path, monkeypatch):
    files.write_all(_sets(tmp_path, "old"))
    place, placed = files._place, []

    def killed_after_one(temp, target, *, force):  # as a kill -9 after the first rename
        if placed:
            raise KeyboardInterrupt
        placed.append(target)
        place(temp, target, force=force)

    monkeypatch.setattr(files, "_place", killed_after_one)
    with pytest.raises(KeyboardInterrupt):
        files.write_all(_sets(tmp_path, "new"), force=True)
    monkeypatch.setattr(files, "_place", place)
    half = _contents(tmp_path)
    assert {half[f"{n}.txt"] for n in "abc"} == {"new a", "old b", "old c"}  # mixed, and
    renames = json.loads(half[files.JOURNAL])["renames"]  # the journal says what is left to do
    assert [target for _, target in renames] == ["a.txt", "b.txt", "c.txt"]
    files.write_text("other", tmp_path / "other.txt")  # any write into the folder
    assert _contents(tmp_path) == {"other.txt": "other", **{f"{n}.txt": f"new {n}" for n in "abc"}}


def test_a_journal_moves_only_temp_files_onto_their_own_targets(tmp_path):
    (tmp_path / "keep.txt").write_text("results")
    (tmp_path / "secret").write_text("not a temp file")
    (tmp_path / ".a.txt.0123456789ab.tmp").write_text("new a")
    (tmp_path / files.JOURNAL).write_text(json.dumps({"force": True, "renames": [
        ["secret", "keep.txt"], ["../x", "keep.txt"], [".a.txt.0123456789ab.tmp", "a.txt"], "junk"]}))
    files.recover(tmp_path)
    assert _contents(tmp_path) == {"keep.txt": "results", "secret": "not a temp file", "a.txt": "new a"}


def test_a_journal_that_cannot_be_read_is_dropped(tmp_path):
    (tmp_path / files.JOURNAL).write_text("{not json")
    files.recover(tmp_path)
    assert names(tmp_path) == []
