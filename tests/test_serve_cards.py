"""``xlbridge serve``'s table cards (EVENT-tables.pdf), printed by LibreOffice: two cards a
page, each table's number on its card, and every QR code read back by zbar (a reader this
project did not write) as its own table's address, in English, Finnish and Russian."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import lo
from xlbridge.director.office import OfficeError
from xlbridge.engine.errors import OptionError
from xlbridge.files import OutputExistsError
from xlbridge.live.cards import table_cards
from xlbridge.workbooks.i18n import Labels

ZBAR = shutil.which("zbarimg")
needs_zbar = pytest.mark.skipif(ZBAR is None, reason="zbarimg is not installed: apt-get install zbar-tools")

BASE = "http://192.168.1.20:8765"
TABLES = {t: f"{BASE}/t/{t}/{'Zx9Kq2LmNpR7sT4vW8yB1c'[t:]}{'a' * t}" for t in range(1, 8)}  # each its own code
DIRECTOR = f"{BASE}/d/Qw3Er5Ty7Ui9Op1As3Df5GhJ8kL"
TITLES = {"en": "Tuesday pairs", "fi": "Tiistain parikilpailu", "ru": "Парный турнир во вторник"}


def decoded(pdf: Path, folder: Path) -> list[set[str]]:
    """Each page's QR codes as zbar reads them from a 150 dpi rendering."""
    folder.mkdir()
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(folder / "page")], check=True, timeout=120)
    pages = []
    for png in sorted(folder.glob("page-*.png"), key=lambda p: int(re.findall(r"\d+", p.stem)[-1])):
        found = subprocess.run([ZBAR, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                               capture_output=True, text=True, timeout=60, check=False)
        pages.append(set(found.stdout.split()))
    return pages


def dark_box(pdf: Path, page: int, top: float, bottom: float, folder: Path) -> tuple[float, float]:
    """Width and height in points of what is dark between ``top`` and ``bottom`` (points
    from the page's top) in the page's middle half: a card's QR code, read from a 144 dpi
    greyscale rendering (PGM, read here byte by byte)."""
    stem = folder / f"grey-{page}"
    subprocess.run(["pdftoppm", "-r", "144", "-gray", "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                    str(stem)], check=True, timeout=120)
    data = Path(f"{stem}.pgm").read_bytes()
    width, height, _, pixels = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s(.*)", data, re.DOTALL).groups()
    width, height = int(width), int(height)
    scale = 144 / 72
    rows = range(int(top * scale), int(bottom * scale))
    columns = range(width // 4, 3 * width // 4)
    dark = [(x, y) for y in rows for x in columns if pixels[y * width + x] < 100]
    xs, ys = [x for x, _ in dark], [y for _, y in dark]
    return (max(xs) - min(xs) + 1) / scale, (max(ys) - min(ys) + 1) / scale


@lo.requires_soffice
@needs_zbar
@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
def test_a_card_a_table_two_a_page_each_code_its_own_tables_address(lang, tmp_path):
    pdf = table_cards(TITLES[lang], TABLES, DIRECTOR, lang=lang, out=tmp_path / "club-tables.pdf")
    assert pdf == tmp_path / "club-tables.pdf"
    cards = [*TABLES.values(), DIRECTOR]
    expected = [set(cards[i:i + 2]) for i in range(0, len(cards), 2)]
    assert lo.pdf_pages(pdf) == math.ceil(len(cards) / 2) == 4
    assert decoded(pdf, tmp_path / "png") == expected
    t = Labels(lang, "serve_cards")
    pages = lo.pdf_words(pdf)
    for number, page in enumerate(pages):
        text = page.text
        on_page = [table for table in TABLES if TABLES[table] in expected[number]]
        for table in on_page:
            assert f"{t('table')} {table}" in text, (number, table)
        # every other table's number is on its own page only
        others = {int(n) for n in re.findall(rf"{t('table')} (\d+)", text)}
        assert others == set(on_page)
        assert text.count(TITLES[lang]) == 2  # two cards, each with the event
        assert t("scan") in text if on_page else t("scan") not in text
    last = pages[-1].text
    assert t("director") in last and t("director_only") in last and DIRECTOR in last
    assert all(t("director_only") not in page.text for page in pages[:-1])
    for page in pages:  # nothing cut at the page's edges
        assert all(w.x_min >= 30 and w.x_max <= page.width - 30 for w in page.words), page.number


@lo.requires_soffice
@needs_zbar
def test_letter_paper_and_square_codes(tmp_path):
    tables = {t: f"{BASE}/t/{t}/code{t:02d}abcdefghijklmnop" for t in range(1, 10)}
    pdf = table_cards("Club night", tables, DIRECTOR, lang="en", out=tmp_path / "cards.pdf", paper="Letter")
    pages = lo.pdf_words(pdf)
    assert len(pages) == 5 and (pages[0].width, pages[0].height) == (612, 792)
    codes = decoded(pdf, tmp_path / "png")
    assert codes[:4] == [{tables[t], tables[t + 1]} for t in (1, 3, 5, 7)] and codes[4] == {tables[9], DIRECTOR}
    # The first card's code lies between its instruction and its address: printed square.
    words = pages[0].words
    say = max(w.y_max for w in words if w.text == "results" and w.y_max < pages[0].height / 2)
    url = min(w.y_min for w in words if w.text.startswith(BASE))
    width, height = dark_box(pdf, 1, say + 2, url - 2, tmp_path)
    assert 100 < width < 250 and abs(width - height) < 0.02 * width, (width, height)


def test_an_existing_pdf_is_kept_without_force(tmp_path):
    out = tmp_path / "club-tables.pdf"
    out.write_bytes(b"%PDF earlier cards")
    with pytest.raises(OutputExistsError, match="use --force"):
        table_cards("Club", TABLES, DIRECTOR, lang="en", out=out)
    assert out.read_bytes() == b"%PDF earlier cards"


# Without LibreOffice, or with bad input: no LibreOffice needed to see these.
@pytest.mark.parametrize("bad", [{0: "http://x/t/0"}, {"1": "http://x/t/1"}, {1: ""}, {}])
def test_bad_tables_are_one_line(bad, tmp_path):
    with pytest.raises(OptionError) as refused:
        table_cards("Club", bad, DIRECTOR, lang="en", out=tmp_path / "c.pdf")
    assert "\n" not in str(refused.value) and not (tmp_path / "c.pdf").exists()


def test_without_libreoffice_it_is_an_office_error(tmp_path, monkeypatch):
    monkeypatch.delenv("SOFFICE", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no soffice on it
    with pytest.raises(OfficeError, match="LibreOffice is not installed"):
        table_cards("Club", TABLES, DIRECTOR, lang="ru", out=tmp_path / "c.pdf")
    assert not (tmp_path / "c.pdf").exists()
