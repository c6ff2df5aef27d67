"""The one file writer: every file xlbridge writes (a workbook, a PBN or USEBIO file, a web
page, a CSV) goes through :func:`write`, atomically, and never over an existing file unless
the user asked (``--force``): it may hold a director's results.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_text("one", folder / "a.txt").read_text()
    'one'
    >>> write_text("two", folder / "a.txt")
    Traceback (most recent call last):
    ...
    xlbridge.files.OutputExistsError: ... already exists (it may hold results); use --force to replace it

Three guarantees, for a power cut or a kill -9 at any moment as much as for a crash:

- **One file** is the old one or the new one, never half: a temp file beside it
  (``.NAME.HEX.tmp``), flushed to disk, then renamed over it.
- **One writer at a time**: a write holds :func:`locked` on its target, and a command that
  reads a workbook and writes it back (``draw``) holds it from the read to the rename. A
  second command waits up to :data:`LOCK_SECONDS`, then stops with one line
  (:class:`BusyError`). The lock is the operating system's (``flock``, ``msvcrt.locking``):
  it dies with its process, so a killed command never leaves a stale lock. Whoever takes it
  next removes every temp file a killed write left beside the target.
- **A set of files** (:func:`write_all`: the templates, the demo) is replaced as one: every
  temp file is written first, then a journal of the renames (``.xlbridge-set.journal``),
  then the renames. A kill before the journal leaves the old set (and temp files, removed
  by the next write of each file); a kill after it leaves a set the next write into that
  folder completes (:func:`recover`) before it does anything else.

    >>> written = write_all({folder / "b.txt": lambda t: t.write_text("b"),
    ...                      folder / "c.txt": lambda t: t.write_text("c")})
    >>> [path.name for path in written], sorted(p.name for p in folder.iterdir())
    (['b.txt', 'c.txt'], ['a.txt', 'b.txt', 'c.txt'])
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from openpyxl import Workbook

from .engine.errors import XlbridgeError


class OutputExistsError(XlbridgeError, FileExistsError):
    """The target file exists and ``force`` was not given: it may hold results."""


class OutputError(XlbridgeError, OSError):
    """The target cannot be written (no such folder, no permission, a full disk)."""


class BusyError(OutputError):
    """Another xlbridge command holds the target's lock longer than :data:`LOCK_SECONDS`."""


LOCK_SECONDS = 30.0
"""How long a command waits for another's write to the same file before it stops: longer
than any one command takes (the demo's ten workbooks take a few seconds), short enough that
a director is not left staring at a command that seems hung."""

JOURNAL = ".xlbridge-set.journal"
"""The renames of a set of files (:func:`write_all`) still to be done, in their folder."""

_SET_LOCK = ".xlbridge-set.lock"


def exists_message(target: object) -> str:
    """What the user reads when ``target`` is already there."""
    return f"{target} already exists (it may hold results); use --force to replace it"


def exists(target: str | os.PathLike[str]) -> bool:
    """Whether ``target`` exists; a name the system cannot take (too long, say) is an
    :class:`OutputError` naming it, not a traceback."""
    try:
        return Path(target).exists()
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from None


def refuse_existing(target: str | os.PathLike[str], *, force: bool = False) -> Path:
    """``target`` as a path, after refusing it when it exists and ``force`` is not given:
    a command calls this before its work, so that it fails at once."""
    if not force and exists(target):
        raise OutputExistsError(exists_message(target))
    return Path(target)


def save(workbook: Workbook, path: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Write ``workbook`` to ``path`` atomically: a temp file in the same folder, then a
    rename, so a reader never sees half a file and a failure leaves nothing behind.

    Without ``force`` an existing file is never replaced (:class:`OutputExistsError`),
    even one that appears while we write.
    """
    return write(path, workbook.save, force=force)


def write_text(text: str, path: str | os.PathLike[str], *, force: bool = False, newline: str | None = None) -> Path:
    """Write ``text`` (UTF-8) to ``path`` as safely as :func:`save` writes a workbook
    (``newline`` as :func:`open` takes it: ``""`` writes line ends as they are)."""
    return write(path, lambda temp: temp.write_text(text, encoding="utf-8", newline=newline), force=force)


def write(target: str | os.PathLike[str], fill: Callable[[Path], object], *, force: bool = False) -> Path:
    """Let ``fill`` write a temp file beside ``target``, then move it into place, holding
    the target's lock (:func:`locked`) throughout."""
    target = refuse_existing(target, force=force)
    with _one_line(target):
        target.parent.mkdir(parents=True, exist_ok=True)
    with _one_line(target), locked(target):
        refuse_existing(target, force=force)  # again under the lock: another command may have written it
        temp = _filled(target, fill)
        try:
            _place(temp, target, force=force)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp)
        _sync_folder(target.parent)
    return target


def write_all(writes: Mapping[Path, Callable[[Path], object]], *, force: bool = False) -> list[Path]:
    """Write a set of files in one folder (each target with the ``fill`` that writes its
    temp file) so that the folder holds the whole old set or the whole new one: see the
    module's description. Without ``force`` nothing is written when any target exists
    (:class:`OutputExistsError` names them all). Returns the targets, in order.
    """
    targets = [Path(target) for target in writes]
    folders = {os.path.abspath(target.parent) for target in targets}
    if len(folders) > 1:
        raise ValueError(f"a set is written into one folder, not {len(folders)}")
    if not targets:
        return []
    folder = targets[0].parent
    _refuse_all(targets, force=force)
    with _one_line(folder), contextlib.ExitStack() as held:
        folder.mkdir(parents=True, exist_ok=True)
        held.enter_context(_os_lock(folder / _SET_LOCK, folder))
        _recover(folder)
        for target in sorted(targets, key=lambda t: t.name):  # one order, so two sets never wait on each other
            held.enter_context(locked(target))
        _refuse_all(targets, force=force)
        temps: list[Path] = []
        try:
            for target in targets:
                with _one_line(target):
                    temps.append(_filled(target, writes[target]))
            _write_journal(folder, [(temp.name, target.name) for temp, target in zip(temps, targets, strict=True)],
                           force=force)
        except BaseException:
            for temp in temps:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temp)
            raise
        # From here the journal holds the set: whatever stops these renames, the next write
        # into the folder completes them.
        _recover(folder)
    return targets


def recover(folder: str | os.PathLike[str]) -> None:
    """Complete the set of files a killed :func:`write_all` left half renamed in ``folder``
    (its journal is there), or do nothing. Every write into the folder calls this first."""
    folder = Path(folder)
    if not (folder / JOURNAL).exists() and not (folder / f"{JOURNAL}.tmp").exists():
        return
    with _one_line(folder), _os_lock(folder / _SET_LOCK, folder):
        _recover(folder)


_held = threading.local()  # the lock files this thread holds, so that a lock is re-entrant


def _locks() -> set[str]:
    """The lock files this thread holds (absolute paths)."""
    return _held.__dict__.setdefault("locks", set())


def _holding(lock: Path) -> bool:
    return os.path.abspath(lock) in _locks()


@contextlib.contextmanager
def locked(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Hold ``target``'s lock (the OS's lock on ``.NAME.lock`` beside it) for the ``with``
    block: no other xlbridge command writes ``target`` meanwhile. A command that reads a
    file and writes it back holds it from the read to the write; :func:`write` takes it
    again (a thread may take a lock it holds).

    On taking it: a set of files left half renamed in the folder is completed
    (:func:`recover`), and every temp file a killed write left beside ``target`` removed.
    In a folder that does not exist there is nothing to read and nothing to lock: a write
    makes the folder first.

        >>> import tempfile, pathlib
        >>> target = pathlib.Path(tempfile.mkdtemp()) / "event.xlsx"
        >>> with locked(target):
        ...     with locked(target):
        ...         sorted(p.name for p in target.parent.iterdir())
        ['.event.xlsx.lock']
        >>> list(target.parent.iterdir())
        []
    """
    target = Path(target)
    lock = target.with_name(f".{target.name}.lock")
    with _one_line(target):
        needless = _holding(lock) or not target.parent.is_dir()
        if not needless:
            recover(target.parent)
    if needless:
        yield target
        return
    with _os_lock(lock, target):
        _clean_leftovers(target)
        yield target


_TEMP = re.compile(r"[0-9a-f]{12}\.tmp")  # what follows ".NAME." in a temp file's name


def _temp_name(target: str, name: str) -> bool:
    """Whether ``name`` is one of ``target``'s temp files (``.NAME.HEX.tmp``)."""
    return name.startswith(f".{target}.") and bool(_TEMP.fullmatch(name[len(target) + 2:]))


def _clean_leftovers(target: Path) -> None:
    """Remove every temp file beside ``target``: with its lock held, each was left by a
    write that was killed."""
    for leftover in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
        if _temp_name(target.name, leftover.name):
            with contextlib.suppress(OSError):  # gone already, or not ours to remove
                leftover.unlink()


def _filled(target: Path, fill: Callable[[Path], object]) -> Path:
    """A temp file beside ``target`` that ``fill`` wrote, on disk; removed if ``fill`` fails."""
    # Not mkstemp: its 0600 would stick to the file; a new file gets the user's umask.
    temp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        fill(temp)
        _sync(temp)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    return temp


def _place(temp: Path, target: Path, *, force: bool) -> None:
    """Rename ``temp`` over ``target``; without ``force``, only if ``target`` is not there."""
    if force:
        os.replace(temp, target)
        return
    try:
        os.link(temp, target)  # fails if the target appeared meanwhile
    except FileExistsError:
        raise OutputExistsError(exists_message(target)) from None
    except OSError:  # a file system without hard links
        if target.exists():
            raise OutputExistsError(exists_message(target)) from None
        os.replace(temp, target)


def _refuse_all(targets: list[Path], *, force: bool) -> None:
    existing = [str(target) for target in targets if not force and exists(target)]
    if len(existing) == 1:
        raise OutputExistsError(exists_message(existing[0]))
    if existing:
        raise OutputExistsError(f"{', '.join(existing)} already exist (they may hold results); "
                                "use --force to replace them")


def _write_journal(folder: Path, renames: list[tuple[str, str]], *, force: bool) -> None:
    """Record the renames still to do, atomically: a kill leaves the journal whole or absent."""
    temp = folder / f"{JOURNAL}.tmp"
    try:
        temp.write_text(json.dumps({"force": force, "renames": renames}), encoding="utf-8")
        _sync(temp)
        os.replace(temp, folder / JOURNAL)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


def _recover(folder: Path) -> None:
    """With the folder's set lock held: do the renames its journal lists, then remove it.
    A rename already done (its temp file gone) is skipped; a name that is not a temp file
    beside its target is ignored, so a journal written by anyone else moves nothing."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(folder / f"{JOURNAL}.tmp")  # a kill while the journal was written: nothing renamed yet
    try:
        journal = json.loads((folder / JOURNAL).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return
    except (OSError, ValueError):
        journal = {}  # unreadable: it cannot say what to rename
    renames = journal.get("renames") if isinstance(journal, dict) else None
    problem: OutputExistsError | None = None
    for entry in renames if isinstance(renames, list) else []:
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(n, str) for n in entry)):
            continue
        temp, target = (folder / name for name in entry)
        if Path(entry[1]).name != entry[1] or not _temp_name(entry[1], entry[0]) or not temp.exists():
            continue
        try:
            _place(temp, target, force=journal.get("force") is True)
        except OutputExistsError as error:
            if not _same(temp, target):  # a file another program put there meanwhile: kept
                problem = problem or error
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)  # linked, not renamed, when the set replaces nothing
    _sync_folder(folder)
    os.unlink(folder / JOURNAL)
    _sync_folder(folder)
    if problem is not None:
        raise problem


def _same(one: Path, other: Path) -> bool:
    """Whether two names are one file (a link made before a kill)."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def _sync(path: Path) -> None:
    """Put ``path``'s bytes on the disk, so that a power cut after the rename finds them.
    POSIX syncs through a read-only descriptor (the file may be read-only: a config keeps
    its mode); Windows needs a writable one."""
    fd = os.open(path, os.O_RDONLY if os.name == "posix" else os.O_RDWR)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """Put a folder's renames on the disk (POSIX; Windows makes a rename durable itself)."""
    if os.name == "posix":
        with contextlib.suppress(OSError):
            fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)


@contextlib.contextmanager
def _one_line(target: object) -> Iterator[None]:
    """A system error as one :class:`OutputError` line naming ``target``."""
    try:
        yield
    except XlbridgeError:
        raise
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from None


if sys.platform == "win32":  # pragma: no cover - the directors' system; CI runs POSIX
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # byte 0 (the file is at offset 0)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@contextlib.contextmanager
def _os_lock(path: Path, target: object) -> Iterator[None]:
    """Hold the OS's lock on the file ``path`` (created if need be, removed after), waiting
    up to :data:`LOCK_SECONDS` for another process's; :class:`BusyError` names ``target``.
    A thread that holds it takes it again at once."""
    if _holding(path):
        yield
        return
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as error:  # a read-only folder, a name too long
            raise OutputError(f"cannot write {target}: {error.strerror or error}") from None
        if _try_lock(fd):
            if os.name != "posix":
                break  # Windows removes no file another process has open: what we opened is at ``path``
            try:
                # The holder before us removes the file as it lets go: a lock on a removed
                # file locks nothing, so take the one now at ``path`` instead.
                ours = os.fstat(fd)
                now = os.stat(path)
                if (ours.st_dev, ours.st_ino) == (now.st_dev, now.st_ino):
                    break
            except FileNotFoundError:
                pass
            _unlock(fd)
        os.close(fd)
        if time.monotonic() > deadline:
            raise BusyError(f"{target} is being written by another xlbridge command; try again when it has "
                            "finished")
        time.sleep(0.05)
    locks = _locks()
    locks.add(os.path.abspath(path))
    try:
        yield
    finally:
        locks.discard(os.path.abspath(path))
        if os.name == "posix":
            with contextlib.suppress(OSError):
                os.unlink(path)  # while locked: a waiter that opened it sees it gone, and opens anew
        _unlock(fd)
        os.close(fd)
        if os.name != "posix":
            with contextlib.suppress(OSError):  # refused while another process has it open: theirs now
                os.unlink(path)
