"""Files a director cannot score: each is one clear line and exit status 2, never a traceback.

Every case runs the real ``xlbridge`` entry point in a subprocess, for both
``check`` and ``report``, and the file must be left exactly as it was.
"""

from __future__ import annotations

import hashlib
import io
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xlbridge.director import safe_open


def run_xlbridge(*args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``xlbridge ARGS`` through its console entry point, as a director runs it."""
    return subprocess.run(
        [sys.executable, "-m", "xlbridge", *map(str, args)],
        capture_output=True, text=True, timeout=timeout, check=False,
    )


def plain_workbook_bytes() -> bytes:
    """A small, valid .xlsx that is not an xlbridge template."""
    workbook = openpyxl.Workbook()
    workbook.active["A1"] = "Club accounts"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def rezip(data: bytes, replace: dict[str, bytes], add: dict[str, bytes] | None = None) -> bytes:
    """A copy of a zip with some parts replaced (or added when absent) and some added."""
    out = io.BytesIO()
    add = dict(add or {})
    with zipfile.ZipFile(io.BytesIO(data)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        present = set(source.namelist())
        for info in source.infolist():
            target.writestr(info.filename, replace.get(info.filename, source.read(info)))
        add.update({name: content for name, content in replace.items() if name not in present})
        for name, content in add.items():
            target.writestr(name, content)
    return out.getvalue()


def ole_file(streams: dict[str, bytes]) -> bytes:
    """A minimal, valid OLE compound file (CFB v3) holding ``streams``.

    An encrypted .xlsx is such a file with the streams ``EncryptionInfo`` and
    ``EncryptedPackage``; a legacy .xls holds ``Workbook``. Each stream is padded
    to 4096 bytes so that it lives in ordinary sectors (no mini stream needed).
    """
    end, free, fat_sector, no_stream = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
    sector = 512
    bodies = [data.ljust(4096, b"\0") for data in streams.values()]
    fat = [fat_sector, end]  # sector 0: the FAT itself; sector 1: the directory
    starts = []
    for body in bodies:
        count = len(body) // sector
        starts.append(len(fat))
        fat.extend(range(len(fat) + 1, len(fat) + count))
        fat.append(end)
    fat.extend([free] * (sector // 4 - len(fat)))

    def entry(name: str, kind: int, child: int, right: int, start: int, size: int) -> bytes:
        encoded = name.encode("utf-16-le") + b"\0\0"
        return (encoded.ljust(64, b"\0") + struct.pack("<HBB", len(encoded), kind, 1)
                + struct.pack("<III", no_stream, right, child) + b"\0" * 16
                + struct.pack("<IQQIQ", 0, 0, 0, start, size))

    names = list(streams)
    directory = entry("Root Entry", 5, 1, no_stream, end, 0)
    for index, (name, body, start) in enumerate(zip(names, bodies, starts, strict=True), 1):
        right = index + 1 if index < len(names) else no_stream
        directory += entry(name, 2, no_stream, right, start, len(body))
    directory = directory.ljust(sector, b"\0")
    header = (bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 16
              + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + b"\0" * 6
              + struct.pack("<IIIIIIIII", 0, 1, 1, 0, 4096, end, 0, end, 0)
              + struct.pack("<I", 0) + struct.pack("<I", free) * 108)
    assert len(header) == sector
    return header + struct.pack(f"<{sector // 4}I", *fat) + directory + b"".join(bodies)


def zip_bomb_total() -> bytes:
    """A workbook with one extra part that inflates past the total-size limit (a zip bomb)."""
    size = safe_open.MAX_UNPACKED_BYTES + 2**20
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(plain_workbook_bytes())) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as target:
        for info in source.infolist():
            target.writestr(info.filename, source.read(info))
        with target.open("xl/media/bomb.xml", "w", force_zip64=True) as member:
            block = b" " * 2**20
            for _ in range(size // 2**20):
                member.write(block)
    return out.getvalue()


BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'.encode()
        for i in range(1, 10)
    )
    + b']>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    + b"<si><t>&lol9;</t></si></sst>"
)

EXTERNAL_ENTITY = (
    b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">&xxe;</workbook>'
)


def corrupt_crc(data: bytes) -> bytes:
    """Flip one byte inside the packed sheet XML, leaving the zip directory intact."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo("xl/worksheets/sheet1.xml")
    offset = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    damaged = bytearray(data)
    damaged[offset + info.compress_size // 2] ^= 0xFF
    return bytes(damaged)


def make_cases(tmp: Path) -> dict[str, tuple[Path, str]]:
    """Each bad file, with words its one line must contain."""
    plain = plain_workbook_bytes()
    files = {
        "empty": (b"", "is empty"),
        "text": (b"Board,NS,EW,Contract\n1,1,9,4S\n", "not a workbook"),
        "pdf": (b"%PDF-1.7\n" + b"\0" * 100, "not a workbook (a PDF)"),
        "not_ours": (plain, "not an xlbridge template"),
        "truncated": (plain[: len(plain) // 2], "is corrupted"),
        "bad_crc": (corrupt_crc(plain), "is corrupted"),
        "bad_xml": (rezip(plain, {"xl/workbook.xml": b"<workbook><sheets>"}), "is corrupted"),
        "password": (
            ole_file({"EncryptionInfo": b"\x04\x00\x04\x00\x40\x00\x00\x00",
                      "EncryptedPackage": bytes(range(256)) * 8}),
            "password-protected",
        ),
        "legacy_xls": (ole_file({"Workbook": b"\x09\x08\x10\x00"}), "old-format .xls"),
        "ods": (rezip(plain, {}, {}), ""),  # replaced below
        "entity_bomb": (rezip(plain, {"xl/sharedStrings.xml": BILLION_LAUGHS}), "entity-expansion"),
        "external_entity": (rezip(plain, {"xl/workbook.xml": EXTERNAL_ENTITY}), "entity-expansion"),
        "ratio_bomb": (rezip(plain, {}, {"xl/media/image1.xml": b"<a>" + b"\0" * (8 * 2**20) + b"</a>"}),
                       "zip bomb"),
        "many_parts": (rezip(plain, {}, {f"xl/media/p{i}.bin": b"" for i in range(safe_open.MAX_MEMBERS)}),
                       "zip bomb"),
    }
    ods = io.BytesIO()
    with zipfile.ZipFile(ods, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<office:document-content/>")
    files["ods"] = (ods.getvalue(), "OpenDocument")
    cases = {}
    for name, (data, words) in files.items():
        path = tmp / f"{name}.xlsx"
        path.write_bytes(data)
        cases[name] = (path, words)
    huge = tmp / "huge.xlsx"
    with huge.open("wb") as handle:
        handle.write(b"PK\x03\x04")
        handle.truncate(safe_open.MAX_FILE_BYTES + 1)
    cases["huge"] = (huge, "too big")
    cases["missing"] = (tmp / "no-such-file.xlsx", "no such file")
    cases["folder"] = (tmp, "is a folder")
    return cases


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    return make_cases(tmp_path_factory.mktemp("bad"))


CASE_NAMES = [
    "empty", "text", "pdf", "not_ours", "truncated", "bad_crc", "bad_xml", "password",
    "legacy_xls", "ods", "entity_bomb", "external_entity", "ratio_bomb", "many_parts", "huge",
    "missing", "folder",
]


def digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


@pytest.mark.parametrize("command", ["check", "report"])
@pytest.mark.parametrize("case", CASE_NAMES)
def test_bad_file_is_one_line_and_status_2(cases, case: str, command: str) -> None:
    path, words = cases[case]
    before = digest(path)
    done = run_xlbridge(command, path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("xlbridge: "), lines[0]
    assert words in lines[0], lines[0]
    assert done.stdout == ""
    assert digest(path) == before


def test_zip_bomb_over_total_size_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(zip_bomb_total())
    assert path.stat().st_size < 5 * 2**20  # small on disk, huge unpacked
    done = run_xlbridge("check", path)
    assert done.returncode == 2
    assert "zip bomb" in done.stderr and "Traceback" not in done.stderr


def test_ole_builder_makes_what_file_recognises(tmp_path: Path) -> None:
    """The hand-built OLE file is real enough for file(1) to call it encrypted."""
    file_tool = subprocess.run(["which", "file"], capture_output=True, text=True, check=False)
    if file_tool.returncode:
        pytest.skip("file(1) is not installed")
    path = tmp_path / "encrypted.xlsx"
    path.write_bytes(ole_file({"EncryptionInfo": b"\x04\x00\x04\x00",
                               "EncryptedPackage": b"\1" * 4096}))
    said = subprocess.run(["file", str(path)], capture_output=True, text=True, check=True).stdout
    assert "CDFV2" in said or "Composite Document" in said, said


def test_openpyxl_reads_xml_through_defusedxml() -> None:
    """Belt and braces: openpyxl itself, asked directly (past our scan), refuses a workbook
    part that declares an entity, even a harmless one it would otherwise expand."""
    import defusedxml

    plain = plain_workbook_bytes()
    with zipfile.ZipFile(io.BytesIO(plain)) as source:
        part = source.read("xl/workbook.xml")
    assert b'name="Sheet"' in part
    renamed = part.replace(b'name="Sheet"', b'name="Club"')
    declared = b'<!DOCTYPE workbook [<!ENTITY club "Club">]>' + part.replace(b'name="Sheet"', b'name="&club;"')
    # The same part without the entity reads: the entity alone is what is refused.
    assert openpyxl.load_workbook(io.BytesIO(rezip(plain, {"xl/workbook.xml": renamed}))).sheetnames == ["Club"]
    with pytest.raises(ValueError) as caught:
        openpyxl.load_workbook(io.BytesIO(rezip(plain, {"xl/workbook.xml": declared})))
    assert isinstance(caught.value.__cause__, defusedxml.EntitiesForbidden), repr(caught.value.__cause__)


def test_entity_bomb_is_refused_before_openpyxl_parses_anything(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan refuses the part itself, whatever XML backend openpyxl would use."""
    data = rezip(plain_workbook_bytes(), {"xl/workbook.xml": BILLION_LAUGHS})

    def must_not_load(*args: object, **kwargs: object) -> None:
        raise AssertionError("openpyxl was asked to load a refused file")

    monkeypatch.setattr(safe_open.openpyxl, "load_workbook", must_not_load)
    path = Path(__import__("tempfile").mkdtemp()) / "bomb.xlsx"
    path.write_bytes(data)
    with pytest.raises(safe_open.UnreadableWorkbook, match="entity-expansion"):
        safe_open.load(path)
