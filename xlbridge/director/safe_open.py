"""Open a workbook someone handed the director, without trusting it.

A filled workbook arrives by e-mail or on a USB stick: it may be an old .xls,
password-protected, truncated, a zip bomb or an XML-entity bomb. Everything
here turns such a file into one :class:`UnreadableWorkbook` line a director can
act on, before openpyxl parses anything:

1. the file is read once into memory (bounded by :data:`MAX_FILE_BYTES`), so
   the checks and openpyxl see the same bytes and the file is never written;
2. the first bytes tell a zip (.xlsx) from an OLE compound file (an encrypted
   .xlsx or a legacy .xls) or anything else;
3. the zip directory is checked against bombs: member count, total unpacked
   size and per-member compression ratio (zipfile never inflates a member past
   its declared size, so the declared sizes bound the real work);
4. every XML part is parsed with defusedxml, refusing any DTD at all (OOXML has
   none), so entity expansion and external entities cannot reach openpyxl,
   whichever XML backend openpyxl picked (it uses defusedxml or lxml with
   entities off, but an environment variable can turn that off).
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from pathlib import Path

import defusedxml
import openpyxl
from defusedxml.ElementTree import DefusedXMLParser, ParseError
from openpyxl.workbook.workbook import Workbook

from ..engine.errors import XlbridgeError
from ..workbooks import shared

MAX_FILE_BYTES = 50 * 2**20
"""Largest file accepted: a 30-table x 36-board pairs workbook is well under 1 MB."""
MAX_UNPACKED_BYTES = 200 * 2**20
"""Largest total unpacked size of all parts of one workbook."""
MAX_RATIO = 200
"""Largest compression ratio of one part over 1 MB: sheet XML packs about 10-30 times."""
MAX_MEMBERS = 5000
"""Most parts one workbook may hold."""

_OLE_SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")
_ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06")
# Stream names of an encrypted OOXML package inside its OLE container (UTF-16LE).
_ENCRYPTED_MARKERS = ("EncryptedPackage".encode("utf-16-le"), "EncryptionInfo".encode("utf-16-le"))
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_CHUNK = 1 << 16
_MB = 2**20


class UnreadableWorkbook(XlbridgeError):
    """A file that cannot be opened as a workbook; the message is one line."""


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """Read a file a director named, mapping every OS failure to one line."""
    where = Path(path)
    try:
        size = where.stat().st_size
        if where.is_dir():
            raise UnreadableWorkbook(f"{where}: is a folder, not a workbook")
        if size > MAX_FILE_BYTES:
            raise UnreadableWorkbook(
                f"{where}: {size / _MB:.1f} MB is too big for a scoring workbook "
                f"(limit {MAX_FILE_BYTES // _MB} MB)"
            )
        with where.open("rb") as handle:
            # Read one byte past the limit in case the file grew after stat().
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise UnreadableWorkbook(f"{where}: no such file") from None
    except PermissionError:
        raise UnreadableWorkbook(f"{where}: permission denied") from None
    except OSError as error:
        raise UnreadableWorkbook(f"{where}: cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableWorkbook(f"{where}: too big for a scoring workbook")
    return data


def check_package(data: bytes, name: str = "workbook") -> zipfile.ZipFile:
    """Check that ``data`` is a safe .xlsx package and return it opened as a zip.

    Raises :class:`UnreadableWorkbook` naming ``name`` when it is anything else.

    >>> check_package(b"")
    Traceback (most recent call last):
    ...
    xlbridge.director.safe_open.UnreadableWorkbook: workbook: is empty, not a workbook
    """
    if not data:
        raise UnreadableWorkbook(f"{name}: is empty, not a workbook")
    if data.startswith(_OLE_SIGNATURE):
        if any(marker in data for marker in _ENCRYPTED_MARKERS):
            raise UnreadableWorkbook(
                f"{name}: is password-protected; open it in Excel, remove the password "
                "(File > Info > Protect Workbook > Encrypt with Password), save and try again"
            )
        raise UnreadableWorkbook(
            f"{name}: is an old-format .xls (or other Office) file; "
            "save it as an Excel Workbook (.xlsx) and try again"
        )
    if not data.startswith(_ZIP_SIGNATURES):
        raise UnreadableWorkbook(f"{name}: is not a workbook ({_guess_kind(data)}); expected an .xlsx file")
    try:
        package = zipfile.ZipFile(io.BytesIO(data))
        members = package.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError) as error:
        raise UnreadableWorkbook(f"{name}: is corrupted (damaged zip: {_short(error)})") from None
    _check_members(members, name)
    names = {member.filename for member in members}
    if "mimetype" in names and "[Content_Types].xml" not in names:
        raise UnreadableWorkbook(
            f"{name}: is an OpenDocument file (.ods); save it as an Excel Workbook (.xlsx) and try again"
        )
    if "[Content_Types].xml" not in names:
        raise UnreadableWorkbook(f"{name}: is a zip archive, not a workbook")
    if not any(n.startswith("xl/") for n in names):
        raise UnreadableWorkbook(f"{name}: is an Office file but not a workbook (no xl/ part)")
    for member in members:
        if member.filename.lower().endswith(_XML_SUFFIXES) or member.filename == "[Content_Types].xml":
            _scan_xml(package, member, name)
    return package


def _check_members(members: list[zipfile.ZipInfo], name: str) -> None:
    if len(members) > MAX_MEMBERS:
        raise UnreadableWorkbook(
            f"{name}: refused: {len(members)} parts is more than a workbook has "
            f"(limit {MAX_MEMBERS}; possible zip bomb)"
        )
    seen: set[str] = set()
    total = 0
    for member in members:
        if member.flag_bits & 0x1:
            raise UnreadableWorkbook(f"{name}: is password-protected (encrypted zip); remove the password")
        if member.filename in seen:
            raise UnreadableWorkbook(f"{name}: is corrupted (part {member.filename} appears twice)")
        seen.add(member.filename)
        if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise UnreadableWorkbook(
                f"{name}: is corrupted (part {member.filename} uses an unknown compression)"
            )
        total += member.file_size
        if total > MAX_UNPACKED_BYTES:
            raise UnreadableWorkbook(
                f"{name}: refused: unpacks to more than {MAX_UNPACKED_BYTES // _MB} MB "
                "(possible zip bomb)"
            )
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size > _MB and ratio > MAX_RATIO:
            raise UnreadableWorkbook(
                f"{name}: refused: part {member.filename} unpacks {ratio:.0f} times its packed "
                f"size (limit {MAX_RATIO}; possible zip bomb)"
            )


class _Discard:
    """A parser target that keeps nothing: the scan only needs expat to run."""

    def close(self) -> None:
        return None


def _scan_xml(package: zipfile.ZipFile, member: zipfile.ZipInfo, name: str) -> None:
    """Parse one XML part with defusedxml, streaming, refusing any DTD or entity."""
    parser = DefusedXMLParser(target=_Discard(), forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    try:
        with package.open(member) as stream:
            while chunk := stream.read(_CHUNK):
                parser.feed(chunk)
        parser.close()
    except defusedxml.DefusedXmlException:
        raise UnreadableWorkbook(
            f"{name}: refused: part {member.filename} declares a DTD or XML entities, "
            "which workbooks never do (possible entity-expansion attack)"
        ) from None
    except ParseError as error:
        raise UnreadableWorkbook(
            f"{name}: is corrupted (part {member.filename} is not well-formed XML: {_short(error)})"
        ) from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as error:
        raise UnreadableWorkbook(f"{name}: is corrupted (part {member.filename}: {_short(error)})") from None


def load(path: str | os.PathLike[str], *, read_only: bool = True, data_only: bool = False) -> Workbook:
    """Open a workbook safely for reading; never writes to ``path``.

    Every check of :func:`check_package` runs first; any failure, and any
    failure of openpyxl itself on a damaged part, is one :class:`UnreadableWorkbook` line.
    """
    data = read_bytes(path)
    name = str(path)
    check_package(data, name).close()
    try:
        workbook = openpyxl.load_workbook(
            io.BytesIO(data), read_only=read_only, data_only=data_only, keep_links=False
        )
    except UnreadableWorkbook:
        raise
    except Exception as error:  # openpyxl raises anything on a damaged part; map it to one line
        raise UnreadableWorkbook(
            f"{name}: is corrupted or not a workbook openpyxl can read ({_short(error)})"
        ) from None
    if not read_only:
        # A book opened to be changed (draw, hands, serve --write ...) is saved as xlbridge
        # writes its books, each column's runs of one formula shared (the class adds no state).
        workbook.__class__ = shared.Workbook
    return workbook


def _guess_kind(data: bytes) -> str:
    head = data[:512]
    if head.startswith(b"%PDF"):
        return "a PDF"
    if head.lstrip().startswith((b"<?xml", b"<")):
        return "an XML or HTML file"
    if head.startswith((b"\x1f\x8b", b"BZh", b"7z\xbc\xaf", b"Rar!")):
        return "a compressed archive"
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return "an unknown binary file"
    return "a text file, perhaps CSV"


def _short(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 80 else text[:77] + "..."
