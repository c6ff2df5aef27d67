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
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from openpyxl import Workbook

from .engine.errors import XlbridgeError


class OutputExistsError(XlbridgeError, FileExistsError):
    """The target file exists and ``force`` was not given: it may hold results."""


class OutputError(XlbridgeError, OSError):
    """The target cannot be written (no such folder, no permission, a full disk)."""


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
    """Let ``fill`` write a temp file beside ``target``, then move it into place."""
    target = refuse_existing(target, force=force)
    try:
        return _write(target, fill, force=force)
    except OutputExistsError:
        raise
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from None


_TEMP = re.compile(r"[0-9a-f]{12}\.tmp")  # what follows ".NAME." in a temp file's name

STALE_SECONDS = 3600
"""A temp file this old was left by a write that was killed: no write takes an hour."""


def _clean_leftovers(target: Path) -> None:
    """Remove the temp files killed writes left beside ``target`` (``.NAME.HEX.tmp``, an
    hour old or more); a newer one may be another write's, in progress."""
    now = time.time()
    for leftover in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
        if _TEMP.fullmatch(leftover.name[len(target.name) + 2:]):
            with contextlib.suppress(OSError):  # gone already, or not ours to remove
                if now - leftover.stat().st_mtime >= STALE_SECONDS:
                    leftover.unlink()


def _write(target: Path, fill: Callable[[Path], object], *, force: bool) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    _clean_leftovers(target)
    # Not mkstemp: its 0600 would stick to the file; a new file gets the user's umask.
    temp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        fill(temp)
        if force:
            os.replace(temp, target)
        else:
            try:
                os.link(temp, target)  # fails if the target appeared meanwhile
            except FileExistsError:
                raise OutputExistsError(exists_message(target)) from None
            except OSError:  # a file system without hard links
                if target.exists():
                    raise OutputExistsError(exists_message(target)) from None
                os.replace(temp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
    return target
