"""Saving files safely: atomically, and never over a director's results by accident."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from openpyxl import Workbook

from ..engine.errors import XlbridgeError


class WorkbookExistsError(XlbridgeError, FileExistsError):
    """The target file exists and ``force`` was not given: it may hold results."""


def save(workbook: Workbook, path: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Write ``workbook`` to ``path`` atomically: a temp file in the same folder, then a
    rename, so a reader never sees half a file and a failure leaves nothing behind.

    Without ``force`` an existing file is never replaced (:class:`WorkbookExistsError`),
    even one that appears while we write.
    """
    return _write(Path(path), workbook.save, force=force)


def write_text(text: str, path: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Write ``text`` (UTF-8) to ``path`` as safely as :func:`save` writes a workbook."""
    return _write(Path(path), lambda temp: temp.write_text(text, encoding="utf-8"), force=force)


def _write(target: Path, fill: Callable[[Path], object], *, force: bool) -> Path:
    """Let ``fill`` write a temp file beside ``target``, then move it into place."""
    if not force and target.exists():
        raise WorkbookExistsError(f"{target} exists (it may hold results); use force to replace it")
    target.parent.mkdir(parents=True, exist_ok=True)
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
                raise WorkbookExistsError(
                    f"{target} exists (it may hold results); use force to replace it"
                ) from None
            except OSError:  # a file system without hard links
                if target.exists():
                    raise WorkbookExistsError(f"{target} exists; use force to replace it") from None
                os.replace(temp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
    return target
